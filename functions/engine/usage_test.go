package engine

import (
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// usageOf runs the usage operation as caller on engine e (h.e when nil).
func (h *harness) usageOf(e *Engine, caller Caller, days int) *protocol.Usage {
	h.t.Helper()
	if e == nil {
		e = h.e
	}
	rep := e.Handle(context.Background(), caller, &protocol.Request{Op: protocol.OpUsage, ID: h.nextID(), Days: days}, nil)
	if rep.Error != nil || rep.Usage == nil {
		h.t.Fatalf("usage: %+v %v", rep, rep.Error)
	}
	return rep.Usage
}

// today is the last day of a usage reply (today's).
func today(u *protocol.Usage) protocol.UsageDay { return u.Days[len(u.Days)-1] }

// measured sums what the engine reported on the steps' replies.
type measured struct {
	steps   int64
	cpuMs   float64
	written int64
}

func (m *measured) add(rep *protocol.Reply) {
	if rep.Stats == nil {
		return
	}
	m.steps++
	m.cpuMs += rep.Stats.CPUMs
	m.written += rep.Stats.BytesStored
}

// checkUsage compares a usage day (or total) with what the replies said:
// steps exactly, CPU within 10% (it is the same measurement, rounded to
// microseconds per step), bytes written exactly.
func checkUsage(t *testing.T, what string, got protocol.UsageDay, want measured) {
	t.Helper()
	if got.Steps != want.steps || got.BytesWritten != want.written {
		t.Errorf("%s: %d steps, %d bytes written; the replies said %d steps, %d bytes", what, got.Steps, got.BytesWritten, want.steps, want.written)
	}
	if math.Abs(got.CPUMs-want.cpuMs) > want.cpuMs/10+0.001*float64(want.steps) {
		t.Errorf("%s: %.3f CPU ms; the replies said %.3f", what, got.CPUMs, want.cpuMs)
	}
}

// TestUsageCountsCommittedSteps: two projects step on two engines over
// one store (two processes); usage reports exactly their steps, the CPU
// time and bytes their replies reported, to each project only its own,
// and the same after a restart.
func TestUsageCountsCommittedSteps(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		ctx := context.Background()
		if _, err := h.e.EnsureProject(ctx, "p2", "key-2"); err != nil {
			t.Fatal(err)
		}
		other := h.engine(nil)
		p1, p2 := Caller{Project: "p1"}, Caller{Project: "p2"}
		var want [2]measured
		run := func(i int, caller Caller, n int) {
			rep := h.e.Handle(ctx, caller, &protocol.Request{Op: protocol.OpCheckout, ID: h.nextID()}, nil)
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
			for k := range n {
				e := h.e
				if k%2 == 1 {
					e = other // the session moves between processes
				}
				rep := e.Handle(ctx, caller, &protocol.Request{Op: protocol.OpFeed, ID: h.nextID(), Session: rep.Session,
					Code: fmt.Sprintf("x = sum(range(%d))", 20_000+k)}, nil)
				if rep.Error != nil || rep.Stats == nil || rep.Stats.CPUMs <= 0 {
					t.Fatalf("feed: %+v %v", rep, rep.Error)
				}
				want[i].add(rep)
			}
		}
		run(0, p1, 6)
		run(1, p2, 9)
		for _, e := range []*Engine{h.e, other, h.engine(nil)} { // the last: a restart
			u1, u2 := h.usageOf(e, p1, 0), h.usageOf(e, p2, 0)
			if len(u1.Days) != usageDays || today(u1).Day != dayString(dayOf(h.clock.now())) {
				t.Fatalf("days: %d, last %s", len(u1.Days), today(u1).Day)
			}
			checkUsage(t, "p1 today", today(u1), want[0])
			checkUsage(t, "p1 totals", u1.Totals, want[0])
			checkUsage(t, "p2 today", today(u2), want[1])
			checkUsage(t, "p2 totals", u2.Totals, want[1])
		}
		// One day later the steps are yesterday's; a 1-day window is empty.
		h.clock.advance(24 * time.Hour)
		u := h.usageOf(nil, p1, 0)
		checkUsage(t, "p1 yesterday", u.Days[len(u.Days)-2], want[0])
		if u1 := h.usageOf(nil, p1, 1); len(u1.Days) != 1 || u1.Totals.Steps != 0 {
			t.Errorf("a 1-day window the day after: %+v", u1)
		}
	})
}

