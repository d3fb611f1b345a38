package vm

// Methods and constructors of list, tuple, range and slice.

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

func listAppendM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("list.append", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "append")
	if err != nil {
		return heap.Undef, err
	}
	l.Items = append(l.Items, a.Pos[0])
	vm.H.Grew(16)
	vm.H.TouchItem(lv, len(l.Items)-1, len(l.Items))
	return heap.None, nil
}

func listExtendM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("list.extend", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "extend")
	if err != nil {
		return heap.Undef, err
	}
	return heap.None, vm.listExtendValue(lv, l, a.Pos[0])
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

func listRemoveM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("list.remove", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "remove")
	if err != nil {
		return heap.Undef, err
	}
	i, err := vm.findItem(func() []Value { return l.Items }, a.Pos[0], 0, len(l.Items))
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

func listPopM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("pop", a, 0, 1); err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "pop")
	if err != nil {
		return heap.Undef, err
	}
	i := int64(-1)
	if len(a.Pos) == 1 {
		if i, err = vm.ctIntArg(a.Pos[0]); err != nil {
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

func listClearM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("clear", a, 0, 0); err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "clear")
	if err != nil {
		return heap.Undef, err
	}
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
	start, stop, err := vm.seqIndexArgs("index", a, len(l.Items))
	if err != nil {
		return heap.Undef, err
	}
	i, err := vm.findItem(func() []Value { return l.Items }, a.Pos[0], start, stop)
	if err != nil {
		return heap.Undef, err
	}
	if i < 0 {
		r, err := vm.Repr(a.Pos[0])
		if err != nil {
			return heap.Undef, err
		}
		return heap.Undef, vm.ValueError("%s is not in list", r)
	}
	return heap.Int(int64(i)), nil
}

// countItems counts the items equal to x.
func (vm *VM) countItems(items func() []Value, x Value) (int64, error) {
	var n int64
	for i := 0; i < len(items()); i++ {
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

func listCountM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("list.count", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	l, _, err := vm.selfList(self, "count")
	if err != nil {
		return heap.Undef, err
	}
	n, err := vm.countItems(func() []Value { return l.Items }, a.Pos[0])
	return heap.Int(n), err
}

func listReverseM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("reverse", a, 0, 0); err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "reverse")
	if err != nil {
		return heap.Undef, err
	}
	ctReverseValues(l.Items)
	vm.H.Touch(lv)
	return heap.None, nil
}

func ctReverseValues(s []Value) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func listCopyM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("copy", a, 0, 0); err != nil {
		return heap.Undef, err
	}
	l, _, err := vm.selfList(self, "copy")
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewList(append([]Value(nil), l.Items...)), nil
}

func listLenM(vm *VM, self Value, a Args) (Value, error) {
	items, ok := vm.seqItemsOf(self)
	if !ok {
		return heap.Undef, vm.TypeError("descriptor '__len__' requires a sequence")
	}
	return heap.Int(int64(len(items))), nil
}

func seqGetItemM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("__getitem__", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	r, ok, err := vm.containerGetItem(vm.Prim(self), a.Pos[0])
	if !ok && err == nil {
		return heap.Undef, vm.TypeError("'%s' object is not subscriptable", vm.TypeName(self))
	}
	return r, err
}

func listSetItemM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("__setitem__", a, 2, 2); err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "__setitem__")
	if err != nil {
		return heap.Undef, err
	}
	return heap.None, vm.listSetItem(lv, l, a.Pos[0], a.Pos[1])
}

func listDelItemM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("__delitem__", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "__delitem__")
	if err != nil {
		return heap.Undef, err
	}
	return heap.None, vm.listDelItem(lv, l, a.Pos[0])
}

func seqContainsM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("__contains__", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	r, _, err := vm.containerContains(vm.Prim(self), a.Pos[0])
	return heap.Bool(r), err
}

func listSortM(vm *VM, self Value, a Args) (Value, error) {
	if len(a.Pos) > 0 {
		return heap.Undef, vm.TypeError("sort() takes no positional arguments")
	}
	args, err := vm.sortKwargs(a)
	if err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "sort")
	if err != nil {
		return heap.Undef, err
	}
	key, reverse, err := vm.sortOptions(args[0], args[1])
	if err != nil {
		return heap.Undef, err
	}
	if vm.needsFrames(key) {
		if r, ok, err := vm.tailPy("list.sort", "list_sort", lv, key, heap.Bool(reverse)); ok {
			return r, err
		}
	}
	items := l.Items
	l.Items = nil
	sorted, err := vm.sortValues(items, key, reverse)
	modified := len(l.Items) != 0
	if err != nil {
		l.Items = items
		vm.H.Touch(lv)
		return heap.Undef, err
	}
	l.Items = sorted
	vm.H.Touch(lv)
	if modified {
		return heap.Undef, vm.ValueError("list modified during sort")
	}
	return heap.None, nil
}

