package vm

// This file declares the numeric hooks the generic operations call. The
// numbers engineer replaces it with the real implementations (numbers.go).

import "github.com/amber-sandbox/amber/core/compile"

// numBinary implements binary operator op (compile.BinAdd ... BinFloorDiv,
// with the BinInplace bit already stripped) when both operands are numbers:
// bool, small int, big int, float, complex (and instances of int/float
// subclasses, via vm.Prim). It returns heap.NotImplemented when either
// operand is not a number. Errors: ZeroDivisionError ("division by zero",
// "integer division or modulo by zero", "float division by zero", ...),
// OverflowError, ValueError ("negative shift count") with CPython's messages.
func (vm *VM) numBinary(op int, a, b Value) (Value, error) { panic("numBinary") }

// numUnary implements UNARY_NEGATIVE, UNARY_POSITIVE, UNARY_INVERT for
// numbers; heap.NotImplemented if v is not a number.
func (vm *VM) numUnary(op compile.Opcode, v Value) (Value, error) { panic("numUnary") }

// numCompare compares two numbers (op is compile.CmpLt ...); ok=false when
// either is not a number (complex supports only == and !=; for < on
// complex return ok=false so the caller raises TypeError).
func (vm *VM) numCompare(op int, a, b Value) (r bool, ok bool) { panic("numCompare") }

// hashNumber is hash() of a number with CPython's exact algorithm (ints
// modulo 2**61-1, hash(-1) == -2, floats that are integral hash like the
// int, other floats via frexp, inf 314159, nan 0 is fine, complex combine).
func (vm *VM) hashNumber(v Value) (int64, bool) { panic("hashNumber") }

// reprNumber is repr() of a number (int, bool, float, complex).
func (vm *VM) reprNumber(v Value) (string, bool) { panic("reprNumber") }

// formatNumber implements format(v, spec) for numbers with the full
// format-spec mini-language (use core/pyfmt). handled=false if v is not a number.
func (vm *VM) formatNumber(v Value, spec string) (s string, handled bool, err error) {
	panic("formatNumber")
}

// IndexOf converts v to a Go int for indexing (int, bool, or an object with
// __index__); TypeError otherwise with CPython's message shape, which the
// caller supplies as what ("list indices must be integers or slices, not str").
func (vm *VM) IndexOf(v Value) (int64, bool) { panic("IndexOf") }
