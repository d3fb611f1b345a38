package vm

// Dumps: the whole interpreter state as bytes, and back.
//
// A dump is a manifest plus page blobs.
//
//   - The manifest holds the configuration (script name, limits), the
//     budgets already spent (time, output, allocations), the session
//     layer's opaque metadata, the VM roots (builtins, modules, the builtin
//     types, the handled exception, the frame stack and the pending
//     suspension) and the page table.
//   - A heap page is the encoding of handles [p*256, (p+1)*256) (see the
//     core/heap codec). Lists and tuples longer than heap.SegmentLen keep
//     only a header in their page; their items are separate segment pages,
//     listed after the heap pages in handle order, so one changed element
//     re-encodes one segment.
//
// Encoding is deterministic: no map order, pointers or seeds reach the
// bytes (the intern table is a flag on each str; code constants are
// rebuilt on load), so the same state gives the same pages in any process.
// Only the budgets, which measure the run itself, may differ, and they are
// in the manifest.
//
// The base image: vm.New() builds the same builtin world in every process
// of a build. Its pages are encoded once per process; a dump marks each of
// its pages whose bytes equal the base image's page as Base and does not
// carry it, and the loader decodes the base image's bytes instead. The
// manifest records a fingerprint of the base image, so a build with a
// different builtin world refuses such a dump (ErrBuild) rather than
// misreading it. This keeps the dump of a fresh session small.
//
// The base image includes the pre-built standard library (modbase.go). A
// page that is still the template's, or holds unchanged copies of its
// objects (heap.Pristine), is marked Base without being encoded, and the
// loader installs the template's objects for such a page instead of
// decoding it.
//
// Incremental dumps: DumpPages compares with the manifest of the previous
// dump of the same VM (or the one it was loaded from). Pages the heap did
// not mark dirty since then are not encoded: they come back with Dirty
// false and the previous dump's Ref (an address the caller attached).
// Encoded pages whose bytes did not change are also reported clean.
//
// The single-blob form (Dump/Load) is the manifest followed by every
// non-base page.
//
//	blob     = "AMBER\x00" uvarint(version) form manifest [pages]
//	form     = 'B' (blob: pages follow) | 'M' (manifest only)
//	pages    = per non-base page in table order: uvarint(len) bytes
//
// Loading treats the bytes as hostile: every length, tag, handle, code
// offset and frame shape is checked (see heap.Loader), and errors wrap
// ErrFormat (or are a *VersionError / ErrBuild).

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// SnapshotVersion is the dump format version this build reads and writes.
const SnapshotVersion = 3

// Magic starts every dump and manifest.
const Magic = "AMBER\x00"

// DumpKind says what a dump holds.
type DumpKind uint8

const (
	// KindSession is an idle session: no frames, between feeds.
	KindSession DumpKind = 1
	// KindSnapshot is a run paused mid-feed: it includes the frames.
	KindSnapshot DumpKind = 2
)

func (k DumpKind) String() string {
	switch k {
	case KindSession:
		return "session"
	case KindSnapshot:
		return "snapshot"
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

var (
	// ErrFormat is wrapped by every error about corrupt, truncated or
	// hostile dump bytes.
	ErrFormat = errors.New("invalid dump")
	// ErrKind reports a dump of the wrong kind for the state or request
	// (a session dump of a running program, or the reverse).
	ErrKind = errors.New("wrong dump kind")
	// ErrBuild reports a dump that relies on the builtin base image of a
	// different build.
	ErrBuild = errors.New("dump was made by a build with a different builtin world")
)

// VersionError reports a dump of another format version.
type VersionError struct{ Got, Want int }

func (e *VersionError) Error() string {
	return fmt.Sprintf("dump format version %d is not supported (this build reads version %d)", e.Got, e.Want)
}

func formatErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(format, args...))
}

// PageInfo is one entry of a manifest's page table.
type PageInfo struct {
	// Seq is 0 for heap page N, else the handle of a segmented sequence
	// whose segment N this is.
	Seq heap.Handle
	N   int
	// Base marks a page equal to the builtin base image's page: not
	// stored, rebuilt by the loader.
	Base bool
	// Hash is the SHA-256 of the page bytes. Filled by dumps and loads;
	// not part of the encoded manifest.
	Hash [32]byte
	// Ref is where the caller stored the page (e.g. its cas address).
	// Not encoded; dumps copy it forward for unchanged pages.
	Ref []byte
}

// Manifest describes a dump.
type Manifest struct {
	Kind        DumpKind
	Filename    string
	Limits      Limits
	TimeUsed    int64
	OutputBytes int64
	Allocs      int64
	// Meta is the session layer's opaque data (see SetSessionMeta).
	Meta    []byte
	HeapLen int
	// Roots is the encoded root set (frames, pending suspension, ...).
	Roots []byte
	// BaseID fingerprints the base image the Base pages refer to.
	BaseID uint64
	Pages  []PageInfo
}

// Page is one page of a dump, as handed to the caller.
type Page struct {
	Index int // position in Manifest.Pages
	// Data holds the page bytes. It is nil only for an unchanged page
	// that was not re-encoded; use Ref then.
	Data []byte
	// Dirty means the bytes differ from the previous dump's page at this
	// position (or there was none): store them. Clean pages carry Ref.
	Dirty bool
	// Base means the loader rebuilds the page itself; storing it is
	// optional, and LoadPages does not fetch it.
	Base bool
	Ref  []byte
}

// --- per-VM dump state ----------------------------------------------------

