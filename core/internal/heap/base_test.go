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

// TestHeapRefusesBaseWrites: every guarded mark of a change (Touch,
// TouchItem; see TouchNonSeq for the one that is not) to an object a clone still shares with its base panics
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

// TestSealedDictsRefuseWrites: a base's dicts, once sealed, refuse every
// mutation before it happens, and their clones' copies take them.
func TestSealedDictsRefuseWrites(t *testing.T) {
	eq := func(a, b Value) (bool, error) { return a == b, nil }
	base := New()
	dv := base.Alloc(&Dict{})
	d := base.Get(dv).(*Dict)
	d.Append(Int(1), Int(10), 1)
	base.Seal(base.Bytes, int64(base.Live()))
	base.SealDicts()
	writes := map[string]func(d *Dict){
		"Set":      func(d *Dict) { _ = d.Set(Int(2), Int(20), 2, eq) },
		"Append":   func(d *Dict) { d.Append(Int(3), Int(30), 3) },
		"SetAt":    func(d *Dict) { d.SetAt(0, Int(11)) },
		"Delete":   func(d *Dict) { _, _, _ = d.Delete(Int(1), 1, eq) },
		"DeleteAt": func(d *Dict) { d.DeleteAt(0) },
		"Clear":    func(d *Dict) { d.Clear() },
		"CopyFrom": func(d *Dict) { d.CopyFrom(&Dict{}) },
		"Reindex":  func(d *Dict) { d.Reindex() },
	}
	for name, w := range writes {
		func() {
			defer func() {
				if _, ok := recover().(*BaseWriteError); !ok {
					t.Errorf("%s of a sealed dict was not refused", name)
				}
			}()
			w(d)
		}()
		if v, ok, _ := d.Get(Int(1), 1, eq); !ok || v != Int(10) || d.Len() != 1 {
			t.Fatalf("%s changed the sealed dict", name)
		}
		c := base.Clone()
		if !c.Privatize(dv.H()) {
			t.Fatal("Privatize copied nothing")
		}
		w(c.Get(dv).(*Dict)) // the clone's own copy: no panic
	}
}
