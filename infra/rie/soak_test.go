package rie_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	toxiproxy "github.com/Shopify/toxiproxy/v2"
	"github.com/rs/zerolog"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/infra/rie"
	"github.com/amber-sandbox/amber/internal/dynalite"
	"github.com/amber-sandbox/amber/sdk"
)

// The soak test runs the real WebSocket function under the emulator, with
// dynalite and gofakes3 behind a fault proxy, while clients drive
// sessions through amber serve in Lambda mode as the SDK does: steps,
// host calls, dumps, forks and suspended snapshots. Meanwhile the
// function's process is killed (SIGKILL) at random moments and started
// again cold (with an empty /tmp chunk cache), the proxy injects latency,
// stalls, resets and cut bandwidth between the function and its stores,
// and GC runs with a short grace period.
//
// What must hold: every step a client saw acknowledged is in the session
// exactly once (each session counts its steps in a variable, checked at
// every acknowledgement and at the end), every snapshot kept loads and
// continues, and GC deleted nothing reachable (checked after a final GC,
// from a cold function).
//
// It runs for AMBER_SOAK_DURATION (default 60s) of faults; the whole test
// stays under three minutes.

const soakDefaultDuration = 60 * time.Second

func soakDuration(t *testing.T) time.Duration {
	v := os.Getenv("AMBER_SOAK_DURATION")
	if v == "" {
		return soakDefaultDuration
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		t.Fatalf("AMBER_SOAK_DURATION=%q: want a positive duration", v)
	}
	return d
}

// soakCounts are what the test did and saw, reported at the end.
type soakCounts struct {
	steps, hostCalls, dumps, forks, suspended, snapshotChecks, deleted atomic.Int64
	kills, retries                                                     atomic.Int64
	faults                                                             sync.Map // kind -> *atomic.Int64
	gcRuns, gcSwept                                                    atomic.Int64
}

