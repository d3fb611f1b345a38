// Package otlptest is an OTLP/HTTP receiver for tests: it listens on
// loopback, decodes the protobuf requests OpenTelemetry's exporters send
// to /v1/traces and /v1/metrics (go.opentelemetry.io/proto/otlp), and
// keeps the spans and metrics for the test to read.
package otlptest

import (
	"compress/gzip"
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	collmetrics "go.opentelemetry.io/proto/otlp/collector/metrics/v1"
	colltrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	metricspb "go.opentelemetry.io/proto/otlp/metrics/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// maxBody bounds one export request.
const maxBody = 32 << 20

// Receiver is a running OTLP/HTTP receiver.
type Receiver struct {
	srv *http.Server
	ln  net.Listener

	mu      sync.Mutex
	spans   []*Span
	headers []http.Header // of each traces request
	// failN traces requests are still to fail with failStatus; failed
	// counts those that did.
	failN, failStatus, failed int
	metrics                   []*metricspb.Metric
	requests                  int
	changed                   chan struct{}
}

// Span is one received span with its decoded ids and attributes.
type Span struct {
	*tracepb.Span
	TraceID, SpanID, ParentID string // lowercase hex; ParentID "" for a root
	Attrs                     map[string]string
	Resource                  map[string]string // its resource's attributes
	Scope                     string            // its instrumentation scope's name
}

// Start runs a receiver on a free loopback port until the test ends.
func Start(t testing.TB) *Receiver {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("otlptest: %v", err)
	}
	r := &Receiver{ln: ln, changed: make(chan struct{})}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/traces", r.traces)
	mux.HandleFunc("POST /v1/metrics", r.metricsHandler)
	r.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = r.srv.Serve(ln) }()
	t.Cleanup(func() { _ = r.srv.Close() })
	return r
}

// URL is the receiver's base URL (http://127.0.0.1:PORT), as
// OTEL_EXPORTER_OTLP_ENDPOINT or amber serve --otlp take it.
func (r *Receiver) URL() string { return "http://" + r.ln.Addr().String() }

func readBody(req *http.Request) ([]byte, error) {
	var body io.Reader = http.MaxBytesReader(nil, req.Body, maxBody)
	if req.Header.Get("Content-Encoding") == "gzip" {
		z, err := gzip.NewReader(body)
		if err != nil {
			return nil, err
		}
		body = io.LimitReader(z, maxBody)
	}
	return io.ReadAll(body)
}

// FailTraces makes the next n traces requests fail with status (and
// Retry-After: 0 for 429 and 503), as a receiver that is overloaded or
// restarting answers.
func (r *Receiver) FailTraces(n, status int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failN, r.failStatus = n, status
}

func (r *Receiver) traces(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	fail := r.failN > 0
	if fail {
		r.failN--
		r.failed++
	}
	status := r.failStatus
	r.mu.Unlock()
	if fail {
		if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "0")
		}
		http.Error(w, "failing as told", status)
		return
	}
	b, err := readBody(req)
	var got []*Span
	if err == nil {
		got, err = Decode(b)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	r.add(func() {
		r.spans = append(r.spans, got...)
		r.headers = append(r.headers, req.Header.Clone())
	})
	respond(w, &colltrace.ExportTraceServiceResponse{})
}

// Decode decodes an ExportTraceServiceRequest in protobuf encoding.
func Decode(request []byte) ([]*Span, error) {
	var msg colltrace.ExportTraceServiceRequest
	if err := proto.Unmarshal(request, &msg); err != nil {
		return nil, fmt.Errorf("otlptest: %w", err)
	}
	var got []*Span
	for _, rs := range msg.ResourceSpans {
		for _, ss := range rs.ScopeSpans {
			for _, sp := range ss.Spans {
				got = append(got, &Span{Span: sp, TraceID: hex.EncodeToString(sp.TraceId),
					SpanID: hex.EncodeToString(sp.SpanId), ParentID: hex.EncodeToString(sp.ParentSpanId),
					Attrs: Attrs(sp.Attributes), Resource: Attrs(rs.GetResource().GetAttributes()),
					Scope: ss.GetScope().GetName()})
			}
		}
	}
	return got, nil
}

