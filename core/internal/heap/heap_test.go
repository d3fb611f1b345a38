package heap

import "testing"

func intEq(a, b Value) (bool, error) { return a == b, nil }

func TestSetIterationOrderMatchesCPython(t *testing.T) {
	tests := []struct {
		in   []int64
		want []int64 // from python3: list({...})
	}{
		{[]int64{3, 1, 2}, []int64{1, 2, 3}},
		{[]int64{10, 100, 1000, 7}, []int64{1000, 10, 100, 7}},
		{[]int64{-1, 5, 8, 16}, []int64{8, 16, 5, -1}},
	}
	for _, tt := range tests {
		s := &Set{}
		for _, i := range tt.in {
			h := i
			if i == -1 {
				h = -2
			}
			s.Add(Int(i), h, intEq)
		}
		got := s.Keys()
		if len(got) != len(tt.want) {
			t.Fatalf("%v: got %d keys", tt.in, len(got))
		}
		for i, k := range got {
			if k.I() != tt.want[i] {
				t.Errorf("set(%v) order = %v, want %v", tt.in, got, tt.want)
				break
			}
		}
	}
}

func TestDictKeepsInsertionOrderAcrossDeletes(t *testing.T) {
	d := &Dict{}
	for i := int64(0); i < 40; i++ {
		d.Set(Int(i), Int(i*i), i, intEq)
	}
	for i := int64(0); i < 40; i += 2 {
		if _, ok, _ := d.Delete(Int(i), i, intEq); !ok {
			t.Fatalf("delete %d: missing", i)
		}
	}
	if d.Len() != 20 {
		t.Fatalf("len = %d, want 20", d.Len())
	}
	want := int64(1)
	for _, e := range d.Entries {
		if e.Key.K == KUndef {
			continue
		}
		if e.Key.I() != want || e.Val.I() != want*want {
			t.Fatalf("entry %v=%v, want %d", e.Key.I(), e.Val.I(), want)
		}
		want += 2
	}
	if v, ok, _ := d.Get(Int(39), 39, intEq); !ok || v.I() != 39*39 {
		t.Fatalf("get 39 = %v %v", v, ok)
	}
}

func TestCollectFreesUnreachableCyclesAndReusesLowestHandles(t *testing.T) {
	h := New()
	root := h.Alloc(&List{})
	a := h.Alloc(&List{})
	b := h.Alloc(&List{Items: []Value{a}})
	h.Get(a).(*List).Items = []Value{b} // a <-> b cycle, unreachable
	kept := h.Alloc(&Str{S: "kept"})
	h.Get(root).(*List).Items = []Value{kept}
	freed := h.Collect(func(visit func(Value)) { visit(root) })
	if freed != 2 {
		t.Fatalf("freed %d objects, want 2", freed)
	}
	if h.At(kept.H()) == nil || h.At(root.H()) == nil {
		t.Fatal("a reachable object was freed")
	}
	if n := h.Alloc(&Str{S: "new"}); n.H() != a.H() {
		t.Fatalf("new handle %d, want lowest free %d", n.H(), a.H())
	}
}

// liveBytes totals the Size of every object in h.
func liveBytes(h *Heap) int64 {
	var n int64
	for i := 1; i < h.Len(); i++ {
		if o := h.At(Handle(i)); o != nil {
			n += int64(o.Size())
		}
	}
	return n
}

func TestCollectCountsExactlyTheLiveBytes(t *testing.T) {
	h := New()
	root := h.Alloc(&List{})
	check := func(what string) {
		t.Helper()
		h.Collect(func(visit func(Value)) { visit(root) })
		if got, want := h.Bytes, liveBytes(h); got != want {
			t.Fatalf("%s: Bytes = %d after Collect, live objects total %d", what, got, want)
		}
	}
	var kept []Value
	for i := range 600 {
		s := h.Alloc(&Str{S: string(make([]byte, i))})
		h.Alloc(&Str{S: "garbage"})
		if i%3 == 0 {
			kept = append(kept, s)
		}
	}
	h.Get(root).(*List).Items = kept
	check("strs")
	// Freed str slots are reused by objects of other kinds, and the other
	// way round; a list that grows in place is recounted.
	for i := range 200 {
		kept[i] = h.Alloc(&List{Items: make([]Value, i%7)})
	}
	check("lists in str slots")
	for i := 0; i < 200; i += 2 {
		kept[i] = h.Alloc(&Str{S: string(make([]byte, 2*i))})
	}
	h.Get(kept[151]).(*List).Items = make([]Value, 0, 50)
	check("strs in list slots")
	c := h.Clone()
	c.Collect(func(visit func(Value)) { visit(root) })
	if c.Bytes != h.Bytes {
		t.Fatalf("clone: Bytes = %d, want %d", c.Bytes, h.Bytes)
	}
}

func TestCollectKeepsWhatDictsListsAndTuplesReach(t *testing.T) {
	h := New()
	key := h.Alloc(&Str{S: "k"})
	val := h.Alloc(&Str{S: "v"})
	inner := h.Alloc(&List{Items: []Value{val}})
	d := h.Alloc(&Dict{})
	if err := h.Get(d).(*Dict).Set(key, inner, 1, intEq); err != nil {
		t.Fatal(err)
	}
	tup := h.Alloc(&Tuple{Items: []Value{Int(1), d}})
	root := h.Alloc(&List{Items: []Value{tup}})
	h.Alloc(&Tuple{Items: []Value{key, val}}) // garbage
	if freed := h.Collect(func(visit func(Value)) { visit(root) }); freed != 1 {
		t.Fatalf("freed %d objects, want 1", freed)
	}
	for _, v := range []Value{key, val, inner, d, tup, root} {
		if h.At(v.H()) == nil {
			t.Fatalf("handle %d was freed though reachable", v.H())
		}
	}
}

func TestMutationMarksOnlyItsPageDirty(t *testing.T) {
	h := New()
	var vals []Value
	for i := 0; i < 3*PageSize; i++ {
		vals = append(vals, h.Alloc(&Str{S: "x"}))
	}
	h.ClearDirty()
	h.Touch(vals[PageSize+5])
	for p := 0; p < h.Pages(); p++ {
		want := p == int(vals[PageSize+5].H()>>PageShift)
		if h.PageDirty(p) != want {
			t.Errorf("page %d dirty = %v, want %v", p, h.PageDirty(p), want)
		}
	}
}
