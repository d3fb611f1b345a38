package core_test

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

// Three async host calls gathered run at the same time in Go: each waits
// until all three have started, so the feed would deadlock if they ran
// one after another.
func TestAsyncHostCallsRunConcurrently(t *testing.T) {
	var started sync.WaitGroup
	started.Add(3)
	fetch := func(args []any, _ map[string]any) (any, error) {
		started.Done()
		started.Wait()
		return "got " + args[0].(string), nil
	}
	s := core.NewSession(core.Config{})
	done := make(chan struct{})
	var out core.Object
	var err error
	go func() {
		defer close(done)
		out, err = s.FeedRun(`
import asyncio
async def main():
    return await asyncio.gather(fetch('a'), fetch('b'), fetch('c'))
asyncio.run(main())
`, &core.FeedOptions{Async: map[string]core.HostFunc{"fetch": fetch}})
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the three calls did not run concurrently")
	}
	if err != nil || out.Repr != "['got a', 'got b', 'got c']" {
		t.Fatalf("gather = %s, %v", out.Repr, err)
	}
}

func TestAsyncHostCalls(t *testing.T) {
	slow := func(args []any, _ map[string]any) (any, error) {
		time.Sleep(time.Duration(args[0].(int64)) * time.Millisecond)
		if args[0].(int64) == 13 {
			return nil, &core.Exception{Type: "ValueError", Message: "unlucky"}
		}
		return args[0], nil
	}
	// A plain host function that returns a future is async too.
	viaGo := func(args []any, _ map[string]any) (any, error) {
		return core.Go(func() (any, error) { return slow(args, nil) }), nil
	}
	for _, tc := range []struct{ name, code, want string }{
		{"results in order", "await asyncio.gather(slow(30), slow(1), slow(10))", "[30, 1, 10]"},
		{"return_exceptions", "r = await asyncio.gather(slow(5), slow(13), return_exceptions=True)\n    return [type(x).__name__ for x in r]", "['int', 'ValueError']"},
		{"exception propagates", "try:\n        await asyncio.gather(slow(5), slow(13))\n    except ValueError as e:\n        return str(e)", "'unlucky'"},
		{"direct await", "return await slow(2) + await go(3)", "5"},
		{"via Go", "await asyncio.gather(go(20), go(1))", "[20, 1]"},
		{"gather cancelled", "g = asyncio.gather(slow(200), slow(300))\n    await asyncio.sleep(0)\n    g.cancel()\n    try:\n        await g\n    except asyncio.CancelledError:\n        return 'gather cancelled'", "'gather cancelled'"},
		{"cancellation", "t = asyncio.ensure_future(slow(200))\n    await asyncio.sleep(0)\n    t.cancel()\n    try:\n        await t\n    except asyncio.CancelledError:\n        return 'cancelled'", "'cancelled'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code := tc.code
			if !strings.Contains(code, "return") {
				code = "return " + code
			}
			opts := &core.FeedOptions{
				Async:     map[string]core.HostFunc{"slow": slow},
				Functions: map[string]core.HostFunc{"go": viaGo},
			}
			if err := reprIs(core.NewSession(core.Config{}), "import asyncio\nasync def main():\n    "+code+"\nasyncio.run(main())", opts, tc.want); err != nil {
				t.Error(err)
			}
		})
	}
}

// A snapshot taken while async calls run is settled by hand after a load:
// the goroutines did not travel.
func TestAsyncFuturesAfterLoad(t *testing.T) {
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart("import asyncio\nasync def main():\n    return await asyncio.gather(f(1), f(2))\nasyncio.run(main())",
		&core.FeedOptions{Async: map[string]core.HostFunc{"f": func(a []any, _ map[string]any) (any, error) { return a[0], nil }}})
	for err == nil {
		if _, ok := p.(*core.Futures); ok {
			break
		}
		p, err = s.ResumeAuto(p)
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Dump()
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewSession(core.Config{})
	q, err := r.LoadSnapshot(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.ResumeAuto(q); !errors.Is(err, core.ErrNoAutoResume) {
		t.Errorf("ResumeAuto of restored futures: %v", err)
	}
}
