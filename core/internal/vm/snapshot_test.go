package vm_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/progtest"
	"github.com/amber-sandbox/amber/core/internal/vm"
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

func snapCompile(t testing.TB, src string) *compile.Code { return progtest.MustCompile(t, src) }

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
	{"builtins-draining-paused-generators", `
def gen(n):
    for i in range(n):
        yield tool(i) + 1
m = map(lambda x: tool(x) * 2, [1, 2, 3])
print(next(m))
#---
print(sum(gen(3)), list(zip(gen(2), "ab")), {k: v for k, v in zip(range(3), gen(5))})
for v in m:
    print('m', v)
print(list(map(lambda x: tool(x), range(2))), sum(map(lambda x: tool(x), [4, 5])))
`},
	{"generator-pipeline-paused-mid-loop", `
def src(n):
    i = 0
    while i < n:
        yield tool(i)
        i += 1
    return 'end'
def sq(it):
    for x in it:
        yield x * x
def deleg(n):
    r = yield from sq(src(n))
    yield r
acc = []
g = deleg(3)
acc.append(next(g))
lst = [1, 2]
lit = iter(lst)
for v in lit:
    acc.append(v)
#---
lst.append(3)
acc.append(list(lit))
for v in g:
    acc.append(v)
    if v == 100:
        acc.append(sum(sq(src(2))))
print(acc)
`},
	{"slices-paused-mid-statement", `
perm = list(range(8))
t = tuple(perm)
#---
for k in range(1, 4):
    perm[:tool(k) // 10 + 1] = perm[k::-tool(1) // 10]
    del perm[tool(0):1]
    perm[len(perm):] = t[tool(k) // 10::2]
    print(perm, "abcdef"[tool(1) // 10:tool(3) // 10], t[::-tool(2) // 10])
`},
	{"slice-temporary-paused-before-its-store", `
class K:
    def __add__(self, o):
        return tool(self.k) // 10 + o
def flip(perm, kk, kept):
    for k in range(1, 6):
        kk.k = k
        perm[:kk + 1] = perm[k::-1]
        perm[:k + 1] = perm[k::-1]
        kept.append(perm[2::-1])
        perm[:k] = perm[1:k + 1]
perm = list(range(10))
kept = []
flip(perm, K(), kept)
#---
flip(perm, K(), kept)
perm[:2] = perm[1::-1]
print(perm, kept)
`},
	{"instance-dicts-allocated-with-their-instances", `
class Small:
    def __init__(self, a):
        self.a = a
        self.b = tool(a)
class Wide:
    def __init__(self, n):
        for i in range(n):
            setattr(self, 'f%d' % i, i)
        self.last = tool(n)
objs = [Small(i) for i in range(3)] + [Wide(n) for n in (3, 6, 10)]
v = vars(objs[0])
#---
v['c'] = 'via vars'
objs[0].a += 100
objs[1].__dict__.clear()
objs[1].z = tool(7)
objs.append(Small(tool(9)))
objs.append(Wide(7))
for o in objs:
    o.extra = tool(1)
    print(type(o).__name__, sorted(vars(o).items()))
print(v is objs[0].__dict__, objs[0].c)
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
	// Monty: about 800 bytes idle and 2,400 at a host call; be smaller.
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
	if len(idle) >= 800 || len(susp) >= 2400 {
		t.Errorf("dumps too large: idle %d, suspended %d", len(idle), len(susp))
	}
}

func TestLoadForks(t *testing.T) {
	s := newSnapSession(t)
	s.run("items = [1, 2]\ncfg = {'n': 0}\n")
	b := s.dump(vm.KindSession)
	x, _ := loadSession(t, b)
	y, _ := loadSession(t, b)
	x.run("items.append('x')\ncfg['n'] = 1\n")
	y.run("items.append('y')\n")
	x.run("print(items, cfg)\n")
	y.run("print(items, cfg)\n")
	if got, want := x.out.String(), "[1, 2, 'x'] {'n': 1}\n"; got != want {
		t.Errorf("fork x: %q, want %q", got, want)
	}
	if got, want := y.out.String(), "[1, 2, 'y'] {'n': 0}\n"; got != want {
		t.Errorf("fork y: %q, want %q", got, want)
	}
	// A snapshot forks too: both branches finish the paused feed.
	p := s.start("r = tool(4)\nprint('r', r)\n")
	b = s.dump(vm.KindSnapshot)
	x, _ = loadSession(t, b)
	y, _ = loadSession(t, b)
	x.finish(p)
	_, err := y.m.ResumeWith(heap.Int(7))
	y.settle(err)
	if x.out.String() != "r 40\n" || y.out.String() != "r 7\n" {
		t.Errorf("snapshot forks printed %q and %q", x.out.String(), y.out.String())
	}
}

func TestDumpCarriesConfigAndBudgets(t *testing.T) {
	s := newSnapSession(t)
	s.m.Filename = "agent.py"
	s.m.Limits = vm.Limits{MaxDuration: 5e9, MaxMemory: 1 << 30, MaxAllocations: 1e6, MaxRecursion: 200, MaxOutput: 4096}
	s.m.TimeUsed = 123456
	s.m.SetSessionMeta([]byte("type-check=on"))
	s.run("print('hi')\n")
	l, _ := loadSession(t, s.dump(vm.KindSession))
	if l.m.Filename != "agent.py" || l.m.Limits != s.m.Limits || l.m.TimeUsed != 123456 ||
		l.m.OutputBytes != s.m.OutputBytes || l.m.H.Allocs != s.m.H.Allocs || string(l.m.SessionMeta()) != "type-check=on" {
		t.Errorf("config did not travel: %q %+v %d %d %q", l.m.Filename, l.m.Limits, l.m.TimeUsed, l.m.OutputBytes, l.m.SessionMeta())
	}
}

func TestHostObjectComesBackAsStandIn(t *testing.T) {
	s := newSnapSession(t)
	main := s.m.ModuleDict(s.m.MainModule())
	d, _ := s.m.DictOf(main)
	k := s.m.Intern("db")
	if err := d.Set(k, s.m.H.Alloc(&heap.HostObject{Name: "db", Index: 3}), hashOf(t, s.m, k), nil); err != nil {
		t.Fatal(err)
	}
	l, _ := loadSession(t, s.dump(vm.KindSession))
	l.run("try:\n    db()\nexcept RuntimeError as e:\n    print('RuntimeError:', e)\n")
	l.run("try:\n    db.query('x')\nexcept RuntimeError as e:\n    print('RuntimeError:', e)\n")
	got := l.out.String()
	if strings.Count(got, "RuntimeError: host object 'db' belonged to the host process before the restore") != 2 {
		t.Errorf("stand-in call and method call printed %q", got)
	}
}

func hashOf(t *testing.T, m *vm.VM, v heap.Value) int64 {
	h, err := m.Hash(v)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestLoadRejectsBadInput(t *testing.T) {
	s := newSnapSession(t)
	s.run("x = [1, 'two', 3.0]\ndef f(a):\n    return a + 1\n")
	good := s.dump(vm.KindSession)
	if _, _, err := vm.Load(good); err != nil {
		t.Fatalf("good dump: %v", err)
	}
	badVersion := append([]byte(vm.Magic), 99)
	badVersion = append(badVersion, good[len(vm.Magic)+1:]...)
	var verr *vm.VersionError
	if _, _, err := vm.Load(badVersion); !errors.As(err, &verr) || verr.Got != 99 || verr.Want != vm.SnapshotVersion {
		t.Errorf("version 99: err = %v", err)
	} else if !strings.Contains(err.Error(), "version 99 is not supported") {
		t.Errorf("version error text: %v", err)
	}
	tests := []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"bad magic", append([]byte("AMBEX\x00"), good[6:]...)},
		{"trailing bytes", append(append([]byte(nil), good...), 0)},
	}
	for n := 0; n < len(good); n += 1 + len(good)/50 {
		tests = append(tests, struct {
			name string
			b    []byte
		}{fmt.Sprintf("truncated at %d", n), good[:n]})
	}
	for _, tt := range tests {
		if _, _, err := vm.Load(tt.b); !errors.Is(err, vm.ErrFormat) {
			t.Errorf("%s: err = %v, want ErrFormat", tt.name, err)
		}
	}
	// Flipped bytes are refused by the seal; resealed, they reach the
	// structure checks: a typed error or a VM that still works, never a
	// panic.
	for i := len(vm.Magic) + 1; i < len(good); i++ {
		b := append([]byte(nil), good...)
		b[i] ^= 0x5a
		if _, _, err := vm.Load(b); err == nil {
			t.Errorf("byte %d flipped: loaded", i)
		}
		loadAndPoke(t, vm.Reseal(b))
	}
}

// loadAndPoke loads b; if that works, the VM must run code without
// crashing the process.
func loadAndPoke(t testing.TB, b []byte) {
	m, kind, err := vm.Load(b)
	if err != nil {
		var verr *vm.VersionError
		if !errors.Is(err, vm.ErrFormat) && !errors.As(err, &verr) && !errors.Is(err, vm.ErrBuild) {
			t.Fatalf("untyped error: %v", err)
		}
		return
	}
	m.Output = func(string, string) {}
	// The limits in the dump are hostile too: bound the poke.
	m.Limits = vm.Limits{MaxAllocations: 1e5, MaxDuration: int64(200 * time.Millisecond), MaxMemory: 64 << 20}
	m.TimeUsed = 0
	m.Clock = func() int64 { return time.Now().UnixNano() }
	if kind == vm.KindSnapshot {
		m.ResumeWith(heap.None)
		return
	}
	s := attachSession(t, m)
	s.run("try:\n    print(x, f(1))\nexcept Exception:\n    pass\n")
}

func TestDumpKindMustMatchState(t *testing.T) {
	s := newSnapSession(t)
	if _, err := s.m.Dump(vm.KindSnapshot); !errors.Is(err, vm.ErrKind) {
		t.Errorf("snapshot of an idle VM: %v", err)
	}
	s.start("tool(1)\n")
	if _, err := s.m.Dump(vm.KindSession); !errors.Is(err, vm.ErrKind) {
		t.Errorf("session dump of a paused VM: %v", err)
	}
}

func TestIncrementalDumpEncodesOnlyChangedPages(t *testing.T) {
	s := newSnapSession(t)
	s.run("big = [str(i) for i in range(20000)]\nother = {'a': 1}\n")
	m1, pages, err := s.m.DumpPages(vm.KindSession, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range pages {
		m1.Pages[i].Ref = []byte(fmt.Sprint("addr", i))
	}
	s.run("big[12345] = 'changed'\n")
	m2, pages, err := s.m.DumpPages(vm.KindSession, m1)
	if err != nil {
		t.Fatal(err)
	}
	dirty, encoded := 0, 0
	for i, p := range pages {
		if p.Dirty {
			dirty++
		} else if !p.Base && string(p.Ref) != string(m1.Pages[i].Ref) {
			t.Errorf("clean page %d lost its ref", i)
		}
		if p.Data != nil && !p.Base {
			encoded++
		}
	}
	t.Logf("%d pages, %d encoded, %d dirty", len(pages), encoded, dirty)
	if dirty > 4 || encoded > 6 {
		t.Errorf("one change dirtied %d pages (%d encoded) of %d", dirty, encoded, len(pages))
	}
	// The incremental manifest and pages load to the same state.
	full := map[int][]byte{}
	_, fpages, _ := s.m.DumpPages(vm.KindSession, nil)
	for i, p := range fpages {
		full[i] = p.Data
	}
	l, err := vm.LoadPages(m2, func(i int) ([]byte, error) { return full[i], nil })
	if err != nil {
		t.Fatal(err)
	}
	ls := attachSession(t, l)
	ls.run("print(big[12345], big[12346], len(big), other)\n")
	if got := ls.out.String(); got != "changed 12346 20000 {'a': 1}\n" {
		t.Errorf("after LoadPages: %q", got)
	}
	// A manifest survives its own encoding.
	mb, _ := m2.MarshalBinary()
	dm, err := vm.DecodeManifest(mb)
	if err != nil || len(dm.Pages) != len(m2.Pages) || dm.HeapLen != m2.HeapLen {
		t.Errorf("manifest round trip: %v", err)
	}
}

// FuzzLoad feeds hostile bytes to the loader: it must return a typed error
// or a VM that runs without crashing the process. The seed corpus is real
// dumps of idle and paused sessions, so plain `go test` runs them.
func FuzzLoad(f *testing.F) {
	for _, tt := range snapPrograms {
		s := newSnapSession(f)
		for _, feed := range splitFeeds(tt.feeds) {
			f.Add(s.dump(vm.KindSession))
			p := s.start(feed)
			for p != nil {
				f.Add(s.dump(vm.KindSnapshot))
				p = s.answer(p)
			}
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// Bounded work per input (see .ci/run).
		if len(b) > 1<<20 {
			return
		}
		// Mutated bytes fail the seal at once; resealed, they exercise
		// the loader's own validation.
		loadAndPoke(t, b)
		loadAndPoke(t, vm.Reseal(b))
	})
}
