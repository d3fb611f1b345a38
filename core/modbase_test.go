package core_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

// sixImports is a session that imported the standard library modules an
// agent typically uses and defined a few variables.
const sixImports = `import json, re, collections, dataclasses, datetime, asyncio
config = {"retries": 3, "name": "agent"}
seen = {"a": 5, "b": 2}
pattern = re.compile(r"\d+")
when = datetime.date(2024, 1, 2)
`

// viaDump returns a new session loaded from s's single-blob dump, which
// must be at most max bytes (0: any size).
func viaDump(t *testing.T, s *core.Session, max int) *core.Session {
	t.Helper()
	b, err := s.Dump()
	if err != nil {
		t.Fatal(err)
	}
	if max > 0 && len(b) > max {
		t.Errorf("the session dumps %d bytes, want at most %d", len(b), max)
	}
	l := core.NewSession(core.Config{})
	if err := l.LoadSession(b); err != nil {
		t.Fatal(err)
	}
	return l
}

// viaPages returns a new session loaded from s's page dump (incremental
// against prev), stored in ps, and the loaded manifest.
func viaPages(t *testing.T, ps *pageStore, s *core.Session, prev *core.PageDump) (*core.Session, *core.PageDump) {
	t.Helper()
	d, err := s.DumpPages(prev)
	if err != nil {
		t.Fatal(err)
	}
	ps.save(t, d)
	r, fetch := ps.reload(t, d)
	l := core.NewSession(core.Config{})
	if err := l.LoadSessionPages(r, fetch); err != nil {
		t.Fatal(err)
	}
	return l, r
}

// The standard library comes from the shared module base: importing it
// costs a session's dump almost nothing.
func TestImportedModulesDumpSmall(t *testing.T) {
	s := core.NewSession(core.Config{})
	feed(t, s, sixImports, nil)
	l := viaDump(t, s, 2048)
	got := feed(t, l, `(json.dumps(config), collections.Counter(seen).most_common(1), pattern.findall("a1b22"), when.isoformat(), asyncio.run(asyncio.sleep(0, "ok")))`, nil).Repr
	if want := `('{"retries": 3, "name": "agent"}', [('a', 5)], ['1', '22'], '2024-01-02', 'ok')`; got != want {
		t.Errorf("after load: %s, want %s", got, want)
	}
}

// mutations change pre-built modules in the ways sandboxed code does: an
// attribute, a registry reachable from a module, a generator's state.
const mutations = `import json, logging, random, collections
json.x = [1, 2]
logging.getLogger("a").setLevel(10)
random.seed(3)
collections.OrderedDict.extra = "class attribute"
`

const mutatedCheck = `(json.x, logging.getLogger("a").level, random.random(), collections.OrderedDict.extra, json.dumps([1]))`

func TestMutatedModulesRoundTrip(t *testing.T) {
	s := core.NewSession(core.Config{})
	feed(t, s, mutations, nil)
	want := feed(t, s, mutatedCheck, nil).Repr
	// The same session state, seen again after each kind of round trip.
	s = core.NewSession(core.Config{})
	feed(t, s, mutations, nil)
	if got := feed(t, viaDump(t, s, 0), mutatedCheck, nil).Repr; got != want {
		t.Errorf("after Dump/LoadSession: %s, want %s", got, want)
	}
	ps := &pageStore{pages: map[string][]byte{}}
	p, r := viaPages(t, ps, s, nil)
	if got := feed(t, p, mutatedCheck, nil).Repr; got != want {
		t.Errorf("after DumpPages/LoadSessionPages: %s, want %s", got, want)
	}
	// A change after the load is dumped incrementally and survives too.
	feed(t, p, "json.y = 'later'", nil)
	q, _ := viaPages(t, ps, p, r)
	if got := feed(t, q, "(json.y, json.x)", nil).Repr; got != "('later', [1, 2])" {
		t.Errorf("after an incremental dump: %s", got)
	}
}

// Sessions in one process share the pre-built modules but never see each
// other's changes, whether they started fresh or were loaded.
func TestModuleBaseIsolatesSessions(t *testing.T) {
	a := core.NewSession(core.Config{})
	feed(t, a, mutations, nil)
	loaded := viaDump(t, a, 0)
	feed(t, loaded, "json.z = 1\nlogging.getLogger('a').setLevel(30)", nil)
	const fresh = `import json, logging, random, collections
first = random.random()
random.seed()
(hasattr(json, "x"), hasattr(json, "z"), logging.getLogger("a").level, first == random.random(), hasattr(collections.OrderedDict, "extra"))`
	want := "(False, False, 0, True, False)"
	for i := 0; i < 2; i++ {
		if got := feed(t, core.NewSession(core.Config{}), fresh, nil).Repr; got != want {
			t.Fatalf("a fresh session sees %s, want %s", got, want)
		}
	}
	if got := feed(t, a, "(json.x, hasattr(json, 'z'), logging.getLogger('a').level)", nil).Repr; got != "([1, 2], False, 10)" {
		t.Errorf("the first session sees %s", got)
	}
}

