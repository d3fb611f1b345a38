package cas

import (
	"context"
	"errors"
)

// Tiered sends chunks of at most Threshold stored bytes to Small (DynamoDB:
// cheap, fast requests) and larger ones to Large (S3: cheap storage, no
// size limit). Reads try Small first and fall back to Large; GetBatch reads
// everything it can from Small in batches and only the rest from Large.
type Tiered struct {
	Small, Large Store
	Threshold    int
}

// NewTiered returns a size-tiered store.
func NewTiered(small, large Store, threshold int) *Tiered {
	return &Tiered{Small: small, Large: large, Threshold: threshold}
}

func (t *Tiered) route(n int) Store {
	if n <= t.Threshold {
		return t.Small
	}
	return t.Large
}

func (t *Tiered) Put(ctx context.Context, a Addr, data []byte) error {
	return t.route(len(data)).Put(ctx, a, data)
}

func (t *Tiered) Get(ctx context.Context, a Addr) ([]byte, error) {
	b, err := t.Small.Get(ctx, a)
	if errors.Is(err, ErrNotFound) {
		return t.Large.Get(ctx, a)
	}
	return b, err
}

func (t *Tiered) Stat(ctx context.Context, a Addr) (ChunkInfo, error) {
	ci, err := t.Small.Stat(ctx, a)
	if errors.Is(err, ErrNotFound) {
		return t.Large.Stat(ctx, a)
	}
	return ci, err
}

func (t *Tiered) Delete(ctx context.Context, a Addr) error {
	return errors.Join(t.Small.Delete(ctx, a), t.Large.Delete(ctx, a))
}

func (t *Tiered) Walk(ctx context.Context, fn func(ChunkInfo) error) error {
	if err := t.Small.Walk(ctx, fn); err != nil {
		return err
	}
	return t.Large.Walk(ctx, fn)
}

// GetBatch implements BatchGetter.
func (t *Tiered) GetBatch(ctx context.Context, addrs []Addr) (map[Addr][]byte, error) {
	out, err := batchOrEach(ctx, t.Small, addrs)
	if err != nil {
		return nil, err
	}
	var rest []Addr
	for _, a := range addrs {
		if _, ok := out[a]; !ok {
			rest = append(rest, a)
		}
	}
	more, err := batchOrEach(ctx, t.Large, rest)
	if err != nil {
		return nil, err
	}
	for a, b := range more {
		out[a] = b
	}
	return out, nil
}

// batchOrEach gets what it can of addrs from s: one GetBatch if s has it,
// else concurrent Gets. Missing chunks are absent from the result.
func batchOrEach(ctx context.Context, s Store, addrs []Addr) (map[Addr][]byte, error) {
	addrs = dedupAddrs(addrs)
	if bg, ok := s.(BatchGetter); ok {
		return bg.GetBatch(ctx, addrs)
	}
	got := make([][]byte, len(addrs))
	err := forEach(ctx, len(addrs), DefaultConcurrency, func(ctx context.Context, i int) error {
		b, err := s.Get(ctx, addrs[i])
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		got[i] = b
		return err
	})
	if err != nil {
		return nil, err
	}
	out := make(map[Addr][]byte, len(addrs))
	for i, b := range got {
		if b != nil {
			out[addrs[i]] = b
		}
	}
	return out, nil
}
