package volume

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
)

type countStore struct {
	cas.Store
	puts, bytes, gets atomic.Int64
}

func (c *countStore) Get(ctx context.Context, a cas.Addr) ([]byte, error) {
	c.gets.Add(1)
	return c.Store.Get(ctx, a)
}

func (c *countStore) Put(ctx context.Context, a cas.Addr, data []byte) error {
	c.puts.Add(1)
	c.bytes.Add(int64(len(data)))
	return c.Store.Put(ctx, a, data)
}

type fixture struct {
	s     *Service
	repo  *cas.Repo
	heads meta.VolumeStore
	store *countStore
}

func newFixture(t testing.TB, heads meta.VolumeStore) *fixture {
	t.Helper()
	var key cas.Key
	key[0] = 7
	codec, err := cas.NewCodec(key)
	if err != nil {
		t.Fatal(err)
	}
	st := &countStore{Store: cas.NewMemory()}
	s, err := New(Config{Heads: heads, MaxFileBytes: 2 << 20, MaxVolumeBytes: 4 << 20, MaxEntries: 1000})
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{s: s, repo: cas.NewRepo(st, codec), heads: heads, store: st}
}

func heads(t *testing.T) map[string]meta.VolumeStore {
	b, err := meta.OpenBolt(filepath.Join(t.TempDir(), "meta.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return map[string]meta.VolumeStore{"memory": NewMemHeads(), "bolt": b}
}

func (f *fixture) open(t testing.TB, name, key string) *Txn {
	t.Helper()
	tx, err := f.s.Open(context.Background(), f.repo, "p", name, key)
	if err != nil {
		t.Fatal(err)
	}
	return tx
}

func (f *fixture) read(t testing.TB, name, p string) string {
	t.Helper()
	b, _, err := f.s.Read(context.Background(), f.repo, "p", name, p)
	if err != nil {
		t.Fatalf("read %s: %v", p, err)
	}
	return string(b)
}

func TestPolynomialIsIrreducible(t *testing.T) {
	if !chunkPol.Irreducible() || chunkPol.Deg() != 53 {
		t.Fatalf("chunk polynomial %v is not an irreducible polynomial of degree 53", chunkPol)
	}
}

func TestSplitIsContentDefined(t *testing.T) {
	data := make([]byte, 1<<20)
	randomBytes(data, 1)
	a, err := split(data)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(a); n < 20 || n > 256 {
		t.Fatalf("%d chunks for 1 MB", n)
	}
	var joined []byte
	for _, c := range a {
		if len(c) > ChunkMax {
			t.Fatalf("chunk of %d bytes", len(c))
		}
		joined = append(joined, c...)
	}
	if !bytes.Equal(joined, data) {
		t.Fatal("chunks do not join to the data")
	}
	// Inserting a byte near the start leaves most chunks as they were.
	changed := append(append(append([]byte(nil), data[:1000]...), 'x'), data[1000:]...)
	b, _ := split(changed)
	seen := map[string]bool{}
	for _, c := range a {
		seen[string(c)] = true
	}
	differ := 0
	for _, c := range b {
		if !seen[string(c)] {
			differ++
		}
	}
	if differ > 2 {
		t.Fatalf("an inserted byte changed %d chunks", differ)
	}
	if small, _ := split([]byte("hi")); len(small) != 1 {
		t.Fatalf("a small file is %d chunks", len(small))
	}
}

func TestFileOperations(t *testing.T) {
	for name, h := range heads(t) {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, h)
			ctx := context.Background()
			tx := f.open(t, "v", "")
			steps := []struct {
				what string
				err  error
				do   func() error
			}{
				{"write in a missing dir", syscall.ENOENT, func() error { return tx.WriteFile("a/b.txt", []byte("x"), false) }},
				{"mkdir", nil, func() error { return tx.Mkdir("a") }},
				{"mkdir again", syscall.EEXIST, func() error { return tx.Mkdir("a") }},
				{"write", nil, func() error { return tx.WriteFile("a/b.txt", []byte("hello"), false) }},
				{"append", nil, func() error { return tx.WriteFile("a/b.txt", []byte(" world"), true) }},
				{"write a dir", syscall.EISDIR, func() error { return tx.WriteFile("a", []byte("x"), false) }},
				{"under a file", syscall.ENOTDIR, func() error { return tx.WriteFile("a/b.txt/c", []byte("x"), false) }},
				{"escape", syscall.EACCES, func() error { return tx.WriteFile("../x", []byte("x"), false) }},
				{"absolute", syscall.EACCES, func() error { _, err := tx.ReadFile("/etc/passwd"); return err }},
				{"rmdir non-empty", syscall.ENOTEMPTY, func() error { return tx.Rmdir("a") }},
				{"remove a dir", syscall.EISDIR, func() error { return tx.Remove("a") }},
				{"too big", syscall.EFBIG, func() error { return tx.WriteFile("big", make([]byte, 3<<20), false) }},
				{"step budget", syscall.EDQUOT, func() error {
					for i := range 3 {
						if err := tx.WriteFile(fmt.Sprintf("held-%d", i), make([]byte, 1<<20), false); err != nil {
							return err
						}
					}
					return nil
				}},
				{"budget freed", nil, func() error {
					for i := range 3 {
						if err := tx.Remove(fmt.Sprintf("held-%d", i)); err != nil && !errors.Is(err, syscall.ENOENT) {
							return err
						}
					}
					return tx.WriteFile("held-0", make([]byte, 1<<20), false)
				}},
				{"remove held", nil, func() error { return tx.Remove("held-0") }},
				{"rename into itself", syscall.EINVAL, func() error { return tx.Rename("a", "a/z") }},
				{"rename dir", nil, func() error { return tx.Rename("a", "c") }},
				{"mkdir d", nil, func() error { return tx.Mkdir("d") }},
				{"write d/e", nil, func() error { return tx.WriteFile("d/e", []byte("e"), false) }},
				{"remove d/e", nil, func() error { return tx.Remove("d/e") }},
				{"rmdir d", nil, func() error { return tx.Rmdir("d") }},
				{"remove missing", syscall.ENOENT, func() error { return tx.Remove("d/e") }},
			}
			for _, s := range steps {
				if err := s.do(); !errors.Is(err, s.err) && !(err == nil && s.err == nil) {
					t.Fatalf("%s: got %v, want %v", s.what, err, s.err)
				}
			}
			if got, err := tx.ReadFile("c/b.txt"); err != nil || string(got) != "hello world" {
				t.Fatalf("read in the txn: %q %v", got, err)
			}
			if names, _ := tx.ReadDir(""); len(names) != 1 || names[0] != "c" {
				t.Fatalf("listdir: %v", names)
			}
			// Nothing is visible before the commit.
			if _, _, err := f.s.Read(ctx, f.repo, "p", "v", "c/b.txt"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("before commit: %v", err)
			}
			v, err := tx.Commit(ctx)
			if err != nil || v != 1 {
				t.Fatalf("commit: %d %v", v, err)
			}
			if got := f.read(t, "v", "c/b.txt"); got != "hello world" {
				t.Fatalf("after commit: %q", got)
			}
			files, ver, err := f.s.Files(ctx, f.repo, "p", "v")
			if err != nil || ver != 1 || len(files) != 1 || files[0] != (File{"c/b.txt", 11}) {
				t.Fatalf("files: %v %d %v", files, ver, err)
			}
		})
	}
}

