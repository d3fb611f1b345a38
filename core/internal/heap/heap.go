package heap

import (
	"math"
	"sync/atomic"
)

// PageShift sets the page size: a page holds 1<<PageShift handles.
const PageShift = 8

// PageSize is the number of handles in a page.
const PageSize = 1 << PageShift

// SegmentLen is how many items of a large list or tuple are tracked and
// encoded together, so a change to one element of a huge list dirties one
// segment rather than the whole list.
const SegmentLen = 1024

// Heap stores objects by handle. Handles are grouped into fixed-size pages;
// every mutation marks its page dirty so a dump can re-encode only what
// changed. Handle 0 is never used.
type Heap struct {
	// pages hold the objects, PageSize handles each: handle h is
	// pages[h>>PageShift][h&(PageSize-1)]. A page may be shared with the
	// heap this one was cloned from (see Clone); shared[p] says so, and
	// a shared page is copied before one of its slots is written.
	pages  []*objPage
	shared []bool
	n      int      // handle slots in use: handles [0, n)
	free   []Handle // descending; reused lowest (last) first, so reuse is deterministic
	// freeBuf is the array Collect last built free in: Collect drops
	// the trailing slots off free's front, so free alone would lose the
	// capacity.
	freeBuf []Handle
	dirty   []bool // per page
	// pristine[p] says page p held the base's objects (or copies of
	// them) when the heap was cloned or loaded and has not been dirty
	// since (see Pristine).
	pristine []bool
	// segDirty records dirty segments of large sequences, by handle.
	segDirty map[Handle]*segRecord
	// segPages[p] says a handle of page p has a segDirty record, so
	// Touch skips the map for every other page.
	segPages []bool
	// seqKnown[hd] is the big sequence whose segments the last dump (or
	// the load) wrote for handle hd, while nothing has touched it as a
	// whole since: with no segment record it is unchanged even on a dirty
	// page. The object, not a flag, is kept so that another sequence put
	// at hd later (a reused handle) is never mistaken for it.
	seqKnown map[Handle]Object
	// seqKnownPages[p] says a handle of page p is in seqKnown, so Touch
	// skips the map for every other page.
	seqKnownPages []bool
	// segCache holds recently used records by handle (h is handle+1; 0
	// is empty), so appends to a few big lists skip the map.
	segCache [segCacheLen]segCacheEntry
	// floor and origin: handles below floor belong to the base heap
	// origin this one was cloned from (see base.go).
	floor  Handle
	origin *Heap
	// strSizes[hd-floor] is the Size of the str Alloc put at handle hd
	// (0: unknown). A str never changes, so the collector can total live
	// strs from this array instead of reading every one of them.
	strSizes []int32

	// markBuf and markStack are mark's scratch space, kept so that each
	// collection does not allocate (and zero) them anew. They hold no
	// state between collections.
	markBuf   []bool
	markStack []Handle
	// weak is the WeakRefs the last mark met (scratch, as above); dead is
	// the cleared ones with a callback, until Dead takes them (derived
	// state: a dump does not keep it).
	weak []Handle
	dead []Value

	// bigs keeps the freed big ints' memory for new ones; cloned says
	// the heap has been cloned, so its objects may be shared and none of
	// them is kept (see bigpool.go).
	bigs   *bigPool
	cloned atomic.Bool

	Bytes        int64 // estimated live bytes
	Allocs       int64 // allocations since the session started
	Churn        int64 // bytes allocated or grown since the session started
	sinceGC      int64
	liveAfterGC  int64
	bytesAfterGC int64
}

// New returns an empty heap.
func New() *Heap {
	return &Heap{pages: []*objPage{new(objPage)}, shared: []bool{false}, n: 1, dirty: make([]bool, 1)}
}

// objPage is the objects of one page.
type objPage [PageSize]Object

// Len is the number of handle slots (live or free) in use.
func (h *Heap) Len() int { return h.n }

// Pages is the number of pages.
func (h *Heap) Pages() int { return (h.n + PageSize - 1) >> PageShift }

// set stores o at handle hd < n, first copying the page if it is shared.
func (h *Heap) set(hd Handle, o Object) {
	p := hd >> PageShift
	if h.shared[p] {
		h.unshare(p)
	}
	h.pages[p][hd&(PageSize-1)] = o
}

