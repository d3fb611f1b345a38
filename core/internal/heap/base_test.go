package heap

import "testing"

// A decoded page below a base's floor may change the base's mutable
// objects but must keep every object, its type, and the immutable ones'
// bytes: the base's objects that a loader shares refer to them unchecked.
func TestLoaderKeepsTheBase(t *testing.T) {
	h := New()
	list := h.Alloc(&List{Items: []Value{Int(1)}})
	str := h.Alloc(&Str{S: "abc", N: -1})
	enc := &Encoder{}
	enc.EncodePage(h.PageObjects(0), 0)
	base := &PageImage{B: append([]byte(nil), enc.B...), Offs: append([]int(nil), enc.Offs...)}
	tmpl := h.PageObjects(0)
	load := func(change func(objs []Object)) error {
		objs := append([]Object(nil), tmpl...)
		change(objs)
		e := &Encoder{}
		e.EncodePage(objs, 0)
		l, err := NewLoader(len(objs), nil, len(e.B))
		if err != nil {
			t.Fatal(err)
		}
		l.Base = func(int) *PageImage { return base }
		l.Template = func(int) []Object { return tmpl }
		if err := l.Page(0, Delta(e.B, e.Offs, base)); err != nil {
			return err
		}
		return l.Finish()
	}
	if err := load(func(o []Object) { o[list.N] = &List{Items: []Value{Int(2), Int(3)}} }); err != nil {
		t.Errorf("changing a mutable object: %v", err)
	}
	for name, change := range map[string]func([]Object){
		"drop":    func(o []Object) { o[list.N] = nil },
		"retype":  func(o []Object) { o[list.N] = &Tuple{Items: []Value{Int(1)}} },
		"mutate":  func(o []Object) { o[str.N] = &Str{S: "abd", N: -1} },
		"replace": func(o []Object) { o[str.N] = &List{} },
	} {
		if err := load(change); err == nil {
			t.Errorf("%s: a page that breaks the base loaded", name)
		}
	}
}

// TestHeapRefusesBaseWrites: every mark of a change (Touch, TouchItem,
// TouchNonSeq) to an object a clone still shares with its base panics
// with a *BaseWriteError; once the clone has its own copy (Privatize),
// the same marks are an ordinary write of the clone's.
func TestHeapRefusesBaseWrites(t *testing.T) {
	base := New()
	list := base.Alloc(&List{Items: []Value{Int(1)}})
	dict := base.Alloc(&Dict{})
	str := base.Alloc(&Str{S: "s", N: -1})
	base.Seal(base.Bytes, int64(base.Live()))
	marks := []struct {
		name string
		mark func(h *Heap, v Value)
	}{
		{"Touch", func(h *Heap, v Value) { h.Touch(v) }},
		{"TouchItem", func(h *Heap, v Value) { h.TouchItem(v, 0, 1) }},
		{"TouchItem of a long sequence", func(h *Heap, v Value) { h.TouchItem(v, 5000, 6000) }},
		{"TouchNonSeq", func(h *Heap, v Value) { h.TouchNonSeq(v) }},
	}
	for _, m := range marks {
		for _, v := range []Value{list, dict, str} {
			c := base.Clone()
			func() {
				defer func() {
					r := recover()
					e, ok := r.(*BaseWriteError)
					if !ok || e.Handle != v.H() {
						t.Errorf("%s of shared %T: recovered %v, want a *BaseWriteError for handle %d", m.name, c.At(v.H()), r, v.H())
					}
				}()
				m.mark(c, v)
			}()
			if c.PageDirty(int(v.H() >> PageShift)) {
				t.Errorf("%s of shared %T marked its page dirty", m.name, c.At(v.H()))
			}
			if c.Privatize(v.H()) {
				m.mark(c, v) // the clone's own copy: no panic
				if c.At(v.H()) == base.At(v.H()) {
					t.Errorf("%s: Privatize left the base's object", m.name)
				}
			}
		}
	}
	// A clone's own new objects and the base itself are never refused.
	c := base.Clone()
	own := c.Alloc(&List{})
	c.Touch(own)
	base.Touch(list)
}
