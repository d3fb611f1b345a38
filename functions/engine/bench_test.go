package engine

import (
	"context"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// The numbers in README.md come from these benchmarks and tests:
//
//	go test -run '^$' -bench . -benchtime 200x ./functions/engine/
//	go test -run 'TestStepWrites|TestForkStorage' -v ./functions/engine/

// writeLog records every chunk put and head write of a test's stores.
type writeLog struct {
	mu     sync.Mutex
	chunks []int // stored sizes of chunk puts
	heads  []int // encoded sizes of session head writes
	usage  int   // project usage updates (one small item each)
}

func (w *writeLog) reset() {
	w.mu.Lock()
	w.chunks, w.heads, w.usage = nil, nil, 0
	w.mu.Unlock()
}

func (w *writeLog) snapshot() (chunks, heads []int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]int(nil), w.chunks...), append([]int(nil), w.heads...)
}

type loggedChunks struct {
	cas.Store
	log *writeLog
}

func (l loggedChunks) Put(ctx context.Context, a cas.Addr, data []byte) error {
	l.log.mu.Lock()
	l.log.chunks = append(l.log.chunks, len(data))
	l.log.mu.Unlock()
	return l.Store.Put(ctx, a, data)
}

type loggedMeta struct {
	meta.Store
	log *writeLog
}

// headSize is the DynamoDB item size of a head as functions/meta stores it
// (attribute names plus values; numbers about one byte per two digits).
func headSize(s *meta.Session) int {
	n := 0
	str := func(name, v string) {
		if v != "" {
			n += len(name) + len(v)
		}
	}
	bin := func(name string, v []byte) {
		if len(v) > 0 {
			n += len(name) + len(v)
		}
	}
	num := func(name string, v int64) { n += len(name) + len(fmt.Sprint(v))/2 + 1 }
	tm := func(name string, t time.Time) {
		if !t.IsZero() {
			n += len(name) + len(t.UTC().Format(time.RFC3339Nano))
		}
	}
	str("pk", "PROJECT#"+s.Project)
	str("sk", "SESSION#"+s.ID)
	str("project", s.Project)
	str("id", s.ID)
	str("root", s.Root)
	num("version", s.Version)
	str("state", s.State)
	if s.Ephemeral {
		n += len("ephemeral") + 1
	}
	str("connection", s.Connection)
	bin("config", s.Config)
	if s.Fresh {
		n += len("fresh") + 1
	}
	tm("created", s.Created)
	tm("saved", s.Saved)
	tm("expires", s.Expires)
	num("expires_at", s.Expires.Unix())
	str("last_request", s.LastRequest)
	str("last_reply", s.LastReply)
	bin("reply_inline", s.ReplyInline)
	num("bytes", s.Bytes)
	num("stored", s.Stored)
	bin("steps", s.Steps)
	bin("extra", s.Extra)
	bin("usage", s.Usage)
	return n
}

func (l loggedMeta) AddUsage(ctx context.Context, project string, delta int64) error {
	l.log.mu.Lock()
	l.log.usage++
	l.log.mu.Unlock()
	return l.Store.AddUsage(ctx, project, delta)
}

func (l loggedMeta) CommitSession(ctx context.Context, s *meta.Session, expect int64) error {
	l.log.mu.Lock()
	l.log.heads = append(l.log.heads, headSize(s))
	l.log.mu.Unlock()
	return l.Store.CommitSession(ctx, s, expect)
}

// Published us-east-1 prices, dollars per million (DynamoDB on-demand
// since its 50% cut of November 2024: it was $1.25 and $0.25).
const (
	s3Put      = 5.00
	dynamoWRU  = 0.625 // per 1 KB written
	dynamoRRU  = 0.125 // per 4 KB read, strongly consistent
	smallChunk = 4 << 10
)

func kbUnits(n, unit int) float64 { return math.Ceil(float64(n) / float64(unit)) }

