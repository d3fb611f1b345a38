package handler

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// EnvConnectionsEndpoint overrides the management API endpoint the
// WebSocket handler posts to (by default https://{domainName}/{stage} from
// the event; set it for a custom domain or a local gateway).
const EnvConnectionsEndpoint = "AMBER_CONNECTIONS_ENDPOINT"

// replyPostTimeout bounds the post of a reply after the step, which may
// run after the invocation's context is done.
const replyPostTimeout = 10 * time.Second

// WebSocket handles API Gateway WebSocket events: $connect authenticates
// and records the connection, $disconnect drops it (and its ephemeral
// sessions), $default runs one request and posts its events and reply to
// the connection. It is safe for concurrent use.
type WebSocket struct {
	Engine Engine
	// Poster posts to connections. Nil: a management API client for the
	// event's endpoint (or $AMBER_CONNECTIONS_ENDPOINT), made once per
	// endpoint.
	Poster Poster
	// OpenProject, when set, is the project of connections that give no
	// API key (amber serve without --keys). A key given is still checked.
	OpenProject string
	Log         *slog.Logger

	posterMu sync.Mutex
	posters  map[string]Poster

	mu sync.Mutex // guards projects
	// projects caches the project (and the handshake's traceparent) of
	// connections this instance has seen: a connection's project never
	// changes, and API Gateway sends no message on a connection after its
	// $disconnect, so a warm function saves the metadata read of every
	// step but a connection's first.
	projects map[string]connInfo
}

// connInfo is what a connection's $connect established.
type connInfo struct {
	project, traceparent string
}

// maxCachedConnections bounds WebSocket.projects; past it the cache
// starts again empty.
const maxCachedConnections = 10000

func (h *WebSocket) cachedProject(conn string) (connInfo, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	p, ok := h.projects[conn]
	return p, ok
}

func (h *WebSocket) cacheProject(conn string, info connInfo) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.projects == nil || len(h.projects) >= maxCachedConnections {
		h.projects = make(map[string]connInfo)
	}
	h.projects[conn] = info
}

func (h *WebSocket) forget(conn string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.projects, conn)
}

// project returns the project of a connection recorded by $connect, and
// the traceparent its handshake carried.
func (h *WebSocket) project(ctx context.Context, conn string) (connInfo, error) {
	if p, ok := h.cachedProject(conn); ok {
		return p, nil
	}
	var info connInfo
	var err error
	if tc, ok := h.Engine.(tracedConnections); ok {
		info.project, info.traceparent, err = tc.ConnectionTrace(ctx, conn)
	} else {
		info.project, err = h.Engine.ConnectionProject(ctx, conn)
	}
	if err != nil {
		return connInfo{}, err
	}
	h.cacheProject(conn, info)
	return info, nil
}

// Handle handles one WebSocket event. Errors of the step go to the client
// as replies; an error return means the event itself could not be
// handled.
func (h *WebSocket) Handle(ctx context.Context, ev events.APIGatewayWebsocketProxyRequest) (events.APIGatewayProxyResponse, error) {
	rc := ev.RequestContext
	switch route(rc.RouteKey, rc.EventType) {
	case "$connect":
		return h.connect(ctx, ev), nil
	case "$disconnect":
		h.forget(rc.ConnectionID)
		if err := h.Engine.Disconnect(ctx, rc.ConnectionID); err != nil {
			logger(h.Log).ErrorContext(ctx, "disconnect", "connection", rc.ConnectionID, "err", err)
			return status(http.StatusInternalServerError, "disconnect failed"), nil
		}
		return status(http.StatusOK, ""), nil
	default:
		return h.message(ctx, ev), nil
	}
}

func route(key, eventType string) string {
	switch {
	case key == "$connect" || eventType == "CONNECT":
		return "$connect"
	case key == "$disconnect" || eventType == "DISCONNECT":
		return "$disconnect"
	}
	return "$default"
}

func status(code int, msg string) events.APIGatewayProxyResponse {
	return events.APIGatewayProxyResponse{StatusCode: code, Body: msg}
}

