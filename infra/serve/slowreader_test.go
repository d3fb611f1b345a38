package serve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// TestSlowReaders: 10 WebSocket clients that never read, each running a
// step that prints 20 MB. The server does not buffer their output: a
// step's queue is bounded, a post to a client that does not read times
// out and the gateway drops the connection (as API Gateway answers
// GoneException), and the rest of the output is dropped; the step still
// commits (its reply is recorded: too_large here, its printed output
// being over the reply ceiling). The server's peak RSS stays bounded
// (under what their heaps, their replies and their queues may hold, plus
// 100 MB; it grew to 2 GB before), and a client that reads is
// served meanwhile.
func TestSlowReaders(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/PID/status")
	}
	const clients, heap, reply = 10, 32 << 20, 1 << 20
	srv := startChild(t, childConfig{
		Keys: map[string]string{"key-a": "a", "key-b": "b"},
		// Each session's heap is bounded (32 MB, so its garbage strings
		// are too): what the test measures is the output the server holds.
		Ceilings:     engine.Ceilings{MaxMemory: heap, MaxOutput: 32 << 20, MaxReply: reply, MaxStepsInFlight: clients},
		ProcessSteps: clients + 2,
	})
	reader, err := tryDial(t, srv.url(), keyHeader("key-a"))
	if err != nil {
		t.Fatal(err)
	}
	other, err := tryDial(t, srv.url(), keyHeader("key-b"))
	if err != nil {
		t.Fatal(err)
	}
	witness := newCounter(other)
	base := srv.peakRSS(t)

	reqs := make([]protocol.Request, clients)
	for i := range reqs {
		s := reader.checkout(protocol.Request{})
		reqs[i] = feedReq(s, "for i in range(20):\n    print('x' * 10**6)\n'done'")
	}
	start := time.Now()
	for _, req := range reqs {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		ws, _, err := websocket.Dial(ctx, srv.url(), &websocket.DialOptions{HTTPHeader: keyHeader("key-a")})
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		b, _ := json.Marshal(req)
		if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
			t.Fatal(err)
		}
		cancel()
		t.Cleanup(func() { _ = ws.CloseNow() })
		// Never read.
	}

	// A reading client (of another project: project a's steps are all
	// taken by its stalled clients) is served while the others stall.
	for range 3 {
		t0 := time.Now()
		witness.step(t)
		// Generous for a loaded CI machine, and still under the ~20 s
		// the stalled clients' steps take to give up on their posts.
		if d := time.Since(t0); d > 12*time.Second {
			t.Errorf("a step of a reading client took %v during the flood", d)
		}
	}

	// Every stalled step commits: its retry, from the reading client,
	// returns the recorded reply.
	for _, req := range reqs {
		var rep *protocol.Reply
		for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			rep = reader.do(protocol.Request{Op: "history", ID: newID("history"), Session: req.Session})
			done := false
			for _, s := range rep.Steps {
				done = done || s.RequestID == req.ID
			}
			if done {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the step of %s did not commit in 90s", req.Session)
			}
		}
		rep = reader.fail(req, protocol.KindTooLarge)
		if len(reader.printed(req.ID)) != 0 {
			t.Errorf("the retry printed again")
		}
	}
	peak := srv.peakRSS(t)
	t.Logf("%d clients that never read, 20 MB each: server peak RSS %d MB (%d MB before), done in %v", clients, peak>>20, base>>20, time.Since(start).Round(time.Second))
	// What each stalled step may hold: its heap (twice its limit between
	// collections, at Go's default GOGC of 100: the printed strs are
	// garbage as soon as they are sent), the output kept for its reply
	// and the queue of its connection; and 100 MB for the rest of the
	// server. Buffering the slow readers' output, as before, took 2 GB.
	bound := base + clients*(2*heap+reply+1<<20) + 100<<20
	if peak > bound {
		t.Errorf("peak RSS %d MB is over %d MB: the server buffered its slow readers' output", peak>>20, bound>>20)
	}
	witness.step(t)
	_ = fmt.Sprint
}
