package cas

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// testStoreContract runs the behaviour every Store must have.
func testStoreContract(t *testing.T, s Store) {
	ctx := context.Background()
	c := mustCodec(t, testKey(1))
	r := NewRepo(s, c, WithConcurrency(8))

	t.Run("RoundTrip", func(t *testing.T) {
		for _, n := range []int{0, 1, 100, 4096, 70_000, 300_000} {
			data := page(uint64(n)+1, n)
			a, err := r.Put(ctx, data)
			if err != nil {
				t.Fatalf("put %d bytes: %v", n, err)
			}
			got, err := r.Get(ctx, a)
			if err != nil {
				t.Fatalf("get %d bytes: %v", n, err)
			}
			if !bytes.Equal(got, data) {
				t.Fatalf("round trip of %d bytes changed data", n)
			}
			if ok, err := r.Has(ctx, a); !ok || err != nil {
				t.Fatalf("Has = %v, %v", ok, err)
			}
			info, err := s.Stat(ctx, a)
			if err != nil || info.Addr != a || info.Size <= 0 || info.ModTime.IsZero() {
				t.Fatalf("Stat = %+v, %v", info, err)
			}
		}
	})
	t.Run("Missing", func(t *testing.T) {
		var a Addr
		a[0] = 0xfe
		if _, err := s.Get(ctx, a); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Get = %v", err)
		}
		if _, err := s.Stat(ctx, a); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Stat = %v", err)
		}
		if ok, err := r.Has(ctx, a); ok || err != nil {
			t.Fatalf("Has = %v, %v", ok, err)
		}
		if err := s.Delete(ctx, a); err != nil {
			t.Fatalf("Delete of missing = %v", err)
		}
	})
	t.Run("Many", func(t *testing.T) {
		var pages [][]byte
		for i := range 150 {
			pages = append(pages, page(uint64(1000+i), 2000+i))
		}
		addrs, err := r.PutMany(ctx, pages)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.GetMany(ctx, append(addrs, addrs[3]))
		if err != nil {
			t.Fatal(err)
		}
		for i := range pages {
			if !bytes.Equal(got[i], pages[i]) {
				t.Fatalf("page %d differs", i)
			}
		}
		has, err := r.HasMany(ctx, append(addrs[:5:5], Addr{7}))
		if err != nil || !has[0] || !has[4] || has[5] {
			t.Fatalf("HasMany = %v, %v", has, err)
		}
		if _, err := r.GetMany(ctx, []Addr{addrs[0], {9}}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("GetMany with a missing chunk = %v", err)
		}
	})
	t.Run("ConcurrentSameChunk", func(t *testing.T) {
		data := page(4242, 5000)
		var wg sync.WaitGroup
		var fails atomic.Int32
		addrs := make([]Addr, 8)
		for i := range addrs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a, err := r.Put(ctx, data)
				if err != nil {
					t.Error(err)
					fails.Add(1)
				}
				addrs[i] = a
			}()
		}
		wg.Wait()
		if fails.Load() > 0 {
			return
		}
		for _, a := range addrs[1:] {
			if a != addrs[0] {
				t.Fatal("writers got different addresses")
			}
		}
		got, err := r.Get(ctx, addrs[0])
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("after concurrent puts: %v", err)
		}
		n := 0
		if err := s.Walk(ctx, func(ci ChunkInfo) error {
			if ci.Addr == addrs[0] {
				n++
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Fatalf("chunk listed %d times", n)
		}
	})
	t.Run("PutRefreshesModTime", func(t *testing.T) {
		a, err := r.Put(ctx, []byte("refresh me"))
		if err != nil {
			t.Fatal(err)
		}
		before, _ := s.Stat(ctx, a)
		time.Sleep(1100 * time.Millisecond) // S3 and file times may have 1 s resolution
		if _, err := r.Put(ctx, []byte("refresh me")); err != nil {
			t.Fatal(err)
		}
		after, err := s.Stat(ctx, a)
		if err != nil || !after.ModTime.After(before.ModTime) {
			t.Fatalf("mod time %v -> %v (%v)", before.ModTime, after.ModTime, err)
		}
	})
	t.Run("WalkAndDelete", func(t *testing.T) {
		a, _ := r.Put(ctx, []byte("delete me"))
		found := false
		if err := s.Walk(ctx, func(ci ChunkInfo) error {
			if ci.Addr == a {
				found = ci.Size > 0
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if !found {
			t.Fatal("Walk did not list a stored chunk")
		}
		if err := s.Delete(ctx, a); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Get(ctx, a); !errors.Is(err, ErrNotFound) {
			t.Fatalf("after delete: %v", err)
		}
		stop := errors.New("stop")
		if err := s.Walk(ctx, func(ChunkInfo) error { return stop }); !errors.Is(err, stop) {
			t.Fatalf("Walk did not stop: %v", err)
		}
	})
}

func TestMemoryStore(t *testing.T) { testStoreContract(t, NewMemory()) }

func TestDirStore(t *testing.T) {
	d, err := NewDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	testStoreContract(t, d)
}

// TestDirStoreProcesses shares one folder between two Dir values, as two
// processes would, and checks no temp files are left behind.
func TestDirStoreShared(t *testing.T) {
	root := t.TempDir()
	ctx := context.Background()
	c := mustCodec(t, testKey(1))
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := NewDir(root)
			if err != nil {
				t.Error(err)
				return
			}
			r := NewRepo(d, c)
			for i := range 50 {
				if _, err := r.Put(ctx, page(uint64(i%20), 3000)); err != nil {
					t.Errorf("writer %d: %v", w, err)
				}
			}
		}()
	}
	wg.Wait()
	d, _ := NewDir(root)
	n := 0
	if err := d.Walk(ctx, func(ChunkInfo) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 20 {
		t.Fatalf("%d chunks, want 20", n)
	}
	leftovers, _ := filepathGlob(root + "/*/.tmp-*")
	if len(leftovers) != 0 {
		t.Fatalf("temp files left: %v", leftovers)
	}
}

// counting wraps a Store and counts the requests that reach it.
type counting struct {
	Store
	gets, puts, stats, batches atomic.Int64
}

func (c *counting) Get(ctx context.Context, a Addr) ([]byte, error) {
	c.gets.Add(1)
	return c.Store.Get(ctx, a)
}

func (c *counting) Put(ctx context.Context, a Addr, d []byte) error {
	c.puts.Add(1)
	return c.Store.Put(ctx, a, d)
}

func (c *counting) Stat(ctx context.Context, a Addr) (ChunkInfo, error) {
	c.stats.Add(1)
	return c.Store.Stat(ctx, a)
}

func (c *counting) String() string {
	return fmt.Sprintf("gets=%d puts=%d stats=%d", c.gets.Load(), c.puts.Load(), c.stats.Load())
}

var filepathGlob = filepath.Glob
