package vm

import (
	"math/big"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// bigValue is the int v (a machine int or a big int object) as a big.Int.
func bigValue(t *testing.T, v *VM, r Value) *big.Int {
	t.Helper()
	if r.K == heap.KInt {
		return big.NewInt(r.I())
	}
	o, ok := v.H.Get(r).(*heap.BigInt)
	if !ok {
		t.Fatalf("result %v is not an int", r)
	}
	return new(big.Int).Set(&o.V)
}

// bigSmallWords gives math/big's results (with Python's floor rules) for
// big ints whose words carry or borrow through several words, stop at
// once, or shrink to a machine int, in either order and with either sign.
func TestBigSmallWordsMatch(t *testing.T) {
	v := New()
	ones := func(n int) *big.Int { // 2**(64n) - 1: a carry runs through
		return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(64*n)), big.NewInt(1))
	}
	pow := func(n int) *big.Int { // 2**(64n): a borrow runs through
		return new(big.Int).Lsh(big.NewInt(1), uint(64*n))
	}
	rnd := randBig(7)
	var bigs []*big.Int
	for _, n := range []int{1, 2, 3, 5, 17} {
		bigs = append(bigs, ones(n), pow(n), rnd(n), new(big.Int).Add(pow(n), big.NewInt(5)))
	}
	bigs = append(bigs, new(big.Int).SetUint64(1<<63), new(big.Int).SetUint64(1<<63+1))
	smalls := []int64{0, 1, -1, 2, -2, 5, 7, 31, 63, 64, 65, 127, 128, 200, 0xFFFF, 1 << 62, 1<<63 - 1, -1 << 63, -1<<63 + 1}
	ops := []int{compile.BinAdd, compile.BinSub, compile.BinMul, compile.BinFloorDiv, compile.BinMod, compile.BinRShift}
	for _, b0 := range bigs {
		for _, neg := range []bool{false, true} {
			b := new(big.Int).Set(b0)
			if neg {
				b.Neg(b)
			}
			for _, s := range smalls {
				for _, op := range ops {
					for _, swapped := range []bool{false, true} {
						r, ok, err := v.bigSmallWords(op, b, s, swapped)
						if !ok || err != nil {
							continue
						}
						x, y := b, big.NewInt(s)
						if swapped {
							x, y = y, x
						}
						want := new(big.Int)
						switch op {
						case compile.BinAdd:
							want.Add(x, y)
						case compile.BinSub:
							want.Sub(x, y)
						case compile.BinMul:
							want.Mul(x, y)
						case compile.BinFloorDiv:
							m := new(big.Int)
							want.DivMod(x, y, m)
							if m.Sign() != 0 && y.Sign() < 0 {
								want.Add(want, big.NewInt(1))
							}
						case compile.BinMod:
							q := new(big.Int)
							q.DivMod(x, y, want)
							if want.Sign() != 0 && y.Sign() < 0 {
								want.Add(want, y)
							}
						case compile.BinRShift:
							want.Rsh(x, uint(y.Int64()))
						}
						if got := bigValue(t, v, r); got.Cmp(want) != 0 {
							t.Fatalf("%v op %d %v (swapped %v): got %v, want %v", b, op, s, swapped, got, want)
						}
						if r.K == heap.KRef && want.IsInt64() {
							t.Fatalf("%v op %d %v: %v not a machine int", b, op, s, want)
						}
					}
				}
			}
		}
	}
}

// bigAddBig gives math/big's sums and differences for big ints of equal
// and unequal lengths on both sides of addLoopWords, with carries running
// through every word, in every sign combination.
func TestBigAddBigMatches(t *testing.T) {
	v := New()
	rnd := randBig(11)
	var vals []*big.Int
	for _, n := range []int{1, 2, 3, 7, addLoopWords - 1, addLoopWords, addLoopWords + 1, 40} {
		ones := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(64*n)), big.NewInt(1))
		vals = append(vals, rnd(n), ones, new(big.Int).Lsh(big.NewInt(1), uint(64*n-1)))
	}
	vals = append(vals, big.NewInt(1), new(big.Int).SetUint64(1<<63))
	for _, x0 := range vals {
		for _, y0 := range vals {
			for signs := 0; signs < 4; signs++ {
				x, y := new(big.Int).Set(x0), new(big.Int).Set(y0)
				if signs&1 != 0 {
					x.Neg(x)
				}
				if signs&2 != 0 {
					y.Neg(y)
				}
				for _, sub := range []bool{false, true} {
					want := new(big.Int).Add(x, y)
					if sub {
						want.Sub(x, y)
					}
					if got := bigValue(t, v, v.bigAddBig(x, y, sub)); got.Cmp(want) != 0 {
						t.Fatalf("%v, %v (sub %v): got %v, want %v", x, y, sub, got, want)
					}
				}
			}
		}
	}
}
