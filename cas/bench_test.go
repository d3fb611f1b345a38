package cas

import (
	"context"
	"fmt"
	"testing"
)

var benchSizes = []int{4 << 10, 64 << 10, 1 << 20}

func BenchmarkEncode(b *testing.B) {
	c := mustCodec(b, testKey(1))
	for _, n := range benchSizes {
		data := page(uint64(n), n)
		b.Run(fmt.Sprintf("%dKB", n>>10), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				if _, _, err := c.Encode(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDecode(b *testing.B) {
	c := mustCodec(b, testKey(1))
	for _, n := range benchSizes {
		addr, enc, _ := c.Encode(page(uint64(n), n))
		b.Run(fmt.Sprintf("%dKB", n>>10), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				if _, err := c.Decode(addr, enc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

type benchStore struct {
	name string
	make func(b *testing.B) (Store, func() int64) // store, remote request counter
}

func benchStores() []benchStore {
	return []benchStore{
		{"memory", func(b *testing.B) (Store, func() int64) {
			c := &counting{Store: NewMemory()}
			return c, func() int64 { return c.gets.Load() + c.puts.Load() + c.stats.Load() }
		}},
		{"dir", func(b *testing.B) (Store, func() int64) {
			d, err := NewDir(b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			c := &counting{Store: d}
			return c, func() int64 { return c.gets.Load() + c.puts.Load() + c.stats.Load() }
		}},
		{"s3", func(b *testing.B) (Store, func() int64) {
			srv := startS3(b)
			return srv.store(b, "bench"), srv.requests.Load
		}},
		{"dynamodb", func(b *testing.B) (Store, func() int64) {
			return dynamoStore(b), func() int64 { return -1 }
		}},
	}
}

// BenchmarkStorePut measures one 4 KB chunk put (a fresh chunk each time).
func BenchmarkStorePut(b *testing.B) {
	ctx := context.Background()
	benchRepos(b, func(b *testing.B, r *Repo, _ func() int64) {
		i := uint64(0)
		for b.Loop() {
			i++
			if _, err := r.Put(ctx, page(i, 4096)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchRepos runs bench once on a repo over each store; reqs counts the
// store's requests so far (-1 where it cannot).
func benchRepos(b *testing.B, bench func(b *testing.B, r *Repo, reqs func() int64)) {
	for _, bs := range benchStores() {
		b.Run(bs.name, func(b *testing.B) {
			s, reqs := bs.make(b)
			bench(b, NewRepo(s, mustCodec(b, testKey(1))), reqs)
		})
	}
}

// BenchmarkStoreGet measures one verified 4 KB chunk get.
func BenchmarkStoreGet(b *testing.B) {
	ctx := context.Background()
	benchRepos(b, func(b *testing.B, r *Repo, _ func() int64) {
		var addrs []Addr
		for i := range 64 {
			a, err := r.Put(ctx, page(uint64(i), 4096))
			if err != nil {
				b.Fatal(err)
			}
			addrs = append(addrs, a)
		}
		i := 0
		for b.Loop() {
			if _, err := r.Get(ctx, addrs[i%len(addrs)]); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
}

// BenchmarkSnapshotStep is a typical step: a 2,560-page (10 MB) heap of
// which two pages changed, saved incrementally on top of the previous
// snapshot. It reports the store requests each step makes.
func BenchmarkSnapshotStep(b *testing.B) {
	ctx := context.Background()
	benchRepos(b, func(b *testing.B, r *Repo, reqs func() int64) {
		base := putSnapshot(b, r, "meta", newPages(1, 2560, 4096), nil)
		step := make([]Page, len(base.Pages))
		before := reqs()
		n := 0
		for b.Loop() {
			for i, ref := range base.Pages {
				step[i] = Page{Ref: ref}
			}
			step[n%2560] = Page{Data: page(uint64(1e6+n), 4096)}
			step[(n+1000)%2560] = Page{Data: page(uint64(2e6+n), 4096)}
			next, err := r.PutSnapshot(ctx, []byte("meta"), step, base)
			if err != nil {
				b.Fatal(err)
			}
			base = next
			n++
		}
		if before >= 0 {
			b.ReportMetric(float64(reqs()-before)/float64(n), "requests/step")
		}
	})
}
