package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// Dial returns a pool that talks to an Amber server over WebSocket: amber
// serve (ws://127.0.0.1:8765) or an API Gateway WebSocket API
// (wss://ID.execute-api.REGION.amazonaws.com/STAGE). It connects once to
// check the address and the API key; later it reconnects by itself
// whenever the server closed the connection (API Gateway's 10-minute idle
// timeout and 2-hour limit, a 410), and resends the requests that were in
// flight with their ids, so each step still runs once.
//
// One connection carries every request of the pool, concurrently. The
// ephemeral sessions of a pool live as long as its connection: after a
// reconnect they are gone (ErrUnknownSession).
func Dial(ctx context.Context, url string, opts ...Option) (*Pool, error) {
	p := newPool(nil, opts)
	t := &wsTransport{url: url, cfg: &p.cfg}
	t.header = http.Header{}
	if p.cfg.apiKey != "" {
		t.header.Set("x-api-key", p.cfg.apiKey)
	}
	p.t = t
	if _, err := t.connect(ctx); err != nil {
		return nil, err
	}
	return p, nil
}

// wsTransport keeps one live connection and redials when it dies.
type wsTransport struct {
	url    string
	header http.Header
	cfg    *config

	mu     sync.Mutex
	cur    *wsConn
	closed bool
	dials  atomic.Int64 // connections opened, for tests
}

// wsConn is one WebSocket connection: a reader goroutine hands events and
// replies to the calls waiting on their ids.
type wsConn struct {
	c    *websocket.Conn
	done chan struct{} // closed when the reader stops
	err  error         // why, set before done closes

	mu      sync.Mutex
	pending map[string]*wsCall
}

type wsCall struct {
	onEvent func(protocol.Event)
	reply   chan *protocol.Reply // buffered: the reader never blocks on it
	lost    chan struct{}        // closed when the gateway reported a failed integration
}

// connect returns the live connection, dialing a new one if needed.
func (t *wsTransport) connect(ctx context.Context) (*wsConn, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil, ErrClosed
	}
	if t.cur != nil {
		select {
		case <-t.cur.done:
			t.cur = nil
		default:
			return t.cur, nil
		}
	}
	c, resp, err := websocket.Dial(ctx, t.url, &websocket.DialOptions{HTTPHeader: t.header})
	if err != nil {
		if resp != nil && (resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden) {
			return nil, &Error{Kind: protocol.KindUnauthorized, Message: fmt.Sprintf("unauthorized: the server refused the connection (%s)", resp.Status)}
		}
		return nil, fmt.Errorf("sdk: dial %s: %w", t.url, err)
	}
	// Replies over 128 KB come in parts of at most 32 KB; a whole message
	// is never larger than MaxMessage, but leave room for the envelope.
	c.SetReadLimit(2 * protocol.MaxMessage)
	t.dials.Add(1)
	wc := &wsConn{c: c, done: make(chan struct{}), pending: map[string]*wsCall{}}
	go wc.read()
	t.cur = wc
	return wc, nil
}

// drop forgets wc if it is still the current connection and closes it.
func (t *wsTransport) drop(wc *wsConn) {
	t.mu.Lock()
	if t.cur == wc {
		t.cur = nil
	}
	t.mu.Unlock()
	_ = wc.c.CloseNow()
}

func (t *wsTransport) close() error {
	t.mu.Lock()
	t.closed = true
	wc := t.cur
	t.cur = nil
	t.mu.Unlock()
	if wc == nil {
		return nil
	}
	err := wc.c.Close(websocket.StatusNormalClosure, "")
	<-wc.done
	var ce websocket.CloseError
	if err != nil && !errors.As(err, &ce) {
		return err
	}
	return nil
}

// cut closes the current connection at once, as a network failure would
// (for tests).
func (t *wsTransport) cut() {
	t.mu.Lock()
	wc := t.cur
	t.mu.Unlock()
	if wc != nil {
		_ = wc.c.CloseNow()
	}
}

