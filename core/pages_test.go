package core_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

// pageStore keeps pages by a counter-based ref, like a content store.
type pageStore struct{ pages map[string][]byte }

// save stores d's dirty pages, sets their refs and returns how many it stored.
func (ps *pageStore) save(t *testing.T, d *core.PageDump) int {
	t.Helper()
	n := 0
	for i, p := range d.Pages {
		if p.Base || !p.Dirty {
			if !p.Base && p.Ref == nil {
				t.Fatalf("clean page %d has no ref", i)
			}
			continue
		}
		ref := fmt.Sprintf("p%d", len(ps.pages))
		ps.pages[ref] = append([]byte(nil), p.Data...)
		d.SetRef(i, []byte(ref))
		n++
	}
	return n
}

// reload decodes d's manifest and attaches its refs, as a loader in
// another process would.
func (ps *pageStore) reload(t *testing.T, d *core.PageDump) (*core.PageDump, func(int) ([]byte, error)) {
	t.Helper()
	r, err := core.ReadPageDump(d.Manifest)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range d.Pages {
		if !p.Base {
			r.SetRef(i, p.Ref)
		}
	}
	return r, func(i int) ([]byte, error) {
		b, ok := ps.pages[string(r.Pages[i].Ref)]
		if !ok {
			return nil, fmt.Errorf("page %d not stored", i)
		}
		return b, nil
	}
}

// saveSnapshot dumps the snapshot s is paused in as pages against base
// and stores them.
func (ps *pageStore) saveSnapshot(t *testing.T, s *core.Session, base *core.PageDump) *core.PageDump {
	t.Helper()
	d, err := s.DumpPages(base)
	if err != nil {
		t.Fatal(err)
	}
	if d.Kind != "snapshot" {
		t.Fatalf("dump kind %q, want snapshot", d.Kind)
	}
	ps.save(t, d)
	return d
}

// carry dumps the snapshot s is paused in as pages against base, stores
// them and loads them into a new session, as a host that runs each step
// in another process would. It returns the new session, its progress and
// the reloaded dump (the base for its next dump).
func (ps *pageStore) carry(t *testing.T, s *core.Session, base *core.PageDump) (*core.Session, core.Progress, *core.PageDump) {
	t.Helper()
	r, fetch := ps.reload(t, ps.saveSnapshot(t, s, base))
	l := core.NewSession(core.Config{})
	p, err := l.LoadSnapshotPages(r, fetch, nil)
	if err != nil {
		t.Fatal(err)
	}
	return l, p, r
}

func TestPageDumpSessionRoundTrip(t *testing.T) {
	ps := &pageStore{pages: map[string][]byte{}}
	s := core.NewSession(core.Config{ScriptName: "agent.py", Limits: core.Limits{MaxOutput: 1 << 20}})
	feed(t, s, "big = list(range(20000))\nsmall = {'a': 1}", nil)
	d1, err := s.DumpPages(nil)
	if err != nil {
		t.Fatal(err)
	}
	if d1.Kind != "session" || ps.save(t, d1) == 0 {
		t.Fatalf("first dump: kind %q, nothing to store", d1.Kind)
	}
	feed(t, s, "small['b'] = 2", nil)
	d2, err := s.DumpPages(d1)
	if err != nil {
		t.Fatal(err)
	}
	if n := ps.save(t, d2); n == 0 || n > 3 {
		t.Errorf("a one-key change stored %d pages, want 1..3 (of %d)", n, len(d2.Pages))
	}
	// Keys name pages across dumps: unique, and the same page keeps its key.
	keys := map[core.PageKey]int{}
	for i, p := range d2.Pages {
		if j, dup := keys[p.Key]; dup {
			t.Fatalf("pages %d and %d share key %v", j, i, p.Key)
		}
		keys[p.Key] = i
	}
	for i, p := range d1.Pages {
		if j, ok := keys[p.Key]; ok && !d2.Pages[j].Dirty && string(d2.Pages[j].Ref) != string(d1.Pages[i].Ref) {
			t.Errorf("clean page %v changed ref between dumps", p.Key)
		}
	}

	r, fetch := ps.reload(t, d2)
	l := core.NewSession(core.Config{})
	if err := l.LoadSessionPages(r, fetch); err != nil {
		t.Fatal(err)
	}
	if got := feed(t, l, "(len(big), big[-1], small)", nil).Repr; got != "(20000, 19999, {'a': 1, 'b': 2})" {
		t.Errorf("loaded state %s", got)
	}
	if l.Config().ScriptName != "agent.py" || l.Config().Limits.MaxOutput != 1<<20 {
		t.Errorf("config did not travel: %+v", l.Config())
	}
	// The loaded session's next dump is incremental against what it loaded.
	feed(t, l, "big[5] = -5", nil)
	d3, err := l.DumpPages(r)
	if err != nil {
		t.Fatal(err)
	}
	if n := ps.save(t, d3); n == 0 || n > 3 {
		t.Errorf("a one-element change after load stored %d pages, want 1..3", n)
	}
	// The loaded session is used: loaders refuse it.
	if err := l.LoadSessionPages(r, fetch); !errors.Is(err, core.ErrSessionUsed) {
		t.Errorf("second load: %v, want ErrSessionUsed", err)
	}
}

