package volume

import (
	"context"
	"errors"
	"fmt"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
)

// store chunks the Txn's dirty files and writes the chunks the project
// does not have yet (as far as this Txn knows: the base version's and its
// own), so the working tree names only stored content.
func (t *Txn) store(ctx context.Context) error {
	known := map[cas.Addr]bool{}
	for _, e := range t.base {
		for _, r := range e.chunks {
			known[r.Addr] = true
		}
	}
	codec := t.repo.Codec()
	for p := range t.touched {
		e := t.work[p]
		if e == nil || !e.dirty {
			continue
		}
		parts, err := split(e.data)
		if err != nil {
			return err
		}
		stored := &entry{size: e.size, mtime: e.mtime, chunks: make([]cas.PageRef, len(e.prefix), len(e.prefix)+len(parts))}
		copy(stored.chunks, e.prefix)
		var fresh [][]byte
		for _, c := range parts {
			a := codec.Hash(c)
			stored.chunks = append(stored.chunks, cas.PageRef{Addr: a, Size: int64(len(c))})
			if !known[a] {
				known[a] = true
				fresh = append(fresh, c)
			}
		}
		if len(fresh) > 0 {
			if _, err := t.repo.PutMany(ctx, fresh); err != nil {
				return fmt.Errorf("volume: store %s/%s: %w", t.name, p, err)
			}
		}
		t.work[p] = stored
		if len(e.prefix) == 0 && t.cacheBytes+int64(len(e.data)) <= maxCacheBytes {
			if t.cache == nil {
				t.cache = map[string][]byte{}
			}
			t.cacheBytes += int64(len(e.data))
			t.cache[p] = e.data
		}
	}
	return nil
}

// Commit stores the Txn's changes and makes them the volume's head: one
// conditional write on the version it read, or, when another writer got
// there first, on that writer's version after rebasing (a path both
// changed is ErrConflict). It returns the new version (the read version
// when there was nothing to write). Nothing is visible to readers before
// the head write; chunks written by a Commit that fails are garbage for GC.
func (t *Txn) Commit(ctx context.Context) (int64, error) {
	if t.replayOf > 0 {
		return t.replayOf, nil
	}
	if len(t.touched) == 0 {
		return t.baseVer, nil
	}
	if err := t.store(ctx); err != nil {
		return 0, err
	}
	head := t.head
	for range maxRebases {
		v, done, err := t.commitOn(ctx, head)
		if done || err != nil {
			return v, err
		}
		if head, err = t.s.readHead(ctx, t.project, t.name); err != nil {
			return 0, err
		}
	}
	return 0, fmt.Errorf("%w: volume %s is changing too fast", ErrConflict, t.name)
}

func (s *Service) readHead(ctx context.Context, project, name string) (*meta.Volume, error) {
	h, err := s.cfg.Heads.GetVolume(ctx, project, name)
	if errors.Is(err, meta.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("volume: read %s: %w", name, err)
	}
	return h, nil
}

// headTree reads head's tree, reusing the Txn's base when it is the same
// version.
func (t *Txn) headTree(ctx context.Context, head *meta.Volume) (tree, *cas.Snapshot, error) {
	if head == nil || head.Deleted {
		return tree{}, nil, nil
	}
	if t.head != nil && head.Version == t.baseVer && head.Root == t.head.Root && !t.head.Deleted {
		return t.base, t.baseSnap, nil
	}
	return loadTree(ctx, t.repo, head.Root)
}

// commitOn tries one conditional write of the Txn's changes rebased on
// head. done=false: head moved meanwhile; read it again and retry.
func (t *Txn) commitOn(ctx context.Context, head *meta.Volume) (int64, bool, error) {
	hv := int64(0)
	var x headExtra
	if head != nil {
		hv = head.Version
		x = decodeExtra(head.Extra)
		if a, ok := x.find(t.key); t.hasKey && ok {
			return a.version, true, nil // a retry: applied already
		}
	}
	ht, hsnap, err := t.headTree(ctx, head)
	if err != nil {
		return 0, false, err
	}
	merged, mine, changed, err := t.rebase(ht, hv+1)
	if err != nil {
		return 0, false, err
	}
	if !changed {
		return hv, true, nil
	}
	bytes, files := merged.totals()
	if bytes > t.s.cfg.MaxVolumeBytes || len(merged) > t.s.cfg.MaxEntries {
		return 0, false, fmt.Errorf("%w: volume %s would hold %d bytes in %d entries (limits %d, %d)",
			ErrTooLarge, t.name, bytes, len(merged), t.s.cfg.MaxVolumeBytes, t.s.cfg.MaxEntries)
	}
	var add *applied
	if t.hasKey {
		add = &applied{key: t.key, base: t.baseVer, version: hv + 1}
	}
	nv, err := t.s.nextHead(ctx, t.repo, t.project, t.name, head, merged, hsnap, x, add, bytes, files)
	if err != nil {
		return 0, false, err
	}
	switch err := t.s.commitHead(ctx, head, nv); {
	case errors.Is(err, meta.ErrConflict):
		return 0, false, nil
	case err != nil:
		return 0, false, err
	}
	t.mine, t.committed = mine, nv
	return nv.Version, true, nil
}

