package telemetry

import (
	"context"
	"encoding/binary"
	"math/rand/v2"
	"time"

	"go.opentelemetry.io/otel/trace"
)

// DefaultQueue is how many ended steps the worker may hold before a new
// one's spans are dropped.
const DefaultQueue = 1024

// A request records its step as plain data and hands it, at its end, to
// the Provider's worker: one goroutine that makes the step's spans with
// the recorded timestamps, records its metrics and writes its EMF line,
// in the order the steps ended. The request never waits for it: when the
// queue is full the step's spans and EMF line are dropped (its metrics
// are still recorded, on the request) and amber.telemetry.dropped counts
// it.
//
// The hand-off is a list under a mutex, not a channel send per step: a
// send wakes the worker's goroutine, and on a busy machine that wake
// (a futex call to start another thread) cost the request about 13 µs,
// more than all the rest of its telemetry. The worker collects the list
// every collectEvery, or at once when it is half full or on Flush.

// collectEvery is how often the worker collects the ended steps.
const collectEvery = 50 * time.Millisecond

func (p *Provider) startWorker(queue int) {
	if queue <= 0 {
		queue = DefaultQueue
	}
	p.queueCap = queue
	p.wakeAt = max(1, queue/2)
	p.wake = make(chan struct{}, 1)
	p.flushReq = make(chan chan struct{})
	p.stop = make(chan struct{})
	p.stopped = make(chan struct{})
	p.started = true
	go p.work()
}

func (p *Provider) work() {
	defer close(p.stopped)
	collect := time.NewTicker(collectEvery)
	defer collect.Stop()
	var batch <-chan time.Time
	if p.traces != nil {
		t := time.NewTicker(p.traces.delay)
		defer t.Stop()
		batch = t.C
	}
	var steps []*Step
	for {
		select {
		case <-collect.C:
		case <-p.wake:
		case <-batch:
			p.traces.send(false)
			continue
		case done := <-p.flushReq:
			steps = p.exportPending(steps)
			if p.traces != nil {
				// Done once the sender has sent what came before.
				go closeWhen(p.traces.flush(), done)
			} else {
				close(done)
			}
			continue
		case <-p.stop:
			p.exportPending(steps)
			if p.traces != nil {
				p.traces.stop()
			}
			return
		}
		steps = p.exportPending(steps)
	}
}

// exportPending takes the ended steps and exports them; buf is reused
// for the list, and returned for the next call.
func (p *Provider) exportPending(buf []*Step) []*Step {
	p.qmu.Lock()
	steps := p.pending
	p.pending = buf[:0]
	p.qmu.Unlock()
	for i, s := range steps {
		p.export(s)
		steps[i] = nil
	}
	return steps
}

func closeWhen(after <-chan struct{}, done chan struct{}) {
	<-after
	close(done)
}

// enqueue hands an ended step to the worker, or, when its queue is full
// or it has stopped, records the step's metrics here and drops the rest.
func (p *Provider) enqueue(ctx context.Context, s *Step) {
	p.qmu.Lock()
	if p.started && !p.closed && len(p.pending) < p.queueCap {
		p.pending = append(p.pending, s)
		n := len(p.pending)
		p.qmu.Unlock()
		if n == p.wakeAt {
			select {
			case p.wake <- struct{}{}:
			default:
			}
		}
		return
	}
	p.qmu.Unlock()
	p.dropped.Add(1)
	if in := p.m; in.meter != nil {
		in.dropped.Add(ctx, 1)
	}
	p.record(ctx, s)
}

