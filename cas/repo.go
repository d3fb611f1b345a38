package cas

import (
	"context"
	"errors"
	"fmt"
)

// Repo is a Store seen through a project's Codec: it hashes and compresses on
// the way in and verifies on the way out. It is safe for concurrent use.
type Repo struct {
	store       Store
	codec       *Codec
	concurrency int
}

// RepoOption configures a Repo.
type RepoOption func(*Repo)

// WithConcurrency bounds the store requests a single call may have in flight
// (default DefaultConcurrency).
func WithConcurrency(n int) RepoOption {
	return func(r *Repo) {
		if n > 0 {
			r.concurrency = n
		}
	}
}

// NewRepo returns a Repo over store using codec.
func NewRepo(store Store, codec *Codec, opts ...RepoOption) *Repo {
	r := &Repo{store: store, codec: codec, concurrency: DefaultConcurrency}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Store returns the underlying store.
func (r *Repo) Store() Store { return r.store }

// Codec returns the repo's codec.
func (r *Repo) Codec() *Codec { return r.codec }

// Put stores data and returns its address. Storing content that already
// exists costs one request and refreshes its modification time.
func (r *Repo) Put(ctx context.Context, data []byte) (Addr, error) {
	addr, enc, err := r.codec.Encode(data)
	if err != nil {
		return Addr{}, err
	}
	if err := r.store.Put(ctx, addr, enc); err != nil {
		return Addr{}, fmt.Errorf("cas: put %s: %w", addr, err)
	}
	return addr, nil
}

// Get returns the chunk at addr after verifying it. Errors match ErrNotFound
// or ErrCorrupt where those apply.
func (r *Repo) Get(ctx context.Context, addr Addr) ([]byte, error) {
	enc, err := r.store.Get(ctx, addr)
	if err != nil {
		return nil, err
	}
	return r.codec.Decode(addr, enc)
}

// Has reports whether a chunk is stored at addr (without verifying it).
func (r *Repo) Has(ctx context.Context, addr Addr) (bool, error) {
	_, err := r.store.Stat(ctx, addr)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// PutMany stores every chunk, concurrently with the repo's bound, and returns
// their addresses in order.
func (r *Repo) PutMany(ctx context.Context, chunks [][]byte) ([]Addr, error) {
	return collect(ctx, len(chunks), r.concurrency, func(ctx context.Context, i int) (Addr, error) {
		return r.Put(ctx, chunks[i])
	})
}

// HasMany reports, for each address, whether it is stored.
func (r *Repo) HasMany(ctx context.Context, addrs []Addr) ([]bool, error) {
	return collect(ctx, len(addrs), r.concurrency, func(ctx context.Context, i int) (bool, error) {
		return r.Has(ctx, addrs[i])
	})
}

// GetMany fetches and verifies every chunk, in order. It uses the store's
// batch reads where it has them and otherwise runs bounded concurrent Gets.
// The first missing or corrupt chunk fails the whole call.
func (r *Repo) GetMany(ctx context.Context, addrs []Addr) ([][]byte, error) {
	encs, err := getEncoded(ctx, r.store, addrs, r.concurrency)
	if err != nil {
		return nil, err
	}
	return collect(ctx, len(addrs), r.concurrency, func(ctx context.Context, i int) ([]byte, error) {
		return r.codec.Decode(addrs[i], encs[i])
	})
}

// getEncoded fetches the stored bytes of addrs, in order, failing with
// ErrNotFound for the first one that is missing.
func getEncoded(ctx context.Context, s Store, addrs []Addr, limit int) ([][]byte, error) {
	if bg, ok := s.(BatchGetter); ok {
		uniq := dedupAddrs(addrs)
		got, err := bg.GetBatch(ctx, uniq)
		if err != nil {
			return nil, err
		}
		out := make([][]byte, len(addrs))
		for i, a := range addrs {
			b, ok := got[a]
			if !ok {
				return nil, notFound(a)
			}
			out[i] = b
		}
		return out, nil
	}
	return collect(ctx, len(addrs), limit, func(ctx context.Context, i int) ([]byte, error) {
		return s.Get(ctx, addrs[i])
	})
}

func dedupAddrs(addrs []Addr) []Addr {
	seen := make(map[Addr]struct{}, len(addrs))
	out := make([]Addr, 0, len(addrs))
	for _, a := range addrs {
		if _, ok := seen[a]; !ok {
			seen[a] = struct{}{}
			out = append(out, a)
		}
	}
	return out
}
