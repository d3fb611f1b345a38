package heap

import (
	"math/big"
	"testing"
)

// newBig stores a big int of n words, each set to fill, in h.
func newBig(h *Heap, n int, fill big.Word) (Value, *BigInt) {
	o, w := h.BigWords(n)
	for i := range w {
		w[i] = fill
	}
	o.V.SetBits(w)
	return h.Alloc(o), o
}

func TestBigWordsCapacityCoversRequest(t *testing.T) {
	h := New()
	for n := 1; n < 3000; n++ {
		_, w := h.BigWords(n)
		if len(w) != n || cap(w) < n {
			t.Fatalf("BigWords(%d): len %d cap %d", n, len(w), cap(w))
		}
	}
	for c := 4; c < 1<<16; c++ {
		if got := bigClassWords(c); got < c || bigClassWords(got) != got {
			t.Fatalf("bigClassWords(%d) = %d", c, got)
		}
		// A class's objects cover every request rounded into it.
		if cl := bigClass(c); bigClass(bigClassWords(c)) < cl {
			t.Fatalf("request %d rounds into class below capacity %d's", c, c)
		}
	}
}

func TestCollectedBigIntsAreReusedAndLiveOnesKept(t *testing.T) {
	h := New()
	live, liveObj := newBig(h, 30, 7)
	_, dead := newBig(h, 30, 9)
	h.Collect(func(visit func(Value)) { visit(live) })
	o, w := h.BigWords(30)
	if o != dead {
		t.Fatalf("the freed big int's memory was not reused")
	}
	for i := range w {
		w[i] = 1
	}
	if o == liveObj {
		t.Fatalf("a live big int was handed out again")
	}
	for _, x := range liveObj.V.Bits() {
		if x != 7 {
			t.Fatalf("the live big int changed: %v", liveObj.V.Bits())
		}
	}
}

// A cloned heap shares its objects with the clone: neither may reuse the
// memory of a big int the other can still see.
func TestClonedHeapsNeverReuseSharedBigInts(t *testing.T) {
	h := New()
	_, shared := newBig(h, 20, 5)
	c := h.Clone()
	c.Collect(func(func(Value)) {})
	if o, _ := c.BigWords(20); o == shared {
		t.Fatalf("the clone reused a big int it shares with its origin")
	}
	h.Collect(func(func(Value)) {})
	if o, _ := h.BigWords(20); o == shared {
		t.Fatalf("the origin reused a big int it shares with its clone")
	}
	// The clone's own big ints are still reused.
	_, own := newBig(c, 20, 3)
	c.Collect(func(func(Value)) {})
	if o, _ := c.BigWords(20); o != own {
		t.Fatalf("the clone did not reuse its own freed big int")
	}
}

func TestBigPoolIsBoundedAndReleased(t *testing.T) {
	h := New()
	for i := 0; i < 600; i++ {
		newBig(h, 4000, 1)
	}
	h.Collect(func(func(Value)) {})
	if h.bigs == nil || h.bigs.words == 0 {
		t.Fatalf("pool kept nothing")
	}
	if h.bigs.words > bigPoolWords {
		t.Fatalf("pool keeps %d words, bound %d", h.bigs.words, bigPoolWords)
	}
	h.ReleaseBigPool()
	if h.bigs != nil {
		t.Fatalf("pool not released")
	}
}

// A result that fitted a machine int hands its unused object back.
func TestFreeBigReturnsUnusedObject(t *testing.T) {
	h := New()
	for _, n := range []int{1, 4, 9, 40} {
		o, w := h.BigWords(n)
		h.FreeBig(o, w[:1])
		if again, _ := h.BigWords(n); again != o {
			t.Errorf("BigWords(%d) after FreeBig: a new object, want the freed one", n)
		}
	}
}

// A loop whose big ints grow asks for larger classes as it goes: once the
// pool is full of an early size nobody asks for any more, the garbage of
// the size in demand must still be kept and handed out again, and the
// pool stays within its bound.
func TestBigPoolFollowsGrowingSizes(t *testing.T) {
	h := New()
	const early, late = 1000, 3000
	for range 2 * bigPoolWords / early {
		newBig(h, early, 1)
	}
	h.Collect(func(func(Value)) {}) // the pool fills with early's class
	if h.bigs.words+late <= bigPoolWords {
		t.Fatalf("pool holds %d words, want it full", h.bigs.words)
	}
	// The program has moved on: it asks for late's class (a miss, made
	// fresh), and its garbage is of that class.
	var dead []*BigInt
	for range 10 {
		_, o := newBig(h, late, 2)
		dead = append(dead, o)
	}
	h.Collect(func(func(Value)) {})
	if h.bigs.words > bigPoolWords {
		t.Fatalf("pool keeps %d words, bound %d", h.bigs.words, bigPoolWords)
	}
	reused := 0
	for range dead {
		o, _ := h.BigWords(late)
		for _, d := range dead {
			if o == d {
				reused++
			}
		}
	}
	if reused != len(dead) {
		t.Fatalf("%d of %d freed big ints of the size in demand were handed out again", reused, len(dead))
	}
}
