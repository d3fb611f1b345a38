package engine

import (
	"context"
	"errors"
	"strings"

	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// asProtocolError maps an error to the wire's error kinds: core's typed
// errors, the metadata store's conflicts and quota, and anything else as
// internal (safe to retry with the same request id).
func asProtocolError(err error) *protocol.Error {
	var (
		pe *protocol.Error
		se *core.SyntaxError
		re *core.RuntimeError
		le *core.LimitError
		de *core.DumpError
		ee *core.ExitError
		ve *protocol.ValueError
		te *core.TypeCheckError
	)
	switch {
	case errors.As(err, &pe):
		return pe
	case errors.As(err, &te):
		lines := make([]string, len(te.Findings))
		for i, f := range te.Findings {
			lines[i] = f.String()
		}
		return &protocol.Error{Kind: protocol.KindSyntax, Type: "TypeCheckError", Message: te.Error(), Traceback: strings.Join(lines, "\n") + "\n"}
	case errors.As(err, &se):
		return &protocol.Error{Kind: protocol.KindSyntax, Type: se.Kind, Message: se.Error(), Traceback: se.Format()}
	case errors.As(err, &re):
		return &protocol.Error{Kind: protocol.KindPython, Type: re.Type, Message: re.Message, Traceback: re.Traceback}
	case errors.As(err, &le):
		return &protocol.Error{Kind: protocol.KindLimit, Type: le.Kind, Message: le.Msg}
	case errors.As(err, &ee):
		return &protocol.Error{Kind: protocol.KindPython, Type: "SystemExit", Message: ee.Error()}
	case errors.Is(err, core.ErrAlreadyResumed), errors.Is(err, core.ErrStaleProgress):
		return &protocol.Error{Kind: protocol.KindAlreadyResumed, Message: err.Error()}
	case errors.Is(err, core.ErrSessionUsed):
		return &protocol.Error{Kind: protocol.KindNotFresh, Message: err.Error()}
	case errors.As(err, &de) && strings.Contains(de.Reason, " dump, not a "):
		return &protocol.Error{Kind: protocol.KindWrongLoader, Message: err.Error()}
	case errors.Is(err, core.ErrSuspended):
		return &protocol.Error{Kind: protocol.KindBadRequest, Message: err.Error()}
	case errors.As(err, &ve):
		return &protocol.Error{Kind: protocol.KindBadRequest, Message: err.Error()}
	case errors.Is(err, meta.ErrConflict):
		return &protocol.Error{Kind: protocol.KindConflict, Message: "another step on this session committed first; retry"}
	case errors.Is(err, meta.ErrQuota):
		return &protocol.Error{Kind: protocol.KindQuota, Message: "the project's storage quota would be exceeded"}
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return &protocol.Error{Kind: protocol.KindInternal, Message: "the step ran out of time before it committed; retry: " + err.Error()}
	}
	return &protocol.Error{Kind: protocol.KindInternal, Message: err.Error()}
}

// committable reports whether a failed run still changed the session and
// must commit (with its error as the recorded reply): Python errors,
// syntax errors and limits end the feed, which leaves the session idle.
func committable(err error) bool {
	var (
		se *core.SyntaxError
		re *core.RuntimeError
		le *core.LimitError
		ee *core.ExitError
		te *core.TypeCheckError
	)
	return errors.As(err, &se) || errors.As(err, &re) || errors.As(err, &le) || errors.As(err, &ee) || errors.As(err, &te)
}
