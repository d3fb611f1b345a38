package heap

import "math"

// Kind tags a Value.
type Kind uint8

const (
	// KUndef marks an unbound slot: an unassigned local, a deleted entry,
	// "no value" in an optional argument. It never reaches Python code.
	KUndef Kind = iota
	KNone
	KBool
	KInt   // N holds an int64
	KFloat // N holds the IEEE-754 bits
	KRef   // N holds a Handle
	KNotImplemented
	KEllipsis
)

// Value is a tagged word: an immediate or a handle to a heap object.
// It is 16 bytes and is passed by value; the zero Value is Undef.
type Value struct {
	K Kind
	N uint64
}

// Handle addresses an object in the heap.
type Handle uint32

var (
	Undef          = Value{}
	None           = Value{K: KNone}
	True           = Value{K: KBool, N: 1}
	False          = Value{K: KBool, N: 0}
	NotImplemented = Value{K: KNotImplemented}
	Ellipsis       = Value{K: KEllipsis}
)

// Int returns a small int value.
func Int(i int64) Value { return Value{K: KInt, N: uint64(i)} }

// Float returns a float value.
func Float(f float64) Value { return Value{K: KFloat, N: math.Float64bits(f)} }

// Bool returns True or False.
func Bool(b bool) Value {
	if b {
		return True
	}
	return False
}

// Ref returns a value referring to the object at h.
func Ref(h Handle) Value { return Value{K: KRef, N: uint64(h)} }

// I returns the int64 payload of a KInt value.
func (v Value) I() int64 { return int64(v.N) }

// F returns the float64 payload of a KFloat value.
func (v Value) F() float64 { return math.Float64frombits(v.N) }

// H returns the handle of a KRef value, and 0, the handle that never
// holds an object, for any other value. An int's payload is never read
// as a handle: code outside this package has no other way to turn a
// Value into a Handle, so a number a program computed can never name an
// object of the heap (forged references; see Heap.Get).
func (v Value) H() Handle {
	if v.K != KRef {
		return 0
	}
	return Handle(v.N)
}

// B returns the payload of a KBool value.
func (v Value) B() bool { return v.N != 0 }

// IsRef reports whether v refers to a heap object.
func (v Value) IsRef() bool { return v.K == KRef }

// IsUndef reports whether v is the unbound marker.
func (v Value) IsUndef() bool { return v.K == KUndef }

// IsNone reports whether v is None.
func (v Value) IsNone() bool { return v.K == KNone }
