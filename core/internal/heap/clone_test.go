package heap

import "testing"

// A clone shares its parent's pages until it writes a slot: allocating,
// freeing and replacing private objects in the clone must never show
// through to the parent (or to a sibling clone).
func TestCloneCopiesPagesOnWrite(t *testing.T) {
	base := New()
	var keep, drop []Value
	for i := 0; i < 3*PageSize; i++ {
		v := base.Alloc(&Str{S: "s"})
		if i%2 == 0 {
			keep = append(keep, v)
		} else {
			drop = append(drop, v)
		}
	}
	list := base.Alloc(&List{Items: keep})
	root := func(visit func(Value)) { visit(list) }

	tests := []struct {
		name string
		do   func(c *Heap)
	}{
		{"alloc", func(c *Heap) {
			for i := 0; i < PageSize; i++ {
				c.Alloc(&Str{S: "new"})
			}
		}},
		{"collect then reuse", func(c *Heap) {
			if freed := c.Collect(root); freed != len(drop) {
				t.Errorf("freed %d, want %d", freed, len(drop))
			}
			c.Alloc(&Str{S: "reused"})
		}},
		{"private", func(c *Heap) {
			c.Get(list).(*List).Items[0] = None
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := base.Clone(list.H())
			sibling := base.Clone()
			tt.do(c)
			for _, h := range []*Heap{base, sibling} {
				for _, v := range append(append([]Value(nil), keep...), drop...) {
					if s, ok := h.Get(v).(*Str); !ok || s.S != "s" {
						t.Fatalf("handle %d changed to %v in a heap the clone shares with", v.H(), h.Get(v))
					}
				}
				if h.Get(list).(*List).Items[0] != keep[0] {
					t.Fatal("private object changed in the parent")
				}
				if h.Len() != base.Len() {
					t.Fatalf("len %d, want %d", h.Len(), base.Len())
				}
			}
		})
	}
}

// A private dict of a clone borrows its parent's arrays until its first
// change; no change may reach the parent.
func TestClonedDictCopiesOnWrite(t *testing.T) {
	eq := func(a, b Value) (bool, error) { return a == b, nil }
	muts := []struct {
		name string
		do   func(d *Dict)
	}{
		{"replace", func(d *Dict) { _ = d.Set(Int(1), Int(-1), 1, eq) }},
		{"append", func(d *Dict) { d.Append(Int(99), Int(99), 99) }},
		{"delete", func(d *Dict) { _, _, _ = d.Delete(Int(2), 2, eq) }},
		{"clear", func(d *Dict) { d.Clear(); d.Append(Int(5), Int(0), 5) }},
		{"reindex", func(d *Dict) { d.Reindex() }},
	}
	for _, m := range muts {
		t.Run(m.name, func(t *testing.T) {
			base := New()
			dv := base.Alloc(&Dict{})
			for i := int64(0); i < 20; i++ {
				base.Get(dv).(*Dict).Append(Int(i), Int(i*10), i)
			}
			c := base.Clone(dv.H())
			m.do(c.Get(dv).(*Dict))
			d := base.Get(dv).(*Dict)
			if d.Used != 20 {
				t.Fatalf("parent has %d entries", d.Used)
			}
			for i := int64(0); i < 20; i++ {
				if v, ok, _ := d.Get(Int(i), i, eq); !ok || v != Int(i*10) {
					t.Fatalf("parent[%d] = %v, %v", i, v, ok)
				}
			}
		})
	}
}
