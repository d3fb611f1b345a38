package heap

import "testing"

func TestNewListAndTupleLen(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 17, 100} {
		l := NewListLen(n)
		tp := NewTupleLen(n)
		if len(l.Items) != n || cap(l.Items) != n {
			t.Errorf("NewListLen(%d): len %d cap %d", n, len(l.Items), cap(l.Items))
		}
		if len(tp.Items) != n {
			t.Errorf("NewTupleLen(%d): len %d", n, len(tp.Items))
		}
		for i := range n {
			if l.Items[i] != Undef || tp.Items[i] != Undef {
				t.Fatalf("n=%d: item %d not zero", n, i)
			}
			l.Items[i], tp.Items[i] = Int(int64(i)), Int(int64(-i))
		}
		// Growing past the box copies out; the tuple's Size is its length.
		l.Items = append(l.Items, Int(-1))
		if l.Items[n] != Int(-1) || (n > 0 && l.Items[n-1] != Int(int64(n-1))) {
			t.Errorf("NewListLen(%d): append lost items", n)
		}
		if tp.Size() != 40+16*n {
			t.Errorf("NewTupleLen(%d): Size %d", n, tp.Size())
		}
		for i := range n {
			if tp.Items[i] != Int(int64(-i)) {
				t.Fatalf("NewTupleLen(%d): item %d is %v", n, i, tp.Items[i])
			}
		}
	}
}
