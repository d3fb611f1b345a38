package core_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// Sessions share the builtin world and compiled code; running many of them
// at once must neither race nor leak state from one into another. Run it
// under -race (CI does).
func TestSessionsInParallel(t *testing.T) {
	inParallel(t, 4, 20, func(w, r int) error {
		n := w*1000 + r
		src := fmt.Sprintf(`
import json, re, base64, hashlib, random, struct, io, math, itertools, collections, datetime, zlib, decimal, fractions
random.seed(7)
extra = (base64.b64decode(base64.b64encode(b"xy")), hashlib.sha256(b"a").hexdigest()[:6], random.randint(1, 9),
         struct.unpack("<i", struct.pack("<i", -5))[0], io.StringIO("a\nb").readlines(), math.isqrt(99),
         list(itertools.islice(itertools.count(3), 2)), collections.Counter("aab").most_common(1),
         datetime.date(2024, 1, 31).isoformat(), len(zlib.compress(b"aaaa")) > 0,
         str(decimal.Decimal("1.10") + 1), str(fractions.Fraction(1, 3) * 3))
assert extra == (b"xy", "ca9781", 6, -5, ["a\n", "b"], 9, [3, 4], [("a", 2)], "2024-01-31", True, "2.10", "1"), extra
class P:
    def __init__(self, v): self.v = v
xs = sorted([P(i) for i in range(20)], key=lambda p: -p.v)
n = %d
json.dumps({"n": n, "s": re.sub(r"\d", "#", str(xs[0].v))}) + str(n)`, n)
		return reprIs(core.NewSession(core.Config{}), src, nil, fmt.Sprintf(`'{"n": %d, "s": "##"}%d'`, n, n))
	})
}

// New sessions share the builtin world's heap pages and borrow its
// builtins and sys.modules dicts until they change them. Sessions that
// change all of these at once, in parallel, must neither race (run under
// -race) nor see each other's changes.
func TestSessionsChangingTheSharedWorldInParallel(t *testing.T) {
	inParallel(t, 4, 10, func(w, r int) error {
		n := w*100 + r
		src := fmt.Sprintf(`
import builtins, sys
before = hasattr(builtins, "mine")
builtins.mine = %d
del builtins.abs
sys.modules["fake"] = 42
vars(builtins)["also"] = mine
big = [0] * 5000
for i in range(0, 5000, 7):
    big[i] = i
(before, mine, also, "abs" in vars(builtins), sys.modules["fake"], sum(big) > 0)`, n)
		if err := reprIs(core.NewSession(core.Config{}), src, nil, fmt.Sprintf("(False, %d, %d, False, 42, True)", n, n)); err != nil {
			return err
		}
		if err := reprIs(core.NewSession(core.Config{}), `import builtins, sys; (hasattr(builtins, "mine"), abs(-1), "fake" in sys.modules)`, nil, "(False, 1, False)"); err != nil {
			return fmt.Errorf("a fresh session: %w", err)
		}
		return nil
	})
}

// Each goroutine runs its own session through programs that repr, sort,
// format and hash containers (including recursive ones), the builtins that
// keep per-call state. Under -race this catches any of it that is shared.
func TestParallelSessionsContainers(t *testing.T) {
	const workers, rounds = 6, 15
	prog := `
xs = [3, 1, 2]
xs.append(xs)
d = {"k": xs, 2: (1.5, "s", b"b")}
d["self"] = d
r = repr(xs) + repr(d) + repr({1, 2}) + repr(frozenset([3]))
srt = sorted([(i * 7919) %% 101 for i in range(60)], key=lambda v: -v)[:5]
sorted_strs = sorted(["b%%d" %% i for i in range(20)], reverse=True)[:3]
f = f"{3.14159:.2f}|{%d:>6}|{'x':*^5}|{[1, 2]!r:>10}|" + format(1234567.891, ",.1f") + "%%05d" %% 42
h = hash((1, "a", 2.5, frozenset([1, 2]), None)) == hash((1, "a", 2.5, frozenset([2, 1]), None))
out = (r, srt, sorted_strs, f, h, len({(i, str(i)): i for i in range(50)}))
str(out)`
	const want = `'("[3, 1, 2, [...]]{\'k\': [3, 1, 2, [...]], 2: (1.5, \'s\', b\'b\'), \'self\': {...}}{1, 2}frozenset({3})", [100, 97, 96, 94, 93], [\'b9\', \'b8\', \'b7\'], \'3.14|    42|**x**|    [1, 2]|1,234,567.900042\', True, 50)'`
	inParallel(t, workers, rounds, func(w, r int) error {
		return reprIs(core.NewSession(core.Config{}), fmt.Sprintf(prog, 42), nil, want)
	})
}

