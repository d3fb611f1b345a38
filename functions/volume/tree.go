package volume

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/restic/chunker"

	"github.com/amber-sandbox/amber/cas"
)

// Chunking. The polynomial is fixed (an irreducible one of degree 53,
// checked by a test) so the same content always splits the same way in
// every process; content addresses are keyed per project, so a fixed
// polynomial reveals nothing across projects. Chunks average about 12 KB
// (4 KB minimum, 2^13 mask, 32 KB maximum): a one-byte change of a big
// file stores one or two chunks.
const (
	chunkPol  = chunker.Pol(0x2f3c8aaf3c59a1)
	ChunkMin  = 4 << 10
	ChunkMax  = 32 << 10
	chunkBits = 13
)

// split cuts data into content-defined chunks (one chunk below ChunkMin).
// The chunks alias data.
func split(data []byte) ([][]byte, error) {
	if len(data) == 0 {
		return nil, nil
	}
	if len(data) <= ChunkMin {
		return [][]byte{data}, nil
	}
	c := chunker.NewWithBoundaries(bytes.NewReader(data), chunkPol, ChunkMin, ChunkMax)
	c.SetAverageBits(chunkBits)
	var out [][]byte
	buf := make([]byte, 0, ChunkMax)
	for {
		ch, err := c.Next(buf)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("volume: chunk: %w", err)
		}
		out = append(out, data[ch.Start:ch.Start+ch.Length])
	}
}

// entry is one path of a version: a directory, or a file of Size bytes
// whose content is Chunks (stored) or data (written in this Txn, not yet
// chunked).
type entry struct {
	dir    bool
	size   int64
	mtime  int64 // the version the entry last changed in
	chunks []cas.PageRef
	// A dirty entry's content is prefix (stored chunks kept from an
	// append) followed by data, both owned by the Txn that made it.
	prefix []cas.PageRef
	data   []byte
	dirty  bool
}

// same says whether a and b are the same content (nil: absent).
func same(a, b *entry) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.dir != b.dir || a.size != b.size {
		return false
	}
	if a.dir {
		return true
	}
	if a.dirty || b.dirty {
		return a == b
	}
	if len(a.chunks) != len(b.chunks) {
		return false
	}
	for i := range a.chunks {
		if a.chunks[i].Addr != b.chunks[i].Addr {
			return false
		}
	}
	return true
}

// tree is a version's entries by canonical path; the root ("") is
// implicit.
type tree map[string]*entry

func (t tree) clone() tree {
	c := make(tree, len(t))
	for k, v := range t {
		c[k] = v
	}
	return c
}

// totals counts a tree's file bytes and files.
func (t tree) totals() (bytes, files int64) {
	for _, e := range t {
		if !e.dir {
			bytes += e.size
			files++
		}
	}
	return
}

// manifest format: a format byte, the entry count, then per entry in path
// order: path (length-prefixed), flags (1: directory), size, chunk count
// and the version it changed in, as uvarints. The page table lists the
// chunks of every file in the same order.
const manifestFormat = 1

