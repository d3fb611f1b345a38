package sdk

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// Option configures a pool.
type Option func(*config)

type config struct {
	apiKey       string
	retries      int
	backoff      time.Duration
	maxBackoff   time.Duration
	replyTimeout time.Duration
	onRetry      func(RetryEvent)
}

func defaultConfig() config {
	return config{
		retries:      8,
		backoff:      50 * time.Millisecond,
		maxBackoff:   2 * time.Second,
		replyTimeout: 2 * time.Minute,
	}
}

// WithAPIKey sends key as the x-api-key header when connecting. Without
// it, the server must be open (amber serve without --keys).
func WithAPIKey(key string) Option { return func(c *config) { c.apiKey = key } }

// WithRetries sets how many times a request whose reply was lost (or that
// failed with a retryable server error) is sent again, with the same id,
// before the call gives up with a *ShutdownError (default 8, with
// exponential backoff from 50ms to 2s between tries).
func WithRetries(n int) Option { return func(c *config) { c.retries = n } }

// WithReplyTimeout bounds the wait for one reply on a live connection
// (default 2 minutes; a step's own deadline is API Gateway's 29 seconds).
// Past it the SDK reconnects and sends the request again.
func WithReplyTimeout(d time.Duration) Option { return func(c *config) { c.replyTimeout = d } }

// RetryEvent describes one resend of a request (see WithRetryHook).
type RetryEvent struct {
	Op      string // the request's operation
	ID      string // its request id, the same on every try
	Attempt int    // 1 for the first resend
	// Reason is why the previous try did not count: a lost connection
	// (errors.Is(Reason, ErrConnectionLost)) or the server's retryable
	// error (*Error).
	Reason error
}

// WithRetryHook calls hook, on the calling goroutine, before each resend
// of a request with its id: for logging and metrics of retries. The hook
// must not block for long; the resend waits for it.
func WithRetryHook(hook func(RetryEvent)) Option { return func(c *config) { c.onRetry = hook } }

// Pool is a client of one Amber project: it checks out sessions and lists
// and deletes saved ids. It is safe for use by many goroutines at once;
// each Session it returns is for one goroutine at a time.
type Pool struct {
	t   transport
	cfg config

	mu     sync.Mutex
	closed bool
}

func newPool(t transport, opts []Option) *Pool {
	p := &Pool{t: t, cfg: defaultConfig()}
	for _, o := range opts {
		o(&p.cfg)
	}
	return p
}

// Close closes the pool's connection. Its ephemeral sessions are deleted
// by the server; its durable sessions stay, loadable by id.
func (p *Pool) Close() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	p.mu.Unlock()
	return p.t.close()
}

