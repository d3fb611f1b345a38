package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// What the engine does so that tenants sharing a process cannot take it
// from each other: admission, memory grants, bounded output and replies,
// the open-session ceiling. ops.go calls these at its few hook points.

// admitted reports whether op runs a step that goes through admission.
func admitted(op string) bool {
	switch op {
	case protocol.OpFeed, protocol.OpResume, protocol.OpResumeFutures, protocol.OpContinue,
		protocol.OpLoadSession, protocol.OpLoadSnapshot, protocol.OpClose, protocol.OpDump:
		return true
	}
	return false
}

// admit waits for the project's turn to run a step (see admission). A
// step that is not admitted before its deadline fails with limit
// steps_in_flight and commits nothing: retrying it with the same id later
// runs it.
func (e *Engine) admit(ctx context.Context, project string) (func(), error) {
	wctx, cancel := e.waitBudget(ctx)
	defer cancel()
	exit, err := e.admission.enter(wctx, project, e.ceilings(project).MaxStepsInFlight)
	if err != nil {
		return nil, &protocol.Error{Kind: protocol.KindLimit, Type: "steps_in_flight",
			Message: fmt.Sprintf("the project already has %d steps in flight on this server and the step could not start before its deadline; retry later with the same id", e.ceilings(project).MaxStepsInFlight)}
	}
	return exit, nil
}

// grantMemory reserves the step's heap from the process budget: up to the
// session's max_memory, at least what the state holds plus stepRoom.
func (e *Engine) grantMemory(ctx context.Context, st *state, limit int64) (int64, func(), error) {
	wctx, cancel := e.waitBudget(ctx)
	defer cancel()
	grant, release, err := e.mem.acquire(wctx, limit, st.size+stepRoom)
	if err != nil {
		return 0, nil, &protocol.Error{Kind: protocol.KindLimit, Type: "memory",
			Message: "memory limit exceeded: " + err.Error() + "; retry later with the same id"}
	}
	return grant, release, nil
}

// stepGuard holds what one step may take: its memory grant and the
// project's ceilings, and counts the output it keeps for the reply.
type stepGuard struct {
	ceil    Ceilings
	grant   int64 // the heap the step may use
	limit   int64 // the session's max_memory
	printed int64 // bytes of printed output kept
	dropped bool  // output past MaxReply was not kept (the reply would be too large)
}

// keep reports whether a print event of n bytes is kept in the reply:
// past MaxReply the reply cannot be sent anyway, so the step does not
// hold more (the events still stream).
func (g *stepGuard) keep(n int) bool {
	g.printed += int64(n)
	if g.printed > g.ceil.MaxReply {
		g.dropped = true
		return false
	}
	return true
}

// explain rewords a limit error the server's sharing caused: a step that
// ran out of its memory grant while the session's own limit was higher
// was short of the process's memory, not of its own.
func (g *stepGuard) explain(err error) error {
	var le *core.LimitError
	if !errors.As(err, &le) {
		return err
	}
	switch {
	case le.Kind == "memory" && g.grant < g.limit:
		return &core.LimitError{Kind: "memory", Msg: fmt.Sprintf(
			"memory limit exceeded: the server had %d bytes of memory for this step (the session's own limit is %d)", g.grant, g.limit)}
	case le.Kind == "output":
		return &core.LimitError{Kind: "output", Msg: fmt.Sprintf(
			"output limit exceeded (the server allows %d bytes of output per step, and the session's max_output counts all its steps)", g.ceil.MaxOutput)}
	}
	return err
}

// bound returns reply, or a too_large failure in its place when its JSON
// is over MaxReply. A step whose reply is too large still commits: its
// state changed. If it paused at a call the client could never see, the
// pause is dropped (st.prog) so the session is idle, not stuck.
func (g *stepGuard) bound(st *state, reply *protocol.Reply) *protocol.Reply {
	size := int64(0)
	if !g.dropped {
		size = replySize(reply)
		if size <= g.ceil.MaxReply {
			return reply
		}
	}
	if st.prog != nil {
		st.sess.Abandon()
		st.prog = nil
	}
	what := fmt.Sprintf("%d bytes", size)
	if g.dropped {
		what = fmt.Sprintf("over %d bytes (the step printed %d)", g.ceil.MaxReply, g.printed)
	}
	return protocol.Fail(reply.ID, protocol.Errorf(protocol.KindTooLarge,
		"the step's reply is %s, over the server's ceiling of %d bytes per reply; the step committed: return or print less per step", what, g.ceil.MaxReply))
}

