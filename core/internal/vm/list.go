package vm

// The list type: methods, constructor, item assignment and deletion.

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// selfList returns the list behind a method's receiver and its value.
func (vm *VM) selfList(self Value, fname string) (*heap.List, Value, error) {
	l, ok := vm.ListOf(self)
	if !ok {
		return nil, heap.Undef, vm.TypeError("descriptor '%s' for 'list' objects doesn't apply to a '%s' object", fname, vm.TypeName(self))
	}
	return l, vm.Prim(self), nil
}

// listMethod builds a list method (see receiverMethod).
func listMethod(argName, name string, required, nargs int, f func(vm *VM, self Value, l *heap.List, lv Value, args [2]Value) (Value, error)) BuiltinFn {
	return receiverMethod((*VM).selfList, argName, name, required, nargs, f)
}

func listAppendM(vm *VM, self Value, l *heap.List, lv Value, args [2]Value) (Value, error) {
	item := args[0]
	if n := len(l.Items); n == cap(l.Items) && n < 4 {
		// A small list starts at four slots, as CPython's does, rather
		// than growing through one, two and four.
		if err := vm.reserveMul(16, 4); err != nil {
			return heap.Undef, err
		}
		vm.H.Grew(16 * (4 - n))
		items := make([]Value, n, 4)
		copy(items, l.Items)
		l.Items = items
	} else if err := vm.roomFor(n, cap(l.Items)); err != nil {
		return heap.Undef, err
	}
	l.Items = append(l.Items, item)
	vm.H.TouchItem(lv, len(l.Items)-1, len(l.Items))
	return heap.None, nil
}

func listExtendM(vm *VM, self Value, l *heap.List, lv Value, args [2]Value) (Value, error) {
	items := args[0]
	if vm.needsFrames(items) {
		// A generator (or an iterator class) feeds the list from a loop
		// in a frame, which resumes it directly and may pause for the host.
		if r, ok, err := vm.tailPy("list.extend", "list_extend", lv, items); ok {
			return r, err
		}
	}
	return heap.None, vm.listExtendValue(lv, l, items)
}

// clampIndex resolves a position argument for insert/index: negative
// counts from the end, then it is clipped to [0, n].
func ctClampIndex(i int64, n int) int {
	if i < 0 {
		i += int64(n)
		if i < 0 {
			i = 0
		}
	}
	if i > int64(n) {
		i = int64(n)
	}
	return int(i)
}

// intArg converts an index-like argument with CPython's message.
func (vm *VM) ctIntArg(v Value) (int64, error) {
	if b, ok := vm.BigOf(v); ok && !b.IsInt64() {
		if b.Sign() < 0 {
			return -1 << 62, nil
		}
		return 1 << 62, nil
	}
	return vm.ctIndexValue(v, "'%s' object cannot be interpreted as an integer")
}

func listInsertM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.NoKwargs("insert", a); err != nil {
		return heap.Undef, err
	}
	if len(a.Pos) != 2 {
		return heap.Undef, vm.TypeError("insert expected 2 arguments, got %d", len(a.Pos))
	}
	l, lv, err := vm.selfList(self, "insert")
	if err != nil {
		return heap.Undef, err
	}
	if err := vm.ssizeCheck(a.Pos[0]); err != nil {
		return heap.Undef, err
	}
	i, err := vm.ctIntArg(a.Pos[0])
	if err != nil {
		return heap.Undef, err
	}
	at := ctClampIndex(i, len(l.Items))
	l.Items = append(l.Items, heap.Undef)
	copy(l.Items[at+1:], l.Items[at:])
	l.Items[at] = a.Pos[1]
	vm.H.Grew(16)
	vm.H.Touch(lv)
	return heap.None, nil
}

// findItem returns the index of the first item equal to x in
// items[start:stop], or -1.
func (vm *VM) findItem(items func() []Value, x Value, start, stop int) (int, error) {
	for i := start; i < stop && i < len(items()); i++ {
		if (i-start)&(longWork-1) == longWork-1 {
			// A long list meets the deadline as it is searched.
			if err := vm.DeadlineErr(); err != nil {
				return -1, err
			}
		}
		eq, err := vm.sameOrEq(items()[i], x)
		if err != nil {
			return -1, err
		}
		if eq {
			return i, nil
		}
	}
	return -1, nil
}

