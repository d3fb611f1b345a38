package core

import (
	"reflect"

	"github.com/amber-sandbox/amber/core/internal/pyfmt"
)

// FloatRepr is Python's repr (and str) of f: the shortest digits that
// round-trip, in exponent form below 1e-4 and from 1e16, and "nan", "inf"
// and "-inf". Hosts that show or encode floats (the wire protocol) use it
// to write them exactly as the sandbox would.
func FloatRepr(f float64) string { return pyfmt.FloatRepr(f) }

// MapKeyLess is the order a Go map's keys take when a Go value becomes a
// dict (numbers by value, strings lexically, other kinds by their printed
// form), for hosts that encode Go maps themselves to keep the same order.
func MapKeyLess(a, b reflect.Value) bool { return goKeyLess(a, b) }
