package heap

// Loader rebuilds a heap from the page and segment blobs of a dump and
// then validates every object (see check.go and objcodec.go).

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"unsafe"

	"github.com/amber-sandbox/amber/core/internal/compile"
)

// Loader rebuilds a heap from page and segment blobs, then validates it.
type Loader struct {
	Builtins Builtins
	n        int      // handles in the heap
	objs     []Object // grows page by page, so memory follows the input
	// Interned lists the strs marked interned, in handle order.
	Interned []Handle
	seqs     map[Handle]int // handle -> expected length of a segmented sequence
	pages    []bool
	strs     []Str // slab for decoded strs
	// Base returns the base image of page p (for delta pages), or nil.
	Base func(p int) *PageImage
	// Template, when set, returns the base heap's objects of page p that
	// lie below its floor (see base.go). A decoded page must keep them
	// all, each of the same type, and the immutable ones unchanged:
	// objects of pages installed with SharedPage refer to them unchecked.
	Template func(p int) []Object
	// shared marks the pages installed with SharedPage.
	shared []bool
	// Budget bounds slots allocated beyond what the input holds (frame
	// operand stacks); it shrinks as frames are decoded.
	Budget int64
	// NumBuiltinTypes bounds Class.Builtin; the VM sets it to its type
	// count.
	NumBuiltinTypes int32

	// trusted marks a load of the binary's own build output (see Trust).
	trusted bool
	slabs   *slabs
}

// Trust marks the input as this binary's own build output, never a dump
// from a store: the VM's base image, embedded at build time, checked
// whole against its checksum, and validated in full when it was generated.
// Decoding still checks every length, tag and handle as it reads, but
// Finish only rebuilds what the objects derive (the code objects'
// constants, the frames' code) instead of checking every object against
// the heap; decoded strings refer to the page bytes instead of copying
// them, so the caller must never change those; and small slices and code
// objects are carved from larger blocks, which live as long as any
// object in them (the template's live as long as the process).
func (l *Loader) Trust() {
	l.trusted = true
	l.slabs = &slabs{}
}

// NewLoader prepares to load a heap of n handles.
func NewLoader(n int, b Builtins, inputBytes int) (*Loader, error) {
	if n < 1 || n > 1<<31 {
		return nil, corrupt("heap of %d handles", n)
	}
	return &Loader{
		Builtins: b,
		n:        n,
		objs:     make([]Object, 0, loaderCap(n, inputBytes)),
		seqs:     map[Handle]int{},
		pages:    make([]bool, (n+PageSize-1)>>PageShift),
		Budget:   1<<20 + 4*int64(inputBytes),

		NumBuiltinTypes: 1 << 16,
	}, nil
}

// loaderCap is the first capacity of the objects of a heap of n handles
// decoded from inputBytes of input: all of them, rounded up to whole pages
// so that Heap.Restore can use the slice as it is, unless that is more than
// the input can justify (a hostile handle count): then it grows as pages
// arrive.
func loaderCap(n, inputBytes int) int {
	all := (n + PageSize - 1) &^ (PageSize - 1)
	return min(all, max(1<<16, 4*inputBytes))
}

// Len is the number of handles.
func (l *Loader) Len() int { return l.n }

// Objects returns the decoded objects (valid after Finish).
func (l *Loader) Objects() []Object { return l.objs }

