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