// TestUsageExactlyOnce: a step retried with its request id is counted
// once, whatever failed around its commit; a conflicted commit counts
// nothing.
func TestUsageExactlyOnce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h, fm, fc := newFaultHarness(t, b, b.inline)
		s := h.checkout(false)
		committed := int64(0)
		h.feed(s, "n = 0")
		committed++
		for i, inject := range []func(){
			func() { fc.fail.Store(1) },
			func() { fm.mu.Lock(); fm.before = 1; fm.mu.Unlock() },
			func() { fm.mu.Lock(); fm.after = 1; fm.mu.Unlock() },
			func() {},
		} {
			inject()
			id := fmt.Sprintf("once-%d", i)
			for try := 0; try < 4; try++ {
				rep := h.on(nil, protocol.Request{Op: protocol.OpFeed, ID: id, Session: s, Code: "n += 1"})
				if rep.Error == nil && try > 0 {
					break
				}
			}
			committed++
		}
		// A conflict: another process commits first; the loser counts nothing.
		other := h.engine(nil)
		fm.hook = func() { h.on(other, protocol.Request{Op: protocol.OpFeed, Session: s, Code: "n += 10"}) }
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "n += 100"}, protocol.KindConflict, "")
		committed++ // the other's step
		if got := h.value(s, "n"); got != "14" {
			t.Fatalf("n = %s", got)
		}
		committed++ // that read
		if got := today(h.usageOf(nil, h.caller, 0)).Steps; got != committed {
			t.Errorf("usage counts %d steps, %d committed", got, committed)
		}
	})
}

// TestUsageOutlivesSessions: the usage of ephemeral sessions dropped at
// disconnect and of sessions GC expired stays counted, once, even when
// the copy of a ledger is made twice (a crash between the copy and the
// delete, then the delete again).
func TestUsageOutlivesSessions(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, func(c *Config) { c.GCGrace = time.Millisecond })
		ctx := context.Background()
		if err := h.e.Connect(ctx, "conn-1", "p1"); err != nil {
			t.Fatal(err)
		}
		h.caller.Connection = "conn-1"
		var want measured
		eph := h.checkout(true)
		for range 3 {
			want.add(h.feed(eph, "a = 1"))
		}
		old := h.checkout(false)
		for range 2 {
			want.add(h.feed(old, "b = [1] * 100"))
		}
		// A copy made before a crash, then the disconnect copies again.
		head, err := h.meta.GetSession(ctx, "p1", eph)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.e.keepUsage(ctx, head); err != nil {
			t.Fatal(err)
		}
		if err := h.e.Disconnect(ctx, "conn-1"); err != nil {
			t.Fatal(err)
		}
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: eph, Code: "a"}, protocol.KindUnknownSession, "unknown session")
		checkUsage(t, "after the disconnect", today(h.usageOf(nil, h.caller, 0)), want)
		h.clock.advance(8 * 24 * time.Hour)
		if rep, err := h.e.GC(ctx); err != nil || rep.ExpiredSessions != 1 {
			t.Fatalf("gc: %+v %v", rep, err)
		}
		u := h.usageOf(nil, h.caller, 0)
		checkUsage(t, "after GC", u.Totals, want)
		if day := u.Days[len(u.Days)-9]; day.Steps != want.steps {
			t.Errorf("the steps' day, 8 days ago: %+v", day)
		}
		// Past the kept window, GC drops the copies.
		h.clock.advance(usageDays * 24 * time.Hour)
		if _, err := h.e.GC(ctx); err != nil {
			t.Fatal(err)
		}
		if us, ok := h.meta.(meta.UsageStore); ok {
			recs, err := us.ListUsage(ctx, "p1")
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range recs {
				if r.ID != usageStoredLast {
					t.Errorf("record %s kept past its window", r.ID)
				}
			}
		}
	})
}

