package heap

import "testing"

// An instance allocated with room for its dict hands that room out once,
// sized as asked; copies (Clone, Privatize) and decoded instances carry
// no D, so a copied dict is always found through its handle (the codec
// does not know D: decodeInstance builds the struct field by field).
func TestInstanceRoomAndCopies(t *testing.T) {
	cls := Ref(1)
	for _, tt := range []struct{ hint, wantCap int }{{0, smallFirst}, {3, 4}, {4, 4}, {5, 8}, {8, 8}, {9, smallFirst}, {20, smallFirst}} {
		o := NewInstance(cls, tt.hint)
		if o.Class != cls || o.Dict != Undef || o.Prim != Undef || o.Exc != nil {
			t.Fatalf("hint %d: fields %+v", tt.hint, o)
		}
		if (o.D != nil) != (tt.hint > 0 && tt.hint <= 8) {
			t.Errorf("hint %d: room %v", tt.hint, o.D != nil)
		}
		d := o.TakeDict(smallFirst)
		if len(d.Entries) != 0 || cap(d.Entries) != tt.wantCap {
			t.Errorf("hint %d: dict len %d cap %d, want 0 %d", tt.hint, len(d.Entries), cap(d.Entries), tt.wantCap)
		}
		if o.D != nil {
			t.Errorf("hint %d: room still offered after TakeDict", tt.hint)
		}
	}

	h := New()
	o := NewInstance(cls, 2)
	iv := h.Alloc(o)
	d := o.TakeDict(4)
	o.Dict, o.D = h.Alloc(d), d
	d.Append(Int(1), Int(2), 1)
	c := h.Clone(iv.H(), o.Dict.H())
	co := c.Get(iv).(*Instance)
	if co == o || co.D != nil {
		t.Fatalf("clone kept the instance or its D")
	}
	if cd := c.Get(co.Dict).(*Dict); cd == d || cd.Len() != 1 {
		t.Fatalf("clone's dict: same %v, len %d", cd == d, cd.Len())
	}

}
