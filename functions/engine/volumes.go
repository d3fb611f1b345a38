package engine

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/functions/volume"
)

// Hosted volumes (functions/volume; README "Volumes"): a checkout names
// the volumes its session mounts; every step opens each at its head,
// serves the sandbox's file operations from it, and commits its changes
// just before the session head.

// maxVolumes bounds the volumes one checkout mounts.
const maxVolumes = 8

// newVolumes returns the engine's volume service, or nil when the
// metadata store keeps no volume heads.
func newVolumes(cfg Config) *volume.Service {
	heads, ok := cfg.Meta.(meta.VolumeStore)
	if !ok {
		return nil
	}
	s, err := volume.New(volume.Config{
		Heads: heads, Usage: cfg.Meta.AddUsage, Now: cfg.Now,
		MaxFileBytes: cfg.MaxVolumeFileBytes, MaxVolumeBytes: cfg.MaxVolumeBytes,
	})
	if err != nil {
		return nil
	}
	return s
}

// checkVolumes validates a checkout's volumes: valid names, absolute
// normalized mount paths other than "/", none inside another.
func (e *Engine) checkVolumes(vols map[string]string) error {
	if len(vols) == 0 {
		return nil
	}
	if e.vols == nil {
		return protocol.Errorf(protocol.KindBadRequest, "this server keeps no volumes")
	}
	if len(vols) > maxVolumes {
		return protocol.Errorf(protocol.KindBadRequest, "at most %d volumes per session, not %d", maxVolumes, len(vols))
	}
	paths := make([]string, 0, len(vols))
	for p, name := range vols {
		if err := volume.CheckMountPath(p); err != nil {
			return protocol.Errorf(protocol.KindBadRequest, "%v", err)
		}
		if err := volume.CheckName(name); err != nil {
			return protocol.Errorf(protocol.KindBadRequest, "%v", err)
		}
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for i := 1; i < len(paths); i++ {
		if strings.HasPrefix(paths[i], paths[i-1]+"/") {
			return protocol.Errorf(protocol.KindBadRequest, "volume path %s is inside %s", paths[i], paths[i-1])
		}
	}
	return nil
}

// stepVolumes are the volumes of one step: a Txn each, opened at the
// step's start, in mount-path order.
type stepVolumes struct {
	paths     []string
	txns      []*volume.Txn
	committed []*volume.Txn
}

// openVolumes opens the session's volumes for a step keyed by the
// session, the head version the step runs on and the request id: a retry
// of a step whose volume commit happened (its session head did not move)
// reads what the first attempt read and applies nothing twice, while the
// same id sent again after later steps is a new step, as for the session.
func (e *Engine) openVolumes(ctx context.Context, repo *cas.Repo, project, session string, version int64, reqID string, vols map[string]string) (*stepVolumes, error) {
	if len(vols) == 0 {
		return nil, nil
	}
	if e.vols == nil {
		return nil, protocol.Errorf(protocol.KindBadRequest, "this server keeps no volumes")
	}
	sv := &stepVolumes{}
	for p := range vols {
		sv.paths = append(sv.paths, p)
	}
	sort.Strings(sv.paths)
	key := volume.RequestKey("step", session, strconv.FormatInt(version, 10), reqID)
	for _, p := range sv.paths {
		t, err := e.vols.Open(ctx, repo, project, vols[p], key)
		if err != nil {
			return nil, volumeError(err)
		}
		sv.txns = append(sv.txns, t)
	}
	return sv, nil
}

// mounts are the step's volumes as core mounts.
func (sv *stepVolumes) mounts() []core.Mount {
	if sv == nil {
		return nil
	}
	ms := make([]core.Mount, len(sv.txns))
	for i, t := range sv.txns {
		ms[i] = core.Mount{Path: sv.paths[i], Mode: core.MountReadWrite, FS: t}
	}
	return ms
}

// withVolumes adds the step's volume mounts to opts.
func (c *commit) withVolumes(opts *core.FeedOptions) *core.FeedOptions {
	if c.vols != nil && opts != nil {
		opts.Mounts = append(opts.Mounts, c.vols.mounts()...)
	}
	return opts
}

// detachVolumes unmounts the step's volumes from st's interpreter before
// it goes back to the warm cache, so a warm session does not pin a Txn's
// file contents (every step mounts its own).
func (c *commit) detachVolumes(st *state) {
	if c.vols != nil {
		st.sess.SetFeedOptions(c.cfg.feedOptions(nil))
	}
}

// commitVolumes commits each changed volume of the step, before the
// session head. A failure reverts the volumes already committed, so the
// step commits nothing.
func (c *commit) commitVolumes(ctx context.Context) error {
	sv := c.vols
	if sv == nil {
		return nil
	}
	for _, t := range sv.txns {
		if !t.Changed() {
			continue
		}
		if _, err := t.Commit(ctx); err != nil {
			c.revertVolumes(ctx)
			return volumeError(err)
		}
		sv.committed = append(sv.committed, t)
	}
	return nil
}

// revertVolumes undoes the step's committed volume changes (its session
// commit lost to a concurrent step).
func (c *commit) revertVolumes(ctx context.Context) {
	if c.vols == nil {
		return
	}
	for _, t := range c.vols.committed {
		_ = t.Revert(context.WithoutCancel(ctx)) // best effort: see README
	}
	c.vols.committed = nil
}

// volumeError maps the volume package's errors to protocol kinds.
func volumeError(err error) error {
	var pe *protocol.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe):
		return pe
	case errors.Is(err, volume.ErrConflict):
		return &protocol.Error{Kind: protocol.KindConflict, Message: err.Error() + "; retry with a new id"}
	case errors.Is(err, volume.ErrNotFound):
		return &protocol.Error{Kind: protocol.KindNotFound, Message: err.Error()}
	case errors.Is(err, volume.ErrTooLarge), errors.Is(err, meta.ErrTooLarge):
		return &protocol.Error{Kind: protocol.KindTooLarge, Message: err.Error()}
	case errors.Is(err, volume.ErrBadPath):
		return &protocol.Error{Kind: protocol.KindBadRequest, Message: err.Error()}
	case errors.Is(err, meta.ErrQuota):
		return &protocol.Error{Kind: protocol.KindQuota, Message: "the project's storage quota would be exceeded"}
	}
	return fmt.Errorf("engine: volume: %w", err)
}

