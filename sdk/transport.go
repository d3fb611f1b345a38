package sdk

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// transport carries one request to the engine and brings back its reply,
// handing each event of the step to onEvent as it arrives. A transport
// error (not a failed reply) means the reply was lost: the caller may send
// the same request, with the same id, again.
type transport interface {
	roundTrip(ctx context.Context, req *protocol.Request, onEvent func(protocol.Event)) (*protocol.Reply, error)
	close() error
}

// ErrConnectionLost: a request's reply did not arrive (the connection
// closed, the server could not be reached, or the reply timed out). The
// SDK resends such requests with their ids; a call fails with it (inside
// a *ShutdownError for steps) only when every resend was lost too.
var ErrConnectionLost = errors.New("sdk: connection lost before the reply")

// newID returns a random request or connection id.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// inProcess calls an engine in this process: no network, no parts, no
// lost replies. It records a connection of its own so that ephemeral
// sessions behave as over WebSocket: they die when the pool closes.
type inProcess struct {
	e       *engine.Engine
	project string
	conn    string

	mu     sync.Mutex
	ready  bool // the project and the connection are recorded
	closed bool
}

// InProcess returns a pool that runs requests on e directly, as the given
// project (created if it does not exist yet). It is meant for tests and
// for programs that run on one machine: the engine, its stores and the
// sandbox all live in this process. The engine stays open when the pool
// closes.
func InProcess(e *engine.Engine, project string, opts ...Option) *Pool {
	t := &inProcess{e: e, project: project, conn: "inproc-" + newID()}
	return newPool(t, opts)
}

func (t *inProcess) setup(ctx context.Context) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return ErrClosed
	}
	if t.ready {
		return nil
	}
	if _, err := t.e.EnsureProject(ctx, t.project); err != nil {
		return err
	}
	if err := t.e.Connect(ctx, t.conn, t.project); err != nil {
		return err
	}
	t.ready = true
	return nil
}

func (t *inProcess) roundTrip(ctx context.Context, req *protocol.Request, onEvent func(protocol.Event)) (*protocol.Reply, error) {
	if err := t.setup(ctx); err != nil {
		return nil, err
	}
	caller := engine.Caller{Project: t.project, Connection: t.conn}
	return t.e.Handle(ctx, caller, req, onEvent), nil
}

func (t *inProcess) close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil
	}
	t.closed = true
	if !t.ready {
		return nil
	}
	return t.e.Disconnect(context.Background(), t.conn)
}
