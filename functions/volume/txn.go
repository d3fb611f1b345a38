package volume

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"sort"
	"strings"
	"syscall"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/functions/meta"
)

// maxCacheBytes bounds the file contents a Txn keeps after reading them.
const maxCacheBytes = 16 << 20

// Txn is one reader and writer of a volume: it reads the version that was
// the head when it was opened (or, for a retried request key, the version
// the first attempt read) and buffers its changes until Commit. File
// operations take paths relative to the volume root and fail with a
// syscall.Errno, as the sandbox reports them. A Txn is not safe for
// concurrent use.
type Txn struct {
	s       *Service
	ctx     context.Context
	repo    *cas.Repo
	project string
	name    string
	key     [16]byte
	hasKey  bool

	head     *meta.Volume // as read at Open; nil: none
	baseVer  int64
	base     tree
	baseSnap *cas.Snapshot
	// replayOf: the head already applied this request key (a retry): it
	// read baseVer, and Commit returns the version it made.
	replayOf int64

	work    tree // nil until the first change
	touched map[string]bool
	bytes   int64 // file bytes of the working tree
	entries int
	dirty   int64 // bytes of written, not yet stored, file contents held

	cache      map[string][]byte
	cacheBytes int64

	// mine: what Commit wrote for each touched path, for Revert.
	mine      map[string]*entry
	committed *meta.Volume
}

// RequestKey derives a Txn's idempotency key from the parts that name a
// request (for example the session and the request id).
func RequestKey(parts ...string) string {
	return strings.Join(parts, "\x00")
}

// Open starts a Txn on volume name of project through repo (the
// project's cas repo). key, if not empty, is the request's idempotency
// key (RequestKey): when the head already applied it, the Txn reads the
// version that request read and Commit applies nothing again. ctx is
// kept for the Txn's reads of file contents.
func (s *Service) Open(ctx context.Context, repo *cas.Repo, project, name, key string) (*Txn, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	t := &Txn{s: s, ctx: ctx, repo: repo, project: project, name: name, touched: map[string]bool{}}
	if key != "" {
		t.key, t.hasKey = hashKey(project, name, key), true
	}
	head, err := s.cfg.Heads.GetVolume(ctx, project, name)
	switch {
	case errors.Is(err, meta.ErrNotFound):
		head = nil
	case err != nil:
		return nil, fmt.Errorf("volume: read %s: %w", name, err)
	}
	t.head = head
	root := ""
	if head != nil {
		t.baseVer = head.Version
		if !head.Deleted {
			root = head.Root
		}
		if t.hasKey {
			x := decodeExtra(head.Extra)
			if a, ok := x.find(t.key); ok {
				t.replayOf = a.version
				switch r, ok := x.rootOf(a.base); {
				case a.base == head.Version:
				case a.base == 0: // the request made the volume
					t.baseVer, root = 0, ""
				case ok:
					t.baseVer, root = a.base, r
				}
			}
		}
	}
	if t.base, t.baseSnap, err = loadTree(ctx, repo, root); err != nil {
		return nil, err
	}
	b, _ := t.base.totals()
	t.bytes, t.entries = b, len(t.base)
	return t, nil
}

func hashKey(project, name, key string) [16]byte {
	h := sha256.Sum256([]byte(project + "\x00" + name + "\x00" + key))
	var k [16]byte
	copy(k[:], h[:])
	return k
}

// Version is the version the Txn reads.
func (t *Txn) Version() int64 { return t.baseVer }

// Name is the volume's name.
func (t *Txn) Name() string { return t.name }

// Changed says whether the Txn has changes to commit.
func (t *Txn) Changed() bool { return len(t.touched) > 0 }

func (t *Txn) cur() tree {
	if t.work != nil {
		return t.work
	}
	return t.base
}

// set makes p's entry e (nil: absent) in the working tree.
func (t *Txn) set(p string, e *entry) {
	if t.work == nil {
		t.work = t.base.clone()
	}
	if old := t.work[p]; old != nil {
		if !old.dir {
			t.bytes -= old.size
		}
		if old.dirty {
			t.dirty -= int64(len(old.data))
		}
		t.entries--
	}
	if e == nil {
		delete(t.work, p)
	} else {
		t.work[p] = e
		if !e.dir {
			t.bytes += e.size
		}
		if e.dirty {
			t.dirty += int64(len(e.data))
		}
		t.entries++
	}
	t.touched[p] = true
	t.dropCache(p)
}

func (t *Txn) dropCache(p string) {
	if d, ok := t.cache[p]; ok {
		t.cacheBytes -= int64(len(d))
		delete(t.cache, p)
	}
}

func parent(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return ""
}

