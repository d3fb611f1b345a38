package telemetry

import (
	"context"
	"sync"
	"time"

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

// maxStoreCalls bounds the store calls one step records as spans (a cold
// load of a large state reads many chunks); the calls past it are
// counted in the step's amber.store_calls_dropped attribute.
const maxStoreCalls = 4096

type stepKey struct{}

// Step is the telemetry of one request. During the request it records
// plain data only (timestamps, sizes, names from fixed lists); End hands
// the record to the Provider's worker, which makes the spans with those
// timestamps, records the metrics and writes the EMF line. A nil *Step
// records nothing.
type Step struct {
	p *Provider
	// traced: the step's spans are made (tracing is on and the parent,
	// if any, is sampled).
	traced  bool
	parent  trace.SpanContext // the request's traceparent, if valid
	tid     trace.TraceID
	traceID string // tid in hex, made on first use

	op, project, session string
	start, end           time.Time

	outcome, errKind, errType string
	load                      string // "", "warm" or "cold"
	committed, replayed       bool
	bytesWritten, stateBytes  int64
	elapsed                   time.Duration
	pagesLoaded, pagesWritten int
	bytesLoaded, version      int64

	// mu guards what store calls record: a store may call from its own
	// goroutines, and a late call must not touch a step that has ended.
	mu           sync.Mutex
	ended        bool
	phase        int // index in phases of the open phase, -1: none
	phases       []phaseRecord
	stores       []storeRecord
	events       []eventRecord
	storeDropped int
	phaseBuf     [4]phaseRecord
	storeBuf     [8]storeRecord
	eventBuf     [2]eventRecord
}

// phaseRecord is one phase of a step (load, run, commit).
type phaseRecord struct {
	name       string
	start, end time.Time
}

// storeRecord is one store call of StoreSpanMin or longer.
type storeRecord struct {
	system, call     string
	start, end       time.Time
	bytes            int
	phase            int // the phase open when it started, -1: none
	notFound, failed bool
}

type eventKind uint8

const (
	evHostCall eventKind = iota
	evHostAnswer
	evReplayed
)

// eventRecord is one event of the step's span.
type eventRecord struct {
	kind           eventKind
	at             time.Time
	name           string // the function, as hostName names it
	callID         int64
	osCall, answer string
	waited         time.Duration
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
		s := &Step{tid: parent.TraceID()}
		return context.WithValue(ctx, stepKey{}, s), s
	}
	s := &Step{p: p, op: info.Op, project: info.Project, session: info.Session, start: time.Now(), phase: -1}
	s.phases, s.stores, s.events = s.phaseBuf[:0], s.storeBuf[:0], s.eventBuf[:0]
	switch {
	case parent.IsValid():
		s.parent, s.tid = parent, parent.TraceID()
		// The sampler is parent based: an unsampled parent, no spans.
		s.traced = p.traces != nil && parent.IsSampled()
	case p.traces != nil:
		// The step span's trace id, chosen now for the step's history and
		// stats; the worker's span gets it from the ID generator.
		s.tid, s.traced = newTraceID(), true
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
	if s == nil || !s.tid.IsValid() {
		return ""
	}
	if s.traceID == "" {
		s.traceID = s.tid.String()
	}
	return s.traceID
}

// Phase ends the step's current phase (load, run or commit) and starts
// the named one as a child of the step's span; the store calls made
// while it is open are its children.
func (s *Step) Phase(ctx context.Context, name string) context.Context {
	if s == nil || !s.traced {
		return ctx
	}
	now := time.Now()
	s.mu.Lock()
	if !s.ended {
		s.endPhase(now)
		s.phases = append(s.phases, phaseRecord{name: name, start: now})
		s.phase = len(s.phases) - 1
	}
	s.mu.Unlock()
	return ctx
}

// EndPhase ends the current phase, if one is open.
func (s *Step) EndPhase() {
	if s == nil || !s.traced {
		return
	}
	s.mu.Lock()
	s.endPhase(time.Now())
	s.mu.Unlock()
}

func (s *Step) endPhase(now time.Time) {
	if s.phase >= 0 {
		s.phases[s.phase].end = now
		s.phase = -1
	}
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
	s.event(eventRecord{kind: evReplayed})
}

func (s *Step) event(e eventRecord) {
	if !s.traced {
		return
	}
	e.at = time.Now()
	s.mu.Lock()
	if !s.ended {
		s.events = append(s.events, e)
	}
	s.mu.Unlock()
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
	if s == nil || !s.traced {
		return
	}
	s.event(eventRecord{kind: evHostCall, name: hostName(name, declared || osCall != ""), callID: callID, osCall: osCall})
}

// HostAnswer records a resume's answer to the pending host call: the
// function (as HostCall names it), how it was answered (value,
// exception, future, not_handled) and how long the host took, from the
// pause's commit to this request. Never the value or the message.
func (s *Step) HostAnswer(name string, declared bool, callID int64, answer string, waited time.Duration) {
	if s == nil || !s.traced {
		return
	}
	s.event(eventRecord{kind: evHostAnswer, name: hostName(name, declared), callID: callID, answer: answer, waited: waited})
}

// storeCall records a store call that started at start, if it took at
// least the provider's StoreSpanMin.
func (s *Step) storeCall(r storeRecord) {
	if r.end.Sub(r.start) < s.p.storeMin {
		return
	}
	s.mu.Lock()
	switch {
	case s.ended:
	case len(s.stores) >= maxStoreCalls:
		s.storeDropped++
	default:
		r.phase = s.phase
		s.stores = append(s.stores, r)
	}
	s.mu.Unlock()
}

// End ends the step with its outcome: the progress kind of a step that
// ran ("complete", "function_call", ...), "ok" for other operations, or
// "error" with the error's kind (and, for quota, its type). The
// Provider's worker makes its spans, records the metrics and writes the
// EMF line; the request does not wait for it.
func (s *Step) End(ctx context.Context, outcome, errKind, errType string) {
	if s == nil || s.p == nil {
		return
	}
	s.end = time.Now()
	s.mu.Lock()
	s.endPhase(s.end)
	s.ended = true
	s.mu.Unlock()
	s.outcome, s.errKind = outcome, errKind
	if errKind == "quota" {
		s.errType = errType
	}
	s.elapsed = s.end.Sub(s.start)
	s.p.enqueue(ctx, s)
}

func (s *Step) loadKind() string {
	if s.load == "" {
		return "none"
	}
	return s.load
}
