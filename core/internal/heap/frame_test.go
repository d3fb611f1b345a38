package heap

import "testing"

// TouchGen dirties only the generator's page, as Touch does.
func TestTouchGen(t *testing.T) {
	h := New()
	var vals []Value
	for i := 0; i < 3*PageSize; i++ {
		vals = append(vals, h.Alloc(&Generator{Frame: &Frame{}}))
	}
	for _, v := range []Value{vals[0], vals[PageSize+5], vals[3*PageSize-1]} {
		h.ClearDirty()
		h.TouchGen(v)
		h.TouchGen(None) // not a reference: nothing
		for p := 0; p < h.Pages(); p++ {
			if want := p == int(v.H()>>PageShift); h.PageDirty(p) != want {
				t.Errorf("page %d dirty = %v, want %v", p, h.PageDirty(p), want)
			}
		}
	}
}
