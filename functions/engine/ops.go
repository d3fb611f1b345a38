package engine

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/functions/telemetry"
)

// inlineReplyMax is the largest recorded reply kept in the session head;
// larger ones are a chunk named by meta.Session.LastReply.
const inlineReplyMax = 16 << 10

// maxSteps is how many steps the head's log keeps for history.
const maxSteps = 8

// checkout creates a session. Its id derives from the request id, so a
// retried checkout returns the session the first one made.
func (e *Engine) checkout(ctx context.Context, caller Caller, req *protocol.Request) (*protocol.Reply, error) {
	id, err := e.derivedID(ctx, caller.Project, "session", req.ID)
	if err != nil {
		return nil, err
	}
	cfg := sessionConfig{ScriptName: req.ScriptName, TypeCheck: req.TypeCheck}
	if err := e.checkVolumes(req.Volumes); err != nil {
		return nil, err
	}
	cfg.Volumes = req.Volumes
	if req.Limits != nil {
		cfg.Limits = *req.Limits
	}
	cfg.Limits = e.ceilings(caller.Project).capLimits(cfg.Limits)
	if err := e.checkOpenSessions(ctx, caller.Project, id); err != nil {
		return nil, err
	}
	now := e.cfg.Now()
	s := &meta.Session{
		Project: caller.Project, ID: id, State: meta.StateIdle, Fresh: true,
		Ephemeral: req.Ephemeral, Config: cfg.encode(),
		Created: now, Saved: now, Expires: e.expiry(now),
	}
	if req.Ephemeral {
		s.Connection = caller.Connection
	}
	switch err := e.meta.CreateSession(ctx, s); {
	case errors.Is(err, meta.ErrConflict):
		// A retry: the session exists already.
	case err != nil:
		return nil, fmt.Errorf("engine: checkout: %w", err)
	}
	if req.Ephemeral && caller.Connection != "" {
		if err := e.meta.AddEphemeral(ctx, caller.Connection, id); err != nil {
			return nil, fmt.Errorf("engine: checkout: %w", err)
		}
	}
	limits := cfg.Limits
	return &protocol.Reply{OK: true, Session: id, Limits: &limits}, nil
}

// step runs a session operation that commits: load, run, commit.
func (e *Engine) step(ctx context.Context, caller Caller, req *protocol.Request, emit func(protocol.Event)) (*protocol.Reply, error) {
	mounts, err := clientMounts(req) // client-served mounts (clientmount.go)
	if err != nil {
		return nil, err
	}
	unlock := e.lock(req.Session)
	defer unlock()
	project := caller.Project
	ctx = phase(ctx, telemetry.SpanLoad)
	head, err := e.head(ctx, project, req.Session)
	if err != nil {
		return nil, err
	}
	if head.LastRequest == req.ID {
		if err := reusedFor(head, req); err != nil {
			return nil, err
		}
		traceReplayed(ctx)
		return e.recorded(ctx, project, head)
	}
	if head.State == meta.StateClosed {
		return nil, protocol.Errorf(protocol.KindUnknownSession, "unknown session %q: it was closed (load_session can still load it)", req.Session)
	}
	cfg, err := decodeConfig(head.Config)
	if err != nil {
		return nil, err
	}
	guard := &stepGuard{ceil: e.ceilings(project)}
	cfg.Limits = guard.ceil.capLimits(cfg.Limits)
	counter := &countingStore{Store: e.chunks}
	repo, err := e.repo(ctx, project, counter)
	if err != nil {
		return nil, err
	}
	c := &commit{e: e, repo: repo, counter: counter, head: head, cfg: cfg, req: req, start: time.Now()}
	if gated(req.Op) {
		// The project's daily caps (usage.go): refused, nothing commits.
		if c.usage, err = e.admitUsage(ctx, project); err != nil {
			return nil, err
		}
		defer c.usage.release()
	}

	switch req.Op {
	case protocol.OpClose:
		e.warm.drop(project, head.ID)
		if head.Ephemeral {
			if err := e.dropSession(ctx, project, head.ID); err != nil {
				return nil, err
			}
			return &protocol.Reply{OK: true}, nil
		}
		return c.headOnly(ctx, meta.StateClosed, head.Root, head.Extra, head.Bytes, &protocol.Reply{OK: true})
	case protocol.OpLoadSession, protocol.OpLoadSnapshot:
		return e.load(ctx, c)
	}

	st, err := e.stateAt(ctx, repo, head, cfg)
	if err != nil {
		return nil, err
	}
	guard.limit = cfg.Limits.MaxMemory
	grant, release, err := e.grantMemory(ctx, st, guard.limit)
	if err != nil {
		e.warm.put(project, head.ID, head.Version, st)
		return nil, err
	}
	defer release()
	guard.grant = grant
	// The memory grant comes first, then the volumes: a step that waits
	// for memory holds no volume transaction.
	if c.vols, err = e.openVolumes(ctx, repo, project, head.ID, head.Version, req.ID, cfg.Volumes); err != nil {
		e.warm.put(project, head.ID, head.Version, st)
		return nil, err
	}
	var printed []protocol.Event
	// A panic in the caller's emit is the host's, not the sandbox's: it
	// must not become a SystemError in the session (the interpreter turns
	// panics under its loop into those). It is kept, emitting stops, and
	// it is raised again once the run returns, outside the interpreter,
	// where Handle makes it an internal error and nothing commits.
	var emitPanic any
	opts := c.cfg.feedOptions(func(stream, text string) {
		ev := protocol.Event{ID: req.ID, Event: "print", Stream: stream, Text: text}
		if guard.keep(len(text)) {
			printed = append(printed, ev)
		}
		if emit != nil && emitPanic == nil {
			func() {
				defer func() {
					if r := recover(); r != nil {
						emitPanic = r
					}
				}()
				emit(ev)
			}()
		}
	})
	opts.ClientMounts = mounts
	st.sess.SetStepBudget(min(e.budget(ctx), guard.ceil.stepTime()))
	st.sess.SetStepLimits(core.StepLimits{MaxMemory: grant, MaxOutput: guard.ceil.MaxOutput})
	ctx = phase(ctx, telemetry.SpanRun)
	traceAnswer(ctx, c, st)
	p, ran, runErr := c.run(st, opts)
	tracePause(ctx, c, p)
	if emitPanic != nil {
		panic(emitPanic) // st is dropped: it ran past the failed emit
	}
	st.sess.SetStepLimits(core.StepLimits{})
	runErr = guard.explain(runErr)
	if !ran {
		// Refused before running: the state is as loaded.
		c.detachVolumes(st)
		e.warm.put(project, head.ID, head.Version, st)
		return nil, runErr
	}
	if runErr != nil && !committable(runErr) {
		return nil, runErr // the interpreter may be half-way: not kept
	}
	var reply *protocol.Reply
	if runErr != nil {
		reply = protocol.Fail(req.ID, asProtocolError(runErr))
		st.prog = nil
		st.sess.Collect() // a failed operation's operands are garbage now
	} else {
		if reply, err = progressReply(p); err != nil {
			return nil, err
		}
		st.prog = p
		if _, done := p.(*core.Complete); done {
			st.prog = nil
		}
	}
	reply.Printed = printed
	reply = guard.bound(st, reply)
	out, err := c.state(ctx, st, reply)
	if errors.Is(err, cas.ErrTooLarge) {
		return c.rollback(ctx, err)
	}
	return out, err
}

