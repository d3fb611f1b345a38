package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/amber-sandbox/amber/cas"
)

// GCReport says what a GC run did.
type GCReport struct {
	ExpiredSessions  int
	ExpiredSnapshots int
	Chunks           cas.GCReport
}

// GC deletes expired records, then sweeps chunks no live root reaches
// (with the cas grace period). It also recomputes each project's usage
// from its live records, which repairs counts a crashed step left behind.
//
// The roots are listed again after the store is (see cas.GCOptions.Relist):
// records are read one list at a time, snapshots before sessions, so a
// dump that copies a session's head into a new snapshot just after the
// snapshots were read, followed by a step that moves the head, hides that
// root from the first listing; and a dump does not rewrite the root it
// reuses, so the root may be older than the grace period.
func (e *Engine) GC(ctx context.Context) (GCReport, error) {
	var rep GCReport
	now := e.cfg.Now()
	marks, err := e.gcRoots(ctx, now, &rep)
	if err != nil {
		return rep, err
	}
	relist := func(ctx context.Context) ([]cas.ProjectRoots, error) { return e.gcRoots(ctx, now, nil) }
	rep.Chunks, err = cas.GCProjects(ctx, e.chunks, marks, cas.GCOptions{Grace: e.cfg.GCGrace, Now: now, Relist: relist})
	if err != nil {
		return rep, fmt.Errorf("engine: gc: %w", err)
	}
	return rep, nil
}

// gcRoots lists every project's live roots. Given rep (the first listing),
// it also deletes the expired records, counting them in rep, and settles
// each project's usage; without, it only lists, expired records included
// (keeping more is safe).
func (e *Engine) gcRoots(ctx context.Context, now time.Time, rep *GCReport) ([]cas.ProjectRoots, error) {
	projects, err := e.meta.ListProjects(ctx)
	if err != nil {
		return nil, fmt.Errorf("engine: gc: %w", err)
	}
	var marks []cas.ProjectRoots
	for _, p := range projects {
		repo, err := e.repo(ctx, p.ID, nil)
		if err != nil {
			return nil, err
		}
		var roots []cas.Addr
		add := func(hex string) error {
			if hex == "" {
				return nil
			}
			a, err := cas.ParseAddr(hex)
			if err != nil {
				return fmt.Errorf("engine: gc: project %s: %w", p.ID, err)
			}
			roots = append(roots, a)
			return nil
		}
		var used int64
		// Snapshots first, then sessions: a load that moves a root from a
		// snapshot to a session head commits before the snapshot can go.
		snaps, err := e.meta.ListSnapshots(ctx, p.ID)
		if err != nil {
			return nil, fmt.Errorf("engine: gc: %w", err)
		}
		for _, s := range snaps {
			if rep != nil && !now.Before(s.Expires) {
				if err := e.meta.DeleteSnapshot(ctx, p.ID, s.ID); err != nil {
					return nil, fmt.Errorf("engine: gc: %w", err)
				}
				rep.ExpiredSnapshots++
				continue
			}
			used += charged(s.Bytes)
			if err := add(s.Root); err != nil {
				return nil, err
			}
		}
		if e.gcListedSnapshots != nil {
			e.gcListedSnapshots(p.ID)
		}
		sessions, err := e.meta.ListSessions(ctx, p.ID)
		if err != nil {
			return nil, fmt.Errorf("engine: gc: %w", err)
		}
		for _, s := range sessions {
			if rep != nil && !now.Before(s.Expires) {
				if err := e.keepUsage(ctx, s); err != nil {
					return nil, fmt.Errorf("engine: gc: %w", err)
				}
				if err := e.meta.DeleteSession(ctx, p.ID, s.ID); err != nil {
					return nil, fmt.Errorf("engine: gc: %w", err)
				}
				e.warm.drop(p.ID, s.ID)
				rep.ExpiredSessions++
				continue
			}
			used += charged(s.Bytes)
			if err := add(s.Root); err != nil {
				return nil, err
			}
			if err := add(s.LastReply); err != nil {
				return nil, err
			}
		}
		if e.vols != nil {
			retention := time.Duration(0) // a relisting only lists
			if rep != nil {
				retention = e.cfg.Retention
			}
			live, err := e.vols.Live(ctx, p.ID, now, e.cfg.GCGrace, retention)
			if err != nil {
				return nil, fmt.Errorf("engine: gc: %w", err)
			}
			roots = append(roots, live.Roots...)
			used += live.Usage
		}
		if rep != nil {
			if fresh, err := e.meta.GetProject(ctx, p.ID); err == nil && fresh.Used != used {
				// Concurrent steps may move usage meanwhile; AddUsage keeps
				// their deltas, and the next run settles what remains.
				_ = e.meta.AddUsage(ctx, p.ID, used-fresh.Used)
			}
			// usage.go: GB-hours, and usage records past their time.
			if err := e.sampleStorage(ctx, p.ID, used, now); err != nil {
				e.cfg.Logger.WarnContext(ctx, "gc: storage sample", "project", p.ID, "err", err.Error())
			}
			if err := e.gcUsage(ctx, p.ID, now); err != nil {
				e.cfg.Logger.WarnContext(ctx, "gc: usage records", "project", p.ID, "err", err.Error())
			}
		}
		marks = append(marks, cas.ProjectRoots{Repo: repo, Roots: roots})
	}
	return marks, nil
}
