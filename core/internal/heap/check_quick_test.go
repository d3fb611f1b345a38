package heap

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"
)

// Fused instructions exist only in the eval loop's derived copy of the
// code: a dump that carries one is hostile and must not load, since a
// fused instruction reads the instruction after it.
func TestCheckCodeRejectsFusedOpcodes(t *testing.T) {
	for op := compile.NumOpcodes; op < compile.NumQuickOpcodes; op++ {
		c := &compile.Code{
			Varnames:  []string{"x"},
			Instrs:    []compile.Instr{compile.MakeInstr(op, 0)},
			Lines:     []int32{1},
			StackSize: 2,
		}
		if err := CheckCode(c, 1); err == nil {
			t.Errorf("%v accepted", op)
		}
	}
	ok := &compile.Code{
		Varnames:  []string{"x"},
		Instrs:    []compile.Instr{compile.MakeInstr(compile.LOAD_FAST, 0), compile.MakeInstr(compile.RETURN_VALUE, 0)},
		Lines:     []int32{1, 1},
		StackSize: 2,
	}
	if err := CheckCode(ok, 1); err != nil {
		t.Errorf("plain code rejected: %v", err)
	}
}