// Page decodes page p.
func (l *Loader) Page(p int, b []byte) error {
	if p < 0 || p >= len(l.pages) {
		return corrupt("page %d out of range", p)
	}
	lo := p << PageShift
	if lo != len(l.objs) {
		return corrupt("page %d out of order", p)
	}
	l.pages[p] = true
	d := NewDecoder(b, l.n)
	if l.trusted && len(b) > 0 {
		// The bytes are the caller's, never changed (see Trust).
		d.s = unsafe.String(&b[0], len(b))
		d.slabs = l.slabs
	}
	want := min(PageSize, l.n-lo)
	// objs only grows, so the capacity beyond its length is still zero.
	l.objs = slices.Grow(l.objs, want)[:lo+want]
	mode := d.Byte()
	if n := d.Uvarint(); d.err == nil && n != uint64(want) {
		return corrupt("page %d has %d slots, want %d", p, n, want)
	}
	var bits []byte
	var base *PageImage
	nbase := 0
	switch {
	case d.err != nil:
	case mode == pageDelta:
		if l.Base != nil {
			base = l.Base(p)
		}
		if base == nil {
			return corrupt("page %d is a delta, but there is no base page", p)
		}
		nbase = min(want, len(base.Offs)-1)
		bits = d.Raw((nbase + 7) / 8)
	case mode != pageFull:
		d.Fail("unknown page mode %d", mode)
	}
	var tmpl []Object
	if l.Template != nil {
		tmpl = l.Template(p)
	}
	for i := 0; i < want && d.err == nil; i++ {
		hd := Handle(lo + i)
		var o Object
		fromBase := i < nbase && bits[i/8]&(1<<(i%8)) != 0
		start := d.off
		if fromBase {
			bd := NewDecoder(base.slot(i), l.n)
			bd.sources = d.sources
			o = l.object(bd, hd)
			d.sources = bd.sources
			if err := bd.Done(); err != nil {
				d.Fail("base slot %d: %v", i, err)
			}
		} else {
			o = l.object(d, hd)
		}
		if hd == 0 && o != nil {
			d.Fail("handle 0 is used")
		}
		if i < len(tmpl) && d.err == nil {
			l.keepsTemplate(d, p, i, tmpl[i], o, fromBase, d.b[start:d.off])
		}
		l.objs[hd] = o
	}
	if err := d.Done(); err != nil {
		return fmt.Errorf("page %d: %w", p, err)
	}
	return nil
}

// keepsTemplate fails d unless the decoded object o (whose bytes are
// slot, unless it was copied from the base page) may stand in for the base
// object t at slot i of page p.
func (l *Loader) keepsTemplate(d *Decoder, p, i int, t, o Object, fromBase bool, slot []byte) {
	switch {
	case t == nil && o == nil:
	case t == nil || o == nil || reflect.TypeOf(t) != reflect.TypeOf(o):
		d.Fail("slot %d replaces an object of the base", i)
	case fromBase || Mutable(t):
	default:
		if b := l.Base(p); b == nil || i+1 >= len(b.Offs) || !bytes.Equal(b.slot(i), slot) {
			d.Fail("slot %d changes an immutable object of the base", i)
		}
	}
}

// SharedPage installs page p as the base heap's objects, which are
// trusted: they are neither decoded nor checked. The caller guarantees
// (with Template) that what they refer to keeps its type.
func (l *Loader) SharedPage(p int, objs []Object) error {
	lo := p << PageShift
	if p < 0 || p >= len(l.pages) || lo != len(l.objs) || len(objs) != min(PageSize, l.n-lo) {
		return corrupt("shared page %d out of order", p)
	}
	l.pages[p] = true
	if l.shared == nil {
		l.shared = make([]bool, len(l.pages))
	}
	l.shared[p] = true
	l.objs = append(slices.Grow(l.objs, len(objs)), objs...)
	return nil
}

// Shared reports whether page p was installed with SharedPage.
func (l *Loader) Shared(p int) bool { return p < len(l.shared) && l.shared[p] }

// Segment decodes segment s of the segmented sequence at hd. Segments of
// one sequence must come in order.
func (l *Loader) Segment(hd Handle, s int, b []byte) error {
	want, ok := l.seqs[hd]
	if !ok || int(hd) >= len(l.objs) {
		return corrupt("segment for handle %d, which is no segmented sequence", hd)
	}
	items := l.seqItems(hd)
	if s != Segments(len(items)+1)-1 || len(items) != s*SegmentLen {
		return corrupt("segment %d of handle %d out of order", s, hd)
	}
	d := NewDecoder(b, l.n)
	n := d.Count(1)
	if d.err == nil && (n == 0 || n > SegmentLen || len(items)+n > want || (n < SegmentLen && len(items)+n != want)) {
		d.Fail("segment of %d items", n)
	}
	if items == nil && d.err == nil {
		// Size the sequence up front, but trust a hostile length claim
		// only so far: beyond 64K items the slice grows with the data.
		c := want
		if c > 1<<16 {
			c = 1 << 16
		}
		items = make([]Value, 0, c)
	}
	for i := 0; i < n && d.err == nil; i++ {
		items = append(items, d.Value())
	}
	if err := d.Done(); err != nil {
		return fmt.Errorf("segment %d of handle %d: %w", s, hd, err)
	}
	switch x := l.objs[hd].(type) {
	case *List:
		x.Items = items
	case *Tuple:
		x.Items = items
	}
	return nil
}

