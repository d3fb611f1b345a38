package sdk_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/sdk"
)

// localEngine is an engine on a fresh temporary folder, as amber serve
// runs one on its data folder; closeEngine closes it and removes the folder.
func localEngine(ctx context.Context) (e *engine.Engine, closeEngine func()) {
	dir, err := os.MkdirTemp("", "amber-example")
	if err != nil {
		panic(err)
	}
	e, err = engine.OpenLocal(ctx, engine.LocalConfig{Dir: dir}, engine.Config{})
	if err != nil {
		os.RemoveAll(dir)
		panic(err)
	}
	return e, func() {
		e.Close()
		os.RemoveAll(dir)
	}
}

// localSession is a session in a pool on a localEngine; closeAll closes
// all three.
func localSession(ctx context.Context) (*sdk.Pool, *sdk.Session, func()) {
	e, closeEngine := localEngine(ctx)
	pool := sdk.InProcess(e, "default")
	s, err := pool.Checkout(ctx, nil)
	if err != nil {
		closeEngine()
		panic(err)
	}
	return pool, s, func() {
		_ = s.Close(ctx)
		_ = pool.Close()
		closeEngine()
	}
}

// The seed documents' first example in Go: persist in one session, resume
// in a later one. Here the pool runs an engine in this process; with amber
// serve running, sdk.Dial(ctx, "ws://127.0.0.1:8765") gives the same pool
// over WebSocket.
func Example() {
	ctx := context.Background()
	e, closeEngine := localEngine(ctx)
	defer closeEngine()

	// One process: compute, save.
	pool := sdk.InProcess(e, "default")
	s, err := pool.Checkout(ctx, &sdk.CheckoutOptions{ScriptName: "agent.py"})
	if err != nil {
		panic(err)
	}
	if _, err := s.FeedRun(ctx, "total = 40", nil); err != nil {
		panic(err)
	}
	saved, err := s.Dump(ctx)
	if err != nil {
		panic(err)
	}
	_ = s.Close(ctx)
	_ = pool.Close()

	// Later, anywhere: load and go on.
	later := sdk.InProcess(e, "default")
	defer later.Close()
	s2, err := later.Checkout(ctx, nil)
	if err != nil {
		panic(err)
	}
	if err := s2.LoadSession(ctx, saved); err != nil {
		panic(err)
	}
	v, err := s2.FeedRun(ctx, "total + 2", nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(v.Repr)
	// Output: 42
}

// Host functions are Go functions: FeedRun answers every call in the
// client until the feed completes.
func ExampleSession_FeedRun() {
	ctx := context.Background()
	_, s, closeAll := localSession(ctx)
	defer closeAll()

	search := func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
		return []any{"amber: " + strings.ToUpper(args[0].(string))}, nil
	}
	v, err := s.FeedRun(ctx, "hits = search('sandboxes')\nprint(len(hits), 'hit')\nhits[0]", &sdk.FeedOptions{
		Functions: map[string]sdk.HostFunc{"search": search},
		Print:     func(stream, text string) { fmt.Print(text) },
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(v.Go)
	// Output:
	// 1 hit
	// amber: SANDBOXES
}

// FeedStart stops at the first host call; the pause can be dumped, and
// resumed in a fresh session — in another process, days later.
func ExampleSession_FeedStart() {
	ctx := context.Background()
	pool, s, closeAll := localSession(ctx)
	defer closeAll()

	p, err := s.FeedStart(ctx, "r = fetch('a')\nr.upper()", &sdk.FeedOptions{
		Functions: map[string]sdk.HostFunc{"fetch": nil}, // declared, answered by hand
	})
	if err != nil {
		panic(err)
	}
	call := p.(*sdk.FunctionCall)
	fmt.Println(call.Name, call.Args)
	snap, err := call.Dump(ctx)
	if err != nil {
		panic(err)
	}

	s2, err := pool.Checkout(ctx, nil)
	if err != nil {
		panic(err)
	}
	p2, err := s2.LoadSnapshot(ctx, snap, nil)
	if err != nil {
		panic(err)
	}
	done, err := p2.(*sdk.FunctionCall).Resume(ctx, "payload")
	if err != nil {
		panic(err)
	}
	fmt.Println(done.(*sdk.Complete).Output.Repr)
	// Output:
	// fetch [a]
	// 'PAYLOAD'
}
