package cas

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Dir is the embedded default Store: one file per chunk under
// root/<first two hex digits>/<address>. Writes go to a temporary file in the
// same folder, are fsynced, and are then linked into place (renamed where the
// file system has no hard links), so readers never see a partial chunk and
// several processes can share one folder.
type Dir struct {
	root string
}

// NewDir opens (creating if needed) a directory store at root.
func NewDir(root string) (*Dir, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("cas: open dir store: %w", err)
	}
	return &Dir{root: root}, nil
}

// Root returns the store's folder.
func (d *Dir) Root() string { return d.root }

func (d *Dir) path(a Addr) string {
	h := a.String()
	return filepath.Join(d.root, h[:2], h)
}

func (d *Dir) Get(ctx context.Context, addr Addr) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(d.path(addr))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, notFound(addr)
	}
	if err != nil {
		return nil, fmt.Errorf("cas: dir get %s: %w", addr, err)
	}
	return b, nil
}

func (d *Dir) Put(ctx context.Context, addr Addr, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	final := d.path(addr)
	now := time.Now()
	if err := os.Chtimes(final, now, now); err == nil {
		return nil // already stored; modification time refreshed
	}
	dir := filepath.Dir(final)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cas: dir put %s: %w", addr, err)
	}
	tmp, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("cas: dir put %s: %w", addr, err)
	}
	tmpName := tmp.Name()
	defer os.Remove(tmpName)
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cas: dir put %s: %w", addr, err)
	}
	// A hard link never replaces an existing file; if another process won
	// the race its identical chunk stays.
	if err := os.Link(tmpName, final); err != nil && !errors.Is(err, fs.ErrExist) {
		if rerr := os.Rename(tmpName, final); rerr != nil {
			return fmt.Errorf("cas: dir put %s: %w", addr, rerr)
		}
	}
	return syncDir(dir)
}

func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("cas: sync dir: %w", err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("cas: sync dir: %w", err)
	}
	return nil
}

func (d *Dir) Stat(ctx context.Context, addr Addr) (ChunkInfo, error) {
	if err := ctx.Err(); err != nil {
		return ChunkInfo{}, err
	}
	fi, err := os.Stat(d.path(addr))
	if errors.Is(err, fs.ErrNotExist) {
		return ChunkInfo{}, notFound(addr)
	}
	if err != nil {
		return ChunkInfo{}, fmt.Errorf("cas: dir stat %s: %w", addr, err)
	}
	return ChunkInfo{Addr: addr, Size: fi.Size(), ModTime: fi.ModTime()}, nil
}

func (d *Dir) Delete(ctx context.Context, addr Addr) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.Remove(d.path(addr)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cas: dir delete %s: %w", addr, err)
	}
	return nil
}

func (d *Dir) Walk(ctx context.Context, fn func(ChunkInfo) error) error {
	shards, err := os.ReadDir(d.root)
	if err != nil {
		return fmt.Errorf("cas: dir walk: %w", err)
	}
	for _, sh := range shards {
		if !sh.IsDir() || len(sh.Name()) != 2 {
			continue
		}
		ents, err := os.ReadDir(filepath.Join(d.root, sh.Name()))
		if err != nil {
			return fmt.Errorf("cas: dir walk: %w", err)
		}
		for _, e := range ents {
			if err := ctx.Err(); err != nil {
				return err
			}
			name := e.Name()
			if strings.HasPrefix(name, ".") || !strings.HasPrefix(name, sh.Name()) {
				continue
			}
			a, err := ParseAddr(name)
			if err != nil {
				continue
			}
			fi, err := e.Info()
			if errors.Is(err, fs.ErrNotExist) {
				continue // deleted meanwhile
			}
			if err != nil {
				return fmt.Errorf("cas: dir walk: %w", err)
			}
			if err := fn(ChunkInfo{Addr: a, Size: fi.Size(), ModTime: fi.ModTime()}); err != nil {
				return err
			}
		}
	}
	return nil
}
