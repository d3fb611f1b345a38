package engine

// Usage metering (docs/protocol.md, "Usage"): what each project's steps
// used per UTC day — steps, interpreter CPU time, bytes written — and the
// stored bytes over time, with daily caps.
//
// Exactly once, with no extra write per step: a session's head carries
// its own ledger (meta.Session.Usage: per day, the steps, CPU µs and bytes
// written of its committed steps), and a step's commit adds to it in the
// same conditional head write that commits the step. So a step that
// commits is counted once, a retried request id returns its recorded
// reply and adds nothing, and a conflicted or failed commit adds
// nothing: there is no separate counter to crash between. No item is
// shared by a project's sessions, so there is no hot key.
//
// The project's usage is derived when asked (the usage operation, and the
// caps' refresh): the sum of its live heads' ledgers plus the ledgers of
// deleted sessions, which the engine copies into a usage record just
// before it deletes a head (ephemeral sessions at disconnect or close, GC
// of expired ones: one write per deleted session that ran steps, none
// per step). A copy is keyed by the session's id and creation time and
// merged by maximum with a live head of the same incarnation, so a crash
// between the copy and the delete, or a copy made twice, counts nothing
// twice (a ledger only grows).
//
// Storage (GB-hours) is sampled by GC: each run credits the project's
// logical bytes (as the quota counts them) over the time since the last
// sample to the days it spans.
//
// Caps (Ceilings.MaxStepsPerDay, MaxCPUSecondsPerDay) are checked before
// a step runs against an estimate of today's usage kept per process: the
// derived usage, read again at most every Config.UsageRefresh, plus this
// process's own commits since and its steps in flight. Within a process
// the step cap is exact for steps run one after another; a step that
// commits while the process re-reads the store may be counted twice or
// not at all until the next read (it is in the store either way, so the
// usage operation counts it once). Other processes' steps are seen at the
// next refresh, so N processes can pass the cap by what the others commit
// in one refresh interval. The CPU cap lets the step that crosses it finish
// (its CPU is known only after it ran) and refuses the next.

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// usageDays is how many UTC days of usage are kept and reported: today
// and the 30 before.
const usageDays = 31

const secondsPerDay = 24 * 60 * 60

// dayOf is t's UTC day number (days since 1970-01-01).
func dayOf(t time.Time) int64 {
	s := t.Unix()
	d := s / secondsPerDay
	if s < 0 && s%secondsPerDay != 0 {
		d--
	}
	return d
}

func dayStart(d int64) time.Time { return time.Unix(d*secondsPerDay, 0).UTC() }

func dayString(d int64) string { return dayStart(d).Format("2006-01-02") }

// --- the ledger -------------------------------------------------------------------

// usageDay is one day of a ledger.
type usageDay struct {
	day     int64
	steps   int64
	cpuUs   int64
	written int64
}

// ledger is a session's usage: its days, oldest first, and the CPU time
// of its last committed step (for a replayed reply's stats).
type ledger struct {
	days        []usageDay
	lastVersion int64
	lastCPUUs   int64
}

// ledgerFormat is the first byte of an encoded ledger, then uvarints:
// the last step's version and CPU µs, the number of days, and per day its
// number, steps, CPU µs and bytes written.
const ledgerFormat = 1

func (l *ledger) encode() []byte {
	if len(l.days) == 0 && l.lastVersion == 0 {
		return nil
	}
	b := []byte{ledgerFormat}
	b = binary.AppendUvarint(b, uint64(max(l.lastVersion, 0)))
	b = binary.AppendUvarint(b, uint64(max(l.lastCPUUs, 0)))
	b = binary.AppendUvarint(b, uint64(len(l.days)))
	for _, d := range l.days {
		for _, n := range []int64{d.day, d.steps, d.cpuUs, d.written} {
			b = binary.AppendUvarint(b, uint64(max(n, 0)))
		}
	}
	return b
}

// decodeLedger reads a ledger; an empty or malformed one is empty (a
// ledger is the engine's own data, so a bad one is a bug, not an attack,
// and must not fail the session's steps).
func decodeLedger(b []byte) ledger {
	var l ledger
	if len(b) == 0 || b[0] != ledgerFormat {
		return l
	}
	b = b[1:]
	next := func() (int64, bool) {
		n, k := binary.Uvarint(b)
		if k <= 0 || n > math.MaxInt64 {
			return 0, false
		}
		b = b[k:]
		return int64(n), true
	}
	var ok bool
	if l.lastVersion, ok = next(); !ok {
		return ledger{}
	}
	if l.lastCPUUs, ok = next(); !ok {
		return ledger{}
	}
	n, ok := next()
	if !ok || n > usageDays*4 {
		return ledger{}
	}
	for range n {
		var v [4]int64
		for i := range v {
			if v[i], ok = next(); !ok {
				return ledger{}
			}
		}
		l.days = append(l.days, usageDay{day: v[0], steps: v[1], cpuUs: v[2], written: v[3]})
	}
	return l
}

