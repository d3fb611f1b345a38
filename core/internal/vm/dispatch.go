package vm

import "github.com/amber-sandbox/amber/core/internal/compile"

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
