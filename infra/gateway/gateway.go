// Package gateway is a local stand-in for Amazon API Gateway's WebSocket
// API (and the part of its HTTP API that Amber uses), with API Gateway's
// semantics, so that the handlers that run on AWS Lambda run unchanged on
// one machine (amber serve) and in tests.
//
// It gives each WebSocket connection an id and turns connect, message and
// disconnect into events.APIGatewayWebsocketProxyRequest events for a
// Backend; it enforces the 128 KB message limit (close code 1009), an idle
// timeout and a maximum connection duration; and it serves the management
// API's @connections/{id} endpoint (POST to send, GET for information,
// DELETE to disconnect, 410 Gone for connections that are not there), which
// handlers call with the same apigatewaymanagementapi client as on AWS.
// POST /v1/{op} is passed to the Backend as an
// events.APIGatewayV2HTTPRequest, as an HTTP API with a Lambda proxy
// integration would.
//
// A Backend is either in-process (the handlers called directly) or a
// function running under the Lambda Runtime Interface Emulator (Lambda).
package gateway

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	pathpkg "path"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"
	"github.com/coder/websocket"
)

// API Gateway's limits; the durations are the defaults of Options.
const (
	// MaxMessage is the largest WebSocket message API Gateway accepts
	// from a client or sends to one (128 KB).
	MaxMessage = 128 * 1024
	// IdleTimeout closes a connection that carried no message for this long.
	IdleTimeout = 10 * time.Minute
	// MaxConnection is the longest a connection may stay open.
	MaxConnection = 2 * time.Hour
	// IntegrationTimeout is API Gateway's limit on one backend call.
	IntegrationTimeout = 29 * time.Second
)

// Backend receives the gateway's events: the integration behind the
// routes. Errors are failures of the integration itself (a crashed or
// unreachable function); the client then sees API Gateway's
// "Internal server error" message.
type Backend interface {
	WebSocket(ctx context.Context, ev events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error)
	HTTP(ctx context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error)
}

// Options configure a Gateway. Zero values take API Gateway's defaults.
type Options struct {
	Backend Backend
	// DomainName and Stage go into events' request contexts; handlers
	// on AWS build the management endpoint https://{DomainName}/{Stage}
	// from them. DomainName defaults to the request's Host.
	DomainName string
	Stage      string // default "local"
	// IdleTimeout and MaxConnection bound a connection's life.
	IdleTimeout   time.Duration
	MaxConnection time.Duration
	// IntegrationTimeout bounds each backend call: its context's deadline.
	IntegrationTimeout time.Duration
	// PostTimeout is how long the writing of one message posted to a
	// connection may stall (its client not reading) before the connection
	// is closed and the post answered 410 Gone. Default 10 s. Time a post
	// waits behind other posts to the same connection does not count.
	PostTimeout time.Duration
	// OriginPatterns, when set, restricts the Origin of browser requests
	// — WebSocket connections, the HTTP API and @connections — to these
	// host patterns (path.Match patterns, as in websocket.AcceptOptions;
	// the gateway's own host is always allowed). Requests without an
	// Origin (non-browser clients) are not affected. Nil accepts any
	// origin, as API Gateway does.
	OriginPatterns []string
	// LoopbackHost refuses (403) every request whose Host header does not
	// name the loopback interface (localhost, 127.0.0.0/8 or [::1], any
	// port): a server that only listens on loopback must not be reached
	// through a name that resolves there (DNS rebinding).
	LoopbackHost bool
	// Static, if set, serves every other path (the Workbench at /).
	Static http.Handler
	// Logf, if set, receives one line per notable event (connection
	// refused, backend failure).
	Logf func(format string, args ...any)
}

// Gateway is an http.Handler serving WebSocket connections at / (and
// /{stage}), @connections/{id}, and POST /v1/{op}.
type Gateway struct {
	opts Options

	// base is the parent of backend calls' contexts: it outlives client
	// connections (a step goes on when its client leaves, as a Lambda
	// invocation does) and is cancelled only by Close's deadline.
	base       context.Context
	cancelBase context.CancelFunc

	mu      sync.Mutex
	conns   map[string]*conn
	closing bool

	calls sync.WaitGroup // backend calls of $default messages and HTTP requests
	live  sync.WaitGroup // connections, until their $disconnect returned
}

