package sdk

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/functions/engine"
	"github.com/amber-sandbox/amber/infra/serve"
	"github.com/amber-sandbox/amber/internal/servetest"
)

// dialer opens a new client of one server: a new connection over
// WebSocket, a new in-process client of the same engine. A second dialer
// call is "a later process".
type dialer func(t testing.TB) *Pool

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// inProcessServer is an engine on the embedded store in a temp dir.
func inProcessServer(t testing.TB) dialer { return inProcessEngine(t, engine.Config{}) }

// inProcessEngine is an engine configured by cfg on the embedded store in
// a temp dir.
func inProcessEngine(t testing.TB, cfg engine.Config) dialer {
	e, err := engine.OpenLocal(testCtx(t), engine.LocalConfig{Dir: t.TempDir()}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = e.Close() })
	return func(t testing.TB) *Pool {
		p := InProcess(e, "default")
		t.Cleanup(func() { _ = p.Close() })
		return p
	}
}

func wsDialer(url string, opts ...Option) dialer {
	return func(t testing.TB) *Pool {
		t.Helper()
		p, err := Dial(testCtx(t), url, opts...)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = p.Close() })
		return p
	}
}

func webSocketServer(t testing.TB) dialer {
	srv, _ := servetest.Start(t, serve.Options{})
	return wsDialer(srv.URL())
}

func httpServer(t testing.TB) dialer {
	srv, _ := servetest.Start(t, serve.Options{})
	return func(t testing.TB) *Pool {
		p, err := DialHTTP(testCtx(t), srv.HTTPURL())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = p.Close() })
		return p
	}
}

var transports = []struct {
	name  string
	start func(t testing.TB) dialer
}{
	{"websocket", webSocketServer},
	{"http", httpServer},
	{"inprocess", inProcessServer},
}

func checkout(t *testing.T, p *Pool, opts *CheckoutOptions) *Session {
	t.Helper()
	s, err := p.Checkout(testCtx(t), opts)
	if err != nil {
		t.Fatalf("checkout: %v", err)
	}
	return s
}

func feed(t *testing.T, s *Session, code string, opts *FeedOptions) Object {
	t.Helper()
	v, err := s.FeedRun(testCtx(t), code, opts)
	if err != nil {
		t.Fatalf("feed %q: %v", code, err)
	}
	return v
}

// ran is a new session of p that ran code.
func ran(t *testing.T, p *Pool, code string) *Session {
	t.Helper()
	s := checkout(t, p, nil)
	feed(t, s, code, nil)
	return s
}

// loaded is a new session of p that loaded the session dump.
func loaded(t *testing.T, p *Pool, dump []byte) *Session {
	t.Helper()
	s := checkout(t, p, nil)
	if err := s.LoadSession(testCtx(t), dump); err != nil {
		t.Fatalf("load %q: %v", dump, err)
	}
	return s
}

// dumper is a Session or a Progress: what can be dumped.
type dumper interface {
	Dump(ctx context.Context) ([]byte, error)
}

func dump(t *testing.T, d dumper) []byte {
	t.Helper()
	b, err := d.Dump(testCtx(t))
	if err != nil {
		t.Fatalf("dump: %v", err)
	}
	return b
}

// wantGo feeds code and checks its value's Go form; what names the check.
func wantGo(t *testing.T, s *Session, code string, want any, what string) {
	t.Helper()
	if v := feed(t, s, code, nil); v.Go != want {
		t.Errorf("%s: %s = %s, want %v", what, code, v.Repr, want)
	}
}

// wantRepr feeds code and checks its value's repr.
func wantRepr(t *testing.T, s *Session, code, want, what string) {
	t.Helper()
	if v := feed(t, s, code, nil); v.Repr != want {
		t.Errorf("%s: %s = %s, want %s", what, code, v.Repr, want)
	}
}

func fetchFunc(calls *atomic.Int64) HostFunc {
	return func(ctx context.Context, args []any, kwargs map[string]any) (any, error) {
		if calls != nil {
			calls.Add(1)
		}
		return fmt.Sprintf("page(%v)", args[0]), nil
	}
}

