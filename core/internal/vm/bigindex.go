package vm

import (
	"math/big"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// Where CPython converts an int argument to a C Py_ssize_t (list.insert
// and list.pop's index, for instance), an int past 64 bits is an
// OverflowError, whatever its sign; where it clamps a slice index
// instead (list.index's start and stop), ctIntArg's clamping is right.

// ssizeCheck is CPython's OverflowError for an int argument v that does
// not fit a Py_ssize_t; nil for anything else (other checks follow).
func (vm *VM) ssizeCheck(v Value) error {
	if b, ok := vm.BigOf(v); ok && !b.IsInt64() {
		return vm.Errorf(TOverflowError, "Python int too large to convert to C ssize_t")
	}
	return nil
}

// cIntCheck is ssizeCheck for a C int argument (32 bits).
func (vm *VM) cIntCheck(v Value) error {
	if b, ok := vm.BigOf(v); ok && (!b.IsInt64() || b.Int64() > 1<<31-1 || b.Int64() < -1<<31) {
		return vm.Errorf(TOverflowError, "Python int too large to convert to C int")
	}
	return nil
}

// enumerateBigStart reports whether enumerate's start is an int that the
// native iterator's int64 count could overflow: such a count is Python's
// (the _amber twin), which grows into a big int as CPython's does.
func (vm *VM) enumerateBigStart(start Value) bool {
	b, ok := vm.BigOf(start)
	return ok && (!b.IsInt64() || b.Int64() > 1<<63-1-1<<40)
}

// bigSliceIndices is slice.indices(length) computed on Python ints, as
// CPython's does, when the length or a bound is an int past 64 bits
// (ok=false otherwise, or when a bound is not an int: the common path
// handles those).
func (vm *VM) bigSliceIndices(s *heap.Slice, length Value) (Value, bool, error) {
	vals := []Value{length, s.Start, s.Stop, s.Step}
	bigs := make([]*big.Int, 4)
	wide := false
	for i, v := range vals {
		if v.K == heap.KNone && i > 0 {
			continue
		}
		b, ok := vm.BigOf(v)
		if !ok {
			return heap.Undef, false, nil
		}
		bigs[i] = b
		wide = wide || !b.IsInt64()
	}
	if !wide {
		return heap.Undef, false, nil
	}
	n := bigs[0]
	if n.Sign() < 0 {
		return heap.Undef, true, vm.ValueError("length should not be negative")
	}
	step := big.NewInt(1)
	if bigs[3] != nil {
		step = bigs[3]
		if step.Sign() == 0 {
			return heap.Undef, true, vm.ValueError("slice step cannot be zero")
		}
	}
	lower, upper := big.NewInt(0), new(big.Int).Set(n)
	if step.Sign() < 0 {
		lower = big.NewInt(-1)
		upper = new(big.Int).Sub(n, big.NewInt(1))
	}
	clamp := func(b *big.Int, dflt *big.Int) *big.Int {
		if b == nil {
			return dflt
		}
		x := new(big.Int).Set(b)
		if x.Sign() < 0 {
			x.Add(x, n)
		}
		switch {
		case x.Cmp(lower) < 0:
			return lower
		case x.Cmp(upper) > 0:
			return upper
		}
		return x
	}
	start, stop := clamp(bigs[1], lower), clamp(bigs[2], upper)
	if step.Sign() < 0 {
		start, stop = clamp(bigs[1], upper), clamp(bigs[2], lower)
	}
	return vm.NewTuple([]Value{vm.NewBigInt(start), vm.NewBigInt(stop), vm.NewBigInt(step)}), true, nil
}