// New returns a gateway over opts.Backend.
func New(opts Options) *Gateway {
	if opts.Stage == "" {
		opts.Stage = "local"
	}
	if opts.IdleTimeout <= 0 {
		opts.IdleTimeout = IdleTimeout
	}
	if opts.MaxConnection <= 0 {
		opts.MaxConnection = MaxConnection
	}
	if opts.IntegrationTimeout <= 0 {
		opts.IntegrationTimeout = IntegrationTimeout
	}
	if opts.PostTimeout <= 0 {
		opts.PostTimeout = 10 * time.Second
	}
	base, cancel := context.WithCancel(context.Background())
	return &Gateway{opts: opts, base: base, cancelBase: cancel, conns: map[string]*conn{}}
}

// ServeHTTP routes a request: WebSocket upgrades at / or /{stage},
// the management API at [/{stage}]/@connections/{id}, the HTTP API at
// POST /v1/{op}, and everything else to Options.Static.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	if g.opts.LoopbackHost && !loopbackHost(r.Host) {
		g.logf("gateway: refused a request for host %q (loopback only)", r.Host)
		writeMessage(w, http.StatusForbidden, "Forbidden")
		return
	}
	if !isUpgrade(r) && !g.originAllowed(r) && (strings.Contains(path, "/@connections/") || strings.HasPrefix(path, "/v1/")) {
		// A page from another site must not drive the API from a
		// visitor's browser (a cross-site POST needs no preflight).
		writeMessage(w, http.StatusForbidden, "Forbidden")
		return
	}
	if i := strings.Index(path, "/@connections/"); i >= 0 {
		g.serveConnections(w, r, path[i+len("/@connections/"):])
		return
	}
	if op, ok := strings.CutPrefix(path, "/v1/"); ok && op != "" && !strings.Contains(op, "/") {
		if r.Method != http.MethodPost {
			writeMessage(w, http.StatusNotFound, "Not Found")
			return
		}
		g.serveHTTPAPI(w, r, op)
		return
	}
	if isUpgrade(r) && (path == "/" || path == "/"+g.opts.Stage) {
		g.serveWebSocket(w, r)
		return
	}
	if g.opts.Static != nil {
		g.opts.Static.ServeHTTP(w, r)
		return
	}
	http.NotFound(w, r)
}

// originAllowed reports whether a request's Origin passes
// OriginPatterns.
func (g *Gateway) originAllowed(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if g.opts.OriginPatterns == nil || origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil {
		return false
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, p := range g.opts.OriginPatterns {
		if ok, _ := pathpkg.Match(strings.ToLower(p), strings.ToLower(u.Host)); ok {
			return true
		}
	}
	return false
}

func isUpgrade(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}

// Close shuts the gateway down gracefully: it refuses new connections,
// messages and requests, waits for the backend calls in flight (their
// replies are still delivered), then closes every connection with 1001
// (going away) and waits for their $disconnect events. If ctx ends
// first, the contexts of the calls still running are cancelled.
func (g *Gateway) Close(ctx context.Context) error {
	g.mu.Lock()
	g.closing = true
	g.mu.Unlock()
	defer g.cancelBase()

	err := wait(ctx, &g.calls)
	if err != nil {
		g.cancelBase()
	}
	g.mu.Lock()
	conns := make([]*conn, 0, len(g.conns))
	for _, c := range g.conns {
		conns = append(conns, c)
	}
	g.mu.Unlock()
	for _, c := range conns {
		go c.close(websocket.StatusGoingAway, "Going away")
	}
	if err2 := wait(ctx, &g.live); err == nil {
		err = err2
	}
	if err != nil {
		return fmt.Errorf("gateway: close: %w", err)
	}
	return nil
}

func wait(ctx context.Context, wg *sync.WaitGroup) error {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// begin registers a backend call unless the gateway is closing.
func (g *Gateway) begin() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closing {
		return false
	}
	g.calls.Add(1)
	return true
}

// Connections returns the number of open WebSocket connections.
func (g *Gateway) Connections() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.conns)
}

func (g *Gateway) logf(format string, args ...any) {
	if g.opts.Logf != nil {
		g.opts.Logf(format, args...)
	}
}

