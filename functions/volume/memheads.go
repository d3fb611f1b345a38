package volume

import (
	"context"
	"fmt"
	"sync"

	"github.com/amber-sandbox/amber/functions/meta"
)

// MemHeads is an in-memory meta.VolumeStore with the same contract as the
// bbolt and DynamoDB stores (records copied in and out, conditional
// writes), for tests and in-memory engines.
type MemHeads struct {
	mu sync.Mutex
	m  map[string]meta.Volume // "project\x00name"
}

// NewMemHeads returns an empty MemHeads.
func NewMemHeads() *MemHeads { return &MemHeads{m: map[string]meta.Volume{}} }

var _ meta.VolumeStore = (*MemHeads)(nil)

func memKey(project, name string) string { return project + "\x00" + name }

func (h *MemHeads) GetVolume(_ context.Context, project, name string) (*meta.Volume, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	v, ok := h.m[memKey(project, name)]
	if !ok {
		return nil, fmt.Errorf("volume %s/%s: %w", project, name, meta.ErrNotFound)
	}
	v.Extra = append([]byte(nil), v.Extra...)
	return &v, nil
}

func (h *MemHeads) CommitVolume(_ context.Context, v *meta.Volume, expectVersion int64) error {
	if v.Project == "" || v.Name == "" {
		return fmt.Errorf("volume without a project or name")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	k := memKey(v.Project, v.Name)
	old, ok := h.m[k]
	if (ok && old.Version != expectVersion) || (!ok && expectVersion != 0) {
		return fmt.Errorf("volume %s/%s is not at version %d: %w", v.Project, v.Name, expectVersion, meta.ErrConflict)
	}
	c := *v
	c.Extra = append([]byte(nil), v.Extra...)
	h.m[k] = c
	return nil
}

func (h *MemHeads) DeleteVolumeRecord(_ context.Context, project, name string, expectVersion int64) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	k := memKey(project, name)
	old, ok := h.m[k]
	if !ok {
		return fmt.Errorf("volume %s/%s: %w", project, name, meta.ErrNotFound)
	}
	if old.Version != expectVersion {
		return fmt.Errorf("volume %s/%s is not at version %d: %w", project, name, expectVersion, meta.ErrConflict)
	}
	delete(h.m, k)
	return nil
}

func (h *MemHeads) ListVolumes(_ context.Context, project string) ([]*meta.Volume, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []*meta.Volume
	for _, v := range h.m {
		if v.Project == project {
			c := v
			c.Extra = append([]byte(nil), v.Extra...)
			out = append(out, &c)
		}
	}
	return out, nil
}
