package cas

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestGCConcurrentWriter: garbage older than the grace period goes; what the
// roots reach, what a concurrent writer is writing (not yet a root), and an
// old garbage chunk the writer deduplicates against all stay.
func TestGCConcurrentWriter(t *testing.T) {
	ctx := context.Background()
	mem := NewMemory()
	var clock atomic.Int64
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	clock.Store(t0.UnixNano())
	mem.SetClock(func() time.Time { return time.Unix(0, clock.Load()) })
	r := NewRepo(mem, mustCodec(t, testKey(1)))

	live := putSnapshot(t, r, "live", newPages(1, 300, 512), nil)
	deadPages := newPages(2, 300, 512)
	dead := putSnapshot(t, r, "dead", deadPages, nil)
	clock.Store(t0.Add(2 * time.Hour).UnixNano())
	const grace = time.Hour

	// The writer forks the live snapshot over and over, reusing one page of
	// the dead snapshot (dedup against garbage) and adding new pages.
	var (
		wg      sync.WaitGroup
		stop    atomic.Bool
		written []*Snapshot
		mu      sync.Mutex
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; !stop.Load() || i < 3; i++ {
			step := unchanged(live)
			step[0] = Page{Data: deadPages[7].Data}
			step[1] = Page{Data: page(uint64(77_000+i), 512)}
			s, err := r.PutSnapshot(ctx, []byte("fork"), step, live)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			written = append(written, s)
			mu.Unlock()
		}
	}()
	var (
		rep GCReport
		err error
	)
	for range 3 {
		rep, err = r.GC(ctx, []Addr{live.Root}, GCOptions{Grace: grace, Now: time.Unix(0, clock.Load())})
		if err != nil {
			t.Fatal(err)
		}
	}
	stop.Store(true)
	wg.Wait()
	t.Logf("last run: %v", rep)

	// Everything reachable from the live root and from every fork the writer
	// made is intact.
	mu.Lock()
	check := append([]*Snapshot{live}, written...)
	mu.Unlock()
	for _, s := range check {
		got, err := r.GetSnapshot(ctx, s.Root)
		if err != nil {
			t.Fatalf("snapshot lost: %v", err)
		}
		if _, err := r.GetPages(ctx, got.Pages); err != nil {
			t.Fatalf("pages lost: %v", err)
		}
	}
	// The dead snapshot's manifest and its other pages are gone.
	if _, err := r.GetSnapshot(ctx, dead.Root); !errors.Is(err, ErrNotFound) {
		t.Fatalf("dead root: %v", err)
	}
	if ok, _ := r.Has(ctx, dead.Pages[8].Addr); ok {
		t.Fatal("dead page kept")
	}
	// A final GC with the forks as roots deletes nothing young or reachable.
	var roots []Addr
	for _, s := range check {
		roots = append(roots, s.Root)
	}
	rep, err = r.GC(ctx, roots, GCOptions{Grace: grace, Now: time.Unix(0, clock.Load())})
	if err != nil || rep.Deleted != 0 {
		t.Fatalf("second GC: %v, %v", rep, err)
	}
}