func listRemoveM(vm *VM, self Value, l *heap.List, lv Value, args [2]Value) (Value, error) {
	value := args[0]
	i, err := vm.findItem(func() []Value { return l.Items }, value, 0, len(l.Items))
	if err != nil {
		return heap.Undef, err
	}
	if i < 0 {
		return heap.Undef, vm.ValueError("list.remove(x): x not in list")
	}
	l.Items = ctDeleteIndices(l.Items, i, 1, 1)
	vm.H.Touch(lv)
	return heap.None, nil
}

func listPopM(vm *VM, self Value, l *heap.List, lv Value, args [2]Value) (Value, error) {
	indexArg := args[0]
	i := int64(-1)
	if indexArg.K != heap.KUndef {
		if err := vm.ssizeCheck(indexArg); err != nil {
			return heap.Undef, err
		}
		var err error
		if i, err = vm.ctIntArg(indexArg); err != nil {
			return heap.Undef, err
		}
	}
	n := int64(len(l.Items))
	if n == 0 {
		return heap.Undef, vm.Errorf(TIndexError, "pop from empty list")
	}
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		return heap.Undef, vm.Errorf(TIndexError, "pop index out of range")
	}
	v := l.Items[i]
	l.Items = ctDeleteIndices(l.Items, int(i), 1, 1)
	vm.H.Touch(lv)
	return v, nil
}

func listClearM(vm *VM, self Value, l *heap.List, lv Value, args [2]Value) (Value, error) {
	l.Items = nil
	vm.H.Touch(lv)
	return heap.None, nil
}

// seqIndexArgs parses index(x[, start[, stop]]) bounds for length n.
func (vm *VM) seqIndexArgs(fname string, a Args, n int) (start, stop int, err error) {
	if err = vm.ArgCount(fname, a, 1, 3); err != nil {
		return
	}
	stop = n
	if len(a.Pos) > 1 {
		s, err := vm.ctSliceArg(a.Pos[1])
		if err != nil {
			return 0, 0, err
		}
		start = ctClampIndex(s, n)
	}
	if len(a.Pos) > 2 {
		s, err := vm.ctSliceArg(a.Pos[2])
		if err != nil {
			return 0, 0, err
		}
		stop = ctClampIndex(s, n)
	}
	return start, stop, nil
}

func (vm *VM) ctSliceArg(v Value) (int64, error) {
	if v.K == heap.KNone {
		return 0, vm.TypeError("slice indices must be integers or have an __index__ method")
	}
	return vm.ctSliceBound(v)
}

func listIndexM(vm *VM, self Value, a Args) (Value, error) {
	l, _, err := vm.selfList(self, "index")
	if err != nil {
		return heap.Undef, err
	}
	return vm.seqIndexOfItem(func() []Value { return l.Items }, a, func(x Value) error {
		r, err := vm.Repr(x)
		if err != nil {
			return err
		}
		return vm.ValueError("%s is not in list", r)
	})
}

// seqIndexOfItem is index(x[, start[, stop]]) of a list or tuple; items
// reads the items afresh (comparing may change a list), and notFound
// makes the error for an absent x.
func (vm *VM) seqIndexOfItem(items func() []Value, a Args, notFound func(x Value) error) (Value, error) {
	start, stop, err := vm.seqIndexArgs("index", a, len(items()))
	if err != nil {
		return heap.Undef, err
	}
	i, err := vm.findItem(items, a.Pos[0], start, stop)
	if err != nil {
		return heap.Undef, err
	}
	if i < 0 {
		return heap.Undef, notFound(a.Pos[0])
	}
	return heap.Int(int64(i)), nil
}

// countItems counts the items equal to x.
func (vm *VM) countItems(items func() []Value, x Value) (int64, error) {
	var n int64
	for i := 0; i < len(items()); i++ {
		if i&(longWork-1) == longWork-1 {
			if err := vm.DeadlineErr(); err != nil {
				return 0, err
			}
		}
		eq, err := vm.sameOrEq(items()[i], x)
		if err != nil {
			return 0, err
		}
		if eq {
			n++
		}
	}
	return n, nil
}

func listCountM(vm *VM, self Value, l *heap.List, _ Value, args [2]Value) (Value, error) {
	value := args[0]
	n, err := vm.countItems(func() []Value { return l.Items }, value)
	return heap.Int(n), err
}

func listReverseM(vm *VM, self Value, l *heap.List, lv Value, args [2]Value) (Value, error) {
	ctReverseValues(l.Items)
	vm.H.Touch(lv)
	return heap.None, nil
}

