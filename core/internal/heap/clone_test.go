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