func (t tree) paths() []string {
	ps := make([]string, 0, len(t))
	for p := range t {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return ps
}

// encode returns the manifest metadata and the page table of t, whose
// files must all be stored (not dirty).
func (t tree) encode() ([]byte, []cas.Page, error) {
	ps := t.paths()
	out := []byte{manifestFormat}
	out = binary.AppendUvarint(out, uint64(len(ps)))
	var pages []cas.Page
	for _, p := range ps {
		e := t[p]
		if e.dirty {
			return nil, nil, fmt.Errorf("volume: %s is not stored", p)
		}
		out = binary.AppendUvarint(out, uint64(len(p)))
		out = append(out, p...)
		flags := uint64(0)
		if e.dir {
			flags = 1
		}
		out = binary.AppendUvarint(out, flags)
		out = binary.AppendUvarint(out, uint64(e.size))
		out = binary.AppendUvarint(out, uint64(len(e.chunks)))
		out = binary.AppendUvarint(out, uint64(e.mtime))
		for _, r := range e.chunks {
			pages = append(pages, cas.Page{Ref: r})
		}
	}
	return out, pages, nil
}

// decodeTree reads a version's manifest.
func decodeTree(meta []byte, pages []cas.PageRef) (tree, error) {
	bad := func(why string) (tree, error) { return nil, fmt.Errorf("volume: bad manifest: %s", why) }
	if len(meta) == 0 || meta[0] != manifestFormat {
		return bad("unknown format")
	}
	b := meta[1:]
	uv := func() (uint64, bool) {
		n, k := binary.Uvarint(b)
		if k <= 0 {
			return 0, false
		}
		b = b[k:]
		return n, true
	}
	n, ok := uv()
	if !ok || n > uint64(len(b)) {
		return bad("entry count")
	}
	t := make(tree, n)
	k := 0
	for range n {
		l, ok := uv()
		if !ok || l > uint64(len(b)) {
			return bad("path")
		}
		p := string(b[:l])
		b = b[l:]
		var v [4]uint64
		for i := range v {
			if v[i], ok = uv(); !ok {
				return bad("entry")
			}
		}
		e := &entry{dir: v[0]&1 != 0, size: int64(v[1]), mtime: int64(v[3])}
		if v[2] > uint64(len(pages)-k) {
			return bad("chunk count")
		}
		e.chunks = pages[k : k+int(v[2]) : k+int(v[2])]
		k += int(v[2])
		t[p] = e
	}
	if k != len(pages) {
		return bad("page table")
	}
	return t, nil
}

// loadTree reads the version whose manifest is root ("": empty).
func loadTree(ctx context.Context, repo *cas.Repo, root string) (tree, *cas.Snapshot, error) {
	if root == "" {
		return tree{}, nil, nil
	}
	a, err := cas.ParseAddr(root)
	if err != nil {
		return nil, nil, fmt.Errorf("volume: bad root %q: %w", root, err)
	}
	snap, err := repo.GetSnapshot(ctx, a)
	if err != nil {
		return nil, nil, fmt.Errorf("volume: read version %s: %w", root, err)
	}
	t, err := decodeTree(snap.Meta, snap.Pages)
	if err != nil {
		return nil, nil, err
	}
	return t, snap, nil
}

// --- the head's extra data ------------------------------------------------------------

// past is a superseded version: its root, and when it was superseded.
type past struct {
	version int64
	root    string
	at      int64 // Unix ns
}

// applied is a request key the head applied: the version its change read
// and the version it made.
type applied struct {
	key     [16]byte
	base    int64
	version int64
}

type headExtra struct {
	past    []past
	applied []applied
}

const extraFormat = 1

func (x headExtra) encode() []byte {
	out := []byte{extraFormat}
	out = binary.AppendUvarint(out, uint64(len(x.past)))
	for _, p := range x.past {
		out = binary.AppendUvarint(out, uint64(p.version))
		out = binary.AppendUvarint(out, uint64(len(p.root)))
		out = append(out, p.root...)
		out = binary.AppendUvarint(out, uint64(p.at))
	}
	out = binary.AppendUvarint(out, uint64(len(x.applied)))
	for _, a := range x.applied {
		out = append(out, a.key[:]...)
		out = binary.AppendUvarint(out, uint64(a.base))
		out = binary.AppendUvarint(out, uint64(a.version))
	}
	return out
}

// decodeExtra reads a head's extra data; a malformed tail is dropped
// (it only costs replays their recorded base).
func decodeExtra(b []byte) headExtra {
	var x headExtra
	if len(b) == 0 || b[0] != extraFormat {
		return x
	}
	b = b[1:]
	uv := func() (int64, bool) {
		n, k := binary.Uvarint(b)
		if k <= 0 {
			return 0, false
		}
		b = b[k:]
		return int64(n), true
	}
	n, ok := uv()
	if !ok {
		return x
	}
	for range n {
		var p past
		var l int64
		if p.version, ok = uv(); !ok {
			return x
		}
		if l, ok = uv(); !ok || l > int64(len(b)) {
			return x
		}
		p.root = string(b[:l])
		b = b[l:]
		if p.at, ok = uv(); !ok {
			return x
		}
		x.past = append(x.past, p)
	}
	if n, ok = uv(); !ok {
		return x
	}
	for range n {
		var a applied
		if len(b) < len(a.key) {
			return x
		}
		copy(a.key[:], b)
		b = b[len(a.key):]
		if a.base, ok = uv(); !ok {
			return x
		}
		if a.version, ok = uv(); !ok {
			return x
		}
		x.applied = append(x.applied, a)
	}
	return x
}

func (x headExtra) find(key [16]byte) (applied, bool) {
	for _, a := range x.applied {
		if a.key == key {
			return a, true
		}
	}
	return applied{}, false
}

// rootOf is the root of version v, if the head still knows it.
func (x headExtra) rootOf(v int64) (string, bool) {
	for _, p := range x.past {
		if p.version == v {
			return p.root, true
		}
	}
	return "", false
}