// call sends req and waits for its final reply, resending it with the
// same id when the reply was lost or the server asked for a retry. The
// server runs a request id once: a resent request whose step had already
// committed gets the recorded reply. Printed output reaches onEvent once
// even across resends (a re-run prints the same text, which is skipped).
func (p *Pool) call(ctx context.Context, req *protocol.Request, onEvent func(protocol.Event)) (*protocol.Reply, error) {
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if closed {
		return nil, ErrClosed
	}
	if req.ID == "" {
		req.ID = newID()
	}
	if req.TraceParent == "" {
		req.TraceParent = traceParent(ctx)
	}
	var mu sync.Mutex
	seen := 0 // events handed to onEvent so far
	backoff := p.cfg.backoff
	for attempt := 0; ; attempt++ {
		n := 0 // events of this attempt
		ev := func(e protocol.Event) {
			mu.Lock()
			defer mu.Unlock()
			n++
			if n <= seen {
				return
			}
			seen++
			if onEvent != nil {
				onEvent(e)
			}
		}
		r, err := p.t.roundTrip(ctx, req, ev)
		retry := false
		switch {
		case err != nil:
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if !errors.Is(err, ErrConnectionLost) {
				return nil, err
			}
			retry = true
		case !r.OK && r.Error != nil:
			switch r.Error.Kind {
			case protocol.KindInternal:
				retry = true
			case protocol.KindConflict:
				// Our own earlier try may still be running on the
				// server; once it has committed, the same id gets its
				// recorded reply.
				retry = attempt > 0
			}
		}
		if !retry || attempt >= p.cfg.retries {
			if err != nil {
				return nil, err
			}
			mu.Lock()
			if seen < len(r.Printed) {
				for _, e := range r.Printed[seen:] {
					if onEvent != nil {
						onEvent(e)
					}
				}
				seen = len(r.Printed)
			}
			mu.Unlock()
			return r, nil
		}
		if p.cfg.onRetry != nil {
			reason := err
			if reason == nil {
				reason = fromProtocol(r.Error)
			}
			p.cfg.onRetry(RetryEvent{Op: req.Op, ID: req.ID, Attempt: attempt + 1, Reason: reason})
		}
		select {
		case <-time.After(backoff):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		backoff = min(2*backoff, p.cfg.maxBackoff)
	}
}

// do sends a request that is not a step and turns a failed reply into
// its typed error.
func (p *Pool) do(ctx context.Context, req *protocol.Request) (*protocol.Reply, error) {
	r, err := p.call(ctx, req, nil)
	if err != nil {
		return nil, err
	}
	if !r.OK {
		return nil, fromProtocol(r.Error)
	}
	return r, nil
}

// Limits bound what a session may use, summed over all its steps. Zero
// means unlimited, except MaxRecursion whose zero is the default depth.
type Limits struct {
	MaxDuration    time.Duration // run time
	MaxMemory      int64         // heap bytes
	MaxAllocations int64
	MaxRecursion   int
	MaxOutput      int64 // bytes printed
	MaxSuspensions int   // host calls, name lookups and futures waits
}

func (l Limits) wire() *protocol.Limits {
	w := &protocol.Limits{
		MaxDurationMs:  l.MaxDuration.Milliseconds(),
		MaxMemory:      l.MaxMemory,
		MaxAllocations: l.MaxAllocations,
		MaxRecursion:   l.MaxRecursion,
		MaxOutput:      l.MaxOutput,
		MaxSuspensions: l.MaxSuspensions,
	}
	if *w == (protocol.Limits{}) {
		return nil
	}
	return w
}

// CheckoutOptions configure a new session.
type CheckoutOptions struct {
	// Ephemeral sessions cannot be dumped or loaded by id, and are deleted
	// when the pool's connection closes.
	Ephemeral bool
	// ScriptName is the file name in tracebacks (default "main.py").
	ScriptName string
	Limits     Limits
	// TypeCheck checks each feed statically before it runs.
	TypeCheck bool
	// Volumes mounts hosted volumes (see Pool.Volume) for every step of
	// the session: sandbox path -> volume name, e.g. {"/data": "notes"}.
	Volumes map[string]string
}

// Checkout creates a new, fresh session. Close it when done; it stays
// loadable by its id (Session.ID) until it expires.
func (p *Pool) Checkout(ctx context.Context, opts *CheckoutOptions) (*Session, error) {
	if opts == nil {
		opts = &CheckoutOptions{}
	}
	r, err := p.do(ctx, &protocol.Request{
		Op:         protocol.OpCheckout,
		Ephemeral:  opts.Ephemeral,
		ScriptName: opts.ScriptName,
		Limits:     opts.Limits.wire(),
		TypeCheck:  opts.TypeCheck,
		Volumes:    opts.Volumes,
	})
	if err != nil {
		return nil, err
	}
	return &Session{pool: p, id: r.Session, ephemeral: opts.Ephemeral}, nil
}

// SnapshotInfo describes one saved id of the project: a session's last
// committed state or a snapshot made by Dump.
type SnapshotInfo = protocol.SnapshotInfo

// Quota is the project's storage use and limit, in bytes.
type Quota = protocol.Quota

// Snapshots lists the project's saved sessions and snapshots, and its
// storage quota.
func (p *Pool) Snapshots(ctx context.Context) ([]SnapshotInfo, *Quota, error) {
	r, err := p.do(ctx, &protocol.Request{Op: protocol.OpSnapshots})
	if err != nil {
		return nil, nil, err
	}
	return r.Snapshots, r.Quota, nil
}

// DeleteSnapshot deletes a snapshot made by Dump.
func (p *Pool) DeleteSnapshot(ctx context.Context, id []byte) error {
	_, err := p.do(ctx, &protocol.Request{Op: protocol.OpDeleteSnapshot, Snapshot: string(id)})
	return err
}

// Usage is what the project used per UTC day: steps, interpreter CPU
// time, bytes written and GB-hours stored, with its daily caps
// (docs/protocol.md, "Usage").
type Usage = protocol.Usage

// UsageDay is one day of Usage (or its totals).
type UsageDay = protocol.UsageDay

// Usage returns the project's usage over the last days UTC days, today
// included (0: all 31 the server keeps). A project sees only its own.
func (p *Pool) Usage(ctx context.Context, days int) (*Usage, error) {
	r, err := p.do(ctx, &protocol.Request{Op: protocol.OpUsage, Days: days})
	if err != nil {
		return nil, err
	}
	if r.Usage == nil {
		return nil, errors.New("sdk: usage: the reply has no usage")
	}
	return r.Usage, nil
}
