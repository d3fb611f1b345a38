package core

import (
	"errors"
	"fmt"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// SyntaxError is a Python syntax error with CPython's rendering in Format.
type SyntaxError = syntax.SyntaxError

// RuntimeError is an uncaught Python exception: its type name, str(exc)
// as Message, and as Traceback the text CPython would print.
type RuntimeError struct {
	Type      string
	Message   string
	Traceback string
}

func (e *RuntimeError) Error() string { return e.Traceback }

// LimitError reports an exceeded limit; sandboxed code cannot catch it.
// Kind is "duration", "memory", "allocations", "output", "recursion" or
// "suspensions".
type LimitError struct {
	Kind string
	Msg  string
}

func (e *LimitError) Error() string { return e.Msg }

// DumpError reports a dump that cannot be loaded: it is corrupt or
// truncated, of another format version, or of the other kind (a session
// dump given to LoadSnapshot or the reverse).
type DumpError struct {
	Reason string
	Err    error // the underlying decode error, if any
}

func (e *DumpError) Error() string {
	if e.Err != nil {
		return "amber: bad dump: " + e.Reason + ": " + e.Err.Error()
	}
	return "amber: bad dump: " + e.Reason
}

func (e *DumpError) Unwrap() error { return e.Err }

// Exception is a Python exception by type name and message. Host code
// returns it (or any error) to raise in the sandbox, and values of raised
// exceptions cross back to the host as *Exception.
type Exception struct {
	Type    string // a builtin exception class name, e.g. "ValueError"
	Message string
	// Args are the exception's args as Go values, set when it came from
	// the sandbox, so that handed back it is rebuilt with the same args
	// (ValueError('x', 2) keeps both). When nil, Message is the one arg.
	Args []any
}

func (e *Exception) Error() string {
	if e.Message == "" {
		return e.Type
	}
	return e.Type + ": " + e.Message
}

// Errors about the use of a session. Test with errors.Is.
var (
	// ErrAlreadyResumed: a progress can be resumed only once.
	ErrAlreadyResumed = errors.New("amber: this progress was already resumed")
	// ErrStaleProgress: the progress no longer belongs to the session's
	// live suspension (the session moved on, or was loaded afresh).
	ErrStaleProgress = errors.New("amber: this progress is not the session's live suspension")
	// ErrSessionUsed: LoadSession and LoadSnapshot need a fresh session.
	ErrSessionUsed = errors.New("amber: a dump can only be loaded into a fresh session, before any feed")
	// ErrSuspended: the session has a live suspension; resume it first.
	ErrSuspended = errors.New("amber: the session is suspended; resume its progress first")
	// ErrInternal: a bug of the interpreter stopped the call; its details
	// (the Go stack) went to Config.Logger, not into this error.
	ErrInternal = errors.New("amber: internal error (reported to the host's log)")
	// ErrNoAutoResume: ResumeAuto cannot answer this progress.
	ErrNoAutoResume = errors.New("amber: cannot resume automatically")
)

// wrongKind builds the DumpError for a dump of the other kind.
func wrongKind(got, want string) error {
	return &DumpError{Reason: fmt.Sprintf("this is a %s dump, not a %s dump", got, want)}
}

// ExitError reports that the program raised SystemExit (sys.exit()). Code
// is the exit status; Message is printed to stderr when the argument was
// not an int.
type ExitError struct {
	Code    int
	Message string
}

func (e *ExitError) Error() string { return fmt.Sprintf("exit status %d", e.Code) }
