// Package pyfmt implements Python's number formatting and parsing rules
// (float repr, int()/float() parsing, format specs, str.format and
// printf-style % parsing) on plain Go values. It knows nothing of the VM:
// callers convert Python objects to Go values and translate *Error values
// into Python exceptions.
//
// All behaviour follows CPython 3.11.
//
// Dependencies: pystr.
package pyfmt