func (l *Loader) seqItems(hd Handle) []Value {
	switch x := l.objs[hd].(type) {
	case *List:
		return x.Items
	case *Tuple:
		return x.Items
	}
	return nil
}

// SegmentedSeqs returns the segmented sequences of the loaded pages as
// (handle, segment count) pairs in handle order.
func (l *Loader) SegmentedSeqs() [][2]int {
	var out [][2]int
	for hd := range l.objs {
		if n, ok := l.seqs[Handle(hd)]; ok {
			out = append(out, [2]int{hd, Segments(n)})
		}
	}
	return out
}

func (l *Loader) object(d *Decoder, hd Handle) Object {
	t := d.Byte()
	if t == tagFree {
		return nil
	}
	if int(t) >= len(decoders) || decoders[t] == nil {
		d.Fail("unknown object tag %d", t)
		return nil
	}
	return decoders[t](l, d, hd, t)
}

func (l *Loader) decodeCode(d *Decoder) (*compile.Code, int) {
	c, nconsts := d.code()
	// Sources: 0 = a new table follows, i>0 = the i-th table of this page.
	switch ref := d.Uvarint(); {
	case d.err != nil:
	case ref == 0:
		src := d.Strings()
		c.Source = src
		d.sources = append(d.sources, src)
	case ref <= uint64(len(d.sources)):
		c.Source = d.sources[ref-1]
	default:
		d.Fail("bad source table reference %d", ref)
	}
	return c, nconsts
}

// buildIndex builds the derived index of a decoded dict without compacting
// its entries (live iterators hold positions into them).
func (x *Dict) buildIndex() {
	if x.Used == 0 {
		// An all-deleted entry list is equivalent to an empty dict; keep
		// it only if needed by positions (harmless either way).
		x.index = nil
		return
	}
	n := 8
	for n*2 < (len(x.Entries)+1)*3 {
		n <<= 1
	}
	x.index = make([]int32, n)
	for i := range x.index {
		x.index[i] = slotEmpty
	}
	mask := uint64(n - 1)
	for i, e := range x.Entries {
		if e.Key.K == KUndef {
			continue
		}
		j, perturb := uint64(e.Hash)&mask, uint64(e.Hash)
		for x.index[j] != slotEmpty {
			j, perturb = nextSlot(j, perturb, mask)
		}
		x.index[j] = int32(i)
	}
}

// Finish checks that every segmented sequence is complete, every reference
// names a live object, and every object is well formed (see CheckCode and
// CheckFrame); it rebuilds each code object's constant table.
func (l *Loader) Finish() error {
	for hd, want := range l.seqs {
		if got := len(l.seqItems(hd)); got != want {
			return corrupt("sequence at handle %d has %d of %d items", hd, got, want)
		}
	}
	for p, ok := range l.pages {
		if !ok {
			return corrupt("page %d missing", p)
		}
	}
	var bad Value
	visit := func(v Value) {
		if v.K == KRef && bad.K == KUndef && l.objs[v.N] == nil {
			bad = v
		}
	}
	for hd, o := range l.objs {
		if o == nil || l.Shared(hd>>PageShift) {
			continue
		}
		if l.trusted {
			if err := l.derive(o); err != nil {
				return fmt.Errorf("%w: object %d (%T): %v", ErrCorrupt, hd, o, err)
			}
			continue
		}
		o.Refs(visit)
		if bad.K != KUndef {
			return corrupt("object %d refers to free handle %d", hd, bad.N)
		}
		if err := l.check(Handle(hd), o); err != nil {
			return fmt.Errorf("%w: object %d (%T): %v", ErrCorrupt, hd, o, err)
		}
	}
	return nil
}

// derive fills in what a trusted object derives from the heap (see
// Trust): a code object's constants, a generator frame's code.
func (l *Loader) derive(o Object) error {
	switch x := o.(type) {
	case *CodeObj:
		return l.codeConsts(x)
	case *Generator:
		if f := x.Frame; f != nil {
			co, ok := objAt[*CodeObj](l.objs, f.Code)
			if !ok {
				return errors.New("frame: bad code")
			}
			f.C = co
		}
	}
	return nil
}

func (l *Loader) check(hd Handle, o Object) error {
	if c, ok := o.(checker); ok {
		return c.check(l, hd)
	}
	return nil
}