// snapState is a VM's dump state (the field vm.snap).
type snapState struct {
	last *Manifest // the manifest of the last DumpPages or load
	meta []byte
}

// SetSessionMeta stores opaque bytes that travel in the VM's dumps.
func (vm *VM) SetSessionMeta(b []byte) { vm.snap.meta = append([]byte(nil), b...) }

// SessionMeta returns the bytes set with SetSessionMeta (or loaded).
func (vm *VM) SessionMeta() []byte { return vm.snap.meta }

// --- builtins by name ------------------------------------------------------

type builtinNames struct{}

func (builtinNames) BuiltinName(id int32) (string, bool) { return builtinName(id) }

func (builtinNames) BuiltinID(name string) (int32, bool) { return builtinID(name) }

// --- base image ------------------------------------------------------------

type baseImage struct {
	pages []heap.PageImage
	// fast marks the pages a VM may refer to without encoding them while
	// they are still the template's (heap.PageShared): those without
	// segmented sequences, whose segments would need listing.
	fast    []bool
	hashes  [][32]byte
	id      uint64
	world   worldRoots
	heapLen int
}

// worldRoots are the roots vm.New() sets up.
type worldRoots struct {
	builtins, modules, emptyTuple, buildClassFn Value
	types                                       [NumTypes]Value
}

func (vm *VM) world() worldRoots {
	return worldRoots{vm.Builtins, vm.Modules, vm.emptyTuple, vm.buildClassFn, *vm.Types}
}

var (
	baseOnce sync.Once
	base     *baseImage
	baseErr  error
)

// BaseImageID is the fingerprint of this build's builtin base image, as
// dumps record it. It changes whenever the builtin world does.
func BaseImageID() (uint64, error) {
	b, err := getBase()
	if err != nil {
		return 0, err
	}
	return b.id, nil
}

func getBase() (*baseImage, error) {
	baseOnce.Do(func() {
		v := New()
		b := &baseImage{world: v.world(), heapLen: v.H.Len()}
		enc := v.encoder()
		sum := sha256.New()
		// Past the floor every page is the session's own, even the one
		// holding what the template hoisted there (see heap.Hoist): it
		// is in the image, as what the session's first page differs
		// from, but never fast, so a load decodes it rather than share
		// the template's objects.
		shareable := v.H.Pages()
		if v.base != nil {
			shareable = int(v.H.Floor()) >> heap.PageShift
		}
		img := template.image
		for p := 0; p < v.H.Pages(); p++ {
			var h [32]byte
			if img != nil && p < len(img.pages) {
				// The template came from these pages (baseimage.go).
				b.pages = append(b.pages, img.pages[p])
				h = img.hashes[p]
			} else {
				// One buffer for the encoding; each page keeps an exact copy.
				enc.B = enc.B[:0]
				enc.EncodePage(v.H.PageObjects(p), heap.Handle(p<<heap.PageShift))
				b.pages = append(b.pages, heap.PageImage{B: append([]byte(nil), enc.B...), Offs: append([]int(nil), enc.Offs...)})
				h = sha256.Sum256(enc.B)
			}
			fast := p < shareable
			for _, o := range v.H.PageObjects(p) {
				if _, big := heap.BigSeq(o); big {
					fast = false
				}
			}
			b.fast = append(b.fast, fast)
			b.hashes = append(b.hashes, h)
			sum.Write(h[:])
		}
		baseErr = enc.Err()
		b.id = binary.LittleEndian.Uint64(sum.Sum(nil))
		base = b
	})
	return base, baseErr
}

func (vm *VM) encoder() *heap.Encoder {
	// The encoder asks for every str it writes, so both sets are bitmaps
	// rather than maps: the template's built once, the session's (strs
	// it interned itself, usually few and close together) per dump.
	var shared *handleSet
	own := newHandleSet(vm.interned, nil)
	if vm.base != nil {
		shared = &vm.base.interned
	} else {
		own = newHandleSet(vm.interned, vm.sharedInterned)
	}
	return &heap.Encoder{Builtins: builtinNames{}, Interned: func(h heap.Handle) bool {
		return own.has(h) || shared != nil && shared.has(h)
	}}
}

// handleSet is a set of heap handles as a bitmap over the span from the
// lowest to the highest.
type handleSet struct {
	lo   heap.Handle
	bits []uint64
}

// newHandleSet returns the set of the handles of the values of a and b.
func newHandleSet(a, b map[string]Value) handleSet {
	lo, hi, any := heap.Handle(0), heap.Handle(0), false
	for _, m := range [2]map[string]Value{a, b} {
		for _, v := range m {
			if h := v.H(); !any || h < lo {
				lo = h
			}
			if h := v.H(); !any || h > hi {
				hi = h
			}
			any = true
		}
	}
	if !any {
		return handleSet{}
	}
	s := handleSet{lo: lo, bits: make([]uint64, (hi-lo)/64+1)}
	for _, m := range [2]map[string]Value{a, b} {
		for _, v := range m {
			i := v.H() - lo
			s.bits[i/64] |= 1 << (i % 64)
		}
	}
	return s
}

func (s *handleSet) has(h heap.Handle) bool {
	i := uint64(h) - uint64(s.lo) // below lo wraps past the end
	return i/64 < uint64(len(s.bits)) && s.bits[i/64]&(1<<(i%64)) != 0
}

// --- dumping ---------------------------------------------------------------

