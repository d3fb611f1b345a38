package vm_test

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// TestGlobalSitesAfterDumpAndLoad: LOAD_GLOBAL's sites are derived and
// not dumped, so a session loaded at a pause mid-loop must fill them anew
// from its own globals and builtins dicts, and still see every later
// rebinding, shadowing and deletion. tool(x) pauses (and is x*10), and
// the session is dumped and loaded at every pause; the expected output is
// CPython 3.11's with tool = lambda x: x * 10.
func TestGlobalSitesAfterDumpAndLoad(t *testing.T) {
	feeds := splitFeeds(`import builtins
SCALE = 2
saved_min = builtins.min
def step(i):
    return min(i, 3) * SCALE + len("ab")
out = []
for i in range(6):
    out.append(step(tool(i)) + SCALE)
    SCALE = SCALE + 1
    if i == 1:
        len = lambda s: 100
    if i == 3:
        del len
    if i == 4:
        builtins.min = lambda a, b: -1
builtins.min = saved_min
print(out, min(4, 5))
#---
def later():
    return [step(tool(k)) for k in range(3)]
print(later())
del SCALE
try:
    step(tool(1))
except NameError as e:
    print("NameError:", e)
`)
	const want = "[4, 14, 116, 120, 26, 2] 4\n[2, 26, 26]\nNameError: name 'SCALE' is not defined\n"
	if got := runStraight(t, feeds); got != want {
		t.Fatalf("straight run:\n%s\nwant:\n%s", got, want)
	}
	s := newSnapSession(t)
	out := ""
	for _, f := range feeds {
		b := s.dump(vm.KindSession)
		out += s.out.String()
		s, _ = loadSession(t, b)
		p := s.start(f)
		for p != nil {
			b := s.dump(vm.KindSnapshot)
			out += s.out.String()
			s, _ = loadSession(t, b)
			p = s.answer(p)
		}
	}
	out += s.out.String()
	if out != want {
		t.Errorf("output after dumps and loads:\n%s\nwant:\n%s", out, want)
	}
}