// replySize is the JSON size of a reply, measured only when its large
// parts come near the size that matters.
func replySize(r *protocol.Reply) int64 {
	n := int64(len(r.Value) + len(r.Repr))
	for _, a := range r.Args {
		n += int64(len(a))
	}
	for _, a := range r.Kwargs {
		n += int64(len(a))
	}
	for _, ev := range r.Printed {
		n += int64(len(ev.Text))
	}
	if n < 1<<20 {
		return n
	}
	b, err := json.Marshal(r)
	if err != nil {
		return n
	}
	return int64(len(b))
}

// checkOpenSessions refuses a checkout that would take the project past
// its open-session ceiling (retried checkouts of an existing session
// pass).
func (e *Engine) checkOpenSessions(ctx context.Context, project, id string) error {
	limit := e.ceilings(project).MaxSessions
	if limit <= 0 {
		return nil
	}
	sessions, err := e.meta.ListSessions(ctx, project)
	if err != nil {
		return fmt.Errorf("engine: checkout: %w", err)
	}
	now := e.cfg.Now()
	open := 0
	for _, s := range sessions {
		if s.ID == id {
			return nil // a retried checkout
		}
		if s.State != meta.StateClosed && now.Before(s.Expires) {
			open++
		}
	}
	if open >= limit {
		return &protocol.Error{Kind: protocol.KindQuota, Type: "sessions",
			Message: fmt.Sprintf("the project has %d open sessions, its ceiling: close some (close) before checking out more", open)}
	}
	return nil
}

// Request ids are idempotency keys scoped to (project, operation,
// session): a retry of the same request returns its recorded reply, and
// an id reused for another operation or session is a conflict, never
// the reply or the snapshot of that other one.

// reusedFor checks a request whose id is the session head's last
// committed request: it must be the same operation.
func reusedFor(head *meta.Session, req *protocol.Request) error {
	for _, s := range decodeSteps(head.Steps) {
		if s.RequestID == head.LastRequest && s.Version == head.Version && s.Op != req.Op {
			return &protocol.Error{Kind: protocol.KindConflict, Message: fmt.Sprintf(
				"request id %q was already used for %s on this session; use a new id for each request", req.ID, s.Op)}
		}
	}
	return nil
}

// dumpRequest is what a snapshot records of the dump that made it: the
// request id and the session dumped.
func dumpRequest(req *protocol.Request) string { return req.ID + "\x00" + req.Session }

// dumpReused checks a dump whose request id already made snapshot s: a
// retry of the same dump of the same session finds it; the same id on
// another session is a conflict. (Snapshots made before the session was
// recorded hold the bare request id.)
func dumpReused(s *meta.Snapshot, req *protocol.Request) error {
	if s.Request == dumpRequest(req) || s.Request == req.ID {
		return nil
	}
	return &protocol.Error{Kind: protocol.KindConflict, Message: fmt.Sprintf(
		"request id %q already made a snapshot of another session; use a new id for each request", req.ID)}
}

// rollback commits a step whose new state cannot be stored (an object
// larger than a chunk): the head keeps its last state, and the step's
// reply is a too_large error, recorded so that a retry returns it again
// rather than failing the same way for ever.
func (c *commit) rollback(ctx context.Context, cause error) (*protocol.Reply, error) {
	c.e.warm.drop(c.head.Project, c.head.ID)
	cfg, err := decodeConfig(c.head.Config)
	if err != nil {
		return nil, err
	}
	c.cfg = cfg
	c.e.cfg.Logger.InfoContext(ctx, "step rolled back: state too large", "project", c.head.Project, "session", c.head.ID, "err", cause.Error())
	reply := protocol.Fail(c.req.ID, protocol.Errorf(protocol.KindTooLarge,
		"the step's state cannot be stored (one object over the %d MB a stored page may hold): the step was rolled back, and the session is as it was before it",
		cas.MaxChunkSize>>20))
	return c.headOnly(ctx, c.head.State, c.head.Root, c.head.Extra, c.head.Bytes, reply)
}
