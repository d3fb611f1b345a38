package vm

import (
	"math"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// sum, any, all, list and tuple of a generator drain it without a frame
// of their own: the generator runs with RetDrive, the builtin's running
// result in its frame's Aux[0] and which builtin in RetArg, and each
// YIELD_VALUE hands the value to driveYield, which takes it and lets the
// generator carry on where it is, as if sent None. No frame switch per
// item, no Python twin looping over it. All of it is frame data, so the
// run may pause and be dumped anywhere in between. A value the builtin
// cannot take without running Python code (an instance's __add__ or
// __bool__) suspends the generator and hands the rest of the job to
// _amber.drive_rest, which runs as an ordinary frame.

// Which builtin drains the generator (RetArg of a RetDrive frame).
const (
	driveSum = iota
	driveAny
	driveAll
	driveList
	driveTuple
	driveJoin // str.join: a list whose first item is the separator
	// list and tuple of a filter of a Python function (mapdrive.go): a
	// list whose first item is the filter.
	driveFilterList
	driveFilterTuple
	// min and max with a Python key function (keydrive.go): a list of
	// the map of the key, then the best item and its key.
	driveMin
	driveMax
	// sorted with a Python key function (keydrive.go): a list of the
	// map of the key, the list of the items, then their keys.
	driveSorted
	driveSortedRev
)

// startDrive runs the builtin name over the generator gv, from acc:
// ok=false when it cannot (the call site takes no frame, gv is not a
// plain generator); else the builtin returns (r, err), r Undef when the
// generator's frame will deliver the result.
func (vm *VM) startDrive(name string, gv Value, kind int32, acc Value) (r Value, ok bool, err error) {
	if !vm.tailOK || vm.tailRet != heap.RetPush || vm.tailName != name {
		return heap.Undef, false, nil
	}
	g, isGen := vm.refObj(gv).(*heap.Generator)
	if !isGen || g.Kind != heap.GenGenerator {
		// A map of a Python function over a builtin iterator.
		return vm.startMapDrive(gv, kind, acc)
	}
	if g.State == heap.GenDone {
		r, err := vm.driveResult(kind, acc)
		return r, true, err
	}
	vm.tailName = ""
	// enterGen's resume when it can (every generator expression that a
	// builtin drains starts here), else resumeGen's with its checks.
	if !vm.enterGen(gv, g, heap.RetDrive, kind, heap.None) {
		if err = vm.resumeGen(gv, heap.None, nil, heap.RetDrive, kind); err != errFramePushed {
			return heap.Undef, true, err
		}
	}
	g.Frame.Aux[0] = acc
	return heap.Undef, true, nil
}

// driveYield takes v, yielded by the generator frame f (on top) under
// RetDrive. cont=true: the generator carries on in place. Otherwise the
// generator is suspended and err is nil (the result or a frame finishing
// the job is on its way) or the error to raise in the builtin's caller.
func (vm *VM) driveYield(f *heap.Frame, v Value) (cont bool, err error) {
	acc := f.Aux[0]
	switch f.RetArg {
	case driveSum:
		if r, ok := vm.sumStep(acc, v); ok {
			f.Aux[0] = r
			return true, nil
		}
	case driveAny, driveAll:
		if t, ok := vm.truthNative(v); ok {
			want := f.RetArg == driveAny
			if t != want {
				return true, nil
			}
			// Decided: the generator stays suspended where it is, as
			// when any() drops it.
			vm.driveStop(f)
			push(vm.frames[len(vm.frames)-1], heap.Bool(want))
			return false, nil
		}
	case driveList, driveTuple, driveJoin:
		l, ok := vm.refObj(acc).(*heap.List)
		if !ok {
			vm.driveStop(f)
			return false, &Fatal{Kind: "internal", Msg: "generator drain lost its list"}
		}
		if len(l.Items) == cap(l.Items) {
			if err := vm.roomFor(len(l.Items), cap(l.Items)); err != nil {
				vm.driveStop(f)
				return false, err
			}
		}
		l.Items = append(l.Items, v)
		vm.H.TouchItem(acc, len(l.Items)-1, len(l.Items))
		return true, nil
	default:
		vm.driveStop(f)
		return false, &Fatal{Kind: "internal", Msg: "unknown generator drain"}
	}
	// v needs Python code: the rest runs in _amber.drive_rest. (v stays
	// on f's stack, rooted, while the helper is looked up.)
	push(f, v)
	fn, err := vm.amberFunc("drive_rest")
	pop(f)
	kind, gv := f.RetArg, f.Gen
	vm.driveStop(f)
	if err != nil {
		return false, err
	}
	if err := vm.pushPyCall(fn, []Value{heap.Int(int64(kind)), acc, v, gv}, heap.RetPush, 0, heap.Undef, heap.Undef); err != errFramePushed {
		return false, err
	}
	return false, nil
}

// driveFast is driveYield's commonest cases in one call from the loop:
// v added to a sum of ints without overflow or of floats, or appended to a list (or
// str.join's list) with room. The generator frame f carries on in place
// past the sent None, and driveFast reports true; anything else reports
// false with nothing done, for yieldValue.
func (vm *VM) driveFast(f *heap.Frame, v Value) bool {
	switch f.RetArg {
	case driveSum:
		acc := f.Aux[0]
		switch {
		case acc.K == heap.KInt && v.K == heap.KInt:
			x, y := acc.I(), v.I()
			r := x + y
			if (r > x) != (y > 0) {
				return false // overflow: sumStep goes on in a big int
			}
			f.Aux[0] = heap.Int(r)
		case acc.K == heap.KFloat && v.K == heap.KFloat:
			f.Aux[0] = heap.Float(acc.F() + v.F())
		default:
			return false
		}
	case driveList, driveTuple, driveJoin:
		acc := f.Aux[0]
		l, ok := vm.refObj(acc).(*heap.List)
		if !ok || len(l.Items) == cap(l.Items) {
			return false
		}
		l.Items = append(l.Items, v)
		vm.H.TouchItem(acc, len(l.Items)-1, len(l.Items))
	default:
		return false
	}
	skipSentNone(f)
	return true
}

// driveStop suspends the generator frame f that a builtin drains.
func (vm *VM) driveStop(f *heap.Frame) {
	f.Aux[0] = heap.Undef
	vm.genSuspend(f)
}

// driveResult is the builtin's result once the generator has returned.
func (vm *VM) driveResult(kind int32, acc Value) (Value, error) {
	switch kind {
	case driveSum, driveList:
		return acc, nil
	case driveAny:
		return heap.False, nil
	case driveAll:
		return heap.True, nil
	case driveTuple:
		if l, ok := vm.refObj(acc).(*heap.List); ok {
			return vm.NewTuple(append([]Value(nil), l.Items...)), nil
		}
	case driveJoin:
		return vm.joinDriven(acc)
	case driveSorted, driveSortedRev:
		return vm.sortedDriven(kind, acc)
	case driveMin, driveMax:
		if l, ok := vm.refObj(acc).(*heap.List); ok && len(l.Items) == 3 {
			return l.Items[1], nil
		}
	case driveFilterList, driveFilterTuple:
		if l, ok := vm.refObj(acc).(*heap.List); ok && len(l.Items) > 0 {
			items := append([]Value(nil), l.Items[1:]...)
			if kind == driveFilterTuple {
				return vm.NewTuple(items), nil
			}
			return vm.NewList(items), nil
		}
	}
	return heap.Undef, &Fatal{Kind: "internal", Msg: "unknown generator drain"}
}

// sumStep is acc + v when both are numbers whose addition runs no Python
// code (ints, bools, floats, big ints).
func (vm *VM) sumStep(acc, v Value) (Value, bool) {
	switch {
	case (acc.K == heap.KInt || acc.K == heap.KBool) && (v.K == heap.KInt || v.K == heap.KBool):
		x, y := int64(acc.N), int64(v.N)
		if acc.K == heap.KInt {
			x = acc.I()
		}
		if v.K == heap.KInt {
			y = v.I()
		}
		if !((y > 0 && x > math.MaxInt64-y) || (y < 0 && x < math.MinInt64-y)) {
			return heap.Int(x + y), true
		}
	case acc.K == heap.KFloat && v.K == heap.KFloat:
		return heap.Float(acc.F() + v.F()), true
	}
	if !vm.nativeNumber(acc) || !vm.nativeNumber(v) {
		return heap.Undef, false
	}
	r, err := vm.BinaryOp(compile.BinAdd, acc, v)
	if err != nil {
		return heap.Undef, false
	}
	return r, true
}

// nativeNumber reports whether v is an int, bool, float or big int.
func (vm *VM) nativeNumber(v Value) bool {
	switch v.K {
	case heap.KInt, heap.KBool, heap.KFloat:
		return true
	case heap.KRef:
		_, ok := vm.H.Get(v).(*heap.BigInt)
		return ok
	}
	return false
}

// truthNative is bool(v) for values whose truth runs no Python code.
func (vm *VM) truthNative(v Value) (bool, bool) {
	if v.K == heap.KRef {
		switch vm.H.Get(v).(type) {
		case *heap.Str, *heap.List, *heap.Tuple, *heap.Dict, *heap.Set, *heap.Bytes, *heap.BigInt:
		default:
			return false, false
		}
	}
	t, err := vm.Truth(v)
	return t, err == nil
}