func ctReverseValues(s []Value) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func listCopyM(vm *VM, self Value, l *heap.List, _ Value, args [2]Value) (Value, error) {
	c := heap.NewListLen(len(l.Items))
	copy(c.Items, l.Items)
	return vm.H.Alloc(c), nil
}

func listLenM(vm *VM, self Value, a Args) (Value, error) {
	items, ok := vm.seqItemsOf(self)
	if !ok {
		return heap.Undef, vm.TypeError("descriptor '__len__' requires a sequence")
	}
	return heap.Int(int64(len(items))), nil
}

func seqGetItemM(vm *VM, self Value, a Args) (Value, error) {
	var key Value
	if err := vm.UnpackArgs("__getitem__", a, nil, 1, &key); err != nil {
		return heap.Undef, err
	}
	r, ok, err := vm.containerGetItem(vm.Prim(self), key)
	if !ok && err == nil {
		return heap.Undef, vm.TypeError("'%s' object is not subscriptable", vm.TypeName(self))
	}
	return r, err
}

func listSetItemM(vm *VM, self Value, l *heap.List, lv Value, args [2]Value) (Value, error) {
	key, value := args[0], args[1]
	return heap.None, vm.listSetItem(lv, l, key, value)
}

func listDelItemM(vm *VM, self Value, l *heap.List, lv Value, args [2]Value) (Value, error) {
	key := args[0]
	return heap.None, vm.listDelItem(lv, l, key)
}

func seqContainsM(vm *VM, self Value, a Args) (Value, error) {
	var key Value
	if err := vm.UnpackArgs("__contains__", a, nil, 1, &key); err != nil {
		return heap.Undef, err
	}
	r, _, err := vm.containerContains(vm.Prim(self), key)
	return heap.Bool(r), err
}

func listSortM(vm *VM, self Value, a Args) (Value, error) {
	if len(a.Pos) > 0 {
		return heap.Undef, vm.TypeError("sort() takes no positional arguments")
	}
	keyArg, reverseArg, err := vm.sortKwargs(a)
	if err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "sort")
	if err != nil {
		return heap.Undef, err
	}
	key, reverse, err := vm.sortOptions(keyArg, reverseArg)
	if err != nil {
		return heap.Undef, err
	}
	if vm.needsFrames(key) {
		if ok, err := vm.listSortByAttr(l, lv, key, reverse); ok {
			if err != nil {
				return heap.Undef, err
			}
			return heap.None, nil
		}
		if r, ok, err := vm.tailPy("list.sort", "list_sort", lv, key, heap.Bool(reverse)); ok {
			return r, err
		}
	}
	if err := vm.sortListInPlace(l, lv, func(items []Value) ([]Value, error) {
		return vm.sortValues(items, key, reverse)
	}); err != nil {
		return heap.Undef, err
	}
	return heap.None, nil
}

// sortListInPlace sorts the list l (lv) with sort, which is handed the
// items while the list is empty, as CPython's is during a sort: a
// comparison that filled it makes "list modified during sort", and a
// sort that failed leaves the items as they were.
func (vm *VM) sortListInPlace(l *heap.List, lv Value, sort func([]Value) ([]Value, error)) error {
	items := l.Items
	l.Items = nil
	sorted, err := sort(items)
	modified := len(l.Items) != 0
	if err != nil {
		l.Items = items
		vm.H.Touch(lv)
		return err
	}
	l.Items = sorted
	vm.H.Touch(lv)
	if modified {
		return vm.ValueError("list modified during sort")
	}
	return nil
}

// listInitM is list.__init__(iterable=()): it refills the list.
func listInitM(vm *VM, self Value, l *heap.List, lv Value, args [2]Value) (Value, error) {
	iterable := args[0]
	l.Items = nil
	vm.H.Touch(lv)
	if iterable.K != heap.KUndef {
		if err := vm.listExtendValue(lv, l, iterable); err != nil {
			return heap.Undef, err
		}
	}
	return heap.None, nil
}

// --- tuple ---------------------------------------------------------------------------

// --- range and slice --------------------------------------------------------------

// --- constructors -----------------------------------------------------------------

