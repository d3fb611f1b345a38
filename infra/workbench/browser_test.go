package workbench_test

import (
	"encoding/hex"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/infra/workbench"
	"github.com/amber-sandbox/amber/internal/servetest"
	"github.com/chromedp/chromedp"
)

// quota is the storage quota of the browser test's project.
const quota = 1 << 20

var updateScreenshot = flag.Bool("update-screenshot", false, "copy the 1280×800 screenshot to docs/workbench.png")

// TestBrowser drives the Workbench in headless Chromium against amber serve
// (serve.Start on a temporary data dir): the REPL, a host call answered by
// hand, dump and fork, two branches driven apart, history, the snapshots
// table and a delete, and screenshots at desktop and phone widths.
func TestBrowser(t *testing.T) {
	exe := chromium(t)

	srv, _ := servetest.Start(t, serve.Options{
		Static: workbench.Handler(),
		Quota:  quota,
		Logger: testLogger(t),
	})

	browseWorkbench(t, exe, srv.HTTPURL()+"/")
}

// browseWorkbench is the browser scenario, against the Workbench at url.
func browseWorkbench(t *testing.T, exe, url string) {
	b := newBrowser(t, exe, 90*time.Second)
	b.do("opening the Workbench", chromedp.Navigate(url))
	b.wait("the page connects", `document.querySelector("#conn-status").textContent === "connected"`)

	// 1. Feed code (with Ctrl+Enter) and read the printed output and the value.
	b.do("typing code in pane 1",
		chromedp.SetValue(chromedp.CSS(pane(1, ".code")), "print('hello from the workbench')\nx = 40 + 2\nx"),
		chromedp.Focus(chromedp.CSS(pane(1, ".code"))),
		chromedp.KeyEvent("\r", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
	)
	b.wait("the value shows", outputHas(1, ".value", "42"))
	b.wait("the step's stats show", outputHas(1, ".stats", "written"))
	if got := b.text(pane(1, ".print")); got != "hello from the workbench\n" {
		t.Errorf("printed output = %q", got)
	}
	session1 := b.text(pane(1, ".sid"))
	if session1 == "" || session1 == "no session yet" {
		t.Fatalf("pane 1 shows no session id after the first run")
	}

	// 2. A host call, answered by hand.
	b.do("calling a host function",
		chromedp.SetValue(chromedp.CSS(pane(1, ".functions")), "ask"),
		chromedp.SetValue(chromedp.CSS(pane(1, ".code")), "answer = ask('question?', n=2)\nprint('got', answer)\nanswer"),
		chromedp.Click(chromedp.CSS(pane(1, ".run"))),
	)
	b.wait("the call pauses", visible(pane(1, ".pending")))
	if got := b.text(pane(1, ".call")); got != "ask('question?', n=2)" {
		t.Errorf("paused call shows %q, want ask('question?', n=2)", got)
	}
	if got := b.text(pane(1, ".state")); got != "suspended" {
		t.Errorf("state while paused = %q", got)
	}
	b.do("answering with a value",
		chromedp.SetValue(chromedp.CSS(pane(1, ".answer-json")), `"yes"`),
		chromedp.Click(chromedp.CSS(pane(1, ".resume"))),
	)
	b.wait("the answer is used", outputHas(1, ".print", "got yes"))
	b.wait("the value shows", outputHas(1, ".value", "'yes'"))
	b.wait("the pause is gone", `!`+visible(pane(1, ".pending")))

	// An exception answered by hand, and its traceback as text.
	b.do("raising an exception by hand",
		chromedp.SetValue(chromedp.CSS(pane(1, ".code")), "ask('again?')"),
		chromedp.Click(chromedp.CSS(pane(1, ".run"))),
	)
	b.wait("the call pauses", visible(pane(1, ".pending")))
	b.do("choosing an exception",
		chromedp.Click(chromedp.CSS(pane(1, `.answer input[value="error"]`))),
		chromedp.SetValue(chromedp.CSS(pane(1, ".exc-type")), "KeyError"),
		chromedp.SetValue(chromedp.CSS(pane(1, ".exc-message")), "no such question"),
		chromedp.Click(chromedp.CSS(pane(1, ".resume"))),
	)
	b.wait("the traceback shows", outputHas(1, ".traceback", "KeyError"))

	// 3. Dump, copy the id as hex, and fork it into a second pane.
	b.do("dumping", chromedp.Click(chromedp.CSS(pane(1, ".dump"))))
	b.wait("the snapshot id shows", visible(pane(1, ".dumped")))
	snapshot := b.text(pane(1, ".snap-id"))
	if snapshot == "" {
		t.Fatal("dump shows no snapshot id")
	}
	b.do("copying the id", chromedp.Click(chromedp.CSS(pane(1, ".copy-hex"))))
	b.wait("the id is copied", `!!document.querySelector(`+strconv.Quote(pane(1, ".copy-status"))+`).dataset.copied`)
	copied := b.eval(`document.querySelector(` + strconv.Quote(pane(1, ".copy-status")) + `).dataset.copied`)
	if _, err := hex.DecodeString(copied); err != nil || !strings.EqualFold(copied, hexOf(snapshot)) {
		t.Errorf("copied %q for snapshot %q, want its hex", copied, snapshot)
	}
	b.do("forking", chromedp.Click(chromedp.CSS(pane(1, ".fork"))))
	b.wait("pane 2 loads the snapshot", outputHas(2, ".note", "loaded"))
	session2 := b.text(pane(2, ".sid"))
	if session2 == session1 || session2 == "" {
		t.Errorf("fork pane has session %q, pane 1 has %q", session2, session1)
	}

	// 4. Drive the two branches apart.
	feed := func(n int, code string) {
		t.Helper()
		before := b.eval(fmt.Sprintf(`String(document.querySelectorAll(%q).length)`, pane(n, ".output .value")))
		b.do(fmt.Sprintf("feeding pane %d", n),
			chromedp.SetValue(chromedp.CSS(pane(n, ".code")), code),
			chromedp.Click(chromedp.CSS(pane(n, ".run"))))
		b.wait(fmt.Sprintf("pane %d answers", n),
			fmt.Sprintf(`document.querySelectorAll(%q).length > %s`, pane(n, ".output .value"), before))
	}
	lastValue := func(n int) string {
		return b.eval(fmt.Sprintf(`[...document.querySelectorAll(%q)].pop().textContent`, pane(n, ".output .value")))
	}
	// wantValue checks the value pane n showed last; what names it.
	wantValue := func(n int, want, what string) {
		t.Helper()
		if got := lastValue(n); got != want {
			t.Errorf("%s = %s, want %s", what, got, want)
		}
	}
	newPane := func(n int) {
		t.Helper()
		b.do("a new pane", chromedp.Click(chromedp.ID("new-pane")))
		b.wait(fmt.Sprintf("pane %d exists", n), fmt.Sprintf(`!!document.querySelector('[data-pane="%d"]')`, n))
	}
	feed(1, "x = x + 1\nx")
	feed(2, "x = x * 10\nx")
	feed(1, "(x, answer)")
	feed(2, "(x, answer)")
	wantValue(1, "(43, 'yes')", "pane 1 after its branch")
	wantValue(2, "(420, 'yes')", "pane 2 after its branch")

	// 5. History: the steps pane 1 committed, charted.
	b.do("showing pane 1's history", chromedp.Click(chromedp.CSS(pane(1, ".history-btn"))))
	b.wait("the history lists the steps", `document.querySelectorAll("#history-body tr").length >= 5`)
	b.wait("the chart has a bar per step", `document.querySelectorAll("#history-chart svg rect").length === document.querySelectorAll("#history-body tr").length`)
	if ops := b.eval(`[...document.querySelectorAll("#history-body tr td:nth-child(2)")].map(td => td.textContent).join(" ")`); !strings.Contains(ops, "feed") || !strings.Contains(ops, "resume") {
		t.Errorf("history operations %q lack feed and resume", ops)
	}

	// 6. The snapshots table: the dump is listed; delete it and it is gone.
	row := fmt.Sprintf(`#snap-body tr[data-id=%q]`, snapshot)
	// refresh clicks Refresh and waits for the new list.
	refresh := func() {
		t.Helper()
		gen := b.eval(`document.querySelector("#snap-table").dataset.generation || "0"`)
		b.do("refreshing snapshots", chromedp.Click(chromedp.ID("snap-refresh")))
		b.wait("the list is refreshed", `Number(document.querySelector("#snap-table").dataset.generation || 0) > `+gen)
	}
	refresh()
	b.wait("the dump is listed", fmt.Sprintf(`!!document.querySelector(%q)`, row))
	if kind := b.eval(fmt.Sprintf(`document.querySelector(%q).dataset.kind`, row)); kind != "session_dump" {
		t.Errorf("dump listed as %q", kind)
	}
	b.wait("both sessions are listed", fmt.Sprintf(`!!document.querySelector('#snap-body tr[data-id=%q]') && !!document.querySelector('#snap-body tr[data-id=%q]')`, session1, session2))
	filter := func(kind string) {
		b.do("filtering by kind "+kind, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
			`(s => { s.value = %q; s.dispatchEvent(new Event("change")); })(document.querySelector("#snap-filter"))`, kind)))
	}
	filter("session_dump")
	if n := b.eval(`String(document.querySelectorAll("#snap-body tr[data-kind=session]").length)`); n != "0" {
		t.Errorf("filter on dumps still shows %s sessions", n)
	}
	b.do("sorting by stored bytes", chromedp.Click(chromedp.CSS(`#snap-table th[data-key=stored_bytes] button`)))
	if s := b.eval(`document.querySelector("#snap-table th[data-key=stored_bytes]").getAttribute("aria-sort")`); s != "ascending" {
		t.Errorf("aria-sort after sorting = %q", s)
	}
	filter("")
	if n := b.eval(`String(document.querySelectorAll("#snap-body tr").length)`); n != "3" {
		t.Errorf("all kinds: %s rows, want 3 (two sessions and a dump)", n)
	}
	if q := b.text("#quota-text"); !strings.Contains(q, " of 1.0 MB (") {
		t.Errorf("quota text %q, want the use of 1.0 MB", q)
	}
	if v := b.eval(`String(document.querySelector("#quota-meter").value)`); v == "0" {
		t.Error("the quota bar shows nothing used")
	}

	// Screenshots: the two branches side by side; the snapshots and the
	// history; the same page on a phone, where the panes stack.
	shots := artifacts(t)
	scroll := func(js string) {
		b.do("scrolling", chromedp.Evaluate[chromedp.Void](js), chromedp.Sleep(100*time.Millisecond))
	}
	scroll(`window.scrollTo(0, 0)`)
	desktop := b.screenshot(shots, "workbench-1280x800.png", 1280, 800)
	scroll(`document.querySelector("#snapshots-heading").scrollIntoView()`)
	b.screenshot(shots, "workbench-1280x800-snapshots.png", 1280, 800)
	scroll(`window.scrollTo(0, 0)`)
	b.screenshot(shots, "workbench-390x844.png", 390, 844)
	scroll(`document.querySelector("#snapshots-heading").scrollIntoView()`)
	b.screenshot(shots, "workbench-390x844-snapshots.png", 390, 844)
	b.do("back to desktop", chromedp.EmulateViewport(1280, 800))

	// Two clicks: delete, confirm.
	b.clickInPage("deleting the dump", row+" button.delete")
	b.clickInPage("confirming the delete", row+" button.delete")
	b.wait("the dump disappears from the table", fmt.Sprintf(`!document.querySelector(%q)`, row))
	b.wait("the status says so", `document.querySelector("#snap-status").textContent.startsWith("deleted")`)
	refresh()
	if b.eval(fmt.Sprintf(`String(!!document.querySelector(%q))`, row)) != "false" {
		t.Error("the deleted dump is back after a refresh")
	}

	// 7. Load a pasted id: pane 1's session, into a third pane.
	b.do("loading pane 1's session by id",
		chromedp.SetValue(chromedp.ID("load-id"), session1),
		chromedp.Click(chromedp.ID("load")))
	b.wait("pane 3 loads it", outputHas(3, ".note", "loaded"))
	feed(3, "x")
	wantValue(3, "43", "x in pane 3, loaded from pane 1's session")

	// 8. Messages over 128 KB arrive in parts and are put back together.
	feed(3, "s = 'ab' * 100000\nprint(s)\nlen(s)")
	wantValue(3, "200000", "len(s)")
	if n := b.eval(fmt.Sprintf(`String([...document.querySelectorAll(%q)].pop().textContent.length)`, pane(3, ".output .print"))); n != "200001" {
		t.Errorf("printed %s characters, want 200001", n)
	}

	// A request over 32 KB cannot go in one browser frame: refused in the
	// page, and the connection stays up.
	b.do("feeding 40 KB of code",
		chromedp.SetValue(chromedp.CSS(pane(3, ".code")), "x = 1  # "+strings.Repeat("a", 40_000)),
		chromedp.Click(chromedp.CSS(pane(3, ".run"))))
	b.wait("the request is refused", outputHas(3, ".error-kind", "too_large"))
	if got := b.text("#conn-status"); got != "connected" {
		t.Errorf("after a refused request the status is %q", got)
	}
	feed(3, "x")
	wantValue(3, "43", "x after the refused request")

	// 9. An ephemeral session cannot be dumped; a name lookup answered by hand.
	newPane(4)
	b.do("an ephemeral checkout",
		chromedp.Click(chromedp.CSS(pane(4, ".ephemeral"))),
		chromedp.Click(chromedp.CSS(pane(4, ".checkout"))))
	b.wait("pane 4 has a session", outputHas(4, ".note", "(ephemeral)"))
	b.do("dumping it", chromedp.Click(chromedp.CSS(pane(4, ".dump"))))
	b.wait("the dump is refused", outputHas(4, ".error-kind", "ephemeral"))
	if msg := b.text(pane(4, ".traceback")); !strings.Contains(msg, "this session is ephemeral, so it cannot be dumped") {
		t.Errorf("ephemeral dump error: %q", msg)
	}
	b.do("reading an undefined name",
		chromedp.Click(chromedp.CSS(pane(4, ".lookup"))),
		chromedp.SetValue(chromedp.CSS(pane(4, ".code")), "y + 1"),
		chromedp.Click(chromedp.CSS(pane(4, ".run"))))
	b.wait("the lookup pauses", visible(pane(4, ".pending")))
	if got := b.text(pane(4, ".call")); got != "y" {
		t.Errorf("name lookup shows %q, want y", got)
	}
	b.do("answering 41",
		chromedp.SetValue(chromedp.CSS(pane(4, ".answer-json")), "41"),
		chromedp.Click(chromedp.CSS(pane(4, ".resume"))))
	b.wait("y + 1 is 42", outputHas(4, ".value", "42"))
	refresh()
	// The sessions of panes 1, 2 and 3; not the deleted dump, not pane 4's
	// ephemeral session.
	b.wait("the table lists three sessions", `document.querySelectorAll("#snap-body tr[data-kind=session]").length === 3 && document.querySelectorAll("#snap-body tr").length === 3`)

	// 10. "Continue" in the table loads pane 2's session into a new pane.
	b.clickInPage("continuing pane 2's session", fmt.Sprintf(`#snap-body tr[data-id=%q] button.continue`, session2))
	b.wait("pane 5 loads it", outputHas(5, ".note", "loaded"))
	feed(5, "x")
	wantValue(5, "420", "x in pane 5, continued from pane 2's session")

	// 11. Fork a paused session: the dump is a suspended snapshot, the fork
	// pauses at the same call, and each branch answers it differently.
	newPane(6)
	b.do("pausing pane 6 at a host call",
		chromedp.SetValue(chromedp.CSS(pane(6, ".functions")), "ask"),
		chromedp.SetValue(chromedp.CSS(pane(6, ".code")), "a = ask('first?')\na"),
		chromedp.Click(chromedp.CSS(pane(6, ".run"))))
	b.wait("pane 6 pauses", visible(pane(6, ".pending")))
	b.do("dumping the paused session", chromedp.Click(chromedp.CSS(pane(6, ".dump"))))
	b.wait("a suspended snapshot", outputHas(6, ".note", "(suspended snapshot)"))
	b.do("forking it", chromedp.Click(chromedp.CSS(pane(6, ".fork"))))
	b.wait("pane 7 pauses at the same call", visible(pane(7, ".pending")))
	if got := b.text(pane(7, ".call")); got != "ask('first?')" {
		t.Errorf("the fork of a paused session shows %q, want ask('first?')", got)
	}
	for n, answer := range map[int]string{6: `"one"`, 7: `"two"`} {
		b.do(fmt.Sprintf("answering pane %d", n),
			chromedp.SetValue(chromedp.CSS(pane(n, ".answer-json")), answer),
			chromedp.Click(chromedp.CSS(pane(n, ".resume"))))
	}
	b.wait("pane 6 got its answer", outputHas(6, ".value", "'one'"))
	b.wait("pane 7 got its answer", outputHas(7, ".value", "'two'"))

	// Close a session: the pane lets go of it.
	b.do("closing pane 6's session", chromedp.Click(chromedp.CSS(pane(6, ".close-session"))))
	b.wait("the session is closed", outputHas(6, ".note", "closed "))
	if got := b.text(pane(6, ".sid")); got != "no session yet" {
		t.Errorf("after close the pane shows session %q", got)
	}

	// 12. Volumes: the panel, a pane that mounts one, upload, download, delete.
	browseVolumes(t, b, 8)

	if errs := b.jsErrors(); len(errs) > 0 {
		t.Errorf("the page threw: %s", strings.Join(errs, "\n"))
	}
	if *updateScreenshot {
		png, err := os.ReadFile(desktop)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "..", "docs", "workbench.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// testLogger sends the server's log lines to the test's log.
func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, nil))
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log("serve: " + strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// outputHas is a JavaScript expression: some element matching sel in pane
// n's output contains text.
func outputHas(n int, sel, text string) string {
	return fmt.Sprintf(`[...document.querySelectorAll(%q)].some(e => e.textContent.includes(%q))`, pane(n, ".output "+sel), text)
}

// visible is a JavaScript expression: the element matching sel is shown.
func visible(sel string) string {
	return fmt.Sprintf(`(e => !!e && !e.hidden && e.offsetParent !== null)(document.querySelector(%q))`, sel)
}

var hexID = regexp.MustCompile(`^[0-9a-fA-F]+$`)

// hexOf is what the page copies for an id: the id if it is hex, else the
// hex of its bytes.
func hexOf(id string) string {
	if hexID.MatchString(id) {
		return strings.ToLower(id)
	}
	return hex.EncodeToString([]byte(id))
}

// TestBrowserKeyAndReconnect: with API keys, the page connects only once a
// key is entered (sent as api_key, kept in sessionStorage across a reload),
// and after the gateway closes an idle connection the next run reconnects
// and continues the same durable session.
func TestBrowserKeyAndReconnect(t *testing.T) {
	exe := chromium(t)

	srv, _ := servetest.Start(t, serve.Options{
		Keys:        map[string]string{"key-alpha": "alpha"},
		IdleTimeout: 1500 * time.Millisecond,
		// A step gets 1 s minus a 0.85 s margin: longer feeds answer
		// "running" and the page continues them.
		IntegrationTimeout: time.Second,
		StepMargin:         850 * time.Millisecond,
		Static:             workbench.Handler(),
		Logger:             testLogger(t),
	})

	b := newBrowser(t, exe, 50*time.Second)
	b.do("opening the Workbench", chromedp.Navigate(srv.HTTPURL()+"/"))
	b.wait("a keyless connection is refused", `document.querySelector("#conn-status").textContent.startsWith("cannot connect")`)

	b.do("entering the key",
		chromedp.SetValue(chromedp.ID("api-key"), "key-alpha"),
		chromedp.Click(chromedp.ID("connect")))
	b.wait("the page connects", `document.querySelector("#conn-status").textContent === "connected"`)
	if got := b.eval(`sessionStorage.getItem("amber.key")`); got != "key-alpha" {
		t.Errorf("sessionStorage holds key %q", got)
	}

	run := func(code, want string) {
		t.Helper()
		before := b.eval(fmt.Sprintf(`String(document.querySelectorAll(%q).length)`, pane(1, ".output .value")))
		b.do("running "+code,
			chromedp.SetValue(chromedp.CSS(pane(1, ".code")), code),
			chromedp.Click(chromedp.CSS(pane(1, ".run"))))
		b.wait("the value of "+code, fmt.Sprintf(`document.querySelectorAll(%q).length > %s`, pane(1, ".output .value"), before))
		if got := b.eval(fmt.Sprintf(`[...document.querySelectorAll(%q)].pop().textContent`, pane(1, ".output .value"))); got != want {
			t.Errorf("%s = %s, want %s", code, got, want)
		}
	}
	run("x = 1\nx", "1")
	b.do("an ephemeral session in pane 2",
		chromedp.Click(chromedp.ID("new-pane")),
		chromedp.Click(chromedp.CSS(pane(2, ".ephemeral"))),
		chromedp.Click(chromedp.CSS(pane(2, ".checkout"))))
	b.wait("pane 2 has it", outputHas(2, ".note", "(ephemeral)"))
	b.wait("the idle connection is closed", `document.querySelector("#conn-status").textContent.startsWith("disconnected")`)
	b.wait("pane 2 lets its ephemeral session go", outputHas(2, ".note", "is gone"))
	if got := b.text(pane(2, ".sid")); got != "no session yet" {
		t.Errorf("pane 2 still shows session %q after its connection closed", got)
	}
	run("x + 1", "2")
	if got := b.text("#conn-status"); got != "connected" {
		t.Errorf("after the run the status is %q", got)
	}

	// A feed longer than one step runs in slices: running, continue, ...
	slices := b.eval(`String(window.amberWorkbench.client.seq)`)
	// About 0.5 s of work (longLoop additions), in slices of 0.15 s.
	run(fmt.Sprintf("n = 0\nfor i in range(%d):\n    n += i\nn", longLoop), strconv.Itoa(longLoop*(longLoop-1)/2))
	requests, _ := strconv.Atoi(b.eval(`String(window.amberWorkbench.client.seq)`))
	before, _ := strconv.Atoi(slices)
	t.Logf("the long feed took %d requests", requests-before)
	if requests-before < 2 {
		t.Errorf("the long feed took %d request(s); want a feed and at least one continue", requests-before)
	}

	b.do("reloading the page", chromedp.Reload())
	b.wait("the page connects with the stored key", `document.querySelector("#conn-status").textContent === "connected"`)
	if got := b.eval(`document.querySelector("#api-key").value`); got != "key-alpha" {
		t.Errorf("the key field after a reload holds %q", got)
	}
	// The keyless connection's failed handshake is the one error expected.
	if errs := b.jsErrors("HTTP Authentication failed"); len(errs) > 0 {
		t.Errorf("the page threw: %s", strings.Join(errs, "\n"))
	}
}
