package sdk

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/internal/servetest"
)

// slowLoop runs long enough (hundreds of milliseconds) for a test to cut
// the connection while the step runs.
var slowLoop = fmt.Sprintf("for i in range(%d):\n    pass\n", 20_000_000/loopScale)

// A connection cut while a step runs: the SDK reconnects and resends the
// request with its id, and the step runs once.
func TestConnectionCutMidStep(t *testing.T) {
	ctx := testCtx(t)
	srv, _ := servetest.Start(t, serve.Options{})
	p := wsDialer(srv.URL())(t)
	ws := p.t.(*wsTransport)
	s := checkout(t, p, nil)
	feed(t, s, "counter = 0", nil)

	// mark() is the feed's host call; the resume that follows it prints
	// "looping" and then runs the slow loop. The connection is cut when
	// that line arrives, while the loop runs on the server.
	var calls atomic.Int64
	cut := make(chan struct{})
	var cutOnce sync.Once
	var printed strings.Builder
	opts := &FeedOptions{
		Functions: map[string]HostFunc{"mark": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			calls.Add(1)
			return nil, nil
		}},
		Print: func(stream, text string) {
			printed.WriteString(text)
			if text == "looping\n" {
				cutOnce.Do(func() {
					go func() {
						ws.cut()
						close(cut)
					}()
				})
			}
		},
	}
	v, err := s.FeedRun(ctx, "counter += 1\nprint('ran')\nmark()\nprint('looping')\n"+slowLoop+"counter += 10\ncounter", opts)
	if err != nil {
		t.Fatal(err)
	}
	<-cut
	if v.Go != int64(11) {
		t.Errorf("counter = %s after the cut step, want 11: a step ran more than once", v.Repr)
	}
	if calls.Load() != 1 {
		t.Errorf("host function called %d times, want 1", calls.Load())
	}
	if printed.String() != "ran\nlooping\n" {
		t.Errorf("printed %q, want each line once", printed.String())
	}
	if d := ws.dials.Load(); d < 2 {
		t.Errorf("%d dials: the cut did not force a reconnect", d)
	}
	wantGo(t, s, "counter", int64(11), "committed counter")
}

// API Gateway's idle timeout and connection limit close the connection;
// the next call reconnects transparently.
func TestReconnectAfterIdleTimeoutAndConnectionLimit(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts serve.Options
	}{
		{"idle timeout", serve.Options{IdleTimeout: 300 * time.Millisecond}},
		{"connection limit", serve.Options{MaxConnection: 400 * time.Millisecond}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, _ := servetest.Start(t, tc.opts)
			p := wsDialer(srv.URL())(t)
			ws := p.t.(*wsTransport)
			s := checkout(t, p, nil)
			feed(t, s, "n = 0", nil)
			deadline := time.Now().Add(1200 * time.Millisecond)
			steps := 0
			for time.Now().Before(deadline) {
				feed(t, s, "n += 1", nil)
				steps++
				time.Sleep(100 * time.Millisecond)
				if tc.name == "idle timeout" {
					time.Sleep(500 * time.Millisecond) // idle past the timeout
				}
			}
			wantGo(t, s, "n", int64(steps), "after every step")
			if d := ws.dials.Load(); d < 2 {
				t.Errorf("%d dials, want a reconnect", d)
			}
		})
	}
}

// A server that is gone for good: the call fails with a ShutdownError
// whose Dump carries the session on, once a server is back.
func TestShutdownErrorCarriesTheLastCommittedState(t *testing.T) {
	ctx := testCtx(t)
	dir := t.TempDir()
	srv, stop := servetest.Start(t, serve.Options{DataDir: dir})
	p, err := Dial(ctx, srv.URL(), WithRetries(2))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	s := checkout(t, p, nil)
	feed(t, s, "notes = ['saved']", nil)
	stop()

	_, err = s.FeedRun(ctx, "notes.append('lost')", nil)
	var se *ShutdownError
	if !errors.As(err, &se) || len(se.Dump) == 0 || !errors.Is(err, ErrConnectionLost) {
		t.Fatalf("feed after shutdown: %v, want *ShutdownError with ErrConnectionLost", err)
	}

	srv2, _ := servetest.Start(t, serve.Options{DataDir: dir})
	p2 := wsDialer(srv2.URL())(t)
	s2 := checkout(t, p2, nil)
	if err := s2.LoadSession(ctx, se.Dump); err != nil {
		t.Fatal(err)
	}
	wantRepr(t, s2, "notes", "['saved']", "resumed state")
}

// A pool on an API key sees its project only.
func TestAPIKeys(t *testing.T) {
	ctx := testCtx(t)
	srv, _ := servetest.Start(t, serve.Options{Keys: map[string]string{"key-a": "a", "key-b": "b"}})
	if _, err := Dial(ctx, srv.URL(), WithAPIKey("wrong")); !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("dial with a wrong key: %v, want ErrUnauthorized", err)
	}
	a := wsDialer(srv.URL(), WithAPIKey("key-a"))(t)
	b := wsDialer(srv.URL(), WithAPIKey("key-b"))(t)
	s := ran(t, a, "secret = 1")
	id := dump(t, s)
	other := checkout(t, b, nil)
	if err := other.LoadSession(ctx, id); !errors.Is(err, ErrUnknownSession) {
		t.Errorf("another project's snapshot: %v, want unknown session", err)
	}
}

// Many goroutines share one pool (one connection), each with its own
// session: every reply reaches its caller.
func TestPoolSharedByGoroutines(t *testing.T) {
	ctx := testCtx(t)
	srv, _ := servetest.Start(t, serve.Options{})
	p := wsDialer(srv.URL())(t)
	const workers, steps = 24, 10
	errs := make(chan error, workers)
	for w := range workers {
		go func() {
			errs <- func() error {
				s, err := p.Checkout(ctx, nil)
				if err != nil {
					return err
				}
				defer s.Close(ctx)
				if _, err := s.FeedRun(ctx, fmt.Sprintf("n = %d", w*1000), nil); err != nil {
					return err
				}
				for i := 1; i <= steps; i++ {
					v, err := s.FeedRun(ctx, "n += 1\nn", nil)
					if err != nil {
						return err
					}
					if v.Go != int64(w*1000+i) {
						return fmt.Errorf("worker %d step %d: n = %s", w, i, v.Repr)
					}
				}
				return nil
			}()
		}()
	}
	for range workers {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if d := p.t.(*wsTransport).dials.Load(); d != 1 {
		t.Errorf("%d connections, want 1 shared", d)
	}
}
