package engine

import (
	"bytes"
	"context"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the concurrent writes of a logger.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestAdmissionTakesProjectsInTurn: with the process full, a freed slot
// goes to the waiting project with the fewest steps running, so a
// project's queue of many steps does not delay another project's one;
// per-project caps hold; a waiter whose context ends leaves the queue.
func TestAdmissionTakesProjectsInTurn(t *testing.T) {
	a := newAdmission(2)
	ctx := context.Background()
	enter := func(p string, limit int) chan func() {
		ch := make(chan func(), 1)
		ready := make(chan struct{})
		go func() {
			close(ready)
			exit, err := a.enter(ctx, p, limit)
			if err != nil {
				t.Error(err)
			}
			ch <- exit
		}()
		<-ready
		return ch
	}
	waitQueued := func(n int) {
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
			a.mu.Lock()
			q := 0
			for _, w := range a.queues {
				q += len(w)
			}
			a.mu.Unlock()
			if q == n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d waiting, want %d", q, n)
			}
		}
	}
	a1, a2 := <-enter("a", 2), <-enter("a", 2)
	var queuedA []chan func()
	for range 3 {
		queuedA = append(queuedA, enter("a", 2))
		waitQueued(len(queuedA))
	}
	b := enter("b", 2)
	waitQueued(4)
	a1()
	select {
	case exit := <-b:
		exit()
	case <-time.After(5 * time.Second):
		t.Fatal("b was not admitted first")
	}
	// b's slot goes back to a's queue, one at a time.
	first := <-queuedA[0]
	a2()
	second := <-queuedA[1]
	select {
	case <-queuedA[2]:
		t.Fatal("a ran three steps under a cap of two")
	case <-time.After(50 * time.Millisecond):
	}
	first()
	(<-queuedA[2])()
	second()

	// A waiter whose context ends is dropped.
	x := <-enter("x", 1)
	cctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := a.enter(cctx, "x", 1); err == nil {
		t.Fatal("entered past the cap")
	}
	x()
	(<-enter("x", 1))()
	if a.total != 0 || len(a.running) != 0 || len(a.turn) != 0 {
		t.Errorf("left over: total %d running %v turn %v", a.total, a.running, a.turn)
	}
}

// TestMemBudgetGrants: a step gets its limit when the budget has it, at
// most half while others hold grants, what is left when that is enough,
// and waits (until its context ends) when not even its need is left.
func TestMemBudgetGrants(t *testing.T) {
	const total = 1700 << 20 // stepCost(800 MB) = 1700 MB
	b := newMemBudget(total)
	ctx := context.Background()
	g1, r1, err := b.acquire(ctx, 2<<30, 16<<20)
	if err != nil || g1 != 800<<20 {
		t.Fatalf("alone: grant %d MB %v, want the whole budget's 800 MB", g1>>20, err)
	}
	cctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, _, err := b.acquire(cctx, 100<<20, 16<<20); err == nil {
		t.Fatal("a grant past the budget")
	}
	r1()
	g2, r2, _ := b.acquire(ctx, 100<<20, 16<<20)
	g3, r3, _ := b.acquire(ctx, 2<<30, 16<<20)
	if g2 != 100<<20 || g3 != grantFor(total/2) {
		t.Errorf("grants %d MB and %d MB, want 100 MB and half the budget's %d MB", g2>>20, g3>>20, grantFor(total/2)>>20)
	}
	r2()
	r2() // once only
	r3()
	if b.inUse() != 0 || b.holders != 0 {
		t.Errorf("in use %d by %d holders after every release", b.inUse(), b.holders)
	}
	if _, _, err := newMemBudget(10<<20).acquire(ctx, 1<<30, 64<<20); err == nil {
		t.Error("a need over the whole budget should fail at once")
	}
}
