package engine

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/volume"
)

// memMeta is an in-memory meta.Store for fast tests: the same contract as
// the bbolt and DynamoDB stores (copies in and out, conditional commits).
type memMeta struct {
	projects *records[meta.Project]
	sessions *records[meta.Session]
	snaps    *records[meta.Snapshot]
	conns    *records[meta.Connection]
	usage    *records[meta.UsageRecord]
	*volume.MemHeads
}

func newMemMeta() *memMeta {
	return &memMeta{
		MemHeads: volume.NewMemHeads(),
		projects: newRecords("project", func(p *meta.Project) (string, string) { return "", p.ID },
			func(p *meta.Project) { p.KeyHashes = slices.Clone(p.KeyHashes) }),
		sessions: newRecords("session", func(s *meta.Session) (string, string) { return s.Project, s.ID }, nil),
		snaps:    newRecords("snapshot", func(s *meta.Snapshot) (string, string) { return s.Project, s.ID }, nil),
		conns: newRecords("connection", func(c *meta.Connection) (string, string) { return "", c.ID },
			func(c *meta.Connection) { c.Ephemeral = slices.Clone(c.Ephemeral) }),
		usage: newRecords("usage record", func(r *meta.UsageRecord) (string, string) { return r.Project, r.ID },
			func(r *meta.UsageRecord) { r.Data = slices.Clone(r.Data) }),
	}
}

// records holds one kind of record under its own lock, by project and id
// (projects and connections belong to no project: ""). Records are copied
// in and out; clone, if set, also copies what a record refers to.
type records[T any] struct {
	mu    sync.Mutex
	noun  string
	key   func(*T) (project, id string)
	clone func(*T)
	m     map[string]T // by "project/id"
}

func newRecords[T any](noun string, key func(*T) (project, id string), clone func(*T)) *records[T] {
	if clone == nil {
		clone = func(*T) {}
	}
	return &records[T]{noun: noun, key: key, clone: clone, m: map[string]T{}}
}

func notFound(what, id string) error { return fmt.Errorf("%s %s: %w", what, id, meta.ErrNotFound) }

// put stores a copy of v when replaces accepts what is stored under its
// key (nil: nothing), else fails with conflict.
func (r *records[T]) put(v *T, replaces func(old *T) bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	project, id := r.key(v)
	k := project + "/" + id
	var old *T
	if o, ok := r.m[k]; ok {
		old = &o
	}
	if !replaces(old) {
		return meta.ErrConflict
	}
	c := *v
	r.clone(&c)
	r.m[k] = c
	return nil
}

// isNew accepts only a record that is not stored yet.
func isNew[T any](old *T) bool { return old == nil }

// always accepts any record.
func always[T any](*T) bool { return true }

func (r *records[T]) get(project, id string) (*T, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.m[project+"/"+id]
	if !ok {
		return nil, notFound(r.noun, id)
	}
	r.clone(&v)
	return &v, nil
}

// update changes the stored record with change, which may refuse.
func (r *records[T]) update(project, id string, change func(*T) error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := project + "/" + id
	v, ok := r.m[k]
	if !ok {
		return notFound(r.noun, id)
	}
	r.clone(&v)
	if err := change(&v); err != nil {
		return err
	}
	r.m[k] = v
	return nil
}

func (r *records[T]) delete(project, id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.m, project+"/"+id)
	return nil
}

// list returns copies of the records of project, ordered by id.
func (r *records[T]) list(project string) []*T {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []*T
	for _, v := range r.m {
		if p, _ := r.key(&v); p == project {
			r.clone(&v)
			out = append(out, &v)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		_, a := r.key(out[i])
		_, b := r.key(out[j])
		return a < b
	})
	return out
}

func (m *memMeta) PutProject(_ context.Context, p *meta.Project) error {
	return m.projects.put(p, always)
}

func (m *memMeta) GetProject(_ context.Context, id string) (*meta.Project, error) {
	return m.projects.get("", id)
}

func (m *memMeta) ProjectByKeyHash(_ context.Context, h string) (*meta.Project, error) {
	for _, p := range m.projects.list("") {
		if slices.Contains(p.KeyHashes, h) {
			return p, nil
		}
	}
	return nil, notFound("key", h)
}

func (m *memMeta) AddUsage(_ context.Context, project string, delta int64) error {
	return m.projects.update("", project, func(p *meta.Project) error {
		if delta > 0 && p.Quota > 0 && p.Used+delta > p.Quota {
			return meta.ErrQuota
		}
		p.Used += delta
		return nil
	})
}

func (m *memMeta) ListProjects(_ context.Context) ([]*meta.Project, error) {
	return m.projects.list(""), nil
}

func (m *memMeta) CreateSession(_ context.Context, s *meta.Session) error {
	return m.sessions.put(s, isNew)
}

func (m *memMeta) GetSession(_ context.Context, project, id string) (*meta.Session, error) {
	return m.sessions.get(project, id)
}

// CommitSession replaces the session at version expect.
func (m *memMeta) CommitSession(_ context.Context, s *meta.Session, expect int64) error {
	return m.sessions.put(s, func(old *meta.Session) bool { return old != nil && old.Version == expect })
}

func (m *memMeta) DeleteSession(_ context.Context, project, id string) error {
	return m.sessions.delete(project, id)
}

func (m *memMeta) ListSessions(_ context.Context, project string) ([]*meta.Session, error) {
	return m.sessions.list(project), nil
}

func (m *memMeta) PutSnapshot(_ context.Context, s *meta.Snapshot) error {
	return m.snaps.put(s, isNew)
}

func (m *memMeta) GetSnapshot(_ context.Context, project, id string) (*meta.Snapshot, error) {
	return m.snaps.get(project, id)
}

func (m *memMeta) DeleteSnapshot(_ context.Context, project, id string) error {
	return m.snaps.delete(project, id)
}

func (m *memMeta) ListSnapshots(_ context.Context, project string) ([]*meta.Snapshot, error) {
	return m.snaps.list(project), nil
}

func (m *memMeta) PutConnection(_ context.Context, c *meta.Connection) error {
	return m.conns.put(c, always)
}

func (m *memMeta) GetConnection(_ context.Context, id string) (*meta.Connection, error) {
	return m.conns.get("", id)
}

func (m *memMeta) AddEphemeral(_ context.Context, connection, session string) error {
	return m.conns.update("", connection, func(c *meta.Connection) error {
		if !slices.Contains(c.Ephemeral, session) {
			c.Ephemeral = append(c.Ephemeral, session)
		}
		return nil
	})
}

func (m *memMeta) DeleteConnection(_ context.Context, id string) error { return m.conns.delete("", id) }
func (m *memMeta) Close() error                                        { return nil }

func (m *memMeta) GetUsage(_ context.Context, project, id string) (*meta.UsageRecord, error) {
	return m.usage.get(project, id)
}

func (m *memMeta) PutUsage(_ context.Context, r *meta.UsageRecord, expect int64) error {
	return m.usage.put(r, func(old *meta.UsageRecord) bool {
		if expect < 0 {
			return true
		}
		if old == nil {
			return expect == 0
		}
		return old.Version == expect
	})
}

func (m *memMeta) DeleteUsage(_ context.Context, project, id string) error {
	if _, err := m.usage.get(project, id); err != nil {
		return err
	}
	return m.usage.delete(project, id)
}

func (m *memMeta) ListUsage(_ context.Context, project string) ([]*meta.UsageRecord, error) {
	return m.usage.list(project), nil
}