func (c *soakCounts) fault(kind string) {
	v, _ := c.faults.LoadOrStore(kind, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
}

func (c *soakCounts) faultSummary() (int64, string) {
	var total int64
	var parts []string
	for _, k := range []string{"latency", "timeout", "reset_peer", "bandwidth"} {
		var n int64
		if v, ok := c.faults.Load(k); ok {
			n = v.(*atomic.Int64).Load()
		}
		total += n
		parts = append(parts, fmt.Sprintf("%s %d", k, n))
	}
	return total, strings.Join(parts, ", ")
}

// faultyStores puts a toxiproxy proxy in front of each store the function
// uses.
type faultyStores struct {
	server  *toxiproxy.ApiServer
	proxies []*toxiproxy.Proxy
}

func (f *faultyStores) proxy(t *testing.T, name, upstream string) string {
	t.Helper()
	u, err := url.Parse(upstream)
	if err != nil {
		t.Fatalf("%s endpoint %q: %v", name, upstream, err)
	}
	p := toxiproxy.NewProxy(f.server, name, "127.0.0.1:0", u.Host)
	if err := p.Start(); err != nil {
		t.Fatalf("toxiproxy %s: %v", name, err)
	}
	t.Cleanup(p.Stop)
	f.proxies = append(f.proxies, p)
	return "http://" + p.Listen
}

// inject adds one random fault to one random proxy for a short while.
func (f *faultyStores) inject(ctx context.Context, rng *rand.Rand, counts *soakCounts) error {
	p := f.proxies[rng.IntN(len(f.proxies))]
	stream := "downstream"
	if rng.IntN(2) == 0 {
		stream = "upstream"
	}
	var kind, attrs string
	switch rng.IntN(4) {
	case 0:
		kind, attrs = "latency", fmt.Sprintf(`{"latency": %d, "jitter": %d}`, 100+rng.IntN(400), rng.IntN(100))
	case 1:
		// Data stops; the connection closes after the timeout.
		kind, attrs = "timeout", fmt.Sprintf(`{"timeout": %d}`, 200+rng.IntN(1300))
	case 2:
		kind, attrs = "reset_peer", fmt.Sprintf(`{"timeout": %d}`, rng.IntN(300))
	default:
		kind, attrs = "bandwidth", fmt.Sprintf(`{"rate": %d}`, 4+rng.IntN(60)) // KB/s
	}
	name := fmt.Sprintf("%s-%s-%d", kind, stream, rng.Int64())
	body := fmt.Sprintf(`{"name": %q, "type": %q, "stream": %q, "toxicity": %.2f, "attributes": %s}`,
		name, kind, stream, 0.5+rng.Float64()/2, attrs)
	if _, err := p.Toxics.AddToxicJson(strings.NewReader(body)); err != nil {
		return fmt.Errorf("toxic %s: %w", body, err)
	}
	counts.fault(kind)
	select {
	case <-time.After(time.Duration(300+rng.IntN(1700)) * time.Millisecond):
	case <-ctx.Done():
	}
	return p.Toxics.RemoveToxic(context.Background(), name)
}

func (f *faultyStores) clear() {
	for _, p := range f.proxies {
		p.Toxics.ResetToxics(context.Background())
	}
}

// wholeRequests serves upstream through a proxy that passes on only whole
// requests, each to its end even when the client has left: dynalite (a
// Node program) dies with an uncaught "aborted" error when a client
// resets its connection in the middle of a request, which real DynamoDB
// shrugs off. The faults stay between the function and this proxy.
func wholeRequests(t *testing.T, upstream string) string {
	t.Helper()
	target, err := url.Parse(upstream)
	if err != nil {
		t.Fatalf("endpoint %q: %v", upstream, err)
	}
	client := &http.Client{Timeout: 30 * time.Second}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return // the client left mid-request: nothing reaches the store
		}
		u := *target
		u.Path, u.RawQuery = r.URL.Path, r.URL.RawQuery
		req, err := http.NewRequestWithContext(context.WithoutCancel(r.Context()), r.Method, u.String(), bytes.NewReader(body))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		req.Header = r.Header.Clone()
		resp, err := client.Do(req)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		for k, vs := range resp.Header {
			w.Header()[k] = vs
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, resp.Body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// soakFunction is the emulated function, killed and started again.
type soakFunction struct {
	st     *stack
	tmp    string
	starts atomic.Int64
	mu     sync.Mutex
}

// restart kills the function's process group (the emulator and the
// bootstrap) with SIGKILL and starts it cold: a fresh TMPDIR, so no chunk
// the function cached on disk survives.
func (f *soakFunction) restart(ctx context.Context) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.st.emu != nil {
		f.st.emu.Stop()
	}
	dir := filepath.Join(f.tmp, strconv.FormatInt(f.starts.Add(1), 10))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	env := append(append([]string(nil), f.st.env...), "TMPDIR="+dir)
	var err error
	for try := 0; try < 5; try++ {
		var emu *rie.Emulator
		emu, err = rie.Start(ctx, rie.Options{Bootstrap: f.st.bootstrap, Env: env, Addr: f.st.rieAddr})
		if err == nil {
			f.st.emu = emu
			return nil
		}
		time.Sleep(200 * time.Millisecond) // the port may still be held by the killed emulator
	}
	return err
}

// soakSnapshot is a snapshot a worker kept, with what loading it must give.
type soakSnapshot struct {
	id        []byte
	n         int64 // the session's counter when it was saved
	suspended bool  // paused at bump(n), to be resumed
}

// soakWorker drives one session of one project.
type soakWorker struct {
	name   string
	pool   *sdk.Pool
	s      *sdk.Session
	n      int64 // steps acknowledged: the session's counter must equal it
	snaps  []soakSnapshot
	counts *soakCounts
	rng    *rand.Rand

	mu      sync.Mutex
	retries []string // the latest resends of this worker's pool, for a failure's message
}

// retried records a resend of the worker's pool.
func (w *soakWorker) retried(ev sdk.RetryEvent) {
	w.counts.retries.Add(1)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.retries = append(w.retries, fmt.Sprintf("%s %s #%d: %v", time.Now().Format("15:04:05.000"), ev.Op, ev.Attempt, ev.Reason))
	if len(w.retries) > 12 {
		w.retries = w.retries[1:]
	}
}

func (w *soakWorker) lastRetries() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Join(w.retries, "\n\t")
}

var bump = map[string]sdk.HostFunc{"bump": func(_ context.Context, args []any, _ map[string]any) (any, error) {
	n, ok := args[0].(int64)
	if !ok {
		return nil, fmt.Errorf("bump(%v): want an int", args[0])
	}
	return n + 1, nil
}}

// stepCtx bounds one client call: long enough to outlast any fault and
// restart, so the SDK's retries get through.
func stepCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 90*time.Second)
}

