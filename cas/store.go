package cas

import (
	"context"
	"sort"
	"sync"
	"time"
)

// Store keeps encoded chunks by address. It does not hash or verify; Repo
// does. Implementations must be safe for concurrent use.
//
// Stores never overwrite: Put of an address that is already stored leaves the
// stored bytes alone but refreshes the chunk's modification time, which is
// what lets garbage collection protect chunks that a writer is about to
// reference. Slices returned by Get must not be modified by the caller.
type Store interface {
	// Get returns the encoded chunk, or an error matching ErrNotFound.
	Get(ctx context.Context, addr Addr) ([]byte, error)
	// Put stores data under addr unless something is already stored there.
	Put(ctx context.Context, addr Addr, data []byte) error
	// Stat returns the stored size and modification time, or ErrNotFound.
	Stat(ctx context.Context, addr Addr) (ChunkInfo, error)
	// Delete removes a chunk. Deleting a missing chunk is not an error.
	Delete(ctx context.Context, addr Addr) error
	// Walk calls fn for every stored chunk, in no particular order, and
	// stops at fn's first error.
	Walk(ctx context.Context, fn func(ChunkInfo) error) error
}

// BatchGetter is implemented by stores that fetch many chunks in fewer
// requests than one per chunk (DynamoDB's BatchGetItem). GetBatch returns the
// chunks it found; a missing address is simply absent from the map.
type BatchGetter interface {
	GetBatch(ctx context.Context, addrs []Addr) (map[Addr][]byte, error)
}

// ChunkInfo describes a stored chunk.
type ChunkInfo struct {
	Addr    Addr
	Size    int64     // stored (encoded) bytes
	ModTime time.Time // last Put
}

// Memory is a Store in process memory, for tests and small tools.
type Memory struct {
	mu     sync.RWMutex
	chunks map[Addr]memChunk
	now    func() time.Time
}

type memChunk struct {
	data []byte
	mod  time.Time
}

// NewMemory returns an empty in-memory store.
func NewMemory() *Memory {
	return &Memory{chunks: make(map[Addr]memChunk), now: time.Now}
}

// SetClock replaces the clock used for modification times (tests of the GC
// grace period use it).
func (m *Memory) SetClock(now func() time.Time) {
	m.mu.Lock()
	m.now = now
	m.mu.Unlock()
}

func (m *Memory) Get(ctx context.Context, addr Addr) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m.mu.RLock()
	c, ok := m.chunks[addr]
	m.mu.RUnlock()
	if !ok {
		return nil, notFound(addr)
	}
	return c.data, nil
}

func (m *Memory) Put(ctx context.Context, addr Addr, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.chunks[addr]
	if !ok {
		c.data = append([]byte(nil), data...)
	}
	c.mod = m.now()
	m.chunks[addr] = c
	return nil
}

func (m *Memory) Stat(ctx context.Context, addr Addr) (ChunkInfo, error) {
	if err := ctx.Err(); err != nil {
		return ChunkInfo{}, err
	}
	m.mu.RLock()
	c, ok := m.chunks[addr]
	m.mu.RUnlock()
	if !ok {
		return ChunkInfo{}, notFound(addr)
	}
	return ChunkInfo{Addr: addr, Size: int64(len(c.data)), ModTime: c.mod}, nil
}

func (m *Memory) Delete(ctx context.Context, addr Addr) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m.mu.Lock()
	delete(m.chunks, addr)
	m.mu.Unlock()
	return nil
}

func (m *Memory) Walk(ctx context.Context, fn func(ChunkInfo) error) error {
	m.mu.RLock()
	infos := make([]ChunkInfo, 0, len(m.chunks))
	for a, c := range m.chunks {
		infos = append(infos, ChunkInfo{Addr: a, Size: int64(len(c.data)), ModTime: c.mod})
	}
	m.mu.RUnlock()
	sort.Slice(infos, func(i, j int) bool { return string(infos[i].Addr[:]) < string(infos[j].Addr[:]) })
	for _, in := range infos {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := fn(in); err != nil {
			return err
		}
	}
	return nil
}

// Overwrite replaces a stored chunk's bytes without any check. It exists so
// tests can simulate corruption; nothing else should call it.
func (m *Memory) Overwrite(addr Addr, data []byte) {
	m.mu.Lock()
	m.chunks[addr] = memChunk{data: append([]byte(nil), data...), mod: m.now()}
	m.mu.Unlock()
}

type notFoundError struct{ addr Addr }

func (e *notFoundError) Error() string        { return "cas: chunk " + e.addr.String() + " not found" }
func (e *notFoundError) Is(target error) bool { return target == ErrNotFound }

func notFound(a Addr) error { return &notFoundError{a} }

// collect runs fn(i) for i in [0,n) as forEach does and returns the
// results in order, or the first error.
func collect[R any](ctx context.Context, n, limit int, fn func(ctx context.Context, i int) (R, error)) ([]R, error) {
	out := make([]R, n)
	err := forEach(ctx, n, limit, func(ctx context.Context, i int) error {
		r, err := fn(ctx, i)
		out[i] = r
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// forEach runs fn(i) for i in [0,n) on at most limit goroutines and returns
// the first error; after an error the remaining indexes are skipped.
func forEach(ctx context.Context, n, limit int, fn func(ctx context.Context, i int) error) error {
	if n == 0 {
		return nil
	}
	if limit <= 0 {
		limit = DefaultConcurrency
	}
	if limit > n {
		limit = n
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
		next  int
	)
	for w := 0; w < limit; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if first != nil || next >= n {
					mu.Unlock()
					return
				}
				i := next
				next++
				mu.Unlock()
				if err := fn(ctx, i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
						cancel()
					}
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return first
}

// DefaultConcurrency bounds the requests a Repo has in flight at once.
const DefaultConcurrency = 16