// conn is one open WebSocket connection.
type conn struct {
	id          string
	ws          *websocket.Conn
	connectedAt time.Time
	sourceIP    string
	userAgent   string
	lastActive  atomic.Int64    // unix nanoseconds
	frames      *frameInspector // the client's frames
	// sendTurn holds one token while a message is written: posts to one
	// connection are written one at a time, in the order they arrive (a
	// channel's blocked senders are served first in, first out).
	sendTurn chan struct{}

	closeMu     sync.Mutex
	closeCode   websocket.StatusCode // set when the gateway closes it
	closeReason string
}

func (c *conn) touch() { c.lastActive.Store(time.Now().UnixNano()) }

func (c *conn) lastActiveAt() time.Time { return time.Unix(0, c.lastActive.Load()) }

// close closes the connection from the gateway's side, remembering why
// for the $disconnect event.
func (c *conn) close(code websocket.StatusCode, reason string) {
	c.closeMu.Lock()
	if c.closeCode == 0 {
		c.closeCode, c.closeReason = code, reason
	}
	c.closeMu.Unlock()
	_ = c.ws.Close(code, reason)
}

// errNoTurn is send's error when its caller gave up before the message's
// turn came: nothing was written and the connection is still open.
var errNoTurn = errors.New("gateway: the post was abandoned before its turn to be written")

// send writes one message to the client, in frames of at most MaxFrame
// bytes as API Gateway does, within writeTimeout of its turn. Posts wait
// for their turn without a deadline of their own (only the caller's ctx):
// a post must not fail, and so be lost on a live connection, because
// other posts to the same connection were ahead of it. A write that makes
// no progress for writeTimeout closes the connection (the websocket
// library does), so the posts behind it fail fast as gone.
func (c *conn) send(ctx context.Context, writeTimeout time.Duration, data []byte) error {
	select {
	case c.sendTurn <- struct{}{}:
	case <-ctx.Done():
		return errNoTurn
	}
	defer func() { <-c.sendTurn }()
	ctx, cancel := context.WithTimeout(ctx, writeTimeout)
	defer cancel()
	typ := websocket.MessageText
	if !utf8.Valid(data) {
		typ = websocket.MessageBinary
	}
	if len(data) <= MaxFrame {
		return c.ws.Write(ctx, typ, data)
	}
	w, err := c.ws.Writer(ctx, typ)
	if err != nil {
		return err
	}
	for len(data) > 0 {
		n := min(len(data), MaxFrame)
		if _, err := w.Write(data[:n]); err != nil {
			_ = w.Close()
			return err
		}
		data = data[n:]
	}
	return w.Close()
}

func (g *Gateway) serveWebSocket(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	closing := g.closing
	g.mu.Unlock()
	if closing {
		writeMessage(w, http.StatusServiceUnavailable, "Service Unavailable")
		return
	}
	now := time.Now()
	c := &conn{id: newConnectionID(), connectedAt: now, sourceIP: sourceIP(r), userAgent: r.UserAgent(), sendTurn: make(chan struct{}, 1)}
	c.lastActive.Store(now.UnixNano())

	ev := g.wsEvent(c, r.Host, "$connect", "CONNECT")
	ev.Headers, ev.MultiValueHeaders = connectHeaders(r, c.sourceIP)
	ev.QueryStringParameters, ev.MultiValueQueryStringParameters = query(r)
	ctx, cancel := context.WithTimeout(g.base, g.opts.IntegrationTimeout)
	resp, err := g.opts.Backend.WebSocket(ctx, ev)
	cancel()
	if err != nil {
		g.logf("gateway: $connect %s: %v", c.id, err)
		writeMessage(w, http.StatusInternalServerError, "Internal server error")
		return
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		writeProxyResponse(w, resp.StatusCode, resp.Headers, resp.MultiValueHeaders, resp.Body, resp.IsBase64Encoded)
		return
	}

	c.frames = newFrameInspector(MaxFrame)
	tooBig := func() {
		c.closeMu.Lock()
		if c.closeCode == 0 {
			c.closeCode, c.closeReason = websocket.StatusMessageTooBig, "Message too big"
		}
		c.closeMu.Unlock()
	}
	ws, err := websocket.Accept(&hijackInspector{ResponseWriter: w, f: c.frames, onClose: tooBig}, r, &websocket.AcceptOptions{
		InsecureSkipVerify: g.opts.OriginPatterns == nil,
		OriginPatterns:     g.opts.OriginPatterns,
	})
	if err != nil {
		// The backend recorded a connection that never opened.
		g.logf("gateway: accept %s: %v", c.id, err)
		g.disconnectEvent(c, r.Host, websocket.StatusAbnormalClosure, "handshake failed")
		return
	}
	ws.SetReadLimit(MaxMessage)
	c.ws = ws

	g.mu.Lock()
	if g.closing {
		g.mu.Unlock()
		_ = ws.Close(websocket.StatusGoingAway, "Going away")
		g.disconnectEvent(c, r.Host, websocket.StatusGoingAway, "Going away")
		return
	}
	g.conns[c.id] = c
	g.live.Add(1)
	g.mu.Unlock()
	defer g.live.Done()

	g.run(c, r.Host)
}

