package serve_test

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// TestProcessMemoryBudget: the sessions of one server together stay under
// its memory budget. The budget here comes from GOMEMLIMIT (1800 MiB,
// less 64 MB of cache, three quarters of it: about 1.37 GB) and the
// sessions' own ceiling is far above it (4 GB), so only the budget stands
// between a session and the machine: `l = ['a'*10**9, 'b'*10**9,
// 'c'*10**9]` with no limits ends with MemoryError (limit), committed,
// and the other sessions of both projects go on.
//
// The budget bounds what steps hold live; the process's memory is bounded
// by GOMEMLIMIT, which on Lambda is 90% of the instance's memory
// (functions/handler). Between the two is the collector's headroom: a hog
// that failed leaves its objects as garbage, and while the next hogs grow
// Go may collect it only when the heap nears GOMEMLIMIT (seen: a peak of
// 1,310 MB in two runs of three, 1,777 MB in the third). So the peak RSS
// must stay under GOMEMLIMIT plus the memory Go's limit does not cover
// promptly (the binary's text, C stacks, pages not yet returned): 64 MB.
func TestProcessMemoryBudget(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/PID/status")
	}
	const gomemlimit = 1800 << 20
	budget := engine.DefaultMemoryBudget(gomemlimit, 64<<20)
	srv := startChild(t, childConfig{
		Keys:       map[string]string{"key-a": "a", "key-b": "b"},
		Ceilings:   engine.Ceilings{MaxMemory: 4 << 30},
		CacheBytes: 64 << 20,
	}, "GOMEMLIMIT=1800MiB")
	a, err := tryDial(t, srv.url(), keyHeader("key-a"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := tryDial(t, srv.url(), keyHeader("key-b"))
	if err != nil {
		t.Fatal(err)
	}
	witnesses := []*counter{newCounter(a), newCounter(b)}
	for _, w := range witnesses {
		w.step(t)
	}

	hog := a.checkout(protocol.Request{})
	a.expect(hog, "keep = 'still here'\nlen(keep)", "10", "keep")
	req := feedReq(hog, "l = ['a'*10**9, 'b'*10**9, 'c'*10**9]")
	rep := a.fail(req, protocol.KindLimit)
	if rep.Error.Type != "memory" {
		t.Fatalf("error %+v, want a memory limit", rep.Error)
	}
	t.Logf("the hog's error: %s", rep.Error.Message)
	if again := a.fail(req, protocol.KindLimit); again.Error.Message != rep.Error.Message {
		t.Errorf("the retry got %q, not the committed %q", again.Error.Message, rep.Error.Message)
	}

	// A hog that grows in steps of 10 MB until its memory ends: it stops
	// with the limit, and what it built is garbage once it has.
	grower := a.checkout(protocol.Request{})
	grow := "def grow(n):\n    l = []\n    while True:\n        l.append(str(len(l)) * n)\n"
	a.expect(grower, grow+"1", "1", "defining grow")
	rep = a.fail(feedReq(grower, "grow(10**7)"), protocol.KindLimit)
	if rep.Error.Type != "memory" {
		t.Fatalf("the grower: %+v", rep.Error)
	}

	// Two hogs of both projects at once: each gets part of the budget,
	// neither takes the server down, and a small step of each project
	// still runs meanwhile.
	var wg sync.WaitGroup
	errs := make([]*protocol.Error, 2)
	for i, c := range []*client{a, b} {
		s := c.checkout(protocol.Request{})
		c.expect(s, grow+"1", "1", "defining grow")
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = c.do(feedReq(s, "grow(5 * 10**6)")).Error
		}()
	}
	wg.Wait()
	for i, e := range errs {
		if e == nil || e.Kind != protocol.KindLimit || e.Type != "memory" {
			t.Errorf("concurrent hog %d: %v, want a memory limit", i, e)
		}
	}

	peak := srv.peakRSS(t)
	t.Logf("peak RSS %d MB, budget %d MB (GOMEMLIMIT 1800 MiB)", peak>>20, budget>>20)
	if margin := int64(64 << 20); peak > gomemlimit+margin {
		t.Errorf("peak RSS %d MB is over GOMEMLIMIT %d MB + %d MB", peak>>20, gomemlimit>>20, margin>>20)
	}
	a.expect(hog, "keep", `"still here"`, "the hog's other globals")
	a.expect(grower, "grow.__name__", `"grow"`, "the grower's function")
	for _, w := range witnesses {
		w.step(t)
	}
	_ = fmt.Sprint
}
