package core_test

// The builtin enumeration: every builtin function, every attribute of
// every builtin type (unbound, and bound to an instance) and every
// function, class and class attribute of every provided module, called
// with 0 to 4 arguments drawn from a pool of odd values (ints at the
// edges, nan and inf, odd strs and bytes, classes, instances, modules,
// functions, containers, and objects whose __index__, __eq__, __hash__,
// __len__ or __iter__ empty the containers of the call). The driver,
// testdata/enumerate/driver.py, runs in the sandbox and catches every
// exception; each call's outcome must be a result or a Python exception.
// A Go panic (a SystemError the VM made of one, and its record in the
// host's log) or an internal error fails the test with the call that
// caused it.
//
// What runs: every target gets the call with no argument and one call
// per pool value; pairs, triples and quadruples are sampled (seeded, so
// every run makes the same calls). Without -race and -short that is the
// full plan; under -race (which CI runs) and -short a seeded subset of it
// (enumSubsetEvery), so the test stays well under 120 s on 2 cores.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

const (
	enumPairs   = 12 // sampled 2-argument calls per target
	enumTriples = 6
	enumQuads   = 4
	// enumSubsetEvery: under -race or -short, one call in this many runs
	// (chosen by the seeded generator, the same calls every run).
	enumSubsetEvery = 10
	enumSeed        = 22
	enumBatch       = 250
	// enumWatchdog is far past what the limits allow a batch.
	enumWatchdog = 90 * time.Second
)

// enumLimits bound every batch of calls: a call that reaches one ends
// its batch with a LimitError and the next batch starts after it.
var enumLimits = core.Limits{
	MaxDuration: 3 * time.Second,
	MaxMemory:   96 << 20,
	MaxOutput:   16 << 20,
}

// enumLog is one session's log handler: each panic record becomes a
// finding of the call in progress (the driver prints each call's index
// before making it, on the same goroutine).
type enumLog struct {
	current *atomic.Int64
	mu      sync.Mutex
	found   []enumFinding
}

// enumFinding is one panic (or internal error): its call, and the key
// grouping it with others of the same root cause.
type enumFinding struct {
	call   int
	key    string // the first frame of ours under the panic
	detail string
}

func (l *enumLog) Enabled(context.Context, slog.Level) bool { return true }
func (l *enumLog) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *enumLog) WithGroup(string) slog.Handler            { return l }
func (l *enumLog) Handle(_ context.Context, r slog.Record) error {
	var site, value, stack string
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case "site":
			site = a.Value.String()
		case "panic":
			value = a.Value.String()
		case "stack":
			stack = a.Value.String()
		}
		return true
	})
	frame := panicFrame(stack)
	l.mu.Lock()
	l.found = append(l.found, enumFinding{
		call:   int(l.current.Load()),
		key:    frame,
		detail: "SystemError in " + site + ": " + value + "\n    at " + frame,
	})
	l.mu.Unlock()
	return nil
}

// panicFrame is the first function of ours below the panic in stack,
// with its file and line: where the missing check is.
func panicFrame(stack string) string {
	lines := strings.Split(stack, "\n")
	for i, ln := range lines {
		if !strings.HasPrefix(ln, "panic(") || i+3 >= len(lines) {
			continue
		}
		for j := i + 2; j+1 < len(lines); j += 2 {
			fn := strings.TrimSpace(lines[j])
			if strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "panic(") {
				continue
			}
			pos := strings.TrimSpace(lines[j+1])
			if k := strings.Index(pos, "/core/"); k >= 0 {
				pos = pos[k+1:]
			}
			if k := strings.LastIndex(pos, " +0x"); k >= 0 {
				pos = pos[:k]
			}
			if k := strings.Index(fn, "("); k > 0 && strings.HasSuffix(fn, ")") {
				fn = fn[:strings.LastIndex(fn, "(")]
			}
			return fn + " " + pos
		}
	}
	return "?"
}

type enumCall []int // target index, then pool indices

