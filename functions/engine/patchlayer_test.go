package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// scattered is a 1 MB heap (200,000 ints, about 170 pages) and a step that
// changes one int in each of 10 pages far apart: the case patch layers are
// for. model mirrors the list in Go.
const (
	scatteredN     = 200000
	scatteredSetup = "big = list(range(10**9, 10**9 + 200000))\nk = 0"
	scatteredStep  = "k += 1\nfor j in range(10):\n    big[(k * 7919 + j * 20000) % 200000] = -k"
	scatteredProbe = "(k, sum(big), big[(k * 7919) % 200000], big[-1])"
)

type scatteredModel struct {
	k   int
	big []int64
}

func newScatteredModel() *scatteredModel {
	m := &scatteredModel{big: make([]int64, scatteredN)}
	for i := range m.big {
		m.big[i] = 1e9 + int64(i)
	}
	return m
}

func (m *scatteredModel) step() {
	m.k++
	for j := 0; j < 10; j++ {
		m.big[(m.k*7919+j*20000)%scatteredN] = int64(-m.k)
	}
}

func (m *scatteredModel) probe() string {
	var s int64
	for _, v := range m.big {
		s += v
	}
	return fmt.Sprintf("(%d, %d, %d, %d)", m.k, s, m.big[(m.k*7919)%scatteredN], m.big[scatteredN-1])
}

// rootOf reads a session's flushed root (nil before the first flush).
func rootOf(t *testing.T, h *harness, session string) *flushedRoot {
	t.Helper()
	ctx := context.Background()
	head, err := h.meta.GetSession(ctx, "p1", session)
	if err != nil {
		t.Fatal(err)
	}
	if head.Root == "" {
		return nil
	}
	repo, err := h.e.repo(ctx, "p1", nil)
	if err != nil {
		t.Fatal(err)
	}
	fr, err := readRoot(ctx, repo, head.Root)
	if err != nil {
		t.Fatal(err)
	}
	return fr
}

// TestPatchFlushColdLoads steps the scattered case many times and, at
// several points, loads the session cold in a new engine (empty caches):
// it sees the same state as the warm engine and as the Go model, on every
// backend (flushing every step, often, and at the default size).
func TestPatchFlushColdLoads(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		s := h.checkout(false)
		h.feed(s, scatteredSetup)
		m := newScatteredModel()
		layered := 0
		for round := 0; round < 4; round++ {
			for i := 0; i < 20; i++ {
				h.feed(s, scatteredStep)
				m.step()
				if fr := rootOf(t, h, s); fr != nil && len(fr.layer) > 0 {
					layered++
				}
			}
			want := m.probe()
			if got := h.value(s, scatteredProbe); got != want {
				t.Fatalf("round %d: warm engine sees %s, want %s", round, got, want)
			}
			cold := h.on(h.engine(nil), protocol.Request{Op: protocol.OpFeed, Session: s, Code: scatteredProbe})
			if cold.Error != nil || cold.Repr != want {
				t.Fatalf("round %d: a cold engine sees %s (%v), want %s", round, cold.Repr, cold.Error, want)
			}
		}
		if layered == 0 {
			t.Errorf("no step left a root with a patch layer")
		}
	})
}

// TestPatchFlushWritesLess: the scattered case stores far fewer chunk bytes
// with patch layers than when every flush stores whole pages, and both
// reach the same state.
func TestPatchFlushWritesLess(t *testing.T) {
	written := map[bool]int{}
	for _, whole := range []bool{false, true} {
		log := &writeLog{}
		h := newHarness(t, backend{"memory", func(testing.TB) (meta.Store, cas.Store) {
			return newMemMeta(), loggedChunks{cas.NewMemory(), log}
		}, 0}, func(c *Config) { c.WholePageFlush = whole })
		s := h.checkout(false)
		h.feed(s, scatteredSetup)
		h.feed(s, scatteredStep)
		log.reset()
		m := newScatteredModel()
		m.step()
		stepScattered(h, s, m, 60)
		chunks, _ := log.snapshot()
		written[whole] = sum(chunks)
		if got := h.on(h.engine(nil), protocol.Request{Op: protocol.OpFeed, Session: s, Code: scatteredProbe}).Repr; got != m.probe() {
			t.Errorf("whole pages %v: cold state %s, want %s", whole, got, m.probe())
		}
	}
	t.Logf("60 scattered steps store %d chunk bytes with patch layers, %d with whole pages", written[false], written[true])
	if written[false]*4 > written[true] {
		t.Errorf("patch layers store %d bytes, whole pages %d: want at most a quarter", written[false], written[true])
	}
}

