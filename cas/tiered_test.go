package cas

import (
	"bytes"
	"context"
	"testing"
)

func TestTieredStore(t *testing.T) {
	srv := startS3(t)
	testStoreContract(t, NewTiered(dynamoStore(t), srv.store(t, "tiered"), 8<<10))
}

func TestTieredRoutesBySize(t *testing.T) {
	ctx := context.Background()
	small, large := NewMemory(), NewMemory()
	const threshold = 4 << 10
	r := NewRepo(NewTiered(small, large, threshold), mustCodec(t, testKey(1)))
	cases := []struct {
		name      string
		data      []byte
		wantSmall bool
	}{
		{"tiny", []byte("hello"), true},
		{"compressible 64k", make([]byte, 64<<10), true},
		{"page 3k", page(1, 3000), true},
		{"page 32k", page(2, 32<<10), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, err := r.Put(ctx, tc.data)
			if err != nil {
				t.Fatal(err)
			}
			_, inSmall := small.Stat(ctx, a)
			_, inLarge := large.Stat(ctx, a)
			if (inSmall == nil) != tc.wantSmall || (inLarge == nil) == tc.wantSmall {
				t.Fatalf("small=%v large=%v, want small=%v", inSmall == nil, inLarge == nil, tc.wantSmall)
			}
			got, err := r.Get(ctx, a)
			if err != nil || !bytes.Equal(got, tc.data) {
				t.Fatalf("get: %v", err)
			}
		})
	}
}

func TestLRUBound(t *testing.T) {
	ctx := context.Background()
	l := NewLRU(10_000)
	for i := range 10 {
		_ = l.Put(ctx, Addr{byte(i)}, make([]byte, 3000))
		if _, err := l.Get(ctx, Addr{0}); err != nil && i < 3 {
			t.Fatal("recently used chunk evicted")
		}
	}
	n, size := l.Len()
	if size > 10_000 || n != 3 {
		t.Fatalf("LRU holds %d chunks, %d bytes", n, size)
	}
	if _, err := l.Get(ctx, Addr{0}); err != nil {
		t.Fatal("most recently used chunk evicted")
	}
}

// TestCachesServeRepeatedReads counts the requests that reach the remote
// S3 server: after the first read, LRU and /tmp caches must answer alone.
func TestCachesServeRepeatedReads(t *testing.T) {
	ctx := context.Background()
	srv := startS3(t)
	remote := srv.store(t, "cached")
	c := mustCodec(t, testKey(1))
	tmp, err := NewDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		front Store
	}{
		{"lru", NewLRU(1 << 20)},
		{"tmpdir", tmp},
	} {
		t.Run(tc.name, func(t *testing.T) {
			writer := NewRepo(remote, c)
			var pages [][]byte
			for i := range 20 {
				pages = append(pages, page(uint64(len(tc.name)*100+i), 4096))
			}
			addrs, err := writer.PutMany(ctx, pages)
			if err != nil {
				t.Fatal(err)
			}
			reader := NewRepo(NewCache(tc.front, remote, c.Verify), c)
			before := srv.gets.Load()
			if _, err := reader.GetMany(ctx, addrs); err != nil {
				t.Fatal(err)
			}
			first := srv.gets.Load() - before
			for range 5 {
				if _, err := reader.GetMany(ctx, addrs); err != nil {
					t.Fatal(err)
				}
				if _, err := reader.Get(ctx, addrs[3]); err != nil {
					t.Fatal(err)
				}
			}
			if again := srv.gets.Load() - before - first; first != 20 || again != 0 {
				t.Fatalf("remote reads: first pass %d (want 20), repeats %d (want 0)", first, again)
			}
			// A corrupted cached copy is dropped and re-read from S3.
			_ = tc.front.Delete(ctx, addrs[0])
			_ = tc.front.Put(ctx, addrs[0], []byte("Am\x01\x00\x03bad"))
			got, err := reader.Get(ctx, addrs[0])
			if err != nil || !bytes.Equal(got, pages[0]) {
				t.Fatalf("after cache corruption: %v", err)
			}
		})
	}
}

func TestCacheStores(t *testing.T) {
	t.Run("lru over memory", func(t *testing.T) {
		testStoreContract(t, NewCache(NewLRU(1<<20), NewMemory(), nil))
	})
	t.Run("dir over s3", func(t *testing.T) {
		d, _ := NewDir(t.TempDir())
		testStoreContract(t, NewCache(d, startS3(t).store(t, "cache"), mustCodec(t, testKey(1)).Verify))
	})
}