// stateAt returns the session's state as of head: the warm interpreter if
// it is at head's version, else loaded from head's root and overlay. The
// caller owns it until it puts it back in the warm cache.
func (e *Engine) stateAt(ctx context.Context, repo *cas.Repo, head *meta.Session, cfg sessionConfig) (*state, error) {
	if st := e.warm.take(head.Project, head.ID, head.Version); st != nil {
		traceLoaded(ctx, true, st)
		return st, nil
	}
	st, err := loadRoot(ctx, repo, head.Root, head.Extra, cfg)
	if err == nil {
		traceLoaded(ctx, false, st)
	}
	return st, err
}

// run runs the request's operation on st. ran=false means it was refused
// before anything ran.
func (c *commit) run(st *state, opts *core.FeedOptions) (p core.Progress, ran bool, err error) {
	defer c.measureCPU()() // usage.go
	req := c.req
	if req.Op == protocol.OpFeed {
		if st.prog != nil {
			return nil, false, protocol.Errorf(protocol.KindBadRequest, "the session is paused (%s); resume it first", progressKind(st.prog))
		}
		inputs := make(map[string]any, len(req.Inputs))
		for k, raw := range req.Inputs {
			v, err := decodeValue(raw)
			if err != nil {
				return nil, false, protocol.Errorf(protocol.KindBadRequest, "input %q: %v", k, err)
			}
			inputs[k] = v
		}
		c.cfg.Functions, c.cfg.Lookup = req.Functions, req.Lookup
		mounts := opts.ClientMounts
		opts = c.cfg.feedOptions(opts.Print)
		opts.Inputs, opts.ClientMounts = inputs, mounts
		opts = c.withVolumes(opts)
		if req.Start {
			// start mode: undeclared names pause too, for the whole run
			// (core keeps the mode in the session's state).
			p, err = st.sess.FeedStart(req.Code, opts)
		} else {
			p, err = st.sess.FeedStep(req.Code, opts)
		}
		return c.countSuspension(st, p, err)
	}
	st.sess.SetFeedOptions(c.withVolumes(opts))
	switch req.Op {
	case protocol.OpResume:
		p, ran, err = c.resume(st)
	case protocol.OpResumeFutures:
		f, ok := st.prog.(*core.Futures)
		if !ok {
			return nil, false, notPaused(st.prog, "futures")
		}
		results := make(map[int64]any, len(req.Results))
		for k, r := range req.Results {
			id, perr := strconv.ParseInt(k, 10, 64)
			if perr != nil {
				return nil, false, protocol.Errorf(protocol.KindBadRequest, "result key %q is not a call id", k)
			}
			if r.Exception != nil {
				results[id] = &core.Exception{Type: r.Exception.Type, Message: r.Exception.Message}
				continue
			}
			v, derr := decodeValue(r.ReturnValue)
			if derr != nil {
				return nil, false, protocol.Errorf(protocol.KindBadRequest, "result %s: %v", k, derr)
			}
			results[id] = v
		}
		p, err = f.Resume(results)
		ran = true
	case protocol.OpContinue:
		pre, ok := st.prog.(*core.Preempted)
		if !ok {
			return nil, false, notPaused(st.prog, "running")
		}
		p, err = pre.Resume()
		ran = true
	default:
		return nil, false, protocol.Errorf(protocol.KindBadRequest, "unknown op %q", req.Op)
	}
	if !ran {
		return p, false, err
	}
	return c.countSuspension(st, p, err)
}

