package heap

import "unsafe"

// NewListLen returns a list of n zero items (Undef) whose item storage,
// for a small n, shares the list's own Go allocation: a slice copy,
// list display or list copy is then one allocation instead of two. The
// items' capacity is n, as make would give, so Size and growth are as
// for any list; a list grown past it leaves the first items unused in
// its block, at most the bytes it was made with.
func NewListLen(n int) *List {
	switch {
	case n <= 0:
		return &List{}
	case n <= 1:
		return boxedList[[1]Value](n)
	case n <= 2:
		return boxedList[[2]Value](n)
	case n <= 3:
		return boxedList[[3]Value](n)
	case n <= 4:
		return boxedList[[4]Value](n)
	case n <= 6:
		return boxedList[[6]Value](n)
	case n <= 8:
		return boxedList[[8]Value](n)
	case n <= 10:
		return boxedList[[10]Value](n)
	case n <= 12:
		return boxedList[[12]Value](n)
	case n <= 16:
		return boxedList[[16]Value](n)
	}
	return &List{Items: make([]Value, n)}
}

// listBox is a list and its item storage in one allocation; A is an
// array of at least n Values.
type listBox[A any] struct {
	l List
	b A
}

// boxedList allocates a listBox[A] and points its list at the first n
// items of the box's array. The array is typed as Values, so the
// collector scans it as the items it holds.
func boxedList[A any](n int) *List {
	p := new(listBox[A])
	p.l.Items = unsafe.Slice((*Value)(unsafe.Pointer(&p.b)), n)
	return &p.l
}

// NewTupleLen returns a tuple of n zero items (Undef) whose items, for a
// small n, share the tuple's own Go allocation, as NewListLen does for
// lists: BUILD_TUPLE, zip and enumerate make one allocation, not two.
// The caller fills every item before the tuple is seen.
func NewTupleLen(n int) *Tuple {
	switch {
	case n <= 0:
		return &Tuple{}
	case n <= 1:
		return boxedTuple[[1]Value](n)
	case n <= 2:
		return boxedTuple[[2]Value](n)
	case n <= 3:
		return boxedTuple[[3]Value](n)
	case n <= 4:
		return boxedTuple[[4]Value](n)
	case n <= 6:
		return boxedTuple[[6]Value](n)
	case n <= 8:
		return boxedTuple[[8]Value](n)
	}
	return &Tuple{Items: make([]Value, n)}
}

// tupleBox is a tuple and its item storage in one allocation.
type tupleBox[A any] struct {
	t Tuple
	b A
}

// boxedTuple allocates a tupleBox[A] and points its tuple at the first
// n items of the box's array.
func boxedTuple[A any](n int) *Tuple {
	p := new(tupleBox[A])
	p.t.Items = unsafe.Slice((*Value)(unsafe.Pointer(&p.b)), n)
	return &p.t
}