func TestMergeAndConflict(t *testing.T) {
	for name, h := range heads(t) {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, h)
			ctx := context.Background()
			if _, err := f.s.Write(ctx, f.repo, "p", "v", "shared", []byte("0\n"), false, nil, "w0"); err != nil {
				t.Fatal(err)
			}
			a, b := f.open(t, "v", ""), f.open(t, "v", "")
			must(t, a.WriteFile("a", []byte("A"), false))
			must(t, b.WriteFile("b", []byte("B"), false))
			must(t, a.WriteFile("shared", []byte("a\n"), true))
			must(t, b.WriteFile("shared", []byte("b\n"), true))
			if _, err := a.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			// b changed the file a changed: a conflict, nothing written.
			if _, err := b.Commit(ctx); !errors.Is(err, ErrConflict) {
				t.Fatalf("want a conflict, got %v", err)
			}
			// Without the shared file, b's change merges.
			c, d := f.open(t, "v", ""), f.open(t, "v", "")
			must(t, c.WriteFile("c", []byte("C"), false))
			must(t, d.WriteFile("d", []byte("D"), false))
			for _, tx := range []*Txn{c, d} {
				if _, err := tx.Commit(ctx); err != nil {
					t.Fatal(err)
				}
			}
			for p, want := range map[string]string{"shared": "0\na\n", "a": "A", "c": "C", "d": "D"} {
				if got := f.read(t, "v", p); got != want {
					t.Errorf("%s = %q, want %q", p, got, want)
				}
			}
			if _, _, err := f.s.Read(ctx, f.repo, "p", "v", "b"); !errors.Is(err, ErrNotFound) {
				t.Errorf("b of the conflicting commit: %v", err)
			}
		})
	}
}

