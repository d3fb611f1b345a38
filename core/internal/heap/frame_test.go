package heap

import "testing"

// TouchNonSeq dirties only the object's page, as Touch does.
func TestTouchNonSeq(t *testing.T) {
	h := New()
	var vals []Value
	for i := 0; i < 3*PageSize; i++ {
		if i%2 == 0 {
			vals = append(vals, h.Alloc(&Generator{Frame: &Frame{}}))
		} else {
			vals = append(vals, h.Alloc(&Iter{Kind: IterRange}))
		}
	}
	for _, v := range []Value{vals[0], vals[PageSize+5], vals[3*PageSize-1]} {
		h.ClearDirty()
		h.TouchNonSeq(v)
		h.TouchNonSeq(None) // not a reference: nothing
		for p := 0; p < h.Pages(); p++ {
			if want := p == int(v.H()>>PageShift); h.PageDirty(p) != want {
				t.Errorf("page %d dirty = %v, want %v", p, h.PageDirty(p), want)
			}
		}
	}
}
