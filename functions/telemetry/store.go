package telemetry

import (
	"context"
	"errors"
	"time"

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

// DefaultStoreSpanMin is the shortest store call that gets a span: the
// calls that cost time (a DynamoDB or S3 request, a bbolt commit's fsync)
// do, the ones that do not (a bbolt read, a cached chunk) cost the trace
// nothing.
const DefaultStoreSpanMin = 50 * time.Microsecond

// storeCall is one store call inside a traced step: the step records
// it when it ends, if it took at least the provider's StoreSpanMin, and
// the worker makes its span. A zero storeCall (outside steps: GC's
// calls) records nothing.
type storeCall struct {
	s            *Step
	system, call string
	start        time.Time
}

func (p *Provider) storeSpan(ctx context.Context, system, call string) storeCall {
	s := FromContext(ctx)
	if s == nil || !s.traced {
		return storeCall{}
	}
	return storeCall{s: s, system: system, call: call, start: time.Now()}
}

func (c storeCall) end(bytes int, err error) {
	if c.s == nil {
		return
	}
	r := storeRecord{system: c.system, call: c.call, start: c.start, end: time.Now(), bytes: bytes}
	switch {
	case errors.Is(err, meta.ErrNotFound) || errors.Is(err, cas.ErrNotFound):
		r.notFound = true
	case err != nil:
		r.failed = true
	}
	c.s.storeCall(r)
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
	sc := c.p.storeSpan(ctx, c.system, "Get")
	b, err := c.s.Get(ctx, a)
	sc.end(len(b), err)
	return b, err
}

func (c *chunks) Put(ctx context.Context, a cas.Addr, data []byte) error {
	sc := c.p.storeSpan(ctx, c.system, "Put")
	err := c.s.Put(ctx, a, data)
	sc.end(len(data), err)
	return err
}

func (c *chunks) Stat(ctx context.Context, a cas.Addr) (cas.ChunkInfo, error) {
	sc := c.p.storeSpan(ctx, c.system, "Stat")
	ci, err := c.s.Stat(ctx, a)
	sc.end(0, err)
	return ci, err
}

func (c *chunks) Delete(ctx context.Context, a cas.Addr) error {
	sc := c.p.storeSpan(ctx, c.system, "Delete")
	err := c.s.Delete(ctx, a)
	sc.end(0, err)
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
	sc := c.p.storeSpan(ctx, c.system, "GetBatch")
	m, err := c.bg.GetBatch(ctx, addrs)
	n := 0
	for _, b := range m {
		n += len(b)
	}
	sc.end(n, err)
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
	sc := m.p.storeSpan(ctx, m.system, "GetProject")
	r, err := m.Store.GetProject(ctx, id)
	sc.end(0, err)
	return r, err
}

func (m *metaStore) AddUsage(ctx context.Context, project string, delta int64) error {
	sc := m.p.storeSpan(ctx, m.system, "AddUsage")
	err := m.Store.AddUsage(ctx, project, delta)
	sc.end(0, err)
	return err
}

func (m *metaStore) CreateSession(ctx context.Context, s *meta.Session) error {
	sc := m.p.storeSpan(ctx, m.system, "CreateSession")
	err := m.Store.CreateSession(ctx, s)
	sc.end(0, err)
	return err
}

func (m *metaStore) GetSession(ctx context.Context, project, id string) (*meta.Session, error) {
	sc := m.p.storeSpan(ctx, m.system, "GetSession")
	r, err := m.Store.GetSession(ctx, project, id)
	sc.end(0, err)
	return r, err
}

func (m *metaStore) CommitSession(ctx context.Context, s *meta.Session, expectVersion int64) error {
	sc := m.p.storeSpan(ctx, m.system, "CommitSession")
	err := m.Store.CommitSession(ctx, s, expectVersion)
	sc.end(len(s.Extra)+len(s.ReplyInline)+len(s.Steps)+len(s.Config), err)
	return err
}

func (m *metaStore) GetSnapshot(ctx context.Context, project, id string) (*meta.Snapshot, error) {
	sc := m.p.storeSpan(ctx, m.system, "GetSnapshot")
	r, err := m.Store.GetSnapshot(ctx, project, id)
	sc.end(0, err)
	return r, err
}

func (m *metaStore) PutSnapshot(ctx context.Context, s *meta.Snapshot) error {
	sc := m.p.storeSpan(ctx, m.system, "PutSnapshot")
	err := m.Store.PutSnapshot(ctx, s)
	sc.end(0, err)
	return err
}