// stepScattered runs n scattered steps on session s and on the model m.
func stepScattered(h *harness, s string, m *scatteredModel, n int) {
	for range n {
		h.feed(s, scatteredStep)
		m.step()
	}
}

// TestPatchFlushGC: after many patch flushes, GC with a tiny grace deletes
// the superseded chunks and nothing a live root reaches: the session, a
// snapshot and a fork of it load cold and hold their states.
func TestPatchFlushGC(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, func(c *Config) { c.GCGrace = time.Millisecond })
		s := h.checkout(false)
		h.feed(s, scatteredSetup)
		m := newScatteredModel()
		stepScattered(h, s, m, 30)
		snap := h.ok(protocol.Request{Op: protocol.OpDump, Session: s}).Snapshot
		atSnap := m.probe()
		fork := h.checkout(false)
		h.ok(protocol.Request{Op: protocol.OpLoadSession, Session: fork, Snapshot: snap})
		h.feed(fork, "big[0] = 'fork'")
		stepScattered(h, s, m, 30)
		if fr := rootOf(t, h, s); fr == nil || len(fr.layer) == 0 {
			t.Fatalf("the session's root has no patch layer")
		}
		h.clock.advance(time.Hour)
		rep, err := h.e.GC(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if rep.Chunks.Deleted == 0 {
			t.Errorf("GC deleted nothing: %+v", rep.Chunks)
		}
		cold := h.engine(nil)
		if got := h.on(cold, protocol.Request{Op: protocol.OpFeed, Session: s, Code: scatteredProbe}); got.Error != nil || got.Repr != m.probe() {
			t.Errorf("session after GC: %s %v, want %s", got.Repr, got.Error, m.probe())
		}
		if got := h.on(cold, protocol.Request{Op: protocol.OpFeed, Session: fork, Code: "big[0], k"}); got.Error != nil || got.Repr != "('fork', 30)" {
			t.Errorf("fork after GC: %s %v", got.Repr, got.Error)
		}
		f2 := h.checkout(false)
		h.on(cold, protocol.Request{Op: protocol.OpLoadSession, Session: f2, Snapshot: snap})
		if got := h.on(h.engine(nil), protocol.Request{Op: protocol.OpFeed, Session: f2, Code: scatteredProbe}); got.Error != nil || got.Repr != atSnap {
			t.Errorf("snapshot after GC: %s %v, want %s", got.Repr, got.Error, atSnap)
		}
	})
}

// TestOldFormatRoots: roots written by the whole-page writer (no patch
// layer, core's manifest as the metadata) load in the patching engine,
// which steps on from them and whose roots load again.
func TestOldFormatRoots(t *testing.T) {
	h := newHarness(t, backends[0], func(c *Config) { c.WholePageFlush = true })
	s := h.checkout(false)
	h.feed(s, scatteredSetup)
	m := newScatteredModel()
	stepScattered(h, s, m, 40)
	h.ok(protocol.Request{Op: protocol.OpDump, Session: s}) // the head is a root alone
	fr := rootOf(t, h, s)
	if fr == nil || len(fr.layer) != 0 || bytes.HasPrefix(fr.snap.Meta, rootMetaMagic) {
		t.Fatalf("the whole-page writer wrote a root with a layer")
	}
	if _, err := core.ReadPageDump(fr.snap.Meta); err != nil {
		t.Fatalf("an old root's metadata is not core's manifest: %v", err)
	}
	e := h.engine(nil) // patching, cold
	for i := 0; i < 40; i++ {
		h.on(e, protocol.Request{Op: protocol.OpFeed, Session: s, Code: scatteredStep})
		m.step()
	}
	if fr := rootOf(t, h, s); fr == nil || len(fr.layer) == 0 {
		t.Errorf("the patching engine wrote no layer on an old root")
	}
	if got := h.on(h.engine(nil), protocol.Request{Op: protocol.OpFeed, Session: s, Code: scatteredProbe}).Repr; got != m.probe() {
		t.Errorf("cold state %s, want %s", got, m.probe())
	}
}

