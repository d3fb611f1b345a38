package engine

import (
	"context"
	"fmt"

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
func (e *Engine) GC(ctx context.Context) (GCReport, error) {
	var rep GCReport
	now := e.cfg.Now()
	projects, err := e.meta.ListProjects(ctx)
	if err != nil {
		return rep, fmt.Errorf("engine: gc: %w", err)
	}
	var marks []cas.ProjectRoots
	for _, p := range projects {
		repo, err := e.repo(ctx, p.ID, nil)
		if err != nil {
			return rep, err
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
			return rep, fmt.Errorf("engine: gc: %w", err)
		}
		for _, s := range snaps {
			if !now.Before(s.Expires) {
				if err := e.meta.DeleteSnapshot(ctx, p.ID, s.ID); err != nil {
					return rep, fmt.Errorf("engine: gc: %w", err)
				}
				rep.ExpiredSnapshots++
				continue
			}
			used += charged(s.Bytes)
			if err := add(s.Root); err != nil {
				return rep, err
			}
		}
		sessions, err := e.meta.ListSessions(ctx, p.ID)
		if err != nil {
			return rep, fmt.Errorf("engine: gc: %w", err)
		}
		for _, s := range sessions {
			if !now.Before(s.Expires) {
				if err := e.meta.DeleteSession(ctx, p.ID, s.ID); err != nil {
					return rep, fmt.Errorf("engine: gc: %w", err)
				}
				e.warm.drop(p.ID, s.ID)
				rep.ExpiredSessions++
				continue
			}
			used += charged(s.Bytes)
			if err := add(s.Root); err != nil {
				return rep, err
			}
			if err := add(s.LastReply); err != nil {
				return rep, err
			}
		}
		if fresh, err := e.meta.GetProject(ctx, p.ID); err == nil && fresh.Used != used {
			// Concurrent steps may move usage meanwhile; AddUsage keeps
			// their deltas, and the next run settles what remains.
			_ = e.meta.AddUsage(ctx, p.ID, used-fresh.Used)
		}
		marks = append(marks, cas.ProjectRoots{Repo: repo, Roots: roots})
	}
	rep.Chunks, err = cas.GCProjects(ctx, e.chunks, marks, cas.GCOptions{Grace: e.cfg.GCGrace, Now: now})
	if err != nil {
		return rep, fmt.Errorf("engine: gc: %w", err)
	}
	return rep, nil
}