func (h *WebSocket) connect(ctx context.Context, ev events.APIGatewayWebsocketProxyRequest) events.APIGatewayProxyResponse {
	id := ev.RequestContext.ConnectionID
	key := header(ev.Headers, APIKeyHeader)
	if key == "" {
		key = ev.QueryStringParameters[APIKeyQuery]
	}
	project, perr := authenticate(ctx, h.Engine, key, h.OpenProject)
	if perr != nil {
		code := http.StatusUnauthorized
		if perr.Kind != protocol.KindUnauthorized {
			code = http.StatusInternalServerError
		}
		logger(h.Log).InfoContext(ctx, "connect refused", "connection", id, "err", perr)
		return status(code, perr.Message)
	}
	tp := connectTraceParent(ev.Headers)
	var err error
	if tc, ok := h.Engine.(tracedConnections); ok && tp != "" {
		err = tc.ConnectTraced(ctx, id, project, tp)
	} else {
		tp = ""
		err = h.Engine.Connect(ctx, id, project)
	}
	if err != nil {
		logger(h.Log).ErrorContext(ctx, "connect", "connection", id, "err", err)
		return status(http.StatusInternalServerError, "connect failed")
	}
	h.cacheProject(id, connInfo{project: project, traceparent: tp})
	return status(http.StatusOK, "")
}

// message runs one $default request and posts what it says.
func (h *WebSocket) message(ctx context.Context, ev events.APIGatewayWebsocketProxyRequest) events.APIGatewayProxyResponse {
	conn := ev.RequestContext.ConnectionID
	log := logger(h.Log).With("connection", conn)
	poster, err := h.poster(ctx, ev)
	if err != nil {
		log.ErrorContext(ctx, "no poster", "err", err)
		return status(http.StatusInternalServerError, "cannot reach the connection")
	}
	s := newSender(ctx, poster, conn, log)

	reply := h.run(ctx, ev, s.emit)
	s.finish()
	if s.isGone() {
		// The client left: the step is committed and its reply recorded,
		// so a retry with the same id gets it.
		log.InfoContext(ctx, "client gone before its reply", "id", reply.ID)
		return status(http.StatusOK, "")
	}
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), replyPostTimeout)
	defer cancel()
	if err := post(pctx, poster, conn, reply.ID, marshal(reply.ID, reply)); err != nil && !errors.Is(err, ErrGone) {
		log.ErrorContext(ctx, "post reply", "id", reply.ID, "err", err)
	}
	return status(http.StatusOK, "")
}

func (h *WebSocket) run(ctx context.Context, ev events.APIGatewayWebsocketProxyRequest, emit func(protocol.Event)) *protocol.Reply {
	msg, err := body(ev.Body, ev.IsBase64Encoded)
	if err != nil {
		return protocol.Fail("", protocol.Errorf(protocol.KindBadRequest, "body is not base64: %v", err))
	}
	req, perr := parseRequest(msg)
	if perr != nil {
		return protocol.Fail(req.ID, perr)
	}
	if req.Op == "" {
		return protocol.Fail(req.ID, protocol.Errorf(protocol.KindBadRequest, "request has no op"))
	}
	conn := ev.RequestContext.ConnectionID
	info, err := h.project(ctx, conn)
	if err != nil {
		// An unknown connection is already an unauthorized error; any
		// other failure is the store's, and a retry may get through.
		return protocol.Fail(req.ID, asProtocolError(err, protocol.KindInternal))
	}
	if req.TraceParent == "" {
		req.TraceParent = info.traceparent
	}
	return h.Engine.Handle(ctx, engine.Caller{Project: info.project, Connection: conn}, req, emit)
}

// poster returns h.Poster or the management API client of the event's
// endpoint.
func (h *WebSocket) poster(ctx context.Context, ev events.APIGatewayWebsocketProxyRequest) (Poster, error) {
	if h.Poster != nil {
		return h.Poster, nil
	}
	endpoint := os.Getenv(EnvConnectionsEndpoint)
	if endpoint == "" {
		rc := ev.RequestContext
		if rc.DomainName == "" {
			return nil, fmt.Errorf("handler: event has no domainName and %s is not set", EnvConnectionsEndpoint)
		}
		endpoint = "https://" + rc.DomainName
		if rc.Stage != "" {
			endpoint += "/" + rc.Stage
		}
	}
	h.posterMu.Lock()
	defer h.posterMu.Unlock()
	if p := h.posters[endpoint]; p != nil {
		return p, nil
	}
	p, err := NewManagementPoster(ctx, endpoint)
	if err != nil {
		return nil, err
	}
	if h.posters == nil {
		h.posters = make(map[string]Poster)
	}
	h.posters[endpoint] = p
	return p, nil
}

