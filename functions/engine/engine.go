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
// The engine uses only core's public API and cas. README.md in this
// directory has the design, the measured costs and the benchmarks.
package engine

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"runtime/debug"
	"sync"
	"time"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/functions/telemetry"
	"github.com/amber-sandbox/amber/functions/volume"
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
	// CacheBytes bounds the memory of warm interpreters (half, counted in
	// their states' logical bytes) and of cached chunks (the other half,
	// in OpenLocal and OpenAWS). Default 256 MB.
	CacheBytes int64
	// InlineBytes bounds the overlay of changed pages a session head
	// carries (default 3 KB): a step whose overlay would grow past it
	// flushes the pages as chunks under a new root. Negative: flush every
	// step.
	InlineBytes int
	// WholePageFlush makes a flush store every changed page whole, as the
	// engine did before patch layers (patchlayer.go), so that engines
	// built before them can read every root it writes: for the first
	// deployment of a stack running such a build (AMBER_PATCH_LAYERS=off),
	// and for tests of old-format roots.
	WholePageFlush bool
	// GCGrace is the cas grace period of GC (default cas.DefaultGrace): a
	// commit must finish within it.
	GCGrace time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
	// MaxVolumeFileBytes and MaxVolumeBytes limit a hosted volume's files
	// and total bytes (0: functions/volume's defaults, 64 MiB and 1 GiB).
	MaxVolumeFileBytes int64
	MaxVolumeBytes     int64

	// Ceilings cap every project's sessions and steps (zero fields:
	// DefaultCeilings'); ProjectCeilings override them per project (zero
	// fields: Ceilings'). See ceilings.go.
	Ceilings        Ceilings
	ProjectCeilings map[string]Ceilings
	// MemoryBudget is the heap memory all steps in flight in this process
	// share (default DefaultMemoryBudget(ProcessMemory(), CacheBytes)).
	MemoryBudget int64
	// MaxStepsInFlight caps the steps running at once in this process,
	// over all projects (default 4 per CPU); see admission.go.
	MaxStepsInFlight int
	// UsageRefresh is how often a process reads a capped project's usage
	// again for its daily caps (default 5s); between reads it adds its
	// own steps (usage.go).
	UsageRefresh time.Duration
	// Logger receives internal errors with their details and correlation
	// ids (default slog.Default()).
	Logger *slog.Logger
	// Telemetry records spans and metrics of the steps (nil: off; see
	// functions/telemetry and telemetry.go).
	Telemetry *telemetry.Provider
}

// Caller is who sends a request: the project the API key authenticated,
// and the connection it came on ("" for HTTP and in-process callers).
type Caller struct {
	Project    string
	Connection string
}

// Engine runs steps. It is safe for concurrent use by many goroutines.
type Engine struct {
	cfg    Config
	meta   meta.Store
	chunks cas.Store
	warm   *warmCache
	locks  [64]sync.Mutex  // per-session serialization, striped by id
	vols   *volume.Service // nil when the metadata store keeps no volumes

	mu     sync.Mutex
	codecs map[string]*cas.Codec // project -> codec
	closer func() error

	tel       *telemetry.Provider
	admission *admission // fair admission of steps among projects
	mem       *memBudget // the process's memory for steps

	usageStore meta.UsageStore // nil when the metadata store keeps no usage records
	gate       *usageGate      // the daily caps' estimates

	// gcListedSnapshots, if set (by tests), is called by GC between its
	// reads of a project's snapshots and of its sessions.
	gcListedSnapshots func(project string)
	// volumesCommitted, if set (by benchmarks), gets the store writes and
	// bytes of each step's volume commits.
	volumesCommitted func(requests int, bytes int64)
}