// TestPatchFlushDeterministic: the same state flushes to the same bytes,
// whether the engine flushing it is warm or loaded it cold.
func TestPatchFlushDeterministic(t *testing.T) {
	h := newHarness(t, backends[0], nil)
	ctx := context.Background()
	s := h.checkout(false)
	h.feed(s, scatteredSetup)
	for i := 0; i < 25; i++ {
		h.feed(s, scatteredStep)
	}
	head, _ := h.meta.GetSession(ctx, "p1", s)
	if head.Root == "" || len(head.Extra) == 0 {
		t.Fatalf("want a root plus an overlay, got root %q and %d overlay bytes", head.Root, len(head.Extra))
	}
	var roots []string
	for _, e := range []*Engine{h.e, h.engine(nil)} {
		id := h.on(e, protocol.Request{Op: protocol.OpDump, Session: s}).Snapshot
		snap, err := h.meta.GetSnapshot(ctx, "p1", id)
		if err != nil {
			t.Fatal(err)
		}
		roots = append(roots, snap.Root)
	}
	if roots[0] != roots[1] {
		t.Errorf("a warm and a cold flush of one state wrote roots %s and %s", roots[0], roots[1])
	}
	if fr := rootOf(t, h, s); fr == nil || len(fr.layer) == 0 {
		t.Errorf("the root has no patch layer")
	}
}

// TestHostileRoots: roots whose metadata or patch layer is corrupt (but
// stored intact, so the chunk hashes verify) fail to load with
// ErrCorruptState, never a panic.
func TestHostileRoots(t *testing.T) {
	h := newHarness(t, backends[0], nil)
	ctx := context.Background()
	s := h.checkout(false)
	h.feed(s, "ls = list(range(3000))")
	h.ok(protocol.Request{Op: protocol.OpDump, Session: s})
	fr := rootOf(t, h, s)
	repo, err := h.e.repo(ctx, "p1", nil)
	if err != nil {
		t.Fatal(err)
	}
	man, err := rootManifest(fr.snap)
	if err != nil {
		t.Fatal(err)
	}
	var k0 core.PageKey
	for k := range fr.refs {
		if k0 == (core.PageKey{}) || keyLess(k, k0) {
			k0 = k
		}
	}
	base, err := repo.Get(ctx, fr.refs[k0].Addr)
	if err != nil {
		t.Fatal(err)
	}
	hunk := func(size int64, at int) overlayEntry {
		return overlayEntry{payload: []byte{payloadHunks, 1, byte(at), 1, 'x'}, size: size}
	}
	cases := []struct {
		name  string
		meta  []byte
		layer []byte // nil: no layer chunk (the last page is taken for it)
	}{
		{"garbage layer", rootMeta(man, 1), []byte("not a layer")},
		{"truncated layer", rootMeta(man, 1), encodeLayer(map[core.PageKey]overlayEntry{k0: hunk(int64(len(base)), 3)})[:12]},
		{"layer patches a page the root lacks", rootMeta(man, 1), encodeLayer(map[core.PageKey]overlayEntry{{Seq: 1 << 30, N: 7}: hunk(10, 0)})},
		{"layer's size is wrong", rootMeta(man, 1), encodeLayer(map[core.PageKey]overlayEntry{k0: hunk(int64(len(base))+1, 3)})},
		{"hunk past the page's end", rootMeta(man, 1), encodeLayer(map[core.PageKey]overlayEntry{k0: {payload: []byte{payloadHunks, 1, 0x80, 0x80, 0x10, 1, 'x'}, size: int64(len(base))}})},
		{"metadata names two layers", rootMetaN(man, 2), encodeLayer(map[core.PageKey]overlayEntry{k0: hunk(int64(len(base)), 3)})},
		{"metadata names a layer the table lacks", rootMeta(man, 1), nil},
		{"unknown metadata version", append(append([]byte(nil), rootMetaMagic...), 9, 1), []byte("x")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pages := make([]cas.Page, 0, len(fr.snap.Pages)+1)
			for _, r := range fr.snap.Pages {
				pages = append(pages, cas.Page{Ref: r})
			}
			if tc.layer != nil {
				pages = append(pages, cas.Page{Data: tc.layer})
			}
			snap, err := repo.PutSnapshot(ctx, tc.meta, pages, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, err = loadRoot(ctx, repo, snap.Root.String(), nil, sessionConfig{})
			switch {
			case err == nil:
				t.Fatal("loaded")
			case tc.layer == nil:
				// The manifest then lists one page more than the table.
			case !errors.Is(err, ErrCorruptState):
				t.Errorf("error %v, want ErrCorruptState", err)
			}
		})
	}
}