// add counts one committed step of day into l and drops the days that
// fell out of the kept window.
func (l *ledger) add(day, cpuUs, written int64) {
	i := sort.Search(len(l.days), func(i int) bool { return l.days[i].day >= day })
	if i == len(l.days) || l.days[i].day != day {
		l.days = append(l.days, usageDay{})
		copy(l.days[i+1:], l.days[i:])
		l.days[i] = usageDay{day: day}
	}
	d := &l.days[i]
	d.steps++
	d.cpuUs += max(cpuUs, 0)
	d.written += max(written, 0)
	first := day - usageDays + 1
	k := 0
	for k < len(l.days) && l.days[k].day < first {
		k++
	}
	l.days = l.days[k:]
}

// merge makes l the day-wise maximum of l and o: two copies of one
// session's ledger, one older than the other.
func (l *ledger) merge(o ledger) {
	byDay := map[int64]usageDay{}
	for _, d := range l.days {
		byDay[d.day] = d
	}
	for _, d := range o.days {
		have, ok := byDay[d.day]
		if !ok {
			byDay[d.day] = d
			continue
		}
		byDay[d.day] = usageDay{day: d.day, steps: max(have.steps, d.steps), cpuUs: max(have.cpuUs, d.cpuUs), written: max(have.written, d.written)}
	}
	l.days = l.days[:0]
	for _, d := range byDay {
		l.days = append(l.days, d)
	}
	sort.Slice(l.days, func(i, j int) bool { return l.days[i].day < l.days[j].day })
}

// commitUsage is the ledger a step's head commits: the head's, plus this
// step.
func commitUsage(prev []byte, now time.Time, version int64, cpu time.Duration, written int64) []byte {
	l := decodeLedger(prev)
	l.add(dayOf(now), cpu.Microseconds(), written)
	l.lastVersion, l.lastCPUUs = version, cpu.Microseconds()
	return l.encode()
}

// cpuMs is µs as the wire's milliseconds.
func cpuMs(us int64) float64 { return float64(us) / 1000 }

// replayCPU sets a recorded reply's cpu_ms from the head's ledger.
func replayCPU(head *meta.Session, stats *protocol.StepStats) {
	if stats == nil {
		return
	}
	if l := decodeLedger(head.Usage); l.lastVersion == head.Version {
		stats.CPUMs = cpuMs(l.lastCPUUs)
	}
}

// --- CPU time ---------------------------------------------------------------------

// measureCPU starts measuring the CPU time of the interpreter's run of
// one step; the function it returns ends it and sets c.cpu (commit.run
// defers it). It is the thread CPU time (CLOCK_THREAD_CPUTIME_ID) of the
// OS thread the goroutine is locked to for the run. Go schedules nothing
// else on a locked thread, so this is the interpreter's own work,
// including the garbage collection assists its allocations pay, and
// excluding the collector's background workers, time blocked in I/O and
// other goroutines. Where no thread clock exists it is the run's wall
// time.
func (c *commit) measureCPU() func() {
	runtime.LockOSThread()
	start := time.Now()
	t0, ok := threadCPU()
	return func() {
		if t1, ok1 := threadCPU(); ok && ok1 {
			c.cpu = t1 - t0
		} else {
			c.cpu = time.Since(start)
		}
		runtime.UnlockOSThread()
	}
}

// --- records of deleted sessions and storage samples ------------------------------

const (
	usageSessionPrefix = "session/" // + session id + "/" + creation time (Unix ns): a deleted session's ledger
	usageStoredPrefix  = "stored/"  // + YYYY-MM-DD: byte-seconds stored that day
	usageStoredLast    = "stored-last"
)

// incarnation names one life of a session id: a checkout retried after
// its session was deleted makes a new session with the same id.
func incarnation(id string, created time.Time) string {
	return id + "/" + strconv.FormatInt(created.UnixNano(), 10)
}