// run reads the connection's messages until it closes, then sends
// $disconnect.
func (g *Gateway) run(c *conn, host string) {
	done := make(chan struct{})
	go g.watch(c, done)

	var err error
	for {
		var typ websocket.MessageType
		var data []byte
		typ, data, err = c.ws.Read(context.Background())
		if err != nil {
			break
		}
		c.touch()
		if c.frames.tooBig.Load() {
			// API Gateway refuses a frame over 32 KB, even in a
			// message under 128 KB.
			c.close(websocket.StatusMessageTooBig, "Message too big")
			continue
		}
		if !g.begin() {
			c.close(websocket.StatusGoingAway, "Going away")
			continue
		}
		go g.message(c, host, typ, data)
	}
	close(done)

	g.mu.Lock()
	delete(g.conns, c.id)
	g.mu.Unlock()

	c.closeMu.Lock()
	code, reason := c.closeCode, c.closeReason
	c.closeMu.Unlock()
	if code == 0 {
		code = websocket.CloseStatus(err)
		if code == -1 {
			code = websocket.StatusAbnormalClosure
		}
		if errors.Is(err, websocket.ErrMessageTooBig) {
			code, reason = websocket.StatusMessageTooBig, "Message too big"
		}
	}
	_ = c.ws.CloseNow()
	g.disconnectEvent(c, host, code, reason)
}

// watch closes the connection when it has been idle too long or open too
// long, with 1001 (going away) as API Gateway does.
func (g *Gateway) watch(c *conn, done <-chan struct{}) {
	limit := c.connectedAt.Add(g.opts.MaxConnection)
	for {
		idleAt := c.lastActiveAt().Add(g.opts.IdleTimeout)
		next := limit
		if idleAt.Before(next) {
			next = idleAt
		}
		t := time.NewTimer(time.Until(next))
		select {
		case <-done:
			t.Stop()
			return
		case now := <-t.C:
			// Activity since the timer was set moves the idle limit on.
			if !now.Before(limit) || !now.Before(c.lastActiveAt().Add(g.opts.IdleTimeout)) {
				c.close(websocket.StatusGoingAway, "Going away")
				return
			}
		}
	}
}

// message passes one client message to the backend as a $default event.
// Its context descends from the gateway, not the connection: like a
// Lambda invocation, it goes on when the client leaves.
func (g *Gateway) message(c *conn, host string, typ websocket.MessageType, data []byte) {
	defer g.calls.Done()
	ev := g.wsEvent(c, host, "$default", "MESSAGE")
	ev.RequestContext.MessageID = newID(10)
	if typ == websocket.MessageBinary {
		ev.Body, ev.IsBase64Encoded = base64.StdEncoding.EncodeToString(data), true
	} else {
		ev.Body = string(data)
	}
	ctx, cancel := context.WithTimeout(g.base, g.opts.IntegrationTimeout)
	defer cancel()
	_, err := g.opts.Backend.WebSocket(ctx, ev)
	if err == nil {
		return
	}
	g.logf("gateway: $default %s: %v", c.id, err)
	msg := "Internal server error"
	if ctx.Err() != nil {
		msg = "Endpoint request timed out"
	}
	body, _ := json.Marshal(map[string]string{
		"message":      msg,
		"connectionId": c.id,
		"requestId":    ev.RequestContext.RequestID,
	})
	sctx, scancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer scancel()
	_ = c.send(sctx, 5*time.Second, body)
}