// rootMetaN is rootMeta without its bound on layers, for hostile roots.
func rootMetaN(manifest []byte, n byte) []byte {
	b := append([]byte(nil), rootMetaMagic...)
	return append(append(b, rootMetaVersion, n), manifest...)
}

func TestLayerEncoding(t *testing.T) {
	l := map[core.PageKey]overlayEntry{
		{Seq: 0, N: 3}:     {payload: []byte{payloadPatch, 1, 1, 'x'}, size: 3},
		{Seq: 4096, N: 17}: {payload: []byte{payloadHunks, 1, 2, 1, 9}, size: 5},
		{Seq: 4096, N: 2}:  {payload: []byte{payloadHunks, 0}, size: 5},
	}
	b := encodeLayer(l)
	if !bytes.Equal(encodeLayer(l), b) {
		t.Fatal("two encodings of one layer differ")
	}
	got, err := decodeLayer(b)
	if err != nil || !reflect.DeepEqual(got, l) {
		t.Fatalf("round trip: %v %+v", err, got)
	}
	for i := 0; i < len(b); i++ {
		if _, err := decodeLayer(b[:i]); !errors.Is(err, ErrCorruptState) {
			t.Errorf("truncated at %d: %v", i, err)
		}
	}
	raw := encodeLayer(map[core.PageKey]overlayEntry{{N: 1}: {payload: []byte{payloadRaw, 'x'}, size: 1}})
	if _, err := decodeLayer(raw); !errors.Is(err, ErrCorruptState) {
		t.Errorf("a layer holding a whole page decoded: %v", err)
	}
}

