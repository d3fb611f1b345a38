package stdlib

import (
	"crypto/sha512"
	"encoding/binary"
	py "github.com/amber-sandbox/amber/core/internal/vm"
	"math"
	"math/big"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// The random module: CPython's Mersenne Twister, bit for bit, so seeded
// programs print CPython's numbers.
//
// A generator's state is a bytearray of 625 little-endian uint32 words
// (624 words of MT state, then the index) held by the Random instance, so
// it is ordinary heap data that dumps, restores and forks with the rest of
// the session. The Python half (randrange, choice, shuffle, sample, ...)
// follows CPython's random.py line by line, because which getrandbits
// calls it makes decides the numbers a seed yields.
//
// The sandbox has no entropy source: an unseeded generator (and
// random.seed() / random.seed(None)) is seeded with defaultRandomSeed, so
// unseeded programs are deterministic. A host that wants real randomness
// can hand a seed in and call random.seed(value) before the program runs.

const (
	mtN         = 624
	mtM         = 397
	mtMatrixA   = 0x9908b0df
	mtUpperMask = 0x80000000
	mtLowerMask = 0x7fffffff
	mtStateSize = (mtN + 1) * 4

	// defaultRandomSeed seeds generators that were not given a seed.
	defaultRandomSeed = 0x414d424552 // "AMBER"
)

// mtState views a generator's bytearray.
type mtState []byte

func (s mtState) word(i int) uint32       { return binary.LittleEndian.Uint32(s[i*4:]) }
func (s mtState) setWord(i int, v uint32) { binary.LittleEndian.PutUint32(s[i*4:], v) }
func (s mtState) index() int              { return int(s.word(mtN)) }
func (s mtState) setIndex(i int)          { s.setWord(mtN, uint32(i)) }

func (s mtState) initGenrand(seed uint32) {
	s.setWord(0, seed)
	for i := 1; i < mtN; i++ {
		p := s.word(i - 1)
		s.setWord(i, 1812433253*(p^(p>>30))+uint32(i))
	}
	s.setIndex(mtN)
}

func (s mtState) initByArray(key []uint32) {
	s.initGenrand(19650218)
	i, j := 1, 0
	k := max(mtN, len(key))
	for ; k > 0; k-- {
		p := s.word(i - 1)
		s.setWord(i, (s.word(i)^((p^(p>>30))*1664525))+key[j]+uint32(j))
		i++
		j++
		if i >= mtN {
			s.setWord(0, s.word(mtN-1))
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = mtN - 1; k > 0; k-- {
		p := s.word(i - 1)
		s.setWord(i, (s.word(i)^((p^(p>>30))*1566083941))-uint32(i))
		i++
		if i >= mtN {
			s.setWord(0, s.word(mtN-1))
			i = 1
		}
	}
	s.setWord(0, 0x80000000)
}

func (s mtState) twist() {
	mag := func(y uint32) uint32 { return (y >> 1) ^ (mtMatrixA * (y & 1)) }
	kk := 0
	for ; kk < mtN-mtM; kk++ {
		y := (s.word(kk) & mtUpperMask) | (s.word(kk+1) & mtLowerMask)
		s.setWord(kk, s.word(kk+mtM)^mag(y))
	}
	for ; kk < mtN-1; kk++ {
		y := (s.word(kk) & mtUpperMask) | (s.word(kk+1) & mtLowerMask)
		s.setWord(kk, s.word(kk+mtM-mtN)^mag(y))
	}
	y := (s.word(mtN-1) & mtUpperMask) | (s.word(0) & mtLowerMask)
	s.setWord(mtN-1, s.word(mtM-1)^mag(y))
	s.setIndex(0)
}

func (s mtState) genrand() uint32 {
	i := s.index()
	if i >= mtN {
		s.twist()
		i = 0
	}
	y := s.word(i)
	s.setIndex(i + 1)
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

func (s mtState) random() float64 {
	a, b := s.genrand()>>5, s.genrand()>>6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// seedBig seeds from a non-negative integer, as CPython's random_seed does.
func (s mtState) seedBig(n *big.Int) {
	n = new(big.Int).Abs(n)
	var key []uint32
	mask := big.NewInt(0xffffffff)
	for t := new(big.Int).Set(n); t.Sign() > 0; t.Rsh(t, 32) {
		key = append(key, uint32(new(big.Int).And(t, mask).Uint64()))
	}
	if len(key) == 0 {
		key = []uint32{0}
	}
	s.initByArray(key)
}

func (s mtState) getrandbits(k int64) *big.Int {
	if k <= 32 {
		return new(big.Int).SetUint64(uint64(s.genrand() >> (32 - k)))
	}
	words := (k-1)/32 + 1
	buf := make([]byte, words*4)
	for i := int64(0); i < words; i++ {
		r := s.genrand()
		if k < 32 {
			r >>= 32 - k
		}
		// big-endian bytes, least significant word last
		binary.BigEndian.PutUint32(buf[(words-1-i)*4:], r)
		k -= 32
	}
	return new(big.Int).SetBytes(buf)
}

func initRandom(vm *py.VM, m py.Value) error {
	vm.ModuleFunc(m, "_random.new", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		st := make(mtState, mtStateSize)
		st.seedBig(big.NewInt(defaultRandomSeed))
		return vm.NewBytes(st, true), nil
	})
	vm.ModuleFunc(m, "_random.seed", randomSeed)
	vm.ModuleFunc(m, "_random.random", mtFunc(1, func(vm *py.VM, st mtState, a py.Args) (py.Value, error) {
		r := st.random()
		vm.H.Touch(a.Pos[0])
		return heap.Float(r), nil
	}))
	vm.ModuleFunc(m, "_random.getrandbits", mtFunc(2, func(vm *py.VM, st mtState, a py.Args) (py.Value, error) {
		k, err := indexArg(vm, a.Pos[1])
		if err != nil {
			return heap.Undef, err
		}
		if k < 0 {
			return heap.Undef, vm.ValueError("number of bits must be non-negative")
		}
		if k == 0 {
			return heap.Int(0), nil
		}
		if k > 1<<24 {
			return heap.Undef, vm.Errorf(py.TOverflowError, "getrandbits: too many bits requested")
		}
		r := st.getrandbits(k)
		vm.H.Touch(a.Pos[0])
		return vm.NewBigInt(r), nil
	}))
	vm.ModuleFunc(m, "_random.getstate", mtFunc(1, func(vm *py.VM, st mtState, a py.Args) (py.Value, error) {
		items := make([]py.Value, mtN+1)
		for i := range items {
			items[i] = heap.Int(int64(st.word(i)))
		}
		return vm.NewTuple(items), nil
	}))
	vm.ModuleFunc(m, "_random.setstate", mtFunc(2, func(vm *py.VM, st mtState, a py.Args) (py.Value, error) {
		t, ok := vm.TupleOf(a.Pos[1])
		if !ok {
			return heap.Undef, vm.TypeError("state vector must be a tuple")
		}
		if len(t.Items) != mtN+1 {
			return heap.Undef, vm.ValueError("state vector is the wrong size")
		}
		words := make([]uint32, mtN+1)
		for i, v := range t.Items {
			n, ok := vm.BigOf(v)
			if !ok || n.Sign() < 0 || n.BitLen() > 32 {
				return heap.Undef, vm.Errorf(py.TOverflowError, "Python int too large to convert to C unsigned long")
			}
			words[i] = uint32(n.Uint64())
		}
		if words[mtN] > mtN {
			return heap.Undef, vm.ValueError("invalid state")
		}
		for i, w := range words {
			st.setWord(i, w)
		}
		vm.H.Touch(a.Pos[0])
		return heap.None, nil
	}))
	// Float helpers for the distributions, so random does not depend
	// on the math module.
	for _, f := range []struct {
		name string
		fn   func(float64) float64
	}{{"log", math.Log}, {"exp", math.Exp}, {"sqrt", math.Sqrt}, {"cos", math.Cos}, {"sin", math.Sin}, {"acos", math.Acos}} {
		vm.ModuleFunc(m, "_random."+f.name, randomFloatFunc(f.name, f.fn))
	}
	return nil
}

// floatArg converts an int or float argument to float64.
func floatArg(vm *py.VM, v py.Value) (float64, bool) {
	v = vm.Prim(v)
	switch v.K {
	case heap.KFloat:
		return math.Float64frombits(v.N), true
	case heap.KInt, heap.KBool:
		n, _ := vm.BigOf(v)
		f, _ := new(big.Float).SetInt(n).Float64()
		return f, true
	case heap.KRef:
		if n, ok := vm.BigOf(v); ok {
			f, _ := new(big.Float).SetInt(n).Float64()
			return f, true
		}
	}
	return 0, false
}

// mtFunc is a _random function of a generator's state and n-1 more
// arguments.
func mtFunc(n int, f func(vm *py.VM, st mtState, a py.Args) (py.Value, error)) py.BuiltinFn {
	return func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		st, err := mtStateArg(vm, a, n)
		if err != nil {
			return heap.Undef, err
		}
		return f(vm, st, a)
	}
}

// indexArg is v as an index (an int or an object with __index__).
func indexArg(vm *py.VM, v py.Value) (int64, error) {
	n, ok := vm.IndexOf(v)
	if !ok {
		return 0, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(v))
	}
	return n, nil
}

func mtStateArg(vm *py.VM, a py.Args, n int) (mtState, error) {
	if len(a.Pos) != n {
		return nil, vm.TypeError("expected %d arguments, got %d", n, len(a.Pos))
	}
	b, ok := vm.BytesOf(a.Pos[0])
	if !ok || !b.Mutable || len(b.B) != mtStateSize {
		return nil, vm.TypeError("invalid random state")
	}
	return mtState(b.B), nil
}

// randomSeed is _random.seed(state, a): CPython's Random.seed(a, version=2).
func randomSeed(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	st, err := mtStateArg(vm, a, 2)
	if err != nil {
		return heap.Undef, err
	}
	arg := a.Pos[1]
	var n *big.Int
	switch {
	case arg.K == heap.KNone:
		n = big.NewInt(defaultRandomSeed)
	case arg.K == heap.KFloat:
		h, err := vm.Hash(arg)
		if err != nil {
			return heap.Undef, err
		}
		n = big.NewInt(h)
	default:
		if i, ok := vm.BigOf(arg); ok {
			n = i
			break
		}
		var raw []byte
		if s, ok := vm.StrOf(arg); ok {
			raw = []byte(s)
		} else if b, ok := vm.BytesOf(arg); ok {
			raw = append([]byte(nil), b.B...)
		} else {
			return heap.Undef, vm.TypeError("The only supported seed types are: None,\nint, float, str, bytes, and bytearray.")
		}
		sum := sha512.Sum512(raw)
		n = new(big.Int).SetBytes(append(raw, sum[:]...))
	}
	st.seedBig(n)
	vm.H.Touch(a.Pos[0])
	return heap.None, nil
}

// randomFloatFunc wraps a float function for _random.
func randomFloatFunc(name string, fn func(float64) float64) py.BuiltinFn {
	return func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		var other py.Value
		if err := vm.UnpackArgs(name, a, nil, 1, &other); err != nil {
			return heap.Undef, err
		}
		x, ok := floatArg(vm, other)
		if !ok {
			return heap.Undef, vm.TypeError("must be real number, not %s", vm.TypeName(other))
		}
		r := fn(x)
		if math.IsNaN(r) && !math.IsNaN(x) {
			return heap.Undef, vm.ValueError("math domain error")
		}
		return heap.Float(r), nil
	}
}