// Sink keeps the spans of the requests given to its ExportTraces, as a
// receiver would, in the process: a telemetry.TraceSink for tests.
type Sink struct {
	mu       sync.Mutex
	spans    []*Span
	requests int
}

// ExportTraces decodes request and keeps its spans.
func (s *Sink) ExportTraces(_ context.Context, request []byte) error {
	got, err := Decode(request)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.spans = append(s.spans, got...)
	s.requests++
	return nil
}

// Spans returns the spans received so far.
func (s *Sink) Spans() []*Span {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Span(nil), s.spans...)
}

// Requests is how many requests the sink has received.
func (s *Sink) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests
}

func (r *Receiver) metricsHandler(w http.ResponseWriter, req *http.Request) {
	b, err := readBody(req)
	var msg collmetrics.ExportMetricsServiceRequest
	if err == nil {
		err = proto.Unmarshal(b, &msg)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var got []*metricspb.Metric
	for _, rm := range msg.ResourceMetrics {
		for _, sm := range rm.ScopeMetrics {
			got = append(got, sm.Metrics...)
		}
	}
	r.add(func() { r.metrics = append(r.metrics, got...) })
	respond(w, &collmetrics.ExportMetricsServiceResponse{})
}

func respond(w http.ResponseWriter, m proto.Message) {
	b, err := proto.Marshal(m)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/x-protobuf")
	_, _ = w.Write(b)
}

func (r *Receiver) add(f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	f()
	r.requests++
	close(r.changed)
	r.changed = make(chan struct{})
}

// Spans returns the spans received so far.
func (r *Receiver) Spans() []*Span {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*Span(nil), r.spans...)
}

// FailedTraces is how many traces requests FailTraces made fail.
func (r *Receiver) FailedTraces() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failed
}

// TraceHeaders returns the headers of the traces requests received so
// far.
func (r *Receiver) TraceHeaders() []http.Header {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]http.Header(nil), r.headers...)
}

// Metrics returns the metrics received so far, in order of arrival (a
// cumulative metric appears once per export).
func (r *Receiver) Metrics() []*metricspb.Metric {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*metricspb.Metric(nil), r.metrics...)
}

// WaitSpans waits until done(spans) holds for the spans received so far,
// or ctx ends.
func (r *Receiver) WaitSpans(ctx context.Context, done func([]*Span) bool) ([]*Span, error) {
	for {
		r.mu.Lock()
		spans := append([]*Span(nil), r.spans...)
		ch := r.changed
		r.mu.Unlock()
		if done(spans) {
			return spans, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return spans, fmt.Errorf("otlptest: %d spans so far: %w", len(spans), ctx.Err())
		}
	}
}

// Attrs flattens attributes to strings (ints and floats in Go's %v).
func Attrs(kvs []*commonpb.KeyValue) map[string]string {
	m := make(map[string]string, len(kvs))
	for _, kv := range kvs {
		m[kv.Key] = Value(kv.Value)
	}
	return m
}

// Value is an attribute value as a string.
func Value(v *commonpb.AnyValue) string {
	switch x := v.GetValue().(type) {
	case *commonpb.AnyValue_StringValue:
		return x.StringValue
	case *commonpb.AnyValue_IntValue:
		return fmt.Sprint(x.IntValue)
	case *commonpb.AnyValue_DoubleValue:
		return fmt.Sprint(x.DoubleValue)
	case *commonpb.AnyValue_BoolValue:
		return fmt.Sprint(x.BoolValue)
	case *commonpb.AnyValue_BytesValue:
		return hex.EncodeToString(x.BytesValue)
	}
	return v.String()
}