// listInitM is list.__init__(iterable=()): it refills the list.
func listInitM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.NoKwargs("list", a); err != nil {
		return heap.Undef, err
	}
	if err := vm.ArgCount("list", a, 0, 1); err != nil {
		return heap.Undef, err
	}
	l, lv, err := vm.selfList(self, "__init__")
	if err != nil {
		return heap.Undef, err
	}
	l.Items = nil
	vm.H.Touch(lv)
	if len(a.Pos) == 1 {
		if err := vm.listExtendValue(lv, l, a.Pos[0]); err != nil {
			return heap.Undef, err
		}
	}
	return heap.None, nil
}

// --- tuple ---------------------------------------------------------------------------

func (vm *VM) selfTuple(self Value, fname string) (*heap.Tuple, error) {
	t, ok := vm.TupleOf(self)
	if !ok {
		return nil, vm.TypeError("descriptor '%s' for 'tuple' objects doesn't apply to a '%s' object", fname, vm.TypeName(self))
	}
	return t, nil
}

func tupleIndexM(vm *VM, self Value, a Args) (Value, error) {
	t, err := vm.selfTuple(self, "index")
	if err != nil {
		return heap.Undef, err
	}
	start, stop, err := vm.seqIndexArgs("index", a, len(t.Items))
	if err != nil {
		return heap.Undef, err
	}
	i, err := vm.findItem(func() []Value { return t.Items }, a.Pos[0], start, stop)
	if err != nil {
		return heap.Undef, err
	}
	if i < 0 {
		return heap.Undef, vm.ValueError("tuple.index(x): x not in tuple")
	}
	return heap.Int(int64(i)), nil
}

func tupleCountM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("tuple.count", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	t, err := vm.selfTuple(self, "count")
	if err != nil {
		return heap.Undef, err
	}
	n, err := vm.countItems(func() []Value { return t.Items }, a.Pos[0])
	return heap.Int(n), err
}

func tupleHashM(vm *VM, self Value, a Args) (Value, error) {
	t, err := vm.selfTuple(self, "__hash__")
	if err != nil {
		return heap.Undef, err
	}
	h, err := vm.tupleHash(t.Items)
	return heap.Int(h), err
}

// --- range and slice --------------------------------------------------------------

func (vm *VM) selfRange(self Value) (*heap.Range, error) {
	r, ok := vm.ctRangeOf(self)
	if !ok {
		return nil, vm.TypeError("descriptor requires a 'range' object but received a '%s'", vm.TypeName(self))
	}
	return r, nil
}

func rangeField(which int) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		r, err := vm.selfRange(self)
		if err != nil {
			return heap.Undef, err
		}
		switch which {
		case 0:
			return heap.Int(r.Start), nil
		case 1:
			return heap.Int(r.Stop), nil
		}
		return heap.Int(r.Step), nil
	}
}

// rangeIndexOf returns the position of x in r, or -1.
func (vm *VM) rangeIndexOf(r *heap.Range, x Value) (int64, error) {
	var xi int64
	switch x.K {
	case heap.KInt:
		xi = x.I()
	case heap.KBool:
		xi = int64(x.N)
	default:
		n := rangeLength(r)
		for i := int64(0); i < n; i++ {
			eq, err := vm.Eq(heap.Int(rangeItem(r, i)), x)
			if err != nil {
				return -1, err
			}
			if eq {
				return i, nil
			}
		}
		return -1, nil
	}
	if !rangeHas(r, xi) {
		return -1, nil
	}
	return (xi - r.Start) / r.Step, nil
}

func rangeCountM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("range.count", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	r, err := vm.selfRange(self)
	if err != nil {
		return heap.Undef, err
	}
	x := a.Pos[0]
	if x.K == heap.KInt || x.K == heap.KBool {
		i, _ := vm.rangeIndexOf(r, x)
		if i >= 0 {
			return heap.Int(1), nil
		}
		return heap.Int(0), nil
	}
	var n int64
	for i := int64(0); i < rangeLength(r); i++ {
		eq, err := vm.Eq(heap.Int(rangeItem(r, i)), x)
		if err != nil {
			return heap.Undef, err
		}
		if eq {
			n++
		}
	}
	return heap.Int(n), nil
}

func rangeIndexM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("range.index", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	r, err := vm.selfRange(self)
	if err != nil {
		return heap.Undef, err
	}
	i, err := vm.rangeIndexOf(r, a.Pos[0])
	if err != nil {
		return heap.Undef, err
	}
	if i < 0 {
		s, err := vm.Repr(a.Pos[0])
		if err != nil {
			return heap.Undef, err
		}
		return heap.Undef, vm.ValueError("%s is not in range", s)
	}
	return heap.Int(i), nil
}

