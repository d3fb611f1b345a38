package meta

import (
	"errors"
	"path/filepath"
	"testing"
)

func openTestBolt(t *testing.T) Store {
	t.Helper()
	b, err := OpenBolt(filepath.Join(t.TempDir(), "meta.db"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBolt(t *testing.T) {
	testStore(t, openTestBolt)
}

// The file keeps everything across a close and reopen, and one process at
// a time holds it.
func TestBoltReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "meta.db")
	b, err := OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	must(t, "PutProject", b.PutProject(ctx, &Project{ID: "p", KeyHashes: []string{"k"}, Quota: 10}))
	must(t, "CreateSession", b.CreateSession(ctx, fullSession("p", "s")))
	if _, err := OpenBolt(path); err == nil {
		t.Fatal("a second OpenBolt of an open file succeeded")
	}
	must(t, "Close", b.Close())
	if _, err := b.GetSession(ctx, "p", "s"); err == nil || errors.Is(err, ErrNotFound) {
		t.Fatalf("GetSession after Close: %v, want a closed-store error", err)
	}

	b, err = OpenBolt(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got, err := b.GetSession(ctx, "p", "s")
	must(t, "GetSession after reopen", err)
	checkRecord(t, got, fullSession("p", "s"))
	if p, err := b.ProjectByKeyHash(ctx, "k"); err != nil || p.Quota != 10 {
		t.Fatalf("ProjectByKeyHash after reopen: %v, %v", p, err)
	}
}

func TestOpenBoltBadPath(t *testing.T) {
	if _, err := OpenBolt(filepath.Join(t.TempDir(), "missing", "dir", "meta.db")); err == nil {
		t.Fatal("OpenBolt in a missing folder succeeded")
	}
}