func init() {
	listDefs := []MethodDef{
		{Name: "__init__", Fn: listMethod("list", "__init__", 0, 1, listInitM)},
		{Name: "append", Fn: listMethod("list.append", "append", 1, 1, listAppendM)},
		{Name: "extend", Fn: listMethod("list.extend", "extend", 1, 1, listExtendM)},
		{Name: "insert", Fn: listInsertM},
		{Name: "remove", Fn: listMethod("list.remove", "remove", 1, 1, listRemoveM)},
		{Name: "pop", Fn: listMethod("pop", "pop", 0, 1, listPopM)},
		{Name: "clear", Fn: listMethod("clear", "clear", 0, 0, listClearM)},
		{Name: "index", Fn: listIndexM},
		{Name: "count", Fn: listMethod("list.count", "count", 1, 1, listCountM)},
		{Name: "sort", Fn: listSortM},
		{Name: "reverse", Fn: listMethod("reverse", "reverse", 0, 0, listReverseM)},
		{Name: "copy", Fn: listMethod("copy", "copy", 0, 0, listCopyM)},
		{Name: "__len__", Fn: listLenM},
		{Name: "__getitem__", Fn: seqGetItemM},
		{Name: "__setitem__", Fn: listMethod("__setitem__", "__setitem__", 2, 2, listSetItemM)},
		{Name: "__delitem__", Fn: listMethod("__delitem__", "__delitem__", 1, 1, listDelItemM)},
		{Name: "__contains__", Fn: seqContainsM},
		{Name: "__add__", Fn: ctBinMethod(compile.BinAdd, "__add__", false)},
		{Name: "__mul__", Fn: ctBinMethod(compile.BinMul, "__mul__", false)},
		{Name: "__rmul__", Fn: ctBinMethod(compile.BinMul, "__rmul__", true)},
		{Name: "__iadd__", Fn: ctInplaceMethod(compile.BinAdd, "__iadd__")},
		{Name: "__imul__", Fn: ctInplaceMethod(compile.BinMul, "__imul__")},
		{Name: "__repr__", Fn: ctReprMethod},
	}
	AddMethods(TList, append(listDefs, ctComparisonDefs()...))
	RegisterConstructor(TList, seqCtor(TList, "list", "to_list", (*VM).NewList))
}

func (vm *VM) listSetItem(lv Value, l *heap.List, key, v Value) error {
	if _, isSlice := vm.ctSliceOf(key); !isSlice {
		i, err := vm.seqIndexOf(key, func() int { return len(l.Items) }, "list", "%s assignment index out of range")
		if err != nil {
			return err
		}
		l.Items[i] = v
		vm.H.TouchItem(lv, i, len(l.Items))
		return nil
	}
	start, stop, step, n, err := vm.sliceIndicesOf(key, func() int { return len(l.Items) })
	if err != nil {
		return err
	}
	var items []Value
	src, isSeq := vm.seqItemsOf(v)
	if isSeq {
		// In place where it can; a list assigned into itself is l.
		lo, isList := vm.ListOf(v)
		if vm.listAssignSlice(lv, l, src, isList && lo == l, start, stop, step, n) {
			return nil
		}
		items = append([]Value(nil), src...)
	} else {
		if _, err := vm.GetIter(v); err != nil {
			if vm.ErrIs(err, TTypeError) {
				if step == 1 {
					return vm.TypeError("can only assign an iterable")
				}
				return vm.TypeError("must assign iterable to extended slice")
			}
			return err
		}
		if items, err = vm.Unpack(v); err != nil {
			return err
		}
	}
	// items is a fresh copy, so only an extended slice of another size
	// is refused.
	if vm.listAssignSlice(lv, l, items, false, start, stop, step, n) {
		return nil
	}
	return vm.ValueError("attempt to assign sequence of size %d to extended slice of size %d", len(items), n)
}

func (vm *VM) listDelItem(lv Value, l *heap.List, key Value) error {
	if _, isSlice := vm.ctSliceOf(key); !isSlice {
		i, err := vm.seqIndexOf(key, func() int { return len(l.Items) }, "list", "%s assignment index out of range")
		if err != nil {
			return err
		}
		l.Items = ctDeleteIndices(l.Items, i, 1, 1)
		vm.H.Touch(lv)
		return nil
	}
	start, _, step, n, err := vm.sliceIndicesOf(key, func() int { return len(l.Items) })
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	l.Items = ctDeleteIndices(l.Items, start, step, n)
	vm.H.Touch(lv)
	return nil
}

// listExtendValue appends the items of any iterable to the list l (whose
// value is lv).
func (vm *VM) listExtendValue(lv Value, l *heap.List, it Value) error {
	items, err := vm.ownItems(it)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return nil
	}
	l.Items = append(l.Items, items...)
	vm.H.Grew(16 * len(items))
	vm.H.Touch(lv)
	return nil
}