func base(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

var rootEntry = &entry{dir: true}

// lookup finds p: ENOENT when it or an ancestor is missing, ENOTDIR when
// an ancestor is a file.
func (t *Txn) lookup(p string) (*entry, error) {
	if p == "" {
		return rootEntry, nil
	}
	c := t.cur()
	if e := c[p]; e != nil {
		return e, nil
	}
	return nil, t.missing(p)
}

// missing is the error for an absent p: ENOTDIR if an ancestor is a file.
func (t *Txn) missing(p string) error {
	c := t.cur()
	for q := parent(p); q != ""; q = parent(q) {
		if e := c[q]; e != nil {
			if !e.dir {
				return syscall.ENOTDIR
			}
			break
		}
	}
	return syscall.ENOENT
}

// parentDir checks that p's parent is an existing directory.
func (t *Txn) parentDir(p string) error {
	e, err := t.lookup(parent(p))
	if err != nil {
		return err
	}
	if !e.dir {
		return syscall.ENOTDIR
	}
	return nil
}

func (t *Txn) clean(p string) (string, error) {
	c, err := CleanPath(p)
	if err != nil {
		return "", syscall.EACCES // an escape or a bad name is a permission error
	}
	return c, nil
}

// content returns a file entry's bytes, not to be modified. Its capacity
// is its length, so a caller's append copies instead of writing into a
// buffer the Txn still appends to.
func (t *Txn) content(p string, e *entry) ([]byte, error) {
	if e.dirty && len(e.prefix) > 0 {
		// Materialize an append's stored prefix: the entry is the Txn's.
		parts, err := t.repo.GetPages(t.ctx, e.prefix)
		if err != nil {
			return nil, fmt.Errorf("volume: read %s/%s: %w", t.name, p, err)
		}
		full := make([]byte, 0, e.size)
		for _, b := range parts {
			full = append(full, b...)
		}
		full = append(full, e.data...)
		t.dirty += int64(len(full) - len(e.data))
		e.prefix, e.data = nil, full
	}
	if e.dirty {
		return e.data[:len(e.data):len(e.data)], nil
	}
	if d, ok := t.cache[p]; ok {
		return d[:len(d):len(d)], nil
	}
	parts, err := t.repo.GetPages(t.ctx, e.chunks)
	if err != nil {
		return nil, fmt.Errorf("volume: read %s/%s: %w", t.name, p, err)
	}
	d := make([]byte, 0, e.size)
	for _, b := range parts {
		d = append(d, b...)
	}
	if t.cacheBytes+int64(len(d)) <= maxCacheBytes {
		if t.cache == nil {
			t.cache = map[string][]byte{}
		}
		t.cache[p] = d
		t.cacheBytes += int64(len(d))
	}
	return d[:len(d):len(d)], nil
}

// ReadFile returns the content of file p.
func (t *Txn) ReadFile(p string) ([]byte, error) {
	p, err := t.clean(p)
	if err != nil {
		return nil, err
	}
	e, err := t.lookup(p)
	if err != nil {
		return nil, err
	}
	if e.dir {
		return nil, syscall.EISDIR
	}
	return t.content(p, e)
}

// Stat describes p. MTime is the version p last changed in.
func (t *Txn) Stat(p string) (isDir bool, size int64, mtime float64, err error) {
	if p, err = t.clean(p); err != nil {
		return false, 0, 0, err
	}
	e, err := t.lookup(p)
	if err != nil {
		return false, 0, 0, err
	}
	return e.dir, e.size, float64(e.mtime), nil
}

// ReadDir lists the names in directory p, sorted.
func (t *Txn) ReadDir(p string) ([]string, error) {
	p, err := t.clean(p)
	if err != nil {
		return nil, err
	}
	e, err := t.lookup(p)
	if err != nil {
		return nil, err
	}
	if !e.dir {
		return nil, syscall.ENOTDIR
	}
	return t.children(p), nil
}

// children are the names directly under directory p, sorted.
func (t *Txn) children(p string) []string {
	prefix := p + "/"
	if p == "" {
		prefix = ""
	}
	names := []string{}
	for q := range t.cur() {
		if strings.HasPrefix(q, prefix) && !strings.Contains(q[len(prefix):], "/") {
			names = append(names, q[len(prefix):])
		}
	}
	sort.Strings(names)
	return names
}

// WriteFile creates or truncates file p with data, or appends data to it
// (creating it). Its parent must be a directory. Past the file limit:
// EFBIG; past the volume's: ENOSPC.
func (t *Txn) WriteFile(p string, data []byte, appendTo bool) error {
	p, err := t.clean(p)
	if err != nil {
		return err
	}
	if p == "" {
		return syscall.EISDIR
	}
	if err := t.parentDir(p); err != nil {
		return err
	}
	old := t.cur()[p]
	if old != nil && old.dir {
		return syscall.EISDIR
	}
	oldSize := int64(0)
	if old != nil {
		oldSize = old.size
	}
	size := int64(len(data))
	if appendTo {
		size += oldSize
	}
	if size > t.s.cfg.MaxFileBytes {
		return syscall.EFBIG
	}
	if t.bytes-oldSize+size > t.s.cfg.MaxVolumeBytes || (old == nil && t.entries+1 > t.s.cfg.MaxEntries) {
		return syscall.ENOSPC
	}
	// An append to a stored file keeps every chunk but the last: chunk
	// boundaries are content-defined and the chunker restarts at each,
	// so chunking from the last one's start cuts the rest exactly as
	// chunking the whole file would, without reading the prefix.
	var prefix []cas.PageRef
	var tail []byte
	switch {
	case appendTo && old != nil && old.dirty:
		prefix, tail = old.prefix, old.data // the Txn owns old.data
	case appendTo && old != nil && len(old.chunks) > 0:
		n := len(old.chunks)
		prefix = old.chunks[: n-1 : n-1]
		last, err := t.repo.GetPages(t.ctx, old.chunks[n-1:])
		if err != nil {
			return fmt.Errorf("volume: read %s/%s: %w", t.name, p, err)
		}
		tail = append(make([]byte, 0, len(last[0])+len(data)), last[0]...)
	}
	held := t.dirty + int64(len(tail)+len(data))
	if old != nil && old.dirty {
		held -= int64(len(old.data))
	}
	if held > t.s.cfg.MaxStepBytes {
		return syscall.EDQUOT
	}
	buf := append(tail, data...)
	if tail == nil {
		buf = append([]byte(nil), data...)
	}
	t.set(p, &entry{size: size, prefix: prefix, data: buf, dirty: true, mtime: t.baseVer + 1})
	return nil
}

// Mkdir creates directory p in an existing directory.
func (t *Txn) Mkdir(p string) error {
	p, err := t.clean(p)
	if err != nil {
		return err
	}
	if p == "" || t.cur()[p] != nil {
		return syscall.EEXIST
	}
	if err := t.parentDir(p); err != nil {
		return err
	}
	if t.entries+1 > t.s.cfg.MaxEntries {
		return syscall.ENOSPC
	}
	t.set(p, &entry{dir: true, mtime: t.baseVer + 1})
	return nil
}

// Remove deletes file p.
func (t *Txn) Remove(p string) error {
	p, err := t.clean(p)
	if err != nil {
		return err
	}
	e, err := t.lookup(p)
	if err != nil {
		return err
	}
	if e.dir {
		return syscall.EISDIR
	}
	t.set(p, nil)
	return nil
}

// Rmdir deletes the empty directory p.
func (t *Txn) Rmdir(p string) error {
	p, err := t.clean(p)
	if err != nil {
		return err
	}
	if p == "" {
		return syscall.EBUSY
	}
	e, err := t.lookup(p)
	if err != nil {
		return err
	}
	if !e.dir {
		return syscall.ENOTDIR
	}
	if len(t.children(p)) > 0 {
		return syscall.ENOTEMPTY
	}
	t.set(p, nil)
	return nil
}

// RemoveAll deletes p and, for a directory, everything under it; the
// root empties the volume. A missing p is ENOENT.
func (t *Txn) RemoveAll(p string) error {
	p, err := t.clean(p)
	if err != nil {
		return err
	}
	if _, err := t.lookup(p); err != nil {
		return err
	}
	for _, q := range t.under(p) {
		t.set(q, nil)
	}
	if p != "" {
		t.set(p, nil)
	}
	return nil
}

// under lists the paths strictly under p ("": every path).
func (t *Txn) under(p string) []string {
	var out []string
	prefix := p + "/"
	for q := range t.cur() {
		if p == "" || strings.HasPrefix(q, prefix) {
			out = append(out, q)
		}
	}
	sort.Strings(out)
	return out
}

// MkdirAll creates directory p and any missing parents.
func (t *Txn) MkdirAll(p string) error {
	p, err := t.clean(p)
	if err != nil {
		return err
	}
	if p == "" {
		return nil
	}
	if e := t.cur()[p]; e != nil {
		if e.dir {
			return nil
		}
		return syscall.ENOTDIR
	}
	if err := t.MkdirAll(parent(p)); err != nil {
		return err
	}
	return t.Mkdir(p)
}

// Rename moves src to dst, as rename(2): a file replaces a file, a
// directory replaces an empty directory, and a directory cannot move
// under itself.
func (t *Txn) Rename(src, dst string) error {
	src, err := t.clean(src)
	if err != nil {
		return err
	}
	if dst, err = t.clean(dst); err != nil {
		return err
	}
	if src == "" || dst == "" {
		return syscall.EBUSY
	}
	e, err := t.lookup(src)
	if err != nil {
		return err
	}
	if src == dst {
		return nil
	}
	if e.dir && strings.HasPrefix(dst, src+"/") {
		return syscall.EINVAL
	}
	if err := t.parentDir(dst); err != nil {
		return err
	}
	if d := t.cur()[dst]; d != nil {
		switch {
		case !e.dir && d.dir:
			return syscall.EISDIR
		case e.dir && !d.dir:
			return syscall.ENOTDIR
		case e.dir && len(t.children(dst)) > 0:
			return syscall.ENOTEMPTY
		}
	}
	moves := []string{src}
	if e.dir {
		moves = append(moves, t.under(src)...)
	}
	c := t.cur()
	moved := make([]*entry, len(moves))
	for i, q := range moves {
		moved[i] = c[q]
	}
	for _, q := range moves {
		t.set(q, nil)
	}
	t.set(dst, nil)
	for i, q := range moves {
		t.set(dst+q[len(src):], moved[i])
	}
	return nil
}
