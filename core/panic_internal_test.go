package core

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer is a log sink safe for the logger's use.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// goInternals are what a Go panic's text carries and the sandbox must
// never show: goroutine headers, source positions, addresses.
var goInternals = []string{"goroutine", ".go:", "0x", "runtime.", "panic("}

func leaksGo(s string) string {
	for _, w := range goInternals {
		if strings.Contains(s, w) {
			return w
		}
	}
	return ""
}

// A builtin that panics (the test-only probe) is a SystemError in the
// sandbox, which Python code can catch, naming the builtin and nothing of
// Go; the host's log gets the Go stack; the session goes on working.
func TestPanicBecomesSystemError(t *testing.T) {
	tests := []struct {
		name, src string
	}{
		{"direct call", "r = None\ntry:\n    probe()\nexcept SystemError as e:\n    r = str(e)\nr"},
		{"call with arguments", "r = None\ntry:\n    probe(1, 2, x=3)\nexcept SystemError as e:\n    r = str(e)\nr"},
		{"key function of sorted", "r = None\ntry:\n    sorted([3, 1, 2], key=probe)\nexcept SystemError as e:\n    r = str(e)\nr"},
		{"from a dunder called by a builtin", "class A:\n    def __lt__(self, o):\n        return probe()\nr = None\ntry:\n    sorted([A(), A()])\nexcept SystemError as e:\n    r = str(e)\nr"},
		{"from __lt__ in a long sort, list kept", "class A:\n    def __init__(self, v):\n        self.v = v\n    def __lt__(self, o):\n        if self.v == 50:\n            probe()\n        return self.v < o.v\nl = [A(i) for i in range(99, -1, -1)]\nr = None\ntry:\n    l.sort()\nexcept SystemError as e:\n    assert [a.v for a in l] == list(range(99, -1, -1))\n    r = str(e)\nr"},
		{"from a generator inside __lt__", "def g():\n    yield probe()\nclass A:\n    def __lt__(self, o):\n        return next(gen)\ngen = g()\nr = None\ntry:\n    sorted([A(), A(), A()])\nexcept SystemError as e:\n    assert list(gen) == []\n    r = str(e)\nr"},
		{"in a generator", "def g():\n    yield probe()\nr = None\ntry:\n    list(g())\nexcept SystemError as e:\n    r = str(e)\nr"},
		{"through map", "r = None\ntry:\n    list(map(probe, [1]))\nexcept SystemError as e:\n    r = str(e)\nr"},
		{"caught as Exception", "r = None\ntry:\n    probe()\nexcept Exception as e:\n    r = type(e).__name__ + ': ' + str(e)\nr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log lockedBuffer
			s := NewSession(Config{Logger: slog.New(slog.NewTextHandler(&log, nil))})
			if err := s.m.SetItem(s.main, s.m.NewStr("probe"), s.m.PanicProbe()); err != nil {
				t.Fatal(err)
			}
			got, err := s.FeedRun(tt.src, nil)
			if err != nil {
				t.Fatalf("feed: %v", err)
			}
			msg, _ := got.Go.(string)
			if !strings.Contains(msg, "internal error in ") || !strings.Contains(msg, "reported to the host") {
				t.Errorf("caught %q, want the SystemError of the panic", got.Repr)
			}
			if w := leaksGo(msg); w != "" {
				t.Errorf("the message %q shows %q", msg, w)
			}
			l := log.String()
			if !strings.Contains(l, "Go panic inside the sandbox") || !strings.Contains(l, "goroutine") || !strings.Contains(l, "panics.go") {
				t.Errorf("the log lacks the panic's Go stack:\n%s", l)
			}
			// The session still works, and still dumps.
			if got, err := s.FeedRun("1 + 1", nil); err != nil || got.Go != int64(2) && got.Go != 2 {
				t.Errorf("after the panic: %v, %v", got, err)
			}
			if _, err := s.Dump(); err != nil {
				t.Errorf("dump after the panic: %v", err)
			}
		})
	}
}

// Uncaught, the SystemError ends the feed as a Python error whose
// message and traceback show nothing of Go.
func TestPanicUncaughtTraceback(t *testing.T) {
	var log lockedBuffer
	s := NewSession(Config{Logger: slog.New(slog.NewTextHandler(&log, nil))})
	if err := s.m.SetItem(s.main, s.m.NewStr("probe"), s.m.PanicProbe()); err != nil {
		t.Fatal(err)
	}
	_, err := s.FeedRun("def f():\n    return probe()\nf()", nil)
	var rt *RuntimeError
	if !errors.As(err, &rt) {
		t.Fatalf("got %T %v, want a *RuntimeError", err, err)
	}
	if rt.Type != "SystemError" || rt.Message != "internal error in _amber_panic_probe() (reported to the host)" {
		t.Errorf("got %s: %q", rt.Type, rt.Message)
	}
	if !strings.Contains(rt.Traceback, `line 2, in f`) {
		t.Errorf("the traceback does not point at the call:\n%s", rt.Traceback)
	}
	if w := leaksGo(rt.Traceback); w != "" {
		t.Errorf("the traceback shows %q:\n%s", w, rt.Traceback)
	}
	if !strings.Contains(log.String(), "site=_amber_panic_probe()") {
		t.Errorf("the log does not name the site:\n%s", log.String())
	}
}