// enumPlan lists the calls of every target, in a seeded order.
func enumPlan(nTargets, poolSize int, subset bool) []enumCall {
	rng := rand.New(rand.NewPCG(enumSeed, 0))
	var calls []enumCall
	add := func(c enumCall) {
		if subset && rng.IntN(enumSubsetEvery) != 0 {
			return
		}
		calls = append(calls, c)
	}
	for t := 0; t < nTargets; t++ {
		add(enumCall{t})
		for i := 0; i < poolSize; i++ {
			add(enumCall{t, i})
		}
		for _, k := range []struct{ n, arity int }{{enumPairs, 2}, {enumTriples, 3}, {enumQuads, 4}} {
			for j := 0; j < k.n; j++ {
				c := enumCall{t}
				for a := 0; a < k.arity; a++ {
					c = append(c, rng.IntN(poolSize))
				}
				add(c)
			}
		}
	}
	return calls
}

// enumOutcome is what the batches found.
type enumOutcome struct {
	findings []enumFinding
	limits   int // calls that ended at a limit
	// limitKinds are the kinds of those limits.
	limitKinds []string
	broken     int // calls after which the driver itself failed
}

func TestBuiltinEnumeration(t *testing.T) {
	src, err := os.ReadFile("testdata/enumerate/driver.py")
	if err != nil {
		t.Fatal(err)
	}
	driver := string(src)
	var current atomic.Int64
	dlog := &enumLog{current: &current}
	s := core.NewSession(core.Config{Limits: enumLimits, Logger: slog.New(dlog)})
	if _, err := s.FeedRun(driver, &core.FeedOptions{Inputs: map[string]any{"MODE": "discover"}, Print: func(string, string) {}}); err != nil {
		t.Fatalf("discovery: %v", err)
	}
	res, err := s.FeedRun("[RESULT, POOL_SIZE]", nil)
	if err != nil {
		t.Fatal(err)
	}
	pair := res.Go.([]any)
	var targets [][]string
	for _, p := range pair[0].([]any) {
		var path []string
		for _, x := range p.([]any) {
			path = append(path, x.(string))
		}
		targets = append(targets, path)
	}
	poolSize := toInt(t, pair[1])
	if len(targets) < 3000 || poolSize < 60 {
		t.Fatalf("discovery found %d targets and a pool of %d, want thousands and 60+", len(targets), poolSize)
	}
	if len(dlog.found) > 0 {
		t.Fatalf("discovery panicked: %s", dlog.found[0].detail)
	}

	subset := raceEnabled || testing.Short()
	calls := enumPlan(len(targets), poolSize, subset)
	t.Logf("%d targets, pool of %d values, %d calls (subset: %v)", len(targets), poolSize, len(calls), subset)

	tgt := make([]any, len(targets))
	for i, p := range targets {
		row := make([]any, len(p))
		for j, x := range p {
			row[j] = x
		}
		tgt[i] = row
	}
	rows := make([]any, len(calls))
	for i, c := range calls {
		row := make([]any, len(c))
		for j, x := range c {
			row[j] = x
		}
		rows[i] = row
	}
	describe := func(n int) string {
		if n < 0 || n >= len(calls) {
			return "(no call)"
		}
		c := calls[n]
		return fmt.Sprintf("%s with pool values %v", strings.Join(targets[c[0]], "."), []int(c[1:]))
	}

	start := time.Now()
	var mu sync.Mutex
	var total enumOutcome
	batches := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for lo := range batches {
				o := runEnumBatch(driver, tgt, rows, lo, min(lo+enumBatch, len(calls)))
				mu.Lock()
				total.findings = append(total.findings, o.findings...)
				total.limits += o.limits
				total.limitKinds = append(total.limitKinds, o.limitKinds...)
				total.broken += o.broken
				mu.Unlock()
			}
		}()
	}
	for lo := 0; lo < len(calls); lo += enumBatch {
		batches <- lo
	}
	close(batches)
	wg.Wait()

	// One error per root cause (the panic and where it happened), with
	// how often it happened and the first call that caused it.
	type cause struct {
		n     int
		first enumFinding
	}
	causes := map[string]*cause{}
	var keys []string
	for _, f := range total.findings {
		c := causes[f.key]
		if c == nil {
			c = &cause{first: f}
			causes[f.key] = c
			keys = append(keys, f.key)
		}
		c.n++
		if f.call < c.first.call {
			c.first = f
		}
	}
	sort.Slice(keys, func(i, j int) bool { return causes[keys[i]].first.call < causes[keys[j]].first.call })
	kinds := map[string]int{}
	for _, k := range total.limitKinds {
		kinds[k]++
	}
	t.Logf("%d calls in %v: %d panics or internal errors (%d root causes), %d stopped at a limit %v, %d broke the driver",
		len(calls), time.Since(start).Round(time.Millisecond), len(total.findings), len(keys), total.limits, kinds, total.broken)
	for _, k := range keys {
		c := causes[k]
		t.Errorf("%d calls, first %s:\n    %s", c.n, describe(c.first.call), c.first.detail)
	}
	if len(total.findings) == 0 {
		t.Log("0 panics")
	}
}

