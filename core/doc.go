// Package core is Amber's interpreter as a user imports it: a Session runs
// feeds of Python source in a sandbox, pauses at host function calls, name
// lookups and futures (the progress kinds), and dumps and loads its whole
// state. Config and Limits configure a session; errors are typed (see
// errors.go). Run runs a complete program once.
//
// Everything else lives under internal/, one stage or concern per package:
//
//	syntax -> compile -> heap -> vm <- stdlib (registers its modules)
//	pystr, pyfmt, pyre: pure helpers (str methods, formatting, regex)
//
// core/vm, core/syntax and core/compile are transitional forwarding
// packages for code outside core that has not moved to this package's API.
//
// Dependencies: the interpreter (internal/vm, heap, compile, syntax) and
// the standard library (internal/stdlib), which it links. Nothing under
// internal imports core.
package core
