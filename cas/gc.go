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
	// Relist, if set, returns the live roots again. GC calls it after
	// listing the store, before deleting anything, and marks what the
	// roots it had not marked reach: a root that moved from one record to
	// another while the roots were first listed (a dump copies a session
	// head into a snapshot, then the head moves on) may have been seen in
	// neither, and it need not be young. GC calls it again while a call
	// still rescues candidates, at most MaxRelists times; if the last one
	// still did, nothing is deleted in this run.
	Relist func(ctx context.Context) ([]ProjectRoots, error)
}

// MaxRelists bounds the calls of GCOptions.Relist in one collection.
const MaxRelists = 4

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
	Remaining    int64 // candidates left because of Limit, an error or moving roots (see Relist)
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
	if opts.Relist != nil {
		settled := false
		for i := 0; i < MaxRelists && !settled; i++ {
			var err error
			if settled, err = remark(ctx, opts.Relist, live, &cands); err != nil {
				return rep, err
			}
		}
		rep.Live = int64(len(live))
		if !settled {
			// Roots keep moving onto old chunks: keep everything
			// rather than sweep with a mark that may be stale. The
			// next run tries again.
			rep.Candidates = int64(len(cands))
			rep.Remaining = rep.Candidates
			return rep, nil
		}
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

// remark marks in live what the roots relist returns reach beyond it,
// drops the candidates that became live, and reports whether none did.
func remark(ctx context.Context, relist func(context.Context) ([]ProjectRoots, error), live map[Addr]bool, cands *[]ChunkInfo) (settled bool, err error) {
	projects, err := relist(ctx)
	if err != nil {
		return false, fmt.Errorf("cas: gc relist: %w", err)
	}
	for _, p := range projects {
		var fresh []Addr
		for _, a := range p.Roots {
			if !live[a] {
				fresh = append(fresh, a)
			}
		}
		// live doubles as the walk's seen set: a chunk marked before
		// had everything under it marked too.
		if err := p.Repo.references(ctx, fresh, live, func(ref Ref) error {
			live[ref.Addr] = true
			return nil
		}); err != nil {
			return false, fmt.Errorf("cas: gc mark: %w", err)
		}
	}
	kept := (*cands)[:0]
	for _, ci := range *cands {
		if !live[ci.Addr] {
			kept = append(kept, ci)
		}
	}
	settled = len(kept) == len(*cands)
	*cands = kept
	return settled, nil
}