// post sends one message, in parts when it is over the message limit.
func post(ctx context.Context, p Poster, conn, id string, msg []byte) error {
	for _, m := range protocol.SplitMessage(id, msg) {
		if err := p.PostToConnection(ctx, conn, m); err != nil {
			return err
		}
	}
	return nil
}

// sender posts a step's events in order on its own goroutine, so that a
// step does not wait for each post. What it holds is bounded by bytes
// (senderQueueBytes, or one event if that is larger): a step that prints
// faster than its client reads waits, and a client that stops reading is
// disconnected by the gateway when a post times out (410 Gone, API
// Gateway's GoneException), after which the rest is dropped. So a slow or
// stuck reader costs the server a bounded buffer, never the step's whole
// output.
type sender struct {
	ctx    context.Context
	poster Poster
	conn   string
	log    *slog.Logger

	gone     atomic.Bool // a post answered gone: the client left
	broken   atomic.Bool // maxPostFailures posts failed in a row: drop the rest
	failures int         // posts failed in a row (not gone), the loop's own
	mu       sync.Mutex
	cond     *sync.Cond // signals room in the queue and new events
	queue    []protocol.Event
	bytes    int // text bytes queued
	closed   bool
	done     chan struct{}
}

// senderQueueBytes bounds the printed text a sender holds for its client.
const senderQueueBytes = 1 << 20

// maxPostFailures is how many event posts in a row may fail (other than
// gone) before a sender drops the rest of its step's events.
const maxPostFailures = 3

func newSender(ctx context.Context, p Poster, conn string, log *slog.Logger) *sender {
	s := &sender{ctx: ctx, poster: p, conn: conn, log: log, done: make(chan struct{})}
	s.cond = sync.NewCond(&s.mu)
	go s.loop()
	return s
}

func (s *sender) loop() {
	defer close(s.done)
	for {
		s.mu.Lock()
		for len(s.queue) == 0 && !s.closed {
			s.cond.Wait()
		}
		if len(s.queue) == 0 {
			s.mu.Unlock()
			return
		}
		ev := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()
		if !s.dropping() {
			err := s.postEvent(ev)
			switch {
			case errors.Is(err, ErrGone):
				s.gone.Store(true)
			case err != nil:
				// The poster has already retried what it could (the AWS
				// SDK retries throttling and 5xx). After maxPostFailures
				// failed posts in a row the rest of the step's events are
				// dropped, so a broken connection cannot hold the step
				// (and its project's slot) for a failed post per print.
				// The connection is not known to be gone: the reply is
				// still posted.
				s.failures++
				s.log.WarnContext(s.ctx, "post event", "id", ev.ID, "err", err, "failures", s.failures)
				if s.failures >= maxPostFailures {
					s.broken.Store(true)
				}
			default:
				s.failures = 0
			}
		}
		s.mu.Lock()
		s.bytes -= len(ev.Text)
		s.cond.Broadcast()
		s.mu.Unlock()
	}
}

// emit queues one event; it waits while the queue holds senderQueueBytes,
// which slows a step that prints faster than the connection takes it.
// Once the client is gone (or its posts keep failing), events are dropped
// at once.
func (s *sender) emit(ev protocol.Event) {
	if s.dropping() {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.bytes > 0 && s.bytes+len(ev.Text) > senderQueueBytes && !s.closed && !s.dropping() {
		s.cond.Wait()
	}
	if s.closed || s.dropping() {
		return
	}
	s.queue = append(s.queue, ev)
	s.bytes += len(ev.Text)
	s.cond.Broadcast()
}

// finish waits until every queued event is posted (or dropped).
func (s *sender) finish() {
	s.mu.Lock()
	s.closed = true
	s.cond.Broadcast()
	s.mu.Unlock()
	<-s.done
}

func (s *sender) isGone() bool { return s.gone.Load() }

// dropping reports whether the step's remaining events are dropped: the
// client is gone or its connection keeps failing.
func (s *sender) dropping() bool { return s.gone.Load() || s.broken.Load() }

// postEvent posts one event within replyPostTimeout. The post outlives
// the invocation's context, as the reply's does: a step that ends near its
// deadline still streams what it printed before its reply.
func (s *sender) postEvent(ev protocol.Event) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(s.ctx), replyPostTimeout)
	defer cancel()
	return post(ctx, s.poster, s.conn, ev.ID, marshal(ev.ID, ev))
}
