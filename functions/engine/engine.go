// Package engine is Amber's step engine: durable Python sessions as a
// service. It is transport-agnostic — a protocol.Request in, events and a
// protocol.Reply out — and is called by the Lambda functions, amber serve
// and the SDK's in-process transport alike.
//
// A step loads a session's head from the metadata store, its pages from
// the content-addressed store, runs one feed or resume slice under the
// session's limits and the request's deadline, then commits: new chunks
// first, then one conditional write of the head. A retried request id
// returns the reply recorded at commit, so each step commits exactly once.
//
// The engine uses only core's public API and cas.
package engine

import (
	"context"
	"time"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// Config configures an Engine.
type Config struct {
	Meta   meta.Store
	Chunks cas.Store
	// StepMargin is kept free before a request's deadline for the commit
	// and the reply (default 1s): a step's run budget is the time left
	// until the context's deadline minus this margin.
	StepMargin time.Duration
	// MaxStep bounds one slice when the context has no deadline (default 30s).
	MaxStep time.Duration
	// Retention is how long sessions and snapshots live after they were
	// saved (default 7 days).
	Retention time.Duration
	// DefaultQuota is the storage quota of projects created by
	// EnsureProject without one (0: unlimited).
	DefaultQuota int64
	// CacheBytes bounds the warm interpreters and chunks kept in memory.
	CacheBytes int64
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Caller is who sends a request: the project the API key authenticated,
// and the connection it came on ("" for HTTP and in-process callers).
type Caller struct {
	Project    string
	Connection string
}

// Engine runs steps. It is safe for concurrent use by many goroutines.
type Engine struct {
	cfg Config
}

// New returns an engine over the given stores.
func New(cfg Config) (*Engine, error) {
	return &Engine{cfg: cfg}, nil
}

// Handle runs one request and returns its reply. emit, if not nil,
// receives the step's events (printed output) as they happen, before the
// reply. Handle never returns nil.
func (e *Engine) Handle(ctx context.Context, caller Caller, req *protocol.Request, emit func(protocol.Event)) *protocol.Reply {
	return protocol.Fail(req.ID, protocol.Errorf(protocol.KindInternal, "engine: not implemented yet"))
}

// EnsureProject creates the project if it does not exist, adds the API
// keys given (plain keys; only their hashes are stored) and returns it.
func (e *Engine) EnsureProject(ctx context.Context, id string, apiKeys ...string) (*meta.Project, error) {
	return nil, protocol.Errorf(protocol.KindInternal, "engine: not implemented yet")
}

// Authenticate returns the project an API key belongs to, or an error of
// kind unauthorized.
func (e *Engine) Authenticate(ctx context.Context, apiKey string) (string, error) {
	return "", protocol.Errorf(protocol.KindUnauthorized, "engine: not implemented yet")
}

// Connect records a new connection of a project.
func (e *Engine) Connect(ctx context.Context, connection, project string) error { return nil }

// ConnectionProject returns the project of a connection recorded by
// Connect, or an error of kind unauthorized.
func (e *Engine) ConnectionProject(ctx context.Context, connection string) (string, error) {
	return "", protocol.Errorf(protocol.KindUnauthorized, "engine: not implemented yet")
}

// Disconnect drops a connection and deletes its ephemeral sessions.
func (e *Engine) Disconnect(ctx context.Context, connection string) error { return nil }

// GC deletes expired records, then sweeps chunks no live root reaches
// (with the cas grace period).
func (e *Engine) GC(ctx context.Context) (GCReport, error) { return GCReport{}, nil }

// GCReport says what a GC run did.
type GCReport struct {
	ExpiredSessions  int
	ExpiredSnapshots int
	Chunks           cas.GCReport
}

// Close releases the engine's stores.
func (e *Engine) Close() error { return nil }