func asInt(v sdk.Object) (int64, error) {
	n, ok := v.Go.(int64)
	if !ok {
		return 0, fmt.Errorf("got %s, want an int", v.Repr)
	}
	return n, nil
}

// step runs one unit of work; any error is a failure of the system under
// faults (the SDK retries every retryable error with the same id).
func (w *soakWorker) step(i int) error {
	ctx, cancel := stepCtx()
	defer cancel()
	switch {
	case i%13 == 12:
		return w.suspendedSnapshot(ctx)
	case i%11 == 10 && len(w.snaps) > 0:
		return w.fork(ctx)
	case i%6 == 5:
		id, err := w.s.Dump(ctx)
		if err != nil {
			return fmt.Errorf("dump: %w", err)
		}
		w.counts.dumps.Add(1)
		w.keep(ctx, soakSnapshot{id: id, n: w.n})
		return nil
	case i%4 == 3:
		v, err := w.s.FeedRun(ctx, "n = bump(n)\nn", &sdk.FeedOptions{Functions: bump})
		if err != nil {
			return fmt.Errorf("host-call step: %w", err)
		}
		w.counts.hostCalls.Add(1)
		return w.acknowledged(v)
	}
	// Plain steps rewrite one of eight 2 KB strs now and then, so pages
	// flush as chunks and old chunks become garbage for GC.
	code := "n += 1\nn"
	if i%3 == 0 {
		code = "n += 1\nblobs[n % 8] = str(n) * 400\nn"
	}
	v, err := w.s.FeedRun(ctx, code, nil)
	if err != nil {
		return fmt.Errorf("step: %w", err)
	}
	return w.acknowledged(v)
}

// acknowledged checks a step's reply: the counter moved by exactly one.
func (w *soakWorker) acknowledged(v sdk.Object) error {
	got, err := asInt(v)
	if err != nil {
		return err
	}
	if got != w.n+1 {
		return fmt.Errorf("the step after %d acknowledged steps left the counter at %d: a step was lost or ran twice", w.n, got)
	}
	w.n++
	w.counts.steps.Add(1)
	return nil
}

// suspendedSnapshot pauses the session at a host call, saves the pause,
// and then answers it in the session itself.
func (w *soakWorker) suspendedSnapshot(ctx context.Context) error {
	p, err := w.s.FeedStart(ctx, "n = bump(n)\nn", &sdk.FeedOptions{Functions: bump})
	if err != nil {
		return fmt.Errorf("feed_start: %w", err)
	}
	call, ok := p.(*sdk.FunctionCall)
	if !ok || call.Name != "bump" {
		return fmt.Errorf("feed_start: got %T, want the call of bump", p)
	}
	id, err := call.Dump(ctx)
	if err != nil {
		return fmt.Errorf("dump at a host call: %w", err)
	}
	w.counts.suspended.Add(1)
	w.keep(ctx, soakSnapshot{id: id, n: w.n, suspended: true})
	done, err := call.Resume(ctx, w.n+1)
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	c, ok := done.(*sdk.Complete)
	if !ok {
		return fmt.Errorf("resume: got %T, want the feed complete", done)
	}
	w.counts.hostCalls.Add(1)
	return w.acknowledged(c.Output)
}

// keep records a snapshot; past four, the oldest is checked and deleted,
// which leaves garbage for GC to sweep.
func (w *soakWorker) keep(ctx context.Context, s soakSnapshot) {
	w.snaps = append(w.snaps, s)
	if len(w.snaps) <= 4 {
		return
	}
	old := w.snaps[0]
	w.snaps = w.snaps[1:]
	if err := w.checkSnapshot(ctx, old); err != nil {
		w.snaps = append(w.snaps, old) // checked again, and reported, at the end
		return
	}
	if err := w.pool.DeleteSnapshot(ctx, old.id); err == nil {
		w.counts.deleted.Add(1)
	}
}

// fork loads a kept snapshot into a new session, drives it apart, and
// closes it.
func (w *soakWorker) fork(ctx context.Context) error {
	snap := w.snaps[w.rng.IntN(len(w.snaps))]
	if err := w.checkSnapshot(ctx, snap); err != nil {
		return fmt.Errorf("fork: %w", err)
	}
	w.counts.forks.Add(1)
	return nil
}

