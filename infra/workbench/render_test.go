package workbench_test

import (
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/infra/workbench"
	"github.com/chromedp/chromedp"
)

// openStaticPage opens the Workbench's page, served without amber serve
// behind it, in headless Chromium.
func openStaticPage(t *testing.T) *browser {
	t.Helper()
	exe := chromium(t)
	srv := httptest.NewServer(workbench.Handler())
	t.Cleanup(srv.Close)
	b := newBrowser(t, exe, time.Minute)
	b.do("opening the page", chromedp.Navigate(srv.URL+"/"))
	return b
}

// The page shows values of the wire encoding (functions/protocol/value.go)
// as Python's repr would, in a real browser.
func TestValuesShowAsPython(t *testing.T) {
	b := openStaticPage(t)
	b.wait("the script runs", `typeof window.amberPy === "function"`)

	tests := []struct{ json, repr string }{
		{`null`, `None`},
		{`true`, `True`},
		{`42`, `42`},
		{`-7`, `-7`},
		{`1.0`, `1.0`},
		{`2.5`, `2.5`},
		{`1e-7`, `1e-07`},
		{`{"$int": "123456789012345678901234567890"}`, `123456789012345678901234567890`},
		{`{"$float": "nan"}`, `nan`},
		{`{"$float": "-inf"}`, `-inf`},
		{`"it's"`, `"it's"`},
		{`"a\nb\\"`, `'a\nb\\'`},
		{`{"$bytes": "aGk="}`, `b'hi'`},
		{`{"$bytes": "AP8="}`, `b'\x00\xff'`},
		{`[1, "a", null]`, `[1, 'a', None]`},
		{`{"$tuple": []}`, `()`},
		{`{"$tuple": [1]}`, `(1,)`},
		{`{"$tuple": [1, 2]}`, `(1, 2)`},
		{`{"$set": []}`, `set()`},
		{`{"$set": [1, 2]}`, `{1, 2}`},
		{`{"$frozenset": [3]}`, `frozenset({3})`},
		{`{"a": 1, "b": [true]}`, `{'a': 1, 'b': [True]}`},
		{`{"$dict": [[1, "x"], [{"$tuple": [2, 3]}, null]]}`, `{1: 'x', (2, 3): None}`},
		{`{"$exception": {"type": "KeyError", "message": "k"}}`, `KeyError('k')`},
		{`{"$host": 3}`, `<host object 3>`},
		{`{"$repr": "<function f at 0x1>", "$type": "function"}`, `<function f at 0x1>`},
	}
	for _, tt := range tests {
		if got := b.eval(`amberPy(` + strconv.Quote(tt.json) + `)`); got != tt.repr {
			t.Errorf("%s shows as %s, want %s", tt.json, got, tt.repr)
		}
	}

	// A value typed by hand goes on the wire as typed: a big int keeps its
	// digits, which a round trip through JavaScript numbers would lose.
	got := b.eval(`amberEncode({op: "resume", id: "r1", return_value: "[12345678901234567890, 1.50, \"@@raw-x-0@@\"]"}, "return_value")`)
	want := `{"op":"resume","id":"r1","return_value":[12345678901234567890, 1.50, "@@raw-x-0@@"]}`
	if got != want {
		t.Errorf("encoded request\n got %s\nwant %s", got, want)
	}
	// The page alone has no WebSocket endpoint behind it.
	if errs := b.jsErrors("WebSocket connection to"); len(errs) > 0 {
		t.Errorf("the page threw: %v", errs)
	}
}

// Every control has an accessible name, the output is a live region, and
// Ctrl+Enter is announced; focus is visible.
func TestPageIsAccessible(t *testing.T) {
	b := openStaticPage(t)
	b.wait("a pane is there", `!!document.querySelector('[data-pane="1"]')`)

	unnamed := b.eval(`[...document.querySelectorAll("input, textarea, select, button")]
		.filter(e => !e.closest("template"))
		.filter(e => !(e.labels && e.labels.length) && !e.getAttribute("aria-label") && !e.textContent.trim())
		.map(e => e.outerHTML.slice(0, 80)).join("\n")`)
	if unnamed != "" {
		t.Errorf("controls without a name:\n%s", unnamed)
	}
	checks := []struct{ what, expr string }{
		{"output is a polite live log", `(o => o.getAttribute("role") === "log" && o.getAttribute("aria-live") === "polite")(document.querySelector('[data-pane="1"] .output'))`},
		{"connection status is a status region", `document.querySelector("#conn-status").getAttribute("role") === "status"`},
		{"the code field announces Ctrl+Enter", `document.querySelector('[data-pane="1"] .code').getAttribute("aria-keyshortcuts") === "Control+Enter"`},
		{"panes are labelled by their titles", `document.getElementById(document.querySelector('[data-pane="1"]').getAttribute("aria-labelledby")).textContent === "Pane 1"`},
		{"sortable headers say how they sort", `document.querySelectorAll("#snap-table th[aria-sort]").length === 6`},
	}
	for _, c := range checks {
		if b.eval(`String(!!(`+c.expr+`))`) != "true" {
			t.Errorf("%s: no", c.what)
		}
	}

	// Tab order inside a pane follows the reading order: code, host
	// functions, lookup, Run.
	b.do("focusing the code", chromedp.Focus(chromedp.CSS(`[data-pane="1"] .code`)))
	var order []string
	for range 3 {
		b.do("tab", chromedp.KeyEvent("\t"))
		order = append(order, b.eval(`document.activeElement.className`))
	}
	if want := []string{"functions", "lookup", "run primary"}; strings.Join(order, ",") != strings.Join(want, ",") {
		t.Errorf("tab order after the code: %v, want %v", order, want)
	}
	if o := b.eval(`(s => s.outlineStyle + " " + s.outlineWidth)(getComputedStyle(document.activeElement))`); !strings.HasPrefix(o, "solid 3px") {
		t.Errorf("the focused Run button's outline is %q, want a visible 3px one", o)
	}
}
