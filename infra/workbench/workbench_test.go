package workbench

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

func get(t *testing.T, h http.Handler, method, path string) (*http.Response, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
	res := rec.Result()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(body)
}

func TestHandlerServesThePage(t *testing.T) {
	h := Handler()
	tests := []struct {
		path, contentType, contains string
	}{
		{"/", "text/html", "<title>Amber Workbench</title>"},
		{"/index.html", "", ""}, // redirected to /
		{"/app.js", "text/javascript", "class Client"},
		{"/app.css", "text/css", ".panes"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res, body := get(t, h, http.MethodGet, tt.path)
			if tt.contentType == "" {
				if res.StatusCode != http.StatusMovedPermanently {
					t.Fatalf("status %d, want a redirect", res.StatusCode)
				}
				return
			}
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d", res.StatusCode)
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, tt.contentType) {
				t.Errorf("Content-Type %q, want %s", ct, tt.contentType)
			}
			if !strings.Contains(body, tt.contains) {
				t.Errorf("body does not contain %q", tt.contains)
			}
			if res.Header.Get("Content-Security-Policy") == "" || res.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("missing security or cache headers: %v", res.Header)
			}
		})
	}
}

func TestHandlerRefusesOtherMethodsAndUnknownFiles(t *testing.T) {
	h := Handler()
	if res, _ := get(t, h, http.MethodPost, "/"); res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: status %d, want 405", res.StatusCode)
	}
	if res, _ := get(t, h, http.MethodGet, "/nope.js"); res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /nope.js: status %d, want 404", res.StatusCode)
	}
	if res, body := get(t, h, http.MethodHead, "/"); res.StatusCode != http.StatusOK || body != "" {
		t.Errorf("HEAD /: status %d, body %d bytes", res.StatusCode, len(body))
	}
}

// The page loads nothing from elsewhere: the binary is self-contained and
// the content security policy would block it anyway.
func TestPageIsSelfContained(t *testing.T) {
	h := Handler()
	for _, path := range []string{"/", "/app.js", "/app.css"} {
		_, body := get(t, h, http.MethodGet, path)
		for _, bad := range []string{`src="http`, `href="http`, "@import", "url(http", "<script>", ` style="`} {
			if strings.Contains(body, bad) {
				t.Errorf("%s contains %q", path, bad)
			}
		}
	}
}

// Every element the script looks up by id is in the page, and every
// class it looks up inside a pane is in the pane template.
func TestScriptFindsItsElements(t *testing.T) {
	h := Handler()
	_, html := get(t, h, http.MethodGet, "/")
	_, js := get(t, h, http.MethodGet, "/app.js")
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`\bid="([^"]+)"`).FindAllStringSubmatch(html, -1) {
		ids[m[1]] = true
	}
	for _, m := range regexp.MustCompile(`\$\('#([\w-]+)`).FindAllStringSubmatch(js, -1) {
		if !ids[m[1]] {
			t.Errorf("app.js looks up #%s, which index.html lacks", m[1])
		}
	}
	start, end := strings.Index(html, `<template id="pane-template">`), strings.Index(html, "</template>")
	if start < 0 || end < start {
		t.Fatal("no pane template")
	}
	tpl := html[start:end]
	classes := map[string]bool{}
	for _, m := range regexp.MustCompile(`class="([^"]+)"`).FindAllStringSubmatch(tpl, -1) {
		for _, c := range strings.Fields(m[1]) {
			classes[c] = true
		}
	}
	for _, m := range regexp.MustCompile(`\$\('\.([\w-]+)'`).FindAllStringSubmatch(js, -1) {
		if !classes[m[1]] {
			t.Errorf("app.js looks up .%s, which the pane template lacks", m[1])
		}
	}
}

// The script parses (node --check). CI has node (dynalite needs it).
func TestScriptParses(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed; CI needs it")
		}
		t.Skip("SKIPPED: node is not installed, app.js was not syntax-checked")
	}
	out, err := exec.Command(node, "--check", "static/app.js").CombinedOutput()
	if err != nil {
		t.Fatalf("node --check app.js: %v\n%s", err, out)
	}
}
