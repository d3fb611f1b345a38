package cas

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// DefaultGrace is the GC grace period when GCOptions.Grace is zero. A commit
// (pages, nodes, manifest, then the session head) must finish within it.
const DefaultGrace = 6 * time.Hour

// GCOptions tune a collection.
type GCOptions struct {
	// Grace protects unreferenced chunks modified less than this long ago:
	// those of writers that have not yet committed their root, including
	// old chunks they deduplicated against (Put refreshes them).
	Grace time.Duration
	// Now is the collection's clock (default time.Now()).
	Now time.Time
	// DryRun reports what would be deleted without deleting.
	DryRun bool
	// Limit caps deletions in this run (0: no cap). Running GC again
	// continues where it stopped; sweeping is idempotent.
	Limit int
	// OnDelete, if set, is called after each deletion (serially).
	OnDelete func(ChunkInfo)
}

// GCReport says what a collection found and did.
type GCReport struct {
	Roots        int
	Live         int64 // distinct chunks reachable from the roots
	Scanned      int64 // chunks listed in the store
	Young        int64 // unreachable but inside the grace period: kept
	Candidates   int64 // unreachable and older than the grace period
	Deleted      int64
	DeletedBytes int64
	Refreshed    int64 // candidates Put again during the sweep: kept
	Gone         int64 // candidates already deleted (by an earlier or concurrent run)
	Remaining    int64 // candidates left because of Limit or an error
}

func (g GCReport) String() string {
	return fmt.Sprintf("roots=%d live=%d scanned=%d young=%d candidates=%d deleted=%d (%d bytes) refreshed=%d gone=%d remaining=%d",
		g.Roots, g.Live, g.Scanned, g.Young, g.Candidates, g.Deleted, g.DeletedBytes, g.Refreshed, g.Gone, g.Remaining)
}

// GC deletes every chunk that is unreachable from roots and was last written
// before Now-Grace.
//
// The caller supplies every live root: manifests referenced by session heads
// and snapshot records. GC first marks (reading manifests and page-table
// nodes; a root or node it cannot read aborts the run, since deleting with an
// incomplete mark would be unsafe), then lists the store, then rechecks each
// candidate's modification time just before deleting it, so a chunk Put again
// while GC runs survives. On error the report says how far the sweep got;
// run GC again to resume.
func (r *Repo) GC(ctx context.Context, roots []Addr, opts GCOptions) (GCReport, error) {
	return GCProjects(ctx, r.store, []ProjectRoots{{Repo: r, Roots: roots}}, opts)
}

// ProjectRoots are one project's live roots, read through its Repo (its
// codec). Repo.Store() must be the store being collected.
type ProjectRoots struct {
	Repo  *Repo
	Roots []Addr
}

// GCProjects is GC for a store shared by many projects, each with its own
// codec: it marks every project's roots with that project's Repo, then
// sweeps store once for the union. A project left out loses its chunks.
func GCProjects(ctx context.Context, store Store, projects []ProjectRoots, opts GCOptions) (GCReport, error) {
	var rep GCReport
	if opts.Grace <= 0 {
		opts.Grace = DefaultGrace
	}
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	cutoff := opts.Now.Add(-opts.Grace)

	live := make(map[Addr]bool)
	concurrency := DefaultConcurrency
	for _, p := range projects {
		concurrency = p.Repo.concurrency
		for _, a := range p.Roots {
			if !live[a] {
				live[a] = true
				rep.Roots++
			}
		}
		if err := p.Repo.References(ctx, p.Roots, func(ref Ref) error {
			live[ref.Addr] = true
			return nil
		}); err != nil {
			return rep, fmt.Errorf("cas: gc mark: %w", err)
		}
	}
	rep.Live = int64(len(live))

	var cands []ChunkInfo
	if err := store.Walk(ctx, func(ci ChunkInfo) error {
		rep.Scanned++
		switch {
		case live[ci.Addr]:
		case !ci.ModTime.Before(cutoff):
			rep.Young++
		default:
			cands = append(cands, ci)
		}
		return nil
	}); err != nil {
		return rep, fmt.Errorf("cas: gc list: %w", err)
	}
	rep.Candidates = int64(len(cands))
	if opts.DryRun {
		rep.Remaining = rep.Candidates
		return rep, nil
	}
	if opts.Limit > 0 && len(cands) > opts.Limit {
		cands = cands[:opts.Limit]
	}

	var mu sync.Mutex
	err := forEach(ctx, len(cands), concurrency, func(ctx context.Context, i int) error {
		ci, err := store.Stat(ctx, cands[i].Addr)
		switch {
		case errors.Is(err, ErrNotFound):
			mu.Lock()
			rep.Gone++
			mu.Unlock()
			return nil
		case err != nil:
			return err
		case !ci.ModTime.Before(cutoff):
			mu.Lock()
			rep.Refreshed++
			mu.Unlock()
			return nil
		}
		if err := store.Delete(ctx, ci.Addr); err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		rep.Deleted++
		rep.DeletedBytes += ci.Size
		if opts.OnDelete != nil {
			opts.OnDelete(ci)
		}
		return nil
	})
	rep.Remaining = rep.Candidates - rep.Deleted - rep.Refreshed - rep.Gone
	if err != nil {
		return rep, fmt.Errorf("cas: gc sweep: %w", err)
	}
	return rep, nil
}