func TestRetriedKeyAppliesOnce(t *testing.T) {
	f := newFixture(t, NewMemHeads())
	ctx := context.Background()
	for range 3 {
		if _, err := f.s.Write(ctx, f.repo, "p", "v", "log", []byte("x"), true, nil, "same-id"); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.read(t, "v", "log"); got != "x" {
		t.Fatalf("three retries of one append: %q", got)
	}
	// A step that committed and is retried reads what it first read.
	tx := f.open(t, "v", "step-1")
	old, _ := tx.ReadFile("log")
	must(t, tx.WriteFile("log", append(old, 'y'), false))
	v1, err := tx.Commit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	retry := f.open(t, "v", "step-1")
	if got, _ := retry.ReadFile("log"); string(got) != "x" {
		t.Fatalf("the retry reads %q, not what the first attempt read", got)
	}
	must(t, retry.WriteFile("log", []byte("xy"), false))
	if v2, err := retry.Commit(ctx); err != nil || v2 != v1 {
		t.Fatalf("retry: version %d (first %d), %v", v2, v1, err)
	}
	if got := f.read(t, "v", "log"); got != "xy" {
		t.Fatalf("after the retry: %q", got)
	}
	// A retry of the request that created a volume reads it empty.
	first := f.open(t, "fresh", "make")
	must(t, first.WriteFile("a", []byte("1"), false))
	if _, err := first.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	again := f.open(t, "fresh", "make")
	if names, err := again.ReadDir(""); err != nil || len(names) != 0 || again.Version() != 0 {
		t.Fatalf("the retry of the creating request reads %v at version %d (%v)", names, again.Version(), err)
	}
}

func TestRevertUndoesOnlyItsOwnChanges(t *testing.T) {
	f := newFixture(t, NewMemHeads())
	ctx := context.Background()
	if _, err := f.s.Write(ctx, f.repo, "p", "v", "f", []byte("base"), false, nil, ""); err != nil {
		t.Fatal(err)
	}
	tx := f.open(t, "v", "k")
	must(t, tx.WriteFile("f", []byte("mine"), false))
	must(t, tx.WriteFile("g", []byte("new"), false))
	if _, err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.Write(ctx, f.repo, "p", "v", "g", []byte("theirs"), false, nil, ""); err != nil {
		t.Fatal(err)
	}
	if err := tx.Revert(ctx); err != nil {
		t.Fatal(err)
	}
	if got := f.read(t, "v", "f"); got != "base" {
		t.Errorf("f = %q after revert", got)
	}
	if got := f.read(t, "v", "g"); got != "theirs" {
		t.Errorf("g = %q: revert undid another writer's change", got)
	}
	// The key is forgotten: the retry applies anew.
	again := f.open(t, "v", "k")
	if again.replayOf != 0 {
		t.Fatal("the reverted key is still recorded")
	}
}

func TestHostWriteIfVersion(t *testing.T) {
	f := newFixture(t, NewMemHeads())
	ctx := context.Background()
	v1, _ := f.s.Write(ctx, f.repo, "p", "v", "a", []byte("1"), false, nil, "")
	if _, err := f.s.Write(ctx, f.repo, "p", "v", "b", []byte("1"), false, nil, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.Write(ctx, f.repo, "p", "v", "a", []byte("2"), false, &v1, ""); err != nil {
		t.Fatalf("a is unchanged since %d: %v", v1, err)
	}
	if _, err := f.s.Write(ctx, f.repo, "p", "v", "a", []byte("3"), false, &v1, ""); !errors.Is(err, ErrConflict) {
		t.Fatalf("a changed since %d: %v", v1, err)
	}
	if _, err := f.s.Write(ctx, f.repo, "p", "v", "../a", []byte("3"), false, nil, ""); !errors.Is(err, ErrBadPath) {
		t.Fatalf("escape: %v", err)
	}
	if _, err := f.s.Delete(ctx, f.repo, "p", "v", "", nil, ""); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.s.Files(ctx, f.repo, "p", "v"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("deleted volume: %v", err)
	}
	if infos, _ := f.s.List(ctx, "p"); len(infos) != 0 {
		t.Fatalf("deleted volume listed: %v", infos)
	}
}

// randomBytes fills b with deterministic incompressible bytes.
func randomBytes(b []byte, seed uint64) {
	r := rand.New(rand.NewPCG(seed, seed+1))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// BenchmarkOneByteChange: a step that changes one byte of a 1 MB file
// writes one or two chunks, the version's manifest and the head.
func BenchmarkOneByteChange(b *testing.B) {
	f := newFixture(b, NewMemHeads())
	ctx := context.Background()
	data := make([]byte, 1<<20)
	randomBytes(data, 3)
	if _, err := f.s.Write(ctx, f.repo, "p", "v", "big", data, false, nil, ""); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	var puts, written int64
	for i := range b.N {
		data[(i*7919)%len(data)]++
		p0, b0 := f.store.puts.Load(), f.store.bytes.Load()
		tx := f.open(b, "v", "")
		must(b, tx.WriteFile("big", data, false))
		if _, err := tx.Commit(ctx); err != nil {
			b.Fatal(err)
		}
		puts += f.store.puts.Load() - p0
		written += f.store.bytes.Load() - b0
	}
	h, _ := f.heads.GetVolume(ctx, "p", "v")
	b.ReportMetric(float64(puts)/float64(b.N)+1, "requests/step")
	b.ReportMetric(float64(written)/float64(b.N)+float64(len(h.Extra)+len(h.Root)+64), "bytes/step")
}

// TestDedupAcrossVolumes: the same content in two volumes of a project is
// stored once.
func TestDedupAcrossVolumes(t *testing.T) {
	f := newFixture(t, NewMemHeads())
	ctx := context.Background()
	data := make([]byte, 200<<10)
	randomBytes(data, 9)
	count := func() int {
		n := 0
		must(t, f.store.Walk(ctx, func(cas.ChunkInfo) error { n++; return nil }))
		return n
	}
	if _, err := f.s.Write(ctx, f.repo, "p", "a", "x.bin", data, false, nil, ""); err != nil {
		t.Fatal(err)
	}
	one := count()
	if _, err := f.s.Write(ctx, f.repo, "p", "b", "copy/y.bin", data, false, nil, ""); err != nil {
		t.Fatal(err)
	}
	// Only b's manifest is new.
	if got := count(); got != one+1 {
		t.Fatalf("%d chunks after storing the same file in a second volume, %d before", got, one)
	}
}

// TestReadRange: byte ranges of a file fetch the chunks they cover, and a
// version the head remembers reads as it was.
func TestReadRange(t *testing.T) {
	f := newFixture(t, NewMemHeads())
	ctx := context.Background()
	data := make([]byte, 200<<10)
	randomBytes(data, 11)
	v1, err := f.s.Write(ctx, f.repo, "p", "v", "f", data, false, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ off, n int64 }{{0, 1000}, {5000, 65000}, {190000, 0}, {0, 0}, {int64(len(data)) - 1, 10}} {
		got, size, v, err := f.s.ReadRange(ctx, f.repo, "p", "v", "f", c.off, c.n, nil)
		end := int64(len(data))
		if c.n > 0 && c.off+c.n < end {
			end = c.off + c.n
		}
		if err != nil || size != int64(len(data)) || v != v1 || !bytes.Equal(got, data[c.off:end]) {
			t.Fatalf("range %d+%d: %d bytes, size %d, version %d, %v", c.off, c.n, len(got), size, v, err)
		}
	}
	if got, _, _, err := f.s.ReadRange(ctx, f.repo, "p", "v", "f", 1<<30, 0, nil); err != nil || len(got) != 0 {
		t.Fatalf("past the end: %d bytes, %v", len(got), err)
	}
	// Overwrite it; the old version still reads while the head keeps it.
	for i := range keepVersions + 1 {
		if _, err := f.s.Write(ctx, f.repo, "p", "v", "f", []byte(fmt.Sprint(i)), false, nil, ""); err != nil {
			t.Fatal(err)
		}
		got, _, _, err := f.s.ReadRange(ctx, f.repo, "p", "v", "f", 0, 10, &v1)
		switch {
		case i < keepVersions && (err != nil || !bytes.Equal(got, data[:10])):
			t.Fatalf("version %d after %d writes: %q %v", v1, i+1, got, err)
		case i == keepVersions && !errors.Is(err, ErrConflict):
			t.Fatalf("a version the head forgot: %v", err)
		}
	}
}

// TestAppendReadsOnlyTheLastChunk: appending to a big stored file reads
// its last chunk, not the whole file, and cuts the same chunks a write of
// the whole new content would.
func TestAppendReadsOnlyTheLastChunk(t *testing.T) {
	f := newFixture(t, NewMemHeads())
	ctx := context.Background()
	data := make([]byte, 1<<20)
	randomBytes(data, 13)
	if _, err := f.s.Write(ctx, f.repo, "p", "log", "big", data, false, nil, ""); err != nil {
		t.Fatal(err)
	}
	tx := f.open(t, "log", "")
	gets := f.store.gets.Load()
	for i := range 3 {
		must(t, tx.WriteFile("big", []byte(fmt.Sprintf("line %d\n", i)), true))
	}
	if _, err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if n := f.store.gets.Load() - gets; n > 1 {
		t.Errorf("three appends read %d chunks", n)
	}
	want := append(append([]byte(nil), data...), "line 0\nline 1\nline 2\n"...)
	if got := f.read(t, "log", "big"); got != string(want) {
		t.Fatalf("after the appends: %d bytes, want %d", len(got), len(want))
	}
	// The same content written whole cuts the same chunks: only the new
	// volume's manifest is stored.
	count := func() int {
		n := 0
		must(t, f.store.Walk(ctx, func(cas.ChunkInfo) error { n++; return nil }))
		return n
	}
	before := count()
	if _, err := f.s.Write(ctx, f.repo, "p", "copy", "big", want, false, nil, ""); err != nil {
		t.Fatal(err)
	}
	if n := count() - before; n != 1 {
		t.Errorf("a whole write of the appended content added %d chunks, want the manifest only", n)
	}
	// Reading in the Txn after an append sees the whole file.
	tx = f.open(t, "log", "")
	must(t, tx.WriteFile("big", []byte("more"), true))
	if got, err := tx.ReadFile("big"); err != nil || string(got) != string(want)+"more" {
		t.Fatalf("read after append: %d bytes, %v", len(got), err)
	}
}
