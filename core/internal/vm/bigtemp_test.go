package vm_test

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// A loop of big-int arithmetic computes its intermediate results into
// the temporaries before them: x = (x * 31 + i) // 7 - (x >> 4) makes two
// new big ints an iteration (the product and the shift), not five.
func TestBigTemporariesAreComputedInto(t *testing.T) {
	s := newSnapSession(t)
	s.run("x = 3 ** 200\n")
	before := s.m.H.Allocs
	s.run("for i in range(1000):\n    x = (x * 31 + i) // 7 - (x >> 4)\nprint(x % 1000003)\n")
	if got := s.m.H.Allocs - before; got > 2500 {
		t.Errorf("%d allocations for 1000 iterations, want about 2000", got)
	}
	want := bigLoopWant()
	if s.out.String() != want {
		t.Errorf("printed %q, want %q", s.out.String(), want)
	}
}

// bigLoopWant is what the loop above prints, from python3.
func bigLoopWant() string { return "782602\n" }

// A run paused between a temporary's making and its use keeps it, on
// the spot, across a dump and load, and across an incremental dump whose
// next dump must see the page of the object computed into.
func TestBigTemporaryAcrossPauseAndDumps(t *testing.T) {
	const src = "x = 7 ** 60\nkeep = x * 3\ny = (x * 3 + 1) + tool(1)\nprint(y - keep, keep == x * 3)\n"
	const want = "11 True\n"

	s := newSnapSession(t)
	p := s.start(src)
	if p == nil {
		t.Fatalf("no pause: %q", s.out.String())
	}
	l, _ := loadSession(t, s.dump(vm.KindSnapshot))
	l.finish(l.answer(l.m.Pending()))
	if got := l.out.String(); got != want {
		t.Errorf("after load: %q, want %q", got, want)
	}

	// Incremental: dump while paused, resume, dump again, load the
	// second dump from what both dumps stored.
	s = newSnapSession(t)
	p = s.start(src)
	store := map[string][]byte{}
	keep := func(m *vm.Manifest, pages []vm.Page) {
		for j, pg := range pages {
			if pg.Dirty && !pg.Base {
				key := fmt.Sprintf("%x", sha256.Sum256(pg.Data))
				store[key] = pg.Data
				m.Pages[j].Ref = []byte(key)
			}
		}
	}
	m1, pages, err := s.m.DumpPages(vm.KindSnapshot, nil)
	if err != nil {
		t.Fatal(err)
	}
	keep(m1, pages)
	s.finish(s.answer(p))
	if got := s.out.String(); got != want {
		t.Errorf("resumed in place: %q, want %q", got, want)
	}
	m2, pages, err := s.m.DumpPages(vm.KindSession, m1)
	if err != nil {
		t.Fatal(err)
	}
	keep(m2, pages)
	lm, err := vm.LoadPages(m2, func(j int) ([]byte, error) {
		if pages[j].Base {
			return pages[j].Data, nil
		}
		d, ok := store[string(m2.Pages[j].Ref)]
		if !ok {
			return nil, fmt.Errorf("page %d not stored", j)
		}
		return d, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	ls := attachSession(t, lm)
	ls.run("print(y - keep, y == x * 3 + 11)\n")
	if got := ls.out.String(); got != "11 True\n" {
		t.Errorf("loaded incrementally: %q", got)
	}
}