// drain waits until the worker has exported the steps that have ended.
func (p *Provider) drain(ctx context.Context) error {
	p.qmu.Lock()
	running := p.started && !p.closed
	p.qmu.Unlock()
	if !running {
		return nil
	}
	done := make(chan struct{})
	select {
	case p.flushReq <- done:
	case <-p.stopped:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// stopWorker exports what is pending and stops the worker.
func (p *Provider) stopWorker(ctx context.Context) error {
	p.qmu.Lock()
	if p.closed || !p.started {
		p.closed = true
		p.qmu.Unlock()
		return nil
	}
	p.closed = true
	close(p.stop)
	p.qmu.Unlock()
	select {
	case <-p.stopped:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Dropped is how many ended steps lost their spans because the worker's
// queue was full.
func (p *Provider) Dropped() int64 {
	if p == nil {
		return 0
	}
	return p.dropped.Load()
}

// export makes s's spans, records its metrics and writes its EMF line.
func (p *Provider) export(s *Step) {
	if s.traced && p.traces != nil {
		p.traces.buf = appendStepSpans(p.traces.buf, s)
		p.traces.added(1 + len(s.phases) + len(s.stores))
	}
	ctx := context.Background()
	p.record(ctx, s)
	p.emf.write(ctx, s, p)
}

// appendStepSpans appends the step's span and its children, made from
// the record, to b.
func appendStepSpans(b []byte, s *Step) []byte {
	stepID := newSpanID()
	h := spanHead{traceID: s.tid, spanID: stepID, name: [3]string{"amber.", s.op}, kind: kindServer, start: s.start, end: s.end}
	if s.parent.IsValid() {
		h.parentID, h.remoteParent = s.parent.SpanID(), s.parent.IsRemote()
	}
	b, span := openSpan(b, &h)
	b = appendStringAttr(b, fSpanAttributes, "amber.op", s.op)
	b = appendStringAttr(b, fSpanAttributes, "amber.project", s.project)
	b = appendStringAttr(b, fSpanAttributes, "amber.session", s.session)
	b = appendStringAttr(b, fSpanAttributes, "amber.outcome", s.outcome)
	if s.errKind != "" {
		b = appendStringAttr(b, fSpanAttributes, "amber.error_kind", s.errKind)
	}
	if s.load != "" {
		b = appendStringAttr(b, fSpanAttributes, "amber.load", s.load)
		b = appendIntAttr(b, fSpanAttributes, "amber.pages_loaded", int64(s.pagesLoaded))
		b = appendIntAttr(b, fSpanAttributes, "amber.bytes_loaded", s.bytesLoaded)
	}
	if s.committed {
		b = appendIntAttr(b, fSpanAttributes, "amber.version", s.version)
		b = appendIntAttr(b, fSpanAttributes, "amber.pages_written", int64(s.pagesWritten))
		b = appendIntAttr(b, fSpanAttributes, "amber.bytes_written", s.bytesWritten)
		b = appendIntAttr(b, fSpanAttributes, "amber.state_bytes", s.stateBytes)
	}
	if s.storeDropped > 0 {
		b = appendIntAttr(b, fSpanAttributes, "amber.store_calls_dropped", int64(s.storeDropped))
	}
	for i := range s.events {
		b = appendEvent(b, &s.events[i])
	}
	if s.errKind != "" {
		// The kind only: an error's message may quote the sandbox.
		b = appendErrorStatus(b, s.errKind)
	}
	b = closeMessage(b, span)

	var idBuf [8]trace.SpanID
	ids := idBuf[:0]
	for _, ph := range s.phases {
		id := newSpanID()
		ids = append(ids, id)
		h := spanHead{traceID: s.tid, spanID: id, parentID: stepID, name: [3]string{ph.name}, kind: kindInternal, start: ph.start, end: ph.end}
		b, span = openSpan(b, &h)
		b = closeMessage(b, span)
	}
	for i := range s.stores {
		c := &s.stores[i]
		parent := stepID
		if c.phase >= 0 {
			parent = ids[c.phase]
		}
		h := spanHead{traceID: s.tid, spanID: newSpanID(), parentID: parent, name: [3]string{c.system, " ", c.call}, kind: kindClient, start: c.start, end: c.end}
		b, span = openSpan(b, &h)
		b = appendStringAttr(b, fSpanAttributes, "db.system", c.system)
		b = appendStringAttr(b, fSpanAttributes, "db.operation", c.call)
		if c.bytes > 0 {
			b = appendIntAttr(b, fSpanAttributes, "amber.bytes", int64(c.bytes))
		}
		switch {
		case c.notFound:
			b = appendBoolAttr(b, fSpanAttributes, "amber.found", false)
		case c.failed:
			// The error's text names keys and paths, not tenant data, but a
			// store call's outcome is all a trace needs.
			b = appendErrorStatus(b, "store call failed")
		}
		b = closeMessage(b, span)
	}
	return b
}

// appendEvent appends one event of the step's span.
func appendEvent(b []byte, e *eventRecord) []byte {
	b, ev := openMessage(b, fSpanEvents)
	b = appendFixed64Field(b, fEventTime, unixNano(e.at))
	switch e.kind {
	case evHostCall:
		b = appendStringField(b, fEventName, EventHostCall)
		b = appendStringAttr(b, fEventAttributes, "amber.function", e.name)
		b = appendIntAttr(b, fEventAttributes, "amber.call_id", e.callID)
		if e.osCall != "" {
			b = appendStringAttr(b, fEventAttributes, "amber.os_call", e.osCall)
		}
	case evHostAnswer:
		b = appendStringField(b, fEventName, EventHostAnswer)
		b = appendStringAttr(b, fEventAttributes, "amber.function", e.name)
		b = appendIntAttr(b, fEventAttributes, "amber.call_id", e.callID)
		b = appendStringAttr(b, fEventAttributes, "amber.answer", e.answer)
		b = appendDoubleAttr(b, fEventAttributes, "amber.host_ms", float64(e.waited.Microseconds())/1000)
	default:
		b = appendStringField(b, fEventName, EventReplayed)
	}
	return closeMessage(b, ev)
}

// newTraceID is a random, valid trace id (math/rand/v2's generator is
// seeded from the system's randomness per process).
func newTraceID() trace.TraceID {
	var t trace.TraceID
	for !t.IsValid() {
		binary.BigEndian.PutUint64(t[:8], rand.Uint64())
		binary.BigEndian.PutUint64(t[8:], rand.Uint64())
	}
	return t
}

func newSpanID() trace.SpanID {
	var s trace.SpanID
	for !s.IsValid() {
		binary.BigEndian.PutUint64(s[:], rand.Uint64())
	}
	return s
}
