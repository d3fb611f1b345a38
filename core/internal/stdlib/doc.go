// Package stdlib is Amber's standard library: the modules a sandboxed
// program imports.
//
// Most modules are Python, kept as real .py files in lib/ and embedded;
// they run in the sandbox like user code, so they pause, persist and fork
// with it. Where Python would be too slow or needs the host's primitives
// (hashes, floats' bits, regex matching), a small native module in Go
// does that part: one file per module here, listed in the natives table
// of modules.go. Linking the package registers them all with the
// interpreter (package vm); core links it.
//
// Dependencies: vm, heap, compile, pyfmt, pyre and lib (the .py files).
package stdlib
