package engine

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/amber-sandbox/amber/functions/meta"
)

// memMeta is an in-memory meta.Store for fast tests: the same contract as
// the bbolt and DynamoDB stores (copies in and out, conditional commits).
type memMeta struct {
	mu       sync.Mutex
	projects map[string]meta.Project
	sessions map[string]meta.Session
	snaps    map[string]meta.Snapshot
	conns    map[string]meta.Connection
}

func newMemMeta() *memMeta {
	return &memMeta{projects: map[string]meta.Project{}, sessions: map[string]meta.Session{}, snaps: map[string]meta.Snapshot{}, conns: map[string]meta.Connection{}}
}

func k2(a, b string) string { return a + "/" + b }

// inProject returns copies of the records of project, ordered by id;
// key gives a record's project and id.
func inProject[T any](recs map[string]T, project string, key func(*T) (project, id string)) []*T {
	var out []*T
	for _, r := range recs {
		if p, _ := key(&r); p == project {
			out = append(out, &r)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		_, a := key(out[i])
		_, b := key(out[j])
		return a < b
	})
	return out
}

func notFound(what, id string) error { return fmt.Errorf("%s %s: %w", what, id, meta.ErrNotFound) }

func (m *memMeta) PutProject(_ context.Context, p *meta.Project) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := *p
	c.KeyHashes = append([]string(nil), p.KeyHashes...)
	m.projects[p.ID] = c
	return nil
}

func (m *memMeta) GetProject(_ context.Context, id string) (*meta.Project, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.projects[id]
	if !ok {
		return nil, notFound("project", id)
	}
	p.KeyHashes = append([]string(nil), p.KeyHashes...)
	return &p, nil
}

func (m *memMeta) ProjectByKeyHash(_ context.Context, h string) (*meta.Project, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, p := range m.projects {
		for _, k := range p.KeyHashes {
			if k == h {
				p := p
				return &p, nil
			}
		}
	}
	return nil, notFound("key", h)
}

func (m *memMeta) AddUsage(_ context.Context, project string, delta int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.projects[project]
	if !ok {
		return notFound("project", project)
	}
	if delta > 0 && p.Quota > 0 && p.Used+delta > p.Quota {
		return meta.ErrQuota
	}
	p.Used += delta
	m.projects[project] = p
	return nil
}

func (m *memMeta) CreateSession(_ context.Context, s *meta.Session) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.sessions[k2(s.Project, s.ID)]; ok {
		return meta.ErrConflict
	}
	m.sessions[k2(s.Project, s.ID)] = *s
	return nil
}

func (m *memMeta) GetSession(_ context.Context, project, id string) (*meta.Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[k2(project, id)]
	if !ok {
		return nil, notFound("session", id)
	}
	return &s, nil
}

func (m *memMeta) CommitSession(_ context.Context, s *meta.Session, expect int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	old, ok := m.sessions[k2(s.Project, s.ID)]
	if !ok || old.Version != expect {
		return meta.ErrConflict
	}
	m.sessions[k2(s.Project, s.ID)] = *s
	return nil
}

func (m *memMeta) DeleteSession(_ context.Context, project, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.sessions, k2(project, id))
	return nil
}

func (m *memMeta) ListSessions(_ context.Context, project string) ([]*meta.Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return inProject(m.sessions, project, func(s *meta.Session) (string, string) { return s.Project, s.ID }), nil
}

func (m *memMeta) PutSnapshot(_ context.Context, s *meta.Snapshot) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.snaps[k2(s.Project, s.ID)]; ok {
		return meta.ErrConflict
	}
	m.snaps[k2(s.Project, s.ID)] = *s
	return nil
}

func (m *memMeta) GetSnapshot(_ context.Context, project, id string) (*meta.Snapshot, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.snaps[k2(project, id)]
	if !ok {
		return nil, notFound("snapshot", id)
	}
	return &s, nil
}

func (m *memMeta) DeleteSnapshot(_ context.Context, project, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.snaps, k2(project, id))
	return nil
}

func (m *memMeta) ListSnapshots(_ context.Context, project string) ([]*meta.Snapshot, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return inProject(m.snaps, project, func(s *meta.Snapshot) (string, string) { return s.Project, s.ID }), nil
}

func (m *memMeta) PutConnection(_ context.Context, c *meta.Connection) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.conns[c.ID] = *c
	return nil
}

func (m *memMeta) GetConnection(_ context.Context, id string) (*meta.Connection, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.conns[id]
	if !ok {
		return nil, notFound("connection", id)
	}
	c.Ephemeral = append([]string(nil), c.Ephemeral...)
	return &c, nil
}

func (m *memMeta) AddEphemeral(_ context.Context, connection, session string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.conns[connection]
	if !ok {
		return notFound("connection", connection)
	}
	for _, s := range c.Ephemeral {
		if s == session {
			return nil
		}
	}
	c.Ephemeral = append(append([]string(nil), c.Ephemeral...), session)
	m.conns[connection] = c
	return nil
}

func (m *memMeta) DeleteConnection(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.conns, id)
	return nil
}

func (m *memMeta) ListProjects(_ context.Context) ([]*meta.Project, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []*meta.Project
	for _, p := range m.projects {
		p := p
		out = append(out, &p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

func (m *memMeta) Close() error { return nil }