// unshare gives h its own copy of the shared page p. It is rare, and
// kept out of line so that place inlines.
//
//go:noinline
func (h *Heap) unshare(p Handle) {
	// Slot by slot, skipping free ones: the first page past a base's
	// floor, which every clone copies, is nearly empty, and a page
	// copied whole while the collector runs pays a write barrier for
	// each of its 256 slots.
	c := new(objPage)
	for i, o := range h.pages[p] {
		if o != nil {
			c[i] = o
		}
	}
	h.pages[p] = c
	h.shared[p] = false
}

// AllocGrown stores the str o, whose bytes continue a buffer that an
// older str already holds and the heap has counted, charging the heap
// only charge bytes for it (its header and the bytes it adds). The
// collector counts it at its full Size, like any other str it reaches.
func (h *Heap) AllocGrown(o *Str, charge int64) Value {
	v := h.AllocStr(o)
	d := int64(o.Size()) - charge
	h.Bytes -= d
	h.Churn -= d
	return v
}

// Alloc stores o and returns a reference to it.
func (h *Heap) Alloc(o Object) Value {
	n := int64(o.Size())
	// The common case inline, with no call to spill registers around:
	// a free handle past the floor on a page of h's own.
	k := len(h.free) - 1
	if k < 0 {
		return h.allocSlow(o, n)
	}
	hd := h.free[k]
	p := hd >> PageShift
	if hd < h.floor || h.shared[p] {
		return h.allocSlow(o, n)
	}
	// free is descending: the lowest handle is popped off its end,
	// which writes only the slice's length.
	h.free = h.free[:k]
	h.pages[p][uint8(hd)] = o
	h.dirty[p] = true
	if i := int(hd - h.floor); i < len(h.strSizes) {
		h.strSizes[i] = 0
		if _, ok := o.(*Str); ok && n <= math.MaxInt32 {
			h.strSizes[i] = int32(n)
		}
	} else if _, ok := o.(*Str); ok {
		h.noteStrSize(hd, o, n)
	}
	h.Allocs++
	h.sinceGC++
	h.Bytes += n
	h.Churn += n
	return Ref(hd)
}

// AllocStr is Alloc of a str, the commonest allocation: its fast path
// needs no dynamic Size call and no type test.
func (h *Heap) AllocStr(s *Str) Value {
	n := int64(s.Size())
	k := len(h.free) - 1
	if k < 0 {
		return h.allocSlow(s, n)
	}
	hd := h.free[k]
	p := hd >> PageShift
	i := int(hd - h.floor)
	if hd < h.floor || i >= len(h.strSizes) || n > math.MaxInt32 || h.shared[p] {
		return h.allocSlow(s, n)
	}
	h.free = h.free[:k]
	h.pages[p][uint8(hd)] = s
	h.dirty[p] = true
	h.strSizes[i] = int32(n)
	h.Allocs++
	h.sinceGC++
	h.Bytes += n
	h.Churn += n
	return Ref(hd)
}

// allocSlow is Alloc of o, of size n, in every case.
func (h *Heap) allocSlow(o Object, n int64) Value {
	var hd Handle
	if k := len(h.free) - 1; k >= 0 {
		hd = h.free[k]
		h.free = h.free[:k]
	} else {
		hd = Handle(h.n)
		if p := int(hd >> PageShift); p >= len(h.pages) || p >= len(h.dirty) {
			h.addPage(p)
		}
		h.n++
	}
	p := hd >> PageShift
	if h.shared[p] {
		h.unshare(p)
	}
	h.pages[p][uint8(hd)] = o
	h.dirty[p] = true
	h.Allocs++
	h.sinceGC++
	if hd >= h.floor {
		h.noteStrSize(hd, o, n)
	}
	h.Bytes += n
	h.Churn += n
	return Ref(hd)
}

// addPage makes room for page p, the one a new handle starts.
func (h *Heap) addPage(p int) {
	if p >= len(h.pages) {
		h.pages = append(h.pages, new(objPage))
		h.shared = append(h.shared, false)
	}
	if p >= len(h.dirty) {
		h.dirty = append(h.dirty, true)
	}
}

