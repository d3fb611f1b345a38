package pystr

// Error describes a Python exception that an operation would raise.
// Type is the Python exception class name ("ValueError",
// "UnicodeDecodeError", ...); Msg is CPython's exact message.
// Package pyfmt re-exports this type as pyfmt.Error.
type Error struct {
	Type string
	Msg  string
}

// Error returns the exception message.
func (e *Error) Error() string { return e.Msg }

func valueError(msg string) *Error { return &Error{Type: "ValueError", Msg: msg} }