func (t *wsTransport) roundTrip(ctx context.Context, req *protocol.Request, onEvent func(protocol.Event)) (*protocol.Reply, error) {
	data, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("sdk: encode request: %w", err)
	}
	if len(data) > protocol.MaxMessage {
		// API Gateway closes the connection on such a message; refuse
		// it here instead of losing the connection.
		return protocol.Fail(req.ID, protocol.Errorf(protocol.KindTooLarge,
			"request of %d bytes is over the %d-byte message limit", len(data), protocol.MaxMessage)), nil
	}
	wc, err := t.connect(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var se *Error
		if errors.As(err, &se) || errors.Is(err, ErrClosed) {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %w", ErrConnectionLost, err)
	}
	call := &wsCall{onEvent: onEvent, reply: make(chan *protocol.Reply, 1), lost: make(chan struct{})}
	wc.mu.Lock()
	wc.pending[req.ID] = call
	wc.mu.Unlock()
	defer func() {
		wc.mu.Lock()
		delete(wc.pending, req.ID)
		wc.mu.Unlock()
	}()
	if err := writeFramed(ctx, wc.c, data); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		t.drop(wc)
		return nil, fmt.Errorf("%w: %w", ErrConnectionLost, err)
	}
	timer := time.NewTimer(t.cfg.replyTimeout)
	defer timer.Stop()
	select {
	case r := <-call.reply:
		return r, nil
	case <-wc.done:
		// The reply may have arrived just before the connection closed.
		select {
		case r := <-call.reply:
			return r, nil
		default:
		}
		return nil, fmt.Errorf("%w: %w", ErrConnectionLost, wc.err)
	case <-call.lost:
		return nil, fmt.Errorf("%w: the gateway reported a failed integration", ErrConnectionLost)
	case <-timer.C:
		// No reply in time: the server may have lost this connection
		// (a 410 on its side). Start over on a fresh one.
		t.drop(wc)
		return nil, fmt.Errorf("%w: no reply in %v", ErrConnectionLost, t.cfg.replyTimeout)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// envelope has the fields that tell messages apart.
type envelope struct {
	ID    string `json:"id"`
	Event string `json:"event"`
	// Message is set on API Gateway's own error messages ("Internal
	// server error", "Endpoint request timed out"), which carry no id of
	// ours.
	Message string `json:"message"`
}

// read dispatches incoming messages until the connection closes.
func (wc *wsConn) read() {
	var ra protocol.Reassembler
	for {
		_, data, err := wc.c.Read(context.Background())
		if err != nil {
			wc.err = err
			close(wc.done)
			return
		}
		// Whole messages come straight back; parts wait for the rest.
		whole, done, err := ra.Add(data)
		if err != nil || !done {
			continue
		}
		data = whole
		var env envelope
		if err := json.Unmarshal(data, &env); err != nil {
			continue // a reply we cannot read is a lost reply: the call retries
		}
		if env.ID == "" && env.Message != "" {
			// The integration failed for one of the requests in
			// flight, and we cannot tell which: send them all again.
			// Their ids make the resends harmless.
			wc.mu.Lock()
			for id, call := range wc.pending {
				close(call.lost)
				delete(wc.pending, id)
			}
			wc.mu.Unlock()
			continue
		}
		wc.mu.Lock()
		call := wc.pending[env.ID]
		wc.mu.Unlock()
		if call == nil {
			continue // a late reply of a request nobody waits for
		}
		if env.Event != "" {
			var ev protocol.Event
			if json.Unmarshal(data, &ev) == nil && call.onEvent != nil {
				call.onEvent(ev)
			}
			continue
		}
		var r protocol.Reply
		if err := json.Unmarshal(data, &r); err != nil {
			continue
		}
		select {
		case call.reply <- &r:
		default:
		}
	}
}

// writeFramed sends one text message in frames of at most
// protocol.MaxFrame bytes: API Gateway (and amber serve) close a
// connection that sends a larger frame, even inside a message under the
// 128 KB limit. The Writer holds the connection's write lock until Close,
// so concurrent requests do not interleave their frames.
func writeFramed(ctx context.Context, c *websocket.Conn, msg []byte) error {
	w, err := c.Writer(ctx, websocket.MessageText)
	if err != nil {
		return err
	}
	for len(msg) > 0 {
		n := min(len(msg), protocol.MaxFrame)
		if _, err := w.Write(msg[:n]); err != nil {
			w.Close()
			return err
		}
		msg = msg[n:]
	}
	return w.Close()
}
