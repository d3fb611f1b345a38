package vm

// Computing big-int results into their operands' objects.
//
// In x = (x * 31 + i) // 7, the product and the sum are temporaries: each
// is made by one BINARY_OP and consumed by the next, and nothing else
// ever sees it. The sum can then be computed into the product's object,
// and the quotient into that same object again, with no new object and
// no new words: the heap slot, the words and the collector's work for
// the intermediate results are saved.
//
// The compiler marks the BINARY_OPs whose left or right operand is the
// result of a nested BINARY_OP (BinLeftTemp, BinRightTemp). That alone
// does not make the operand a temporary: a __add__ written in Python may
// return an object that is stored elsewhere. So opBinary also records,
// in fresh, the result of the last BINARY_OP whose own int arithmetic
// made it (a new object, or one computed into), and clears it at the
// start of every BINARY_OP that reaches it. An operand marked as the
// nested operation's result and equal to fresh, in the same frame, was
// made by that operation and has been on the operand stack only since:
// the instructions between it and its consumer cannot reach a value
// below their own on the stack. Any other BINARY_OP completing in
// between (in this frame or another) replaces or clears fresh, and a
// fresh value never equals an object stored anywhere: storing it takes
// an instruction that consumes it, after which it is not on the stack.
//
// The state is Go-only and never dumped: a session loaded elsewhere just
// starts with nothing fresh, and computes its next results into new
// objects.

import (
	"math/big"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// bigTemps is the VM's state for reusing temporaries.
type bigTemps struct {
	// fresh is the big int the last BINARY_OP made with its own int
	// arithmetic, in frame freshFrame.
	fresh      Value
	freshFrame *heap.Frame
	// into is the operand object the operation in progress may compute
	// into (nil: none), at value intoVal; used says resultWords has
	// handed it out.
	into    *heap.BigInt
	intoVal Value
	used    bool
	// made is the last big-int value storeBig returned.
	made Value
	// one is a scratch one-word operand for math/big (see word), on
	// oneW.
	one  big.Int
	oneW [1]big.Word
	// ops are two scratch operands for machine ints (see operand), on
	// opW.
	ops [2]big.Int
	opW [2][1]big.Word
	// other is the half of a division the operation does not return
	// (see bigDivModPooled); its words are kept for the next one.
	other big.Int
}

// word is m (non-zero) as a big.Int for math/big to read until the next
// call: a machine-int operand without an allocation.
func (t *bigTemps) word(m uint64) *big.Int {
	t.oneW[0] = big.Word(m)
	return t.one.SetBits(t.oneW[:])
}

// beginBigTemps starts a BINARY_OP with arg in frame f on a and b: it
// finds the operand the operation may compute into, and clears fresh.
func (vm *VM) beginBigTemps(f *heap.Frame, arg int, a, b Value) {
	t := &vm.bigTemps
	fresh, frame := t.fresh, t.freshFrame
	t.fresh, t.freshFrame, t.made = Value{}, nil, Value{}
	if fresh.K != heap.KRef || frame != f {
		return
	}
	var v Value
	switch {
	case arg&compile.BinLeftTemp != 0 && a == fresh:
		v = a
	case arg&compile.BinRightTemp != 0 && b == fresh:
		v = b
	default:
		return
	}
	if o, ok := vm.H.Get(v).(*heap.BigInt); ok {
		t.into, t.intoVal = o, v
	}
}

// endBigTemps ends what beginBigTemps started, the operation's result
// being r: r becomes fresh when the operation's arithmetic made it.
func (vm *VM) endBigTemps(f *heap.Frame, r Value) {
	t := &vm.bigTemps
	t.into, t.intoVal, t.used = nil, Value{}, false
	if r.K == heap.KRef && r == t.made {
		t.fresh, t.freshFrame = r, f
	}
	t.made = Value{}
}

// resultWords returns the object and n words for a big-int result: the
// operand's object being computed into when its words have room, else
// new ones. The word loops that call it read each operand word before
// writing the result word at the same or a lower index, so the result
// may share the operand's words.
func (vm *VM) resultWords(n int) (*heap.BigInt, []big.Word) {
	t := &vm.bigTemps
	if o := t.into; o != nil && !t.used {
		if w := o.V.Bits(); cap(w) >= n {
			t.used = true
			return o, w[:n:cap(w)]
		}
	}
	return vm.H.BigWords(n)
}

// storeBig returns the value of o, a result from resultWords with its
// magnitude and sign set: the operand's value when o was computed into
// (its page is now changed), else a new object.
func (vm *VM) storeBig(o *heap.BigInt) Value {
	t := &vm.bigTemps
	var v Value
	if t.used && o == t.into {
		v = t.intoVal
		vm.H.Touch(v)
	} else {
		v = vm.H.Alloc(o)
	}
	t.made = v
	return v
}

// dropBig gives back o and its words w from resultWords when the result
// fitted a machine int: to the pool if new, while an operand computed
// into stays where it is, garbage once the operation pops it.
func (vm *VM) dropBig(o *heap.BigInt, w []big.Word) {
	if t := &vm.bigTemps; t.used && o == t.into {
		return
	}
	vm.H.FreeBig(o, w)
}