// noteStrSize records n, the size of o, the new object at hd >= floor, if
// o is a str, and forgets any size recorded for the slot otherwise.
func (h *Heap) noteStrSize(hd Handle, o Object, n int64) {
	i := int(hd - h.floor)
	if _, ok := o.(*Str); !ok || n > math.MaxInt32 {
		if i < len(h.strSizes) {
			h.strSizes[i] = 0
		}
		return
	}
	if i >= len(h.strSizes) {
		h.strSizes = append(h.strSizes, make([]int32, i+1-len(h.strSizes))...)
	}
	h.strSizes[i] = int32(n)
}

// liveSize is the Size of s, the str at hd, read from strSizes when
// recorded there.
func (h *Heap) liveSize(hd Handle, s *Str) int64 {
	if hd >= h.floor {
		if i := int(hd - h.floor); i < len(h.strSizes) && h.strSizes[i] != 0 {
			return int64(h.strSizes[i])
		}
	}
	return int64(s.Size())
}

// Get returns the object v refers to, or nil when v is not a reference:
// an int, float, bool or None is never an object, whatever its payload,
// so a type assertion on the result (o, ok := h.Get(v).(*List)) is the
// whole check a caller needs.
//
// Its cost to the inliner is kept at 20, the most Go inlines into a
// function as big as the VM's dispatch loop (a slot index as uint8 needs
// neither a mask nor a bounds check: the two declarations below it stop
// the build unless a page holds exactly 256 handles).
func (h *Heap) Get(v Value) Object {
	if v.K != KRef {
		return nil
	}
	return h.pages[v.N>>PageShift][uint8(v.N)]
}

var _ [PageSize - 256]struct{}
var _ [256 - PageSize]struct{}

// At returns the object at handle hd, or nil.
func (h *Heap) At(hd Handle) Object {
	if int(hd) >= h.n {
		return nil
	}
	return h.pages[hd>>PageShift][hd&(PageSize-1)]
}

// Touch marks the object at v dirty (v may be any value).
func (h *Heap) Touch(v Value) {
	if v.K == KRef {
		if Handle(v.N) < h.floor {
			h.checkWrite(Handle(v.N))
		}
		h.dirty[v.N>>PageShift] = true
		if p := v.N >> PageShift; p < uint64(len(h.seqKnownPages)) && h.seqKnownPages[p] {
			delete(h.seqKnown, v.H())
		}
		if p := v.N >> PageShift; p < uint64(len(h.segPages)) && h.segPages[p] && isSeq(h.Get(v)) {
			// A whole-object change of a sequence with segment records.
			if r := h.segDirty[v.H()]; r != nil {
				r.whole = true
			}
		}
	}
}

// isSeq reports whether o is of a type that can have segment records.
func isSeq(o Object) bool {
	switch o.(type) {
	case *List, *Tuple:
		return true
	}
	return false
}

// wholeSeq asks SegmentDirty for the mark of every segment.
const wholeSeq = -1

// segRecord is the dirty segments of one big sequence: whole marks them
// all, bits one by one.
type segRecord struct {
	whole bool
	bits  []uint64
}

// segCacheLen is the number of segCache entries (a power of two): enough
// for a loop that appends to several big lists in turn (grouping into a
// dict of lists) to find each list's record without a map lookup.
const segCacheLen = 16

type segCacheEntry struct {
	h Handle
	r *segRecord
}

func (r *segRecord) set(s int) {
	for len(r.bits) <= s>>6 {
		r.bits = append(r.bits, 0)
	}
	r.bits[s>>6] |= 1 << (s & 63)
}

func (r *segRecord) has(s int) bool {
	return s>>6 < len(r.bits) && r.bits[s>>6]&(1<<(s&63)) != 0
}

// TouchItem marks item i of the sequence of length n at v dirty. Only
// sequences longer than a segment are tracked per segment; shorter ones
// are encoded whole with their page, so marking the page is enough.
func (h *Heap) TouchItem(v Value, i, n int) {
	if v.K != KRef {
		return
	}
	if Handle(v.N) < h.floor {
		h.checkWrite(Handle(v.N))
	}
	p := v.N >> PageShift
	if n <= SegmentLen {
		h.dirty[p] = true
		return
	}
	hd := v.H()
	if c := &h.segCache[hd&(segCacheLen-1)]; c.h == hd+1 {
		h.dirty[p] = true
		c.r.set(i / SegmentLen)
		return
	}
	wasDirty := h.dirty[p]
	h.dirty[p] = true
	if h.segDirty == nil {
		h.segDirty = map[Handle]*segRecord{}
	}
	m := h.segDirty[hd]
	if m == nil {
		m = &segRecord{}
		h.segDirty[hd] = m
		for uint64(len(h.segPages)) <= p {
			h.segPages = append(h.segPages, false)
		}
		h.segPages[p] = true
		// The page changed earlier in this interval, maybe by a Touch of
		// this very sequence, which left no segment record: assume all,
		// unless the sequence is known untouched since the last dump.
		if wasDirty && !h.SeqUnchanged(hd) {
			m.whole = true
		}
	}
	m.set(i / SegmentLen)
	h.segCache[hd&(segCacheLen-1)] = segCacheEntry{hd + 1, m}
}

