package vm

import (
	"math"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"
)

// floatSimple answers + - * as floatFast does, and nothing else.
func TestFloatSimpleMatchesFloatFast(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1.5, -2.25, 1e308, -1e308, math.Inf(1), math.Inf(-1), math.NaN(), 5e-324}
	ops := []int{compile.BinAdd, compile.BinSub, compile.BinMul, compile.BinTrueDiv, compile.BinFloorDiv,
		compile.BinMod, compile.BinPow, compile.BinAnd, compile.BinLShift}
	for _, op := range ops {
		simple := op == compile.BinAdd || op == compile.BinSub || op == compile.BinMul
		for _, a := range vals {
			for _, b := range vals {
				r, ok := floatSimple(op, a, b)
				if ok != simple {
					t.Fatalf("op %d: floatSimple ok=%v", op, ok)
				}
				if !ok {
					continue
				}
				want, wok := floatFast(op, a, b)
				if !wok || math.Float64bits(r.F()) != math.Float64bits(want.F()) && !(math.IsNaN(r.F()) && math.IsNaN(want.F())) {
					t.Errorf("op %d (%v, %v): got %v want %v", op, a, b, r.F(), want.F())
				}
			}
		}
	}
}
