package telemetry

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"

	"github.com/amber-sandbox/amber/internal/otlptest"
)

// TestEncodingDecodes: the spans the worker encodes by hand decode, with
// the OTLP protobuf's generated code, to exactly the fields recorded:
// ids and parents, names, kinds, times, every attribute and event, the
// error statuses, and lengths that need one, two and three bytes.
func TestEncodingDecodes(t *testing.T) {
	t0 := time.Unix(1_700_000_000, 123456789)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	parent := ParseTraceParent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
	s := &Step{
		traced: true, parent: parent, tid: parent.TraceID(),
		op: "resume", project: "proj", session: strings.Repeat("s", 300), // a long attribute: a 2-byte length
		start: at(0), end: at(50),
		outcome: "error", errKind: "limit", load: "cold", committed: true,
		bytesWritten: 4096, stateBytes: 1 << 20, pagesLoaded: 7, pagesWritten: 2, bytesLoaded: 70_000, version: 9,
		phase: -1,
	}
	s.phases = []phaseRecord{{SpanLoad, at(1), at(10)}, {SpanRun, at(10), at(40)}, {SpanCommit, at(40), at(49)}}
	s.stores = []storeRecord{
		{system: SystemS3, call: "Get", start: at(2), end: at(8), bytes: 9000, phase: 0, notFound: true},
		{system: SystemDynamoDB, call: "CommitSession", start: at(41), end: at(48), phase: 2, failed: true},
		{system: SystemBolt, call: "GetSession", start: at(0), end: at(1), phase: -1},
	}
	s.events = []eventRecord{
		{kind: evHostAnswer, at: at(11), name: "fetch", callID: 3, answer: "value", waited: 1500 * time.Microsecond},
		{kind: evHostCall, at: at(39), name: "read", callID: 4, osCall: "open"},
		{kind: evReplayed, at: at(45)},
	}
	// Enough store calls that the batch is longer than 16 KB: 3-byte
	// lengths for the request's outer messages.
	for i := 0; len(s.stores) < maxStoreCalls; i++ {
		s.stores = append(s.stores, storeRecord{system: SystemFiles, call: "Put", start: at(42), end: at(43), bytes: i, phase: 2})
	}
	x := &traceExporter{resource: encodeResource(nil), scope: encodeScope(ScopeName, "v1")}
	x.buf = appendStepSpans(x.buf, s)
	req := requestPrefix(nil, x.resource, x.scope, len(x.buf))
	req = append(req, x.buf...)
	spans, err := otlptest.Decode(req)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if want := 1 + len(s.phases) + len(s.stores); len(spans) != want {
		t.Fatalf("%d spans, want %d", len(spans), want)
	}
	step, load, run, commit := spans[0], spans[1], spans[2], spans[3]
	ns := func(t time.Time) uint64 { return uint64(t.UnixNano()) }
	if step.Name != "amber.resume" || step.Kind != tracepb.Span_SPAN_KIND_SERVER || step.TraceID != "4bf92f3577b34da6a3ce929d0e0e4736" ||
		step.ParentID != "00f067aa0ba902b7" || step.StartTimeUnixNano != ns(at(0)) || step.EndTimeUnixNano != ns(at(50)) ||
		step.Flags != 0x301 || step.Scope != ScopeName {
		t.Errorf("step span: %v", step.Span)
	}
	wantAttrs := map[string]string{
		"amber.op": "resume", "amber.project": "proj", "amber.session": s.session, "amber.outcome": "error",
		"amber.error_kind": "limit", "amber.load": "cold", "amber.pages_loaded": "7", "amber.bytes_loaded": "70000",
		"amber.version": "9", "amber.pages_written": "2", "amber.bytes_written": "4096", "amber.state_bytes": "1048576",
	}
	if len(step.Attrs) != len(wantAttrs) {
		t.Errorf("step attributes %v, want %v", step.Attrs, wantAttrs)
	}
	for k, v := range wantAttrs {
		if step.Attrs[k] != v {
			t.Errorf("step attribute %s = %q, want %q", k, step.Attrs[k], v)
		}
	}
	if st := step.GetStatus(); st.GetCode() != tracepb.Status_STATUS_CODE_ERROR || st.GetMessage() != "limit" {
		t.Errorf("step status %v", st)
	}
	if len(step.Events) != 3 {
		t.Fatalf("events %v", step.Events)
	}
	answer, call, replayed := step.Events[0], step.Events[1], step.Events[2]
	if answer.Name != EventHostAnswer || answer.TimeUnixNano != ns(at(11)) || otlptest.Attrs(answer.Attributes)["amber.host_ms"] != "1.5" ||
		otlptest.Attrs(answer.Attributes)["amber.answer"] != "value" || otlptest.Attrs(answer.Attributes)["amber.call_id"] != "3" {
		t.Errorf("answer event %v", answer)
	}
	if call.Name != EventHostCall || otlptest.Attrs(call.Attributes)["amber.function"] != "read" || otlptest.Attrs(call.Attributes)["amber.os_call"] != "open" {
		t.Errorf("host call event %v", call)
	}
	if replayed.Name != EventReplayed || len(replayed.Attributes) != 0 {
		t.Errorf("replayed event %v", replayed)
	}
	for i, ph := range []*otlptest.Span{load, run, commit} {
		if ph.Name != s.phases[i].name || ph.ParentID != step.SpanID || ph.Kind != tracepb.Span_SPAN_KIND_INTERNAL ||
			ph.StartTimeUnixNano != ns(s.phases[i].start) || ph.EndTimeUnixNano != ns(s.phases[i].end) || ph.TraceID != step.TraceID {
			t.Errorf("phase %d: %v", i, ph.Span)
		}
	}
	get, commitCall, root := spans[4], spans[5], spans[6]
	if get.Name != "s3 Get" || get.ParentID != load.SpanID || get.Kind != tracepb.Span_SPAN_KIND_CLIENT ||
		get.Attrs["amber.found"] != "false" || get.Attrs["amber.bytes"] != "9000" || get.Attrs["db.system"] != "s3" {
		t.Errorf("s3 Get: %v %v", get.Span, get.Attrs)
	}
	if commitCall.ParentID != commit.SpanID || commitCall.GetStatus().GetCode() != tracepb.Status_STATUS_CODE_ERROR {
		t.Errorf("failed store call: %v", commitCall.Span)
	}
	if root.ParentID != step.SpanID || root.Name != "bbolt GetSession" {
		t.Errorf("a store call outside the phases: %v", root.Span)
	}
	ids := map[string]bool{}
	for _, sp := range spans {
		if ids[sp.SpanID] || len(sp.SpanID) != 16 {
			t.Fatalf("span id %q repeated or malformed", sp.SpanID)
		}
		ids[sp.SpanID] = true
	}
}