// Grew accounts for an object that grew by n bytes in place.
func (h *Heap) Grew(n int) { h.Bytes += int64(n); h.Churn += int64(n) }

// PageDirty reports whether page p changed since the last ClearDirty.
func (h *Heap) PageDirty(p int) bool { return p < len(h.dirty) && h.dirty[p] }

// SegmentDirty reports whether segment s of the sequence at hd changed
// since the last ClearDirty. A sequence whose page was marked dirty
// without a segment record (tracked false) counts as wholly dirty, and so
// does one touched as a whole (Touch) or whose page was already dirty
// when its first segment was recorded; s = -1 asks for that whole mark.
func (h *Heap) SegmentDirty(hd Handle, s int) (dirty, tracked bool) {
	m, ok := h.segDirty[hd]
	if !ok {
		return false, false
	}
	return m.whole || (s >= 0 && m.has(s)), true
}

// KnowSeq records that the segments just dumped (or loaded) for the big
// sequence at hd are its contents: until something touches it as a
// whole, its segments without a dirty mark are unchanged.
func (h *Heap) KnowSeq(hd Handle) {
	o := h.At(hd)
	if o == nil {
		return
	}
	if h.seqKnown == nil {
		h.seqKnown = map[Handle]Object{}
	}
	h.seqKnown[hd] = o
	p := int(hd >> PageShift)
	for len(h.seqKnownPages) <= p {
		h.seqKnownPages = append(h.seqKnownPages, false)
	}
	h.seqKnownPages[p] = true
}

// SeqUnchanged reports whether the sequence at hd is the one KnowSeq
// recorded and nothing has touched it as a whole since.
func (h *Heap) SeqUnchanged(hd Handle) bool {
	o, ok := h.seqKnown[hd]
	return ok && o == h.At(hd)
}

// forgetSeqs drops what KnowSeq recorded.
func (h *Heap) forgetSeqs() {
	h.seqKnown = nil
	h.seqKnownPages = h.seqKnownPages[:0]
}

// ClearDirty forgets all dirty marks (after a dump).
func (h *Heap) ClearDirty() {
	for p, d := range h.dirty {
		if d && p < len(h.pristine) {
			h.pristine[p] = false
		}
	}
	clear(h.dirty)
	h.forgetSegments()
}

// MarkAllDirty marks every page dirty.
func (h *Heap) MarkAllDirty() {
	for i := range h.dirty {
		h.dirty[i] = true
	}
	h.forgetSegments()
	h.forgetSeqs()
}

// forgetSegments drops the segment records: every sequence is dirty or
// clean with its page again.
func (h *Heap) forgetSegments() {
	h.segDirty = nil
	h.segPages = h.segPages[:0]
	h.segCache = [segCacheLen]segCacheEntry{}
}

// PageObjects returns the objects of page p (nil entries are free slots).
func (h *Heap) PageObjects(p int) []Object {
	lo := p << PageShift
	hi := lo + PageSize
	if hi > h.n {
		hi = h.n
	}
	return h.pages[p][:hi-lo]
}