func (g *Gateway) disconnectEvent(c *conn, host string, code websocket.StatusCode, reason string) {
	ev := g.wsEvent(c, host, "$disconnect", "DISCONNECT")
	ev.RequestContext.DisconnectStatusCode = int64(code)
	ev.RequestContext.DisconnectReason = &reason
	ctx, cancel := context.WithTimeout(g.base, g.opts.IntegrationTimeout)
	defer cancel()
	if _, err := g.opts.Backend.WebSocket(ctx, ev); err != nil {
		g.logf("gateway: $disconnect %s: %v", c.id, err)
	}
}

// wsEvent builds a WebSocket event's common part.
func (g *Gateway) wsEvent(c *conn, host, route, eventType string) events.APIGatewayWebsocketProxyRequest {
	now := time.Now()
	domain := g.opts.DomainName
	if domain == "" {
		domain = host
	}
	reqID := newID(12)
	return events.APIGatewayWebsocketProxyRequest{
		RequestContext: events.APIGatewayWebsocketProxyRequestContext{
			RouteKey:          route,
			EventType:         eventType,
			MessageDirection:  "IN",
			ExtendedRequestID: reqID,
			RequestID:         reqID,
			RequestTime:       now.UTC().Format(requestTimeLayout),
			RequestTimeEpoch:  now.UnixMilli(),
			ConnectedAt:       c.connectedAt.UnixMilli(),
			ConnectionID:      c.id,
			DomainName:        domain,
			Stage:             g.opts.Stage,
			APIID:             "local",
			Identity: events.APIGatewayRequestIdentity{
				SourceIP:  c.sourceIP,
				UserAgent: c.userAgent,
			},
		},
		IsBase64Encoded: false,
	}
}

// requestTimeLayout is API Gateway's requestTime format (CLF).
const requestTimeLayout = "02/Jan/2006:15:04:05 -0700"

// connectHeaders returns the handshake's headers as API Gateway passes
// them on $connect: one value per name (the last) and every value.
// Names keep the form the client sent them in (Go's canonical form);
// handlers must compare them case-insensitively, as on AWS.
func connectHeaders(r *http.Request, ip string) (map[string]string, map[string][]string) {
	single := map[string]string{}
	multi := map[string][]string{}
	for name, vals := range r.Header {
		if len(vals) == 0 {
			continue
		}
		single[name] = vals[len(vals)-1]
		multi[name] = append([]string(nil), vals...)
	}
	single["Host"], multi["Host"] = r.Host, []string{r.Host}
	if _, ok := single["X-Forwarded-For"]; !ok {
		single["X-Forwarded-For"], multi["X-Forwarded-For"] = ip, []string{ip}
	}
	return single, multi
}

func query(r *http.Request) (map[string]string, map[string][]string) {
	q := r.URL.Query()
	if len(q) == 0 {
		return nil, nil
	}
	single := map[string]string{}
	for name, vals := range q {
		if len(vals) > 0 {
			single[name] = vals[len(vals)-1]
		}
	}
	return single, map[string][]string(q)
}

func sourceIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// newConnectionID returns an id shaped like API Gateway's (16
// characters ending in "=").
func newConnectionID() string { return newID(11) + "=" }

func newID(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// writeMessage answers with API Gateway's error body, {"message": ...}.
func writeMessage(w http.ResponseWriter, status int, message string) {
	writeJSON(w, status, map[string]string{"message": message})
}

// writeProxyResponse writes a Lambda proxy integration's response.
func writeProxyResponse(w http.ResponseWriter, status int, headers map[string]string, multi map[string][]string, body string, b64 bool) {
	for k, v := range headers {
		w.Header().Set(k, v)
	}
	for k, vs := range multi {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	if status == 0 {
		status = http.StatusOK
	}
	data := []byte(body)
	if b64 {
		if d, err := base64.StdEncoding.DecodeString(body); err == nil {
			data = d
		}
	}
	w.WriteHeader(status)
	_, _ = w.Write(data)
}
