package cas

import (
	"context"
	"testing"
	"time"
)

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
