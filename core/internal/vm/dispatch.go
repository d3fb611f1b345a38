package vm

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// slowInstr is the instruction slowOp runs for the quickened instruction
// in when the loop's fast path for it gave up. The loop re-reads in from
// the quickened code at the slow label rather than carry it there from
// the dispatch: a value of the dispatch that is live in many cases is
// stored to the stack on every instruction (see VM.loop).
func slowInstr(in compile.Instr) compile.Instr {
	switch in.Op() {
	case compile.UNPACK_SEQUENCE__STORE_FAST, compile.UNPACK_SEQUENCE__TREE:
		// Their fast paths found no exact sequence of the right shape:
		// the plain unpack raises or iterates, and the STORE_FASTs
		// after it run on their own.
		return compile.MakeInstr(compile.UNPACK_SEQUENCE, in.Arg())
	}
	return in
}

// buildTuple runs BUILD_TUPLE of n > 0 items for the loop, with f.PC and
// f.SP written back: out of the loop, its calls keep nothing of the
// dispatch live. Allocation does not collect, so the items need no root
// while they are copied.
func (vm *VM) buildTuple(f *heap.Frame, n int) {
	sp := int(f.SP)
	b := sp - n
	t := heap.NewTupleLen(n)
	copy(t.Items, f.Slots[b:sp])
	clear(f.Slots[b:sp])
	f.Slots[b] = vm.H.Alloc(t)
	f.SP = int32(b + 1)
}

// How two ints or two floats compare, as one bit, and for each operator
// the bits that make it true: the loop's fused compares test them rather
// than call cmpOrdered, which the loop does not inline (it inlines only
// the smallest functions) and whose call would keep pc and sp live.
const (
	cmpBelow uint8 = 1 << iota
	cmpEqual
	cmpAbove
	cmpUnordered // a NaN: only != holds
)

// cmpTrue is indexed by the operator (compile.CmpLt to compile.CmpGe)
// masked to three bits; 6 and 7 are no operators and act as >=, as in
// cmpOrdered.
var cmpTrue = [8]uint8{
	compile.CmpLt: cmpBelow,
	compile.CmpLe: cmpBelow | cmpEqual,
	compile.CmpEq: cmpEqual,
	compile.CmpNe: cmpBelow | cmpAbove | cmpUnordered,
	compile.CmpGt: cmpAbove,
	compile.CmpGe: cmpEqual | cmpAbove,
	6:             cmpEqual | cmpAbove,
	7:             cmpEqual | cmpAbove,
}

func intOrder(x, y int64) uint8 {
	if x < y {
		return cmpBelow
	}
	if x == y {
		return cmpEqual
	}
	return cmpAbove
}

func floatOrder(x, y float64) uint8 {
	if x < y {
		return cmpBelow
	}
	if x == y {
		return cmpEqual
	}
	if x > y {
		return cmpAbove
	}
	return cmpUnordered
}

// opIs reports whether in's opcode is op. It compares the zero-extended
// opcode as a uintptr, the very value the dispatch's jump table is
// indexed with (the same type, so the compiler shares it), which is
// still in a register where a case starts; in itself is not (its
// register holds arg by then), and a case reading it would make every
// dispatch store it.
func opIs(in compile.Instr, op compile.Opcode) bool { return uintptr(in.Op()) == uintptr(op) }

// unboundHere is the UnboundLocalError of the local that the instruction
// before f.PC loads, for the loop's unbound-local paths: they take arg
// from the code rather than keep the dispatch's live into a cold path.
func (vm *VM) unboundHere(f *heap.Frame) error {
	return vm.unboundLocal(f.C.Code, (*f.C.Quick)[f.PC-1].Arg())
}
