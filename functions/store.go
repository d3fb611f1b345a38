package functions

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/core/vm"
)

// SessionStore keeps interpreter states in a content-addressed store.
type SessionStore struct {
	Repo *cas.Repo
}

// Saved is a state committed to the store: Root names it. It also
// remembers what the next incremental save needs (the manifest and the
// stored page table).
type Saved struct {
	Root cas.Addr
	// PagesWritten and BytesWritten count the pages this save uploaded
	// (pages unchanged since the previous save are referenced, not sent).
	PagesWritten int
	BytesWritten int64

	manifest *vm.Manifest
	snap     *cas.Snapshot
}

// ErrState reports a stored state that does not decode.
var ErrState = errors.New("functions: stored state is not a valid session")

const refSize = cas.AddrSize + 8

func encodeRef(r cas.PageRef) []byte {
	b := make([]byte, refSize)
	copy(b, r.Addr[:])
	binary.BigEndian.PutUint64(b[cas.AddrSize:], uint64(r.Size))
	return b
}

func decodeRef(b []byte) (cas.PageRef, bool) {
	if len(b) != refSize {
		return cas.PageRef{}, false
	}
	var r cas.PageRef
	copy(r.Addr[:], b)
	r.Size = int64(binary.BigEndian.Uint64(b[cas.AddrSize:]))
	return r, true
}

// Save commits m's state. With prev (the last Save or Load of this same
// VM) only the pages changed since are uploaded.
func (s *SessionStore) Save(ctx context.Context, m *vm.VM, kind vm.DumpKind, prev *Saved) (*Saved, error) {
	var pm *vm.Manifest
	var base *cas.Snapshot
	if prev != nil {
		pm, base = prev.manifest, prev.snap
	}
	man, pages, err := m.DumpPages(kind, pm)
	if err != nil {
		return nil, err
	}
	out := &Saved{manifest: man}
	cp := make([]cas.Page, len(pages))
	for i, p := range pages {
		if r, ok := decodeRef(p.Ref); ok && !p.Dirty {
			cp[i] = cas.Page{Ref: r}
			continue
		}
		if p.Data == nil {
			return nil, fmt.Errorf("functions: page %d is unchanged but has no stored address", i)
		}
		cp[i] = cas.Page{Data: p.Data}
		out.PagesWritten++
		out.BytesWritten += int64(len(p.Data))
	}
	meta, err := man.MarshalBinary()
	if err != nil {
		return nil, err
	}
	snap, err := s.Repo.PutSnapshot(ctx, meta, cp, base)
	if err != nil {
		return nil, err
	}
	for i := range man.Pages {
		man.Pages[i].Ref = encodeRef(snap.Pages[i])
	}
	out.Root, out.snap = snap.Root, snap
	return out, nil
}

// Load restores the state saved under root into a new VM. Loading the same
// root twice forks it.
func (s *SessionStore) Load(ctx context.Context, root cas.Addr) (*vm.VM, *Saved, error) {
	snap, err := s.Repo.GetSnapshot(ctx, root)
	if err != nil {
		return nil, nil, err
	}
	man, err := vm.DecodeManifest(snap.Meta)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrState, err)
	}
	if len(snap.Pages) != len(man.Pages) {
		return nil, nil, fmt.Errorf("%w: %d stored pages for %d in the manifest", ErrState, len(snap.Pages), len(man.Pages))
	}
	// Fetch every page the loader will ask for, concurrently.
	var want []cas.PageRef
	var idx []int
	for i, p := range man.Pages {
		if !p.Base {
			want = append(want, snap.Pages[i])
			idx = append(idx, i)
		}
	}
	data, err := s.Repo.GetPages(ctx, want)
	if err != nil {
		return nil, nil, err
	}
	byIndex := make(map[int][]byte, len(idx))
	for k, i := range idx {
		byIndex[i] = data[k]
	}
	m, err := vm.LoadPages(man, func(i int) ([]byte, error) {
		b, ok := byIndex[i]
		if !ok {
			return nil, fmt.Errorf("%w: page %d was not stored", ErrState, i)
		}
		return b, nil
	})
	if err != nil {
		return nil, nil, err
	}
	for i := range man.Pages {
		man.Pages[i].Ref = encodeRef(snap.Pages[i])
	}
	return m, &Saved{Root: root, manifest: man, snap: snap}, nil
}