// New returns an engine over the given stores.
func New(cfg Config) (*Engine, error) {
	if cfg.Meta == nil || cfg.Chunks == nil {
		return nil, errors.New("engine: Config needs Meta and Chunks")
	}
	if cfg.StepMargin <= 0 {
		cfg.StepMargin = time.Second
	}
	if cfg.MaxStep <= 0 {
		cfg.MaxStep = 30 * time.Second
	}
	if cfg.Retention <= 0 {
		cfg.Retention = 7 * 24 * time.Hour
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = 256 << 20
	}
	if cfg.InlineBytes == 0 {
		cfg.InlineBytes = 3 << 10
	}
	if cfg.GCGrace <= 0 {
		cfg.GCGrace = cas.DefaultGrace
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.UsageRefresh <= 0 {
		cfg.UsageRefresh = 5 * time.Second
	}
	if err := cfg.setCeilings(); err != nil {
		return nil, err
	}
	e := &Engine{
		cfg:    cfg,
		meta:   cfg.Telemetry.Meta(cfg.Meta, metaSystem(cfg.Meta)),
		chunks: cfg.Chunks,
		warm:   newWarmCache(cfg.CacheBytes / 2), // the other half: the chunk LRU of OpenLocal and OpenAWS
		codecs: map[string]*cas.Codec{},
		vols:   newVolumes(cfg),
	}
	e.tel = cfg.Telemetry
	e.tel.ObserveSessions(e.warmSessions)
	e.admission = newAdmission(cfg.MaxStepsInFlight)
	e.mem = newMemBudget(cfg.MemoryBudget)
	e.usageStore, _ = cfg.Meta.(meta.UsageStore)
	e.gate = newUsageGate()
	return e, nil
}

// Handle runs one request and returns its reply. emit, if not nil,
// receives the step's events (printed output) as they happen, before the
// reply. Handle never returns nil.
func (e *Engine) Handle(ctx context.Context, caller Caller, req *protocol.Request, emit func(protocol.Event)) *protocol.Reply {
	if req == nil {
		return protocol.Fail("", protocol.Errorf(protocol.KindBadRequest, "no request"))
	}
	if caller.Project == "" {
		return protocol.Fail(req.ID, protocol.Errorf(protocol.KindUnauthorized, "no project"))
	}
	if req.ID == "" {
		return protocol.Fail(req.ID, protocol.Errorf(protocol.KindBadRequest, "a request needs an id"))
	}
	ctx, ts := e.startTrace(ctx, caller, req)
	rep, err := e.safeHandle(ctx, caller, req, emit)
	if err != nil {
		rep = protocol.Fail(req.ID, e.safe(ctx, caller, req, err))
	}
	rep.ID = req.ID
	endTrace(ctx, ts, rep)
	return rep
}

// safeHandle turns a panic into an internal error: one bad step must not
// take down a server that runs many sessions. A panic before the head
// write commits nothing; after it, a retry returns the recorded reply.
func (e *Engine) safeHandle(ctx context.Context, caller Caller, req *protocol.Request, emit func(protocol.Event)) (rep *protocol.Reply, err error) {
	defer func() {
		if r := recover(); r != nil {
			e.warm.drop(caller.Project, req.Session)
			rep, err = nil, &internalError{op: req.Op, value: r, stack: debug.Stack()}
		}
	}()
	return e.handle(ctx, caller, req, emit)
}

func (e *Engine) handle(ctx context.Context, caller Caller, req *protocol.Request, emit func(protocol.Event)) (*protocol.Reply, error) {
	if admitted(req.Op) {
		exit, err := e.admit(ctx, caller.Project)
		if err != nil {
			return nil, err
		}
		defer exit()
	}
	switch req.Op {
	case protocol.OpCheckout:
		return e.checkout(ctx, caller, req)
	case protocol.OpFeed, protocol.OpResume, protocol.OpResumeFutures, protocol.OpContinue,
		protocol.OpLoadSession, protocol.OpLoadSnapshot, protocol.OpClose:
		return e.step(ctx, caller, req, emit)
	case protocol.OpDump:
		return e.dump(ctx, caller, req)
	case protocol.OpSnapshots:
		return e.snapshots(ctx, caller)
	case protocol.OpDeleteSnapshot:
		return e.deleteSnapshot(ctx, caller, req)
	case protocol.OpHistory:
		return e.history(ctx, caller, req)
	case protocol.OpUsage:
		return e.usage(ctx, caller, req)
	case protocol.OpVolumeList, protocol.OpVolumeRead, protocol.OpVolumeWrite, protocol.OpVolumeDelete:
		return e.volumeOp(ctx, caller, req)
	}
	return nil, protocol.Errorf(protocol.KindBadRequest, "unknown op %q", req.Op)
}

// --- projects and connections ----------------------------------------------------

func hashKey(apiKey string) string {
	h := sha256.Sum256([]byte(apiKey))
	return hex.EncodeToString(h[:])
}

// EnsureProject creates the project if it does not exist, adds the API
// keys given (plain keys; only their hashes are stored) and returns it.
func (e *Engine) EnsureProject(ctx context.Context, id string, apiKeys ...string) (*meta.Project, error) {
	if id == "" {
		return nil, protocol.Errorf(protocol.KindBadRequest, "a project needs an id")
	}
	p, err := e.meta.GetProject(ctx, id)
	switch {
	case errors.Is(err, meta.ErrNotFound):
		p = &meta.Project{ID: id, CASKey: make([]byte, 32), Quota: e.cfg.DefaultQuota}
		if _, err := rand.Read(p.CASKey); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, fmt.Errorf("engine: project %s: %w", id, err)
	}
	changed := p.Used == 0 && p.KeyHashes == nil
	for _, k := range apiKeys {
		h := hashKey(k)
		found := false
		for _, have := range p.KeyHashes {
			found = found || have == h
		}
		if !found {
			p.KeyHashes = append(p.KeyHashes, h)
			changed = true
		}
	}
	if changed || errors.Is(err, meta.ErrNotFound) {
		if err := e.meta.PutProject(ctx, p); err != nil {
			return nil, fmt.Errorf("engine: project %s: %w", id, err)
		}
	}
	return p, nil
}

// Authenticate returns the project an API key belongs to, or an error of
// kind unauthorized.
func (e *Engine) Authenticate(ctx context.Context, apiKey string) (string, error) {
	if apiKey == "" {
		return "", protocol.Errorf(protocol.KindUnauthorized, "missing API key")
	}
	p, err := e.meta.ProjectByKeyHash(ctx, hashKey(apiKey))
	if errors.Is(err, meta.ErrNotFound) {
		return "", protocol.Errorf(protocol.KindUnauthorized, "unknown API key")
	}
	if err != nil {
		return "", fmt.Errorf("engine: authenticate: %w", err)
	}
	return p.ID, nil
}

// Connect records a new connection of a project.
func (e *Engine) Connect(ctx context.Context, connection, project string) error {
	return e.meta.PutConnection(ctx, &meta.Connection{ID: connection, Project: project, Created: e.cfg.Now()})
}

// ConnectTraced records a new connection as Connect does, with the W3C
// traceparent of its handshake: the parent of the spans of its steps
// whose requests carry none.
func (e *Engine) ConnectTraced(ctx context.Context, connection, project, traceparent string) error {
	return e.meta.PutConnection(ctx, &meta.Connection{ID: connection, Project: project, Created: e.cfg.Now(), TraceParent: traceparent})
}

// ConnectionTrace returns the project of a connection and the
// traceparent ConnectTraced recorded ("" if none), or an error of kind
// unauthorized.
func (e *Engine) ConnectionTrace(ctx context.Context, connection string) (project, traceparent string, err error) {
	c, err := e.meta.GetConnection(ctx, connection)
	if errors.Is(err, meta.ErrNotFound) {
		return "", "", protocol.Errorf(protocol.KindUnauthorized, "unknown connection")
	}
	if err != nil {
		return "", "", fmt.Errorf("engine: connection: %w", err)
	}
	return c.Project, c.TraceParent, nil
}

// ConnectionProject returns the project of a connection recorded by
// Connect, or an error of kind unauthorized.
func (e *Engine) ConnectionProject(ctx context.Context, connection string) (string, error) {
	c, err := e.meta.GetConnection(ctx, connection)
	if errors.Is(err, meta.ErrNotFound) {
		return "", protocol.Errorf(protocol.KindUnauthorized, "unknown connection")
	}
	if err != nil {
		return "", fmt.Errorf("engine: connection: %w", err)
	}
	return c.Project, nil
}

// Disconnect drops a connection and deletes its ephemeral sessions.
func (e *Engine) Disconnect(ctx context.Context, connection string) error {
	c, err := e.meta.GetConnection(ctx, connection)
	if errors.Is(err, meta.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("engine: disconnect: %w", err)
	}
	for _, id := range c.Ephemeral {
		if err := e.dropSession(ctx, c.Project, id); err != nil {
			return err
		}
	}
	return e.meta.DeleteConnection(ctx, connection)
}

// dropSession deletes a session record and returns its bytes to the quota.
func (e *Engine) dropSession(ctx context.Context, project, id string) error {
	s, err := e.meta.GetSession(ctx, project, id)
	if errors.Is(err, meta.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := e.keepUsage(ctx, s); err != nil {
		return err
	}
	if err := e.meta.DeleteSession(ctx, project, id); err != nil {
		return err
	}
	e.warm.drop(project, id)
	if c := charged(s.Bytes); c > 0 {
		return e.meta.AddUsage(ctx, project, -c)
	}
	return nil
}

// usageQuantum is the granularity of quota charges: a session or snapshot
// is charged its logical bytes rounded up to it, so most steps, which grow
// a state by a few bytes, change no charge and write nothing but the head
// (the project's usage item would otherwise be a hot key).
const usageQuantum = 64 << 10

// charged is what a state of n logical bytes counts against the quota.
func charged(n int64) int64 {
	if n <= 0 {
		return 0
	}
	return (n + usageQuantum - 1) / usageQuantum * usageQuantum
}

// Close releases the engine's stores.
func (e *Engine) Close() error {
	if e.closer != nil {
		return e.closer()
	}
	return nil
}

// --- helpers ---------------------------------------------------------------------

// repo returns the project's view of the chunk store (its codec), over
// store (the engine's, or a counting wrapper for one step).
func (e *Engine) repo(ctx context.Context, project string, store cas.Store) (*cas.Repo, error) {
	e.mu.Lock()
	c := e.codecs[project]
	e.mu.Unlock()
	if c == nil {
		p, err := e.meta.GetProject(ctx, project)
		if errors.Is(err, meta.ErrNotFound) {
			return nil, protocol.Errorf(protocol.KindUnauthorized, "unknown project %s", project)
		}
		if err != nil {
			return nil, err
		}
		var key cas.Key
		if len(p.CASKey) != len(key) {
			return nil, fmt.Errorf("engine: project %s has a %d-byte cas key", project, len(p.CASKey))
		}
		copy(key[:], p.CASKey)
		if c, err = cas.NewCodec(key); err != nil {
			return nil, err
		}
		e.mu.Lock()
		e.codecs[project] = c
		e.mu.Unlock()
	}
	if store == nil {
		store = e.chunks
	}
	return cas.NewRepo(store, c), nil
}

// derivedID names what request reqID of project made (a session or a
// snapshot), so a retried checkout or dump finds it: a keyed hash, 128 bits.
func (e *Engine) derivedID(ctx context.Context, project, what, reqID string) (string, error) {
	p, err := e.meta.GetProject(ctx, project)
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, p.CASKey)
	fmt.Fprintf(m, "%s\x00%s\x00%s", what, project, reqID)
	return hex.EncodeToString(m.Sum(nil)[:16]), nil
}

func (e *Engine) lock(session string) func() {
	h := fnv.New32a()
	h.Write([]byte(session))
	l := &e.locks[h.Sum32()%uint32(len(e.locks))]
	l.Lock()
	return l.Unlock
}

func (e *Engine) expiry(now time.Time) time.Time { return now.Add(e.cfg.Retention) }

func unknown(id string) error {
	return protocol.Errorf(protocol.KindUnknownSession, "unknown session or snapshot %q", id)
}

// head reads a live (not expired) session head of the project.
func (e *Engine) head(ctx context.Context, project, id string) (*meta.Session, error) {
	if id == "" {
		return nil, protocol.Errorf(protocol.KindBadRequest, "no session given")
	}
	s, err := e.meta.GetSession(ctx, project, id)
	if errors.Is(err, meta.ErrNotFound) {
		return nil, unknown(id)
	}
	if err != nil {
		return nil, fmt.Errorf("engine: read session head: %w", err)
	}
	if !s.Expires.IsZero() && !e.cfg.Now().Before(s.Expires) {
		return nil, unknown(id)
	}
	return s, nil
}