// inParallel runs fn(worker, round) for rounds rounds in each of workers
// goroutines and reports every error.
func inParallel(t *testing.T, workers, rounds int, fn func(w, r int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				if err := fn(w, r); err != nil {
					errs <- fmt.Errorf("worker %d round %d: %w", w, r, err)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// Sessions start from one __main__ module the template made and share one
// table of the one-character ASCII strs: sessions binding globals, deleting
// __main__'s own names and walking strs of every ASCII character, in
// parallel, must neither race (run under -race) nor see each other.
func TestSessionsMainAndStrsInParallel(t *testing.T) {
	inParallel(t, 4, 10, func(w, r int) error {
		n := w*100 + r
		src := fmt.Sprintf(`
before = sorted(k for k in globals() if not k.startswith("__"))
import sys
mine = %d
del __builtins__
chars = "".join(chr(i) for i in range(128))
back = "".join(c for c in chars)
sys.modules["__main__"].extra = mine
(before, back == chars, len(set(chars)), extra, __name__)`, n)
		s := core.NewSession(core.Config{})
		if err := reprIs(s, src, nil, fmt.Sprintf("([], True, 128, %d, '__main__')", n)); err != nil {
			return err
		}
		d, err := s.Dump()
		if err != nil {
			return err
		}
		l := core.NewSession(core.Config{})
		if err := l.LoadSession(d); err != nil {
			return err
		}
		if err := reprIs(l, `(mine, extra, "".join(chr(i) for i in range(128)) == chars)`, nil, fmt.Sprintf("(%d, %d, True)", n, n)); err != nil {
			return fmt.Errorf("loaded: %w", err)
		}
		return reprIs(core.NewSession(core.Config{}), `("mine" in globals(), "__builtins__" in globals(), __name__)`, nil, "(False, True, '__main__')")
	})
}

// The speed work keeps caches beside shared objects: a function's code,
// keyword-name maps per call site, attribute sites, small-int strs, the
// _amber helpers behind zip/map/list.extend, sort columns, format specs.
// Sessions driving all of them at once must neither race (run under
// -race) nor see each other's values.
func TestSessionsFastPathsInParallel(t *testing.T) {
	const prog = `
import re, json
class Base:
    def __init__(self, v, *, scale=1):
        self.v = v * scale
    @property
    def double(self):
        return self.v * 2
    def __lt__(self, other):
        return self.v < other.v
class Child(Base):
    def __init__(self, v, tag="t"):
        super().__init__(v, scale=%d)
        self.tag = tag
def gen(n):
    for i in range(n):
        yield i
def kw(a, b=2, *, c=3):
    return a + b * c
objs = sorted([Child(i %% 7, tag=str(i)) for i in range(40)])
pairs = list(zip(gen(30), map(lambda x: x * %d, range(30))))
total = sum(a + b for a, b in pairs) + sum(kw(i, c=i) for i in range(50))
acc = []
acc.extend(x for x in gen(10) if x %% 2)
words = " ".join(f"{o.double:>4}|{o.tag}" for o in objs[:10])
keys = sorted(((i %% 5, str(i)) for i in range(30)), key=lambda t: (t[1], t[0]))
d = {}
for i, (a, b) in enumerate(pairs):
    d.setdefault(a %% 4, []).append(b)
big = 1
for i in range(1, 40):
    big = big * i + %d
str((total, acc, words, keys[:3], sorted(d), len(re.findall(r"\d+", words)), json.dumps(d)[:20], big %% 1000003))`
	want := func(n int) (string, error) {
		s := core.NewSession(core.Config{})
		got, err := s.FeedRun(fmt.Sprintf(prog, n, n, n), nil)
		if err != nil {
			return "", err
		}
		return got.Repr, nil
	}
	wants := map[int]string{}
	for n := 1; n <= 4; n++ {
		w, err := want(n)
		if err != nil {
			t.Fatal(err)
		}
		wants[n] = w
	}
	if wants[1] == wants[2] {
		t.Fatal("the program's result does not depend on its parameter")
	}
	inParallel(t, 4, 8, func(w, r int) error {
		n := (w+r)%4 + 1
		return reprIs(core.NewSession(core.Config{}), fmt.Sprintf(prog, n, n, n), nil, wants[n])
	})
}
