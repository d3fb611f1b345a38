package vm

// The range type: length, indexing, membership, equality and methods.

import (
	"math"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

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

// rangeValueMethod builds count or index: a range method of one value.
func rangeValueMethod(name string, f func(vm *VM, r *heap.Range, value Value) (Value, error)) BuiltinFn {
	qualName := "range." + name
	return func(vm *VM, self Value, a Args) (Value, error) {
		var value Value
		if err := vm.UnpackArgs(qualName, a, nil, 1, &value); err != nil {
			return heap.Undef, err
		}
		r, err := vm.selfRange(self)
		if err != nil {
			return heap.Undef, err
		}
		return f(vm, r, value)
	}
}

func rangeCountM(vm *VM, r *heap.Range, x Value) (Value, error) {
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

func rangeIndexM(vm *VM, r *heap.Range, value Value) (Value, error) {
	i, err := vm.rangeIndexOf(r, value)
	if err != nil {
		return heap.Undef, err
	}
	if i < 0 {
		s, err := vm.Repr(value)
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

func init() {
	AddMethods(TRange, append(startStopStep(rangeField), []MethodDef{
		{Name: "count", Fn: rangeValueMethod("count", rangeCountM)},
		{Name: "index", Fn: rangeValueMethod("index", rangeIndexM)},
		{Name: "__len__", Fn: rangeLenM},
		{Name: "__getitem__", Fn: seqGetItemM},
		{Name: "__contains__", Fn: seqContainsM},
		{Name: "__hash__", Fn: rangeHashM},
		{Name: "__repr__", Fn: ctReprMethod},
		{Name: "__eq__", Fn: ctCmpMethod(compile.CmpEq, "__eq__")},
		{Name: "__ne__", Fn: ctCmpMethod(compile.CmpNe, "__ne__")},
	}...))
	RegisterConstructor(TRange, rangeCtor)
}

// rangeOf returns the range object behind v.
func (vm *VM) ctRangeOf(v Value) (r *heap.Range, ok bool) { r, ok = vm.refObj(v).(*heap.Range); return }

// rangeLen is len(range) (saturating at MaxInt64).
func rangeLength(r *heap.Range) int64 {
	var n uint64
	switch {
	case r.Step > 0 && r.Start < r.Stop:
		n = (uint64(r.Stop)-uint64(r.Start)-1)/uint64(r.Step) + 1
	case r.Step < 0 && r.Start > r.Stop:
		n = (uint64(r.Start)-uint64(r.Stop)-1)/(uint64(-(r.Step+1))+1) + 1
	}
	if n > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(n)
}

// rangeItem is r[i] for 0 <= i < len(r).
func rangeItem(r *heap.Range, i int64) int64 { return r.Start + i*r.Step }

// rangeHas reports whether the int x is an element of r.
func rangeHas(r *heap.Range, x int64) bool {
	if r.Step > 0 {
		if x < r.Start || x >= r.Stop {
			return false
		}
	} else if x > r.Start || x <= r.Stop {
		return false
	}
	d := uint64(x - r.Start)
	if r.Step < 0 {
		d = uint64(r.Start - x)
		return d%(uint64(-(r.Step+1))+1) == 0
	}
	return d%uint64(r.Step) == 0
}

// rangeEq is range == range: equal as sequences.
func rangeEq(a, b *heap.Range) bool {
	if a == b {
		return true
	}
	la, lb := rangeLength(a), rangeLength(b)
	if la != lb {
		return false
	}
	if la == 0 {
		return true
	}
	if a.Start != b.Start {
		return false
	}
	return la == 1 || a.Step == b.Step
}

func (vm *VM) rangeGetItem(r *heap.Range, key Value) (Value, error) {
	n := rangeLength(r)
	if _, isSlice := vm.ctSliceOf(key); isSlice {
		start, stop, step, _, err := vm.SliceIndices(key, int(n))
		if err != nil {
			return heap.Undef, err
		}
		return vm.H.Alloc(&heap.Range{
			Start: r.Start + int64(start)*r.Step,
			Stop:  r.Start + int64(stop)*r.Step,
			Step:  int64(step) * r.Step,
		}), nil
	}
	i, err := vm.seqIndex(key, func() int { return int(n) }, "range object")
	if err != nil {
		if vm.ErrIs(err, TTypeError) {
			return heap.Undef, vm.TypeError("range indices must be integers or slices, not %s", vm.TypeName(key))
		}
		return heap.Undef, err
	}
	return heap.Int(rangeItem(r, int64(i))), nil
}

func (vm *VM) rangeContains(r *heap.Range, x Value) (bool, error) {
	switch x.K {
	case heap.KInt:
		return rangeHas(r, x.I()), nil
	case heap.KBool:
		return rangeHas(r, int64(x.N)), nil
	}
	if x.K == heap.KRef {
		if _, big := vm.H.Get(x).(*heap.BigInt); big {
			return false, nil
		}
	}
	n := rangeLength(r)
	for i := int64(0); i < n; i++ {
		eq, err := vm.Eq(heap.Int(rangeItem(r, i)), x)
		if err != nil || eq {
			return eq, err
		}
	}
	return false, nil
}

func rangeText(i int) string {
	if i == 1 {
		return ""
	}
	return "-" + ItoaStr(i)
}