// Restore installs objects decoded from a dump: objs[i] is handle i.
func (h *Heap) Restore(objs []Object) {
	if len(objs) == 0 {
		objs = []Object{nil}
	}
	// The pages alias objs: grow it to whole pages (without copying when
	// the loader left room) and view each page of it as an objPage.
	n := len(objs)
	np := (n + PageSize - 1) >> PageShift
	if cap(objs) < np<<PageShift {
		objs = append(objs[:n:n], make([]Object, np<<PageShift-n)...)
	}
	objs = objs[:np<<PageShift]
	clear(objs[n:])
	h.pages = make([]*objPage, np)
	h.shared = make([]bool, np)
	for p := range h.pages {
		h.pages[p] = (*objPage)(objs[p<<PageShift:])
	}
	h.n = n
	objs = objs[:n]
	h.free = h.free[:0]
	h.strSizes = nil
	h.Bytes = 0
	for i := len(objs) - 1; i >= 1; i-- {
		if objs[i] == nil {
			h.free = append(h.free, Handle(i))
		} else {
			h.Bytes += int64(objs[i].Size())
		}
	}
	h.dirty = make([]bool, h.Pages())
	h.pristine = nil
	h.segDirty = nil
	h.segPages = h.segPages[:0]
	h.segCache = [segCacheLen]segCacheEntry{}
	h.forgetSeqs()
	h.liveAfterGC = int64(len(objs) - len(h.free))
	h.bytesAfterGC = h.Bytes
	h.sinceGC = 0
}

// SinceCollect is the growth of Bytes since the last collection.
func (h *Heap) SinceCollect() int64 { return h.Bytes - h.bytesAfterGC }

// Live is the number of live objects.
func (h *Heap) Live() int { return h.n - 1 - len(h.free) }

// ShouldCollect reports whether enough has been allocated since the last
// collection to make one worthwhile.
func (h *Heap) ShouldCollect() bool {
	// Each collection marks every live object, so waiting for twice the
	// live count of new allocations halves the marking per allocation
	// (the garbage it lets pile up is freed by the collection after).
	lim := 2 * h.liveAfterGC
	if lim < 20000 {
		lim = 20000
	}
	return h.sinceGC > lim || h.Bytes > 2*h.bytesAfterGC+(16<<20)
}

// mark returns, by handle, whether the values roots yields reach each
// object, and the count and total size of the objects reached. Sizes are
// read here, while each object is being visited, so that the sweep does
// not have to read every live object a second time.
func (h *Heap) mark(roots func(visit func(Value))) (marks []bool, live, bytes int64) {
	// The buffer reaches to the end of the last page, cleared, so that
	// the sweep may view each page's marks as a whole array (see
	// sweepPage); marks itself stops at n.
	whole := h.Pages() << PageShift
	marks = h.markBuf
	if cap(marks) < whole {
		marks = make([]bool, whole+whole/4)
	}
	clear(marks[:whole])
	marks = marks[:h.n]
	h.markBuf = marks
	m := marker{marks: marks, stack: h.markStack[:0], weak: h.weak[:0]}
	if m.stack == nil {
		m.stack = make([]Handle, 0, 256)
	}
	defer func() { h.markStack, h.weak = m.stack[:0], m.weak }()
	visit := m.visit
	roots(visit)
	for len(m.stack) > 0 {
		hd := m.stack[len(m.stack)-1]
		m.stack = m.stack[:len(m.stack)-1]
		o := h.At(hd)
		if o == nil {
			continue
		}
		live++
		// The commonest kinds are walked here rather than through Refs,
		// which calls visit indirectly for every reference.
		switch o := o.(type) {
		case *Str:
			bytes += h.liveSize(hd, o)
			continue
		// Their Size calls are direct too.
		case *Dict:
			for i := range o.Entries {
				e := &o.Entries[i]
				m.visit(e.Key)
				m.visit(e.Val)
			}
			bytes += int64(o.Size())
		case *List:
			m.visitAll(o.Items)
			bytes += int64(o.Size())
		case *Tuple:
			m.visitAll(o.Items)
			bytes += int64(o.Size())
		case *WeakRef:
			// Not the target: a weak reference does not keep it alive.
			m.visit(o.Callback)
			m.weak = append(m.weak, hd)
			bytes += int64(o.Size())
		default:
			o.Refs(visit)
			bytes += int64(o.Size())
		}
	}
	return m.marks, live, bytes
}

// marker is mark's state: the marks so far and the objects marked but
// not yet scanned.
type marker struct {
	marks []bool
	stack []Handle
	weak  []Handle // the WeakRefs met
}

func (m *marker) visit(v Value) {
	if v.K != KRef {
		return
	}
	if hd := v.H(); int(hd) < len(m.marks) && !m.marks[hd] {
		m.marks[hd] = true
		m.stack = append(m.stack, hd)
	}
}

func (m *marker) visitAll(vs []Value) {
	for _, v := range vs {
		m.visit(v)
	}
}