func rangeLenM(vm *VM, self Value, a Args) (Value, error) {
	r, err := vm.selfRange(self)
	if err != nil {
		return heap.Undef, err
	}
	return heap.Int(rangeLength(r)), nil
}

func rangeHashM(vm *VM, self Value, a Args) (Value, error) {
	r, err := vm.selfRange(self)
	if err != nil {
		return heap.Undef, err
	}
	h, err := vm.rangeHash(r)
	return heap.Int(h), err
}

// rangeHash is CPython's range hash.
func (vm *VM) rangeHash(r *heap.Range) (int64, error) {
	// CPython hashes (len, start, step), with start/step None when they
	// do not matter.
	n := rangeLength(r)
	t := []Value{heap.Int(n), heap.None, heap.None}
	if n > 0 {
		t[1] = heap.Int(r.Start)
		if n > 1 {
			t[2] = heap.Int(r.Step)
		}
	}
	return vm.tupleHash(t)
}

func sliceField(which int) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, ok := vm.ctSliceOf(self)
		if !ok {
			return heap.Undef, vm.TypeError("descriptor requires a 'slice' object")
		}
		switch which {
		case 0:
			return s.Start, nil
		case 1:
			return s.Stop, nil
		}
		return s.Step, nil
	}
}

func sliceIndicesM(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("indices", a, 1, 1); err != nil {
		return heap.Undef, err
	}
	n, err := vm.ctIntArg(a.Pos[0])
	if err != nil {
		return heap.Undef, err
	}
	if n < 0 {
		return heap.Undef, vm.ValueError("length should not be negative")
	}
	start, stop, step, _, err := vm.SliceIndices(self, int(n))
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewTuple([]Value{heap.Int(int64(start)), heap.Int(int64(stop)), heap.Int(int64(step))}), nil
}

// --- constructors -----------------------------------------------------------------

func listCtor(vm *VM, cls Value, a Args) (Value, error) {
	if err := vm.NoKwargs("list", a); err != nil {
		return heap.Undef, err
	}
	if err := vm.ArgCount("list", a, 0, 1); err != nil {
		return heap.Undef, err
	}
	if len(a.Pos) == 0 {
		return vm.NewList(nil), nil
	}
	if vm.needsFrames(a.Pos[0]) {
		if r, ok, err := vm.tailPy("list", "to_list", a.Pos[0]); ok {
			return r, err
		}
	}
	if items, ok := vm.seqItemsOf(a.Pos[0]); ok {
		return vm.NewList(append([]Value(nil), items...)), nil
	}
	items, err := vm.Unpack(a.Pos[0])
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewList(append([]Value(nil), items...)), nil
}

func tupleCtor(vm *VM, cls Value, a Args) (Value, error) {
	if err := vm.NoKwargs("tuple", a); err != nil {
		return heap.Undef, err
	}
	if err := vm.ArgCount("tuple", a, 0, 1); err != nil {
		return heap.Undef, err
	}
	if len(a.Pos) == 0 {
		return vm.NewTuple(nil), nil
	}
	x := a.Pos[0]
	if vm.needsFrames(x) {
		if r, ok, err := vm.tailPy("tuple", "to_tuple", x); ok {
			return r, err
		}
	}
	if cls == vm.Types[TTuple] && vm.ctIsExact(x, TTuple) {
		return x, nil
	}
	if items, ok := vm.seqItemsOf(x); ok {
		return vm.NewTuple(append([]Value(nil), items...)), nil
	}
	items, err := vm.Unpack(x)
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewTuple(append([]Value(nil), items...)), nil
}

// rangeArg converts a range() argument.
func (vm *VM) rangeArg(v Value) (int64, error) {
	if b, ok := vm.BigOf(v); ok && !b.IsInt64() {
		return 0, vm.Errorf(TOverflowError, "Python int too large to convert to C ssize_t")
	}
	return vm.ctIndexValue(v, "'%s' object cannot be interpreted as an integer")
}

func rangeCtor(vm *VM, cls Value, a Args) (Value, error) {
	if err := vm.NoKwargs("range", a); err != nil {
		return heap.Undef, err
	}
	if err := vm.ArgCount("range", a, 1, 3); err != nil {
		return heap.Undef, err
	}
	var vals [3]int64
	for i, v := range a.Pos {
		x, err := vm.rangeArg(v)
		if err != nil {
			return heap.Undef, err
		}
		vals[i] = x
	}
	r := &heap.Range{Step: 1}
	switch len(a.Pos) {
	case 1:
		r.Stop = vals[0]
	case 2:
		r.Start, r.Stop = vals[0], vals[1]
	case 3:
		r.Start, r.Stop, r.Step = vals[0], vals[1], vals[2]
		if r.Step == 0 {
			return heap.Undef, vm.ValueError("range() arg 3 must not be zero")
		}
	}
	return vm.H.Alloc(r), nil
}

