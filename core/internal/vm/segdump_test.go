package vm_test

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// TestIncrementalSegmentsFollowEveryMutation checks incremental page
// dumps of a big list against the live session after each kind of
// mutation. A small list on the same page changes at every step, so the
// big list's page is always dirty and only its own marks say which of its
// segments to encode again. Each dump is loaded from a store that holds
// only what the dumps wrote, the way the engine keeps pages.
func TestIncrementalSegmentsFollowEveryMutation(t *testing.T) {
	steps := []struct{ name, code string }{
		{"untouched", ""},
		{"setitem", "big[10] = -1\nbig[4000] = 'x'"},
		{"append", "big.append(7)"},
		{"insert at front", "big.insert(0, 99)"},
		{"pop", "big.pop()\nbig.pop(0)"},
		{"sort", "big.sort(key=str)"},
		{"reverse", "big.reverse()"},
		{"delete slice", "del big[100:200]"},
		{"extend", "big.extend(range(300))"},
		{"augmented add", "big += [1, 2]"},
		{"slice assignment", "big[5:7] = ['a', 'b', 'c']"},
		{"extended slice", "big[::3] = big[::3][::-1]"},
		{"remove", "big.remove(99)"},
		{"repeat", "big *= 2"},
		{"clear and refill", "big.clear()\nbig.extend(range(4500, 0, -1))"},
		{"rebind", "old = big\nbig = [str(i) for i in range(5000)]"},
		{"drop and collect", "old = None\nbig = None"},
		{"new list in freed slots", "big = [i * 3 for i in range(6000)]"},
		{"tuple", "tup = tuple(big)\nbig[0] = 'changed'"},
		{"untouched again", ""},
	}
	s := newSnapSession(t)
	s.run("big = list(range(5000))\nmate = []\ntup = ()\nk = 0\n")
	store := map[string][]byte{}
	prev := (*vm.Manifest)(nil)
	for i, st := range steps {
		s.run(st.code + "\nk += 1\nmate.append(k)\n")
		if st.name == "drop and collect" {
			s.m.Collect()
		}
		m, pages, err := s.m.DumpPages(vm.KindSession, prev)
		if err != nil {
			t.Fatalf("%s: dump: %v", st.name, err)
		}
		for j, p := range pages {
			if p.Dirty && !p.Base {
				key := fmt.Sprintf("%x", sha256.Sum256(p.Data))
				store[key] = p.Data
				m.Pages[j].Ref = []byte(key)
			}
		}
		l, err := vm.LoadPages(m, func(j int) ([]byte, error) {
			if pages[j].Base {
				return pages[j].Data, nil
			}
			d, ok := store[string(m.Pages[j].Ref)]
			if !ok {
				return nil, fmt.Errorf("page %d: ref %q not stored", j, m.Pages[j].Ref)
			}
			return d, nil
		})
		if err != nil {
			t.Fatalf("%s: load: %v", st.name, err)
		}
		const probe = "print(len(big or ()), repr(big), repr(tup), mate[-3:], k)\n"
		s.out.Reset()
		s.run(probe)
		want := s.out.String()
		ls := attachSession(t, l)
		ls.run(probe)
		if got := ls.out.String(); got != want {
			t.Fatalf("step %d (%s): loaded state differs from the live one:\n got %.200s\nwant %.200s", i, st.name, got, want)
		}
		if !strings.Contains(want, fmt.Sprintf(" %d\n", i+1)) {
			t.Fatalf("step %d (%s): probe %q", i, st.name, want)
		}
		prev = m
	}
}