// rebase applies the Txn's changes to ht (the current head's tree) as
// version v. A touched path whose head entry differs from the Txn's base
// entry is a conflict, unless both made the same change. The result must
// stay a tree: every entry's parent a directory.
func (t *Txn) rebase(ht tree, v int64) (merged tree, mine map[string]*entry, changed bool, err error) {
	merged = ht.clone()
	mine = make(map[string]*entry, len(t.touched))
	for p := range t.touched {
		final, b, h := t.work[p], t.base[p], ht[p]
		if same(final, h) {
			mine[p] = h
			continue
		}
		if !same(b, h) {
			return nil, nil, false, fmt.Errorf("%w: %s/%s changed since version %d", ErrConflict, t.name, p, t.baseVer)
		}
		changed = true
		if final == nil {
			delete(merged, p)
			mine[p] = nil
			continue
		}
		e := *final
		e.mtime = v
		merged[p] = &e
		mine[p] = &e
	}
	hasChild := map[string]bool{}
	for q := range merged {
		hasChild[parent(q)] = true
	}
	for p := range t.touched {
		e := merged[p]
		if e != nil {
			if par := parent(p); par != "" {
				if pe := merged[par]; pe == nil || !pe.dir {
					return nil, nil, false, fmt.Errorf("%w: %s/%s: its directory was removed or replaced meanwhile", ErrConflict, t.name, p)
				}
			}
		}
		if (e == nil || !e.dir) && hasChild[p] {
			return nil, nil, false, fmt.Errorf("%w: %s/%s: another writer added entries under it meanwhile", ErrConflict, t.name, p)
		}
	}
	return merged, mine, changed, nil
}

// nextHead stores tree m as the version after head and returns the new
// head record; add, if set, is the request key it applies.
func (s *Service) nextHead(ctx context.Context, repo *cas.Repo, project, name string, head *meta.Volume, m tree, hsnap *cas.Snapshot, x headExtra, add *applied, bytes, files int64) (*meta.Volume, error) {
	now := s.cfg.Now()
	nv := &meta.Volume{Project: project, Name: name, Version: 1, Bytes: bytes, Files: files, Created: now, Updated: now}
	if head != nil {
		nv.Version, nv.Created = head.Version+1, head.Created
		root := head.Root
		if head.Deleted {
			root = "" // an empty version
		}
		x.past = append([]past{{version: head.Version, root: root, at: now.UnixNano()}}, x.past...)
	}
	if len(x.past) > keepVersions {
		x.past = x.past[:keepVersions]
	}
	if len(m) > 0 {
		md, pages, err := m.encode()
		if err != nil {
			return nil, err
		}
		snap, err := repo.PutSnapshot(ctx, md, pages, hsnap)
		if err != nil {
			return nil, fmt.Errorf("volume: store version of %s: %w", name, err)
		}
		nv.Root = snap.Root.String()
	}
	if add != nil {
		x = x.withApplied(*add)
	}
	nv.Extra = x.encode()
	return nv, nil
}

func (x headExtra) withApplied(a applied) headExtra {
	x.applied = append(append([]applied(nil), x.applied...), a)
	if len(x.applied) > keepApplied {
		x.applied = x.applied[len(x.applied)-keepApplied:]
	}
	return x
}

// commitHead charges the quota for the growth from head to nv, then
// writes nv conditionally on head's version.
func (s *Service) commitHead(ctx context.Context, head, nv *meta.Volume) error {
	var hv, hb int64
	if head != nil {
		hv, hb = head.Version, head.Bytes
		if head.Deleted {
			hb = 0
		}
	}
	delta := Charged(nv.Bytes) - Charged(hb)
	if nv.Deleted {
		delta = -Charged(hb)
	}
	if delta > 0 && s.cfg.Usage != nil {
		if err := s.cfg.Usage(ctx, nv.Project, delta); err != nil {
			return fmt.Errorf("volume: %s: %w", nv.Name, err)
		}
	}
	err := s.cfg.Heads.CommitVolume(ctx, nv, hv)
	if s.cfg.Usage != nil {
		switch {
		case err != nil && delta > 0:
			_ = s.cfg.Usage(context.WithoutCancel(ctx), nv.Project, -delta) // GC settles a miss
		case err == nil && delta < 0:
			_ = s.cfg.Usage(ctx, nv.Project, delta)
		}
	}
	if err != nil && !errors.Is(err, meta.ErrConflict) {
		return fmt.Errorf("volume: commit %s: %w", nv.Name, err)
	}
	return err
}

// Revert undoes a committed Txn whose enclosing step then failed to
// commit (its session moved): each path it changed that still holds what
// it wrote goes back to what the Txn read, and its request key is
// forgotten, so a retry runs anew. Paths another writer changed since are
// left as they are.
func (t *Txn) Revert(ctx context.Context) error {
	if t.committed == nil {
		return nil
	}
	for range maxRebases {
		head, err := t.s.readHead(ctx, t.project, t.name)
		if err != nil || head == nil {
			return err
		}
		ht, hsnap, err := loadTree(ctx, t.repo, head.Root)
		if head.Deleted {
			ht, hsnap, err = tree{}, nil, nil
		}
		if err != nil {
			return err
		}
		m := ht.clone()
		for p, w := range t.mine {
			if !same(ht[p], w) {
				continue
			}
			if b := t.base[p]; b != nil {
				m[p] = b
			} else {
				delete(m, p)
			}
		}
		x := decodeExtra(head.Extra)
		kept := x.applied[:0:0]
		for _, a := range x.applied {
			if a.key != t.key {
				kept = append(kept, a)
			}
		}
		x.applied = kept
		bytes, files := m.totals()
		nv, err := t.s.nextHead(ctx, t.repo, t.project, t.name, head, m, hsnap, x, nil, bytes, files)
		if err != nil {
			return err
		}
		switch err := t.s.commitHead(ctx, head, nv); {
		case errors.Is(err, meta.ErrConflict):
			continue
		case err != nil:
			return err
		}
		t.committed = nil
		return nil
	}
	return fmt.Errorf("%w: could not revert %s", ErrConflict, t.name)
}