// countSuspension enforces MaxSuspensions across cold loads.
func (c *commit) countSuspension(st *state, p core.Progress, err error) (core.Progress, bool, error) {
	if err != nil {
		return nil, true, err
	}
	switch p.(type) {
	case *core.FunctionCall, *core.NameLookup, *core.Futures:
		c.cfg.Suspensions++
		if lim := c.cfg.Limits.MaxSuspensions; lim > 0 && c.cfg.Suspensions > lim {
			st.sess.Abandon()
			return nil, true, &core.LimitError{Kind: "suspensions", Msg: fmt.Sprintf("suspension limit exceeded (%d)", lim)}
		}
	}
	return p, true, nil
}

func (c *commit) resume(st *state) (core.Progress, bool, error) {
	req := c.req
	var value any
	if len(req.ReturnValue) > 0 {
		v, err := decodeValue(req.ReturnValue)
		if err != nil {
			return nil, false, protocol.Errorf(protocol.KindBadRequest, "return_value: %v", err)
		}
		value = v
	}
	answers := 0
	for _, set := range []bool{len(req.ReturnValue) > 0, req.Exception != nil, req.Future, req.NotHandled} {
		if set {
			answers++
		}
	}
	if answers != 1 {
		return nil, false, protocol.Errorf(protocol.KindBadRequest, "resume needs exactly one of return_value, exception, future and not_handled")
	}
	switch p := st.prog.(type) {
	case *core.FunctionCall:
		if req.CallID == nil || *req.CallID != p.CallID {
			return nil, false, protocol.Errorf(protocol.KindAlreadyResumed, "call %s is not the pending call (%d)", callIDString(req.CallID), p.CallID)
		}
		switch {
		case req.Exception != nil:
			q, err := p.ResumeException(req.Exception.Type, req.Exception.Message)
			return q, true, err
		case req.Future:
			q, err := p.ResumeFuture()
			return q, true, err
		case req.NotHandled:
			q, err := p.ResumeNotHandled()
			return q, true, err
		}
		q, err := p.Resume(value)
		return q, true, err
	case *core.NameLookup:
		if req.CallID != nil {
			return nil, false, protocol.Errorf(protocol.KindAlreadyResumed, "the session waits for the name %q, not call %d", p.Name, *req.CallID)
		}
		switch {
		case req.Exception != nil:
			q, err := p.ResumeUndefined()
			return q, true, err
		case req.Future:
			return nil, false, protocol.Errorf(protocol.KindBadRequest, "a name lookup cannot be answered with a future")
		case req.NotHandled:
			q, err := p.ResumeUndefined()
			return q, true, err
		}
		q, err := p.Resume(value)
		return q, true, err
	}
	return nil, false, notPaused(st.prog, "a function call or name lookup")
}

func callIDString(id *int64) string {
	if id == nil {
		return "(none)"
	}
	return strconv.FormatInt(*id, 10)
}

func notPaused(p core.Progress, want string) error {
	if p == nil {
		return protocol.Errorf(protocol.KindAlreadyResumed, "the session is not paused at %s: nothing to resume", want)
	}
	return protocol.Errorf(protocol.KindBadRequest, "the session is paused at %s, not at %s", progressKind(p), want)
}

func progressKind(p core.Progress) string {
	switch p.(type) {
	case *core.FunctionCall:
		return protocol.ProgressFunctionCall
	case *core.NameLookup:
		return protocol.ProgressNameLookup
	case *core.Futures:
		return protocol.ProgressFutures
	case *core.Preempted:
		return protocol.ProgressRunning
	}
	return protocol.ProgressComplete
}

// feedOptions are the host hooks of the session's running feed: the host
// functions by name (the engine answers none itself: they suspend) and the
// name lookup flag.
func (c sessionConfig) feedOptions(print func(stream, text string)) *core.FeedOptions {
	opts := &core.FeedOptions{Print: print}
	if len(c.Functions) > 0 {
		opts.Functions = make(map[string]core.HostFunc, len(c.Functions))
		for _, f := range c.Functions {
			opts.Functions[f] = nil
		}
	}
	if c.Lookup {
		opts.Lookup = func(string) (any, bool) { return nil, false }
	}
	return opts
}

