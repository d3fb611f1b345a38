package sdk

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/internal/servetest"
)

// lossyProxy forwards WebSocket connections to amber serve and drops the
// first reply to a request of op dropOp, as a reply posted to a
// connection API Gateway no longer knows (a 410) never arrives.
type lossyProxy struct {
	upstream string
	dropOp   string

	mu      sync.Mutex
	dropID  string // the request whose reply is dropped
	dropped atomic.Int64
}

func (p *lossyProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	client, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer client.CloseNow()
	client.SetReadLimit(1 << 20)
	ctx := r.Context()
	up, _, err := websocket.Dial(ctx, p.upstream, nil)
	if err != nil {
		return
	}
	defer up.CloseNow()
	up.SetReadLimit(1 << 20)
	go func() {
		defer up.CloseNow()
		for {
			typ, data, err := client.Read(ctx)
			if err != nil {
				return
			}
			var req struct{ Op, ID string }
			if json.Unmarshal(data, &req) == nil && req.Op == p.dropOp {
				p.mu.Lock()
				if p.dropID == "" {
					p.dropID = req.ID
				}
				p.mu.Unlock()
			}
			if up.Write(ctx, typ, data) != nil {
				return
			}
		}
	}()
	for {
		typ, data, err := up.Read(ctx)
		if err != nil {
			return
		}
		var msg struct {
			ID    string `json:"id"`
			Event string `json:"event"`
		}
		if json.Unmarshal(data, &msg) == nil && msg.Event == "" {
			p.mu.Lock()
			drop := msg.ID == p.dropID && p.dropped.Load() == 0
			if drop {
				p.dropped.Add(1)
			}
			p.mu.Unlock()
			if drop {
				continue
			}
		}
		if client.Write(ctx, typ, data) != nil {
			return
		}
	}
}

// A reply that never arrives: the SDK gives up on the connection after
// the reply timeout, reconnects, resends with the same id and gets the
// recorded reply — the step ran once.
func TestLostReplyIsResent(t *testing.T) {
	ctx := testCtx(t)
	srv, _ := servetest.Start(t, serve.Options{})
	proxy := &lossyProxy{upstream: srv.URL(), dropOp: "feed"}
	hs := httptest.NewServer(proxy)
	defer hs.Close()

	p, err := Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http"), WithReplyTimeout(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	s := checkout(t, p, nil)
	var printed strings.Builder
	v, err := s.FeedRun(ctx, "runs = 1\nprint('once')\nruns", &FeedOptions{Print: func(_, text string) { printed.WriteString(text) }})
	if err != nil {
		t.Fatal(err)
	}
	if proxy.dropped.Load() != 1 {
		t.Fatalf("the proxy dropped %d replies, want 1", proxy.dropped.Load())
	}
	if v.Go != int64(1) || printed.String() != "once\n" {
		t.Errorf("value %s, printed %q", v.Repr, printed.String())
	}
	if d := p.t.(*wsTransport).dials.Load(); d < 2 {
		t.Errorf("%d dials, want a reconnect", d)
	}
	// The feed ran once: one feed step in the history.
	hist, err := s.History(ctx)
	if err != nil {
		t.Fatal(err)
	}
	feeds := 0
	for _, st := range hist {
		if st.Op == "feed" {
			feeds++
		}
	}
	if feeds != 1 {
		t.Errorf("%d feed steps committed, want 1: %+v", feeds, hist)
	}
}
