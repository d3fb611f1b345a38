package telemetry

import (
	"context"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// Span and event names, and the attributes Amber sets.
const (
	SpanLoad   = "amber.load"
	SpanRun    = "amber.run"
	SpanCommit = "amber.commit"

	EventHostCall   = "amber.host_call"        // the step paused at a host call
	EventHostAnswer = "amber.host_call.answer" // a resume answered one
	EventReplayed   = "amber.replayed"         // answered from the recorded reply

	// Undeclared stands for a host function's name that the host did not
	// declare (a start-mode call of an undefined name): such a name comes
	// from the sandbox's code, which may build it from a secret.
	Undeclared = "(undeclared)"
)

// MaxNameLength bounds a host function's name in an event.
const MaxNameLength = 128

type stepKey struct{}

// Step is the telemetry of one request: its span (nil when untraced),
// its trace id and what the metrics need. A nil *Step records nothing.
type Step struct {
	p       *Provider
	span    trace.Span
	phase   trace.Span
	traceID string
	start   time.Time

	op, outcome, errKind, errType string
	load                          string // "", "warm" or "cold"
	committed, replayed           bool
	bytesWritten, stateBytes      int64
	elapsed                       time.Duration
	pagesLoaded, pagesWritten     int
	bytesLoaded, version          int64
}

// StepInfo names a request for its span.
type StepInfo struct {
	Op, Project, Session string
	// TraceParent is the client's W3C traceparent (the request's, else
	// the WebSocket connection's); "" or malformed: a new trace.
	TraceParent string
}

// ParseTraceParent returns the span context of a W3C traceparent header
// value, or an invalid one.
func ParseTraceParent(tp string) trace.SpanContext {
	if tp == "" || len(tp) > 512 {
		return trace.SpanContext{}
	}
	ctx := propagation.TraceContext{}.Extract(context.Background(), propagation.MapCarrier{"traceparent": tp})
	return trace.SpanContextFromContext(ctx)
}

// StartStep starts the telemetry of one request. With p nil it still
// returns a Step when the request carries a valid traceparent, so the
// step's history records the caller's trace id; otherwise nil.
func (p *Provider) StartStep(ctx context.Context, info StepInfo) (context.Context, *Step) {
	parent := ParseTraceParent(info.TraceParent)
	if p == nil {
		if !parent.IsValid() {
			return ctx, nil
		}
		s := &Step{traceID: parent.TraceID().String()}
		return context.WithValue(ctx, stepKey{}, s), s
	}
	s := &Step{p: p, op: info.Op, start: time.Now()}
	if parent.IsValid() {
		ctx = trace.ContextWithRemoteSpanContext(ctx, parent)
		s.traceID = parent.TraceID().String()
	}
	if p.tracer != nil {
		ctx, s.span = p.tracer.Start(ctx, "amber."+info.Op, trace.WithSpanKind(trace.SpanKindServer),
			trace.WithAttributes(
				attribute.String("amber.op", info.Op),
				attribute.String("amber.project", info.Project),
				attribute.String("amber.session", info.Session),
			))
		if sc := s.span.SpanContext(); sc.IsValid() {
			s.traceID = sc.TraceID().String()
		}
	}
	return context.WithValue(ctx, stepKey{}, s), s
}

// FromContext returns the Step of ctx (nil if none).
func FromContext(ctx context.Context) *Step {
	s, _ := ctx.Value(stepKey{}).(*Step)
	return s
}

// TraceID is the step's trace id, 32 lowercase hex digits ("" when the
// step is not traced and the request carried no traceparent).
func (s *Step) TraceID() string {
	if s == nil {
		return ""
	}
	return s.traceID
}

// Phase ends the step's current phase (load, run or commit) and starts
// the named one as a child of the step's span; store calls made with the
// context it returns are its children.
func (s *Step) Phase(ctx context.Context, name string) context.Context {
	if s == nil || s.span == nil {
		return ctx
	}
	s.EndPhase()
	ctx = trace.ContextWithSpan(ctx, s.span)
	ctx, s.phase = s.p.tracer.Start(ctx, name)
	return ctx
}

// EndPhase ends the current phase, if one is open.
func (s *Step) EndPhase() {
	if s == nil || s.phase == nil {
		return
	}
	s.phase.End()
	s.phase = nil
}

// Loaded records how the step got its interpreter: warm (still in
// memory at the head's version) or cold, with the pages and bytes read.
func (s *Step) Loaded(warm bool, pages int, bytes int64) {
	if s == nil || s.p == nil {
		return
	}
	s.load = "cold"
	if warm {
		s.load = "warm"
	}
	s.pagesLoaded, s.bytesLoaded = pages, bytes
}

// Committed records a step's commit: its new version, the pages and
// bytes it wrote, and the logical bytes of the state it stored.
func (s *Step) Committed(version int64, pages int, written, state int64) {
	if s == nil || s.p == nil {
		return
	}
	s.committed, s.bytesWritten, s.stateBytes = true, written, state
	s.version, s.pagesWritten = version, pages
}

// Replayed records a request answered from the reply its committed step
// recorded (a client's retry): nothing ran.
func (s *Step) Replayed() {
	if s == nil || s.p == nil {
		return
	}
	s.replayed = true
	if s.span != nil {
		s.span.AddEvent(EventReplayed)
	}
}

func hostName(name string, declared bool) string {
	if !declared {
		return Undeclared
	}
	if len(name) > MaxNameLength {
		name = name[:MaxNameLength]
	}
	return name
}

// HostCall records that the step paused at a call of host function name
// (declared: the host listed it; an undeclared name is not recorded) or
// at an OS call (osCall, one of the protocol's fixed operation names).
// Never the arguments.
func (s *Step) HostCall(name string, declared bool, callID int64, osCall string) {
	if s == nil || s.span == nil {
		return
	}
	attrs := []attribute.KeyValue{attribute.String("amber.function", hostName(name, declared || osCall != "")), attribute.Int64("amber.call_id", callID)}
	if osCall != "" {
		attrs = append(attrs, attribute.String("amber.os_call", osCall))
	}
	s.span.AddEvent(EventHostCall, trace.WithAttributes(attrs...))
}

// HostAnswer records a resume's answer to the pending host call: the
// function (as HostCall names it), how it was answered (value,
// exception, future, not_handled) and how long the host took, from the
// pause's commit to this request. Never the value or the message.
func (s *Step) HostAnswer(name string, declared bool, callID int64, answer string, waited time.Duration) {
	if s == nil || s.span == nil {
		return
	}
	s.span.AddEvent(EventHostAnswer, trace.WithAttributes(
		attribute.String("amber.function", hostName(name, declared)),
		attribute.Int64("amber.call_id", callID),
		attribute.String("amber.answer", answer),
		attribute.Float64("amber.host_ms", float64(waited.Microseconds())/1000),
	))
}

// End ends the step with its outcome: the progress kind of a step that
// ran ("complete", "function_call", ...), "ok" for other operations, or
// "error" with the error's kind (and, for quota, its type). It records
// the metrics and the EMF line.
func (s *Step) End(ctx context.Context, outcome, errKind, errType string) {
	if s == nil || s.p == nil {
		return
	}
	s.EndPhase()
	s.outcome, s.errKind = outcome, errKind
	if errKind == "quota" {
		s.errType = errType
	}
	s.elapsed = time.Since(s.start)
	if s.span != nil {
		// One call with every attribute the step gathered: each call
		// takes the span's lock and deduplicates its attributes.
		attrs := make([]attribute.KeyValue, 0, 10)
		attrs = append(attrs, attribute.String("amber.outcome", outcome))
		if errKind != "" {
			attrs = append(attrs, attribute.String("amber.error_kind", errKind))
			// The kind only: an error's message may quote the sandbox.
			s.span.SetStatus(codes.Error, errKind)
		}
		if s.load != "" {
			attrs = append(attrs, attribute.String("amber.load", s.load),
				attribute.Int("amber.pages_loaded", s.pagesLoaded), attribute.Int64("amber.bytes_loaded", s.bytesLoaded))
		}
		if s.committed {
			attrs = append(attrs, attribute.Int64("amber.version", s.version), attribute.Int("amber.pages_written", s.pagesWritten),
				attribute.Int64("amber.bytes_written", s.bytesWritten), attribute.Int64("amber.state_bytes", s.stateBytes))
		}
		s.span.SetAttributes(attrs...)
		s.span.End()
	}
	s.p.record(ctx, s)
	s.p.emf.write(ctx, s, s.p)
}

func (s *Step) loadKind() string {
	if s.load == "" {
		return "none"
	}
	return s.load
}