func (vm *VM) checkKind(kind DumpKind) error {
	switch kind {
	case KindSession:
		if len(vm.frames) > 0 || vm.pending != nil {
			return fmt.Errorf("%w: a session dump needs an idle VM, but a run is in progress", ErrKind)
		}
	case KindSnapshot:
		if len(vm.frames) == 0 {
			return fmt.Errorf("%w: a snapshot needs a paused run, but the VM is idle", ErrKind)
		}
	default:
		return fmt.Errorf("%w: %v", ErrKind, kind)
	}
	if vm.nested > 0 {
		return fmt.Errorf("%w: the VM is inside a nested run", ErrKind)
	}
	return nil
}

// DumpPages encodes the VM's state as a manifest and its pages. If prev is
// the manifest of this VM's last DumpPages (or the one it was loaded
// from), only pages changed since are encoded; otherwise every page is.
// Either way the returned pages say which differ from prev's. DumpPages
// resets the heap's dirty marks: the next incremental dump is relative to
// the returned manifest.
func (vm *VM) DumpPages(kind DumpKind, prev *Manifest) (*Manifest, []Page, error) {
	if err := vm.checkKind(kind); err != nil {
		return nil, nil, err
	}
	st := &vm.snap
	incremental := prev != nil && st.last == prev
	m, pages, err := vm.dumpPages(kind, prev, incremental, true)
	if err != nil {
		return nil, nil, err
	}
	vm.H.ClearDirty()
	knowSeqs(vm.H, m)
	st.last = m
	return m, pages, nil
}

// dumpPages does DumpPages' work. Without hashed, it leaves the pages'
// hashes zero: a single-blob dump records none, and hashing is a good
// part of a dump's time.
func (vm *VM) dumpPages(kind DumpKind, prev *Manifest, incremental, hashed bool) (*Manifest, []Page, error) {
	b, err := getBase()
	if err != nil {
		return nil, nil, err
	}
	enc := vm.encoder()
	m := &Manifest{
		Kind:        kind,
		Filename:    vm.Filename,
		Limits:      vm.Limits,
		TimeUsed:    vm.TimeUsed,
		OutputBytes: vm.OutputBytes,
		Allocs:      vm.H.Allocs,
		Meta:        vm.snap.meta,
		HeapLen:     vm.H.Len(),
	}
	roots, err := vm.encodeRoots(b)
	if err != nil {
		return nil, nil, err
	}
	m.Roots = roots

	// Index prev's table: heap pages by number, segments by handle.
	var prevHeap []int
	prevSegs := map[heap.Handle][]int{}
	if prev != nil {
		for i, pi := range prev.Pages {
			if pi.Seq == 0 {
				if pi.N == len(prevHeap) {
					prevHeap = append(prevHeap, i)
				}
			} else {
				prevSegs[pi.Seq] = append(prevSegs[pi.Seq], i)
			}
		}
	}
	var out []Page
	add := func(pi PageInfo, data []byte, prevIdx int) {
		pg := Page{Index: len(m.Pages), Data: data, Base: pi.Base, Dirty: true}
		if prevIdx >= 0 && prev.Pages[prevIdx].Hash == pi.Hash {
			pg.Dirty = false
			pi.Ref = prev.Pages[prevIdx].Ref
			pg.Ref = pi.Ref
		}
		m.Pages = append(m.Pages, pi)
		out = append(out, pg)
	}
	type seqPages struct {
		hd    heap.Handle
		items []Value
		clean bool // page not dirty: reuse prev's segments
	}
	var seqs []seqPages
	npages := vm.H.Pages()
	for p := 0; p < npages; p++ {
		objs := vm.H.PageObjects(p)
		prevIdx := -1
		if p < len(prevHeap) {
			prevIdx = prevHeap[p]
		}
		if vm.base != nil && p < len(b.fast) && b.fast[p] && vm.H.Pristine(p) {
			// Still the template's page, or unchanged copies of its
			// objects: the base image's, unencoded.
			add(PageInfo{N: p, Hash: b.hashes[p], Base: true}, b.pages[p].B, prevIdx)
			continue
		}
		clean := incremental && prevIdx >= 0 && !vm.H.PageDirty(p)
		for i, o := range objs {
			if items, ok := heap.BigSeq(o); ok {
				seqs = append(seqs, seqPages{heap.Handle(p<<heap.PageShift + i), items, clean})
			}
		}
		if clean {
			add(prev.Pages[prevIdx], nil, prevIdx)
			continue
		}
		// Pages are cut from one growing buffer: fewer, larger allocations.
		if cap(enc.B)-len(enc.B) < 8<<10 {
			enc.B = make([]byte, 0, max(64<<10, 2*cap(enc.B)))
		}
		start := len(enc.B)
		enc.EncodePage(objs, heap.Handle(p<<heap.PageShift))
		data := enc.B[start:len(enc.B):len(enc.B)]
		var h [32]byte
		if hashed {
			h = sha256.Sum256(data)
		}
		base := false
		if p < len(b.hashes) {
			// Without the hash, the bytes themselves say whether the
			// page is still the base's.
			if hashed && b.hashes[p] == h || !hashed && bytes.Equal(data, b.pages[p].B) {
				base = true
				data, h = b.pages[p].B, b.hashes[p]
			} else {
				data = heap.Delta(data, enc.Offs, &b.pages[p])
				if hashed {
					h = sha256.Sum256(data)
				}
			}
		}
		add(PageInfo{N: p, Hash: h, Base: base}, data, prevIdx)
	}
	if err := enc.Err(); err != nil {
		return nil, nil, err
	}
	var buf []byte
	for _, s := range seqs {
		prevIdx := prevSegs[s.hd]
		n := heap.Segments(len(s.items))
		dirty, tracked := vm.H.SegmentDirty(s.hd, -1)
		// Untracked is untouched when the sequence is the one m's
		// segments hold; otherwise it may have changed anywhere.
		whole := dirty || !tracked && !(incremental && vm.H.SeqUnchanged(s.hd))
		for seg := 0; seg < n; seg++ {
			pi := -1
			if seg < len(prevIdx) {
				pi = prevIdx[seg]
			}
			if incremental && pi >= 0 {
				segDirty, _ := vm.H.SegmentDirty(s.hd, seg)
				if s.clean || (!whole && !segDirty) {
					add(prev.Pages[pi], nil, pi)
					continue
				}
			}
			buf = heap.EncodeSegment(buf[:0], s.items, seg)
			data := append([]byte(nil), buf...)
			var h [32]byte
			if hashed {
				h = sha256.Sum256(data)
			}
			add(PageInfo{Seq: s.hd, N: seg, Hash: h}, data, pi)
		}
	}
	m.BaseID = b.id
	return m, out, nil
}

