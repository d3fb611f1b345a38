package workbench_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// uploadedFile is the file the volume scenario uploads from the page:
// 40 KB of bytes that are not text, so that a download that decodes or
// re-encodes them shows, and more than one browser frame holds (32 KB), so
// the client sends it in pieces.
func uploadedFile() []byte {
	b := []byte("uploaded from the page \x00\xff\xfe\n")
	for i := len(b); i < 40_000; i++ {
		b = append(b, byte(i*7+i/256))
	}
	return b
}

// browseVolumes is the volume scenario, on the page b shows, in pane n (a
// new one): a file Python writes in a pane checked out with a volume is
// listed in the Volumes panel; a file uploaded from the page is read by
// Python; downloaded, it has its bytes; deleted, it is gone for both.
func browseVolumes(t *testing.T, b *browser, n int) {
	t.Helper()
	b.do("a new pane", chromedp.Click(chromedp.ID("new-pane")))
	b.wait(fmt.Sprintf("pane %d exists", n), fmt.Sprintf(`!!document.querySelector('[data-pane="%d"]')`, n))
	b.do("checking out with the volume notes at /data",
		chromedp.SetValue(chromedp.CSS(pane(n, ".volumes")), "/data=notes"),
		chromedp.Click(chromedp.CSS(pane(n, ".checkout"))))
	b.wait("the pane has a session with the volume", outputHas(n, ".note", "with volumes /data → notes"))
	if b.eval(fmt.Sprintf(`String(document.querySelector(%q).disabled && !(%s))`, pane(n, ".volumes"), visible(pane(n, ".volumes-opt")))) != "true" {
		t.Error("the volumes option is still offered after the checkout")
	}

	feed := func(code string) string {
		t.Helper()
		before := b.eval(fmt.Sprintf(`String(document.querySelectorAll(%q).length)`, pane(n, ".output .value")))
		gen := b.eval(`document.querySelector("#vol-table").dataset.generation || "0"`)
		b.do("feeding "+code,
			chromedp.SetValue(chromedp.CSS(pane(n, ".code")), code),
			chromedp.Click(chromedp.CSS(pane(n, ".run"))))
		b.wait("pane answers "+code,
			fmt.Sprintf(`document.querySelectorAll(%q).length > %s`, pane(n, ".output .value"), before))
		// A step of a pane that mounts a volume refreshes the panel soon
		// after: let it, so that it does not redraw under the next click.
		b.wait("the panel refreshes after the step", `Number(document.querySelector("#vol-table").dataset.generation || 0) > `+gen)
		return b.eval(fmt.Sprintf(`[...document.querySelectorAll(%q)].pop().textContent`, pane(n, ".output .value")))
	}
	if got := feed("open('/data/notes.txt','w').write('hi')"); got != "2" {
		t.Errorf("write returned %s, want 2", got)
	}

	// The panel lists the volume (the pane's step refreshes it) and,
	// selected, its file with its size.
	volRow := `#vol-body tr[data-name="notes"]`
	b.wait("the volume is listed with one file", fmt.Sprintf(
		`(r => !!r && r.querySelector(".files").textContent === "1")(document.querySelector(%q))`, volRow))
	if got := b.text(volRow + " .size"); got != "2 B" {
		t.Errorf("the volume's size shows %q, want 2 B", got)
	}
	if got := b.text(volRow + " .version"); got == "" || got == "0" {
		t.Errorf("the volume's version shows %q", got)
	}
	b.clickInPage("opening the volume's files", volRow+" button.open")
	notesRow := `#vol-file-body tr[data-path="notes.txt"]`
	b.wait("notes.txt is listed", fmt.Sprintf(`!!document.querySelector(%q)`, notesRow))
	if got := b.eval(fmt.Sprintf(`document.querySelector(%q).title`, notesRow+" .size")); got != "2 bytes" {
		t.Errorf("notes.txt size = %q, want 2 bytes", got)
	}

	// Upload a file from the page; Python reads it in the pane.
	uploaded := uploadedFile()
	sum := 0
	for _, c := range uploaded {
		sum += int(c)
	}
	dir := t.TempDir()
	local := filepath.Join(dir, "upload.bin")
	if err := os.WriteFile(local, uploaded, 0o644); err != nil {
		t.Fatal(err)
	}
	b.do("choosing a file to upload", chromedp.SetUploadFiles(chromedp.ID("vol-file"), []string{local}))
	b.do("uploading it", chromedp.Click(chromedp.ID("vol-upload")))
	upRow := `#vol-file-body tr[data-path="upload.bin"]`
	b.wait("upload.bin is listed", fmt.Sprintf(`!!document.querySelector(%q)`, upRow))
	if got, want := b.eval(fmt.Sprintf(`document.querySelector(%q).title`, upRow+" .size")), fmt.Sprintf("%d bytes", len(uploaded)); got != want {
		t.Errorf("upload.bin size = %q, want %q", got, want)
	}
	if got, want := feed("d = open('/data/upload.bin','rb').read()\n(len(d), sum(d), d[:27])"),
		fmt.Sprintf(`(%d, %d, b'uploaded from the page \x00\xff\xfe\n')`, len(uploaded), sum); got != want {
		t.Errorf("Python reads the upload as %s, want %s", got, want)
	}

	// Screenshots of the panel with the volume's files, desktop and phone.
	shots := artifacts(t)
	b.do("scrolling to the volumes", chromedp.Evaluate[chromedp.Void](`document.querySelector("#volumes-heading").scrollIntoView()`))
	b.screenshot(shots, "workbench-1280x800-volumes.png", 1280, 800)
	b.screenshot(shots, "workbench-390x844-volumes.png", 390, 844)
	b.do("back to desktop", chromedp.EmulateViewport(1280, 800))

	// Download it: the saved file has the uploaded bytes.
	downloads := filepath.Join(dir, "downloads")
	if err := os.MkdirAll(downloads, 0o755); err != nil {
		t.Fatal(err)
	}
	b.do("allowing downloads", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior:     cdpbrowser.SetDownloadBehaviorBehaviorAllow,
			DownloadPath: downloads,
		})
		return err
	}))
	b.clickInPage("downloading upload.bin", upRow+" button.download")
	b.wait("the row links the saved file", fmt.Sprintf(`(a => !!a && !a.hidden && a.href.startsWith("blob:"))(document.querySelector(%q))`, upRow+" a.saved"))
	saved := filepath.Join(downloads, "upload.bin")
	var got []byte
	for deadline := time.Now().Add(20 * time.Second); ; {
		got, _ = os.ReadFile(saved)
		if bytes.Equal(got, uploaded) || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !bytes.Equal(got, uploaded) {
		entries, _ := os.ReadDir(downloads)
		names := make([]string, 0, len(entries))
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("downloaded %d bytes (files %v), want the %d uploaded", len(got), names, len(uploaded))
	}

	// Delete it (two clicks): gone from the panel and from Python's view.
	b.clickInPage("deleting upload.bin", upRow+" button.delete-file")
	if got := b.text(upRow + " button.delete-file"); got != "Confirm delete" {
		t.Errorf("the first click shows %q, want a confirmation", got)
	}
	b.clickInPage("confirming the delete", upRow+" button.delete-file")
	b.wait("upload.bin is gone", fmt.Sprintf(`!document.querySelector(%q) && !!document.querySelector(%q)`, upRow, notesRow))
	if got := feed("import os\nos.listdir('/data')"); got != "['notes.txt']" {
		t.Errorf("after the delete Python lists %s, want ['notes.txt']", got)
	}

	// An error shows in the panel with its kind: a file another client
	// deleted behind the page's back is not_found when downloaded. (Through
	// the pool, not a pane: a pane's step refreshes the panel.)
	b.do("deleting notes.txt behind the page's back", chromedp.Evaluate[chromedp.Void](
		`window.amberWorkbench.client.pool.volumeDelete("notes", "notes.txt")`, chromedp.EvalAwaitPromise))
	b.clickInPage("downloading the removed notes.txt", notesRow+" button.download")
	b.wait("the panel shows not_found", `(e => !e.hidden && e.dataset.kind === "not_found")(document.querySelector("#vol-error"))`)
	if msg := b.text("#vol-error"); !strings.Contains(msg, "cannot download notes.txt") {
		t.Errorf("the panel's error says %q", msg)
	}

	// An upload past the project's quota (1 MiB in TestBrowser) is quota,
	// in the panel, and leaves no part of the file.
	big := filepath.Join(dir, "big.bin")
	if err := os.WriteFile(big, bytes.Repeat([]byte("q"), quota+quota/4), 0o644); err != nil {
		t.Fatal(err)
	}
	// Refused by the page, from the quota it last saw, or (with the page's
	// figure forgotten) by the server part-way through the pieces.
	for _, c := range []struct{ by, forget string }{
		{"the page", ""},
		{"the server", "window.amberWorkbench.quota = null"},
	} {
		if c.forget != "" {
			b.do("forgetting the page's quota", chromedp.Evaluate[chromedp.Void](c.forget))
		}
		b.do("uploading more than the quota (refused by "+c.by+")",
			chromedp.Evaluate[chromedp.Void](`document.querySelector("#vol-error").hidden = true`),
			chromedp.SetUploadFiles(chromedp.ID("vol-file"), []string{big}),
			chromedp.Click(chromedp.ID("vol-upload")))
		b.wait("the panel shows quota", `(e => !e.hidden && e.dataset.kind === "quota")(document.querySelector("#vol-error"))`)
		msg := b.text("#vol-error")
		t.Logf("refused by %s: %s", c.by, msg)
		if !strings.Contains(msg, "cannot upload big.bin") || !strings.Contains(msg, "nothing was") {
			t.Errorf("refused by %s, the panel's error says %q", c.by, msg)
		}
		if b.eval(`String(!!document.querySelector('#vol-file-body tr[data-path="big.bin"]'))`) != "false" {
			t.Errorf("an upload refused by %s left part of big.bin in the volume", c.by)
		}
	}

	// "Mount in pane" checks out a new pane with the volume at /data.
	b.clickInPage("mounting notes in a new pane", volRow+" button.mount")
	b.wait("the new pane has the volume", outputHas(n+1, ".note", "with volumes /data → notes"))

	// Delete the whole volume (two clicks).
	b.clickInPage("deleting the volume", volRow+" button.delete-volume")
	b.clickInPage("confirming the volume delete", volRow+" button.delete-volume")
	b.wait("the volume is gone", fmt.Sprintf(`!document.querySelector(%q) && document.querySelector("#vol-status").textContent === "deleted volume notes"`, volRow))
	if b.eval("String("+visible("#vol-files")+")") != "false" {
		t.Error("the files of the deleted volume are still shown")
	}
}