// budget is a step's run time: until the context's deadline less the
// margin, or MaxStep.
func (e *Engine) budget(ctx context.Context) time.Duration {
	b := e.cfg.MaxStep
	if dl, ok := ctx.Deadline(); ok {
		b = time.Until(dl) - e.cfg.StepMargin
		if b < 10*time.Millisecond {
			b = 10 * time.Millisecond
		}
	}
	return b
}

func encodeAny(v any) json.RawMessage {
	if raw, err := protocol.EncodeValue(v); err == nil {
		return raw
	}
	return protocol.EncodeObject(core.Object{Go: v, Repr: fmt.Sprint(v)})
}

// progressReply is the reply of a step that ended at p.
func progressReply(p core.Progress) (*protocol.Reply, error) {
	r := &protocol.Reply{OK: true, Progress: progressKind(p)}
	switch p := p.(type) {
	case *core.Complete:
		r.Value = protocol.EncodeObject(p.Output)
		r.Repr = p.Output.Repr
	case *core.FunctionCall:
		r.CallID, r.Function = p.CallID, p.Name
		r.Args = make([]json.RawMessage, len(p.Args))
		for i, a := range p.Args {
			r.Args[i] = encodeAny(a)
		}
		if len(p.Kwargs) > 0 {
			r.Kwargs = make(map[string]json.RawMessage, len(p.Kwargs))
			for k, v := range p.Kwargs {
				r.Kwargs[k] = encodeAny(v)
			}
		}
		r.OSCall, r.ObjectID = p.OSCall, p.ObjectID
	case *core.NameLookup:
		r.Name, r.ObjectID = p.Name, p.ObjectID
	case *core.Futures:
		r.Pending = append([]int64{}, p.CallIDs...)
	case *core.Preempted:
	default:
		return nil, fmt.Errorf("engine: unknown progress %T", p)
	}
	return r, nil
}

// --- commit -----------------------------------------------------------------------

// commit is one step's write: new chunks, then the conditional head update.
type commit struct {
	e       *Engine
	repo    *cas.Repo
	counter *countingStore
	head    *meta.Session
	cfg     sessionConfig
	req     *protocol.Request
	start   time.Time
	vols    *stepVolumes  // the step's hosted volumes, nil without
	cpu     time.Duration // the interpreter's CPU time in the run (usage.go)
	usage   *usageTicket  // the step's place under the daily caps, nil without
}

// state commits st's new state with reply: the changed pages go to the
// head's overlay, or, when it outgrows Config.InlineBytes, are flushed as
// chunks under a new root.
func (c *commit) state(ctx context.Context, st *state, reply *protocol.Reply) (*protocol.Reply, error) {
	ctx = phase(ctx, telemetry.SpanCommit)
	size, err := st.advance(ctx, c.repo, c.e.cfg.WholePageFlush)
	if err != nil {
		return nil, err
	}
	delta, err := c.charge(ctx, size)
	if err != nil {
		return nil, err
	}
	stats := &protocol.StepStats{DirtyPages: st.dump.DirtyPages(), Requests: 1}
	extra := st.extra()
	if lim := c.e.cfg.InlineBytes; lim < 0 || len(extra) > lim {
		sv, err := st.flush(ctx, c.repo, c.counter, c.e.cfg.WholePageFlush)
		if err != nil {
			c.undoUsage(ctx, delta)
			return nil, err
		}
		extra = nil
		stats.Requests += int(sv.requests)
		stats.BytesStored = sv.written
	}
	stats.BytesStored += int64(len(extra))
	out, err := c.write(ctx, stateOf(st.prog), st.rootString(), extra, size, stats.BytesStored, reply, stats, delta)
	if err != nil {
		return nil, err
	}
	c.detachVolumes(st)
	c.e.warm.put(c.head.Project, c.head.ID, c.head.Version+1, st)
	return out, nil
}

// headOnly commits a head change that stores no state (close, load_session,
// load_snapshot).
func (c *commit) headOnly(ctx context.Context, state, root string, extra []byte, bytes int64, reply *protocol.Reply) (*protocol.Reply, error) {
	ctx = phase(ctx, telemetry.SpanCommit)
	delta, err := c.charge(ctx, bytes)
	if err != nil {
		return nil, err
	}
	return c.write(ctx, state, root, extra, bytes, 0, reply, &protocol.StepStats{Requests: 1}, delta)
}

// charge adds to the project's usage what a state of bytes logical bytes
// costs beyond the head's, ahead of the commit, and returns the change
// (write refunds a negative one once the head is committed).
func (c *commit) charge(ctx context.Context, bytes int64) (int64, error) {
	delta := charged(bytes) - charged(c.head.Bytes)
	if delta > 0 {
		if err := c.e.meta.AddUsage(ctx, c.head.Project, delta); err != nil {
			return 0, fmt.Errorf("engine: commit: %w", err)
		}
	}
	return delta, nil
}

