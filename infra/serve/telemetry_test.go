package serve_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"go.opentelemetry.io/otel/trace"
	metricspb "go.opentelemetry.io/proto/otlp/metrics/v1"

	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/functions/telemetry"
	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/internal/otlptest"
	"github.com/amber-sandbox/amber/internal/servetest"
	"github.com/amber-sandbox/amber/sdk"
)

// Secrets a naive or hostile tenant prints, passes to a host function,
// gets back from one, or builds a host function's name from. None may
// reach a span, an event, a metric or a log line.
const (
	secretPrinted  = "sk-printed-7f3a9c"
	secretArg      = "sk-argument-41d2e8"
	secretReturned = "sk-returned-c0ffee"
	secretName     = "sk_name_5b6d1a"
)

func clientSpan(t *testing.T) (context.Context, trace.SpanContext) {
	t.Helper()
	tid, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	sid, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	sc := trace.NewSpanContext(trace.SpanContextConfig{TraceID: tid, SpanID: sid, TraceFlags: trace.FlagsSampled, Remote: true})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return trace.ContextWithSpanContext(ctx, sc), sc
}

// TestTracesOfWebSocketSteps drives a real amber serve with --otlp
// pointing at an in-process OTLP/HTTP receiver, through the Go SDK with
// a span in its ctx, and checks the spans the server exported: the
// client's trace id, a span per step with its load, run and commit
// children, the store calls under them, the host-call events, the
// trace id in the session's history, and no secret anywhere.
func TestTracesOfWebSocketSteps(t *testing.T) {
	rec := otlptest.Start(t)
	var logs syncBuffer
	dataDir := t.TempDir()
	// Every store call gets a span (by default only those over
	// telemetry.DefaultStoreSpanMin do, and a bbolt read is faster).
	tel := tracing(t, rec.URL())
	srv, stop := servetest.Start(t, serve.Options{Telemetry: tel, DataDir: dataDir, Logger: slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	ctx, client := clientSpan(t)

	pool, err := sdk.Dial(ctx, srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	s, err := pool.Checkout(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var printed strings.Builder
	v, err := s.FeedRun(ctx, fmt.Sprintf("print(%q)\nr = fetch(%q)\nprint(r)\nr[:3]", secretPrinted, secretArg), &sdk.FeedOptions{
		Functions: map[string]sdk.HostFunc{"fetch": func(_ context.Context, args []any, _ map[string]any) (any, error) {
			if len(args) != 1 || args[0] != secretArg {
				return nil, fmt.Errorf("fetch got %v", args)
			}
			return secretReturned, nil
		}},
		Print: func(stream, text string) { printed.WriteString(text) },
	})
	if err != nil || v.Repr != "'sk-'" {
		t.Fatalf("FeedRun = %v, %v", v, err)
	}
	if !strings.Contains(printed.String(), secretReturned) {
		t.Fatalf("printed %q", printed.String())
	}
	// A start-mode call of a name the code made up (an agent may name
	// it after a secret it saw): the name is not the host's to show.
	p, err := s.FeedStart(ctx, secretName+"()", nil)
	if err != nil {
		t.Fatal(err)
	}
	call, ok := p.(*sdk.FunctionCall)
	if !ok || call.Name != secretName {
		t.Fatalf("FeedStart = %#v", p)
	}
	if _, err := call.Resume(ctx, 1); err != nil {
		t.Fatal(err)
	}
	// An exception's message, and its traceback, are the tenant's too.
	if _, err := s.FeedRun(ctx, fmt.Sprintf("raise ValueError(%q)", secretPrinted), nil); err == nil {
		t.Fatal("the raise did not fail")
	}
	history, err := s.History(ctx)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := s.Dump(ctx) // flushes the state to chunk files
	if err != nil {
		t.Fatal(err)
	}
	pool.Close()
	stop()
	if err := tel.Shutdown(ctx); err != nil { // exports the spans and metrics
		t.Fatal(err)
	}
	firstMetrics := rec.Metrics()

	// A restarted server loads the dump cold, reading chunk files.
	tel2 := tracing(t, rec.URL())
	srv2, stop2 := servetest.Start(t, serve.Options{Telemetry: tel2, DataDir: dataDir, Logger: slog.New(slog.NewJSONHandler(&logs, nil))})
	pool2, err := sdk.Dial(ctx, srv2.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer pool2.Close()
	s2, err := pool2.Checkout(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s2.LoadSession(ctx, saved); err != nil {
		t.Fatal(err)
	}
	if v, err := s2.FeedRun(ctx, "r", nil); err != nil || v.Repr != "'"+secretReturned+"'" {
		t.Fatalf("FeedRun after restart = %v, %v", v, err)
	}
	pool2.Close()
	stop2()
	if err := tel2.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	spans := rec.Spans()
	steps := map[string][]*otlptest.Span{} // op -> step spans
	for _, sp := range spans {
		if sp.ParentID == client.SpanID().String() {
			steps[sp.Attrs["amber.op"]] = append(steps[sp.Attrs["amber.op"]], sp)
		}
	}
	for _, op := range []string{"checkout", "feed", "resume", "history", "dump", "load_session"} {
		if len(steps[op]) == 0 {
			t.Errorf("no %s span is a child of the client's span", op)
		}
	}
	for _, sps := range steps {
		for _, sp := range sps {
			if sp.TraceID != client.TraceID().String() {
				t.Errorf("%s: trace %s, want the client's %s", sp.Name, sp.TraceID, client.TraceID())
			}
			if sp.Attrs["amber.project"] != serve.OpenProject || sp.Attrs["amber.outcome"] == "" {
				t.Errorf("%s: attributes %v", sp.Name, sp.Attrs)
			}
		}
	}
	if len(steps["feed"]) != 4 || len(steps["resume"]) != 2 {
		t.Fatalf("feed spans %d, resume spans %d: want 4 and 2", len(steps["feed"]), len(steps["resume"]))
	}
	if raised := steps["feed"][2]; raised.Attrs["amber.error_kind"] != "python" || raised.Status.GetMessage() != "python" {
		t.Errorf("the raising feed: %v, status %v", raised.Attrs, raised.Status)
	}
	children := func(parent *otlptest.Span) map[string][]*otlptest.Span {
		m := map[string][]*otlptest.Span{}
		for _, sp := range spans {
			if sp.ParentID == parent.SpanID {
				m[sp.Name] = append(m[sp.Name], sp)
			}
		}
		return m
	}
	loads := map[string]bool{}
	for _, step := range append(steps["feed"], steps["resume"]...) {
		kids := children(step)
		for _, name := range []string{telemetry.SpanLoad, telemetry.SpanRun, telemetry.SpanCommit} {
			if len(kids[name]) != 1 {
				t.Errorf("%s has %d %s children", step.Name, len(kids[name]), name)
			}
		}
		loads[step.Attrs["amber.load"]] = true
		if step.Attrs["amber.pages_written"] == "" || step.Attrs["amber.version"] == "" {
			t.Errorf("%s: no commit attributes: %v", step.Name, step.Attrs)
		}
		// The head read is a bbolt call under load; the commit's head
		// write one under commit.
		if !hasChild(spans, kids[telemetry.SpanLoad], "bbolt GetSession") {
			t.Errorf("%s: no bbolt GetSession under its load", step.Name)
		}
		if !hasChild(spans, kids[telemetry.SpanCommit], "bbolt CommitSession") {
			t.Errorf("%s: no bbolt CommitSession under its commit", step.Name)
		}
	}
	if !loads["cold"] || !loads["warm"] {
		t.Errorf("loads seen %v: want cold ones (the first feed, the feed after the restart) and warm ones", loads)
	}
	// The dump wrote the state's chunks; the feed after the restart read
	// its pages from them, cold.
	if !hasChild(spans, steps["dump"], "files Put") {
		t.Error("the dump's span has no chunk-file Put")
	}
	restarted := steps["feed"][3]
	if restarted.Attrs["amber.load"] != "cold" || restarted.Attrs["amber.pages_loaded"] == "0" {
		t.Errorf("the feed after the restart: %v, want a cold load of pages", restarted.Attrs)
	}
	if !hasChild(spans, children(restarted)[telemetry.SpanLoad], "files Get") {
		t.Error("the feed after the restart read no chunk file under its load")
	}

	// Host-call events: the feed paused at fetch, the resume answered it.
	first := steps["feed"][0]
	if e := event(first, telemetry.EventHostCall); e == nil || e["amber.function"] != "fetch" {
		t.Errorf("the first feed's host-call event: %v", e)
	}
	answered := false
	for _, r := range steps["resume"] {
		if e := event(r, telemetry.EventHostAnswer); e != nil && e["amber.function"] == "fetch" && e["amber.answer"] == "value" && e["amber.host_ms"] != "" {
			answered = true
		}
	}
	if !answered {
		t.Error("no resume span has fetch's answer event")
	}
	second := steps["feed"][1]
	if e := event(second, telemetry.EventHostCall); e == nil || e["amber.function"] != telemetry.Undeclared {
		t.Errorf("the start-mode feed's host-call event: %v (want the name withheld)", e)
	}

	// The history records the client's trace id for every step.
	for _, h := range history {
		if h.TraceID != client.TraceID().String() {
			t.Errorf("history step %s %s: trace_id %q", h.Op, h.RequestID, h.TraceID)
		}
	}

	// Metrics arrived over OTLP too: one amber.steps point per (op, outcome).
	// (The first server's last export: its three feeds.)
	if n := sumCounter(firstMetrics, telemetry.MetricSteps, "amber.op", "feed"); n != 3 {
		t.Errorf("amber.steps{op=feed} = %d, want 3", n)
	}

	noSecrets(t, spans, rec.Metrics(), logs.String())
}

// tracing is the telemetry of a server exporting to url, with a span
// for every store call.
func tracing(t *testing.T, url string) *telemetry.Provider {
	t.Helper()
	tel, err := telemetry.New(context.Background(), telemetry.Config{Endpoint: url, StoreSpanMin: -1})
	if err != nil {
		t.Fatal(err)
	}
	return tel
}

func hasChild(all []*otlptest.Span, parents []*otlptest.Span, name string) bool {
	for _, p := range parents {
		for _, sp := range all {
			if sp.ParentID == p.SpanID && sp.Name == name && sp.Kind.String() == "SPAN_KIND_CLIENT" {
				return true
			}
		}
	}
	return false
}

func event(sp *otlptest.Span, name string) map[string]string {
	for _, e := range sp.Events {
		if e.Name == name {
			return otlptest.Attrs(e.Attributes)
		}
	}
	return nil
}

// sumCounter is the last exported value of a cumulative counter, summed
// over the points whose attribute key has value.
func sumCounter(ms []*metricspb.Metric, name, key, value string) int64 {
	var last *metricspb.Metric
	for _, m := range ms {
		if m.Name == name {
			last = m
		}
	}
	if last == nil {
		return -1
	}
	var n int64
	for _, dp := range last.GetSum().GetDataPoints() {
		if otlptest.Attrs(dp.Attributes)[key] == value {
			n += dp.GetAsInt()
		}
	}
	return n
}

// noSecrets fails if any secret shows in a span (name, attributes,
// events, status), a metric or the server's log.
func noSecrets(t *testing.T, spans []*otlptest.Span, ms []*metricspb.Metric, logs string) {
	t.Helper()
	var all strings.Builder
	for _, sp := range spans {
		b, _ := json.Marshal(sp.Span) // every field, ids as base64
		all.Write(b)
	}
	for _, m := range ms {
		b, _ := json.Marshal(m)
		all.Write(b)
	}
	all.WriteString(logs)
	text := all.String()
	for _, s := range []string{secretPrinted, secretArg, secretReturned, secretName} {
		if strings.Contains(text, s) || strings.Contains(text, hex.EncodeToString([]byte(s))) {
			t.Errorf("secret %q reached the telemetry or the log", s)
		}
	}
	if len(spans) == 0 {
		t.Error("no spans to check")
	}
}

// TestConnectTraceParent: a WebSocket handshake's traceparent header is
// the parent of the connection's steps whose requests carry none, and a
// request's own traceparent wins over it.
func TestConnectTraceParent(t *testing.T) {
	rec := otlptest.Start(t)
	srv, stop := servetest.Start(t, serve.Options{OTLP: rec.URL()})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	const connTrace = "0af7651916cd43dd8448eb211c80319c"
	const reqTrace = "11111111111111111111111111111111"
	conn, _, err := websocket.Dial(ctx, srv.URL(), &websocket.DialOptions{HTTPHeader: map[string][]string{
		"Traceparent": {"00-" + connTrace + "-b7ad6b7169203331-01"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	send := func(req protocol.Request) *protocol.Reply {
		t.Helper()
		b, _ := json.Marshal(req)
		if err := conn.Write(ctx, websocket.MessageText, b); err != nil {
			t.Fatal(err)
		}
		for {
			_, msg, err := conn.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var r protocol.Reply
			if json.Unmarshal(msg, &r) == nil && r.ID == req.ID && (r.OK || r.Error != nil) {
				return &r
			}
		}
	}
	co := send(protocol.Request{Op: "checkout", ID: "c1"})
	send(protocol.Request{Op: "feed", ID: "f1", Session: co.Session, Code: "1 + 1"})
	send(protocol.Request{Op: "feed", ID: "f2", Session: co.Session, Code: "2 + 2",
		TraceParent: "00-" + reqTrace + "-2222222222222222-01"})
	// A malformed traceparent starts a trace of the server's own.
	send(protocol.Request{Op: "feed", ID: "f3", Session: co.Session, Code: "3", TraceParent: "00-zz-yy-01"})

	// Over HTTP, the request's traceparent header.
	const httpTrace = "33333333333333333333333333333333"
	hreq, _ := http.NewRequestWithContext(ctx, "POST", srv.HTTPURL()+"/v1/feed",
		strings.NewReader(fmt.Sprintf(`{"id":"f4","session":%q,"code":"4"}`, co.Session)))
	hreq.Header.Set("traceparent", "00-"+httpTrace+"-4444444444444444-01")
	resp, err := http.DefaultClient.Do(hreq)
	if err != nil {
		t.Fatal(err)
	}
	var hr protocol.Reply
	if err := json.NewDecoder(resp.Body).Decode(&hr); err != nil || !hr.OK {
		t.Fatalf("HTTP feed: %+v, %v", hr, err)
	}
	resp.Body.Close()
	h := send(protocol.Request{Op: "history", ID: "h1", Session: co.Session})
	stop()

	want := map[string]string{"f1": connTrace, "f2": reqTrace, "f4": httpTrace}
	for _, st := range h.Steps {
		if w, ok := want[st.RequestID]; ok && st.TraceID != w {
			t.Errorf("history %s: trace_id %q, want %q", st.RequestID, st.TraceID, w)
		}
		if st.RequestID == "f3" && (len(st.TraceID) != 32 || st.TraceID == connTrace) {
			t.Errorf("history f3: trace_id %q, want a new trace (the request's own traceparent is malformed, and it is sent instead of the connection's)", st.TraceID)
		}
	}
	traces := map[string]bool{}
	for _, sp := range rec.Spans() {
		if sp.Attrs["amber.op"] == "feed" {
			traces[sp.TraceID] = true
		}
	}
	if !traces[connTrace] || !traces[reqTrace] || !traces[httpTrace] || len(traces) != 4 {
		t.Errorf("feed spans' traces %v: want the connection's, the request's, the HTTP header's and one new", traces)
	}
}
