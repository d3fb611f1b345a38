package engine

import (
	"container/list"
	"sync"
)

// warmCache keeps recently used sessions' interpreters, keyed by session
// and valid for one committed version: a step whose head still has that
// version loads nothing. Entries are taken out while a step uses them, so
// two steps never share an interpreter. It is bounded by the states'
// logical bytes.
type warmCache struct {
	mu    sync.Mutex
	max   int64
	bytes int64
	order *list.List // of *warmEntry, most recent first
	byKey map[string]*list.Element
}

type warmEntry struct {
	key     string
	version int64
	st      *state
}

func newWarmCache(max int64) *warmCache {
	return &warmCache{max: max, order: list.New(), byKey: map[string]*list.Element{}}
}

func warmKey(project, session string) string { return project + "\x00" + session }

// take removes and returns the state of (project, session) if it is at
// version; a state of another version is discarded.
func (c *warmCache) take(project, session string, version int64) *state {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[warmKey(project, session)]
	if !ok {
		return nil
	}
	e := el.Value.(*warmEntry)
	c.remove(el)
	if e.version != version {
		return nil
	}
	return e.st
}

// put keeps st as the state of (project, session) at version.
func (c *warmCache) put(project, session string, version int64, st *state) {
	size := st.size
	if size <= 0 {
		size = 64 << 10
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	k := warmKey(project, session)
	if el, ok := c.byKey[k]; ok {
		c.remove(el)
	}
	st.size = size
	c.byKey[k] = c.order.PushFront(&warmEntry{key: k, version: version, st: st})
	c.bytes += size
	for c.bytes > c.max && c.order.Len() > 1 {
		c.remove(c.order.Back())
	}
}

func (c *warmCache) drop(project, session string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[warmKey(project, session)]; ok {
		c.remove(el)
	}
}

func (c *warmCache) remove(el *list.Element) {
	e := el.Value.(*warmEntry)
	c.order.Remove(el)
	delete(c.byKey, e.key)
	c.bytes -= e.st.size
}

// len reports the number of warm sessions.
func (c *warmCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