// knowSeqs tells h that the big sequences with segments in m hold what
// those segments say, so the next incremental dump re-encodes only the
// segments touched since.
func knowSeqs(h *heap.Heap, m *Manifest) {
	for _, pi := range m.Pages {
		if pi.Seq != 0 && pi.N == 0 {
			h.KnowSeq(pi.Seq)
		}
	}
}

// Dump returns the self-contained single-blob form of the state. It does
// not affect incremental dumps.
func (vm *VM) Dump(kind DumpKind) ([]byte, error) { return vm.DumpKeyed(kind, nil) }

// DumpKeyed is Dump sealed with a MAC under key (see integrity.go); a nil
// key seals with a checksum.
func (vm *VM) DumpKeyed(kind DumpKind, key []byte) ([]byte, error) {
	if err := vm.checkKind(kind); err != nil {
		return nil, err
	}
	m, pages, err := vm.dumpPages(kind, nil, false, false)
	if err != nil {
		return nil, err
	}
	size := 0
	for _, p := range pages {
		if !p.Base {
			size += len(p.Data) + binary.MaxVarintLen32
		}
	}
	out := m.appendEncoded(make([]byte, 0, size+len(m.Roots)+256), 'B')
	for _, p := range pages {
		if !p.Base {
			out = binary.AppendUvarint(out, uint64(len(p.Data)))
			out = append(out, p.Data...)
		}
	}
	return appendSeal(out, key), nil
}

// roots flags
const (
	rootsWorldIsBase = 1 << iota
	rootsPending
)

func (vm *VM) encodeRoots(b *baseImage) ([]byte, error) {
	e := &heap.Encoder{}
	w := vm.world()
	if w == b.world {
		e.Byte(rootsWorldIsBase)
	} else {
		e.Byte(0)
		e.Value(w.builtins)
		e.Value(w.modules)
		e.Value(w.emptyTuple)
		e.Value(w.buildClassFn)
		e.Values(w.types[:])
	}
	e.Value(vm.handled)
	e.Value(vm.genResult)
	e.Values(vm.ExtraRoots)
	e.Uvarint(uint64(len(vm.frames)))
	for _, f := range vm.frames {
		// A generator's frame is the same object on the stack and in the
		// generator: write a reference so the load shares it again.
		if f.Gen.K == heap.KRef {
			if g, ok := vm.H.Get(f.Gen).(*heap.Generator); ok && g.Frame == f {
				e.Byte(1)
				e.Value(f.Gen)
				continue
			}
		}
		e.Byte(0)
		e.Frame(f)
	}
	if s := vm.pending; s != nil {
		e.Byte(1)
		e.Uvarint(uint64(s.Kind))
		e.String(s.Name)
		e.Values(s.Args)
		e.Strings(s.KwNames)
		e.Values(s.KwVals)
		e.Varint(s.CallID)
		e.Varint(int64(s.Line))
	} else {
		e.Byte(0)
	}
	e.Varint(vm.nextCallID)
	e.Varint(int64(vm.frameBase))
	e.Varint(int64(vm.recursionCeiling))
	e.Varint(int64(vm.intMaxDigits)) // sys.set_int_max_str_digits (format 2)
	// The registry modules the VM bound (format 3, see modbase.go).
	var bound []int
	for i, ok := range vm.bound {
		if ok {
			bound = append(bound, i)
		}
	}
	e.Uvarint(uint64(len(bound)))
	for _, i := range bound {
		e.Uvarint(uint64(i))
	}
	return e.B, e.Err()
}

// --- manifest encoding ------------------------------------------------------

// MarshalBinary encodes the manifest (magic, version, then the body).
// Hashes and Refs are not included.
func (m *Manifest) MarshalBinary() ([]byte, error) {
	return appendSeal(m.appendEncoded(nil, 'M'), nil), nil
}