// The seed documents' scenarios, each over both transports.
var scenarios = []struct {
	name string
	run  func(t *testing.T, dial dialer)
}{
	{"persist and resume in a later session", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		p1 := dial(t)
		s := checkout(t, p1, &CheckoutOptions{ScriptName: "agent.py"})
		feed(t, s, "total = 40", nil)
		id := dump(t, s)
		sessionID := s.ID()
		if err := s.Close(ctx); err != nil {
			t.Fatal(err)
		}
		_ = p1.Close()

		p2 := dial(t)
		for _, from := range [][]byte{id, []byte(sessionID)} {
			s2 := loaded(t, p2, from)
			if v := feed(t, s2, "total + 2", nil); v.Go != int64(42) || v.Repr != "42" {
				t.Errorf("after load of %q: %#v, want 42", from, v)
			}
		}
	}},
	{"checkpoint and roll back", func(t *testing.T, dial dialer) {
		p := dial(t)
		s := ran(t, p, "items = ['a']")
		cp := dump(t, s)
		feed(t, s, "items.append('oops')", nil)
		if v := feed(t, s, "items", nil); v.Repr != "['a', 'oops']" {
			t.Fatalf("before rollback: %s", v.Repr)
		}
		back := loaded(t, p, cp)
		wantRepr(t, back, "items", "['a']", "rolled back")
		// The snapshot never changes: load it again after more feeds.
		feed(t, back, "items.append('b')", nil)
		again := loaded(t, p, cp)
		wantGo(t, again, "len(items)", int64(1), "snapshot changed")
	}},
	{"fork into branches concurrently", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		p := dial(t)
		base := ran(t, p, "plan = []\nscore = 10")
		snap := dump(t, base)
		const n = 4
		results := make([]Object, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				s, err := p.Checkout(ctx, nil)
				if err != nil {
					errs[i] = err
					return
				}
				if err = s.LoadSession(ctx, snap); err != nil {
					errs[i] = err
					return
				}
				// (Scalars only: core's container repr is not yet safe
				// to run on several goroutines at once.)
				results[i], errs[i] = s.FeedRun(ctx, fmt.Sprintf("plan.append(%d)\nscore = score * %d\nf'{len(plan)}:{plan[0]}:{score}'", i, i+1), nil)
			})
		}
		wg.Wait()
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("branch %d: %v", i, errs[i])
			}
			if want := fmt.Sprintf("1:%d:%d", i, 10*(i+1)); results[i].Go != want {
				t.Errorf("branch %d: %s, want %s", i, results[i].Repr, want)
			}
		}
		wantGo(t, base, "f'{len(plan)}:{score}'", "0:10", "the forked session changed")
	}},
	{"ephemeral dump refused", func(t *testing.T, dial dialer) {
		p := dial(t)
		s := checkout(t, p, &CheckoutOptions{Ephemeral: true})
		if v := feed(t, s, "x = 1\nx + 1", nil); v.Go != int64(2) {
			t.Fatalf("ephemeral feed: %v", v.Repr)
		}
		_, err := s.Dump(testCtx(t))
		if !errors.Is(err, ErrEphemeral) || !strings.Contains(err.Error(), "this session is ephemeral, so it cannot be dumped") {
			t.Errorf("dump of an ephemeral session: %v", err)
		}
		infos, _, err := p.Snapshots(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range infos {
			if in.ID == s.ID() {
				t.Errorf("the ephemeral session is listed: %+v", in)
			}
		}
	}},
	{"unknown session", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		p := dial(t)
		for _, id := range []string{"no-such-id", "0123456789abcdef0123456789abcdef"} {
			s := checkout(t, p, nil)
			err := s.LoadSession(ctx, []byte(id))
			if !errors.Is(err, ErrUnknownSession) || !strings.Contains(err.Error(), "unknown session") {
				t.Errorf("load %q: %v, want unknown session", id, err)
			}
			_, err = s.LoadSnapshot(ctx, []byte(id), nil)
			if !errors.Is(err, ErrUnknownSession) {
				t.Errorf("load snapshot %q: %v, want unknown session", id, err)
			}
		}
	}},
	{"feed_start, function call, resume", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		s := checkout(t, dial(t), nil)
		feed(t, s, "x = 40", nil)
		p, err := s.FeedStart(ctx, "r = fetch('a', mode='fast')\nr.upper() + str(x)",
			&FeedOptions{Functions: map[string]HostFunc{"fetch": nil}})
		if err != nil {
			t.Fatal(err)
		}
		call, ok := p.(*FunctionCall)
		if !ok {
			t.Fatalf("progress %T, want *FunctionCall", p)
		}
		if call.Name != "fetch" || len(call.Args) != 1 || call.Args[0] != "a" || call.Kwargs["mode"] != "fast" {
			t.Fatalf("call %s %v %v", call.Name, call.Args, call.Kwargs)
		}
		done, err := call.Resume(ctx, "payload")
		if err != nil {
			t.Fatal(err)
		}
		c, ok := done.(*Complete)
		if !ok || c.Output.Repr != "'PAYLOAD40'" || c.Output.Go != "PAYLOAD40" {
			t.Fatalf("after resume: %#v", done)
		}
		if _, err := call.Resume(ctx, "again"); !errors.Is(err, ErrAlreadyResumed) {
			t.Errorf("second resume: %v, want ErrAlreadyResumed", err)
		}
		// An exception raised at the call is caught by the sandbox.
		p, err = s.FeedStart(ctx, "try:\n    fetch('b')\nexcept KeyError as e:\n    r = 'caught ' + str(e)\nr",
			&FeedOptions{Functions: map[string]HostFunc{"fetch": nil}})
		if err != nil {
			t.Fatal(err)
		}
		done, err = p.(*FunctionCall).ResumeException(ctx, "KeyError", "b")
		if err != nil {
			t.Fatal(err)
		}
		if c := done.(*Complete); c.Output.Repr != `"caught 'b'"` {
			t.Errorf("after ResumeException: %s", c.Output.Repr)
		}
	}},
	{"resume_auto with an external lookup", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		s := checkout(t, dial(t), nil)
		var asked []string
		opts := &FeedOptions{Lookup: func(ctx context.Context, name string) (any, bool, error) {
			asked = append(asked, name)
			if name == "budget" {
				return int64(41), true, nil
			}
			return nil, false, nil
		}}
		p, err := s.FeedStart(ctx, "budget + 1", opts)
		if err != nil {
			t.Fatal(err)
		}
		if n, ok := p.(*NameLookup); !ok || n.Name != "budget" {
			t.Fatalf("progress %#v, want NameLookup budget", p)
		}
		c, err := p.(*NameLookup).ResumeAuto(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if c.Output.Go != int64(42) {
			t.Errorf("resume_auto: %s", c.Output.Repr)
		}
		_, err = s.FeedRun(ctx, "missing", opts)
		var pe *PythonError
		if !errors.As(err, &pe) || pe.Type != "NameError" {
			t.Errorf("lookup declined: %v, want NameError", err)
		}
		if strings.Join(asked, ",") != "budget,missing" {
			t.Errorf("lookups %v", asked)
		}
	}},
	{"snapshot at a host call resumed in a fresh session", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		s := checkout(t, dial(t), &CheckoutOptions{ScriptName: "agent.py"})
		feed(t, s, "x = 40", nil)
		p, err := s.FeedStart(ctx, "r = fetch('a')\nr.upper() + str(x)", &FeedOptions{Functions: map[string]HostFunc{"fetch": nil}})
		if err != nil {
			t.Fatal(err)
		}
		snap := dump(t, p)
		// Later, in another process: load it twice, resume differently.
		later := dial(t)
		for _, answer := range []string{"payload", "other"} {
			s2 := checkout(t, later, nil)
			p2, err := s2.LoadSnapshot(ctx, snap, nil)
			if err != nil {
				t.Fatal(err)
			}
			call, ok := p2.(*FunctionCall)
			if !ok || call.Name != "fetch" || call.Args[0] != "a" {
				t.Fatalf("loaded progress %#v", p2)
			}
			done, err := call.Resume(ctx, answer)
			if err != nil {
				t.Fatal(err)
			}
			if want := "'" + strings.ToUpper(answer) + "40'"; done.(*Complete).Output.Repr != want {
				t.Errorf("resumed: %s, want %s", done.(*Complete).Output.Repr, want)
			}
		}
		// The wrong loader for the kind is refused.
		s3 := checkout(t, later, nil)
		if err := s3.LoadSession(ctx, snap); !errors.Is(err, ErrWrongLoader) {
			t.Errorf("LoadSession of a suspended snapshot: %v, want ErrWrongLoader", err)
		}
	}},
	{"session dump loaded in a fresh session and fed again", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		p := dial(t)
		s := ran(t, p, "def greet(n):\n    return 'hi ' + n\nseen = {'a'}")
		dump := dump(t, s)
		s2 := loaded(t, p, dump)
		feed(t, s2, "seen.add('b')", nil)
		v := feed(t, s2, "(greet('bo'), sorted(seen))", nil)
		if v.Repr != "('hi bo', ['a', 'b'])" {
			t.Errorf("fed again: %s", v.Repr)
		}
		if tup, ok := v.Go.(Tuple); !ok || len(tup) != 2 || tup[0] != "hi bo" {
			t.Errorf("value %#v, want a Tuple", v.Go)
		}
		// Loaders need a fresh session.
		if err := s2.LoadSession(ctx, dump); !errors.Is(err, ErrNotFresh) {
			t.Errorf("load into a used session: %v, want ErrNotFresh", err)
		}
	}},
	{"host functions, print and errors under FeedRun", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		s := checkout(t, dial(t), &CheckoutOptions{ScriptName: "agent.py"})
		var calls atomic.Int64
		var out strings.Builder
		opts := &FeedOptions{
			Functions: map[string]HostFunc{
				"fetch": fetchFunc(&calls),
				"fail": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
					return nil, &Exception{Type: "ValueError", Message: "bad input"}
				},
			},
			Print: func(stream, text string) { out.WriteString(stream + ":" + text) },
		}
		v := feed(t, s, "pages = [fetch(i) for i in range(3)]\nprint(len(pages))\npages", opts)
		if v.Repr != "['page(0)', 'page(1)', 'page(2)']" || calls.Load() != 3 {
			t.Errorf("host calls: %s after %d calls", v.Repr, calls.Load())
		}
		if out.String() != "stdout:3\n" {
			t.Errorf("printed %q", out.String())
		}
		v = feed(t, s, "try:\n    fail()\nexcept ValueError as e:\n    r = str(e)\nr", opts)
		if v.Go != "bad input" {
			t.Errorf("host exception: %s", v.Repr)
		}
		_, err := s.FeedRun(ctx, "def f():\n    return 1 / 0\nf()", nil)
		var pe *PythonError
		if !errors.As(err, &pe) || pe.Type != "ZeroDivisionError" || !strings.Contains(pe.Traceback, "agent.py") {
			t.Errorf("uncaught exception: %#v", err)
		}
		_, err = s.FeedRun(ctx, "def (:", nil)
		if !errors.As(err, &pe) || pe.Type != "SyntaxError" {
			t.Errorf("syntax error: %#v", err)
		}
		// The session goes on after errors.
		wantGo(t, s, "len(pages)", int64(3), "after errors")
	}},
	{"async host functions run concurrently", func(t *testing.T, dial dialer) {
		s := checkout(t, dial(t), nil)
		// Each call waits until all three run at once: calls answered
		// one after the other would never get there.
		var running atomic.Int64
		all := make(chan struct{})
		slow := func(ctx context.Context, args []any, kw map[string]any) (any, error) {
			if running.Add(1) == 3 {
				close(all)
			}
			select {
			case <-all:
			case <-time.After(5 * time.Second):
				return nil, &Exception{Type: "TimeoutError", Message: "the calls did not run concurrently"}
			}
			return args[0].(int64) * 10, nil
		}
		code := "import asyncio\nasync def one(i):\n    return await fetch(i)\n" +
			"async def main():\n    return await asyncio.gather(one(1), one(2), one(3))\nasyncio.run(main())"
		v := feed(t, s, code, &FeedOptions{Async: map[string]HostFunc{"fetch": slow}})
		if v.Repr != "[10, 20, 30]" {
			t.Errorf("gather: %s", v.Repr)
		}
	}},
	{"limits and large values", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		p := dial(t)
		s := checkout(t, p, &CheckoutOptions{Limits: Limits{MaxDuration: 200 * time.Millisecond}})
		_, err := s.FeedRun(ctx, "while True:\n    pass", nil)
		var le *LimitError
		if !errors.As(err, &le) || le.Kind != "duration" {
			t.Errorf("past the duration limit: %#v, want a duration LimitError", err)
		}
		s = checkout(t, p, &CheckoutOptions{Limits: Limits{MaxRecursion: 50}})
		_, err = s.FeedRun(ctx, "def f(n):\n    return f(n + 1)\nf(0)", nil)
		var pe *PythonError
		if !errors.As(err, &pe) || pe.Type != "RecursionError" {
			t.Errorf("recursion past the limit: %#v, want RecursionError", err)
		}
		// A reply over 128 KB comes in parts.
		big := checkout(t, p, nil)
		v := feed(t, big, "'ab' * 150000", nil)
		if s, _ := v.Go.(string); len(s) != 300000 {
			t.Errorf("large value: %d bytes", len(s))
		}
		// A request between API Gateway's 32 KB frame and its 128 KB
		// message limit goes through (the client sends it in frames).
		if v := feed(t, big, "len('"+strings.Repeat("z", 100000)+"')", nil); v.Go != int64(100000) {
			t.Errorf("a 100 KB request: %v", v.Repr)
		}
		// A request over 128 KB is refused before it is sent.
		_, err = big.FeedRun(ctx, "x = '"+strings.Repeat("y", 200000)+"'", nil)
		if !errors.Is(err, ErrTooLarge) && err != nil {
			t.Errorf("large request: %v", err)
		}
		wantGo(t, big, "1 + 1", int64(2), "after a large request")
	}},
	{"list and delete snapshots", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		p := dial(t)
		s := ran(t, p, "data = list(range(100))")
		id := dump(t, s)
		infos, quota, err := p.Snapshots(ctx)
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]string{}
		for _, in := range infos {
			kinds[in.ID] = in.Kind
		}
		if kinds[string(id)] != "session_dump" || kinds[s.ID()] != "session" || quota == nil {
			t.Errorf("snapshots %+v, quota %v: want the dump and the session", infos, quota)
		}
		if err := p.DeleteSnapshot(ctx, id); err != nil {
			t.Fatal(err)
		}
		if err := checkout(t, p, nil).LoadSession(ctx, id); !errors.Is(err, ErrUnknownSession) {
			t.Errorf("load of a deleted snapshot: %v, want unknown session", err)
		}
	}},
	{"values both ways", func(t *testing.T, dial dialer) {
		s := checkout(t, dial(t), nil)
		big := new(big.Int).Lsh(big.NewInt(1), 100)
		for _, tc := range []struct {
			code string
			want any
		}{
			{"None", nil},
			{"True", true},
			{"2 ** 40", int64(1 << 40)},
			{"2 ** 100", big},
			{"1.5", 1.5},
			{"'hé'", "hé"},
			{"b'ab'", []byte("ab")},
			{"[1, 'a']", []any{int64(1), "a"}},
			{"(1, 'a')", Tuple{int64(1), "a"}},
			{"{3}", Set{int64(3)}},
			{"frozenset({4})", FrozenSet{int64(4)}},
			{"{'k': 1}", map[string]any{"k": int64(1)}},
			{"{1: 'a'}", Dict{{Key: int64(1), Value: "a"}}},
		} {
			v := feed(t, s, tc.code, nil)
			if !reflect.DeepEqual(v.Go, tc.want) {
				t.Errorf("%s: %#v, want %#v", tc.code, v.Go, tc.want)
			}
			// Back in as an input, it is the same Python value.
			same := feed(t, s, "x == ("+tc.code+")", &FeedOptions{Inputs: map[string]any{"x": v.Go}})
			if same.Go != true {
				t.Errorf("%s does not round-trip as an input", tc.code)
			}
		}
		wantRepr(t, s, "2 ** 100", "1267650600228229401496703205376", "repr")
	}},
	{"one session, two goroutines", func(t *testing.T, dial dialer) {
		ctx := testCtx(t)
		s := checkout(t, dial(t), nil)
		started := make(chan struct{})
		release := make(chan struct{})
		errc := make(chan error, 1)
		go func() {
			_, err := s.FeedRun(ctx, "wait()", &FeedOptions{Functions: map[string]HostFunc{
				"wait": func(ctx context.Context, args []any, kw map[string]any) (any, error) {
					close(started)
					<-release
					return nil, nil
				}}})
			errc <- err
		}()
		<-started
		if _, err := s.FeedRun(ctx, "1", nil); !errors.Is(err, ErrSessionBusy) {
			t.Errorf("second goroutine: %v, want ErrSessionBusy", err)
		}
		if _, err := s.Dump(ctx); !errors.Is(err, ErrSessionBusy) {
			t.Errorf("dump from a second goroutine: %v, want ErrSessionBusy", err)
		}
		close(release)
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
		wantGo(t, s, "1", int64(1), "after")
	}},
}

func TestSeedScenarios(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr.name, func(t *testing.T) {
			for _, sc := range scenarios {
				t.Run(sc.name, func(t *testing.T) {
					sc.run(t, tr.start(t))
				})
			}
		})
	}
}