// TestUsageIsTheProjectsOwn: a project sees only its own usage, whatever
// it asks; a bad window is bad_request.
func TestUsageIsTheProjectsOwn(t *testing.T) {
	h := newHarness(t, backends[0], nil)
	ctx := context.Background()
	if _, err := h.e.EnsureProject(ctx, "p2", "key-2"); err != nil {
		t.Fatal(err)
	}
	s := h.checkout(false)
	for range 4 {
		h.feed(s, "x = 1")
	}
	p2 := Caller{Project: "p2"}
	// p2 names p1's session: unknown to it, and nothing counted.
	rep := h.e.Handle(ctx, p2, &protocol.Request{Op: protocol.OpFeed, ID: "x", Session: s, Code: "1"}, nil)
	if rep.Error == nil || rep.Error.Kind != protocol.KindUnknownSession {
		t.Fatalf("p2 fed p1's session: %+v", rep)
	}
	if u := h.usageOf(nil, p2, 0); u.Totals.Steps != 0 || u.Totals.CPUMs != 0 {
		t.Errorf("p2 sees usage %+v", u.Totals)
	}
	if u := h.usageOf(nil, h.caller, 0); u.Totals.Steps != 4 {
		t.Errorf("p1 sees %d steps", u.Totals.Steps)
	}
	for _, days := range []int{-1, usageDays + 1} {
		h.fail(protocol.Request{Op: protocol.OpUsage, Days: days}, protocol.KindBadRequest, "days")
	}
}

// TestUsageCaps: past the daily step cap a step is refused with quota
// and commits nothing; the next UTC day it runs. The CPU cap refuses the
// step after the one that crossed it.
func TestUsageCaps(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, func(c *Config) {
			c.ProjectCeilings = map[string]Ceilings{"p1": {MaxStepsPerDay: 3}}
			c.UsageRefresh = time.Hour
		})
		// The test advances the clock an hour within one UTC day (it failed
		// when run after 23:00 UTC): move it forward to the next midday.
		noon := dayStart(dayOf(h.clock.now())).Add(12 * time.Hour)
		if !noon.After(h.clock.now()) {
			noon = noon.Add(24 * time.Hour)
		}
		h.clock.advance(noon.Sub(h.clock.now()))
		ctx := context.Background()
		s := h.checkout(false)
		h.feed(s, "n = 1")
		// Another process's step is seen after its refresh.
		other := h.engine(func(c *Config) { c.ProjectCeilings = map[string]Ceilings{"p1": {MaxStepsPerDay: 3}} })
		h.on(other, protocol.Request{Op: protocol.OpFeed, Session: s, Code: "n += 1"})
		h.clock.advance(time.Hour)
		h.feed(s, "n += 1")
		before, err := h.meta.GetSession(ctx, "p1", s)
		if err != nil {
			t.Fatal(err)
		}
		rep := h.fail(protocol.Request{Op: protocol.OpFeed, ID: "past", Session: s, Code: "n += 100"}, protocol.KindQuota, "3 steps of today")
		if rep.Error.Type != "steps_per_day" {
			t.Errorf("type %q", rep.Error.Type)
		}
		h.fail(protocol.Request{Op: protocol.OpFeed, ID: "past", Session: s, Code: "n += 100"}, protocol.KindQuota, "3 steps")
		after, err := h.meta.GetSession(ctx, "p1", s)
		if err != nil {
			t.Fatal(err)
		}
		if after.Version != before.Version || after.LastRequest != before.LastRequest {
			t.Errorf("the refused step committed: version %d -> %d", before.Version, after.Version)
		}
		u := h.usageOf(nil, h.caller, 0)
		if today(u).Steps != 3 || u.Caps.MaxStepsPerDay != 3 {
			t.Errorf("usage %+v caps %+v", today(u), u.Caps)
		}
		// close is not held to the cap; tomorrow the retry runs.
		h.clock.advance(24 * time.Hour)
		if got := h.value(s, "n"); got != "3" {
			t.Errorf("n = %s: a refused step ran", got)
		}
		h.ok(protocol.Request{Op: protocol.OpFeed, ID: "past", Session: s, Code: "n += 100"})
		if got := h.value(s, "n"); got != "103" {
			t.Errorf("n = %s", got)
		}
	})
}

