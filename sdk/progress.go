package sdk

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// Progress is where a feed stands: *FunctionCall, *NameLookup, *Futures
// or *Complete. Every progress but Complete is a pause that can be resumed
// once — with its Resume methods, or with ResumeAuto, which answers it and
// every later pause with the feed's FeedOptions — or dumped as a
// snapshot to resume later, anywhere, with LoadSnapshot.
type Progress interface {
	// Dump saves the session paused here and returns the snapshot's id.
	// A Complete dumps the idle session (a session dump).
	Dump(ctx context.Context) ([]byte, error)
	isProgress()
}

// Object is a Python value handed to the host: its Go form and its repr.
//
// Go is nil (None), bool, int64, *big.Int (ints past ±2^53), float64,
// string, []byte (bytes), []any (list), map[string]any (dict with str
// keys), Tuple, Set, FrozenSet, Dict (other keys), *Exception, a
// HostObject handed in by this client, or Opaque for values with no JSON
// form.
type Object struct {
	Go   any
	Repr string
}

// pause is what every resumable progress shares.
type pause struct {
	s   *Session
	gen int64
}

// begin claims the session for resuming this pause.
func (p *pause) begin() error {
	if err := p.s.acquire(); err != nil {
		return err
	}
	if p.gen != p.s.gen {
		p.s.release()
		return ErrAlreadyResumed
	}
	return nil
}

func (p *pause) dump(ctx context.Context) ([]byte, error) {
	if err := p.begin(); err != nil {
		if errors.Is(err, ErrAlreadyResumed) {
			return nil, fmt.Errorf("sdk: dump of a progress that was already resumed: %w", err)
		}
		return nil, err
	}
	defer p.s.release()
	return p.s.dumpLocked(ctx)
}

func (p *pause) resume(ctx context.Context, req *protocol.Request) (Progress, error) {
	if err := p.begin(); err != nil {
		return nil, err
	}
	defer p.s.release()
	return p.s.resumeLocked(ctx, req)
}

// resumeValue resumes with v, encoded, as the answer; req, if not nil,
// adds what the kind of pause needs to the request.
func (p *pause) resumeValue(ctx context.Context, v any, req func(*protocol.Request) *protocol.Request) (Progress, error) {
	raw, err := p.s.encode(v)
	if err != nil {
		return nil, err
	}
	r := &protocol.Request{ReturnValue: raw}
	if req != nil {
		r = req(r)
	}
	return p.resume(ctx, r)
}

func (p *pause) auto(ctx context.Context, self Progress) (*Complete, error) {
	if err := p.begin(); err != nil {
		return nil, err
	}
	defer p.s.release()
	return p.s.autoLocked(ctx, self)
}

func (*pause) isProgress() {}

// FunctionCall: the sandbox called a host function (or a host object's
// method, or made an OS call) and waits for its result.
type FunctionCall struct {
	pause
	Name   string
	Args   []any
	Kwargs map[string]any
	CallID int64
	// ObjectID is set for a method call on a host object (Name is the
	// method; "__call__" for calling the object itself).
	ObjectID int64
	// OSCall is the operation's name when the sandbox asks the operating
	// system (a file operation no mount serves); Name is then the same.
	OSCall string
}

// Resume returns v as the call's result and runs on to the next pause.
func (c *FunctionCall) Resume(ctx context.Context, v any) (Progress, error) {
	return c.resumeValue(ctx, v, c.req)
}

// ResumeError raises err at the call: an *Exception with its type, any
// other error as RuntimeError.
func (c *FunctionCall) ResumeError(ctx context.Context, err error) (Progress, error) {
	return c.resume(ctx, c.req(&protocol.Request{Exception: exceptionOf(err)}))
}

// ResumeException raises an exception of the builtin type typ (such as
// "ValueError") with msg at the call.
func (c *FunctionCall) ResumeException(ctx context.Context, typ, msg string) (Progress, error) {
	return c.resume(ctx, c.req(&protocol.Request{Exception: &protocol.Exception{Type: typ, Message: msg}}))
}

// ResumeFuture answers the call with a future: the sandbox goes on, can
// await it, and a later *Futures progress settles it by CallID.
func (c *FunctionCall) ResumeFuture(ctx context.Context) (Progress, error) {
	return c.resume(ctx, c.req(&protocol.Request{Future: true}))
}

// ResumeNotHandled declines the call: the sandbox sees what CPython
// would raise — NameError for a host function, the OS error
// (PermissionError, FileNotFoundError) for an OS call.
func (c *FunctionCall) ResumeNotHandled(ctx context.Context) (Progress, error) {
	return c.resume(ctx, c.req(&protocol.Request{NotHandled: true}))
}

// Dump saves the session paused at this call as a snapshot and returns
// its id: LoadSnapshot of it, in a fresh session, gives this call back to
// resume — once per load, so loading it twice forks.
func (c *FunctionCall) Dump(ctx context.Context) ([]byte, error) { return c.dump(ctx) }

// ResumeAuto answers this call and every later pause with the feed's
// FeedOptions (as FeedRun does) until the feed completes.
func (c *FunctionCall) ResumeAuto(ctx context.Context) (*Complete, error) { return c.auto(ctx, c) }

func (c *FunctionCall) req(r *protocol.Request) *protocol.Request {
	id := c.CallID
	r.CallID = &id
	return r
}

// NameLookup: the sandbox read a name nobody defined (or, with ObjectID
// set, a host object's lazy attribute).
type NameLookup struct {
	pause
	Name     string
	ObjectID int64
}

