package cas

import (
	"container/list"
	"context"
	"errors"
	"sort"
	"sync"
	"time"
)

// LRU is a Store in memory bounded in bytes: when full it evicts the least
// recently used chunks. It is meant as the front of a Cache; on its own it
// forgets data.
type LRU struct {
	mu    sync.Mutex
	max   int64
	size  int64
	order *list.List // front = most recently used
	items map[Addr]*list.Element
}

type lruItem struct {
	addr Addr
	data []byte
	mod  time.Time
}

// NewLRU returns an LRU holding at most maxBytes of chunk data.
func NewLRU(maxBytes int64) *LRU {
	return &LRU{max: maxBytes, order: list.New(), items: make(map[Addr]*list.Element)}
}

// Len returns the number of chunks held and their bytes.
func (l *LRU) Len() (int, int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.items), l.size
}

func (l *LRU) Get(ctx context.Context, a Addr) ([]byte, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.items[a]
	if !ok {
		return nil, notFound(a)
	}
	l.order.MoveToFront(e)
	return e.Value.(*lruItem).data, nil
}

func (l *LRU) Put(ctx context.Context, a Addr, data []byte) error {
	if int64(len(data)) > l.max {
		return nil // would evict everything; not worth caching
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if e, ok := l.items[a]; ok {
		e.Value.(*lruItem).mod = time.Now()
		l.order.MoveToFront(e)
		return nil
	}
	l.items[a] = l.order.PushFront(&lruItem{addr: a, data: append([]byte(nil), data...), mod: time.Now()})
	l.size += int64(len(data))
	for l.size > l.max {
		e := l.order.Back()
		it := e.Value.(*lruItem)
		l.order.Remove(e)
		delete(l.items, it.addr)
		l.size -= int64(len(it.data))
	}
	return nil
}

func (l *LRU) Stat(ctx context.Context, a Addr) (ChunkInfo, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.items[a]
	if !ok {
		return ChunkInfo{}, notFound(a)
	}
	it := e.Value.(*lruItem)
	return ChunkInfo{Addr: a, Size: int64(len(it.data)), ModTime: it.mod}, nil
}

func (l *LRU) Delete(ctx context.Context, a Addr) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if e, ok := l.items[a]; ok {
		l.order.Remove(e)
		delete(l.items, a)
		l.size -= int64(len(e.Value.(*lruItem).data))
	}
	return nil
}

func (l *LRU) Walk(ctx context.Context, fn func(ChunkInfo) error) error {
	l.mu.Lock()
	infos := make([]ChunkInfo, 0, len(l.items))
	for a, e := range l.items {
		it := e.Value.(*lruItem)
		infos = append(infos, ChunkInfo{Addr: a, Size: int64(len(it.data)), ModTime: it.mod})
	}
	l.mu.Unlock()
	sort.Slice(infos, func(i, j int) bool { return string(infos[i].Addr[:]) < string(infos[j].Addr[:]) })
	for _, ci := range infos {
		if err := fn(ci); err != nil {
			return err
		}
	}
	return nil
}

// Cache puts a fast local store (an LRU, or a Dir on Lambda's /tmp) in front
// of a remote one. Reads are served from Front when it has the chunk and
// fill it otherwise; writes go to Back first, then to Front. Back is the
// authority: Stat, Walk and Delete go to it (Delete to both).
//
// If Verify is set, chunks are checked before they enter Front and when
// read from it; a corrupt front copy is dropped and read again from Back.
type Cache struct {
	Front, Back Store
	Verify      func(Addr, []byte) error
}

// NewCache returns a read-through, write-through cache. verify may be nil;
// pass codec.Verify to keep corrupt chunks out of the cache.
func NewCache(front, back Store, verify func(Addr, []byte) error) *Cache {
	return &Cache{Front: front, Back: back, Verify: verify}
}

func (c *Cache) ok(a Addr, b []byte) bool { return c.Verify == nil || c.Verify(a, b) == nil }

func (c *Cache) Get(ctx context.Context, a Addr) ([]byte, error) {
	if b, err := c.Front.Get(ctx, a); err == nil {
		if c.ok(a, b) {
			return b, nil
		}
		_ = c.Front.Delete(ctx, a)
	}
	b, err := c.Back.Get(ctx, a)
	if err != nil {
		return nil, err
	}
	if c.ok(a, b) {
		_ = c.Front.Put(ctx, a, b) // best effort: a full /tmp must not fail reads
	}
	return b, nil
}

func (c *Cache) Put(ctx context.Context, a Addr, data []byte) error {
	if err := c.Back.Put(ctx, a, data); err != nil {
		return err
	}
	_ = c.Front.Put(ctx, a, data)
	return nil
}

func (c *Cache) Stat(ctx context.Context, a Addr) (ChunkInfo, error) { return c.Back.Stat(ctx, a) }

func (c *Cache) Delete(ctx context.Context, a Addr) error {
	return errors.Join(c.Back.Delete(ctx, a), c.Front.Delete(ctx, a))
}

func (c *Cache) Walk(ctx context.Context, fn func(ChunkInfo) error) error {
	return c.Back.Walk(ctx, fn)
}

// GetBatch implements BatchGetter: hits come from Front, and the misses are
// fetched from Back in one batch where Back supports it.
func (c *Cache) GetBatch(ctx context.Context, addrs []Addr) (map[Addr][]byte, error) {
	out := make(map[Addr][]byte, len(addrs))
	var miss []Addr
	for _, a := range dedupAddrs(addrs) {
		if b, err := c.Front.Get(ctx, a); err == nil && c.ok(a, b) {
			out[a] = b
		} else {
			miss = append(miss, a)
		}
	}
	if len(miss) == 0 {
		return out, nil
	}
	got, err := batchOrEach(ctx, c.Back, miss)
	if err != nil {
		return nil, err
	}
	for a, b := range got {
		out[a] = b
		if c.ok(a, b) {
			_ = c.Front.Put(ctx, a, b)
		}
	}
	return out, nil
}