// Sessions binding and changing the same pre-built modules at once, in
// parallel, must neither race (run under -race) nor see each other's
// changes, fresh or loaded.
func TestModuleBaseInParallel(t *testing.T) {
	inParallel(t, 4, 5, func(w, r int) error {
		s := core.NewSession(core.Config{})
		src := fmt.Sprintf(`import json, logging, random, collections, asyncio
before = (hasattr(json, "mine"), logging.getLogger("w").level)
json.mine = %d
logging.getLogger("w").setLevel(%d)
random.seed(%d)
collections.OrderedDict.mine = json.mine
(before, json.mine, collections.OrderedDict.mine, logging.getLogger("w").level)`, w, 10+w, r)
		want := fmt.Sprintf("((False, 0), %d, %d, %d)", w, w, 10+w)
		got, err := s.FeedRun(src, nil)
		if err != nil {
			return err
		}
		if got.Repr != want {
			return fmt.Errorf("got %s, want %s", got.Repr, want)
		}
		b, err := s.Dump()
		if err != nil {
			return err
		}
		l := core.NewSession(core.Config{})
		if err := l.LoadSession(b); err != nil {
			return err
		}
		got, err = l.FeedRun("json.mine += 100\n(json.mine, collections.OrderedDict.mine, logging.getLogger('w').level)", nil)
		if err != nil {
			return err
		}
		if want := fmt.Sprintf("(%d, %d, %d)", w+100, w, 10+w); got.Repr != want {
			return fmt.Errorf("loaded: got %s, want %s", got.Repr, want)
		}
		return nil
	})
}

// Importing from the base keeps Python's import semantics.
func TestModuleBaseImportSemantics(t *testing.T) {
	s := core.NewSession(core.Config{ScriptName: "agent.py"})
	cases := []struct{ src, want string }{
		{"import json\nimport json as j2\njson is j2", "True"},
		{"import sys\n(sys.argv, 'json' in sys.modules, 'json.decoder' in sys.modules or True)", "(['agent.py'], True, True)"},
		{"import sys\nold = sys.modules.pop('json')\nold.marker = 1\nimport json\n(json is old, hasattr(json, 'marker'), json.dumps({'a': 1}))", "(False, False, '{\"a\": 1}')"},
		{"from collections import *\n(OrderedDict.__name__, 'deque' in dir())", "('OrderedDict', True)"},
		{"import collections.abc\nissubclass(dict, collections.abc.Mapping)", "True"},
		{"import sys\nsys.modules['re'] = 'fake'\nimport fnmatch\nfnmatch._re", "'fake'"},
	}
	for _, c := range cases {
		if got := feed(t, s, c.src, nil).Repr; got != c.want {
			t.Errorf("%q: got %s, want %s", c.src, got, c.want)
		}
	}
}

// The numbers of issue 12 item 3: run with
//
//	go test -run '^$' -bench 'ModuleBase|NewSessionFeedRun' ./core/
//
// (TemplateBuild first, so that its number is the cold build's.)
func BenchmarkModuleBaseDumpSize(b *testing.B) {
	s := core.NewSession(core.Config{})
	if _, err := s.FeedRun(sixImports, nil); err != nil {
		b.Fatal(err)
	}
	var n int
	for i := 0; i < b.N; i++ {
		d, err := s.Dump()
		if err != nil {
			b.Fatal(err)
		}
		n = len(d)
	}
	b.ReportMetric(float64(n), "dump-bytes")
}

func benchImport(b *testing.B, src string) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s := core.NewSession(core.Config{})
		if _, err := s.FeedRun("0", nil); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := s.FeedRun(src, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkModuleBaseImportJSON(b *testing.B) { benchImport(b, "import json") }

func BenchmarkModuleBaseImportSix(b *testing.B) {
	benchImport(b, "import json, re, collections, dataclasses, datetime, asyncio")
}

// BenchmarkModuleBaseTemplateBuild reports the once-per-process cost of
// building the template (run it alone, with -count=1, for a cold number).
func BenchmarkModuleBaseTemplateBuild(b *testing.B) {
	for i := 0; i < b.N; i++ {
		core.NewSession(core.Config{})
	}
	b.ReportMetric(float64(vm.TemplateBuildTime().Microseconds())/1000, "template-build-ms")
	// The base image is encoded on the first dump or load.
	start := time.Now()
	if _, err := vm.BaseImageID(); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000, "base-image-ms")
}

func BenchmarkModuleBaseLoad(b *testing.B) {
	s := core.NewSession(core.Config{})
	if _, err := s.FeedRun(sixImports, nil); err != nil {
		b.Fatal(err)
	}
	d, err := s.Dump()
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := core.NewSession(core.Config{}).LoadSession(d); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTemplateFromBaseImage: a process linking core (the standard library
// included) decodes its template from the base image built into the
// binary rather than building it, and its sessions still see the
// pre-built modules (an import binds, and works).
func TestTemplateFromBaseImage(t *testing.T) {
	s := core.NewSession(core.Config{})
	if !vm.TemplateFromImage() {
		t.Fatal("the process built its template: the embedded base image is not this build's (run go generate ./core/internal/vm)")
	}
	var out []string
	if _, err := s.FeedRun("import json, re, collections, datetime, math\nprint(json.dumps({'a': [1, math.floor(2.5)]}), re.sub('b+', '-', 'abbbc'), collections.Counter('aab')['a'], datetime.date(2024, 2, 29).isoformat())",
		&core.FeedOptions{Print: func(_, s string) { out = append(out, s) }}); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(out, ""), `{"a": [1, 2]} a-c 2 2024-02-29`+"\n"; got != want {
		t.Fatalf("printed %s, want %s", got, want)
	}
}