func sliceCtor(vm *VM, cls Value, a Args) (Value, error) {
	if err := vm.NoKwargs("slice", a); err != nil {
		return heap.Undef, err
	}
	if err := vm.ArgCount("slice", a, 1, 3); err != nil {
		return heap.Undef, err
	}
	s := &heap.Slice{Start: heap.None, Stop: heap.None, Step: heap.None}
	switch len(a.Pos) {
	case 1:
		s.Stop = a.Pos[0]
	case 2:
		s.Start, s.Stop = a.Pos[0], a.Pos[1]
	case 3:
		s.Start, s.Stop, s.Step = a.Pos[0], a.Pos[1], a.Pos[2]
	}
	return vm.H.Alloc(s), nil
}

func init() {
	listDefs := []MethodDef{
		{Name: "__init__", Fn: listInitM},
		{Name: "append", Fn: listAppendM},
		{Name: "extend", Fn: listExtendM},
		{Name: "insert", Fn: listInsertM},
		{Name: "remove", Fn: listRemoveM},
		{Name: "pop", Fn: listPopM},
		{Name: "clear", Fn: listClearM},
		{Name: "index", Fn: listIndexM},
		{Name: "count", Fn: listCountM},
		{Name: "sort", Fn: listSortM},
		{Name: "reverse", Fn: listReverseM},
		{Name: "copy", Fn: listCopyM},
		{Name: "__len__", Fn: listLenM},
		{Name: "__getitem__", Fn: seqGetItemM},
		{Name: "__setitem__", Fn: listSetItemM},
		{Name: "__delitem__", Fn: listDelItemM},
		{Name: "__contains__", Fn: seqContainsM},
		{Name: "__add__", Fn: ctBinMethod(compile.BinAdd, "__add__", false)},
		{Name: "__mul__", Fn: ctBinMethod(compile.BinMul, "__mul__", false)},
		{Name: "__rmul__", Fn: ctBinMethod(compile.BinMul, "__rmul__", true)},
		{Name: "__iadd__", Fn: ctInplaceMethod(compile.BinAdd, "__iadd__")},
		{Name: "__imul__", Fn: ctInplaceMethod(compile.BinMul, "__imul__")},
		{Name: "__repr__", Fn: ctReprMethod},
	}
	AddMethods(TList, append(listDefs, ctComparisonDefs()...))
	tupleDefs := []MethodDef{
		{Name: "index", Fn: tupleIndexM},
		{Name: "count", Fn: tupleCountM},
		{Name: "__len__", Fn: listLenM},
		{Name: "__getitem__", Fn: seqGetItemM},
		{Name: "__contains__", Fn: seqContainsM},
		{Name: "__add__", Fn: ctBinMethod(compile.BinAdd, "__add__", false)},
		{Name: "__mul__", Fn: ctBinMethod(compile.BinMul, "__mul__", false)},
		{Name: "__rmul__", Fn: ctBinMethod(compile.BinMul, "__rmul__", true)},
		{Name: "__hash__", Fn: tupleHashM},
		{Name: "__repr__", Fn: ctReprMethod},
	}
	AddMethods(TTuple, append(tupleDefs, ctComparisonDefs()...))
	AddMethods(TRange, []MethodDef{
		{Name: "start", Fn: rangeField(0), Kind: KindProperty},
		{Name: "stop", Fn: rangeField(1), Kind: KindProperty},
		{Name: "step", Fn: rangeField(2), Kind: KindProperty},
		{Name: "count", Fn: rangeCountM},
		{Name: "index", Fn: rangeIndexM},
		{Name: "__len__", Fn: rangeLenM},
		{Name: "__getitem__", Fn: seqGetItemM},
		{Name: "__contains__", Fn: seqContainsM},
		{Name: "__hash__", Fn: rangeHashM},
		{Name: "__repr__", Fn: ctReprMethod},
		{Name: "__eq__", Fn: ctCmpMethod(compile.CmpEq, "__eq__")},
		{Name: "__ne__", Fn: ctCmpMethod(compile.CmpNe, "__ne__")},
	})
	AddMethods(TSlice, []MethodDef{
		{Name: "start", Fn: sliceField(0), Kind: KindProperty},
		{Name: "stop", Fn: sliceField(1), Kind: KindProperty},
		{Name: "step", Fn: sliceField(2), Kind: KindProperty},
		{Name: "indices", Fn: sliceIndicesM},
		{Name: "__repr__", Fn: ctReprMethod},
	})
	RegisterConstructor(TList, listCtor)
	RegisterConstructor(TTuple, tupleCtor)
	RegisterConstructor(TRange, rangeCtor)
	RegisterConstructor(TSlice, sliceCtor)
}