// checkSnapshot loads s into a fresh session and continues it: the
// branch sees the counter as saved and moves apart from the session.
func (w *soakWorker) checkSnapshot(ctx context.Context, s soakSnapshot) error {
	f, err := w.pool.Checkout(ctx, nil)
	if err != nil {
		return fmt.Errorf("checkout: %w", err)
	}
	defer func() { _ = f.Close(ctx) }()
	var got int64
	if s.suspended {
		p, err := f.LoadSnapshot(ctx, s.id, &sdk.FeedOptions{Functions: bump})
		if err != nil {
			return fmt.Errorf("load_snapshot: %w", err)
		}
		call, ok := p.(*sdk.FunctionCall)
		if !ok || len(call.Args) != 1 || call.Args[0] != s.n {
			return fmt.Errorf("load_snapshot: got %#v, want the call bump(%d)", p, s.n)
		}
		done, err := call.Resume(ctx, s.n+1)
		if err != nil {
			return fmt.Errorf("resume a loaded snapshot: %w", err)
		}
		c, ok := done.(*sdk.Complete)
		if !ok {
			return fmt.Errorf("resume a loaded snapshot: got %T", done)
		}
		if got, err = asInt(c.Output); err != nil {
			return err
		}
		if got != s.n+1 {
			return fmt.Errorf("suspended snapshot saved at %d resumed to %d", s.n, got)
		}
	} else {
		if err := f.LoadSession(ctx, s.id); err != nil {
			return fmt.Errorf("load_session: %w", err)
		}
		v, err := f.FeedRun(ctx, "n += 1000\nn", nil)
		if err != nil {
			return fmt.Errorf("feed a loaded session: %w", err)
		}
		if got, err = asInt(v); err != nil {
			return err
		}
		if got != s.n+1000 {
			return fmt.Errorf("snapshot saved at %d continued to %d, want %d", s.n, got, s.n+1000)
		}
	}
	w.counts.snapshotChecks.Add(1)
	return nil
}

