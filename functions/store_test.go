package functions

import (
	"context"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/core/compile"
	"github.com/amber-sandbox/amber/core/syntax"
	"github.com/amber-sandbox/amber/core/vm"
)

// countingStore counts the chunks written to the store under it.
type countingStore struct {
	cas.Store
	puts int
}

func (c *countingStore) Put(ctx context.Context, a cas.Addr, b []byte) error {
	c.puts++
	return c.Store.Put(ctx, a, b)
}

func newStore(t *testing.T) (*SessionStore, *countingStore) {
	t.Helper()
	codec, err := cas.NewCodec(cas.Key{1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	cs := &countingStore{Store: cas.NewMemory()}
	return &SessionStore{Repo: cas.NewRepo(cs, codec)}, cs
}

// run executes src in m's __main__ namespace and returns what it printed.
func run(t *testing.T, m *vm.VM, src string) string {
	t.Helper()
	mod, err := syntax.Parse("main.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	code, err := compile.Compile(mod, "main.py", []byte(src), compile.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	m.Output = func(_, s string) { out.WriteString(s) }
	if err := m.StartModule(code, m.ModuleDict(m.MainModule())); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Resume(); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return out.String()
}

// A step saves only the pages it changed: after building a large heap, a
// one-element change uploads a handful of pages, and the state loads back
// (twice, as two independent forks).
func TestSaveUploadsOnlyChangedPages(t *testing.T) {
	ctx := context.Background()
	st, counter := newStore(t)
	m := vm.New()
	run(t, m, "data = [str(i) * 8 for i in range(50000)]\ntotal = 0")
	first, err := st.Save(ctx, m, vm.KindSession, nil)
	if err != nil {
		t.Fatal(err)
	}
	if first.PagesWritten < 100 {
		t.Fatalf("first save wrote %d pages; a 50,000-string heap has hundreds", first.PagesWritten)
	}

	run(t, m, "data[7] = 'changed'\ntotal += 1")
	putsBefore := counter.puts
	second, err := st.Save(ctx, m, vm.KindSession, first)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first save: %d pages, %d bytes; one-element change: %d pages, %d bytes, %d chunk writes", first.PagesWritten, first.BytesWritten, second.PagesWritten, second.BytesWritten, counter.puts-putsBefore)
	if second.PagesWritten > 4 {
		t.Errorf("a one-element change uploaded %d pages (%d bytes), want a few", second.PagesWritten, second.BytesWritten)
	}
	if puts := counter.puts - putsBefore; puts > 12 {
		t.Errorf("the incremental save made %d chunk writes", puts)
	}

	a, aSaved, err := st.Load(ctx, second.Root)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := st.Load(ctx, second.Root)
	if err != nil {
		t.Fatal(err)
	}
	run(t, a, "data.append('fork a')")
	if got := run(t, b, "print(len(data), data[7], data[8], total)"); got != "50000 changed 88888888 1\n" {
		t.Errorf("fork b sees %q", got)
	}
	if got := run(t, a, "print(len(data), data[-1])"); got != "50001 fork a\n" {
		t.Errorf("fork a sees %q", got)
	}
	// The loaded state saves incrementally too.
	third, err := st.Save(ctx, a, vm.KindSession, aSaved)
	if err != nil {
		t.Fatal(err)
	}
	if third.PagesWritten > 4 {
		t.Errorf("saving fork a after one append uploaded %d pages", third.PagesWritten)
	}
}

func TestLoadRefusesAManifestThatIsNotOne(t *testing.T) {
	ctx := context.Background()
	st, _ := newStore(t)
	snap, err := st.Repo.PutSnapshot(ctx, []byte("not a manifest"), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Load(ctx, snap.Root); err == nil {
		t.Fatal("loaded garbage")
	}
}
