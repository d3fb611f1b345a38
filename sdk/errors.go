package sdk

import (
	"errors"
	"fmt"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// Errors to test with errors.Is. Every error the server reports is one of
// the typed errors below; these sentinels name its kind.
var (
	// ErrUnknownSession: the id is not a live session or snapshot of the
	// project (never saved, deleted, expired, or another project's).
	ErrUnknownSession = errors.New("unknown session")
	// ErrEphemeral: Dump of an ephemeral session.
	ErrEphemeral = errors.New("this session is ephemeral, so it cannot be dumped")
	// ErrAlreadyResumed: a progress can be resumed only once.
	ErrAlreadyResumed = errors.New("this progress was already resumed")
	// ErrSessionBusy: a Session (or one of its progresses) was used by a
	// second goroutine while a call on it was still running. A session
	// runs one step at a time; use one session per goroutine, or fork.
	ErrSessionBusy = errors.New("sdk: the session is in use by another call")
	// ErrClosed: the pool or the session was closed.
	ErrClosed = errors.New("sdk: closed")

	// ErrConflict: another step on the session committed first.
	ErrConflict = errors.New("conflict")
	// ErrWrongLoader: LoadSession of a suspended snapshot, or
	// LoadSnapshot of a session dump.
	ErrWrongLoader = errors.New("wrong loader")
	// ErrNotFresh: a loader on a session that already ran or loaded.
	ErrNotFresh = errors.New("not a fresh session")
	// ErrQuota: the project's storage quota would be exceeded.
	ErrQuota = errors.New("quota exceeded")
	// ErrTooLarge: a request over the transport's message size limit.
	ErrTooLarge = errors.New("message too large")
	// ErrBadRequest: the server could not parse a request.
	ErrBadRequest = errors.New("bad request")
	// ErrUnauthorized: a missing or wrong API key.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrInternal: the server failed; the SDK already retried.
	ErrInternal = errors.New("internal error")
	// ErrNotFound: no such volume, or no such file in it.
	ErrNotFound = errors.New("not found")
)

// kindErrors maps protocol error kinds to the sentinels above.
var kindErrors = map[string]error{
	protocol.KindUnknownSession: ErrUnknownSession,
	protocol.KindEphemeral:      ErrEphemeral,
	protocol.KindAlreadyResumed: ErrAlreadyResumed,
	protocol.KindConflict:       ErrConflict,
	protocol.KindWrongLoader:    ErrWrongLoader,
	protocol.KindNotFresh:       ErrNotFresh,
	protocol.KindQuota:          ErrQuota,
	protocol.KindTooLarge:       ErrTooLarge,
	protocol.KindBadRequest:     ErrBadRequest,
	protocol.KindUnauthorized:   ErrUnauthorized,
	protocol.KindInternal:       ErrInternal,
	protocol.KindNotFound:       ErrNotFound,
}

// Error is a failure the server reported that is not a Python error or a
// limit: errors.Is(err, ErrUnknownSession) and the other sentinels match
// it by Kind. Its message is the server's.
type Error struct {
	Kind    string // a protocol error kind, e.g. "unknown_session"
	Message string
}

func (e *Error) Error() string { return e.Message }

// Is reports whether target is the sentinel of e's kind.
func (e *Error) Is(target error) bool {
	s, ok := kindErrors[e.Kind]
	return ok && s == target
}

// PythonError is an uncaught Python exception (or a syntax error, with
// Type "SyntaxError"): its type name, str(exc), and the traceback CPython
// would print.
type PythonError struct {
	Type      string
	Message   string
	Traceback string
}

func (e *PythonError) Error() string {
	if e.Message == "" {
		return e.Type
	}
	return e.Type + ": " + e.Message
}

// LimitError reports a session limit that was reached. Sandboxed code
// cannot catch it. (The recursion limit raises RecursionError instead,
// as in CPython: a *PythonError.)
type LimitError struct {
	// Kind is the limit: "duration", "memory", "allocations", "output"
	// or "suspensions".
	Kind    string
	Message string
}

func (e *LimitError) Error() string {
	if e.Kind == "" {
		return "limit: " + e.Message
	}
	return e.Kind + " limit: " + e.Message
}

// ShutdownError reports a step that could not be completed: the
// connection stayed lost through every retry, or ctx ended while the step
// was in flight. Dump names the session's last committed state — load it
// into a fresh session with LoadSession (or LoadSnapshot if the session
// was paused at a host call) to carry on from there. Err is the cause.
type ShutdownError struct {
	Dump []byte
	Err  error
}

func (e *ShutdownError) Error() string {
	return fmt.Sprintf("sdk: step not completed (resume from %q): %v", e.Dump, e.Err)
}

func (e *ShutdownError) Unwrap() error { return e.Err }

// fromProtocol turns a failed reply's error into the SDK's typed error.
func fromProtocol(pe *protocol.Error) error {
	if pe == nil {
		return &Error{Kind: protocol.KindInternal, Message: "failed reply without an error"}
	}
	switch pe.Kind {
	case protocol.KindPython, protocol.KindSyntax:
		typ := pe.Type
		if typ == "" && pe.Kind == protocol.KindSyntax {
			typ = "SyntaxError"
		}
		return &PythonError{Type: typ, Message: pe.Message, Traceback: pe.Traceback}
	case protocol.KindLimit:
		return &LimitError{Kind: pe.Type, Message: pe.Message}
	}
	msg := pe.Message
	if msg == "" {
		msg = pe.Kind
	}
	return &Error{Kind: pe.Kind, Message: msg}
}