func (c *commit) undoUsage(ctx context.Context, delta int64) {
	if delta > 0 {
		// Best effort: GC recomputes usage from the live records.
		_ = c.e.meta.AddUsage(context.WithoutCancel(ctx), c.head.Project, -delta)
	}
}

// write records reply and commits the new head: the step's commit point.
func (c *commit) write(ctx context.Context, state, root string, extra []byte, bytes, written int64, reply *protocol.Reply, stats *protocol.StepStats, delta int64) (*protocol.Reply, error) {
	puts, putBytes := c.counter.puts.Load(), c.counter.bytes.Load()
	if err := c.commitVolumes(ctx); err != nil {
		c.undoUsage(ctx, delta)
		return nil, err
	}
	if c.vols != nil {
		n, b := int(c.counter.puts.Load()-puts)+len(c.vols.committed), c.counter.bytes.Load()-putBytes
		stats.Requests += n
		stats.BytesStored += b
		if c.e.volumesCommitted != nil {
			c.e.volumesCommitted(n, b)
		}
	}
	now := c.e.cfg.Now()
	h := *c.head
	h.Version = c.head.Version + 1
	h.Root, h.Extra, h.State, h.Fresh = root, extra, state, false
	h.Saved, h.Expires = now, c.e.expiry(now)
	h.Config = c.cfg.encode()
	h.LastRequest = c.req.ID
	h.Bytes, h.Stored = bytes, written
	h.Usage = commitUsage(c.head.Usage, now, h.Version, c.cpu, stats.BytesStored) // usage.go: counted with the commit
	if c.cpu > 0 {
		stats.CPUMs = cpuMs(c.cpu.Microseconds())
	}
	stats.Op, stats.RequestID, stats.Version = c.req.Op, c.req.ID, h.Version
	stats.DurationUs = time.Since(c.start).Microseconds()
	stats.At = now.UTC().Format(time.RFC3339)
	stats.TraceID = traced(ctx)
	h.Steps = appendStep(c.head.Steps, *stats)
	reply.ID = c.req.ID
	reply.Stats = nil // recorded in the step log; a replay takes it from there
	rb, err := json.Marshal(reply)
	reply.Stats = stats
	if err != nil {
		c.undoUsage(ctx, delta)
		return nil, fmt.Errorf("engine: encode reply: %w", err)
	}
	h.ReplyInline, h.LastReply = nil, ""
	if len(rb) <= inlineReplyMax {
		h.ReplyInline = rb
	} else {
		// A manifest with no pages, so GC marks it like any root.
		snap, err := c.repo.PutSnapshot(ctx, rb, nil, nil)
		if err != nil {
			c.undoUsage(ctx, delta)
			return nil, fmt.Errorf("engine: store reply: %w", err)
		}
		h.LastReply = snap.Root.String()
	}
	if err := c.e.meta.CommitSession(ctx, &h, c.head.Version); err != nil {
		if errors.Is(err, meta.ErrConflict) || errors.Is(err, meta.ErrTooLarge) {
			c.revertVolumes(ctx) // this step will never commit: take its volume changes back
		}
		c.undoUsage(ctx, delta)
		return nil, fmt.Errorf("engine: commit: %w", err)
	}
	traceCommitted(ctx, &h, stats)
	if delta < 0 {
		_ = c.e.meta.AddUsage(ctx, c.head.Project, delta) // GC reconciles a miss
	}
	c.usage.committed(dayOf(now), c.cpu)
	return reply, nil
}

// recorded returns the reply a committed request recorded.
func (e *Engine) recorded(ctx context.Context, project string, head *meta.Session) (*protocol.Reply, error) {
	rb := head.ReplyInline
	if head.LastReply != "" {
		repo, err := e.repo(ctx, project, nil)
		if err != nil {
			return nil, err
		}
		addr, err := cas.ParseAddr(head.LastReply)
		if err != nil {
			return nil, fmt.Errorf("engine: bad reply address: %w", err)
		}
		snap, err := repo.GetSnapshot(ctx, addr)
		if err != nil {
			return nil, fmt.Errorf("engine: read recorded reply: %w", err)
		}
		rb = snap.Meta
	}
	var r protocol.Reply
	if err := json.Unmarshal(rb, &r); err != nil {
		return nil, fmt.Errorf("engine: bad recorded reply: %w", err)
	}
	for _, s := range decodeSteps(head.Steps) {
		if s.RequestID == head.LastRequest && s.Version == head.Version {
			s := s
			r.Stats = &s
		}
	}
	replayCPU(head, r.Stats)
	return &r, nil
}

// The step log is compact binary, newest last: a format byte, then per
// step the op's index, the request id, version, duration (µs), dirty
// pages, requests, bytes written and the commit time (Unix seconds), as
// uvarints, then (format 2, steplogext.go) the step's optional fields.
// It is rewritten with every commit, so it stays small.
const stepLogFormat = 2

var stepOps = []string{
	protocol.OpCheckout, protocol.OpFeed, protocol.OpResume, protocol.OpResumeFutures, protocol.OpContinue,
	protocol.OpDump, protocol.OpLoadSession, protocol.OpLoadSnapshot, protocol.OpClose,
}

