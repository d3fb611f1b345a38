package workbench_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/infra/workbench"
	"github.com/amber-sandbox/amber/internal/servetest"
	"github.com/amber-sandbox/amber/sdk"
	"github.com/chromedp/chromedp"
)

// TestBrowserUsage: the Usage panel shows the project's steps and CPU
// time per day as charts and today's against the daily caps as bars, the
// numbers the server's usage operation gives; the step past the cap is
// refused in the pane with quota; and a history step's trace id is shown
// and linked through the trace URL template.
func TestBrowserUsage(t *testing.T) {
	exe := chromium(t)
	const stepCap = 6
	srv, _ := servetest.Start(t, serve.Options{
		Keys:            map[string]string{"key-u": "u"},
		ProjectCeilings: map[string]engine.Ceilings{"u": {MaxStepsPerDay: stepCap, MaxCPUSecondsPerDay: 100}},
		Static:          workbench.Handler(),
		Logger:          testLogger(t),
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pool, err := sdk.Dial(ctx, srv.URL(), sdk.WithAPIKey("key-u"))
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()

	b := newBrowser(t, exe, 60*time.Second)
	b.do("opening the Workbench", chromedp.Navigate(srv.HTTPURL()+"/"))
	b.do("entering the key",
		chromedp.SetValue(chromedp.ID("api-key"), "key-u"),
		chromedp.Click(chromedp.ID("connect")))
	b.wait("the page connects", `document.querySelector("#conn-status").textContent === "connected"`)

	feed := func(code string) {
		t.Helper()
		before := b.eval(fmt.Sprintf(`String(document.querySelectorAll(%q).length)`, pane(1, ".output .value, .output .error")))
		b.do("running "+code,
			chromedp.SetValue(chromedp.CSS(pane(1, ".code")), code),
			chromedp.Click(chromedp.CSS(pane(1, ".run"))))
		b.wait("the answer to "+code, fmt.Sprintf(`document.querySelectorAll(%q).length > %s`, pane(1, ".output .value, .output .error"), before))
	}
	refresh := func() {
		t.Helper()
		gen := b.eval(`document.querySelector("section.usage").dataset.generation || "0"`)
		b.do("refreshing usage", chromedp.Click(chromedp.ID("usage-refresh")))
		b.wait("the usage is refreshed", `Number(document.querySelector("section.usage").dataset.generation || 0) > `+gen)
	}
	// check compares the panel with what the server says now.
	check := func(steps int64) {
		t.Helper()
		refresh()
		u, err := pool.Usage(ctx, 14)
		if err != nil {
			t.Fatal(err)
		}
		today := u.Days[len(u.Days)-1]
		if today.Steps != steps {
			t.Fatalf("the server counts %d steps, want %d", today.Steps, steps)
		}
		if got, want := b.text("#usage-steps-text"), fmt.Sprintf("%d of %d steps (", steps, stepCap); !strings.HasPrefix(got, want) {
			t.Errorf("steps bar text %q, want it to start %q", got, want)
		}
		if v := b.eval(`String(document.querySelector("#usage-steps-meter").value) + "/" + document.querySelector("#usage-steps-meter").max`); v != fmt.Sprintf("%d/%d", steps, stepCap) {
			t.Errorf("steps bar at %s, want %d/%d", v, steps, stepCap)
		}
		bars := b.eval(`[...document.querySelectorAll("#usage-steps-chart rect")].map(r => r.dataset.day + "=" + r.dataset.value).join(" ")`)
		if n := len(strings.Fields(bars)); n != 14 || !strings.HasSuffix(bars, today.Day+"="+strconv.FormatInt(steps, 10)) {
			t.Errorf("steps chart bars %q: want 14, today's (%s) at %d", bars, today.Day, steps)
		}
		cpu := b.eval(`[...document.querySelectorAll("#usage-cpu-chart rect")].pop().dataset.value`)
		if got, err := strconv.ParseFloat(cpu, 64); err != nil || got != today.CPUMs || got <= 0 {
			t.Errorf("today's CPU bar %q, the server says %v ms", cpu, today.CPUMs)
		}
		if got := b.text("#usage-cpu-text"); !strings.HasSuffix(got, "of 100.00 s ("+strings.TrimSuffix(strings.Split(got, "(")[1], ")")+")") {
			t.Errorf("CPU bar text %q", got)
		}
	}

	feed("x = sum(range(100000))")
	feed("x += 1")
	feed("x")
	check(3)
	for range stepCap - 3 {
		feed("x += 1")
	}
	check(stepCap)
	feed("x += 1000")
	b.wait("the step past the cap is refused", outputHas(1, ".error-kind", "quota"))
	if msg := b.text(pane(1, ".output .error:last-child .traceback")); !strings.Contains(msg, fmt.Sprintf("%d steps of today", stepCap)) {
		t.Errorf("the refusal says %q", msg)
	}
	check(stepCap)
	if over := b.eval(`String(document.querySelector("#usage-steps-meter").classList.contains("over"))`); over != "true" {
		t.Error("the steps bar at its cap is not marked")
	}
	shots := artifacts(t)
	b.do("scrolling to usage", chromedp.Evaluate[chromedp.Void](`document.querySelector("#usage-heading").scrollIntoView()`), chromedp.Sleep(100*time.Millisecond))
	b.screenshot(shots, "workbench-1280x800-usage.png", 1280, 800)

	// History steps with a trace id show it, linked by the template; a
	// trace id that is not 32 hex digits, or a template that is not http(s),
	// shows no link.
	const trace = "4bf92f3577b34da6a3ce929d0e0e4736"
	b.do("history steps with trace ids", chromedp.Evaluate[chromedp.Void](`window.amberWorkbench.renderHistory([
		{version: 1, op: "feed", request_id: "r1", duration_us: 5, dirty_pages: 1, requests: 1, bytes_written: 10, trace_id: "`+trace+`"},
		{version: 2, op: "feed", request_id: "r2", duration_us: 5, dirty_pages: 1, requests: 1, bytes_written: 10, trace_id: "javascript:alert(1)"},
		{version: 3, op: "feed", request_id: "r3", duration_us: 5, dirty_pages: 1, requests: 1, bytes_written: 10}])`))
	if got := b.eval(`[...document.querySelectorAll("#history-body td.trace")].map(td => td.textContent).join("|")`); got != trace+"Copy||" {
		t.Errorf("trace cells %q", got)
	}
	setTemplate := func(tmpl string) {
		b.do("setting the trace URL template", chromedp.SetValue(chromedp.ID("trace-url"), tmpl),
			chromedp.Evaluate[chromedp.Void](`document.querySelector("#trace-url").dispatchEvent(new Event("change"))`))
	}
	setTemplate("https://traces.example/trace/{trace_id}?env=dev")
	if href := b.eval(`(a => a ? a.href : "none")(document.querySelector("#history-body a.trace-link"))`); href != "https://traces.example/trace/"+trace+"?env=dev" {
		t.Errorf("trace link %q", href)
	}
	if got := b.eval(`localStorage.getItem("amber.traceURL")`); got != "https://traces.example/trace/{trace_id}?env=dev" {
		t.Errorf("the template is kept as %q", got)
	}
	setTemplate("javascript:alert('{trace_id}')")
	if n := b.eval(`String(document.querySelectorAll("#history-body a").length)`); n != "0" {
		t.Errorf("a javascript: template made %s links", n)
	}
	b.do("copying the trace id", chromedp.Click(chromedp.CSS("#history-body button.copy-trace")))
	b.wait("the id is copied", `document.querySelector("#history-body .copy-status").dataset.copied === "`+trace+`"`)
	// The keyless connection's failed handshake is the one error expected.
	if errs := b.jsErrors("HTTP Authentication failed"); len(errs) > 0 {
		t.Errorf("the page threw: %s", strings.Join(errs, "\n"))
	}
}