// FuzzPatchLayer: decoding a layer, a root's metadata or a patch never
// panics; what fails fails with ErrCorruptState (or errOverlay, for a bare
// patch); what decodes re-encodes to the same bytes.
func FuzzPatchLayer(f *testing.F) {
	base := bytes.Repeat([]byte("0123456789abcdef"), 32)
	f.Add(encodeLayer(map[core.PageKey]overlayEntry{{N: 1}: {payload: makePayload(scatter(base), base, false), size: int64(len(base))}}), base)
	f.Add(encodeLayer(map[core.PageKey]overlayEntry{{Seq: 9, N: 1}: {payload: makePayload(base[:100], base, false), size: 100}, {Seq: 9, N: 2}: {payload: []byte{payloadHunks, 0}, size: 256}}), base)
	f.Add(encodeLayer(nil), []byte(nil))
	f.Add([]byte("AMBERPL\x01\x01\x00\x01\x05\x05\x02\x01\xff\xff\xff\xff\x0f\x01x"), base)
	f.Add(rootMeta([]byte("AMBER\x00manifest"), 1), base)
	f.Add([]byte("AMBERROOT\x01\x80"), []byte{1})
	f.Add([]byte{payloadHunks, 3, 0, 1, 'a', 0, 1, 'b', 250, 1, 'c'}, base)
	f.Add([]byte{payloadPatch, 10, 10, 'm', 'i', 'd'}, base[:30])
	grown := append(append(append([]byte(nil), base[:40]...), "inserted"...), base[45:]...)
	f.Add(edits(grown, base), base)
	f.Add(encodeLayer(map[core.PageKey]overlayEntry{{Seq: 2, N: 5}: {payload: edits(grown, base), size: int64(len(grown))}}), base)
	f.Add([]byte{payloadEdits, 2, 3, 1, 2, 'x', 'y', 0, 5, 0}, base[:20])
	f.Fuzz(func(t *testing.T, data, page []byte) {
		if len(data) > 1<<16 || len(page) > 1<<16 {
			return
		}
		if l, err := decodeLayer(data); err != nil {
			if !errors.Is(err, ErrCorruptState) {
				t.Fatalf("layer error %v is not ErrCorruptState", err)
			}
		} else {
			if !bytes.Equal(encodeLayer(l), data) {
				t.Fatalf("layer %x re-encodes as %x", data, encodeLayer(l))
			}
			for _, e := range l {
				if out, err := applyLayerEntry(e, page); err != nil {
					if !errors.Is(err, ErrCorruptState) {
						t.Fatalf("apply error %v is not ErrCorruptState", err)
					}
				} else if int64(len(out)) != e.size {
					t.Fatalf("a page patched to %d bytes, the layer says %d", len(out), e.size)
				}
			}
		}
		if man, n, err := splitRootMeta(data); err != nil {
			if !errors.Is(err, ErrCorruptState) {
				t.Fatalf("metadata error %v is not ErrCorruptState", err)
			}
		} else if n > 0 && !bytes.Equal(rootMeta(man, n), data) {
			t.Fatalf("metadata %x re-encodes as %x", data, rootMeta(man, n))
		}
		if out, err := applyPayload(data, page); err != nil {
			if !errors.Is(err, errOverlay) {
				t.Fatalf("payload error %v is not errOverlay", err)
			}
		} else if len(data) > 0 && data[0] == payloadHunks && len(out) != len(page) {
			t.Fatalf("hunks changed the page's length: %d to %d", len(page), len(out))
		}
	})
}

// TestPatchFlushExactlyOnce: a scattered step that flushes a patch layer
// (every step flushes here) and fails on a chunk put, or dies before or
// after its head write, runs once when retried with its id; a cold engine
// then sees the model's state.
func TestPatchFlushExactlyOnce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h, fm, fc := newFaultHarness(t, b, -1)
		s := h.checkout(false)
		h.feed(s, scatteredSetup)
		m := newScatteredModel()
		stepScattered(h, s, m, 3)
		for i, inject := range []func(){
			func() { fc.fail.Store(1) },
			func() { fm.mu.Lock(); fm.before = 1; fm.mu.Unlock() },
			func() { fm.mu.Lock(); fm.after = 1; fm.mu.Unlock() },
		} {
			id := fmt.Sprintf("scatter-%d", i)
			inject()
			h.on(nil, protocol.Request{Op: protocol.OpFeed, ID: id, Session: s, Code: scatteredStep})
			m.step()
			var got *protocol.Reply
			for try := 0; try < 3; try++ {
				if got = h.on(nil, protocol.Request{Op: protocol.OpFeed, ID: id, Session: s, Code: scatteredStep}); got.Error == nil {
					break
				}
			}
			if got.Error != nil {
				t.Fatalf("fault %d: retry %v", i, got.Error)
			}
			if fr := rootOf(t, h, s); fr == nil || len(fr.layer) == 0 {
				t.Errorf("fault %d: the root has no patch layer", i)
			}
			cold := h.on(h.engine(nil), protocol.Request{Op: protocol.OpFeed, Session: s, Code: scatteredProbe})
			if cold.Error != nil || cold.Repr != m.probe() {
				t.Fatalf("fault %d: a cold engine sees %s (%v), want %s", i, cold.Repr, cold.Error, m.probe())
			}
		}
	})
}
