// Package pyre is a regular expression engine compatible with Python 3.11's
// re module: the same syntax, the same error messages and positions, and a
// backtracking matcher over code points with the same leftmost, ordered
// (first alternative wins) semantics.
//
// The matcher never recurses on the Go stack: backtracking state lives in an
// explicit stack whose size is bounded, and every match call runs under a
// step budget so that catastrophic patterns can be stopped. The parser
// recurses once per level of groups, which MaxNesting bounds as CPython's
// recursion limit bounds its parser; CompileChecked lets a long pattern
// meet a deadline while it compiles.
//
// Dependencies: nothing of ours.
package pyre
