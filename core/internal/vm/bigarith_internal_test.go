package vm

import (
	"math/big"
	"math/rand"
	"strings"
	"testing"
	"time"
)

// randBig returns a source of random non-negative ints of a given number
// of words, seeded with seed.
func randBig(seed int64) func(words int) *big.Int {
	rng := rand.New(rand.NewSource(seed))
	return func(words int) *big.Int {
		b := make([]big.Word, words)
		for i := range b {
			b[i] = big.Word(rng.Uint64())
		}
		return new(big.Int).SetBits(b)
	}
}

// The chunked, interruptible big-int operations give math/big's results.
func TestChunkedBigArithMatches(t *testing.T) {
	v := New()
	rnd := randBig(1)
	for _, c := range [][2]int{{20000, 8193}, {25000, 12000}} {
		x, y := rnd(c[0]), rnd(c[1])
		z := new(big.Int)
		if err := v.MulBig(z, x, y.Neg(y)); err != nil || z.Cmp(new(big.Int).Mul(x, y)) != 0 {
			t.Fatalf("%v: MulBig mismatch (%v)", c, err)
		}
	}
	for _, c := range [][2]int{{20000, 9000}, {8200 * 3, 8200}} {
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				x, y := rnd(c[0]), rnd(c[1])
				if sx < 0 {
					x.Neg(x)
				}
				if sy < 0 {
					y.Neg(y)
				}
				q, r, err := v.QuoRemBig(x, y)
				if err != nil {
					t.Fatal(err)
				}
				wq, wr := new(big.Int).QuoRem(x, y, new(big.Int))
				if q.Cmp(wq) != 0 || r.Cmp(wr) != 0 {
					t.Fatalf("%v: QuoRemBig mismatch", c)
				}
				fq, fr, _ := v.floorDivModBig(x, y)
				gq, gr := bigFloorDivMod(x, y)
				if fq.Cmp(gq) != 0 || fr.Cmp(gr) != 0 {
					t.Fatalf("%v: floor mismatch", c)
				}
			}
		}
	}
}

func TestDecimalStringMatches(t *testing.T) {
	v := New()
	for _, bitsN := range []int{1 << 19, 1<<20 + 12345} {
		x := new(big.Int).Lsh(big.NewInt(1), uint(bitsN))
		x.Sub(x, big.NewInt(987654321))
		for _, y := range []*big.Int{x, new(big.Int).Neg(x), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(bitsN/3)), nil)} {
			s, err := v.decimalString(y)
			if err != nil {
				t.Fatal(err)
			}
			if s != y.String() {
				t.Fatalf("%d bits: decimalString differs", bitsN)
			}
		}
	}
}

func TestParseDecimalBigMatches(t *testing.T) {
	v := New()
	var digits []byte
	for i := 0; i < 200001; i++ {
		digits = append(digits, byte('0'+(i*7919)%10))
	}
	for _, s := range []string{string(digits), " -" + string(digits) + "\n", "+00" + string(digits[:70000])} {
		got, ok, err := v.parseDecimalBig(s)
		if !ok || err != nil {
			t.Fatalf("ok=%v err=%v", ok, err)
		}
		want, _ := new(big.Int).SetString(strings.TrimSpace(s), 10)
		if got.Cmp(want) != 0 {
			t.Fatalf("parse differs for %d digits", len(s))
		}
	}
	if _, ok, _ := v.parseDecimalBig(string(digits[:1000])); ok {
		t.Fatal("short input taken")
	}
	if _, ok, _ := v.parseDecimalBig(string(digits) + "_1"); ok {
		t.Fatal("underscore taken")
	}
}

// The step-wise square root and modular inverse give math/big's results.
func TestStepwiseSqrtAndInverseMatch(t *testing.T) {
	v := New()
	v.Limits.MaxDuration = int64(time.Hour)
	rnd := randBig(2)
	for _, words := range []int{bigWork/64 + 1, bigWork/64 + 77} {
		n := rnd(words)
		for _, x := range []*big.Int{n, new(big.Int).Mul(n, n), new(big.Int).Sub(new(big.Int).Mul(n, n), big.NewInt(1))} {
			r, err := v.SqrtBig(x)
			if err != nil || r.Cmp(new(big.Int).Sqrt(x)) != 0 {
				t.Fatalf("SqrtBig of %d bits mismatch (%v)", x.BitLen(), err)
			}
		}
	}
	m := new(big.Int).Lsh(big.NewInt(1), bigWork+64)
	m.Add(m, big.NewInt(1))
	for _, a := range []*big.Int{rnd(bigWork/64 + 1), new(big.Int).Lsh(big.NewInt(3), bigWork)} {
		a.Mod(a, m)
		got, err := v.ModInverseBig(a, m)
		want := new(big.Int).ModInverse(a, m)
		if err != nil || (got == nil) != (want == nil) || (got != nil && got.Cmp(want) != 0) {
			t.Fatalf("ModInverseBig mismatch (%v)", err)
		}
	}
	// No inverse: a shares a factor with m.
	if got, err := v.ModInverseBig(new(big.Int).Lsh(big.NewInt(6), bigWork), new(big.Int).Lsh(big.NewInt(4), bigWork)); got != nil || err != nil {
		t.Fatalf("ModInverseBig of a non-invertible value: %v, %v", got, err)
	}
}
