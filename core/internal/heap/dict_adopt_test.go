package heap

import "testing"

// Room and AdoptDistinct take a literal's pairs written in place only
// when no key can equal another: every alike hash, within the pairs or
// with an entry already there, leaves the dict as it was.
func TestDictRoomAndAdoptDistinct(t *testing.T) {
	cases := []struct {
		size   int
		before []int64 // hashes of keys already added
		hashes []int64 // hashes of the pairs written in place
		ok     bool
	}{
		{4, nil, []int64{1, 2, 3, 4}, true},
		{4, nil, []int64{1, 2, 1}, false},
		{4, nil, []int64{7, 7}, false},
		{8, []int64{5}, []int64{1, 5}, false},
		{8, []int64{5}, []int64{1, 2, 3}, true},
		{16, nil, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, true},
		{16, nil, []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1}, false},
	}
	for ci, c := range cases {
		d := NewDictSized(c.size)
		for i, h := range c.before {
			d.Append(Int(int64(-1-i)), Int(0), h)
		}
		ver := d.Ver
		es := d.Room(len(c.hashes))
		if len(es) != len(c.hashes) {
			t.Fatalf("case %d: room of %d, want %d", ci, len(es), len(c.hashes))
		}
		for i, h := range c.hashes {
			es[i] = DictEntry{Hash: h, Key: Int(int64(100 + i)), Val: Int(int64(i))}
		}
		if got := d.AdoptDistinct(len(es)); got != c.ok {
			t.Fatalf("case %d: AdoptDistinct = %v, want %v", ci, got, c.ok)
		}
		want := len(c.before)
		if c.ok {
			want += len(c.hashes)
			if d.Ver == ver {
				t.Fatalf("case %d: Ver unchanged by an adoption", ci)
			}
		} else {
			if d.Ver != ver {
				t.Fatalf("case %d: Ver changed by a refusal", ci)
			}
			// The refused entries were cleared: the room is clean.
			for i, e := range d.Entries[len(d.Entries):cap(d.Entries)] {
				if e != (DictEntry{}) {
					t.Fatalf("case %d: refused entry %d left as %v", ci, i, e)
				}
			}
		}
		if d.Len() != want || len(d.Entries) != want {
			t.Fatalf("case %d: len %d (%d entries), want %d", ci, d.Len(), len(d.Entries), want)
		}
		if c.ok {
			for i, h := range c.hashes {
				if !d.MayHaveHash(uint64(h)) {
					t.Fatalf("case %d: bloom misses hash %d", ci, h)
				}
				if v, ok, _ := d.Get(Int(int64(100+i)), h, intEq); !ok || v.I() != int64(i) {
					t.Fatalf("case %d: get key %d = %v %v", ci, i, v, ok)
				}
			}
		}
	}
	// No room: too many pairs, an indexed dict, a clone sharing entries.
	d := NewDictSized(2)
	if d.Room(3) != nil {
		t.Fatal("room past the capacity")
	}
	for i := int64(0); i < 20; i++ {
		d.Set(Int(i), Int(i), i, intEq)
	}
	if d.Room(1) != nil {
		t.Fatal("room in an indexed dict")
	}
	s := NewDictSized(4)
	s.Append(Int(1), Int(1), 1)
	if c := cloneObject(s).(*Dict); c.Room(1) != nil {
		t.Fatal("room in a clone sharing its entries")
	}
}

// fillEmpty empties every slot of an index of any size.
func TestFillEmpty(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 8, 9, 1000, 1 << 14} {
		index := make([]int32, n)
		for i := range index {
			index[i] = int32(i)
		}
		fillEmpty(index)
		for i, s := range index {
			if s != slotEmpty {
				t.Fatalf("len %d: slot %d = %d", n, i, s)
			}
		}
	}
}

// AppendInRoom appends only what needs no allocation, leaving d's size
// as it was; every refusal changes nothing, and the keys it took are
// found as Append's are, through growth, deletion and rebuilds after.
func TestDictAppendInRoom(t *testing.T) {
	d := NewDictSized(2)
	var took, refused int
	for i := int64(0); i < 3000; i++ {
		size, ver, n := d.Size(), d.Ver, d.Len()
		if d.AppendInRoom(Int(i), Int(-i), i) {
			took++
			if d.Size() != size {
				t.Fatalf("key %d: size %d -> %d", i, size, d.Size())
			}
		} else {
			refused++
			if d.Ver != ver || d.Len() != n {
				t.Fatalf("key %d: a refusal changed the dict", i)
			}
			d.Append(Int(i), Int(-i), i)
		}
		if i%7 == 3 {
			d.Delete(Int(i-1), i-1, intEq)
		}
	}
	if took == 0 || refused == 0 {
		t.Fatalf("took %d, refused %d: both paths should run", took, refused)
	}
	for i := int64(0); i < 3000; i++ {
		v, ok, _ := d.Get(Int(i), i, intEq)
		if want := i%7 != 2; ok != want || (ok && v.I() != -i) {
			t.Fatalf("key %d: get = %v %v, want present %v", i, v, ok, want)
		}
	}
	// A small dict full to smallDict, and a clone sharing its entries,
	// take nothing in place.
	s := NewDictSized(12)
	for i := int64(0); i < smallDict; i++ {
		s.Append(Int(i), Int(i), i)
	}
	if s.AppendInRoom(Int(100), Int(0), 100) {
		t.Fatal("an index-less dict grew past smallDict in place")
	}
	o := NewDictSized(4)
	o.Append(Int(1), Int(1), 1)
	c := cloneObject(o).(*Dict)
	if c.AppendInRoom(Int(2), Int(2), 2) {
		t.Fatal("AppendInRoom on a clone sharing its entries")
	}
}
