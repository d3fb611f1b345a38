package vm

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

func TestSliceIndices(t *testing.T) {
	vm := New()
	n := heap.None
	i := heap.Int
	cases := []struct {
		start, stop, step Value
		length            int
		want              [4]int
	}{
		// Expected values: slice(...).indices(length) and len(range(length)[s]).
		{n, n, n, 5, [4]int{0, 5, 1, 5}},
		{n, n, i(-1), 5, [4]int{4, -1, -1, 5}},
		{i(-100), i(100), i(2), 5, [4]int{0, 5, 2, 3}},
		{i(3), i(1), n, 5, [4]int{3, 1, 1, 0}},
		{i(-2), n, i(-2), 7, [4]int{5, -1, -2, 3}},
		{i(10), i(-10), i(-3), 4, [4]int{3, -1, -3, 2}},
		{heap.True, i(3), n, 4, [4]int{1, 3, 1, 2}},
	}
	for _, c := range cases {
		sv := vm.H.Alloc(&heap.Slice{Start: c.start, Stop: c.stop, Step: c.step})
		a, b, s, cnt, err := vm.SliceIndices(sv, c.length)
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		if got := [4]int{a, b, s, cnt}; got != c.want {
			t.Errorf("slice(%v,%v,%v) len %d: got %v want %v", c.start, c.stop, c.step, c.length, got, c.want)
		}
	}
	sv := vm.H.Alloc(&heap.Slice{Start: n, Stop: n, Step: i(0)})
	if _, _, _, _, err := vm.SliceIndices(sv, 3); err == nil || !vm.ErrIs(err, TValueError) {
		t.Errorf("step 0: got %v, want ValueError", err)
	}
}

func TestTupleHashMatchesCPython(t *testing.T) {
	vm := New()
	cases := []struct {
		items []Value
		want  int64
	}{
		// hash(()), hash((1, 2)), hash((-1,)), hash((None, True)) in CPython 3.11 — None
		// only int/bool items, whose hashes are not randomised.
		{nil, 5740354900026072187},
		{[]Value{heap.Int(1), heap.Int(2)}, -3550055125485641917},
		{[]Value{heap.Int(-1)}, 8078679518589016365},
		{[]Value{heap.True, heap.Int(0)}, -5164621852614943976},
	}
	for _, c := range cases {
		h, err := vm.tupleHash(c.items)
		if err != nil {
			t.Fatal(err)
		}
		if h != c.want {
			t.Errorf("hash%v = %d, want %d", c.items, h, c.want)
		}
	}
}
