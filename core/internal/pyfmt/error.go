package pyfmt

import "github.com/amber-sandbox/amber/core/internal/pystr"

// Error describes a Python exception that an operation would raise.
// Type is the Python exception class name ("ValueError", "TypeError",
// "OverflowError", "KeyError", "IndexError", ...); Msg is CPython's exact
// message. It is the same type as pystr.Error, so callers handle a single
// error type for both packages.
type Error = pystr.Error

func valueError(msg string) *Error    { return &Error{Type: "ValueError", Msg: msg} }
func overflowError(msg string) *Error { return &Error{Type: "OverflowError", Msg: msg} }
