package heap

import "unsafe"

// NewTupleLen returns a tuple of n zero items (Undef) for the caller to
// fill before the tuple is stored. For the small sizes that pairs,
// triples and yielded records have, the items share the tuple's own Go
// allocation: one allocation per tuple instead of two.
func NewTupleLen(n int) *Tuple {
	switch {
	case n <= 0:
		return &Tuple{}
	case n == 1:
		return boxedTuple[[1]Value](n)
	case n == 2:
		return boxedTuple[[2]Value](n)
	case n == 3:
		return boxedTuple[[3]Value](n)
	case n == 4:
		return boxedTuple[[4]Value](n)
	}
	return &Tuple{Items: make([]Value, n)}
}

// tupleBox is a tuple and its items in one allocation.
type tupleBox[A any] struct {
	t Tuple
	b A
}

// boxedTuple allocates a tupleBox[A] whose tuple holds the box's n
// Values (A is [n]Value, so the collector scans them as Values).
func boxedTuple[A any](n int) *Tuple {
	p := new(tupleBox[A])
	p.t.Items = unsafe.Slice((*Value)(unsafe.Pointer(&p.b)), n)
	return &p.t
}