// runEnumBatch runs calls[lo:hi] in fresh sessions: a call that ends the
// run (a limit, or an internal error) ends its session, and the rest of
// the batch goes on in a new one.
func runEnumBatch(driver string, targets, calls []any, lo, hi int) enumOutcome {
	var o enumOutcome
	// The batch's own targets, renumbered: converting all of them into
	// every session would cost more than the calls.
	batch := make([]any, 0, hi-lo)
	var local []any
	index := map[int]int{}
	for _, c := range calls[lo:hi] {
		row := append([]any(nil), c.([]any)...)
		t := row[0].(int)
		j, ok := index[t]
		if !ok {
			j = len(local)
			index[t] = j
			local = append(local, targets[t])
		}
		row[0] = j
		batch = append(batch, row)
	}
	targets = local
	for start := 0; start < len(batch); {
		var current atomic.Int64
		current.Store(int64(lo + start - 1))
		printer := func(_, text string) {
			if strings.HasPrefix(text, "\x01") {
				if n, err := strconv.Atoi(strings.TrimSpace(text[1:])); err == nil {
					current.Store(int64(lo + n))
				}
			}
		}
		log := &enumLog{current: &current}
		s := core.NewSession(core.Config{Limits: enumLimits, Logger: slog.New(log)})
		done := make(chan error, 1)
		go func() {
			_, err := s.FeedRun(driver, &core.FeedOptions{
				Inputs: map[string]any{"MODE": "run", "TARGETS": targets, "CALLS": batch, "START": start},
				Print:  printer,
			})
			done <- err
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(enumWatchdog):
			// The limits did not stop it: a hang, which fails the test
			// (the stuck session is left behind).
			o.findings = append(o.findings, enumFinding{call: int(current.Load()), key: "hang", detail: fmt.Sprintf("hung past %v", enumWatchdog)})
			return o
		}
		last := int(current.Load()) - lo
		log.mu.Lock()
		o.findings = append(o.findings, log.found...)
		log.mu.Unlock()
		var le *core.LimitError
		var rt *core.RuntimeError
		switch {
		case err == nil:
			last = len(batch)
		case errors.As(err, &le):
			o.limits++
			o.limitKinds = append(o.limitKinds, le.Kind)
		case errors.As(err, &rt):
			o.broken++
		default:
			o.findings = append(o.findings, enumFinding{call: lo + max(last, start), key: "ended the run: " + firstLine(err), detail: "ended the run: " + firstLine(err)})
		}
		start = max(last, start) + 1 // never loop on one call
	}
	return o
}

func toInt(t *testing.T, v any) int {
	t.Helper()
	switch n := v.(type) {
	case int64:
		return int(n)
	case int:
		return n
	}
	t.Fatalf("%v (%T) is not an int", v, v)
	return 0
}
