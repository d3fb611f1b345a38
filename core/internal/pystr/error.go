// Package pystr implements Python's str and bytes methods on Go values.
//
// Python indexes str by code points while Go strings hold UTF-8 bytes, so
// every index accepted or returned by this package is a code-point index
// (for strings) or a byte index (for []byte functions). Functions never
// panic on bad input; operations that raise in Python return *Error.
//
// All behaviour follows CPython 3.11 (Unicode data as close to 14.0 as
// Go's unicode package and the generated tables allow).
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