func TestUsageCPUCap(t *testing.T) {
	h := newHarness(t, backends[0], func(c *Config) {
		c.ProjectCeilings = map[string]Ceilings{"p1": {MaxCPUSecondsPerDay: 1}}
	})
	s := h.checkout(false)
	var spent float64
	for i := 0; ; i++ {
		if i == 200 {
			t.Fatalf("no refusal after %.0f CPU ms", spent)
		}
		rep := h.on(nil, protocol.Request{Op: protocol.OpFeed, Session: s, Code: "for i in range(300_000): pass"})
		if rep.Error != nil {
			if rep.Error.Kind != protocol.KindQuota || rep.Error.Type != "cpu_seconds_per_day" {
				t.Fatalf("error %+v", rep.Error)
			}
			break
		}
		spent += rep.Stats.CPUMs
	}
	if spent < 1000 {
		t.Errorf("refused after %.0f CPU ms, under the 1 s cap", spent)
	}
	if u := today(h.usageOf(nil, h.caller, 0)); math.Abs(u.CPUMs-spent) > spent/10 {
		t.Errorf("usage %.1f CPU ms, the steps said %.1f", u.CPUMs, spent)
	}
}

// TestUsageStorageSamples: GC credits the project's stored bytes over the
// time between its runs as GB-hours of the days the time falls on.
func TestUsageStorageSamples(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) { testStorageSamples(t, b) })
}

func testStorageSamples(t *testing.T, b backend) {
	h := newHarness(t, b, func(c *Config) { c.GCGrace = time.Hour })
	ctx := context.Background()
	s := h.checkout(false)
	h.feed(s, "x = list(range(50_000))")
	// Start at 23:30 UTC, so the hour between two runs spans two days.
	now := h.clock.now()
	h.clock.advance(dayStart(dayOf(now) + 1).Add(-30 * time.Minute).Sub(now))
	if _, err := h.e.GC(ctx); err != nil {
		t.Fatal(err)
	}
	p, err := h.meta.GetProject(ctx, "p1")
	if err != nil || p.Used == 0 {
		t.Fatalf("project %+v %v", p, err)
	}
	h.clock.advance(time.Hour)
	if _, err := h.e.GC(ctx); err != nil {
		t.Fatal(err)
	}
	u := h.usageOf(nil, h.caller, 0)
	half := float64(p.Used) * 1800 / 3600 / 1e9
	if y, d := u.Days[len(u.Days)-2], today(u); y.GBHours != half || d.GBHours != half {
		t.Errorf("GB-hours %v and %v, want %v each (%d bytes for half an hour)", y.GBHours, d.GBHours, half, p.Used)
	}
	// Another GC sampling the same moment (two runs at once) credits
	// nothing more: the interval was claimed.
	other := h.engine(nil)
	if err := other.sampleStorage(ctx, "p1", p.Used, h.clock.now()); err != nil {
		t.Fatal(err)
	}
	if again := h.usageOf(nil, h.caller, 0); again.Totals.GBHours != u.Totals.GBHours {
		t.Errorf("a second sample of the same moment moved GB-hours %v -> %v", u.Totals.GBHours, again.Totals.GBHours)
	}
}

func TestLedgerRoundTrip(t *testing.T) {
	var l ledger
	for d := int64(100); d < 150; d++ {
		l.add(d, d*10, d*100)
		l.add(d, 1, 1)
	}
	if len(l.days) != usageDays || l.days[0].day != 150-usageDays {
		t.Fatalf("kept %d days from %d", len(l.days), l.days[0].day)
	}
	l.lastVersion, l.lastCPUUs = 77, 5
	got := decodeLedger(l.encode())
	if fmt.Sprint(got) != fmt.Sprint(l) {
		t.Fatalf("round trip\n got %v\nwant %v", got, l)
	}
	last := got.days[len(got.days)-1]
	if last.steps != 2 || last.cpuUs != 1491 || last.written != 14901 {
		t.Errorf("last day %+v", last)
	}
	for _, bad := range [][]byte{{2, 1}, {1, 0x80}, {1, 1, 1, 200, 1}} {
		if l := decodeLedger(bad); len(l.days) != 0 {
			t.Errorf("%v decoded to %+v", bad, l)
		}
	}
}
