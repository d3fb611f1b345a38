package telemetry

import (
	"context"
	"encoding/binary"
	"math/rand/v2"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
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

// job is a step to export, or a flush marker (done closes once the steps
// queued before it are exported).
type job struct {
	s    *Step
	done chan struct{}
}

func (p *Provider) startWorker(queue int) {
	if queue <= 0 {
		queue = DefaultQueue
	}
	p.queue = make(chan job, queue)
	p.stopped = make(chan struct{})
	go func() {
		defer close(p.stopped)
		for j := range p.queue {
			if j.s != nil {
				p.export(j.s)
			}
			if j.done != nil {
				close(j.done)
			}
		}
	}()
}

// enqueue hands an ended step to the worker, or, when its queue is full
// or it has stopped, records the step's metrics here and drops the rest.
func (p *Provider) enqueue(ctx context.Context, s *Step) {
	p.qmu.RLock()
	if !p.closed {
		select {
		case p.queue <- job{s: s}:
			p.qmu.RUnlock()
			return
		default:
		}
	}
	p.qmu.RUnlock()
	p.dropped.Add(1)
	if in := p.m; in.meter != nil {
		in.dropped.Add(ctx, 1)
	}
	p.record(ctx, s)
}

// drain waits until the worker has exported the steps queued so far.
func (p *Provider) drain(ctx context.Context) error {
	done := make(chan struct{})
	p.qmu.RLock()
	if p.closed {
		p.qmu.RUnlock()
		return nil
	}
	select {
	case p.queue <- job{done: done}:
	case <-ctx.Done():
		p.qmu.RUnlock()
		return ctx.Err()
	}
	p.qmu.RUnlock()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// stopWorker drains the queue and stops the worker.
func (p *Provider) stopWorker(ctx context.Context) error {
	p.qmu.Lock()
	if p.closed || p.queue == nil {
		p.closed = true
		p.qmu.Unlock()
		return nil
	}
	p.closed = true
	close(p.queue)
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
	ctx := context.Background()
	if s.traced {
		ctx = p.spans(s)
	}
	p.record(ctx, s)
	p.emf.write(ctx, s, p)
}

// spans makes the step's span and its children from the record and
// returns the context of the step's span.
func (p *Provider) spans(s *Step) context.Context {
	ctx := context.Background()
	if s.parent.IsValid() {
		ctx = trace.ContextWithRemoteSpanContext(ctx, s.parent)
	} else {
		ctx = context.WithValue(ctx, traceIDKey{}, s.tid)
	}
	ctx, span := p.tracer.Start(ctx, "amber."+s.op, trace.WithSpanKind(trace.SpanKindServer),
		trace.WithTimestamp(s.start),
		trace.WithAttributes(
			attribute.String("amber.op", s.op),
			attribute.String("amber.project", s.project),
			attribute.String("amber.session", s.session),
		))
	for _, e := range s.events {
		var attrs []attribute.KeyValue
		name := EventReplayed
		switch e.kind {
		case evHostCall:
			name = EventHostCall
			attrs = []attribute.KeyValue{attribute.String("amber.function", e.name), attribute.Int64("amber.call_id", e.callID)}
			if e.osCall != "" {
				attrs = append(attrs, attribute.String("amber.os_call", e.osCall))
			}
		case evHostAnswer:
			name = EventHostAnswer
			attrs = []attribute.KeyValue{
				attribute.String("amber.function", e.name),
				attribute.Int64("amber.call_id", e.callID),
				attribute.String("amber.answer", e.answer),
				attribute.Float64("amber.host_ms", float64(e.waited.Microseconds())/1000),
			}
		}
		span.AddEvent(name, trace.WithTimestamp(e.at), trace.WithAttributes(attrs...))
	}
	phases := make([]trace.Span, len(s.phases))
	pctx := make([]context.Context, len(s.phases))
	for i, ph := range s.phases {
		pctx[i], phases[i] = p.tracer.Start(ctx, ph.name, trace.WithTimestamp(ph.start))
	}
	for _, c := range s.stores {
		parent := ctx
		if c.phase >= 0 {
			parent = pctx[c.phase]
		}
		attrs := []attribute.KeyValue{attribute.String("db.system", c.system), attribute.String("db.operation", c.call)}
		if c.bytes > 0 {
			attrs = append(attrs, attribute.Int("amber.bytes", c.bytes))
		}
		_, sp := p.tracer.Start(parent, c.system+" "+c.call, trace.WithSpanKind(trace.SpanKindClient),
			trace.WithTimestamp(c.start), trace.WithAttributes(attrs...))
		switch {
		case c.notFound:
			sp.SetAttributes(attribute.Bool("amber.found", false))
		case c.failed:
			// The error's text names keys and paths, not tenant data, but a
			// store call's outcome is all a trace needs.
			sp.SetStatus(codes.Error, "store call failed")
		}
		sp.End(trace.WithTimestamp(c.end))
	}
	for i, ph := range s.phases {
		phases[i].End(trace.WithTimestamp(ph.end))
	}

	attrs := make([]attribute.KeyValue, 0, 11)
	attrs = append(attrs, attribute.String("amber.outcome", s.outcome))
	if s.errKind != "" {
		attrs = append(attrs, attribute.String("amber.error_kind", s.errKind))
		// The kind only: an error's message may quote the sandbox.
		span.SetStatus(codes.Error, s.errKind)
	}
	if s.load != "" {
		attrs = append(attrs, attribute.String("amber.load", s.load),
			attribute.Int("amber.pages_loaded", s.pagesLoaded), attribute.Int64("amber.bytes_loaded", s.bytesLoaded))
	}
	if s.committed {
		attrs = append(attrs, attribute.Int64("amber.version", s.version), attribute.Int("amber.pages_written", s.pagesWritten),
			attribute.Int64("amber.bytes_written", s.bytesWritten), attribute.Int64("amber.state_bytes", s.stateBytes))
	}
	if s.storeDropped > 0 {
		attrs = append(attrs, attribute.Int("amber.store_calls_dropped", s.storeDropped))
	}
	span.SetAttributes(attrs...)
	span.End(trace.WithTimestamp(s.end))
	return ctx
}

// traceIDKey carries, in the context the worker starts a root step span
// with, the trace id the step chose at its start.
type traceIDKey struct{}

// idGenerator is the tracer provider's: a root span started with a
// traceIDKey gets that trace id; everything else random ids.
type idGenerator struct{}

func (idGenerator) NewIDs(ctx context.Context) (trace.TraceID, trace.SpanID) {
	if tid, ok := ctx.Value(traceIDKey{}).(trace.TraceID); ok && tid.IsValid() {
		return tid, newSpanID()
	}
	return newTraceID(), newSpanID()
}

func (idGenerator) NewSpanID(context.Context, trace.TraceID) trace.SpanID {
	return newSpanID()
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
