// Package sdk is the Go client of Amber: durable Python sessions run by a
// server (amber serve, or AWS Lambda behind API Gateway), used the way the
// Monty and Logfire Agent Sandboxes session APIs are used, in Go.
//
// # A pool, sessions, feeds
//
// Open a pool with Dial (WebSocket), DialHTTP (the HTTP API, one POST per
// request) or InProcess (an engine in this process, for tests and
// one-machine programs), check out a session and
// feed it code. Each feed runs in the session's namespace, like a REPL,
// and every step the server runs is saved before it answers:
//
//	pool, err := sdk.Dial(ctx, "ws://127.0.0.1:8765", sdk.WithAPIKey(key))
//	defer pool.Close()
//	s, err := pool.Checkout(ctx, &sdk.CheckoutOptions{ScriptName: "agent.py"})
//	defer s.Close(ctx)
//	_, err = s.FeedRun(ctx, "total = 40", nil)
//	v, err := s.FeedRun(ctx, "total + 2", nil) // v.Go == int64(42), v.Repr == "42"
//
// # Host functions
//
// The sandbox reaches the world only through the host. FeedOptions name
// the Go functions it may call; FeedRun answers each call in the client
// and sends the result back, until the feed completes:
//
//	search := func(ctx context.Context, args []any, kw map[string]any) (any, error) {
//		return []any{"result for " + args[0].(string)}, nil
//	}
//	v, err := s.FeedRun(ctx, `search("amber")[0]`,
//		&sdk.FeedOptions{Functions: map[string]sdk.HostFunc{"search": search}})
//
// Functions in FeedOptions.Async run concurrently instead: each call is
// answered with a future at once, so `asyncio.gather` in the sandbox
// overlaps them. FeedOptions.Lookup answers reads of undefined names,
// FeedOptions.OS answers OS calls (file operations no mount serves), and
// FeedOptions.Print receives printed output as it streams in.
//
// # Mounts
//
// FeedOptions.Mounts (and LoadSnapshot's options) serve directories of
// this machine to the sandbox, where ordinary open, os and pathlib calls
// use them:
//
//	opts := &sdk.FeedOptions{Mounts: []sdk.Mount{{Path: "/data", Dir: "./local", Mode: sdk.Overlay}}}
//
// The server learns the paths and modes only; FeedRun and ResumeAuto
// answer each file operation from Dir through an os.Root, refusing "..",
// absolute paths and symlinks that lead out of it with PermissionError.
// ReadOnly mounts refuse writes on the server; ReadWrite writes reach
// Dir; Overlay writes stay in the session's state on the server, so they
// travel with dumps, loads and forks, and Dir never changes. A Go value
// implementing HostObject, handed in as an input or a result, is an object
// whose method calls are answered by its CallMethod.
//
// # Progress, by hand
//
// FeedStart stops at the first pause instead and returns a Progress:
// *FunctionCall, *NameLookup, *Futures or *Complete. It is the seeds'
// feed_start: a call of a name nothing declared pauses too, as a
// *FunctionCall, and a read of one as a *NameLookup, for the whole run
// (FeedRun raises NameError for them):
//
//	p, err := s.FeedStart(ctx, `greet(name) + "!"`, &sdk.FeedOptions{Inputs: map[string]any{"name": "Ada"}})
//	call := p.(*sdk.FunctionCall)          // Name "greet", Args ["Ada"]
//	p, err = call.Resume(ctx, "Hello Ada") // *Complete: 'Hello Ada!'
//
// Answer a pause with
// its Resume methods (Resume, ResumeError, ResumeException, ResumeFuture,
// ResumeNotHandled), or hand the rest to ResumeAuto. A progress is resumed
// once; a second time fails with ErrAlreadyResumed.
//
// # Snapshots, loads and forks
//
// Dump saves a session — idle (Session.Dump) or paused at a host call
// (Progress.Dump) — and returns the snapshot's id, opaque bytes to keep.
// A fresh session takes it back with LoadSession (idle state) or
// LoadSnapshot (a pause, to resume there, possibly days later, in another
// process). Loading one id into several sessions forks it: the branches
// share what they did not change. A session's own ID can be loaded too:
// it names the session's last committed state. Ephemeral sessions cannot
// be dumped (ErrEphemeral) and die with their connection; an id that is
// not the project's, or has expired, is ErrUnknownSession.
//
// # Hosted volumes
//
// Files that outlive sessions live in the project's volumes: a checkout
// mounts them (CheckoutOptions.Volumes, e.g. {"/data": "notes"}) and the
// sandbox uses open, os and pathlib under the path; each step reads one
// version and commits its writes with the step (ErrConflict when another
// writer changed the same file: retry). Dumps and forks do not copy
// volumes: a loaded snapshot sees their current contents. The host reads
// and writes them without running code through Pool.Volume (Files,
// ReadFile, WriteFile, AppendFile, Remove, Delete); a missing volume or
// file is ErrNotFound.
//
// # Connections that survive
//
// Every request carries a random id that is also its idempotency key.
// When a connection drops (API Gateway's 10-minute idle timeout, its
// 2-hour limit, a 410, a network cut), the pool reconnects and sends the
// requests in flight again with the same ids: the server runs each step
// once and returns the recorded reply to a resend. A step longer than the
// server's step budget replies "running" and is continued automatically.
// When a step cannot be completed after the retries (WithRetries), the
// call fails with a *ShutdownError whose Dump loads the session's last
// committed state.
//
// A Pool is safe for concurrent use; a Session serves one goroutine at a
// time, and a concurrent call fails with ErrSessionBusy. To run branches
// in parallel, fork them into sessions of their own.
//
// # Tracing
//
// Every request carries the W3C traceparent of its call's ctx (the
// OpenTelemetry span in it, through the W3C trace-context propagator), so
// the server's span of the step is a child of the caller's span and the
// step's history entry (Session.History) records the trace id.
//
// # Errors
//
// Python exceptions are *PythonError (Type, Message, Traceback), limits
// *LimitError, and the server's other refusals *Error, matched by kind
// with errors.Is: ErrUnknownSession, ErrEphemeral, ErrAlreadyResumed,
// ErrWrongLoader, ErrNotFresh, ErrQuota, ErrConflict, ErrTooLarge,
// ErrUnauthorized.
//
// # Values
//
// Python values arrive as Go values in the protocol's JSON encoding: nil,
// bool, int64 (*big.Int past ±2^53), float64, string, []byte, []any,
// map[string]any, and Tuple, Set, FrozenSet and Dict (dicts whose keys are
// not all strings); Object.Repr is the value's repr. Host values are
// encoded the same way.
package sdk