// keepUsage copies a session's ledger into a usage record before the
// session's head is deleted, so its usage outlives it. A session that ran
// no step has nothing to keep and writes nothing.
func (e *Engine) keepUsage(ctx context.Context, s *meta.Session) error {
	if e.usageStore == nil || len(s.Usage) == 0 {
		return nil
	}
	l := decodeLedger(s.Usage)
	if len(l.days) == 0 {
		return nil
	}
	now := e.cfg.Now()
	last := l.days[len(l.days)-1].day
	r := &meta.UsageRecord{
		Project: s.Project, ID: usageSessionPrefix + incarnation(s.ID, s.Created), Version: 1,
		Data: s.Usage, Updated: now, Expires: dayStart(last + usageDays),
	}
	if err := e.usageStore.PutUsage(ctx, r, -1); err != nil {
		return fmt.Errorf("engine: keep the usage of session %s: %w", s.ID, err)
	}
	return nil
}

// maxSampleGap bounds the time one storage sample credits: after a longer
// pause of GC, only this much before the sample is counted.
const maxSampleGap = 24 * time.Hour

// sampleStorage credits the project's stored bytes (used, the quota's
// count) over the time since the last sample. The last sample's record is
// claimed first, with a conditional write, so two GCs at once credit an
// interval once; a crash after the claim loses that interval rather than
// counting it twice.
func (e *Engine) sampleStorage(ctx context.Context, project string, used int64, now time.Time) error {
	us := e.usageStore
	if us == nil {
		return nil
	}
	var prevAt time.Time
	var prevUsed, version int64
	switch r, err := us.GetUsage(ctx, project, usageStoredLast); {
	case err == nil:
		version = r.Version
		at, u, ok := decodeSample(r.Data)
		if ok {
			prevAt, prevUsed = at, u
		}
	case !errors.Is(err, meta.ErrNotFound):
		return fmt.Errorf("engine: storage sample: %w", err)
	}
	claim := &meta.UsageRecord{Project: project, ID: usageStoredLast, Version: version + 1,
		Data: encodeSample(now, used), Updated: now}
	switch err := us.PutUsage(ctx, claim, version); {
	case errors.Is(err, meta.ErrConflict):
		return nil // another GC sampled just now
	case err != nil:
		return fmt.Errorf("engine: storage sample: %w", err)
	}
	if prevAt.IsZero() || !now.After(prevAt) {
		return nil
	}
	from := prevAt
	if now.Sub(from) > maxSampleGap {
		from = now.Add(-maxSampleGap)
	}
	avg := (prevUsed + used) / 2
	for from.Before(now) {
		d := dayOf(from)
		end := dayStart(d + 1)
		if end.After(now) {
			end = now
		}
		secs := int64(end.Sub(from) / time.Second)
		if secs > 0 && avg > 0 {
			if err := e.addStored(ctx, project, d, avg*secs, now); err != nil {
				return err
			}
		}
		from = end
	}
	return nil
}

// addStored adds byte-seconds to a day's storage record.
func (e *Engine) addStored(ctx context.Context, project string, day, byteSeconds int64, now time.Time) error {
	id := usageStoredPrefix + dayString(day)
	for attempt := 0; ; attempt++ {
		var have, version int64
		switch r, err := e.usageStore.GetUsage(ctx, project, id); {
		case err == nil:
			version = r.Version
			if n, k := binary.Uvarint(r.Data); k > 0 && n <= math.MaxInt64 {
				have = int64(n)
			}
		case !errors.Is(err, meta.ErrNotFound):
			return fmt.Errorf("engine: storage sample: %w", err)
		}
		r := &meta.UsageRecord{Project: project, ID: id, Version: version + 1,
			Data: binary.AppendUvarint(nil, uint64(have+byteSeconds)), Updated: now, Expires: dayStart(day + usageDays)}
		err := e.usageStore.PutUsage(ctx, r, version)
		if err == nil {
			return nil
		}
		if !errors.Is(err, meta.ErrConflict) || attempt == 5 {
			return fmt.Errorf("engine: storage sample: %w", err)
		}
	}
}

func encodeSample(at time.Time, used int64) []byte {
	b := binary.AppendUvarint(nil, uint64(max(at.Unix(), 0)))
	return binary.AppendUvarint(b, uint64(max(used, 0)))
}

func decodeSample(b []byte) (time.Time, int64, bool) {
	at, k := binary.Uvarint(b)
	if k <= 0 || at > math.MaxInt64 {
		return time.Time{}, 0, false
	}
	used, k2 := binary.Uvarint(b[k:])
	if k2 <= 0 || used > math.MaxInt64 {
		return time.Time{}, 0, false
	}
	return time.Unix(int64(at), 0).UTC(), int64(used), true
}