func appendStep(log []byte, s protocol.StepStats) []byte {
	steps := append(decodeSteps(log), s)
	if len(steps) > maxSteps {
		steps = steps[len(steps)-maxSteps:]
	}
	out := []byte{stepLogFormat}
	for _, s := range steps {
		op := 0
		for i, o := range stepOps {
			if o == s.Op {
				op = i
			}
		}
		at, _ := time.Parse(time.RFC3339, s.At)
		out = append(out, byte(op))
		out = binary.AppendUvarint(out, uint64(len(s.RequestID)))
		out = append(out, s.RequestID...)
		for _, n := range []int64{s.Version, s.DurationUs, int64(s.DirtyPages), int64(s.Requests), s.BytesStored, at.Unix()} {
			out = binary.AppendUvarint(out, uint64(max(n, 0)))
		}
		out = appendStepExt(out, s)
	}
	return out
}

// decodeSteps reads a step log; a malformed tail is dropped.
func decodeSteps(log []byte) []protocol.StepStats {
	if len(log) == 0 || (log[0] != stepLogFormat && log[0] != stepLogFormat1) {
		return nil
	}
	format := log[0]
	var out []protocol.StepStats
	b := log[1:]
	uv := func() (int64, bool) {
		n, k := binary.Uvarint(b)
		if k <= 0 {
			return 0, false
		}
		b = b[k:]
		return int64(n), true
	}
	for len(b) > 0 {
		op := int(b[0])
		b = b[1:]
		n, ok := uv()
		if !ok || op >= len(stepOps) || n > int64(len(b)) {
			break
		}
		s := protocol.StepStats{Op: stepOps[op], RequestID: string(b[:n])}
		b = b[n:]
		var v [6]int64
		for i := range v {
			if v[i], ok = uv(); !ok {
				return out
			}
		}
		s.Version, s.DurationUs, s.DirtyPages, s.Requests, s.BytesStored = v[0], v[1], int(v[2]), int(v[3]), v[4]
		s.At = time.Unix(v[5], 0).UTC().Format(time.RFC3339)
		if format != stepLogFormat1 {
			if b, ok = readStepExt(b, &s); !ok {
				return out
			}
		}
		out = append(out, s)
	}
	return out
}

// --- loaders ------------------------------------------------------------------

// source is what a loader loads: a snapshot record or a session's head.
type source struct {
	root      string
	extra     []byte // a session's overlay
	kind      string // meta.KindSessionDump or meta.KindSuspendedSnapshot
	bytes     int64
	functions []string
	lookup    bool
}

// resolve finds id among the project's live snapshots and sessions.
func (e *Engine) resolve(ctx context.Context, project, id string, repo *cas.Repo) (*source, error) {
	if id == "" {
		return nil, protocol.Errorf(protocol.KindBadRequest, "no snapshot given")
	}
	now := e.cfg.Now()
	snap, err := e.meta.GetSnapshot(ctx, project, id)
	switch {
	case err == nil:
		if !now.Before(snap.Expires) {
			return nil, unknown(id)
		}
		return &source{root: snap.Root, kind: snap.Kind, bytes: snap.Bytes}, nil
	case !errors.Is(err, meta.ErrNotFound):
		return nil, fmt.Errorf("engine: read snapshot: %w", err)
	}
	s, err := e.head(ctx, project, id)
	if err != nil {
		return nil, err
	}
	if s.Ephemeral {
		return nil, protocol.Errorf(protocol.KindEphemeral, "this session is ephemeral, so it cannot be dumped or loaded elsewhere")
	}
	cfg, err := decodeConfig(s.Config)
	if err != nil {
		return nil, err
	}
	kind, err := headKind(ctx, repo, s)
	if err != nil {
		return nil, err
	}
	return &source{root: s.Root, extra: s.Extra, kind: kind, bytes: s.Bytes, functions: cfg.Functions, lookup: cfg.Lookup}, nil
}

// headKind is the kind of a session head's stored state: a paused head
// holds a snapshot, an idle one a session dump; a closed head's manifest
// says which.
func headKind(ctx context.Context, repo *cas.Repo, s *meta.Session) (string, error) {
	switch s.State {
	case meta.StateSuspended, meta.StateRunning:
		return meta.KindSuspendedSnapshot, nil
	case meta.StateClosed:
		return rootKind(ctx, repo, s.Root, s.Extra)
	}
	return meta.KindSessionDump, nil
}

// rootKind reads a stored state's kind from its manifest (the overlay's,
// when there is one).
func rootKind(ctx context.Context, repo *cas.Repo, root string, extra []byte) (string, error) {
	var manifest []byte
	switch {
	case len(extra) > 0:
		ov, err := decodeOverlay(extra)
		if err != nil {
			return "", err
		}
		manifest = ov.manifest
	case root == "":
		return meta.KindSessionDump, nil
	default:
		addr, err := cas.ParseAddr(root)
		if err != nil {
			return "", err
		}
		snap, err := repo.GetSnapshot(ctx, addr)
		if err != nil {
			return "", fmt.Errorf("engine: read %s: %w", root, err)
		}
		if manifest, err = rootManifest(snap); err != nil {
			return "", fmt.Errorf("engine: read %s: %w", root, err)
		}
	}
	d, err := core.ReadPageDump(manifest)
	if err != nil {
		return "", err
	}
	if d.Kind == "session" {
		return meta.KindSessionDump, nil
	}
	return meta.KindSuspendedSnapshot, nil
}

