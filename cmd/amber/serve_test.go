package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestServeCommand runs amber serve as the command does, reads the
// endpoint it prints, runs a step over WebSocket, and stops it the way
// SIGINT does (its context ends): it shuts down cleanly and exits 0.
func TestServeCommand(t *testing.T) {
	dir := t.TempDir()
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	pr, pw := io.Pipe()
	exit := make(chan int, 1)
	go func() {
		code := serveCmd(ctx, []string{"--addr", "127.0.0.1:0", "--data", dir, "-q"}, pw, io.Discard)
		pw.Close()
		exit <- code
	}()
	lines := bufio.NewScanner(pr)
	url := ""
	var out []string
	for url == "" && lines.Scan() {
		out = append(out, lines.Text())
		if f := strings.Fields(lines.Text()); len(f) == 2 && f[0] == "WebSocket" {
			url = f[1]
		}
	}
	if url == "" {
		t.Fatalf("amber serve printed no WebSocket endpoint:\n%s", strings.Join(out, "\n"))
	}
	go func() { // keep reading so the command never blocks on output
		for lines.Scan() {
			out = append(out, lines.Text())
		}
	}()

	dctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(dctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	roundTrip := func(req string) map[string]any {
		t.Helper()
		if err := c.Write(dctx, websocket.MessageText, []byte(req)); err != nil {
			t.Fatal(err)
		}
		_, b, err := c.Read(dctx)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	rep := roundTrip(`{"op":"checkout","id":"1"}`)
	session, _ := rep["session"].(string)
	if session == "" {
		t.Fatalf("checkout: %v", rep)
	}
	rep = roundTrip(`{"op":"feed","id":"2","session":"` + session + `","code":"6 * 7"}`)
	if rep["value"] != 42.0 {
		t.Fatalf("feed: %v", rep)
	}

	// The Workbench is served at /.
	httpURL := "http://" + strings.TrimSuffix(strings.TrimPrefix(url, "ws://"), "/") + "/"
	resp, err := http.Get(httpURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("GET / = %d %s, want the Workbench page", resp.StatusCode, resp.Header.Get("Content-Type"))
	}

	// A client that keeps reading sees the server's close at shutdown.
	closed := make(chan websocket.StatusCode, 1)
	go func() {
		_, _, err := c.Read(context.Background())
		closed <- websocket.CloseStatus(err)
	}()
	stop()
	select {
	case code := <-exit:
		if code != 0 {
			t.Fatalf("amber serve exited %d", code)
		}
	case <-time.After(40 * time.Second):
		t.Fatal("amber serve did not stop")
	}
	if code := <-closed; code != websocket.StatusGoingAway {
		t.Errorf("close code at shutdown %d, want 1001", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "meta.db")); err != nil {
		t.Errorf("no store in --data: %v", err)
	}
}

func TestServeCommandErrors(t *testing.T) {
	dir := t.TempDir()
	badKeys := filepath.Join(dir, "keys.json")
	if err := os.WriteFile(badKeys, []byte(`["not", "a", "map"]`), 0o600); err != nil {
		t.Fatal(err)
	}
	badCeilings := filepath.Join(dir, "projects.json")
	if err := os.WriteFile(badCeilings, []byte(`{"projects": {"p": {"keys": ["k"], "ceilings": {"max_reply": -1}}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"bad flag", []string{"--no-such-flag"}, 2, "flag provided but not defined"},
		{"argument", []string{"extra"}, 2, "usage: amber serve"},
		{"missing keys file", []string{"--keys", filepath.Join(dir, "none.json")}, 2, "keys:"},
		{"keys not a map", []string{"--keys", badKeys}, 2, "JSON object of API key to project"},
		{"open project beyond loopback", []string{"--addr", "0.0.0.0:0", "--data", dir}, 1, "loopback only"},
		{"table without bucket", []string{"--addr", "127.0.0.1:0", "--table", "t"}, 1, "both a table and a bucket"},
		{"negative ceiling", []string{"--max-memory", "-1"}, 2, "max_memory is negative"},
		{"bad log format", []string{"--log-format", "xml"}, 2, "want json or text"},
		{"projects file with a bad ceiling", []string{"--keys", badCeilings}, 2, "max_reply is negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr strings.Builder
			code := serveCmd(context.Background(), tt.args, io.Discard, &stderr)
			if code != tt.code || !strings.Contains(stderr.String(), tt.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr.String(), tt.code, tt.msg)
			}
		})
	}
}

// TestServeProjectsFile: amber serve --keys with a projects file of the
// richer form: its projects' keys work, and a checkout's effective limits
// are the project's ceilings over the file's over the flags.
func TestServeProjectsFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "projects.json")
	if err := os.WriteFile(file, []byte(`{"ceilings": {"max_session_ms": 60000},
		"projects": {"p": {"keys": ["k"], "ceilings": {"max_memory": 1048576}}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	pr, pw := io.Pipe()
	exit := make(chan int, 1)
	go func() {
		code := serveCmd(ctx, []string{"--addr", "127.0.0.1:0", "--data", dir, "--keys", file, "--max-suspensions", "7", "--max-session", "1h", "-q"}, pw, io.Discard)
		pw.Close()
		exit <- code
	}()
	lines := bufio.NewScanner(pr)
	url := ""
	for url == "" && lines.Scan() {
		if f := strings.Fields(lines.Text()); len(f) == 2 && f[0] == "WebSocket" {
			url = f[1]
		}
	}
	go func() {
		for lines.Scan() {
		}
	}()
	if url == "" {
		t.Fatal("amber serve printed no WebSocket endpoint")
	}
	dctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(dctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"X-Api-Key": []string{"k"}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	if err := c.Write(dctx, websocket.MessageText, []byte(`{"op":"checkout","id":"c"}`)); err != nil {
		t.Fatal(err)
	}
	_, msg, err := c.Read(dctx)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Limits map[string]int64 `json:"limits"`
	}
	if err := json.Unmarshal(msg, &rep); err != nil {
		t.Fatal(err)
	}
	// The project's max_memory; the flags' max_session (set on the command
	// line, it wins over the file's) and max_suspensions.
	if rep.Limits["max_memory"] != 1<<20 || rep.Limits["max_duration_ms"] != 3600000 || rep.Limits["max_suspensions"] != 7 {
		t.Errorf("effective limits %v", rep.Limits)
	}
	stop()
	if code := <-exit; code != 0 {
		t.Errorf("exit %d", code)
	}
}
