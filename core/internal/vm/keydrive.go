package vm

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// min(xs, key=f) and max(xs, key=f), f a Python function and xs a
// builtin iterable, run without a Python twin, as a map's drain does
// (mapdrive.go): f's frame runs with RetMapDrive (RetArg driveMin or
// driveMax), the running result in Aux[0], a list of a map of f over xs's
// iterator followed, once the first key is in, by the best item and its
// key, and the item whose key is computed in Aux[1]. Its return compares
// the key with the best one and pushes the next item's frame. Unlike a
// map's, a StopIteration that f raises is min's or max's error.

// startKeyDrive starts min or max (name; op CmpLt or CmpGt) of the
// iterable xs by the key function key, dflt its default or Undef.
// ok=false leaves the call to the general path.
func (vm *VM) startKeyDrive(name string, op int, xs, key, dflt Value) (r Value, ok bool, err error) {
	if !vm.tailOK || vm.tailRet != heap.RetPush || vm.tailName != name || key.K != heap.KRef {
		return heap.Undef, false, nil
	}
	fn, ok := vm.H.Get(key).(*heap.Function)
	if !ok || !vm.frameFreeIterable(xs) {
		return heap.Undef, false, nil
	}
	it, ok := vm.nativeIter(xs)
	if !ok {
		return heap.Undef, false, nil
	}
	vm.tailName = ""
	sub, ok := vm.H.Get(it).(*heap.Iter)
	if !ok {
		return heap.Undef, true, &Fatal{Kind: "internal", Msg: "key drain without an iterator"}
	}
	x, more, err := vm.iterNext(it, sub)
	if err != nil {
		return heap.Undef, true, err
	}
	if !more {
		if dflt.K != heap.KUndef {
			return dflt, true, nil
		}
		return heap.Undef, true, vm.ValueError("%s() arg is an empty sequence", name)
	}
	mv := vm.H.Alloc(&heap.Iter{Kind: heap.IterMap, Seq: key, Vals: []Value{it}})
	acc := vm.NewList([]Value{mv})
	kind := int32(driveMin)
	if op == compile.CmpGt {
		kind = driveMax
	}
	if err := vm.pushItemCall(key, fn, x, heap.RetMapDrive, kind, acc, x); err != errFramePushed {
		return heap.Undef, true, err
	}
	return heap.Undef, true, nil
}

// keyDriveReturn takes k, the key of the item x, into the running result
// acc of a min or max drain, and steps its iterator on.
func (vm *VM) keyDriveReturn(caller *heap.Frame, kind int32, acc, x, k Value) error {
	l, ok := vm.refObj(acc).(*heap.List)
	if !ok || len(l.Items) == 0 {
		return &Fatal{Kind: "internal", Msg: "key drain lost its list"}
	}
	mv := l.Items[0]
	if len(l.Items) == 1 {
		l.Items = append(l.Items, x, k)
		vm.H.Touch(acc)
	} else {
		op := compile.CmpLt
		if kind == driveMax {
			op = compile.CmpGt
		}
		better, err := vm.quickCompare(op, k, l.Items[2])
		if err != nil {
			return err
		}
		if l, ok = vm.refObj(acc).(*heap.List); !ok || len(l.Items) != 3 {
			return &Fatal{Kind: "internal", Msg: "key drain lost its list"}
		}
		if better {
			l.Items[1], l.Items[2] = x, k
			vm.H.TouchItem(acc, 1, 3)
		}
	}
	return vm.driveNext(caller, kind, acc, mv, true)
}

// startSortDrive starts sorted(xs, key=key, reverse=reverse) for key a
// Python function and xs a builtin iterable: the items are taken at once,
// then the keys come from a map's drain of key over them (kind
// driveSorted or driveSortedRev, whose end sorts). ok=false leaves the
// call to the general path.
func (vm *VM) startSortDrive(xs, key Value, reverse bool) (r Value, ok bool, err error) {
	if !vm.tailOK || vm.tailRet != heap.RetPush || vm.tailName != "sorted" || key.K != heap.KRef {
		return heap.Undef, false, nil
	}
	fn, ok := vm.H.Get(key).(*heap.Function)
	if !ok || !vm.frameFreeIterable(xs) {
		return heap.Undef, false, nil
	}
	vm.tailName = ""
	var items []Value
	if src, ok := vm.seqItemsOf(xs); ok {
		items = append([]Value(nil), src...)
	} else if items, err = vm.Unpack(xs); err != nil {
		return heap.Undef, true, err
	}
	if len(items) == 0 {
		return vm.NewList(nil), true, nil
	}
	vals := vm.NewList(items)
	it := vm.H.Alloc(&heap.Iter{Kind: heap.IterList, Seq: vals})
	mv := vm.H.Alloc(&heap.Iter{Kind: heap.IterMap, Seq: key, Vals: []Value{it}})
	keys := make([]Value, 2, len(items)+2)
	keys[0], keys[1] = mv, vals
	acc := vm.NewList(keys)
	kind := int32(driveSorted)
	if reverse {
		kind = driveSortedRev
	}
	x, _ := vm.stepSeq(it, vm.H.Get(it).(*heap.Iter))
	if err := vm.pushItemCall(key, fn, x, heap.RetMapDrive, kind, acc, mv); err != errFramePushed {
		return heap.Undef, true, err
	}
	return heap.Undef, true, nil
}

// sortedDriven is the result of a sorted drain (acc: the map, the items'
// list, their keys).
func (vm *VM) sortedDriven(kind int32, acc Value) (Value, error) {
	l, ok := vm.refObj(acc).(*heap.List)
	if !ok || len(l.Items) < 2 {
		return heap.Undef, &Fatal{Kind: "internal", Msg: "sort drain lost its list"}
	}
	vals := vm.listItems(l.Items[1])
	keys := append([]Value(nil), l.Items[2:]...)
	if len(keys) != len(vals) {
		return heap.Undef, &Fatal{Kind: "internal", Msg: "sort drain lost its keys"}
	}
	out, err := vm.sortWithKeys(vals, keys, kind == driveSortedRev)
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewList(out), nil
}