// load runs load_session and load_snapshot: the fresh session's head takes
// the source's root, so the two share every chunk (a fork).
func (e *Engine) load(ctx context.Context, c *commit) (*protocol.Reply, error) {
	req, head := c.req, c.head
	if !head.Fresh || head.Root != "" {
		return nil, protocol.Errorf(protocol.KindNotFresh, "%v", core.ErrSessionUsed)
	}
	src, err := e.resolve(ctx, head.Project, req.Snapshot, c.repo)
	if err != nil {
		return nil, err
	}
	wantSnap := req.Op == protocol.OpLoadSnapshot
	if isSnap := src.kind == meta.KindSuspendedSnapshot; isSnap != wantSnap {
		if isSnap {
			return nil, protocol.Errorf(protocol.KindWrongLoader, "%q is a snapshot of a paused run: load it with load_snapshot", req.Snapshot)
		}
		return nil, protocol.Errorf(protocol.KindWrongLoader, "%q is a session dump: load it with load_session", req.Snapshot)
	}
	if !wantSnap {
		c.cfg.Functions, c.cfg.Lookup, c.cfg.Suspensions = nil, false, 0
		return c.headOnly(ctx, meta.StateIdle, src.root, src.extra, src.bytes, &protocol.Reply{OK: true})
	}
	c.cfg.Functions, c.cfg.Lookup, c.cfg.Suspensions = src.functions, src.lookup, 0
	if len(req.Functions) > 0 || req.Lookup {
		c.cfg.Functions, c.cfg.Lookup = req.Functions, req.Lookup
	}
	st, err := loadRoot(ctx, c.repo, src.root, src.extra, c.cfg)
	if err != nil {
		return nil, err
	}
	reply, err := progressReply(st.prog)
	if err != nil {
		return nil, err
	}
	out, err := c.headOnly(ctx, stateOf(st.prog), src.root, src.extra, src.bytes, reply)
	if err != nil {
		return nil, err
	}
	c.e.warm.put(head.Project, head.ID, head.Version+1, st)
	return out, nil
}

// --- dump, snapshots, history -------------------------------------------------------

// dump saves a session's last committed state as an immutable snapshot.
// The snapshot names a flushed root: when the head carries an overlay (or
// no state yet), dump flushes it first; otherwise it writes no chunks.
func (e *Engine) dump(ctx context.Context, caller Caller, req *protocol.Request) (*protocol.Reply, error) {
	project := caller.Project
	unlock := e.lock(req.Session)
	defer unlock()
	head, err := e.head(ctx, project, req.Session)
	if err != nil {
		return nil, err
	}
	if head.Ephemeral {
		return nil, protocol.Errorf(protocol.KindEphemeral, "this session is ephemeral, so it cannot be dumped")
	}
	id, err := e.derivedID(ctx, project, "snapshot", req.ID)
	if err != nil {
		return nil, err
	}
	if head.LastRequest == req.ID {
		if err := reusedFor(head, req); err != nil {
			return nil, err
		}
	}
	if s, err := e.meta.GetSnapshot(ctx, project, id); err == nil {
		if err := dumpReused(s, req); err != nil {
			return nil, err
		}
		return &protocol.Reply{OK: true, Snapshot: id}, nil
	}
	counter := &countingStore{Store: e.chunks}
	repo, err := e.repo(ctx, project, counter)
	if err != nil {
		return nil, err
	}
	root, bytes, stored := head.Root, head.Bytes, int64(0)
	kind, err := headKind(ctx, repo, head)
	if err != nil {
		return nil, err
	}
	if root == "" || len(head.Extra) > 0 {
		cfg, err := decodeConfig(head.Config)
		if err != nil {
			return nil, err
		}
		st, err := e.stateAt(ctx, repo, head, cfg)
		if err != nil {
			return nil, err
		}
		sv, err := st.flush(ctx, repo, counter, e.cfg.WholePageFlush)
		if err != nil {
			return nil, err
		}
		// The flushed state is the same state: it stays warm.
		e.warm.put(project, head.ID, head.Version, st)
		root, stored = sv.root.String(), sv.written
		if bytes == 0 {
			bytes = st.size
		}
	}
	if err := e.meta.AddUsage(ctx, project, charged(bytes)); err != nil {
		return nil, fmt.Errorf("engine: dump: %w", err)
	}
	now := e.cfg.Now()
	s := &meta.Snapshot{Project: project, ID: id, Root: root, Kind: kind, Bytes: bytes, Stored: stored, Created: now, Expires: e.expiry(now), Request: dumpRequest(req)}
	if err := e.meta.PutSnapshot(ctx, s); err != nil {
		_ = e.meta.AddUsage(context.WithoutCancel(ctx), project, -charged(bytes))
		if !errors.Is(err, meta.ErrConflict) {
			return nil, fmt.Errorf("engine: dump: %w", err)
		}
		// A concurrent dump with the same id made it first: ours only if
		// it dumped the same session.
		if err := e.concurrentDump(ctx, project, id, req); err != nil {
			return nil, err
		}
	}
	return &protocol.Reply{OK: true, Snapshot: id}, nil
}

