package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// Session is a durable Python namespace on the server: feeds run in it one
// after another, like a REPL, and its state after every step is saved. It
// is for one goroutine at a time: a call made while another call on the
// session (or on one of its progresses) runs fails with ErrSessionBusy.
type Session struct {
	pool      *Pool
	id        string
	ephemeral bool

	busy   atomic.Bool
	closed bool
	// gen counts the session's steps; a progress is live while its gen
	// is the session's.
	gen  int64
	opts *FeedOptions // hooks of the feed in progress

	fmu     sync.Mutex
	futures map[int64]*future // host calls answered with a future by ResumeAuto
	settled chan struct{}     // signalled when a future settles

	objects map[int64]HostObject // host objects handed in, by object id
	objIDs  map[HostObject]int64
	objBase int64
}

// ID is the session's id. LoadSession of it (as []byte) in a fresh
// session forks the session's last committed state.
func (s *Session) ID() string { return s.id }

// acquire marks the session busy for one call.
func (s *Session) acquire() error {
	if !s.busy.CompareAndSwap(false, true) {
		return ErrSessionBusy
	}
	if s.closed {
		s.busy.Store(false)
		return ErrClosed
	}
	return nil
}

func (s *Session) release() { s.busy.Store(false) }

// HostFunc is a host function the sandbox can call by name. It runs in
// the client, under the ctx of the SDK call that answers it. A returned
// *Exception raises that exception in the sandbox; any other error raises
// RuntimeError with its message.
type HostFunc func(ctx context.Context, args []any, kwargs map[string]any) (any, error)

// LookupFunc supplies names the sandbox reads but never defined: ok=false
// raises NameError.
type LookupFunc func(ctx context.Context, name string) (v any, ok bool, err error)

// OSFunc answers an OS call the sandbox makes on the program's behalf (a
// file operation not served by a mount): op is the operation's name
// ("open", "listdir", "stat", ...) and args its plain arguments. Returning
// ErrNotHandled makes the sandbox see the error CPython would raise
// (PermissionError or FileNotFoundError).
type OSFunc func(ctx context.Context, op string, args []any, kwargs map[string]any) (any, error)

// ErrNotHandled, returned by an OSFunc, declines the call.
var ErrNotHandled = errors.New("sdk: not handled")

// FeedOptions are a feed's inputs and the host's answers to its calls.
type FeedOptions struct {
	// Inputs are bound as globals before the feed runs. A value that
	// implements HostObject is handed in as a host object.
	Inputs map[string]any
	// Functions are the host functions the sandbox may call. FeedRun and
	// ResumeAuto call them one at a time, in the client.
	Functions map[string]HostFunc
	// Async are host functions whose calls run concurrently: FeedRun and
	// ResumeAuto answer each call with a future at once and run the
	// function in its own goroutine, and when every sandbox task awaits
	// such futures they settle the ones that finished, together. Use them
	// for I/O that `asyncio.gather` should overlap.
	Async map[string]HostFunc
	// Lookup, if set, answers reads of undefined names (otherwise they
	// raise NameError at once).
	Lookup LookupFunc
	// OS answers OS calls outside Mounts; nil declines them all.
	OS OSFunc
	// Mounts serve directories of this machine to the sandbox (see
	// Mount). FeedRun and ResumeAuto answer their file operations.
	Mounts []Mount
	// Print receives the sandbox's output as it arrives; stream is
	// "stdout" or "stderr". It runs on the connection's reader, so it
	// should return quickly.
	Print func(stream, text string)
}

