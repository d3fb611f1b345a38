package telemetry

import (
	"context"
	"errors"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
)

// Store systems, the db.system attribute of store spans.
const (
	SystemS3       = "s3"
	SystemDynamoDB = "dynamodb"
	SystemBolt     = "bbolt"
	SystemFiles    = "files" // the chunk directory of the embedded store
)

// storeSpan starts a store call's span when ctx is inside a recorded
// step (store calls outside steps, such as GC's, start no trace).
func (p *Provider) storeSpan(ctx context.Context, system, call string) (context.Context, trace.Span) {
	parent := trace.SpanFromContext(ctx)
	if !parent.IsRecording() {
		return ctx, nil
	}
	return p.tracer.Start(ctx, system+" "+call, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("db.system", system), attribute.String("db.operation", call)))
}

func endStore(sp trace.Span, bytes int, err error) {
	if sp == nil {
		return
	}
	if bytes > 0 {
		sp.SetAttributes(attribute.Int("amber.bytes", bytes))
	}
	switch {
	case errors.Is(err, meta.ErrNotFound) || errors.Is(err, cas.ErrNotFound):
		sp.SetAttributes(attribute.Bool("amber.found", false))
	case err != nil:
		// The error's text names keys and paths, not tenant data, but a
		// store call's outcome is all a trace needs.
		sp.SetStatus(codes.Error, "store call failed")
	}
	sp.End()
}

// Chunks wraps a chunk store so that its calls inside traced steps are
// spans of system. Without tracing it returns s itself.
func (p *Provider) Chunks(s cas.Store, system string) cas.Store {
	if !p.Tracing() || s == nil {
		return s
	}
	c := &chunks{s: s, p: p, system: system}
	if bg, ok := s.(cas.BatchGetter); ok {
		return &batchChunks{chunks: c, bg: bg}
	}
	return c
}

type chunks struct {
	s      cas.Store
	p      *Provider
	system string
}

func (c *chunks) Get(ctx context.Context, a cas.Addr) ([]byte, error) {
	ctx, sp := c.p.storeSpan(ctx, c.system, "Get")
	b, err := c.s.Get(ctx, a)
	endStore(sp, len(b), err)
	return b, err
}

func (c *chunks) Put(ctx context.Context, a cas.Addr, data []byte) error {
	ctx, sp := c.p.storeSpan(ctx, c.system, "Put")
	err := c.s.Put(ctx, a, data)
	endStore(sp, len(data), err)
	return err
}

func (c *chunks) Stat(ctx context.Context, a cas.Addr) (cas.ChunkInfo, error) {
	ctx, sp := c.p.storeSpan(ctx, c.system, "Stat")
	ci, err := c.s.Stat(ctx, a)
	endStore(sp, 0, err)
	return ci, err
}

func (c *chunks) Delete(ctx context.Context, a cas.Addr) error {
	ctx, sp := c.p.storeSpan(ctx, c.system, "Delete")
	err := c.s.Delete(ctx, a)
	endStore(sp, 0, err)
	return err
}

func (c *chunks) Walk(ctx context.Context, fn func(cas.ChunkInfo) error) error {
	return c.s.Walk(ctx, fn)
}

type batchChunks struct {
	*chunks
	bg cas.BatchGetter
}

func (c *batchChunks) GetBatch(ctx context.Context, addrs []cas.Addr) (map[cas.Addr][]byte, error) {
	ctx, sp := c.p.storeSpan(ctx, c.system, "GetBatch")
	m, err := c.bg.GetBatch(ctx, addrs)
	n := 0
	for _, b := range m {
		n += len(b)
	}
	if sp != nil {
		sp.SetAttributes(attribute.Int("amber.chunks", len(addrs)))
	}
	endStore(sp, n, err)
	return m, err
}

// Meta wraps a metadata store so that the calls a step makes (head
// reads, the commit, quota charges, project and snapshot reads) are
// spans of system inside traced steps. Without tracing it returns m.
func (p *Provider) Meta(m meta.Store, system string) meta.Store {
	if !p.Tracing() || m == nil {
		return m
	}
	return &metaStore{Store: m, p: p, system: system}
}

type metaStore struct {
	meta.Store
	p      *Provider
	system string
}

func (m *metaStore) GetProject(ctx context.Context, id string) (*meta.Project, error) {
	ctx, sp := m.p.storeSpan(ctx, m.system, "GetProject")
	r, err := m.Store.GetProject(ctx, id)
	endStore(sp, 0, err)
	return r, err
}

func (m *metaStore) AddUsage(ctx context.Context, project string, delta int64) error {
	ctx, sp := m.p.storeSpan(ctx, m.system, "AddUsage")
	err := m.Store.AddUsage(ctx, project, delta)
	endStore(sp, 0, err)
	return err
}

func (m *metaStore) CreateSession(ctx context.Context, s *meta.Session) error {
	ctx, sp := m.p.storeSpan(ctx, m.system, "CreateSession")
	err := m.Store.CreateSession(ctx, s)
	endStore(sp, 0, err)
	return err
}

func (m *metaStore) GetSession(ctx context.Context, project, id string) (*meta.Session, error) {
	ctx, sp := m.p.storeSpan(ctx, m.system, "GetSession")
	r, err := m.Store.GetSession(ctx, project, id)
	endStore(sp, 0, err)
	return r, err
}

func (m *metaStore) CommitSession(ctx context.Context, s *meta.Session, expectVersion int64) error {
	ctx, sp := m.p.storeSpan(ctx, m.system, "CommitSession")
	err := m.Store.CommitSession(ctx, s, expectVersion)
	endStore(sp, len(s.Extra)+len(s.ReplyInline)+len(s.Steps)+len(s.Config), err)
	return err
}

func (m *metaStore) GetSnapshot(ctx context.Context, project, id string) (*meta.Snapshot, error) {
	ctx, sp := m.p.storeSpan(ctx, m.system, "GetSnapshot")
	r, err := m.Store.GetSnapshot(ctx, project, id)
	endStore(sp, 0, err)
	return r, err
}

func (m *metaStore) PutSnapshot(ctx context.Context, s *meta.Snapshot) error {
	ctx, sp := m.p.storeSpan(ctx, m.system, "PutSnapshot")
	err := m.Store.PutSnapshot(ctx, s)
	endStore(sp, 0, err)
	return err
}
