package cas

import (
	"context"
	"fmt"
)

// Stats compares what a set of snapshots would take stored whole with what
// the store actually keeps for them.
type Stats struct {
	Roots        int   // distinct roots counted
	LogicalBytes int64 // sum over roots of metadata plus every page, as if nothing were shared
	Chunks       int64 // distinct chunks reachable from the roots
	Pages        int64 // of which pages
	UniqueBytes  int64 // uncompressed bytes of the distinct chunks
	StoredBytes  int64 // stored (compressed, with headers) bytes of the distinct chunks
	Missing      int64 // reachable chunks the store does not have

	StoreChunks int64 // everything in the store, reachable or not
	StoreBytes  int64
}

// DedupRatio is LogicalBytes / UniqueBytes: how much sharing saves.
func (s Stats) DedupRatio() float64 { return ratio(s.LogicalBytes, s.UniqueBytes) }

// CompressionRatio is UniqueBytes / StoredBytes: how much zstd saves.
func (s Stats) CompressionRatio() float64 { return ratio(s.UniqueBytes, s.StoredBytes) }

// TotalRatio is LogicalBytes / StoredBytes.
func (s Stats) TotalRatio() float64 { return ratio(s.LogicalBytes, s.StoredBytes) }

func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Stats walks everything reachable from roots (reading manifests and
// page-table nodes, not pages) and lists the store once for stored sizes.
func (r *Repo) Stats(ctx context.Context, roots []Addr) (Stats, error) {
	var st Stats
	sizes := make(map[Addr]int64)
	err := r.store.Walk(ctx, func(ci ChunkInfo) error {
		sizes[ci.Addr] = ci.Size
		st.StoreChunks++
		st.StoreBytes += ci.Size
		return nil
	})
	if err != nil {
		return st, fmt.Errorf("cas: stats: %w", err)
	}
	seen := make(map[Addr]bool)
	for _, root := range roots {
		if seen[root] {
			continue
		}
		seen[root] = true
		m, _, err := r.getManifest(ctx, root)
		if err != nil {
			return st, fmt.Errorf("cas: stats: root %s: %w", root, err)
		}
		st.Roots++
		st.LogicalBytes += int64(m.bytes) + int64(len(m.meta))
	}
	err = r.References(ctx, roots, func(ref Ref) error {
		st.Chunks++
		if ref.Kind == KindPage {
			st.Pages++
		}
		st.UniqueBytes += ref.Size
		if n, ok := sizes[ref.Addr]; ok {
			st.StoredBytes += n
		} else {
			st.Missing++
		}
		return nil
	})
	if err != nil {
		return st, fmt.Errorf("cas: stats: %w", err)
	}
	return st, nil
}
