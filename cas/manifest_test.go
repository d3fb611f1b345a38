package cas

import (
	"bytes"
	"context"
	"errors"
	"testing"
)

func newPages(seed uint64, n, size int) []Page {
	ps := make([]Page, n)
	for i := range ps {
		ps[i] = Page{Data: page(seed*1_000_003+uint64(i), size)}
	}
	return ps
}

// putSnapshot saves a snapshot of pages on base, or ends the test.
func putSnapshot(t testing.TB, r *Repo, meta string, pages []Page, base *Snapshot) *Snapshot {
	t.Helper()
	s, err := r.PutSnapshot(context.Background(), []byte(meta), pages, base)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// unchanged is a step on s that changes no page: a reference to each of
// s's pages, for a test to overwrite the few it dirties.
func unchanged(s *Snapshot) []Page {
	step := make([]Page, len(s.Pages))
	for i, ref := range s.Pages {
		step[i] = Page{Ref: ref}
	}
	return step
}

func TestSnapshotRoundTrip(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{0, 1, inlineMax, inlineMax + 1, nodeFanout*inlineMax + 5} {
		r := NewRepo(NewMemory(), mustCodec(t, testKey(1)))
		pages := newPages(uint64(n), n, 64+n%7)
		meta := []byte("config+frames")
		snap, err := r.PutSnapshot(ctx, meta, pages, nil)
		if err != nil {
			t.Fatalf("%d pages: %v", n, err)
		}
		got, err := r.GetSnapshot(ctx, snap.Root)
		if err != nil {
			t.Fatalf("%d pages: %v", n, err)
		}
		if !bytes.Equal(got.Meta, meta) || len(got.Pages) != n {
			t.Fatalf("%d pages: got %d pages, meta %q", n, len(got.Pages), got.Meta)
		}
		for i := range got.Pages {
			if got.Pages[i] != snap.Pages[i] {
				t.Fatalf("%d pages: ref %d differs", n, i)
			}
		}
		data, err := r.GetPages(ctx, got.Pages)
		if err != nil {
			t.Fatal(err)
		}
		for i := range data {
			if !bytes.Equal(data[i], pages[i].Data) {
				t.Fatalf("page %d differs", i)
			}
		}
		// Same input, same root: the encoding is deterministic.
		again, err := r.PutSnapshot(ctx, meta, pages, nil)
		if err != nil || again.Root != snap.Root {
			t.Fatalf("second put gave another root (%v)", err)
		}
	}
}

// TestSnapshotIncremental checks that a step on a big heap that reuses clean
// page references writes only the dirty page, one leaf, the nodes above it
// and the manifest.
func TestSnapshotIncremental(t *testing.T) {
	ctx := context.Background()
	cs := &counting{Store: NewMemory()}
	r := NewRepo(cs, mustCodec(t, testKey(1)))
	n := nodeFanout*inlineMax*2 + 3 // three levels
	pages := make([]Page, n)
	for i := range pages {
		pages[i] = Page{Data: []byte{byte(i), byte(i >> 8), byte(i >> 16)}}
	}
	base := putSnapshot(t, r, "m", pages, nil)
	step := unchanged(base)
	step[12345] = Page{Data: []byte("dirty")}
	before := cs.puts.Load()
	next := putSnapshot(t, r, "m", step, base)
	if puts := cs.puts.Load() - before; puts != 4 { // page, leaf, level-1 node, manifest
		t.Fatalf("a one-page step made %d puts, want 4", puts)
	}
	got, err := r.GetSnapshot(ctx, next.Root)
	if err != nil {
		t.Fatal(err)
	}
	d, err := r.GetPages(ctx, got.Pages[12344:12346])
	if err != nil || string(d[1]) != "dirty" || d[0][0] != byte(12344&0xff) {
		t.Fatalf("pages after step: %q %v", d, err)
	}
}

func TestReferences(t *testing.T) {
	ctx := context.Background()
	r := NewRepo(NewMemory(), mustCodec(t, testKey(1)))
	pages := newPages(1, inlineMax+10, 100)
	a, _ := r.PutSnapshot(ctx, []byte("a"), pages, nil)
	pages[0] = Page{Data: []byte("changed")}
	b, _ := r.PutSnapshot(ctx, []byte("b"), pages, a)
	kinds := map[Kind]int{}
	seen := map[Addr]bool{}
	err := r.References(ctx, []Addr{a.Root, b.Root, a.Root}, func(ref Ref) error {
		if seen[ref.Addr] {
			t.Fatalf("%s visited twice", ref.Addr)
		}
		seen[ref.Addr] = true
		kinds[ref.Kind]++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// 266 pages + 1 changed; leaves: 5 per snapshot, 1 differs; 2 manifests.
	if kinds[KindPage] != inlineMax+11 || kinds[KindNode] != 6 || kinds[KindManifest] != 2 {
		t.Fatalf("kinds = %v", kinds)
	}
}

func TestManifestRejectsBadInput(t *testing.T) {
	ctx := context.Background()
	m := NewMemory()
	r := NewRepo(m, mustCodec(t, testKey(1)))
	pages := newPages(2, inlineMax+1, 10)
	snap, _ := r.PutSnapshot(ctx, nil, pages, nil)
	notManifest, _ := r.Put(ctx, []byte("AMSN\x01garbage"))
	wrongVersion, _ := r.Put(ctx, []byte("AMSN\x09"))
	for _, a := range []Addr{notManifest, wrongVersion, pages2Addr(t, r)} {
		if _, err := r.GetSnapshot(ctx, a); !errors.Is(err, ErrFormat) {
			t.Fatalf("GetSnapshot(%s) = %v, want ErrFormat", a, err)
		}
	}
	// A leaf replaced by a valid node of the wrong shape is caught by the sums.
	got, _ := r.GetSnapshot(ctx, snap.Root)
	raw, _ := r.Get(ctx, snap.Root)
	mf, _ := decodeManifest(raw)
	leaf := mf.top[0].addr
	enc, _ := m.Get(ctx, mf.top[1].addr)
	m.Overwrite(leaf, enc)
	if _, err := r.GetSnapshot(ctx, snap.Root); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("swapped leaf: %v", err)
	}
	_ = got
}

func pages2Addr(t *testing.T, r *Repo) Addr {
	a, err := r.Put(context.Background(), []byte("just a page"))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestDedupForks is the dedup test: one ~10 MB snapshot and 100
// forks that each change one page must store less than 1.1x the snapshot's
// stored bytes plus the 100 changed pages.
func TestDedupForks(t *testing.T) {
	ctx := context.Background()
	const pageSize, nPages = 4096, 2560 // 10 MiB
	m := NewMemory()
	r := NewRepo(m, mustCodec(t, testKey(1)))
	stored := func() int64 {
		var n int64
		_ = m.Walk(ctx, func(ci ChunkInfo) error { n += ci.Size; return nil })
		return n
	}
	base := putSnapshot(t, r, "meta", newPages(5, nPages, pageSize), nil)
	single := stored()
	var changed int64
	roots := []Addr{base.Root}
	for f := range 100 {
		step := unchanged(base)
		dirty := page(uint64(900_000+f), pageSize)
		_, enc, _ := r.Codec().Encode(dirty)
		changed += int64(len(enc))
		step[(f*37)%nPages] = Page{Data: dirty}
		roots = append(roots, putSnapshot(t, r, "meta", step, base).Root)
	}
	total := stored()
	limit := float64(single+changed) * 1.1
	t.Logf("single %d B, changed pages %d B, total %d B, limit %.0f B", single, changed, total, limit)
	if float64(total) >= limit {
		t.Fatalf("stored %d bytes, limit %.0f", total, limit)
	}
	st, err := r.Stats(ctx, roots)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("stats: %+v", st)
	if st.StoredBytes != total || st.DedupRatio() < 50 {
		t.Fatalf("stats %+v, stored %d", st, total)
	}
}