func (m *Manifest) appendEncoded(dst []byte, form byte) []byte {
	e := &heap.Encoder{B: dst}
	e.B = append(e.B, Magic...)
	e.Uvarint(SnapshotVersion)
	e.Byte(form)
	e.Byte(byte(m.Kind))
	e.B = binary.LittleEndian.AppendUint64(e.B, m.BaseID)
	e.String(m.Filename)
	e.Varint(m.Limits.MaxDuration)
	e.Varint(m.Limits.MaxMemory)
	e.Varint(m.Limits.MaxAllocations)
	e.Varint(int64(m.Limits.MaxRecursion))
	e.Varint(m.Limits.MaxOutput)
	e.Varint(m.TimeUsed)
	e.Varint(m.OutputBytes)
	e.Varint(m.Allocs)
	e.Bytes(m.Meta)
	e.Uvarint(uint64(m.HeapLen))
	e.Bytes(m.Roots)
	// Page table: a bitmap of base heap pages, then the segmented
	// sequences as (handle delta, segment count).
	npages := (m.HeapLen + heap.PageSize - 1) >> heap.PageShift
	bits := make([]byte, (npages+7)/8)
	type seq struct {
		hd heap.Handle
		n  int
	}
	var seqs []seq
	for _, p := range m.Pages {
		if p.Seq == 0 {
			if p.Base {
				bits[p.N/8] |= 1 << (p.N % 8)
			}
		} else if len(seqs) > 0 && seqs[len(seqs)-1].hd == p.Seq {
			seqs[len(seqs)-1].n++
		} else {
			seqs = append(seqs, seq{p.Seq, 1})
		}
	}
	e.B = append(e.B, bits...)
	e.Uvarint(uint64(len(seqs)))
	last := heap.Handle(0)
	for _, s := range seqs {
		e.Uvarint(uint64(s.hd - last))
		e.Uvarint(uint64(s.n))
		last = s.hd
	}
	return e.B
}

// openDump checks the header (so another format version is reported as
// such) and then the seal, and returns the content before the seal.
func openDump(b, key []byte) ([]byte, error) {
	if _, err := decodeHeader(heap.NewDecoder(b, 0)); err != nil {
		return nil, err
	}
	return openSeal(b, key)
}

// decodeHeader checks magic and version and returns the form byte.
func decodeHeader(d *heap.Decoder) (byte, error) {
	mag := d.Raw(len(Magic))
	if mag == nil || string(mag) != Magic {
		return 0, formatErr("not an Amber dump (bad magic)")
	}
	v := d.Uvarint()
	if d.Err() != nil {
		return 0, formatErr("truncated header")
	}
	if v != SnapshotVersion {
		return 0, &VersionError{Got: int(min(v, 1<<31)), Want: SnapshotVersion}
	}
	return d.Byte(), nil
}

// DecodeManifest decodes a manifest written by MarshalBinary.
func DecodeManifest(b []byte) (*Manifest, error) {
	b, err := openDump(b, nil)
	if err != nil {
		return nil, err
	}
	d := heap.NewDecoder(b, 0)
	form, err := decodeHeader(d)
	if err != nil {
		return nil, err
	}
	if form != 'M' {
		return nil, formatErr("not a manifest")
	}
	m, err := decodeManifestBody(d, false)
	if err != nil {
		return nil, err
	}
	if err := d.Done(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	return m, nil
}

// maxHeapLen bounds the handles a dump may claim, and maxPages its pages
// (a manifest alone cannot prove its heap exists, so its table is capped).
const (
	maxHeapLen = 1 << 28
	maxPages   = maxHeapLen >> heap.PageShift
)

// maxManifestSegments bounds the segments a bare manifest may list (a
// billion list items).
const maxManifestSegments = 1 << 20

func decodeManifestBody(d *heap.Decoder, blob bool) (*Manifest, error) {
	m := &Manifest{}
	m.Kind = DumpKind(d.Byte())
	if raw := d.Raw(8); raw != nil {
		m.BaseID = binary.LittleEndian.Uint64(raw)
	}
	m.Filename = d.String()
	m.Limits.MaxDuration = d.Varint()
	m.Limits.MaxMemory = d.Varint()
	m.Limits.MaxAllocations = d.Varint()
	m.Limits.MaxRecursion = int(d.Int32())
	m.Limits.MaxOutput = d.Varint()
	m.TimeUsed = d.Varint()
	m.OutputBytes = d.Varint()
	m.Allocs = d.Varint()
	m.Meta = d.Bytes()
	hl := d.Uvarint()
	m.Roots = d.Bytes()
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("%w: manifest: %v", ErrFormat, err)
	}
	if m.Kind != KindSession && m.Kind != KindSnapshot {
		return nil, formatErr("unknown dump kind %d", m.Kind)
	}
	if hl < 1 || hl > maxHeapLen {
		return nil, formatErr("heap of %d handles", hl)
	}
	m.HeapLen = int(hl)
	npages := (m.HeapLen + heap.PageSize - 1) >> heap.PageShift
	if npages > maxPages {
		return nil, formatErr("heap of %d pages", npages)
	}
	if blob {
		// Every page past the base image is in the blob, in two bytes
		// at least: refuse to build a table the input cannot fill.
		b, err := getBase()
		if err != nil {
			return nil, err
		}
		if npages > len(b.pages)+d.Left()/2 {
			return nil, formatErr("heap of %d pages in %d bytes", npages, d.Left())
		}
	}
	bits := d.Raw((npages + 7) / 8)
	if bits == nil {
		return nil, formatErr("truncated page table")
	}
	for p := 0; p < npages; p++ {
		m.Pages = append(m.Pages, PageInfo{N: p, Base: bits[p/8]&(1<<(p%8)) != 0})
	}
	nseqs := d.Count(2)
	last := uint64(0)
	for i := 0; i < nseqs && d.Err() == nil; i++ {
		delta, n := d.Uvarint(), d.Uvarint()
		hd := last + delta
		if (i > 0 && delta == 0) || hd == 0 || hd >= uint64(m.HeapLen) || n < 2 || n > 1<<21 {
			return nil, formatErr("bad segment table entry")
		}
		// A blob carries every segment, so its size bounds the table; a
		// bare manifest (its pages stored elsewhere) is bounded by
		// maxManifestSegments.
		limit := uint64(npages) + uint64(d.Left())*8 + 64
		if !blob {
			limit = uint64(npages) + maxManifestSegments
		}
		if uint64(len(m.Pages))+n > limit {
			return nil, formatErr("segment table larger than the dump")
		}
		for s := 0; s < int(n); s++ {
			m.Pages = append(m.Pages, PageInfo{Seq: heap.Handle(hd), N: s})
		}
		last = hd
	}
	if err := d.Err(); err != nil {
		return nil, fmt.Errorf("%w: manifest: %v", ErrFormat, err)
	}
	return m, nil
}