// volumeOp runs volume_list, volume_read, volume_write and volume_delete.
func (e *Engine) volumeOp(ctx context.Context, caller Caller, req *protocol.Request) (*protocol.Reply, error) {
	if e.vols == nil {
		return nil, protocol.Errorf(protocol.KindBadRequest, "this server keeps no volumes")
	}
	project := caller.Project
	if req.Op == protocol.OpVolumeList && req.Volume == "" {
		infos, err := e.vols.List(ctx, project)
		if err != nil {
			return nil, volumeError(err)
		}
		out := make([]protocol.VolumeInfo, len(infos))
		for i, v := range infos {
			out[i] = protocol.VolumeInfo{Name: v.Name, Bytes: v.Bytes, Files: int(v.Files), Version: v.Version, Updated: rfc(v.Updated)}
		}
		return &protocol.Reply{OK: true, Volumes: out}, nil
	}
	if err := volume.CheckName(req.Volume); err != nil {
		return nil, volumeError(err)
	}
	repo, err := e.repo(ctx, project, nil)
	if err != nil {
		return nil, err
	}
	key := volume.RequestKey("host", req.ID)
	switch req.Op {
	case protocol.OpVolumeList:
		files, v, err := e.vols.Files(ctx, repo, project, req.Volume)
		if err != nil {
			return nil, volumeError(err)
		}
		out := make([]protocol.VolumeFile, len(files))
		for i, f := range files {
			out[i] = protocol.VolumeFile{Path: f.Path, Size: f.Size}
		}
		return &protocol.Reply{OK: true, Files: out, Version: v}, nil
	case protocol.OpVolumeRead:
		data, size, v, err := e.vols.ReadRange(ctx, repo, project, req.Volume, req.Path, req.Offset, req.Length, req.Version)
		if err != nil {
			return nil, volumeError(err)
		}
		return &protocol.Reply{OK: true, Data: data, Size: size, Version: v}, nil
	case protocol.OpVolumeWrite:
		v, err := e.vols.Write(ctx, repo, project, req.Volume, req.Path, req.Data, req.Append, req.Version, key)
		if err != nil {
			return nil, volumeError(err)
		}
		return &protocol.Reply{OK: true, Version: v}, nil
	case protocol.OpVolumeDelete:
		if _, err := e.vols.Delete(ctx, repo, project, req.Volume, req.Path, req.Version, key); err != nil {
			return nil, volumeError(err)
		}
		return &protocol.Reply{OK: true}, nil
	}
	return nil, protocol.Errorf(protocol.KindBadRequest, "unknown op %q", req.Op)
}