// snapshots lists the project's live sessions and snapshots.
func (e *Engine) snapshots(ctx context.Context, caller Caller) (*protocol.Reply, error) {
	project := caller.Project
	now := e.cfg.Now()
	p, err := e.meta.GetProject(ctx, project)
	if err != nil {
		return nil, fmt.Errorf("engine: snapshots: %w", err)
	}
	sessions, err := e.meta.ListSessions(ctx, project)
	if err != nil {
		return nil, fmt.Errorf("engine: snapshots: %w", err)
	}
	snaps, err := e.meta.ListSnapshots(ctx, project)
	if err != nil {
		return nil, fmt.Errorf("engine: snapshots: %w", err)
	}
	var infos []protocol.SnapshotInfo
	var roots []string
	for _, s := range sessions {
		if s.Ephemeral || !now.Before(s.Expires) {
			continue
		}
		infos = append(infos, protocol.SnapshotInfo{
			ID: s.ID, Kind: "session", State: s.State, Bytes: s.Bytes,
			Created: rfc(s.Created), Saved: rfc(s.Saved), Expires: rfc(s.Expires),
		})
		roots = append(roots, s.Root)
	}
	for _, s := range snaps {
		if !now.Before(s.Expires) {
			continue
		}
		infos = append(infos, protocol.SnapshotInfo{
			ID: s.ID, Kind: s.Kind, Bytes: s.Bytes, Created: rfc(s.Created), Expires: rfc(s.Expires),
		})
		roots = append(roots, s.Root)
	}
	if err := e.sharing(ctx, project, roots, infos); err != nil {
		return nil, err
	}
	sort.SliceStable(infos, func(i, j int) bool { return infos[i].Created < infos[j].Created })
	return &protocol.Reply{OK: true, Snapshots: infos, Quota: &protocol.Quota{Used: p.Used, Limit: p.Quota}}, nil
}

// sharing fills StoredBytes (the uncompressed bytes of the distinct chunks
// each id reaches) and SharedBytes (the part also reached by another id).
func (e *Engine) sharing(ctx context.Context, project string, roots []string, infos []protocol.SnapshotInfo) error {
	repo, err := e.repo(ctx, project, nil)
	if err != nil {
		return err
	}
	users := map[cas.Addr]int{}
	sizes := map[cas.Addr]int64{}
	reach := make([][]cas.Addr, len(roots))
	for i, r := range roots {
		if r == "" {
			continue
		}
		a, err := cas.ParseAddr(r)
		if err != nil {
			return err
		}
		if err := repo.References(ctx, []cas.Addr{a}, func(ref cas.Ref) error {
			if ref.Size == 0 {
				return nil
			}
			reach[i] = append(reach[i], ref.Addr)
			users[ref.Addr]++
			sizes[ref.Addr] = ref.Size
			return nil
		}); err != nil {
			return fmt.Errorf("engine: snapshots: %w", err)
		}
	}
	for i := range infos {
		for _, a := range reach[i] {
			infos[i].StoredBytes += sizes[a]
			if users[a] > 1 {
				infos[i].SharedBytes += sizes[a]
			}
		}
	}
	return nil
}

func rfc(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// deleteSnapshot deletes a snapshot record (its chunks go at the next GC).
func (e *Engine) deleteSnapshot(ctx context.Context, caller Caller, req *protocol.Request) (*protocol.Reply, error) {
	s, err := e.meta.GetSnapshot(ctx, caller.Project, req.Snapshot)
	if errors.Is(err, meta.ErrNotFound) || (err == nil && !e.cfg.Now().Before(s.Expires)) {
		return nil, unknown(req.Snapshot)
	}
	if err != nil {
		return nil, fmt.Errorf("engine: delete snapshot: %w", err)
	}
	if err := e.meta.DeleteSnapshot(ctx, caller.Project, req.Snapshot); err != nil {
		return nil, fmt.Errorf("engine: delete snapshot: %w", err)
	}
	if c := charged(s.Bytes); c > 0 {
		_ = e.meta.AddUsage(ctx, caller.Project, -c)
	}
	return &protocol.Reply{OK: true}, nil
}

// history returns the steps the session's head remembers.
func (e *Engine) history(ctx context.Context, caller Caller, req *protocol.Request) (*protocol.Reply, error) {
	head, err := e.head(ctx, caller.Project, req.Session)
	if err != nil {
		return nil, err
	}
	return &protocol.Reply{OK: true, Steps: decodeSteps(head.Steps)}, nil
}