// --- loading ----------------------------------------------------------------

// Load restores a VM from the single-blob form.
func Load(blob []byte) (*VM, DumpKind, error) { return LoadKeyed(blob, nil) }

// LoadKeyed is Load of a dump sealed by DumpKeyed with key (nil: a
// checksum). A dump sealed otherwise is refused.
func LoadKeyed(blob, key []byte) (*VM, DumpKind, error) {
	blob, err := openDump(blob, key)
	if err != nil {
		return nil, 0, err
	}
	d := heap.NewDecoder(blob, 0)
	form, err := decodeHeader(d)
	if err != nil {
		return nil, 0, err
	}
	if form != 'B' {
		return nil, 0, formatErr("not a single-blob dump")
	}
	m, err := decodeManifestBody(d, true)
	if err != nil {
		return nil, 0, err
	}
	// Pages follow in table order; slice them out first.
	data := make([][]byte, len(m.Pages))
	for i, p := range m.Pages {
		if p.Base {
			continue
		}
		n := d.Count(1)
		data[i] = d.Raw(n)
		if d.Err() != nil {
			return nil, 0, fmt.Errorf("%w: page %d: %v", ErrFormat, i, d.Err())
		}
	}
	if err := d.Done(); err != nil {
		return nil, 0, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	v, err := loadPages(m, func(i int) ([]byte, error) { return data[i], nil }, len(blob), false)
	if err != nil {
		return nil, 0, err
	}
	return v, m.Kind, nil
}

// LoadPages restores a VM from a manifest and its pages; fetch(i) returns
// the bytes of m.Pages[i] and is called once for each page that is not
// Base, in order. The VM's next DumpPages with prev == m is incremental;
// LoadPages fills m.Pages[i].Hash (attach Refs before dumping).
func LoadPages(m *Manifest, fetch func(i int) ([]byte, error)) (*VM, error) {
	return loadPages(m, fetch, 0, true)
}

// loadPages does LoadPages' work. Without hashed (a single-blob load,
// whose manifest no caller holds), it hashes no page, and the VM's next
// DumpPages is a full one.
func loadPages(m *Manifest, fetch func(i int) ([]byte, error), size int, hashed bool) (*VM, error) {
	b, err := getBase()
	if err != nil {
		return nil, err
	}
	if m.BaseID != 0 && m.BaseID != b.id {
		return nil, ErrBuild
	}
	if m.HeapLen < 1 || m.HeapLen > maxHeapLen {
		return nil, formatErr("heap of %d handles", m.HeapLen)
	}
	npages := (m.HeapLen + heap.PageSize - 1) >> heap.PageShift
	if len(m.Pages) < npages {
		return nil, formatErr("page table shorter than the heap")
	}
	// Budget extra allocations by the input seen so far: the blob size,
	// or for LoadPages, the bytes fetched plus the heap the table claims.
	if size == 0 {
		size = m.HeapLen * 8
	}
	l, err := heap.NewLoader(m.HeapLen, builtinNames{}, size+len(m.Roots))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	l.NumBuiltinTypes = int32(NumTypes)
	l.Base = func(p int) *heap.PageImage {
		if m.BaseID != b.id || p >= len(b.pages) {
			return nil
		}
		return &b.pages[p]
	}
	// A dump on this build's base shares the template's objects for its
	// base pages rather than decoding them (see modbase.go).
	var mb *moduleBase
	if tb := template.vm.base; tb != nil && m.BaseID == b.id && m.HeapLen >= int(tb.floor) {
		mb = tb
		l.Template = func(p int) []heap.Object {
			lo := p << heap.PageShift
			if lo >= int(mb.floor) {
				return nil
			}
			return mb.tmpl.PageObjects(p)[:min(heap.PageSize, int(mb.floor)-lo)]
		}
	}
	for i := range m.Pages {
		p := &m.Pages[i]
		var data []byte
		if p.Base {
			if p.Seq != 0 || p.N >= len(b.pages) {
				return nil, formatErr("page %d marked base, but the base image has no such page", i)
			}
			data = b.pages[p.N].B
			p.Hash = b.hashes[p.N]
		} else {
			data, err = fetch(i)
			if err != nil {
				return nil, err
			}
			if hashed {
				p.Hash = sha256.Sum256(data)
			}
		}
		if p.Seq == 0 {
			if p.N != i {
				return nil, formatErr("page table out of order")
			}
			if p.Base && mb != nil && b.fast[p.N] {
				err = l.SharedPage(p.N, mb.tmpl.PageObjects(p.N))
			} else {
				err = l.Page(p.N, data)
			}
		} else {
			err = l.Segment(p.Seq, p.N, data)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrFormat, err)
		}
	}
	if err := l.Finish(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if mb != nil {
		// The template's objects refer to its hoisted objects unchecked,
		// as to those below the floor (see heap.Loader.Template).
		objs := l.Objects()
		for _, hd := range mb.hoisted {
			if int(hd) >= len(objs) || objs[hd] == nil || reflect.TypeOf(objs[hd]) != reflect.TypeOf(mb.tmpl.At(hd)) {
				return nil, formatErr("object %d is no longer a %T", hd, mb.tmpl.At(hd))
			}
		}
	}
	// Every segmented sequence must be listed in the table, and vice versa.
	var listed [][2]int
	for _, p := range m.Pages[npages:] {
		if p.N == 0 {
			listed = append(listed, [2]int{int(p.Seq), 0})
		}
		if len(listed) == 0 {
			return nil, formatErr("segment table out of order")
		}
		listed[len(listed)-1][1]++
	}
	got := l.SegmentedSeqs()
	if len(got) != len(listed) {
		return nil, formatErr("segment table does not match the heap")
	}
	for i := range got {
		if got[i] != listed[i] {
			return nil, formatErr("segment table does not match the heap")
		}
	}

	vm := &VM{
		H:         heap.New(),
		interned:  map[string]Value{},
		cache:     map[cacheKey]Value{},
		codeCache: map[*compile.Code]Value{},
		asciiStrs: new([128]Value),
	}
	objs := l.Objects()
	if mb != nil {
		vm.base = mb
		vm.sharedInterned = template.vm.interned
	}
	for _, hd := range l.Interned {
		s := objs[hd].(*heap.Str)
		if v, shared := vm.sharedInterned[s.S]; shared && v.H() == hd {
			continue
		} else if _, dup := vm.interned[s.S]; dup || shared {
			return nil, formatErr("str %q interned twice", s.S)
		}
		vm.interned[s.S] = heap.Ref(hd)
	}
	for hd, o := range objs {
		if co, ok := o.(*heap.CodeObj); ok && !l.Shared(hd>>heap.PageShift) {
			vm.codeCache[co.Code] = heap.Ref(heap.Handle(hd))
		}
	}
	if err := vm.decodeRoots(m, b, objs, l); err != nil {
		return nil, err
	}
	vm.H.Restore(objs)
	if mb != nil {
		vm.H.AdoptBase(mb.tmpl, l.Shared)
		vm.privatizeLoaded(l.Shared)
	}
	vm.H.Allocs = m.Allocs
	vm.Filename = m.Filename
	vm.Limits = m.Limits
	vm.TimeUsed = m.TimeUsed
	vm.OutputBytes = m.OutputBytes
	if (m.Kind == KindSession) != (len(vm.frames) == 0) {
		return nil, formatErr("%v dump with %d frames", m.Kind, len(vm.frames))
	}
	st := &vm.snap
	if hashed {
		knowSeqs(vm.H, m)
		st.last = m
	}
	st.meta = m.Meta
	return vm, nil
}

func (vm *VM) decodeRoots(m *Manifest, b *baseImage, objs []heap.Object, l *heap.Loader) error {
	d := heap.NewDecoder(m.Roots, len(objs))
	fail := func(format string, args ...any) error {
		if d.Err() != nil {
			return fmt.Errorf("%w: roots: %v", ErrFormat, d.Err())
		}
		return formatErr("roots: "+format, args...)
	}
	var w worldRoots
	switch d.Byte() {
	case rootsWorldIsBase:
		if b.heapLen > len(objs) {
			return fail("base world roots beyond the heap")
		}
		w = b.world
	case 0:
		w.builtins = d.Value()
		w.modules = d.Value()
		w.emptyTuple = d.Value()
		w.buildClassFn = d.Value()
		ts := d.Values()
		if len(ts) != int(NumTypes) {
			return fail("%d builtin types, want %d", len(ts), NumTypes)
		}
		copy(w.types[:], ts)
	default:
		return fail("bad flags")
	}
	live := func(v Value) bool { return v.K != heap.KRef || objs[v.N] != nil }
	isType := func(v Value, ok func(heap.Object) bool) bool {
		return v.K == heap.KRef && objs[v.N] != nil && ok(objs[v.N])
	}
	isDict := func(o heap.Object) bool { _, ok := o.(*heap.Dict); return ok }
	if !isType(w.builtins, isDict) || !isType(w.modules, isDict) || !live(w.buildClassFn) ||
		!isType(w.emptyTuple, func(o heap.Object) bool { t, ok := o.(*heap.Tuple); return ok && len(t.Items) == 0 }) {
		return fail("bad builtins, modules or empty tuple")
	}
	for _, t := range w.types {
		if !isType(t, func(o heap.Object) bool { _, ok := o.(*heap.Class); return ok }) {
			return fail("builtin type is no class")
		}
	}
	// The host reaches __main__ through sys.modules outside the eval
	// loop's safety net: it must be a module.
	for _, e := range objs[w.modules.N].(*heap.Dict).Entries {
		if k, ok := keyStr(objs, e.Key); ok && k == "__main__" {
			if !isType(e.Val, func(o heap.Object) bool { _, ok := o.(*heap.Module); return ok }) {
				return fail("sys.modules['__main__'] is no module")
			}
		}
	}
	vm.Builtins, vm.Modules, vm.emptyTuple, vm.buildClassFn = w.builtins, w.modules, w.emptyTuple, w.buildClassFn
	if t := template.vm; t != nil && *t.Types == w.types {
		vm.Types = t.Types
	} else {
		vm.Types = &w.types
	}
	vm.handled = d.Value()
	vm.genResult = d.Value()
	vm.ExtraRoots = d.Values()
	nf := d.Count(2)
	budget := l.Budget
	for i := 0; i < nf && d.Err() == nil; i++ {
		var f *heap.Frame
		switch d.Byte() {
		case 0:
			f = d.Frame(&budget)
			if f == nil {
				return fail("bad frame %d", i)
			}
			if err := heap.CheckFrame(objs, f); err != nil {
				return fail("frame %d: %v", i, err)
			}
		case 1:
			g := d.Value()
			if d.Err() != nil {
				break
			}
			gen, ok := objs[g.N].(*heap.Generator)
			if g.K != heap.KRef || !ok || gen.Frame == nil {
				return fail("frame %d: no generator frame", i)
			}
			f = gen.Frame
		default:
			return fail("bad frame tag")
		}
		vm.frames = append(vm.frames, f)
	}
	if d.Err() != nil {
		return fail("")
	}
	seen := map[*heap.Frame]bool{}
	for _, f := range vm.frames {
		if seen[f] {
			return fail("a generator frame is on the stack twice")
		}
		seen[f] = true
	}
	switch d.Byte() {
	case 0:
	case 1:
		s := &Suspension{}
		k := d.Uvarint()
		if k > uint64(SuspendPreempt) {
			return fail("bad suspension kind")
		}
		s.Kind = SuspensionKind(k)
		s.Name = d.String()
		s.Args = d.Values()
		s.KwNames = d.Strings()
		s.KwVals = d.Values()
		s.CallID = d.Varint()
		s.Line = int(d.Int32())
		if len(s.KwNames) != len(s.KwVals) {
			return fail("keyword names and values differ in length")
		}
		if len(vm.frames) == 0 {
			return fail("a pending suspension without frames")
		}
		vm.pending = s
	default:
		return fail("bad suspension flag")
	}
	vm.nextCallID = d.Varint()
	vm.frameBase = int(d.Int32())
	vm.recursionCeiling = int(d.Int32())
	vm.intMaxDigits = int(d.Int32())
	nb := d.Count(1)
	for i, last := 0, -1; i < nb && d.Err() == nil; i++ {
		j := int(d.Uvarint())
		if vm.base == nil || j <= last || j >= len(vm.base.mods) {
			return fail("bad bound module")
		}
		if vm.bound == nil {
			vm.bound = make([]bool, len(vm.base.mods))
		}
		vm.bound[j] = true
		last = j
	}
	if err := d.Done(); err != nil {
		return fail("")
	}
	if vm.frameBase < 0 || vm.frameBase > len(vm.frames) || vm.recursionCeiling < 0 {
		return fail("bad frame base")
	}
	if vm.intMaxDigits < -1 || (vm.intMaxDigits > 0 && vm.intMaxDigits < intStrDigitsThreshold) {
		return fail("bad int digit limit")
	}
	check := []Value{vm.handled, vm.genResult}
	check = append(check, vm.ExtraRoots...)
	if s := vm.pending; s != nil {
		check = append(check, s.Args...)
		check = append(check, s.KwVals...)
	}
	for _, v := range check {
		if !live(v) {
			return fail("root refers to a free handle")
		}
	}
	return nil
}

func keyStr(objs []heap.Object, v Value) (string, bool) {
	if v.K != heap.KRef {
		return "", false
	}
	s, ok := objs[v.N].(*heap.Str)
	if !ok {
		return "", false
	}
	return s.S, true
}

// VerifyBasePages checks the premise of dumping a pristine page without
// encoding it (see heap.Pristine): that every such page still encodes as
// the base image's page. It encodes them all, so it is for tests.
func (vm *VM) VerifyBasePages() error {
	b, err := getBase()
	if err != nil {
		return err
	}
	enc := vm.encoder()
	for p := 0; p < min(vm.H.Pages(), len(b.pages)); p++ {
		if vm.base == nil || !b.fast[p] || !vm.H.Pristine(p) {
			continue
		}
		enc.B = enc.B[:0]
		enc.EncodePage(vm.H.PageObjects(p), heap.Handle(p<<heap.PageShift))
		if sha256.Sum256(enc.B) != b.hashes[p] {
			return fmt.Errorf("page %d is taken as the base's, but it changed", p)
		}
	}
	return enc.Err()
}

// VerifyBaseImage checks that the template's own objects below the floor
// (the base image every session of the process shares) still encode as
// they did when the image was first taken: that no session changed one
// in place, by any path, whether or not it marked a page dirty. It
// encodes the whole image, so it is for tests; take the image first
// (BaseImageID) so that there is something to compare with.
func VerifyBaseImage() error {
	b, err := getBase()
	if err != nil {
		return err
	}
	t := templateVM()
	if t.base == nil {
		return nil
	}
	enc := New().encoder()
	for p := 0; p < int(t.H.Floor())>>heap.PageShift && p < len(b.hashes); p++ {
		enc.B = enc.B[:0]
		enc.EncodePage(t.H.PageObjects(p), heap.Handle(p<<heap.PageShift))
		if sha256.Sum256(enc.B) != b.hashes[p] {
			return fmt.Errorf("page %d of the base image changed", p)
		}
	}
	return enc.Err()
}
