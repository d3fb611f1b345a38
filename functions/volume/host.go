package volume

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"syscall"
	"time"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
)

// Host operations: what a host does to a volume without running code.
// Each is a Txn of its own; writes are keyed by the caller's request key,
// so a retry applies once.

// Info describes a volume's head.
type Info struct {
	Name    string
	Version int64
	Bytes   int64
	Files   int64
	Updated time.Time
}

// File is one file of a volume.
type File struct {
	Path string
	Size int64
}

// hostErr turns a file operation's errno into the package's errors.
func hostErr(op, p string, err error) error {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err
	}
	kind := ErrBadPath
	switch errno {
	case syscall.ENOENT:
		kind = ErrNotFound
	case syscall.EFBIG, syscall.ENOSPC:
		kind = ErrTooLarge
	}
	return fmt.Errorf("%w: %s %q: %v", kind, op, p, errno)
}

// List describes the project's volumes (deleted ones are left out),
// sorted by name.
func (s *Service) List(ctx context.Context, project string) ([]Info, error) {
	vs, err := s.cfg.Heads.ListVolumes(ctx, project)
	if err != nil {
		return nil, fmt.Errorf("volume: list: %w", err)
	}
	out := []Info{}
	for _, v := range vs {
		if v.Deleted {
			continue
		}
		out = append(out, Info{Name: v.Name, Version: v.Version, Bytes: v.Bytes, Files: v.Files, Updated: v.Updated})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// openExisting opens a volume that must exist (ErrNotFound otherwise).
func (s *Service) openExisting(ctx context.Context, repo *cas.Repo, project, name, key string) (*Txn, error) {
	t, err := s.Open(ctx, repo, project, name, key)
	if err != nil {
		return nil, err
	}
	if t.head == nil || t.head.Deleted {
		return nil, fmt.Errorf("%w: volume %q", ErrNotFound, name)
	}
	return t, nil
}

// Files lists every file of the volume's head, sorted by path, and the
// version listed.
func (s *Service) Files(ctx context.Context, repo *cas.Repo, project, name string) ([]File, int64, error) {
	t, err := s.openExisting(ctx, repo, project, name, "")
	if err != nil {
		return nil, 0, err
	}
	out := []File{}
	for _, p := range t.base.paths() {
		if e := t.base[p]; !e.dir {
			out = append(out, File{Path: p, Size: e.size})
		}
	}
	return out, t.baseVer, nil
}

// Read returns a file of the volume's head and the version read.
func (s *Service) Read(ctx context.Context, repo *cas.Repo, project, name, p string) ([]byte, int64, error) {
	data, _, v, err := s.ReadRange(ctx, repo, project, name, p, 0, 0, nil)
	return data, v, err
}

// ReadRange returns length bytes (0: to the end) of a file from offset,
// the file's whole size and the version read: the head, or version at
// (the head or one the head still remembers; an older one is
// ErrConflict), so a big file can be read in consistent pieces.
func (s *Service) ReadRange(ctx context.Context, repo *cas.Repo, project, name, p string, offset, length int64, at *int64) (data []byte, size, version int64, err error) {
	if _, err := CleanPath(p); err != nil || p == "" {
		return nil, 0, 0, fmt.Errorf("%w: %q", ErrBadPath, p)
	}
	if offset < 0 || length < 0 {
		return nil, 0, 0, fmt.Errorf("%w: negative offset or length", ErrBadPath)
	}
	t, err := s.openExisting(ctx, repo, project, name, "")
	if err != nil {
		return nil, 0, 0, err
	}
	if at != nil && *at != t.baseVer {
		root, ok := decodeExtra(t.head.Extra).rootOf(*at)
		if !ok {
			return nil, 0, 0, fmt.Errorf("%w: version %d of %s is not kept (the head is %d)", ErrConflict, *at, name, t.baseVer)
		}
		if t.base, t.baseSnap, err = loadTree(ctx, repo, root); err != nil {
			return nil, 0, 0, err
		}
		t.baseVer = *at
	}
	e, err := t.lookup(p)
	if err == nil && e.dir {
		err = syscall.EISDIR
	}
	if err != nil {
		return nil, 0, 0, hostErr("read", p, err)
	}
	if data, err = t.rangeOf(p, e, offset, length); err != nil {
		return nil, 0, 0, err
	}
	return data, e.size, t.baseVer, nil
}

// rangeOf reads length bytes (0: to the end) of stored file e from
// offset, fetching only the chunks the range covers.
func (t *Txn) rangeOf(p string, e *entry, offset, length int64) ([]byte, error) {
	end := e.size
	if length > 0 && offset+length < end {
		end = offset + length
	}
	if offset >= end {
		return []byte{}, nil
	}
	if e.dirty {
		d, err := t.content(p, e)
		if err != nil {
			return nil, err
		}
		return d[offset:end:end], nil
	}
	var want []cas.PageRef
	first, pos := int64(-1), int64(0)
	for _, r := range e.chunks {
		if pos+r.Size > offset && pos < end {
			if first < 0 {
				first = pos
			}
			want = append(want, r)
		}
		pos += r.Size
	}
	parts, err := t.repo.GetPages(t.ctx, want)
	if err != nil {
		return nil, fmt.Errorf("volume: read %s/%s: %w", t.name, p, err)
	}
	out := make([]byte, 0, end-offset)
	pos = first
	for _, b := range parts {
		lo, hi := max(offset-pos, 0), min(end-pos, int64(len(b)))
		out = append(out, b[lo:hi]...)
		pos += int64(len(b))
	}
	return out, nil
}

// Write creates or replaces file p (or appends to it), creating its
// parent directories and the volume itself as needed. With ifVersion, a
// file changed after that version is ErrConflict. It returns the new
// version.
func (s *Service) Write(ctx context.Context, repo *cas.Repo, project, name, p string, data []byte, appendTo bool, ifVersion *int64, key string) (int64, error) {
	if _, err := CleanPath(p); err != nil || p == "" {
		return 0, fmt.Errorf("%w: %q", ErrBadPath, p)
	}
	t, err := s.Open(ctx, repo, project, name, key)
	if err != nil {
		return 0, err
	}
	if t.replayOf > 0 {
		return t.replayOf, nil
	}
	if err := t.changedSince(p, ifVersion); err != nil {
		return 0, err
	}
	if err := t.MkdirAll(parent(p)); err != nil {
		return 0, hostErr("write", p, err)
	}
	if err := t.WriteFile(p, data, appendTo); err != nil {
		return 0, hostErr("write", p, err)
	}
	return t.Commit(ctx)
}

// changedSince fails with ErrConflict when p (or anything under it)
// changed after version v.
func (t *Txn) changedSince(p string, v *int64) error {
	if v == nil {
		return nil
	}
	if *v > t.baseVer {
		return fmt.Errorf("%w: version %d of %s is newer than its head %d", ErrConflict, *v, t.name, t.baseVer)
	}
	for _, q := range append(t.under(p), p) {
		if e := t.base[q]; e != nil && e.mtime > *v {
			return fmt.Errorf("%w: %s/%s changed in version %d, after %d", ErrConflict, t.name, q, e.mtime, *v)
		}
	}
	return nil
}

// Delete deletes file or directory p (and everything under it) from the
// volume; p "" deletes the volume. It returns the new version.
func (s *Service) Delete(ctx context.Context, repo *cas.Repo, project, name, p string, ifVersion *int64, key string) (int64, error) {
	if _, err := CleanPath(p); err != nil {
		return 0, fmt.Errorf("%w: %q", ErrBadPath, p)
	}
	t, err := s.openExisting(ctx, repo, project, name, key)
	if err != nil {
		if t2, err2 := s.Open(ctx, repo, project, name, key); err2 == nil && t2.replayOf > 0 {
			return t2.replayOf, nil // a retry of the delete that made it so
		}
		return 0, err
	}
	if t.replayOf > 0 {
		return t.replayOf, nil
	}
	if err := t.changedSince(p, ifVersion); err != nil {
		return 0, err
	}
	if p == "" {
		return s.deleteVolume(ctx, t)
	}
	if err := t.RemoveAll(p); err != nil {
		return 0, hostErr("delete", p, err)
	}
	return t.Commit(ctx)
}

// deleteVolume replaces the head with an empty, deleted version. A
// concurrent writer that commits afterwards sees its files gone (a
// conflict for files it read) and may bring the volume back with new
// ones.
func (s *Service) deleteVolume(ctx context.Context, t *Txn) (int64, error) {
	head := t.head
	for range maxRebases {
		if head == nil || head.Deleted {
			return 0, fmt.Errorf("%w: volume %q", ErrNotFound, t.name)
		}
		x := decodeExtra(head.Extra)
		var add *applied
		if t.hasKey {
			if a, ok := x.find(t.key); ok {
				return a.version, nil
			}
			add = &applied{key: t.key, base: head.Version, version: head.Version + 1}
		}
		nv, err := s.nextHead(ctx, t.repo, t.project, t.name, head, tree{}, nil, x, add, 0, 0)
		if err != nil {
			return 0, err
		}
		nv.Deleted = true
		switch err := s.commitHead(ctx, head, nv); {
		case errors.Is(err, meta.ErrConflict):
			if head, err = s.readHead(ctx, t.project, t.name); err != nil {
				return 0, err
			}
			continue
		case err != nil:
			return 0, err
		}
		return nv.Version, nil
	}
	return 0, fmt.Errorf("%w: volume %s is changing too fast", ErrConflict, t.name)
}

// --- GC -----------------------------------------------------------------------------

// Live is what GC must keep of a project's volumes: the roots of every
// head and of each superseded version younger than grace, and the bytes
// the heads count against the quota.
type Live struct {
	Roots []cas.Addr
	Usage int64
}

// Live lists the project's live volume roots as of now. Deleted volumes
// whose deletion is older than retention lose their records (and so
// their chunks, at the sweep).
func (s *Service) Live(ctx context.Context, project string, now time.Time, grace, retention time.Duration) (Live, error) {
	var out Live
	vs, err := s.cfg.Heads.ListVolumes(ctx, project)
	if err != nil {
		return out, fmt.Errorf("volume: gc: %w", err)
	}
	add := func(hex string) error {
		if hex == "" {
			return nil
		}
		a, err := cas.ParseAddr(hex)
		if err != nil {
			return fmt.Errorf("volume: gc: %s: %w", project, err)
		}
		out.Roots = append(out.Roots, a)
		return nil
	}
	for _, v := range vs {
		if v.Deleted && retention > 0 && now.Sub(v.Updated) > retention {
			if err := s.cfg.Heads.DeleteVolumeRecord(ctx, project, v.Name, v.Version); err == nil || errors.Is(err, meta.ErrNotFound) {
				continue
			} else if !errors.Is(err, meta.ErrConflict) {
				return out, fmt.Errorf("volume: gc: %w", err)
			}
		}
		if !v.Deleted {
			if err := add(v.Root); err != nil {
				return out, err
			}
			out.Usage += Charged(v.Bytes)
		}
		for _, p := range decodeExtra(v.Extra).past {
			if now.Sub(time.Unix(0, p.at)) < grace {
				if err := add(p.root); err != nil {
					return out, err
				}
			}
		}
	}
	return out, nil
}
