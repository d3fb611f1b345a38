// Package pystr implements Python's str and bytes methods on Go values.
//
// Python indexes str by code points while Go strings hold UTF-8 bytes, so
// every index accepted or returned by this package is a code-point index
// (for strings) or a byte index (for []byte functions). Functions never
// panic on bad input; operations that raise in Python return *Error.
//
// All behaviour follows CPython 3.11 (Unicode data as close to 14.0 as
// Go's unicode package and the generated tables allow).
//
// Dependencies: nothing of ours: pure helpers on Go strings and bytes.
package pystr
