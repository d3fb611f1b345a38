package heap

import "testing"

// A dict made by NewDictSized takes AppendFresh only for keys it can add
// without a comparison or an allocation, and behaves as any dict after
// (growing past its room, deletes, lookups).
func TestNewDictSizedAndAppendFresh(t *testing.T) {
	cases := []struct {
		size   int
		hashes []int64 // keys Int(i) with these hashes, in order
		fresh  []bool  // what AppendFresh answers for each
	}{
		{0, []int64{1}, []bool{false}},
		{1, []int64{1, 2}, []bool{true, false}},
		{2, []int64{5, 5}, []bool{true, false}},
		{3, []int64{1, 2, 3, 4}, []bool{true, true, true, true}}, // room for 4
		{4, []int64{0, 1, 0}, []bool{true, true, false}},
		{8, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9}, []bool{true, true, true, true, true, true, true, true, false}},
		{12, []int64{1, 2, 1}, []bool{true, true, false}},
	}
	for _, c := range cases {
		d := NewDictSized(c.size)
		for i, h := range c.hashes {
			k := Int(int64(100 + i))
			got := d.AppendFresh(k, Int(int64(i)), h)
			if got != c.fresh[i] {
				t.Fatalf("size %d key %d: AppendFresh = %v, want %v", c.size, i, got, c.fresh[i])
			}
			if !got {
				d.Set(k, Int(int64(i)), h, intEq)
			}
		}
		if d.Len() != len(c.hashes) {
			t.Fatalf("size %d: len %d, want %d", c.size, d.Len(), len(c.hashes))
		}
		for i, h := range c.hashes {
			if v, ok, _ := d.Get(Int(int64(100+i)), h, intEq); !ok || v.I() != int64(i) {
				t.Fatalf("size %d: get key %d = %v %v", c.size, i, v, ok)
			}
		}
		// Grown past its room and shrunk, it stays a dict.
		for i := int64(0); i < 20; i++ {
			d.Set(Int(1000+i), Int(i), 1000+i, intEq)
		}
		d.Delete(Int(100), c.hashes[0], intEq)
		if _, ok, _ := d.Get(Int(100), c.hashes[0], intEq); ok {
			t.Fatalf("size %d: deleted key still there", c.size)
		}
		if d.AppendFresh(Int(5000), Int(0), 5000) {
			t.Fatalf("size %d: AppendFresh on an indexed dict", c.size)
		}
	}
	// A shared (cloned) dict never appends in place.
	d := NewDictSized(4)
	d.AppendFresh(Int(1), Int(1), 1)
	c := cloneObject(d).(*Dict)
	if c.AppendFresh(Int(2), Int(2), 2) {
		t.Fatal("AppendFresh on a clone sharing its entries")
	}
	if d.Len() != 1 || len(d.Entries) != 1 {
		t.Fatalf("original changed: %d entries", len(d.Entries))
	}
}

// CopyFrom of an indexed dict shares nothing with its source, with or
// without deleted entries (with none, the index is copied as is).
func TestDictCopyFromIndexed(t *testing.T) {
	for _, del := range []bool{false, true} {
		src := &Dict{}
		for i := int64(0); i < 50; i++ {
			src.Set(Int(i), Int(i), i, intEq)
		}
		if del {
			src.Delete(Int(7), 7, intEq)
		}
		d := &Dict{}
		d.CopyFrom(src)
		d.Set(Int(100), Int(1), 100, intEq)
		d.Delete(Int(3), 3, intEq)
		src.Set(Int(200), Int(2), 200, intEq)
		for i := int64(0); i < 50; i++ {
			_, inD, _ := d.Get(Int(i), i, intEq)
			_, inSrc, _ := src.Get(Int(i), i, intEq)
			if inD != (i != 3 && !(del && i == 7)) || inSrc != !(del && i == 7) {
				t.Fatalf("del=%v key %d: in copy %v, in source %v", del, i, inD, inSrc)
			}
		}
		if _, ok, _ := d.Get(Int(200), 200, intEq); ok {
			t.Fatalf("del=%v: the source's new key is in the copy", del)
		}
		if _, ok, _ := src.Get(Int(100), 100, intEq); ok {
			t.Fatalf("del=%v: the copy's new key is in the source", del)
		}
		for i := int64(300); i < 400; i++ {
			d.Set(Int(i), Int(i), i, intEq)
		}
		if v, ok, _ := d.Get(Int(399), 399, intEq); !ok || v.I() != 399 {
			t.Fatalf("del=%v: grown copy lost a key", del)
		}
	}
}
