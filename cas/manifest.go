package cas

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
)

// Page-table shape. A page table of at most inlineMax entries lives in the
// manifest itself. Longer ones are cut into leaves of nodeFanout pages, those
// into interior nodes of nodeFanout children, and so on until a level fits in
// the manifest. Cuts fall at fixed page indexes, so the tree's shape depends
// only on the page count: a changed page rewrites its leaf and the path above
// it, and appended pages touch only the last node of each level.
const (
	nodeFanout = 64
	inlineMax  = 256
	// maxEntries bounds what a decoder will allocate for one node.
	maxEntries = 1 << 16
	maxPages   = 1 << 32
)

var (
	manifestMagic = []byte("AMSN")
	nodeMagic     = []byte("AMPT")
)

const formatVersion = 1

// PageRef names a stored page: its address and uncompressed size.
type PageRef struct {
	Addr Addr
	Size int64
}

// Page is one entry of a snapshot being saved: either new content (Data
// non-nil), which is stored, or a reference to an unchanged page that is
// already stored, which is used as is.
type Page struct {
	Data []byte
	Ref  PageRef
}

// Snapshot is a saved snapshot: its root address, the caller's metadata and
// the ordered page table.
type Snapshot struct {
	Root  Addr
	Meta  []byte
	Pages []PageRef
}

// LogicalSize returns the bytes of the snapshot's pages plus its metadata.
func (s *Snapshot) LogicalSize() int64 {
	n := int64(len(s.Meta))
	for _, p := range s.Pages {
		n += p.Size
	}
	return n
}

// entry is one line of a page-table node: a page (level 0) or a child node.
type entry struct {
	addr  Addr
	pages uint64 // pages under this entry (1 for a page)
	bytes uint64 // their logical bytes
}