// TestHTTPExporter: the exporter posts to the endpoint the variables
// name with their headers and compression, sends again after a
// retryable answer, and gives up on one that is not; a batch fills at
// OTEL_BSP_MAX_EXPORT_BATCH_SIZE spans, the rest go on Flush.
func TestHTTPExporter(t *testing.T) {
	rec := otlptest.Start(t)
	// The traces' own variable over the general one.
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:1")
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", rec.URL()+"/v1/traces")
	t.Setenv("OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20secret, x-tenant = a%2Cb ,=empty")
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_COMPRESSION", "gzip")
	t.Setenv("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT", rec.URL()+"/v1/metrics")
	t.Setenv("OTEL_BSP_MAX_EXPORT_BATCH_SIZE", "4")
	ctx := context.Background()
	p, err := New(ctx, Config{FromEnv: true})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Shutdown(ctx)

	step := func() {
		sctx, s := p.StartStep(ctx, StepInfo{Op: "feed", Project: "p"})
		s.Phase(sctx, SpanRun)
		s.End(sctx, "complete", "", "")
	}
	rec.FailTraces(2, http.StatusServiceUnavailable)
	step()
	step() // 4 spans: a full batch, sent without a Flush
	waitCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := rec.WaitSpans(waitCtx, func(s []*otlptest.Span) bool { return len(s) == 4 }); err != nil {
		t.Fatalf("the full batch after two 503s: %v", err)
	}
	if n := rec.FailedTraces(); n != 2 {
		t.Errorf("%d refused requests, want 2", n)
	}
	step() // half a batch: sent by Flush
	if err := p.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(rec.Spans()); n != 6 {
		t.Errorf("%d spans after Flush, want 6", n)
	}
	for _, h := range rec.TraceHeaders() {
		if h.Get("Authorization") != "Bearer secret" || h.Get("X-Tenant") != "a,b" || h.Get("Content-Encoding") != "gzip" ||
			h.Get("Content-Type") != "application/x-protobuf" || h.Get("Broken") != "" {
			t.Errorf("request headers %v", h)
		}
	}

	// A 400 is not retried: the batch is lost, counted, and the next goes.
	rec.FailTraces(1, http.StatusBadRequest)
	step()
	if err := p.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	step()
	if err := p.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if n, failed := len(rec.Spans()), p.traces.failed.Load(); n != 8 || failed != 1 || rec.FailedTraces() != 3 {
		t.Errorf("%d spans, %d failed batches, %d refused; want 8, 1, 3", n, failed, rec.FailedTraces())
	}
}

// TestExporterConfigErrors: malformed variables are errors at start, not
// silently lost spans.
func TestExporterConfigErrors(t *testing.T) {
	for _, tc := range []struct{ name, value string }{
		{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "localhost:4318"},
		{"OTEL_EXPORTER_OTLP_TIMEOUT", "soon"},
		{"OTEL_EXPORTER_OTLP_COMPRESSION", "brotli"},
		{"OTEL_EXPORTER_OTLP_CERTIFICATE", "/nonexistent/ca.pem"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4318")
			t.Setenv(tc.name, tc.value)
			p, err := New(context.Background(), Config{FromEnv: true})
			if err == nil {
				_ = p.Shutdown(context.Background())
				t.Fatalf("%s=%q: no error", tc.name, tc.value)
			}
		})
	}
}