// costPerMillion prices one step's writes (and the head read) per million
// steps: the head in DynamoDB, chunks in S3 (allS3) or tiered (≤ 4 KB in
// DynamoDB, the rest in S3).
func costPerMillion(chunks, heads []int, allS3 bool) float64 {
	c := 0.0
	for _, h := range heads {
		c += kbUnits(h, 1<<10)*dynamoWRU + kbUnits(h, 4<<10)*dynamoRRU
	}
	for _, n := range chunks {
		if allS3 || n > smallChunk {
			c += s3Put
		} else {
			c += kbUnits(n, 1<<10) * dynamoWRU
		}
	}
	return c
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// tenMB makes a heap of about 10 MB logical: two million 5-byte ints.
const tenMB = "big = list(range(10**9, 10**9 + 2000000))"

// TestStepWrites measures what one step writes when it dirties about 1 and
// about 10 pages of a small and of a 10 MB heap, and prices it.
func TestStepWrites(t *testing.T) {
	log := &writeLog{}
	b := backend{"memory", func(t testing.TB) (meta.Store, cas.Store) {
		return loggedMeta{newMemMeta(), log}, loggedChunks{cas.NewMemory(), log}
	}, 0}
	inline := 0
	if v := os.Getenv("AMBER_INLINE_BYTES"); v != "" {
		inline, _ = strconv.Atoi(v)
	}
	h := newHarness(t, b, func(c *Config) { c.InlineBytes = inline })
	cases := []struct {
		name, setup, step string
	}{
		{"small heap, 1 page", "d = {}\nk = 0", "k += 1\nd[k % 50] = k"},
		{"small heap, 10 pages", "ls = list(range(12000))\nk = 0", "k += 1\nfor j in range(10):\n    ls[j * 1024 + k % 1024] = k"},
		{"10 MB heap, 1 page", tenMB + "\nk = 0", "k += 1\nbig[(k * 7919) % 2000000] = -k"},
		{"10 MB heap, 10 pages", tenMB + "\nk = 0", "k += 1\nfor j in range(10):\n    big[(k * 7919 + j * 200000) % 2000000] = -k"},
	}
	var rows, full []string
	for _, tc := range cases {
		s := h.checkout(false)
		h.feed(s, tc.setup)
		h.feed(s, tc.step) // warm up: the first step also rewrites what setup left
		n := 100
		if v, err := strconv.Atoi(os.Getenv("AMBER_STEPS")); err == nil && v > 0 {
			n = v // a longer run shows the patch layer's steady state
		}
		log.reset()
		dirty := 0
		start := time.Now()
		for i := 0; i < n; i++ {
			rep := h.feed(s, tc.step)
			dirty += rep.Stats.DirtyPages
		}
		engineMS := float64(time.Since(start).Microseconds()) / 1000 / float64(n)
		chunks, heads := log.snapshot()
		log.mu.Lock()
		usage := log.usage
		log.mu.Unlock()
		perStep := func(x float64) float64 { return x / float64(n) }
		row := fmt.Sprintf("| %s | %.1f | %.1f | %.0f B | %.0f B | $%.2f | $%.2f |", tc.name,
			perStep(float64(dirty)), perStep(float64(len(chunks)+len(heads)+usage)),
			perStep(float64(sum(chunks))), perStep(float64(sum(heads))),
			perStep(costPerMillion(chunks, heads, false)+float64(usage)*dynamoWRU), perStep(costPerMillion(chunks, heads, true)+float64(usage)*dynamoWRU))
		rows = append(rows, row)
		writes := float64(len(chunks)+len(heads)+usage) / float64(n)
		ops := perStep(costPerMillion(chunks, heads, false) + float64(usage)*dynamoWRU)
		full = append(full, fullPrice(engineMS, 2, 1+int(math.Round(writes)), ops, chunks, n).row(tc.name))
	}
	t.Log("\n" + fullPriceHeader + strings.Join(full, "\n"))
	t.Log("\n| step | dirty pages | writes | chunk bytes | head bytes | $/M steps (tiered) | $/M steps (all S3) |\n| --- | --- | --- | --- | --- | --- | --- |\n" + strings.Join(rows, "\n"))
}

// TestForkStorage: 100 forks of a 10 MB session that each change one
// element store at most 1.1× one copy plus the pages they changed.
func TestForkStorage(t *testing.T) {
	if testing.Short() {
		t.Skip("10 MB × 100 forks: skipped with -short")
	}
	mem := cas.NewMemory()
	log := &writeLog{}
	h := newHarness(t, backend{"memory", func(t testing.TB) (meta.Store, cas.Store) {
		return newMemMeta(), loggedChunks{mem, log}
	}, 0}, nil)
	ctx := context.Background()
	stored := func() int64 {
		var n int64
		if err := mem.Walk(ctx, func(ci cas.ChunkInfo) error { n += ci.Size; return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	s := h.checkout(false)
	h.feed(s, tenMB)
	snap := h.ok(protocol.Request{Op: protocol.OpDump, Session: s}).Snapshot
	one := stored()
	log.reset()
	var inHeads int64 // the forks' overlays, kept in their heads
	for i := 0; i < 100; i++ {
		f := h.checkout(false)
		h.ok(protocol.Request{Op: protocol.OpLoadSession, Session: f, Snapshot: snap})
		h.feed(f, fmt.Sprintf("big[%d] = 'fork %d'", i*19997, i))
		fh, err := h.meta.GetSession(ctx, "p1", f)
		if err != nil {
			t.Fatal(err)
		}
		inHeads += int64(len(fh.Extra))
	}
	chunks, _ := log.snapshot()
	changed := int64(sum(chunks)) + inHeads
	total := stored() + inHeads
	head, _ := h.meta.GetSession(ctx, "p1", s)
	t.Logf("one copy: %d bytes stored (%d logical); after 100 forks: %d bytes (chunks and head overlays) = %.3f× one copy; the forks wrote %d bytes (%d chunks, %d bytes of overlays)",
		one, head.Bytes, total, float64(total)/float64(one), changed, len(chunks), inHeads)
	if float64(total) > 1.1*float64(one)+float64(changed) {
		t.Errorf("100 forks take %d bytes, more than 1.1 × %d + %d", total, one, changed)
	}
	if float64(total) > 1.1*float64(one) {
		t.Errorf("100 forks take %.3f× one copy", float64(total)/float64(one))
	}
}

// benchStep measures step latency: warm (the interpreter stays in memory),
// or cold (every step on a new engine: head, manifest and pages loaded
// from the stores).
func benchStep(b *testing.B, open func(t testing.TB) (meta.Store, cas.Store), cold bool) {
	benchStepOn(b, open, cold, "d = {i: str(i) for i in range(2000)}\nk = 0", "k += 1\nd[k % 2000] = k")
}

func benchStepOn(b *testing.B, open func(t testing.TB) (meta.Store, cas.Store), cold bool, setup, step string) {
	m, c := open(b)
	cfg := Config{Meta: m, Chunks: c}
	e, err := New(cfg)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if _, err := e.EnsureProject(ctx, "bench"); err != nil {
		b.Fatal(err)
	}
	caller := Caller{Project: "bench"}
	do := func(e *Engine, req protocol.Request) *protocol.Reply {
		rep := e.Handle(ctx, caller, &req, nil)
		if rep.Error != nil {
			b.Fatal(rep.Error)
		}
		return rep
	}
	s := do(e, protocol.Request{Op: protocol.OpCheckout, ID: "co"}).Session
	do(e, protocol.Request{Op: protocol.OpFeed, ID: "setup", Session: s, Code: setup})
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		eng := e
		if cold {
			b.StopTimer()
			eng, _ = New(cfg)
			b.StartTimer()
		}
		start := time.Now()
		do(eng, protocol.Request{Op: protocol.OpFeed, ID: fmt.Sprint("s", i), Session: s, Code: step})
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 {
		return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}

func BenchmarkStep(b *testing.B) {
	b.Run("warm-memory", func(b *testing.B) { benchStep(b, backends[0].open, false) })
	b.Run("warm-bolt", func(b *testing.B) { benchStep(b, openBolt, false) })
	b.Run("warm-aws", func(b *testing.B) { benchStep(b, openAWS, false) })
	b.Run("cold-bolt", func(b *testing.B) { benchStep(b, openBolt, true) })
	b.Run("cold-aws", func(b *testing.B) { benchStep(b, openAWS, true) })
	big := tenMB + "\nk = 0"
	b.Run("cold-bolt-10MB", func(b *testing.B) { benchStepOn(b, openBolt, true, big, "k += 1\nbig[k] = k") })
	b.Run("cold-aws-10MB", func(b *testing.B) { benchStepOn(b, openAWS, true, big, "k += 1\nbig[k] = k") })
}

// readCounter counts chunk reads.
type readCounter struct {
	cas.Store
	gets int64
	mu   sync.Mutex
}

func (r *readCounter) Get(ctx context.Context, a cas.Addr) ([]byte, error) {
	r.mu.Lock()
	r.gets++
	r.mu.Unlock()
	return r.Store.Get(ctx, a)
}

// TestColdLoadReads counts the chunk reads of a cold step (a new process,
// no caches): what a cold Lambda fetches before it can run.
func TestColdLoadReads(t *testing.T) {
	for _, tc := range []struct{ name, setup, step string }{
		{"small heap", "d = {i: str(i) for i in range(2000)}", "d[1] = 0"},
		{"10 MB heap", tenMB, "big[1] = 0"},
	} {
		rc := &readCounter{Store: cas.NewMemory()}
		h := newHarness(t, backend{"memory", func(testing.TB) (meta.Store, cas.Store) { return newMemMeta(), rc }, 0}, nil)
		s := h.checkout(false)
		h.feed(s, tc.setup)
		h.ok(protocol.Request{Op: protocol.OpDump, Session: s}) // flush: the state is a root
		h.feed(s, tc.step)                                      // plus an overlay
		rc.mu.Lock()
		rc.gets = 0
		rc.mu.Unlock()
		h.on(h.engine(nil), protocol.Request{Op: protocol.OpFeed, Session: s, Code: "1"})
		head, _ := h.meta.GetSession(context.Background(), "p1", s)
		t.Logf("%s: a cold step read %d chunks (%d logical bytes)", tc.name, rc.gets, head.Bytes)
	}
}
