package vm_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/compile"
	"github.com/amber-sandbox/amber/core/heap"
	"github.com/amber-sandbox/amber/core/syntax"
	"github.com/amber-sandbox/amber/core/vm"
)

// snapSession is a VM driven like a session: feeds run in __main__, host
// calls are answered by answer.
type snapSession struct {
	t   testing.TB
	m   *vm.VM
	out *strings.Builder
}

func snapHost() vm.Host {
	return suspTestHost{funcs: map[string]bool{"tool": true, "fail": true}, names: map[string]bool{"secret": true}}
}

func newSnapSession(t testing.TB) *snapSession {
	m := vm.New()
	m.MainModule()
	return attachSession(t, m)
}

func attachSession(t testing.TB, m *vm.VM) *snapSession {
	out := &strings.Builder{}
	m.Host = snapHost()
	m.Output = func(stream, text string) { out.WriteString(text) }
	return &snapSession{t: t, m: m, out: out}
}

func snapCompile(t testing.TB, src string) *compile.Code {
	t.Helper()
	mod, err := syntax.Parse("main.py", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	code, err := compile.Compile(mod, "main.py", []byte(src), compile.Options{})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return code
}

// start begins a feed and runs it until it ends or pauses; it returns the
// pause, if any.
func (s *snapSession) start(src string) *vm.Suspension {
	s.t.Helper()
	if err := s.m.StartModule(snapCompile(s.t, src), s.m.ModuleDict(s.m.MainModule())); err != nil {
		s.t.Fatalf("start: %v", err)
	}
	_, err := s.m.Resume()
	return s.settle(err)
}

func (s *snapSession) settle(err error) *vm.Suspension {
	s.t.Helper()
	var susp *vm.Suspended
	if errors.As(err, &susp) {
		return susp.S
	}
	if err != nil {
		fmt.Fprintf(s.out, "error: %s\n", suspTestErr(s.m, err))
	}
	return nil
}

// answer resumes a pause the way suspTestTimesTen does.
func (s *snapSession) answer(p *vm.Suspension) *vm.Suspension {
	s.t.Helper()
	val, exc := suspTestTimesTen(s.m, p)
	var err error
	if exc.K == heap.KRef {
		_, err = s.m.ResumeRaise(exc)
	} else {
		_, err = s.m.ResumeWith(val)
	}
	return s.settle(err)
}

// finish answers pauses until the feed ends.
func (s *snapSession) finish(p *vm.Suspension) {
	for i := 0; p != nil; i++ {
		if i > 1000 {
			s.t.Fatal("too many pauses")
		}
		p = s.answer(p)
	}
}

func (s *snapSession) run(src string) { s.finish(s.start(src)) }

func (s *snapSession) dump(kind vm.DumpKind) []byte {
	s.t.Helper()
	b, err := s.m.Dump(kind)
	if err != nil {
		s.t.Fatalf("dump: %v", err)
	}
	return b
}

func loadSession(t testing.TB, b []byte) (*snapSession, vm.DumpKind) {
	t.Helper()
	m, kind, err := vm.Load(b)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return attachSession(t, m), kind
}

// snapPrograms are feeds (separated by "#---") whose output must not
// change when the session is dumped and loaded between any two feeds and
// at every pause.
var snapPrograms = []struct {
	name  string
	feeds string
}{
	{"globals", `
x = 1
names = ['a', 'b']
#---
x += 41
names.append('c')
print(x, names)
#---
print(sorted({3: 'c', 1: 'a'}.items()), {1, 2, 3}, frozenset('ab') == frozenset('ba'))
`},
	{"classes", `
class Point:
    """A point."""
    count = 0
    def __init__(self, x, y):
        self.x, self.y = x, y
        Point.count += 1
    @property
    def norm(self):
        return abs(self.x) + abs(self.y)
    @classmethod
    def origin(cls):
        return cls(0, 0)
    @staticmethod
    def unit():
        return Point(1, 1)
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
class Err(ValueError):
    pass
p = Point(3, -4)
#---
print(p, p.norm, Point.origin(), Point.unit(), Point.count, Point.__doc__)
try:
    raise Err("boom")
except ValueError as e:
    print(type(e).__name__, e, isinstance(e, Err))
`},
	{"closures-generators", `
def counter():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    return inc
c = counter()
c()
def gen():
    for i in range(5):
        yield i * i
g = gen()
next(g)
it = iter([10, 20, 30])
next(it)
d = {'k': 1, 'j': 2}
del d['k']
d['z'] = 3
#---
print(c(), c(), list(g), list(it), d, 2**100, 1.5, 3+4j, b'xy', bytearray(b'q'), range(2, 9, 3), slice(1, 2))
`},
	{"host-calls", `
def helper(v):
    return tool(v) + 1
total = 0
for i in range(3):
    total += helper(i)
print('total', total)
#---
def gen():
    yield tool(5)
    yield secret
print(list(gen()))
try:
    fail()
except ValueError as e:
    print('caught', e)
`},
	{"big-list", `
big = [i for i in range(5000)]
tup = tuple(big)
#---
big[4000] = 'changed'
big.append(-1)
print(len(big), big[4000], big[-1], sum(tup))
`},
}

func splitFeeds(s string) []string { return strings.Split(s, "#---\n") }

// runStraight runs every feed without dumping.
func runStraight(t *testing.T, feeds []string) string {
	s := newSnapSession(t)
	for _, f := range feeds {
		s.run(f)
	}
	return s.out.String()
}

func TestDumpLoadBetweenFeedsAndAtPauses(t *testing.T) {
	for _, tt := range snapPrograms {
		t.Run(tt.name, func(t *testing.T) {
			feeds := splitFeeds(tt.feeds)
			want := runStraight(t, feeds)
			s := newSnapSession(t)
			var out strings.Builder
			for _, f := range feeds {
				// Dump and load the idle session before each feed.
				b := s.dump(vm.KindSession)
				out.WriteString(s.out.String())
				var kind vm.DumpKind
				s, kind = loadSession(t, b)
				if kind != vm.KindSession {
					t.Fatalf("kind = %v", kind)
				}
				p := s.start(f)
				for p != nil {
					// And at every pause.
					b := s.dump(vm.KindSnapshot)
					out.WriteString(s.out.String())
					s, kind = loadSession(t, b)
					if kind != vm.KindSnapshot {
						t.Fatalf("kind = %v", kind)
					}
					p = s.answer(p)
				}
			}
			out.WriteString(s.out.String())
			if out.String() != want {
				t.Errorf("output after dumps and loads:\n%s\nwant:\n%s", out.String(), want)
			}
		})
	}
}

func TestDumpIsDeterministic(t *testing.T) {
	for _, tt := range snapPrograms {
		t.Run(tt.name, func(t *testing.T) {
			feeds := splitFeeds(tt.feeds)
			a, b := newSnapSession(t), newSnapSession(t)
			for _, f := range feeds {
				pa, pb := a.start(f), b.start(f)
				for pa != nil {
					if !bytes.Equal(snapPages(t, a.m, vm.KindSnapshot), snapPages(t, b.m, vm.KindSnapshot)) {
						t.Fatalf("two runs give different pages at a pause")
					}
					// Dump, load, dump again: the same pages.
					da := a.dump(vm.KindSnapshot)
					l, _ := loadSession(t, da)
					if !bytes.Equal(snapPages(t, a.m, vm.KindSnapshot), snapPages(t, l.m, vm.KindSnapshot)) {
						t.Fatalf("dump, load, dump gives different pages")
					}
					pa, pb = a.answer(pa), b.answer(pb)
				}
				if !bytes.Equal(snapPages(t, a.m, vm.KindSession), snapPages(t, b.m, vm.KindSession)) {
					t.Fatalf("two runs give different pages")
				}
				l, _ := loadSession(t, a.dump(vm.KindSession))
				if !bytes.Equal(snapPages(t, a.m, vm.KindSession), snapPages(t, l.m, vm.KindSession)) {
					t.Fatalf("dump, load, dump gives different pages")
				}
			}
		})
	}
}

// snapPages concatenates the pages of a full dump (with their indexes).
func snapPages(t *testing.T, m *vm.VM, kind vm.DumpKind) []byte {
	t.Helper()
	man, pages, err := m.DumpPages(kind, nil)
	if err != nil {
		t.Fatalf("dump: %v", err)
	}
	var out []byte
	for i, p := range pages {
		out = fmt.Appendf(out, "%d %v %v:", i, man.Pages[i].Seq, man.Pages[i].N)
		out = append(out, p.Data...)
	}
	return out
}

func TestDumpSizes(t *testing.T) {
	s := newSnapSession(t)
	idle := s.dump(vm.KindSession)
	p := s.start("x = tool(1)\n")
	if p == nil {
		t.Fatal("no pause")
	}
	susp := s.dump(vm.KindSnapshot)
	t.Logf("fresh idle session: %d bytes; suspended at a host call: %d bytes", len(idle), len(susp))
	m, pages, _ := s.m.DumpPages(vm.KindSnapshot, nil)
	for i, p := range pages {
		if !p.Base {
			t.Logf("page %d (%v/%d): %d bytes", i, m.Pages[i].Seq, m.Pages[i].N, len(p.Data))
		}
	}
	t.Logf("roots %d meta %d", len(m.Roots), len(m.Meta))
}
