package engine

import (
	"context"
	"slices"

	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
	"github.com/amber-sandbox/amber/functions/telemetry"
)

// This file is the engine's side of functions/telemetry: where a step's
// span starts and ends, its phases, the host-call events and what the
// stores' spans are called. With Config.Telemetry nil and no traceparent
// on the request every hook is a nil check.

// startTrace starts the telemetry of one request.
func (e *Engine) startTrace(ctx context.Context, caller Caller, req *protocol.Request) (context.Context, *telemetry.Step) {
	if e.tel == nil && req.TraceParent == "" {
		return ctx, nil
	}
	return e.tel.StartStep(ctx, telemetry.StepInfo{
		Op: req.Op, Project: caller.Project, Session: req.Session, TraceParent: req.TraceParent,
	})
}

// endTrace ends a request's telemetry with its reply.
func endTrace(ctx context.Context, ts *telemetry.Step, rep *protocol.Reply) {
	if ts == nil {
		return
	}
	outcome, kind, typ := "ok", "", ""
	switch {
	case rep.Error != nil:
		outcome, kind, typ = "error", rep.Error.Kind, rep.Error.Type
	case rep.Progress != "":
		outcome = rep.Progress
	}
	ts.End(ctx, outcome, kind, typ)
}

// phase starts a step's phase (telemetry.SpanLoad, SpanRun, SpanCommit).
func phase(ctx context.Context, name string) context.Context {
	return telemetry.FromContext(ctx).Phase(ctx, name)
}

// traced is the step's trace id for its history entry.
func traced(ctx context.Context) string {
	return telemetry.FromContext(ctx).TraceID()
}

// traceAnswer records a resume's answer to the pending host call, before
// it runs: the declared function's name, the kind of answer and the time
// the host took since the pause was committed.
func traceAnswer(ctx context.Context, c *commit, st *state) {
	ts := telemetry.FromContext(ctx)
	if ts == nil || c.req.Op != protocol.OpResume {
		return
	}
	call, ok := st.prog.(*core.FunctionCall)
	if !ok {
		return
	}
	req := c.req
	answer := "value"
	switch {
	case req.Exception != nil:
		answer = "exception"
	case req.Future:
		answer = "future"
	case req.NotHandled:
		answer = "not_handled"
	}
	name := call.Name
	declared := slices.Contains(c.cfg.Functions, name)
	if call.OSCall != "" {
		name, declared = call.OSCall, true
	}
	ts.HostAnswer(name, declared, call.CallID, answer, c.e.cfg.Now().Sub(c.head.Saved))
}

// tracePause records the host call a step paused at.
func tracePause(ctx context.Context, c *commit, p core.Progress) {
	ts := telemetry.FromContext(ctx)
	if ts == nil {
		return
	}
	if call, ok := p.(*core.FunctionCall); ok {
		ts.HostCall(call.Name, slices.Contains(c.cfg.Functions, call.Name), call.CallID, call.OSCall)
	}
}

// traceLoaded records how stateAt got the interpreter.
func traceLoaded(ctx context.Context, warm bool, st *state) {
	if ts := telemetry.FromContext(ctx); ts != nil {
		ts.Loaded(warm, st.loadedPages, st.loadedBytes)
	}
}

// traceCommitted records a committed head.
func traceCommitted(ctx context.Context, h *meta.Session, stats *protocol.StepStats) {
	if ts := telemetry.FromContext(ctx); ts != nil {
		ts.Committed(h.Version, stats.DirtyPages, stats.BytesStored, h.Bytes)
	}
}

// traceReplayed records a request answered from its recorded reply.
func traceReplayed(ctx context.Context) {
	telemetry.FromContext(ctx).Replayed()
}

// metaSystem names a metadata store for its spans.
func metaSystem(m meta.Store) string {
	switch m.(type) {
	case *meta.Bolt:
		return telemetry.SystemBolt
	case *meta.Dynamo:
		return telemetry.SystemDynamoDB
	}
	return "meta"
}

// warmSessions counts the interpreters the warm cache holds.
func (e *Engine) warmSessions() int64 { return int64(e.warm.len()) }
