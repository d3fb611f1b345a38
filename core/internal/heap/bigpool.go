package heap

import (
	"math/big"
	"math/bits"
)

// Big-int arithmetic makes a new object for every result, and a loop of
// big-int arithmetic makes nearly all of them garbage at once: in
// x = (x * 31 + i) // 7, four of the five results die on the next line.
// Asking Go for fresh memory for each (and having Go's collector find it
// dead again) cost more than the arithmetic itself. The heap's own
// collector knows exactly which of them died, so it keeps them here, by
// capacity, and BigWords hands their memory to the next results.
//
// Only big ints this heap made through BigWords are kept (owner), and
// only while no clone can share them: a heap that has been cloned keeps
// nothing, since its objects are shared with the clones.

// bigPoolClasses is the number of capacity classes: four a doubling,
// from 4 words to just under 1<<16.
const bigPoolClasses = 4 * 14

// bigPoolWords bounds the words the pool keeps (8 MB): enough for the
// garbage of a collection cycle of mid-sized big ints, and released with
// ReleaseBigPool when a run ends.
const bigPoolWords = 1 << 21

// A big int result's words share its object's allocation when they fit
// one of these boxes (a BigInt is 40 bytes): one allocation per result
// instead of two.
type (
	bigBox4 struct {
		o BigInt
		w [4]big.Word
	}
	bigBox12 struct {
		o BigInt
		w [12]big.Word
	}
)

type bigPool struct {
	free  [bigPoolClasses][]*BigInt
	words int
	// asked is, per class, the last collection cycle in which a result
	// of that class was asked for: a full pool makes room for a class in
	// demand by dropping the entries of the class asked for least
	// recently. Without it the pool filled with the sizes of a loop's
	// early results and refused the ones it made later (a loop's big ints
	// grow: Fibonacci's by a word every hundred additions), so nearly
	// every result came from Go again.
	asked [bigPoolClasses]uint32
	cycle uint32
}

// bigClassWords rounds n up to a class's capacity: a multiple of a
// quarter of the power of two at or below n, so that a class's objects
// fit every request rounded into it and waste under a quarter.
func bigClassWords(n int) int {
	if n <= 4 {
		return 4
	}
	step := 1 << (bits.Len(uint(n)) - 3)
	return (n + step - 1) &^ (step - 1)
}

// bigClass is the class of capacity c >= 4: the largest class whose
// capacity c covers.
func bigClass(c int) int {
	k := bits.Len(uint(c)) - 1
	return (k-2)*4 + (c>>(k-2))&3
}

// BigWords returns a big int object for this heap and n words for its
// magnitude, whose contents are unspecified: the caller writes them all
// (or uses them as capacity), then sets the object's V from them.
func (h *Heap) BigWords(n int) (*BigInt, []big.Word) {
	c := n
	switch {
	case n <= 4:
		c = 4
	case n <= 12:
		c = 12
	default:
		c = bigClassWords(n)
	}
	if p := h.bigs; p != nil {
		if cl := bigClass(c); cl < bigPoolClasses {
			p.asked[cl] = p.cycle
			if l := p.free[cl]; len(l) > 0 {
				b := l[len(l)-1]
				l[len(l)-1] = nil
				p.free[cl] = l[:len(l)-1]
				w := b.V.Bits()
				p.words -= cap(w)
				return b, w[:n:cap(w)]
			}
		}
	}
	switch c {
	case 4:
		b := &bigBox4{o: BigInt{owner: h}}
		return &b.o, b.w[:n]
	case 12:
		b := &bigBox12{o: BigInt{owner: h}}
		return &b.o, b.w[:n]
	}
	return &BigInt{owner: h}, make([]big.Word, n, c)
}

// FreeBig returns b and w, an object and its words from BigWords that
// the caller did not store (the result fitted a machine int), to the
// pool.
func (h *Heap) FreeBig(b *BigInt, w []big.Word) {
	b.V.SetBits(w[:0])
	h.recycleBig(b)
}

// recycleBig keeps b, which nothing refers to any more, if it is one of
// this heap's own and there is room.
func (h *Heap) recycleBig(b *BigInt) {
	if b.owner != h || h.cloned.Load() {
		return
	}
	w := b.V.Bits()
	c := cap(w)
	if c < 4 {
		return
	}
	cl := bigClass(c)
	if cl >= bigPoolClasses {
		return
	}
	p := h.bigs
	if p == nil {
		// Made on first use: most sessions never free a big int, and
		// the classes' table would add to every new heap.
		p = new(bigPool)
		h.bigs = p
	}
	if p.words+c > bigPoolWords && !p.makeRoom(cl, c) {
		return
	}
	b.V.SetBits(w[:0])
	p.free[cl] = append(p.free[cl], b)
	p.words += c
}

// makeRoom drops the entries of classes asked for less recently than cl,
// a whole class at a time (what nobody asked for in a cycle is stale as a
// whole), until c more words fit, and reports whether they do.
func (p *bigPool) makeRoom(cl, c int) bool {
	for p.words+c > bigPoolWords {
		victim := -1
		for v := range p.free {
			if v != cl && len(p.free[v]) > 0 && p.asked[v] < p.asked[cl] && (victim < 0 || p.asked[v] < p.asked[victim]) {
				victim = v
			}
		}
		if victim < 0 {
			return false
		}
		for i, b := range p.free[victim] {
			p.words -= cap(b.V.Bits())
			p.free[victim][i] = nil
		}
		p.free[victim] = p.free[victim][:0]
	}
	return true
}

// newCycle starts a collection cycle of the pool's demand record.
func (p *bigPool) newCycle() { p.cycle++ }

// ReleaseBigPool lets Go have the pool's memory back, for a heap about
// to sit idle between runs.
func (h *Heap) ReleaseBigPool() { h.bigs = nil }