func (o *FeedOptions) names() []string {
	if o == nil {
		return nil
	}
	var ns []string
	for n := range o.Functions {
		ns = append(ns, n)
	}
	for n := range o.Async {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

func (o *FeedOptions) onEvent() func(protocol.Event) {
	if o == nil || o.Print == nil {
		return nil
	}
	return func(e protocol.Event) {
		if e.Event == "print" {
			o.Print(e.Stream, e.Text)
		}
	}
}

// step sends one step request and follows `running` replies with
// `continue` until the step settles. A step whose reply never came back
// is a *ShutdownError.
func (s *Session) step(ctx context.Context, req *protocol.Request) (*protocol.Reply, error) {
	s.gen++
	req.Session = s.id
	req.Mounts = s.opts.wireMounts() // every request of the run carries them
	onEvent := s.opts.onEvent()
	r, err := s.pool.call(ctx, req, onEvent)
	for {
		if err != nil {
			if errors.Is(err, ErrClosed) {
				return nil, err
			}
			return nil, &ShutdownError{Dump: []byte(s.id), Err: err}
		}
		if !r.OK && r.Error != nil {
			return nil, fromProtocol(r.Error)
		}
		if r.Progress != protocol.ProgressRunning {
			return r, nil
		}
		r, err = s.pool.call(ctx, &protocol.Request{Op: protocol.OpContinue, Session: s.id, Mounts: req.Mounts}, onEvent)
	}
}

// simple sends a request that is not a step and checks its reply.
func (s *Session) simple(ctx context.Context, req *protocol.Request) (*protocol.Reply, error) {
	req.Session = s.id
	return s.pool.do(ctx, req)
}

// FeedStart runs code until it completes or pauses for the host, and
// returns the progress: a *FunctionCall, *NameLookup, *Futures or
// *Complete. A step longer than the server's step budget continues by
// itself. An uncaught exception is a *PythonError.
//
// For the whole run (its resumes, and a snapshot dumped in it and loaded
// elsewhere), a call of a name nothing defines pauses as a *FunctionCall
// and a read of one as a *NameLookup, whether opts declares them or not:
// FeedStart(ctx, `greet(name) + "!"`, inputs name "Ada") pauses at
// greet("Ada"). ResumeAuto answers them with opts' functions and lookup,
// and NameError for the rest.
func (s *Session) FeedStart(ctx context.Context, code string, opts *FeedOptions) (Progress, error) {
	if err := s.acquire(); err != nil {
		return nil, err
	}
	defer s.release()
	return s.feedLocked(ctx, code, opts, true)
}

func (s *Session) feedLocked(ctx context.Context, code string, opts *FeedOptions, start bool) (Progress, error) {
	req := &protocol.Request{Op: protocol.OpFeed, Code: code, Functions: opts.names(), Start: start}
	if opts != nil {
		if err := checkMounts(opts.Mounts); err != nil {
			return nil, err
		}
		req.Lookup = opts.Lookup != nil
		if len(opts.Inputs) > 0 {
			req.Inputs = map[string]json.RawMessage{}
			for k, v := range opts.Inputs {
				raw, err := s.encode(v)
				if err != nil {
					return nil, fmt.Errorf("sdk: input %q: %w", k, err)
				}
				req.Inputs[k] = raw
			}
		}
	}
	s.opts = opts
	r, err := s.step(ctx, req)
	if err != nil {
		return nil, err
	}
	return s.progress(r)
}

// FeedRun runs code to completion and returns the value of its trailing
// expression (None if it has none). Host function calls, name lookups and
// OS calls are answered with opts, in the client, as ResumeAuto does; a
// name that neither the inputs, opts' functions nor its lookup provide
// raises NameError.
func (s *Session) FeedRun(ctx context.Context, code string, opts *FeedOptions) (Object, error) {
	if err := s.acquire(); err != nil {
		return Object{}, err
	}
	defer s.release()
	p, err := s.feedLocked(ctx, code, opts, false)
	if err != nil {
		return Object{}, err
	}
	c, err := s.autoLocked(ctx, p)
	if err != nil {
		return Object{}, err
	}
	return c.Output, nil
}

// Dump saves the idle session's state as a snapshot and returns its id,
// opaque bytes to keep (for days) and pass to LoadSession. A session
// paused at a host call is dumped with the progress's Dump. Dumps of an
// ephemeral session fail with ErrEphemeral.
func (s *Session) Dump(ctx context.Context) ([]byte, error) {
	if err := s.acquire(); err != nil {
		return nil, err
	}
	defer s.release()
	return s.dumpLocked(ctx)
}

func (s *Session) dumpLocked(ctx context.Context) ([]byte, error) {
	r, err := s.simple(ctx, &protocol.Request{Op: protocol.OpDump})
	if err != nil {
		return nil, err
	}
	return []byte(r.Snapshot), nil
}

// LoadSession replaces this fresh session's state with a session dump
// (an id from Session.Dump or Complete.Dump) or with another session's
// last committed state (its ID). Loading one id into many sessions forks
// it: each goes on independently.
func (s *Session) LoadSession(ctx context.Context, id []byte) error {
	if err := s.acquire(); err != nil {
		return err
	}
	defer s.release()
	s.gen++
	_, err := s.simple(ctx, &protocol.Request{Op: protocol.OpLoadSession, Snapshot: string(id)})
	return err
}

// LoadSnapshot replaces this fresh session's state with a snapshot taken
// at a host call (a progress's Dump) and returns that progress, to resume
// here. opts gives the host's functions and hooks for the rest of the
// run: Go values handed in before the dump did not travel.
func (s *Session) LoadSnapshot(ctx context.Context, id []byte, opts *FeedOptions) (Progress, error) {
	if err := s.acquire(); err != nil {
		return nil, err
	}
	defer s.release()
	if opts != nil {
		if err := checkMounts(opts.Mounts); err != nil {
			return nil, err
		}
	}
	s.opts = opts
	r, err := s.step(ctx, &protocol.Request{Op: protocol.OpLoadSnapshot, Snapshot: string(id)})
	if err != nil {
		return nil, err
	}
	return s.progress(r)
}

// StepStats measure one committed step.
type StepStats = protocol.StepStats

// History returns the session's most recent committed steps.
func (s *Session) History(ctx context.Context) ([]StepStats, error) {
	if err := s.acquire(); err != nil {
		return nil, err
	}
	defer s.release()
	r, err := s.simple(ctx, &protocol.Request{Op: protocol.OpHistory})
	if err != nil {
		return nil, err
	}
	return r.Steps, nil
}

// Close ends the session. Its last committed state stays loadable by ID
// until it expires (an ephemeral session's is deleted).
func (s *Session) Close(ctx context.Context) error {
	if err := s.acquire(); err != nil {
		if errors.Is(err, ErrClosed) {
			return nil
		}
		return err
	}
	defer s.release()
	_, err := s.simple(ctx, &protocol.Request{Op: protocol.OpClose})
	s.closed = true
	return err
}