func TestGCGraceAndResume(t *testing.T) {
	ctx := context.Background()
	d, err := NewDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r := NewRepo(d, mustCodec(t, testKey(1)))
	keep, _ := r.PutSnapshot(ctx, []byte("k"), newPages(3, 10, 100), nil)
	garbage, _ := r.PutMany(ctx, [][]byte{[]byte("g1"), []byte("g2"), []byte("g3"), []byte("g4"), []byte("g5")})
	roots := []Addr{keep.Root}

	cases := []struct {
		name        string
		opts        GCOptions
		wantDeleted int64
		wantLeft    int64
	}{
		{"inside grace", GCOptions{Grace: time.Hour}, 0, 0},
		{"dry run", GCOptions{Grace: time.Hour, Now: time.Now().Add(2 * time.Hour), DryRun: true}, 0, 5},
		{"limited", GCOptions{Grace: time.Hour, Now: time.Now().Add(2 * time.Hour), Limit: 2}, 2, 3},
		{"resumed", GCOptions{Grace: time.Hour, Now: time.Now().Add(2 * time.Hour)}, 3, 0},
		{"nothing left", GCOptions{Grace: time.Hour, Now: time.Now().Add(2 * time.Hour)}, 0, 0},
	}
	for _, tc := range cases {
		rep, err := r.GC(ctx, roots, tc.opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if rep.Deleted != tc.wantDeleted || rep.Remaining != tc.wantLeft {
			t.Fatalf("%s: %v", tc.name, rep)
		}
	}
	for _, a := range garbage {
		if ok, _ := r.Has(ctx, a); ok {
			t.Fatal("garbage survived")
		}
	}
	got, err := r.GetSnapshot(ctx, keep.Root)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.GetPages(ctx, got.Pages); err != nil {
		t.Fatal(err)
	}
	// A root that cannot be read stops GC before it deletes anything.
	if _, err := r.GC(ctx, []Addr{{1}}, GCOptions{Now: time.Now().Add(48 * time.Hour)}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GC with a missing root: %v", err)
	}
	if ok, _ := r.Has(ctx, keep.Root); !ok {
		t.Fatal("GC with a missing root deleted things")
	}
}

// TestGCProjects: projects with their own keys share one store; a sweep
// marked with every project's roots keeps all of them, and a project left
// out of the mark loses its chunks.
func TestGCProjects(t *testing.T) {
	ctx := context.Background()
	mem := NewMemory()
	a := NewRepo(mem, mustCodec(t, testKey(1)))
	b := NewRepo(mem, mustCodec(t, testKey(2)))
	sa := putSnapshot(t, a, "a", newPages(1, 20, 256), nil)
	sb := putSnapshot(t, b, "b", newPages(2, 20, 256), nil)
	later := GCOptions{Grace: time.Minute, Now: time.Now().Add(time.Hour)}
	both := []ProjectRoots{{Repo: a, Roots: []Addr{sa.Root}}, {Repo: b, Roots: []Addr{sb.Root}}}
	rep, err := GCProjects(ctx, mem, both, later)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Deleted != 0 || rep.Roots != 2 {
		t.Fatalf("both marked: %v", rep)
	}
	// Marking b's root with a's key fails (it cannot be verified), so the
	// sweep never runs with a wrong mark.
	if _, err := GCProjects(ctx, mem, []ProjectRoots{{Repo: a, Roots: []Addr{sb.Root}}}, later); err == nil {
		t.Error("marking another project's root with the wrong key succeeded")
	}
	rep, err = GCProjects(ctx, mem, both[:1], later)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Deleted != 21 { // b's 20 pages and its manifest
		t.Fatalf("b left out: %v", rep)
	}
	if _, err := a.GetSnapshot(ctx, sa.Root); err != nil {
		t.Errorf("a's snapshot after the sweep: %v", err)
	}
	if ok, _ := b.Has(ctx, sb.Root); ok {
		t.Error("b's manifest survived")
	}
}

// TestGCRelist: a root that only the relisting returns keeps what it
// reaches; roots that keep rescuing candidates stop the sweep.
func TestGCRelist(t *testing.T) {
	ctx := context.Background()
	mem := NewMemory()
	t0 := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	mem.SetClock(func() time.Time { return t0 })
	r := NewRepo(mem, mustCodec(t, testKey(1)))
	live := putSnapshot(t, r, "live", newPages(1, 40, 512), nil)
	moved := putSnapshot(t, r, "moved", newPages(2, 40, 512), nil)
	dead := putSnapshot(t, r, "dead", newPages(3, 40, 512), nil)
	opts := GCOptions{Grace: time.Hour, Now: t0.Add(2 * time.Hour), DryRun: true}

	calls := 0
	opts.Relist = func(context.Context) ([]ProjectRoots, error) {
		calls++
		return []ProjectRoots{{Repo: r, Roots: []Addr{live.Root, moved.Root}}}, nil
	}
	rep, err := r.GC(ctx, []Addr{live.Root}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if calls != 2 {
		t.Errorf("relist called %d times, want 2 (the second rescues nothing)", calls)
	}
	var deadRefs int64
	if err := r.References(ctx, []Addr{dead.Root}, func(Ref) error { deadRefs++; return nil }); err != nil {
		t.Fatal(err)
	}
	if rep.Candidates != deadRefs {
		t.Errorf("candidates %d, want the dead snapshot's %d chunks: %v", rep.Candidates, deadRefs, rep)
	}

	// A relisting that rescues candidates every time: nothing is deleted,
	// not even what no root reaches.
	var more []Addr
	for i := 0; i < MaxRelists+1; i++ {
		more = append(more, putSnapshot(t, r, "more", newPages(uint64(10+i), 4, 512), nil).Root)
	}
	calls = 0
	opts.DryRun = false
	opts.Relist = func(context.Context) ([]ProjectRoots, error) {
		calls++
		return []ProjectRoots{{Repo: r, Roots: more[:calls]}}, nil
	}
	rep, err = r.GC(ctx, []Addr{live.Root}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Deleted != 0 || rep.Remaining == 0 || rep.Remaining != rep.Candidates || calls != MaxRelists {
		t.Errorf("calls %d, report %v", calls, rep)
	}
	rep, err = r.GC(ctx, []Addr{live.Root}, GCOptions{Grace: time.Hour, Now: t0.Add(2 * time.Hour)})
	if err != nil || rep.Deleted == 0 {
		t.Errorf("without relist: %v %v", rep, err)
	}
}
