package sdk

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// HostObject is a Go value handed into the sandbox as an object (as an
// input, or as a host function's result). Its method calls — and calls of
// the object itself, as method "__call__" — suspend the sandbox and are
// answered by CallMethod, in the client, under FeedRun and ResumeAuto.
// The same HostObject handed in twice is the same Python object.
//
// After the session is dumped and loaded in another client, the object is
// a proxy there: its method calls raise RuntimeError, since the Go value
// did not travel.
//
// A host object is sent as {"$host": id} and comes back from the sandbox
// as the same Go value; the server suspends on its method calls with the
// object's id (Reply.ObjectID), which this client answers.
type HostObject interface {
	CallMethod(ctx context.Context, method string, args []any, kwargs map[string]any) (any, error)
}

// HostAttrs is implemented by host objects with lazy attributes: a read
// of one suspends as a *NameLookup with ObjectID set, answered by Attr
// (ok=false raises AttributeError).
type HostAttrs interface {
	Attr(ctx context.Context, name string) (v any, ok bool, err error)
}

// future is one Async host call running in its own goroutine.
type future struct {
	done   bool
	result any // a value, or an error to raise
}

// autoLocked answers pauses with the feed's options until the feed
// completes.
func (s *Session) autoLocked(ctx context.Context, p Progress) (*Complete, error) {
	for {
		var (
			req *protocol.Request
			err error
		)
		switch q := p.(type) {
		case *Complete:
			return q, nil
		case *FunctionCall:
			req, err = s.answerCall(ctx, q)
		case *NameLookup:
			req, err = s.answerLookup(ctx, q)
		case *Futures:
			req, err = s.awaitFutures(ctx, q.CallIDs)
		default:
			return nil, fmt.Errorf("sdk: cannot resume %T automatically", p)
		}
		if err != nil {
			return nil, err
		}
		if p, err = s.resumeLocked(ctx, req); err != nil {
			return nil, err
		}
	}
}

// answerCall runs the host's answer to a function call.
func (s *Session) answerCall(ctx context.Context, c *FunctionCall) (*protocol.Request, error) {
	o := s.opts
	if o == nil {
		o = &FeedOptions{}
	}
	var (
		v   any
		err error
	)
	switch {
	case c.ObjectID != 0:
		obj := s.objects[c.ObjectID]
		if obj == nil {
			err = &Exception{Type: "RuntimeError", Message: fmt.Sprintf(
				"host object %d belonged to the host process before the restore; its methods cannot be called here", c.ObjectID)}
			break
		}
		v, err = obj.CallMethod(ctx, c.Name, c.Args, c.Kwargs)
	case c.OSCall != "":
		if p, ok := argString(c.Args, 0); ok {
			if m := o.mountFor(p); m != nil {
				return c.req(answerMount(m, c)), nil
			}
		}
		if o.OS == nil {
			return c.req(&protocol.Request{NotHandled: true}), nil
		}
		v, err = o.OS(ctx, c.OSCall, c.Args, c.Kwargs)
		if errors.Is(err, ErrNotHandled) {
			return c.req(&protocol.Request{NotHandled: true}), nil
		}
	case o.Async[c.Name] != nil:
		s.startFuture(ctx, c.CallID, o.Async[c.Name], c.Args, c.Kwargs)
		return c.req(&protocol.Request{Future: true}), nil
	case o.Functions[c.Name] != nil:
		v, err = o.Functions[c.Name](ctx, c.Args, c.Kwargs)
	default:
		return c.req(&protocol.Request{NotHandled: true}), nil
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return c.req(&protocol.Request{Exception: exceptionOf(err)}), nil
	}
	raw, err := s.encode(v)
	if err != nil {
		return c.req(&protocol.Request{Exception: &protocol.Exception{Type: "TypeError", Message: fmt.Sprintf("host function %s returned a value with no Python form: %v", c.Name, err)}}), nil
	}
	return c.req(&protocol.Request{ReturnValue: raw}), nil
}

// answerLookup runs the host's answer to a name lookup.
func (s *Session) answerLookup(ctx context.Context, n *NameLookup) (*protocol.Request, error) {
	var (
		v   any
		ok  bool
		err error
	)
	switch {
	case n.ObjectID != 0:
		if a, isAttrs := s.objects[n.ObjectID].(HostAttrs); isAttrs {
			v, ok, err = a.Attr(ctx, n.Name)
		}
	case s.opts != nil && s.opts.Lookup != nil:
		v, ok, err = s.opts.Lookup(ctx, n.Name)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return &protocol.Request{Exception: exceptionOf(err)}, nil
	}
	if !ok {
		return &protocol.Request{NotHandled: true}, nil
	}
	raw, err := s.encode(v)
	if err != nil {
		return nil, fmt.Errorf("sdk: value of %s: %w", n.Name, err)
	}
	return &protocol.Request{ReturnValue: raw}, nil
}

// startFuture runs an Async host function in its own goroutine.
func (s *Session) startFuture(ctx context.Context, id int64, f HostFunc, args []any, kwargs map[string]any) {
	s.fmu.Lock()
	if s.futures == nil {
		s.futures = map[int64]*future{}
		s.settled = make(chan struct{}, 1)
	}
	fu := &future{}
	s.futures[id] = fu
	settled := s.settled
	s.fmu.Unlock()
	go func() {
		v, err := f(ctx, args, kwargs)
		s.fmu.Lock()
		fu.done = true
		if err != nil {
			fu.result = err
		} else {
			fu.result = v
		}
		s.fmu.Unlock()
		select {
		case settled <- struct{}{}:
		default:
		}
	}()
}

// awaitFutures waits until at least one of ids has finished, then
// settles every finished one.
func (s *Session) awaitFutures(ctx context.Context, ids []int64) (*protocol.Request, error) {
	for {
		s.fmu.Lock()
		results := map[int64]any{}
		for _, id := range ids {
			fu, ok := s.futures[id]
			if !ok {
				s.fmu.Unlock()
				return nil, fmt.Errorf("sdk: cannot settle the future of call %d automatically: it was not started by this client's FeedRun or ResumeAuto (use Futures.Resume)", id)
			}
			if fu.done {
				results[id] = fu.result
			}
		}
		settled := s.settled
		if len(results) > 0 {
			for id := range results {
				delete(s.futures, id)
			}
			s.fmu.Unlock()
			return s.futuresRequest(results)
		}
		s.fmu.Unlock()
		select {
		case <-settled:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// hostID returns the object id of a host object, registering it.
func (s *Session) hostID(o HostObject) (id int64, ok bool) {
	defer func() {
		if recover() != nil { // an uncomparable value cannot be a map key
			id, ok = 0, false
		}
	}()
	if id, ok := s.objIDs[o]; ok {
		return id, true
	}
	if s.objects == nil {
		s.objects = map[int64]HostObject{}
		s.objIDs = map[HostObject]int64{}
		// Ids start at a random base, so that an object handed in after a
		// restore is never taken for a proxy of one from before it.
		var b [4]byte
		_, _ = rand.Read(b[:])
		s.objBase = int64(binary.BigEndian.Uint32(b[:])) << 16
	}
	id = s.objBase + int64(len(s.objects)) + 1
	s.objects[id] = o
	s.objIDs[o] = id
	return id, true
}
