// Package syntax implements a lexer and recursive-descent parser for Python
// 3.12 source code. It produces an abstract syntax tree that mirrors
// CPython's ast module node for node, with exact source positions, and
// reports errors as *SyntaxError values whose messages follow CPython's.
//
// The entry point is Parse.
//
// Dependencies: none of ours; it is the first stage.
package syntax
