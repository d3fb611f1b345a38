package workbench_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromium finds Debian's Chromium. Locally a missing browser skips the
// browser tests, loudly; in CI (CI=true) it fails them.
func chromium(t *testing.T) string {
	t.Helper()
	candidates := []string{os.Getenv("AMBER_CHROMIUM"), "/usr/bin/chromium"}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			candidates = append(candidates, p)
		}
	}
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if fi, err := os.Stat(c); err == nil && !fi.IsDir() {
			return c
		}
	}
	msg := "Chromium is not installed (apt-get install -y chromium, or set AMBER_CHROMIUM)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + "; CI needs it for the Workbench browser test")
	}
	t.Skip("\n\n*** SKIPPED: " + msg + ": the Workbench browser test did not run ***\n")
	return ""
}

// browser is one headless Chromium with a fresh profile, and a tab in it.
type browser struct {
	t   *testing.T
	ctx context.Context

	mu     sync.Mutex
	errors []string
}

// newBrowser starts Chromium with a 1280×800 viewport. It is stopped when
// the test ends, or when timeout has passed.
func newBrowser(t *testing.T, exe string, timeout time.Duration) *browser {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 800),
	}
	ctx, cancelTimeout := context.WithTimeout(context.Background(), timeout)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	done := make(chan struct{})
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
		cancelTimeout()
		<-done
	})
	b := &browser{t: t, ctx: bctx}
	if err := chromedp.Do(bctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		close(done)
		t.Fatalf("starting Chromium: %v", err)
	}
	messages := chromedp.Console(bctx)
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.IsException() || m.Type == chromedp.ConsoleError {
				b.mu.Lock()
				b.errors = append(b.errors, m.String())
				b.mu.Unlock()
			}
			t.Logf("browser console: %s", m)
		}
	}()
	return b
}

// do runs actions, failing the test with what if they fail.
func (b *browser) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 20*time.Second)
	defer cancel()
	start := time.Now()
	defer func() {
		if d := time.Since(start); d > time.Second {
			b.t.Logf("%s took %v", what, d.Round(time.Millisecond))
		}
	}()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v%s", what, err, b.pageState())
	}
}

// wait polls a JavaScript expression until it is truthy.
func (b *browser) wait(what, expr string) {
	b.t.Helper()
	start := time.Now()
	defer func() {
		if d := time.Since(start); d > time.Second {
			b.t.Logf("waited %v until %s", d.Round(time.Millisecond), what)
		}
	}()
	_, err := chromedp.Run(b.ctx, chromedp.Poll[chromedp.Void](expr,
		chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(50*time.Millisecond)))
	if err != nil {
		b.t.Fatalf("waiting until %s (%s): %v%s", what, expr, err, b.pageState())
	}
}

// clickInPage clicks the first element that matches sel from inside the
// page, finding and clicking it in one evaluation, polled until it exists.
// chromedp.Click resolves a node first and clicks it in a second message,
// so a list the page re-renders in between (the snapshot table refreshes
// itself after steps) fails it with "Could not find node with given id".
func (b *browser) clickInPage(what, sel string) {
	b.t.Helper()
	b.wait(what, fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false; el.click(); return true })()`, sel))
}

// eval evaluates a JavaScript expression to a string.
func (b *browser) eval(expr string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v%s", expr, err, b.pageState())
	}
	return s
}

// text returns the textContent of the first element that matches sel.
func (b *browser) text(sel string) string {
	b.t.Helper()
	return b.eval(fmt.Sprintf(`(document.querySelector(%q)||{}).textContent||""`, sel))
}

// pageState describes the page for a failure message: the connection
// status and every pane's output.
func (b *browser) pageState() string {
	ctx, cancel := context.WithTimeout(b.ctx, 2*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`"\nconnection: " + document.querySelector("#conn-status").textContent +
		[...document.querySelectorAll(".pane")].map(p => "\npane " + p.dataset.pane + " [" + p.querySelector(".state").textContent + "]:\n" + p.querySelector(".output").innerText).join("")`))
	return s
}

// jsErrors returns the uncaught exceptions the page threw and the errors
// the console showed, but for those that contain one of expected.
func (b *browser) jsErrors(expected ...string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var errs []string
next:
	for _, e := range b.errors {
		for _, x := range expected {
			if strings.Contains(e, x) {
				continue next
			}
		}
		errs = append(errs, e)
	}
	return errs
}

// screenshot saves the viewport at width×height (as a phone below 700 px),
// where it is scrolled to, as name in dir and returns its path.
func (b *browser) screenshot(dir, name string, width, height int64) string {
	b.t.Helper()
	emulate := chromedp.EmulateViewport(width, height)
	if width < 700 {
		emulate = chromedp.EmulateViewport(width, height, chromedp.EmulateMobile, chromedp.EmulateScale(1))
	}
	b.do("sizing for "+name, emulate, chromedp.Sleep(300*time.Millisecond)) // let the layout settle
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", name, err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot %s (%d bytes)", path, len(png))
	return path
}

// artifacts is where screenshots go: $AMBER_ARTIFACTS, or a temporary
// directory of the test.
func artifacts(t *testing.T) string {
	dir := os.Getenv("AMBER_ARTIFACTS")
	if dir == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// pane is a CSS selector for sel inside pane n.
func pane(n int, sel string) string { return fmt.Sprintf(`[data-pane="%d"] %s`, n, sel) }
