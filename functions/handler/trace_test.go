package handler_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/amber-sandbox/amber/functions/handler"
	"github.com/amber-sandbox/amber/functions/protocol"
)

type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Split(strings.TrimSpace(l.b.String()), "\n")
}

// TestLambdaEMF builds the Lambda function's telemetry and engine from
// the environment as lambdamain does (no OTLP endpoint: EMF only), runs
// HTTP API events, and parses the JSON log: one CloudWatch EMF line per
// step, with the step's operation, outcome and numbers, and never the
// printed text. AMBER_EMF=off has no lines.
func TestLambdaEMF(t *testing.T) {
	const secret = "sk-lambda-4e77"
	for _, k := range []string{"OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT", handler.EnvAPIKeys} {
		t.Setenv(k, "")
	}
	run := func(emf string) []string {
		t.Setenv(handler.EnvEMF, emf)
		t.Setenv(handler.EnvDataDir, t.TempDir())
		var logs logBuffer
		log := slog.New(slog.NewJSONHandler(&logs, nil))
		ctx := context.Background()
		tel, err := handler.TelemetryFromEnv(ctx, log)
		if err != nil {
			t.Fatal(err)
		}
		e, err := handler.EngineFromEnvTraced(ctx, tel)
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		h := &handler.HTTP{Engine: e, OpenProject: handler.DefaultProject, Log: log}
		post := func(op, body string) *protocol.Reply {
			resp, err := h.Handle(ctx, httpEvent("POST", "/v1/"+op, "", body))
			if err != nil {
				t.Fatal(err)
			}
			var r protocol.Reply
			if err := json.Unmarshal([]byte(resp.Body), &r); err != nil {
				t.Fatal(err)
			}
			return &r
		}
		if _, err := e.EnsureProject(ctx, handler.DefaultProject); err != nil {
			t.Fatal(err)
		}
		s := post("checkout", `{"id":"c1"}`).Session
		if r := post("feed", fmt.Sprintf(`{"id":"f1","session":%q,"code":"print('%s')\n6 * 7"}`, s, secret)); r.Repr != "42" {
			t.Fatalf("feed: %+v", r)
		}
		// As lambdamain does after each invocation: the EMF lines are
		// written by telemetry's worker, which Flush drains.
		if err := tel.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		return logs.lines()
	}

	var emfs []map[string]any
	for _, line := range run("") {
		if strings.Contains(line, secret) {
			t.Errorf("the printed secret is in the log: %s", line)
		}
		var l map[string]any
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("log line is not JSON: %q", line)
		}
		if _, ok := l["_aws"]; ok {
			emfs = append(emfs, l)
		}
	}
	if len(emfs) != 2 {
		t.Fatalf("%d EMF lines, want 2 (checkout, feed)", len(emfs))
	}
	feed := emfs[1]
	aws := feed["_aws"].(map[string]any)
	dirs := aws["CloudWatchMetrics"].([]any)
	first := dirs[0].(map[string]any)
	if _, ok := aws["Timestamp"].(float64); !ok || first["Namespace"] != "Amber" || len(first["Dimensions"].([]any)) == 0 || len(first["Metrics"].([]any)) == 0 {
		t.Errorf("EMF metadata %v", aws)
	}
	if feed["Operation"] != "feed" || feed["Outcome"] != "complete" || feed["Load"] != "cold" || feed["Steps"] != 1.0 {
		t.Errorf("feed EMF line %v", feed)
	}
	if n, _ := feed["BytesWritten"].(float64); n <= 0 {
		t.Errorf("BytesWritten %v", feed["BytesWritten"])
	}

	for _, line := range run("off") {
		if strings.Contains(line, `"_aws"`) {
			t.Errorf("AMBER_EMF=off, but: %s", line)
		}
	}
	t.Setenv(handler.EnvEMF, "maybe")
	if _, err := handler.TelemetryFromEnv(context.Background(), slog.Default()); err == nil {
		t.Error("AMBER_EMF=maybe accepted")
	}
}