// PutSnapshot stores new pages (concurrently, bounded), builds the page
// table and writes the manifest. base, if not nil, is the snapshot this one
// was derived from (as returned by PutSnapshot or GetSnapshot on this repo):
// page-table nodes identical to base's are known to be stored and are not
// written again, so a step on a huge heap costs O(dirty pages) requests.
// References in pages (Data nil) are trusted to name stored chunks.
func (r *Repo) PutSnapshot(ctx context.Context, meta []byte, pages []Page, base *Snapshot) (*Snapshot, error) {
	if uint64(len(pages)) > maxPages {
		return nil, fmt.Errorf("%w: %d pages", ErrTooLarge, len(pages))
	}
	refs := make([]PageRef, len(pages))
	var dirty []int
	for i, p := range pages {
		if p.Data != nil {
			dirty = append(dirty, i)
		} else if p.Ref.Addr.IsZero() {
			return nil, fmt.Errorf("cas: put snapshot: page %d has neither data nor address", i)
		} else {
			refs[i] = p.Ref
		}
	}
	err := forEach(ctx, len(dirty), r.concurrency, func(ctx context.Context, k int) error {
		i := dirty[k]
		a, err := r.Put(ctx, pages[i].Data)
		refs[i] = PageRef{Addr: a, Size: int64(len(pages[i].Data))}
		return err
	})
	if err != nil {
		return nil, err
	}
	known := map[Addr]bool{}
	if base != nil {
		_, _ = buildTree(base.Pages, r.codec, func(a Addr, _ []byte) { known[a] = true })
	}
	var nodes []encodedChunk
	top, level := buildTree(refs, r.codec, func(a Addr, enc []byte) {
		if !known[a] {
			known[a] = true
			nodes = append(nodes, encodedChunk{a, enc})
		}
	})
	err = forEach(ctx, len(nodes), r.concurrency, func(ctx context.Context, i int) error {
		if err := r.store.Put(ctx, nodes[i].addr, nodes[i].enc); err != nil {
			return fmt.Errorf("cas: put page-table node %s: %w", nodes[i].addr, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var total uint64
	for _, e := range top {
		total += e.bytes
	}
	man := manifestMagic
	buf := append([]byte(nil), man...)
	buf = append(buf, formatVersion)
	buf = binary.AppendUvarint(buf, uint64(len(meta)))
	buf = append(buf, meta...)
	buf = binary.AppendUvarint(buf, uint64(len(refs)))
	buf = binary.AppendUvarint(buf, total)
	buf = appendNode(buf, level, top)
	root, err := r.Put(ctx, buf)
	if err != nil {
		return nil, fmt.Errorf("cas: put manifest: %w", err)
	}
	return &Snapshot{Root: root, Meta: append([]byte(nil), meta...), Pages: refs}, nil
}

type encodedChunk struct {
	addr Addr
	enc  []byte
}

// buildTree cuts refs into nodes, calling emit for each encoded node, and
// returns the entries and level that go inline in the manifest.
func buildTree(refs []PageRef, c *Codec, emit func(Addr, []byte)) ([]entry, byte) {
	cur := make([]entry, len(refs))
	for i, p := range refs {
		cur[i] = entry{addr: p.Addr, pages: 1, bytes: uint64(p.Size)}
	}
	var level byte
	for len(cur) > inlineMax {
		next := make([]entry, 0, (len(cur)+nodeFanout-1)/nodeFanout)
		for lo := 0; lo < len(cur); lo += nodeFanout {
			group := cur[lo:min(lo+nodeFanout, len(cur))]
			body := append([]byte(nil), nodeMagic...)
			body = append(body, formatVersion)
			body = appendNode(body, level, group)
			a, enc, _ := c.Encode(body) // nodes are far below MaxChunkSize
			emit(a, enc)
			e := entry{addr: a}
			for _, g := range group {
				e.pages += g.pages
				e.bytes += g.bytes
			}
			next = append(next, e)
		}
		cur = next
		level++
	}
	return cur, level
}

// appendNode encodes a level and its entries. Pages (level 0) carry only
// their size; nodes carry their page count and logical bytes.
func appendNode(b []byte, level byte, es []entry) []byte {
	b = append(b, level)
	b = binary.AppendUvarint(b, uint64(len(es)))
	for _, e := range es {
		b = append(b, e.addr[:]...)
		if level > 0 {
			b = binary.AppendUvarint(b, e.pages)
		}
		b = binary.AppendUvarint(b, e.bytes)
	}
	return b
}

type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", ErrFormat, what)
	}
}

func (r *reader) uvarint(what string) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("bad " + what)
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) bytes(n uint64, what string) []byte {
	if r.err != nil {
		return nil
	}
	if uint64(len(r.b)) < n {
		r.fail("short " + what)
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) node(what string) (byte, []entry) {
	lv := r.bytes(1, what+" level")
	n := r.uvarint(what + " entry count")
	if r.err != nil {
		return 0, nil
	}
	if n > maxEntries {
		r.fail(what + " has too many entries")
		return 0, nil
	}
	es := make([]entry, 0, n)
	for i := uint64(0); i < n && r.err == nil; i++ {
		var e entry
		copy(e.addr[:], r.bytes(AddrSize, "address"))
		e.pages = 1
		if lv[0] > 0 {
			e.pages = r.uvarint("page count")
		}
		e.bytes = r.uvarint("byte count")
		es = append(es, e)
	}
	return lv[0], es
}

type manifest struct {
	meta  []byte
	pages uint64
	bytes uint64
	level byte
	top   []entry
}

// getManifest reads and decodes the manifest at root; raw is its chunk.
func (r *Repo) getManifest(ctx context.Context, root Addr) (m *manifest, raw []byte, err error) {
	raw, err = r.Get(ctx, root)
	if err == nil {
		m, err = decodeManifest(raw)
	}
	return m, raw, err
}

func decodeManifest(b []byte) (*manifest, error) {
	if len(b) < 5 || !bytes.Equal(b[:4], manifestMagic) {
		return nil, fmt.Errorf("%w: not a manifest", ErrFormat)
	}
	if b[4] != formatVersion {
		return nil, fmt.Errorf("%w: manifest version %d", ErrFormat, b[4])
	}
	r := &reader{b: b[5:]}
	m := &manifest{}
	m.meta = append([]byte(nil), r.bytes(r.uvarint("meta length"), "meta")...)
	m.pages = r.uvarint("page count")
	m.bytes = r.uvarint("byte count")
	m.level, m.top = r.node("manifest")
	if r.err == nil && len(r.b) != 0 {
		r.fail("trailing bytes in manifest")
	}
	if r.err != nil {
		return nil, r.err
	}
	if err := checkSums(m.top, m.level, m.pages, m.bytes); err != nil {
		return nil, err
	}
	return m, nil
}

func decodeNode(b []byte) (byte, []entry, error) {
	if len(b) < 5 || !bytes.Equal(b[:4], nodeMagic) {
		return 0, nil, fmt.Errorf("%w: not a page-table node", ErrFormat)
	}
	if b[4] != formatVersion {
		return 0, nil, fmt.Errorf("%w: node version %d", ErrFormat, b[4])
	}
	r := &reader{b: b[5:]}
	lv, es := r.node("node")
	if r.err == nil && len(r.b) != 0 {
		r.fail("trailing bytes in node")
	}
	return lv, es, r.err
}

func checkSums(es []entry, level byte, pages, bytes uint64) error {
	var p, b uint64
	for _, e := range es {
		if level == 0 && e.pages != 1 {
			return fmt.Errorf("%w: page entry counts %d pages", ErrFormat, e.pages)
		}
		p += e.pages
		b += e.bytes
	}
	if p != pages || b != bytes {
		return fmt.Errorf("%w: entries sum to %d pages/%d bytes, parent says %d/%d", ErrFormat, p, b, pages, bytes)
	}
	if pages > maxPages {
		return fmt.Errorf("%w: %d pages", ErrFormat, pages)
	}
	return nil
}

// GetSnapshot reads a manifest and its whole page table (one batched read
// per tree level), but no page contents; fetch those with GetPages.
func (r *Repo) GetSnapshot(ctx context.Context, root Addr) (*Snapshot, error) {
	m, _, err := r.getManifest(ctx, root)
	if err != nil {
		return nil, fmt.Errorf("cas: get snapshot %s: %w", root, err)
	}
	cur, level := m.top, m.level
	for level > 0 {
		cur, _, err = r.expand(ctx, cur, level)
		if err != nil {
			return nil, fmt.Errorf("cas: get snapshot %s: %w", root, err)
		}
		level--
	}
	if uint64(len(cur)) != m.pages {
		return nil, fmt.Errorf("cas: get snapshot %s: %w: page count", root, ErrFormat)
	}
	s := &Snapshot{Root: root, Meta: m.meta, Pages: make([]PageRef, len(cur))}
	for i, e := range cur {
		s.Pages[i] = PageRef{Addr: e.addr, Size: int64(e.bytes)}
	}
	return s, nil
}

// expand fetches the nodes named by es (all at level), checks them against
// their parent entries and returns their children in order, and each node's
// logical size.
func (r *Repo) expand(ctx context.Context, es []entry, level byte) ([]entry, []int64, error) {
	addrs := make([]Addr, len(es))
	for i, e := range es {
		addrs[i] = e.addr
	}
	raws, err := r.GetMany(ctx, addrs)
	if err != nil {
		return nil, nil, err
	}
	var out []entry
	sizes := make([]int64, len(raws))
	for i, raw := range raws {
		sizes[i] = int64(len(raw))
		lv, kids, err := decodeNode(raw)
		if err != nil {
			return nil, nil, fmt.Errorf("node %s: %w", es[i].addr, err)
		}
		if lv != level-1 {
			return nil, nil, fmt.Errorf("node %s: %w: level %d under level %d", es[i].addr, ErrFormat, lv, level)
		}
		if err := checkSums(kids, lv, es[i].pages, es[i].bytes); err != nil {
			return nil, nil, fmt.Errorf("node %s: %w", es[i].addr, err)
		}
		out = append(out, kids...)
	}
	return out, sizes, nil
}

// GetPages fetches and verifies pages, concurrently and batched where the
// store allows, and returns them in order.
func (r *Repo) GetPages(ctx context.Context, refs []PageRef) ([][]byte, error) {
	addrs := make([]Addr, len(refs))
	for i, p := range refs {
		addrs[i] = p.Addr
	}
	return r.GetMany(ctx, addrs)
}

// Kind says what a referenced chunk is.
type Kind uint8

const (
	KindManifest Kind = iota + 1
	KindNode
	KindPage
)

var kindNames = [...]string{KindManifest: "manifest", KindNode: "node", KindPage: "page"}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Ref is a chunk reachable from a root, with its logical size.
type Ref struct {
	Addr Addr
	Kind Kind
	Size int64
}

// References calls fn once for every distinct chunk reachable from roots:
// manifests, page-table nodes and pages. Pages are not read. Shared subtrees
// are read once, so marking many forks of one heap costs little more than
// marking one. It serves GC marking, stats and prefetch.
func (r *Repo) References(ctx context.Context, roots []Addr, fn func(Ref) error) error {
	return r.references(ctx, roots, make(map[Addr]bool), fn)
}

// references is References skipping the chunks in seen, which it adds to:
// a chunk in seen must have had its whole subtree visited already.
func (r *Repo) references(ctx context.Context, roots []Addr, seen map[Addr]bool, fn func(Ref) error) error {
	for _, root := range roots {
		if seen[root] {
			continue
		}
		m, raw, err := r.getManifest(ctx, root)
		if err != nil {
			return fmt.Errorf("cas: references of %s: %w", root, err)
		}
		seen[root] = true
		if err := fn(Ref{Addr: root, Kind: KindManifest, Size: int64(len(raw))}); err != nil {
			return err
		}
		cur, level := m.top, m.level
		for {
			// A node seen under an earlier root had its whole subtree
			// visited then; only unseen entries are new.
			var fresh []entry
			for _, e := range cur {
				if !seen[e.addr] {
					seen[e.addr] = true
					fresh = append(fresh, e)
				}
			}
			if level == 0 {
				for _, e := range fresh {
					if err := fn(Ref{Addr: e.addr, Kind: KindPage, Size: int64(e.bytes)}); err != nil {
						return err
					}
				}
				break
			}
			kids, sizes, err := r.expand(ctx, fresh, level)
			if err != nil {
				return fmt.Errorf("cas: references of %s: %w", root, err)
			}
			for i, e := range fresh {
				if err := fn(Ref{Addr: e.addr, Kind: KindNode, Size: sizes[i]}); err != nil {
					return err
				}
			}
			cur = kids
			level--
		}
	}
	return nil
}