// Resume binds the name to v and runs on.
func (n *NameLookup) Resume(ctx context.Context, v any) (Progress, error) {
	return n.resumeValue(ctx, v, nil)
}

// ResumeUndefined raises NameError (AttributeError for an attribute).
func (n *NameLookup) ResumeUndefined(ctx context.Context) (Progress, error) {
	return n.resume(ctx, &protocol.Request{NotHandled: true})
}

// ResumeNotHandled is ResumeUndefined.
func (n *NameLookup) ResumeNotHandled(ctx context.Context) (Progress, error) {
	return n.ResumeUndefined(ctx)
}

// Dump saves the session paused at this lookup as a snapshot.
func (n *NameLookup) Dump(ctx context.Context) ([]byte, error) { return n.dump(ctx) }

// ResumeAuto answers with the feed's Lookup and runs on to completion.
func (n *NameLookup) ResumeAuto(ctx context.Context) (*Complete, error) { return n.auto(ctx, n) }

// Futures: every sandbox task awaits host futures; CallIDs are those not
// settled yet.
type Futures struct {
	pause
	CallIDs []int64
}

// Resume settles futures by call id: a value, or an error (an *Exception
// with its type, any other error as RuntimeError) raised at the await.
// Ids left out stay pending.
func (f *Futures) Resume(ctx context.Context, results map[int64]any) (Progress, error) {
	req, err := f.s.futuresRequest(results)
	if err != nil {
		return nil, err
	}
	return f.resume(ctx, req)
}

// Dump saves the session waiting on these futures as a snapshot.
func (f *Futures) Dump(ctx context.Context) ([]byte, error) { return f.dump(ctx) }

// ResumeAuto settles the futures that FeedRun or ResumeAuto started for
// Async host functions, as they finish, and runs on to completion.
func (f *Futures) ResumeAuto(ctx context.Context) (*Complete, error) { return f.auto(ctx, f) }

// Complete: the feed finished; Output is its trailing expression's value
// (None if it has none).
type Complete struct {
	s      *Session
	Output Object
}

// Dump saves the session as it is now (a session dump, for LoadSession).
func (c *Complete) Dump(ctx context.Context) ([]byte, error) { return c.s.Dump(ctx) }

func (*Complete) isProgress() {}

// resumeLocked sends a resume and returns the next progress.
func (s *Session) resumeLocked(ctx context.Context, req *protocol.Request) (Progress, error) {
	if req.Op == "" {
		req.Op = protocol.OpResume
	}
	r, err := s.step(ctx, req)
	if err != nil {
		return nil, err
	}
	return s.progress(r)
}

// progress turns a settled step's reply into a Progress.
func (s *Session) progress(r *protocol.Reply) (Progress, error) {
	pz := pause{s: s, gen: s.gen}
	switch r.Progress {
	case protocol.ProgressComplete, "":
		v, err := s.decode(r.Value)
		if err != nil {
			return nil, err
		}
		return &Complete{s: s, Output: Object{Go: v, Repr: r.Repr}}, nil
	case protocol.ProgressFunctionCall:
		c := &FunctionCall{pause: pz, Name: r.Function, CallID: r.CallID, ObjectID: r.ObjectID, OSCall: r.OSCall}
		for _, a := range r.Args {
			v, err := s.decode(a)
			if err != nil {
				return nil, err
			}
			c.Args = append(c.Args, v)
		}
		if len(r.Kwargs) > 0 {
			c.Kwargs = map[string]any{}
			for k, a := range r.Kwargs {
				v, err := s.decode(a)
				if err != nil {
					return nil, err
				}
				c.Kwargs[k] = v
			}
		}
		if c.Name == "" {
			c.Name = c.OSCall
		}
		return c, nil
	case protocol.ProgressNameLookup:
		return &NameLookup{pause: pz, Name: r.Name, ObjectID: r.ObjectID}, nil
	case protocol.ProgressFutures:
		return &Futures{pause: pz, CallIDs: r.Pending}, nil
	}
	return nil, fmt.Errorf("sdk: unknown progress %q from the server", r.Progress)
}

// exceptionOf turns a host error into the exception to raise.
func exceptionOf(err error) *protocol.Exception {
	var ex *Exception
	if errors.As(err, &ex) {
		return &protocol.Exception{Type: ex.Type, Message: ex.Message}
	}
	return &protocol.Exception{Type: "RuntimeError", Message: err.Error()}
}

// futuresRequest encodes results for resume_futures.
func (s *Session) futuresRequest(results map[int64]any) (*protocol.Request, error) {
	req := &protocol.Request{Op: protocol.OpResumeFutures, Results: map[string]protocol.FutureResult{}}
	for id, v := range results {
		var fr protocol.FutureResult
		if err, ok := v.(error); ok {
			fr.Exception = exceptionOf(err)
		} else {
			raw, err := s.encode(v)
			if err != nil {
				return nil, fmt.Errorf("sdk: result of call %d: %w", id, err)
			}
			fr.ReturnValue = raw
		}
		req.Results[strconv.FormatInt(id, 10)] = fr
	}
	return req, nil
}

// ResumeAuto runs p — a progress of this session — to completion,
// answering its pauses with the feed's FeedOptions (the ones given to
// FeedStart or LoadSnapshot). A *Complete comes straight back.
func (s *Session) ResumeAuto(ctx context.Context, p Progress) (*Complete, error) {
	switch q := p.(type) {
	case *Complete:
		return q, nil
	case *FunctionCall:
		return q.auto(ctx, q)
	case *NameLookup:
		return q.auto(ctx, q)
	case *Futures:
		return q.auto(ctx, q)
	}
	return nil, fmt.Errorf("sdk: cannot resume %T", p)
}