// sweepPage frees the unmarked objects of page p, whose marks are marks,
// appends every free slot at or past the floor to h.free (in descending
// order) and returns the number freed. Slots past the last handle in use
// are free slots too, which Collect drops with the trailing ones. The
// page is walked directly, not through At per handle; a shared page is
// copied, once, when it has an object to free.
func (h *Heap) sweepPage(p int, marks *[PageSize]bool) int {
	lo := p << PageShift
	// Handles below the floor (and handle 0) are never freed or reused.
	start := max(int(h.floor)-lo, 1-lo, 0)
	pg := h.pages[p]
	if h.shared[p] && hasGarbage(pg, marks, start) {
		h.unshare(Handle(p))
		pg = h.pages[p]
	}
	// The loop keeps to few variables, so that they stay in registers,
	// and gathers the page's free handles in buf, indexed without a
	// bounds check (nb is at most 255 when written: a page has 256).
	var buf [PageSize]Handle
	nb, freed := 0, 0
	for j := PageSize - 1; j >= start; j-- {
		i := uint8(j) // j < PageSize, which is 256
		if o := pg[i]; o != nil {
			if marks[i] {
				continue
			}
			if b, ok := o.(*BigInt); ok {
				h.recycleBig(b)
			}
			pg[i] = nil
			freed++
		}
		buf[uint8(nb)] = Handle(lo + j)
		nb++
	}
	h.free = append(h.free, buf[:nb]...)
	if freed > 0 {
		h.dirty[p] = true
	}
	return freed
}

// hasGarbage reports whether pg has an unmarked object at or past start.
func hasGarbage(pg *objPage, marks *[PageSize]bool, start int) bool {
	for j := max(start, 0); j < PageSize; j++ {
		if pg[j] != nil && !marks[j] {
			return true
		}
	}
	return false
}

// Collect marks everything reachable from the values roots yields and
// frees the rest, except the base's handles (below the floor), which live
// forever. It returns the number of objects freed.
func (h *Heap) Collect(roots func(visit func(Value))) int {
	marks, live, bytes := h.mark(func(visit func(Value)) {
		roots(visit)
		h.baseRoots(visit)
	})
	if len(h.weak) > 0 {
		h.clearWeak(h.weak, marks)
		h.weak = h.weak[:0]
	}
	freed := 0
	// The free list is rebuilt in the same pass, in descending handle
	// order: Alloc hands slots out from its end, lowest first. The
	// base's handles (below the floor) are never freed or reused.
	h.free = h.freeBuf[:0]
	for p := h.Pages() - 1; p >= 0; p-- {
		lo := p << PageShift
		if lo+PageSize <= int(h.floor) {
			// The base's handles: never freed, never reused.
			break
		}
		freed += h.sweepPage(p, (*[PageSize]bool)(marks[lo:lo+PageSize]))
	}
	if h.bigs != nil {
		// What is asked for from now on is the next cycle's demand.
		h.bigs.newCycle()
	}
	// Segment records of freed sequences go in one pass over the few
	// records, not a map delete for every freed object of their pages.
	for hd := range h.segDirty {
		if h.At(hd) == nil {
			delete(h.segDirty, hd)
		}
	}
	for hd := range h.seqKnown {
		if h.At(hd) == nil {
			delete(h.seqKnown, hd)
		}
	}
	for i := range h.segCache {
		if c := &h.segCache[i]; c.h != 0 && h.At(c.h-1) == nil {
			*c = segCacheEntry{}
		}
	}
	// Trailing free slots shrink the heap so new objects keep fresh pages.
	n := h.n
	for n > max(1, int(h.floor)) && h.At(Handle(n-1)) == nil {
		n--
	}
	h.n = n
	h.freeBuf = h.free
	k := 0
	for k < len(h.free) && int(h.free[k]) >= n {
		k++
	}
	h.free = h.free[k:]
	pages := h.Pages()
	for p := pages; p < len(h.pages); p++ {
		h.pages[p] = nil
	}
	h.pages = h.pages[:pages]
	h.shared = h.shared[:pages]
	if pages < len(h.dirty) {
		h.dirty = h.dirty[:pages]
	}
	h.Bytes = bytes
	h.bytesAfterGC = bytes
	h.liveAfterGC = live
	h.sinceGC = 0
	return freed
}