// gcUsage deletes the project's usage records past their expiry (GC).
func (e *Engine) gcUsage(ctx context.Context, project string, now time.Time) error {
	if e.usageStore == nil {
		return nil
	}
	recs, err := e.usageStore.ListUsage(ctx, project)
	if err != nil {
		return fmt.Errorf("engine: gc usage: %w", err)
	}
	for _, r := range recs {
		if !r.Expires.IsZero() && !now.Before(r.Expires) {
			if err := e.usageStore.DeleteUsage(ctx, project, r.ID); err != nil && !errors.Is(err, meta.ErrNotFound) {
				return fmt.Errorf("engine: gc usage: %w", err)
			}
		}
	}
	return nil
}

// --- the project's usage ----------------------------------------------------------

// dayTotals is one day of a project's usage.
type dayTotals struct {
	steps, cpuUs, written, byteSeconds int64
}

// projectUsage derives the project's usage per day from its live heads,
// the ledgers of its deleted sessions and its storage samples.
func (e *Engine) projectUsage(ctx context.Context, project string) (map[int64]*dayTotals, error) {
	sessions, err := e.meta.ListSessions(ctx, project)
	if err != nil {
		return nil, fmt.Errorf("engine: usage: %w", err)
	}
	ledgers := map[string]ledger{}
	for _, s := range sessions {
		if len(s.Usage) > 0 {
			ledgers[incarnation(s.ID, s.Created)] = decodeLedger(s.Usage)
		}
	}
	out := map[int64]*dayTotals{}
	at := func(d int64) *dayTotals {
		t := out[d]
		if t == nil {
			t = &dayTotals{}
			out[d] = t
		}
		return t
	}
	if e.usageStore != nil {
		recs, err := e.usageStore.ListUsage(ctx, project)
		if err != nil {
			return nil, fmt.Errorf("engine: usage: %w", err)
		}
		for _, r := range recs {
			switch {
			case strings.HasPrefix(r.ID, usageSessionPrefix):
				key := strings.TrimPrefix(r.ID, usageSessionPrefix)
				l := ledgers[key]
				l.merge(decodeLedger(r.Data))
				ledgers[key] = l
			case strings.HasPrefix(r.ID, usageStoredPrefix):
				t, err := time.Parse("2006-01-02", strings.TrimPrefix(r.ID, usageStoredPrefix))
				if n, k := binary.Uvarint(r.Data); err == nil && k > 0 && n <= math.MaxInt64 {
					at(dayOf(t)).byteSeconds += int64(n)
				}
			}
		}
	}
	for _, l := range ledgers {
		for _, d := range l.days {
			t := at(d.day)
			t.steps += d.steps
			t.cpuUs += d.cpuUs
			t.written += d.written
		}
	}
	return out, nil
}

// usage answers the usage operation: the caller's project only.
func (e *Engine) usage(ctx context.Context, caller Caller, req *protocol.Request) (*protocol.Reply, error) {
	n := req.Days
	if n < 0 || n > usageDays {
		return nil, protocol.Errorf(protocol.KindBadRequest, "days must be 1 to %d (0: all %d kept)", usageDays, usageDays)
	}
	if n == 0 {
		n = usageDays
	}
	byDay, err := e.projectUsage(ctx, caller.Project)
	if err != nil {
		return nil, err
	}
	today := dayOf(e.cfg.Now())
	u := &protocol.Usage{Days: make([]protocol.UsageDay, 0, n)}
	var cpu, bs int64
	for d := today - int64(n) + 1; d <= today; d++ {
		day := protocol.UsageDay{Day: dayString(d)}
		if t := byDay[d]; t != nil {
			day.Steps, day.CPUMs, day.BytesWritten, day.GBHours = t.steps, cpuMs(t.cpuUs), t.written, gbHours(t.byteSeconds)
			u.Totals.Steps += t.steps
			u.Totals.BytesWritten += t.written
			cpu += t.cpuUs
			bs += t.byteSeconds
		}
		u.Days = append(u.Days, day)
	}
	u.Totals.CPUMs, u.Totals.GBHours = cpuMs(cpu), gbHours(bs)
	c := e.ceilings(caller.Project)
	u.Caps = protocol.UsageCaps{MaxStepsPerDay: c.MaxStepsPerDay, MaxCPUSecondsPerDay: c.MaxCPUSecondsPerDay}
	return &protocol.Reply{OK: true, Usage: u}, nil
}

