package heap

import (
	"math/rand"
	"testing"
)

// checkLead fails unless every entry before d.Lead() is deleted.
func checkLead(t *testing.T, d *Dict, what string) {
	t.Helper()
	if d.Lead() > len(d.Entries) {
		t.Fatalf("%s: lead %d past %d entries", what, d.Lead(), len(d.Entries))
	}
	for i := 0; i < d.Lead(); i++ {
		if d.Entries[i].Key.K != KUndef {
			t.Fatalf("%s: entry %d before lead %d is live", what, i, d.Lead())
		}
	}
}

// Lead moves past the deleted run at the front (FIFO and LRU deletes),
// stays a lower bound under every other change, and is 0 after any
// change that compacts or replaces the entries.
func TestDictLead(t *testing.T) {
	cases := []struct {
		name string
		ops  func(d *Dict) int // returns the lead wanted afterwards, -1: any valid
	}{
		{"fifo", func(d *Dict) int {
			for i := 0; i < 10; i++ {
				d.Set(Int(int64(i)), Int(0), int64(i), intEq)
			}
			for i := 0; i < 4; i++ {
				d.Delete(Int(int64(i)), int64(i), intEq)
			}
			return 4
		}},
		{"middle first", func(d *Dict) int {
			for i := 0; i < 10; i++ {
				d.Set(Int(int64(i)), Int(0), int64(i), intEq)
			}
			d.Delete(Int(2), 2, intEq)
			d.Delete(Int(1), 1, intEq)
			d.Delete(Int(0), 0, intEq) // the run 0..2 is deleted now
			return 3
		}},
		{"all deleted", func(d *Dict) int {
			for i := 0; i < 5; i++ {
				d.Set(Int(int64(i)), Int(0), int64(i), intEq)
			}
			for i := 0; i < 5; i++ {
				d.Delete(Int(int64(i)), int64(i), intEq)
			}
			d.Set(Int(9), Int(0), 9, intEq)
			return 0
		}},
		{"compacted", func(d *Dict) int {
			for i := 0; i < 40; i++ {
				d.Set(Int(int64(i)), Int(0), int64(i), intEq)
			}
			for i := 0; i < 30; i++ {
				d.Delete(Int(int64(i)), int64(i), intEq)
			}
			// The 21st delete (Used 19 of 40 entries) compacted the
			// entries to keys 21..39; 21..29 went from the front since.
			return 9
		}},
		{"clear and copy", func(d *Dict) int {
			for i := 0; i < 10; i++ {
				d.Set(Int(int64(i)), Int(0), int64(i), intEq)
			}
			d.Delete(Int(0), 0, intEq)
			src := &Dict{}
			src.CopyFrom(d)
			if src.Lead() != 0 {
				return -2
			}
			d.Clear()
			return 0
		}},
	}
	for _, c := range cases {
		d := &Dict{}
		want := c.ops(d)
		checkLead(t, d, c.name)
		if want >= 0 && d.Lead() != want {
			t.Errorf("%s: lead %d, want %d", c.name, d.Lead(), want)
		}
		if want == -2 {
			t.Errorf("%s: a copy kept a lead", c.name)
		}
	}
	// Random sets and deletes keep the invariant.
	r := rand.New(rand.NewSource(1))
	d := &Dict{}
	for step := 0; step < 20000; step++ {
		k := int64(r.Intn(200))
		if r.Intn(3) == 0 {
			d.Set(Int(k), Int(k), k, intEq)
		} else {
			d.Delete(Int(k), k, intEq)
		}
		checkLead(t, d, "random")
	}
}