func TestSoakUnderFaults(t *testing.T) {
	needAll(t)
	duration := soakDuration(t)
	seed := uint64(time.Now().UnixNano())
	if v := os.Getenv("AMBER_SOAK_SEED"); v != "" {
		seed, _ = strconv.ParseUint(v, 10, 64)
	}
	t.Logf("soak: seed %d (AMBER_SOAK_SEED), %v of faults", seed, duration)

	// toxiproxy's toxics log through zerolog's global logger, at trace
	// level, on every interrupted write: keep them quiet.
	zerolog.SetGlobalLevel(zerolog.Disabled)
	stores := &faultyStores{server: toxiproxy.NewServer(toxiproxy.NewMetricsContainer(nil), zerolog.Nop())}
	st := newStackVia(t, func(dynamo, s3 string) (string, string) {
		return stores.proxy(t, "dynamodb", wholeRequests(t, dynamo)), stores.proxy(t, "s3", s3)
	})
	fn := &soakFunction{st: st, tmp: t.TempDir()}
	ctx := context.Background()
	if err := fn.restart(ctx); err != nil {
		t.Fatal(err)
	}
	counts := &soakCounts{}

	// GC runs beside the function, on the stores directly, with a grace
	// period shorter than the soak, so it does sweep: what the deleted
	// snapshots and closed forks left behind.
	gc, err := engine.OpenAWS(ctx, engine.AWSConfig{
		Region: "us-east-1", Table: st.table, Bucket: "amber",
		DynamoEndpoint: dynalite.Shared().URL, S3Endpoint: st.s3url, CacheDir: "-",
	}, engine.Config{GCGrace: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	runGC := func() error {
		rep, err := gc.GC(ctx)
		if err != nil {
			return err
		}
		counts.gcRuns.Add(1)
		counts.gcSwept.Add(int64(rep.Chunks.Deleted))
		return nil
	}

	var workers []*soakWorker
	for i, key := range []string{"key-1", "key-1", "key-2", "key-2"} {
		w := &soakWorker{name: fmt.Sprintf("%s/%d", keys[key], i), counts: counts, rng: rand.New(rand.NewPCG(seed, uint64(i)))}
		pool, err := sdk.Dial(ctx, st.srv.URL(), sdk.WithAPIKey(key), sdk.WithRetries(200),
			sdk.WithReplyTimeout(10*time.Second), sdk.WithRetryHook(w.retried))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = pool.Close() })
		cctx, cancel := stepCtx()
		s, err := pool.Checkout(cctx, &sdk.CheckoutOptions{ScriptName: fmt.Sprintf("soak%d.py", i)})
		if err == nil {
			_, err = s.FeedRun(cctx, "n = 0\nblobs = {}", nil)
		}
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		w.pool, w.s = pool, s
		workers = append(workers, w)
	}

	soakCtx, stopSoak := context.WithTimeout(ctx, duration)
	defer stopSoak()
	var chaos sync.WaitGroup
	var chaosErr sync.Map
	// Faults between the function and its stores.
	chaos.Add(1)
	go func() {
		defer chaos.Done()
		rng := rand.New(rand.NewPCG(seed, 100))
		for soakCtx.Err() == nil {
			if err := stores.inject(soakCtx, rng, counts); err != nil {
				chaosErr.Store("faults", err)
				return
			}
			select {
			case <-time.After(time.Duration(200+rng.IntN(800)) * time.Millisecond):
			case <-soakCtx.Done():
			}
		}
	}()
	// SIGKILL of the function at random moments, then a cold start.
	chaos.Add(1)
	go func() {
		defer chaos.Done()
		rng := rand.New(rand.NewPCG(seed, 200))
		for {
			select {
			case <-time.After(time.Duration(2000+rng.IntN(5000)) * time.Millisecond):
			case <-soakCtx.Done():
				return
			}
			counts.kills.Add(1)
			if err := fn.restart(ctx); err != nil {
				chaosErr.Store("restart", err)
				return
			}
		}
	}()
	// GC while all this goes on.
	chaos.Add(1)
	go func() {
		defer chaos.Done()
		for {
			select {
			case <-time.After(7 * time.Second):
			case <-soakCtx.Done():
				return
			}
			if err := runGC(); err != nil {
				// GC may fail on a store it cannot reach; it only
				// must never delete what is reachable.
				t.Logf("soak: gc during faults: %v", err)
			}
		}
	}()

	var clients sync.WaitGroup
	for _, w := range workers {
		clients.Add(1)
		go func() {
			defer clients.Done()
			for i := 0; soakCtx.Err() == nil; i++ {
				if err := w.step(i); err != nil {
					t.Errorf("soak: %s, after %d acknowledged steps: %v\nits latest resends:\n\t%s", w.name, w.n, err, w.lastRetries())
					return
				}
			}
		}()
	}
	clients.Wait()
	stopSoak()
	chaos.Wait()
	chaosErr.Range(func(k, v any) bool { t.Errorf("soak: %s: %v", k, v); return true })
	stores.clear()
	if t.Failed() {
		t.FailNow()
	}

	// GC once more after the faults, then check everything from a cold
	// function: a chunk GC wrongly deleted cannot hide in a cache.
	if err := runGC(); err != nil {
		t.Fatalf("gc after the faults: %v", err)
	}
	if err := fn.restart(ctx); err != nil {
		t.Fatal(err)
	}
	for _, w := range workers {
		vctx, cancel := stepCtx()
		v, err := w.s.FeedRun(vctx, "n", nil)
		if err == nil {
			var got int64
			if got, err = asInt(v); err == nil && got != w.n {
				err = fmt.Errorf("the counter is %d after %d acknowledged steps", got, w.n)
			}
		}
		if err != nil {
			t.Errorf("soak: %s at the end: %v", w.name, err)
		}
		for _, s := range w.snaps {
			if err := w.checkSnapshot(vctx, s); err != nil {
				t.Errorf("soak: %s: snapshot saved at %d: %v", w.name, s.n, err)
			}
		}
		cancel()
	}
	total, byKind := counts.faultSummary()
	t.Logf("soak: %d steps acknowledged (%d through host calls), %d dumps, %d suspended snapshots, %d forks and %d snapshot loads checked, %d snapshots deleted; "+
		"%d SIGKILLs of the function; %d faults injected (%s); %d SDK retries; %d GC runs swept %d chunks",
		counts.steps.Load(), counts.hostCalls.Load(), counts.dumps.Load(), counts.suspended.Load(),
		counts.forks.Load(), counts.snapshotChecks.Load(), counts.deleted.Load(),
		counts.kills.Load(), total, byKind, counts.retries.Load(), counts.gcRuns.Load(), counts.gcSwept.Load())
	if counts.steps.Load() < 50 || counts.kills.Load() == 0 || total == 0 {
		t.Errorf("soak: too little happened to mean anything (steps %d, kills %d, faults %d)",
			counts.steps.Load(), counts.kills.Load(), total)
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		t.Fatal("soak: cancelled")
	}
}