func TestPageDumpSnapshot(t *testing.T) {
	ps := &pageStore{pages: map[string][]byte{}}
	s := core.NewSession(core.Config{})
	opts := &core.FeedOptions{Functions: map[string]core.HostFunc{"ask": nil}}
	p, err := s.FeedStart("x = 10\ny = ask('q', n=2)\nx + y", opts)
	if err != nil {
		t.Fatal(err)
	}
	fc := p.(*core.FunctionCall)
	r, fetch := ps.reload(t, ps.saveSnapshot(t, s, nil))

	if err := core.NewSession(core.Config{}).LoadSessionPages(r, fetch); err == nil {
		t.Error("LoadSessionPages of a snapshot succeeded")
	}
	for i := 0; i < 2; i++ { // loading twice forks
		l := core.NewSession(core.Config{})
		lp, err := l.LoadSnapshotPages(r, fetch, opts)
		if err != nil {
			t.Fatal(err)
		}
		lfc, ok := lp.(*core.FunctionCall)
		if !ok || lfc.Name != "ask" || lfc.CallID != fc.CallID || lfc.Kwargs["n"] != int64(2) {
			t.Fatalf("loaded progress %#v", lp)
		}
		done, err := lfc.Resume(i)
		if err != nil {
			t.Fatal(err)
		}
		if got := done.(*core.Complete).Output.Go; got != int64(10+i) {
			t.Errorf("fork %d: %v", i, got)
		}
	}
}

// A page-level snapshot paused at a host object's method call keeps what
// the pause is about, as the blob form does, and so does the next object
// id: an object handed in after the load gets a new one.
func TestPageDumpSnapshotAtObjectCall(t *testing.T) {
	ps := &pageStore{pages: map[string][]byte{}}
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart("db.query(1)\nother.query(2)", &core.FeedOptions{Inputs: map[string]any{"db": &db{name: "main"}, "other": &db{name: "other"}}})
	if err != nil {
		t.Fatal(err)
	}
	fc := p.(*core.FunctionCall)
	l, lp, r := ps.carry(t, s, nil)
	lfc, ok := lp.(*core.FunctionCall)
	if !ok || fc.ObjectID == 0 || lfc.ObjectID != fc.ObjectID || lfc.Name != "query" {
		t.Fatalf("loaded progress %#v, dumped at %#v", lp, fc)
	}
	_, lp2, _ := ps.carry(t, l, r)
	if got := lp2.(*core.FunctionCall).ObjectID; got != fc.ObjectID {
		t.Fatalf("object id after a second page dump: %d, want %d", got, fc.ObjectID)
	}
}

// stepClock is a fake clock that advances by tick on every reading.
func stepClock(tick time.Duration) func() time.Duration {
	var now time.Duration
	return func() time.Duration { now += tick; return now }
}

func TestStepBudgetPreempts(t *testing.T) {
	ps := &pageStore{pages: map[string][]byte{}}
	s := core.NewSession(core.Config{Clock: stepClock(time.Millisecond)})
	code := "total = 0\nfor i in range(100000):\n    total += i\ntotal"
	s.SetStepBudget(20 * time.Millisecond)
	p, err := s.FeedStart(code, nil)
	if err != nil {
		t.Fatal(err)
	}
	slices := 0
	var prev *core.PageDump
	for {
		pre, ok := p.(*core.Preempted)
		if !ok {
			break
		}
		slices++
		// Every slice can be carried to a new session and continued there.
		d := ps.saveSnapshot(t, s, prev)
		if slices%2 == 0 {
			r, fetch := ps.reload(t, d)
			s = core.NewSession(core.Config{Clock: stepClock(time.Millisecond)})
			np, err := s.LoadSnapshotPages(r, fetch, nil)
			if err != nil {
				t.Fatal(err)
			}
			pre, prev = np.(*core.Preempted), r
		} else {
			prev = d
		}
		s.SetStepBudget(20 * time.Millisecond)
		if p, err = pre.Resume(); err != nil {
			t.Fatal(err)
		}
	}
	if slices < 3 {
		t.Errorf("only %d slices", slices)
	}
	if got := p.(*core.Complete).Output.Go; got != int64(4999950000) {
		t.Errorf("total %v", got)
	}
}

func TestStepBudgetKeepsDurationLimit(t *testing.T) {
	s := core.NewSession(core.Config{Clock: stepClock(time.Millisecond), Limits: core.Limits{MaxDuration: 50 * time.Millisecond, MaxSuspensions: 1}})
	s.SetStepBudget(10 * time.Millisecond)
	p, err := s.FeedStart("while True:\n    pass", nil)
	for err == nil {
		pre, ok := p.(*core.Preempted)
		if !ok {
			t.Fatalf("progress %T", p)
		}
		s.SetStepBudget(10 * time.Millisecond)
		p, err = pre.Resume()
	}
	var le *core.LimitError
	if !errors.As(err, &le) || le.Kind != "duration" {
		t.Fatalf("err %v, want a duration limit (preemptions must not count as suspensions)", err)
	}
}

func TestStepBudgetRecursionWithoutLoops(t *testing.T) {
	s := core.NewSession(core.Config{Clock: stepClock(time.Millisecond)})
	s.SetStepBudget(5 * time.Millisecond)
	p, err := s.FeedStart("def fib(n):\n    return n if n < 2 else fib(n-1) + fib(n-2)\nfib(18)", nil)
	slices := 0
	for err == nil {
		pre, ok := p.(*core.Preempted)
		if !ok {
			break
		}
		slices++
		s.SetStepBudget(5 * time.Millisecond)
		p, err = pre.Resume()
	}
	if err != nil {
		t.Fatal(err)
	}
	if slices == 0 || p.(*core.Complete).Output.Go != int64(2584) {
		t.Errorf("fib(18) = %v after %d slices", p.(*core.Complete).Output.Go, slices)
	}
	// FeedRun continues preempted runs by itself.
	s.SetStepBudget(5 * time.Millisecond)
	if out := feed(t, s, "fib(15)", nil); out.Go != int64(610) {
		t.Errorf("fib(15) = %v", out.Go)
	}
}
