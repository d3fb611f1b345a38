package core_test

import (
	"fmt"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// Helpers shared by the package's tests: the steps most tests take
// (feed, dump and load, run a host's futures) fail the test on error so
// each test reads as the scenario it checks.

// feed runs code in s and fails the test on error.
func feed(t *testing.T, s *core.Session, code string, opts *core.FeedOptions) core.Object {
	t.Helper()
	out, err := s.FeedRun(code, opts)
	if err != nil {
		t.Fatalf("FeedRun(%q): %v", code, err)
	}
	return out
}

// restored dumps s and loads the dump into a new session made with cfg,
// as a host that keeps sessions only as dumps would.
func restored(t *testing.T, s *core.Session, cfg core.Config) *core.Session {
	t.Helper()
	b, err := s.Dump()
	if err != nil {
		t.Fatalf("dump: %v", err)
	}
	r := core.NewSession(cfg)
	if err := r.LoadSession(b); err != nil {
		t.Fatalf("load: %v", err)
	}
	return r
}

// startDumped starts code in s with the host functions fns (all answered
// by the test) and returns the first progress and its snapshot dump.
func startDumped(t *testing.T, s *core.Session, code string, fns ...string) (core.Progress, []byte) {
	t.Helper()
	opts := &core.FeedOptions{Functions: map[string]core.HostFunc{}}
	for _, f := range fns {
		opts.Functions[f] = nil
	}
	p, err := s.FeedStart(code, opts)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := p.Dump()
	if err != nil {
		t.Fatal(err)
	}
	return p, snap
}

// hostAsync gathers three awaited host calls.
const hostAsync = `
import asyncio

async def one(i):
    return await fetch(i)

async def main():
    return await asyncio.gather(one(1), one(2), one(3))

asyncio.run(main())
`

// startHostAsync starts hostAsync in s, answers every fetch with a future
// and returns the progress that follows with the fetches' call ids.
func startHostAsync(t *testing.T, s *core.Session) (core.Progress, []int64) {
	t.Helper()
	p, err := s.FeedStart(hostAsync, &core.FeedOptions{Functions: map[string]core.HostFunc{"fetch": nil}})
	var ids []int64
	for err == nil {
		fc, ok := p.(*core.FunctionCall)
		if !ok {
			break
		}
		ids = append(ids, fc.CallID)
		p, err = fc.ResumeFuture()
	}
	if err != nil {
		t.Fatal(err)
	}
	return p, ids
}

// completed fails the test unless the step that returned p and err
// completed the feed, with an output of repr want.
func completed(t *testing.T, p core.Progress, err error, want string) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := p.(*core.Complete); !ok || c.Output.Repr != want {
		t.Fatalf("progress %#v, want completion with %s", p, want)
	}
}

// reprIs runs src in s and says how its repr differs from want.
func reprIs(s *core.Session, src string, opts *core.FeedOptions, want string) error {
	got, err := s.FeedRun(src, opts)
	if err != nil {
		return err
	}
	if got.Repr != want {
		return fmt.Errorf("got %s, want %s", got.Repr, want)
	}
	return nil
}

// finishMoving answers every host call ask(x) of a run paused at p (whose
// dump is snap) with step times the call's number, each time in a new
// session loaded from the latest dump; it returns the end and the number
// of calls.
func finishMoving(t *testing.T, p core.Progress, snap []byte, step int64) (*core.Complete, int) {
	t.Helper()
	calls := 0
	for {
		if _, ok := p.(*core.FunctionCall); !ok {
			break
		}
		calls++
		var err error
		if calls > 1 {
			if snap, err = p.Dump(); err != nil {
				t.Fatal(err)
			}
		}
		if p, err = core.NewSession(core.Config{}).LoadSnapshot(snap, &core.FeedOptions{Functions: map[string]core.HostFunc{"ask": nil}}); err != nil {
			t.Fatal(err)
		}
		if p, err = p.(*core.FunctionCall).Resume(step * int64(calls)); err != nil {
			t.Fatal(err)
		}
	}
	done, ok := p.(*core.Complete)
	if !ok {
		t.Fatalf("ended with %#v", p)
	}
	return done, calls
}