// gbHours is byte-seconds in GB-hours (10⁹ bytes).
func gbHours(byteSeconds int64) float64 { return float64(byteSeconds) / 3600 / 1e9 }

// --- caps -------------------------------------------------------------------------

// usageGate keeps, per project with caps, this process's estimate of
// today's usage (see the top of this file).
type usageGate struct {
	mu       sync.Mutex
	projects map[string]*gateEntry
}

type gateEntry struct {
	day       int64
	steps     int64 // as of the last refresh, plus this process's commits since
	cpuUs     int64
	inflight  int64 // admitted steps not yet done
	refreshed time.Time
}

// usageTicket is an admitted step's place in its project's estimate.
type usageTicket struct {
	gate *usageGate
	ent  *gateEntry
	day  int64
	done bool
}

// committed adds the step's commit to the estimate and ends its
// admission (nil-safe).
func (t *usageTicket) committed(day int64, cpu time.Duration) {
	if t == nil || t.done {
		return
	}
	t.done = true
	t.gate.mu.Lock()
	defer t.gate.mu.Unlock()
	t.ent.inflight--
	if t.ent.day == day {
		t.ent.steps++
		t.ent.cpuUs += cpu.Microseconds()
	}
}

// release ends the admission of a step that did not commit (nil-safe;
// nothing after committed).
func (t *usageTicket) release() {
	if t == nil || t.done {
		return
	}
	t.done = true
	t.gate.mu.Lock()
	t.ent.inflight--
	t.gate.mu.Unlock()
}

// admitUsage refuses a step of a project at one of its daily caps with
// quota, before it runs (so it commits nothing); otherwise it returns the
// step's ticket (nil for a project without caps).
func (e *Engine) admitUsage(ctx context.Context, project string) (*usageTicket, error) {
	c := e.ceilings(project)
	if c.MaxStepsPerDay <= 0 && c.MaxCPUSecondsPerDay <= 0 {
		return nil, nil
	}
	now := e.cfg.Now()
	today := dayOf(now)
	g := e.gate
	g.mu.Lock()
	ent := g.projects[project]
	if ent == nil {
		ent = &gateEntry{day: -1}
		g.projects[project] = ent
	}
	stale := ent.day != today || now.Sub(ent.refreshed) >= e.cfg.UsageRefresh || now.Before(ent.refreshed)
	g.mu.Unlock()
	if stale {
		byDay, err := e.projectUsage(ctx, project)
		if err != nil {
			return nil, err
		}
		var t dayTotals
		if d := byDay[today]; d != nil {
			t = *d
		}
		g.mu.Lock()
		ent.day, ent.steps, ent.cpuUs, ent.refreshed = today, t.steps, t.cpuUs, now
		g.mu.Unlock()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if c.MaxStepsPerDay > 0 && ent.steps+ent.inflight >= c.MaxStepsPerDay {
		return nil, &protocol.Error{Kind: protocol.KindQuota, Type: "steps_per_day", Message: fmt.Sprintf(
			"the project has used its %d steps of today (UTC, %s): the step was not run and nothing was committed; steps are allowed again from 00:00 UTC",
			c.MaxStepsPerDay, dayString(today))}
	}
	if c.MaxCPUSecondsPerDay > 0 && ent.cpuUs >= c.MaxCPUSecondsPerDay*1_000_000 {
		return nil, &protocol.Error{Kind: protocol.KindQuota, Type: "cpu_seconds_per_day", Message: fmt.Sprintf(
			"the project has used its %d CPU seconds of today (UTC, %s): the step was not run and nothing was committed; steps are allowed again from 00:00 UTC",
			c.MaxCPUSecondsPerDay, dayString(today))}
	}
	ent.inflight++
	return &usageTicket{gate: g, ent: ent, day: today}, nil
}

// gated reports whether an operation is held to the daily caps: the ones
// that run code or load a state. close and the read-only operations are
// not, so a project at its cap can still clean up and look.
func gated(op string) bool {
	switch op {
	case protocol.OpFeed, protocol.OpResume, protocol.OpResumeFutures, protocol.OpContinue,
		protocol.OpLoadSession, protocol.OpLoadSnapshot:
		return true
	}
	return false
}

func newUsageGate() *usageGate { return &usageGate{projects: map[string]*gateEntry{}} }
