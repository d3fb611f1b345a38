package stdlib

// The math module, in Go: CPython 3.11's functions, results and error
// messages ("math domain error", "math range error"), with exact integer
// functions on big ints and a correctly rounded fsum.

import (
	py "github.com/amber-sandbox/amber/core/internal/vm"
	"math"
	"math/big"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

func mathDomain(vm *py.VM) error { return vm.Errorf(py.TValueError, "math domain error") }
func mathRange(vm *py.VM) error  { return vm.Errorf(py.TOverflowError, "math range error") }

// mathFloat converts a math function argument to float64 the way
// PyFloat_AsDouble does: numbers, then __float__, then __index__.
func mathFloat(vm *py.VM, v py.Value) (float64, error) {
	if n, ok := vm.NumOf(v); ok {
		if n.K == py.NkComplex {
			return 0, vm.TypeError("must be real number, not complex")
		}
		return vm.ToFloat(n)
	}
	if fn := vm.LookupSpecial(v, "__float__"); fn.K != heap.KUndef {
		r, err := vm.Call(vm.BindMethod(fn, v, vm.TypeOf(v)))
		if err != nil {
			return 0, err
		}
		if p := vm.Prim(r); p.K == heap.KFloat {
			return p.F(), nil
		}
		return 0, vm.TypeError("%s.__float__ returned non-float (type %s)", vm.TypeName(v), vm.TypeName(r))
	}
	if fn := vm.LookupSpecial(v, "__index__"); fn.K != heap.KUndef {
		r, err := vm.NumIndex(v)
		if err != nil {
			return 0, err
		}
		return mathFloat(vm, r)
	}
	return 0, vm.TypeError("must be real number, not %s", vm.TypeName(v))
}

// mathInt converts an argument that must be an integer (with __index__).
func mathInt(vm *py.VM, v py.Value) (*big.Int, error) {
	if b, ok := vm.BigOf(v); ok {
		return b, nil
	}
	r, err := vm.NumIndex(v)
	if err != nil {
		return nil, err
	}
	b, _ := vm.BigOf(r)
	return b, nil
}

// mathLog returns the natural log of v, exact for ints too large for a float.
func mathLog(vm *py.VM, v py.Value, fn func(float64) float64) (float64, error) {
	if b, ok := vm.BigOf(vm.Prim(v)); ok {
		if b.Sign() <= 0 {
			return 0, mathDomain(vm)
		}
		if e := b.BitLen(); e > 1000 {
			// As CPython: log(m * 2**e) with m in [0.5, 1).
			top, _ := new(big.Float).SetInt(new(big.Int).Rsh(b, uint(e-60))).Float64()
			return fn(math.Ldexp(top, -60)) + fn(2)*float64(e), nil
		}
	}
	x, err := mathFloat(vm, v)
	if err != nil {
		return 0, err
	}
	if math.IsNaN(x) || math.IsInf(x, 1) {
		return x, nil
	}
	if x <= 0 {
		return 0, mathDomain(vm)
	}
	return fn(x), nil
}

// mathFunc1 wraps a float function with CPython's math_1 error rules.
func mathFunc1(f func(float64) float64, canOverflow bool) py.BuiltinFn {
	return func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		var xArg py.Value
		if err := vm.UnpackArgs("math function", a, nil, 1, &xArg); err != nil {
			return heap.Undef, err
		}
		x, err := mathFloat(vm, xArg)
		if err != nil {
			return heap.Undef, err
		}
		r := f(x)
		if math.IsNaN(r) && !math.IsNaN(x) {
			return heap.Undef, mathDomain(vm)
		}
		if math.IsInf(r, 0) && !math.IsInf(x, 0) && !math.IsNaN(x) {
			if canOverflow {
				return heap.Undef, mathRange(vm)
			}
			return heap.Undef, mathDomain(vm)
		}
		return heap.Float(r), nil
	}
}

// mathArgs checks a fixed count of positional arguments.
func mathArgs(vm *py.VM, name string, a py.Args, n int) error {
	if len(a.KwNames) > 0 {
		return vm.TypeError("%s() takes no keyword arguments", name)
	}
	if len(a.Pos) != n {
		if n == 1 {
			return vm.TypeError("math.%s() takes exactly one argument (%d given)", name, len(a.Pos))
		}
		return vm.TypeError("%s expected %d arguments, got %d", name, n, len(a.Pos))
	}
	return nil
}

func mathFloats(vm *py.VM, name string, a py.Args, n int) ([]float64, error) {
	if err := mathArgs(vm, name, a, n); err != nil {
		return nil, err
	}
	out := make([]float64, n)
	for i, v := range a.Pos {
		f, err := mathFloat(vm, v)
		if err != nil {
			return nil, err
		}
		out[i] = f
	}
	return out, nil
}

// mathFloatsFunc is a math function of n floats, which f is given.
func mathFloatsFunc(name string, n int, f func(vm *py.VM, xs []float64) (py.Value, error)) py.BuiltinFn {
	return func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		xs, err := mathFloats(vm, name, a, n)
		if err != nil {
			return heap.Undef, err
		}
		return f(vm, xs)
	}
}

// mathRound implements floor/ceil: ints pass through, floats become ints,
// other objects use their dunder or __float__.
func mathRound(vm *py.VM, name, dunder string, a py.Args, f func(float64) float64) (py.Value, error) {
	if err := mathArgs(vm, name, a, 1); err != nil {
		return heap.Undef, err
	}
	v := a.Pos[0]
	if vm.IsInt(vm.Prim(v)) {
		return vm.IntValue(vm.Prim(v)), nil
	}
	if p := vm.Prim(v); p.K != heap.KFloat {
		if fn := vm.LookupSpecial(v, dunder); fn.K != heap.KUndef {
			return vm.Call(vm.BindMethod(fn, v, vm.TypeOf(v)))
		}
		if !vm.IsInstanceObj(v) && dunder == "__trunc__" {
			return heap.Undef, vm.TypeError("type %s doesn't define __trunc__ method", vm.TypeName(v))
		}
	}
	x, err := mathFloat(vm, v)
	if err != nil {
		return heap.Undef, err
	}
	return vm.FloatToInt(f(x))
}

// mathFsum is Shewchuk's exact summation, rounded once, as in CPython.
func mathFsum(vm *py.VM, it py.Value) (float64, error) {
	var partials []float64
	special, infSum := 0.0, 0.0
	err := vm.Iterate(it, func(v py.Value) error {
		x, err := mathFloat(vm, v)
		if err != nil {
			return err
		}
		xsave := x
		i := 0
		for _, y := range partials {
			if math.Abs(x) < math.Abs(y) {
				x, y = y, x
			}
			hi := x + y
			lo := y - (hi - x)
			if lo != 0 {
				partials[i] = lo
				i++
			}
			x = hi
		}
		partials = partials[:i]
		if x != 0 {
			if math.IsInf(x, 0) || math.IsNaN(x) {
				if !math.IsInf(xsave, 0) && !math.IsNaN(xsave) {
					return vm.Errorf(py.TOverflowError, "intermediate overflow in fsum")
				}
				if math.IsInf(xsave, 0) {
					infSum += xsave
				}
				special += xsave
				partials = partials[:0]
			} else {
				partials = append(partials, x)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if special != 0 {
		if math.IsNaN(infSum) {
			return 0, vm.ValueError("-inf + inf in fsum")
		}
		return special, nil
	}
	n := len(partials)
	hi := 0.0
	if n > 0 {
		n--
		hi = partials[n]
		lo := 0.0
		for n > 0 {
			x := hi
			n--
			y := partials[n]
			hi = x + y
			yr := hi - x
			lo = y - yr
			if lo != 0 {
				break
			}
		}
		if n > 0 && ((lo < 0 && partials[n-1] < 0) || (lo > 0 && partials[n-1] > 0)) {
			y := lo * 2
			x := hi + y
			if y == x-hi {
				hi = x
			}
		}
	}
	return hi, nil
}

// vectorNorm returns sqrt(sum(x*x)) correctly rounded.
func vectorNorm(xs []float64) float64 {
	sawNaN := false
	for _, x := range xs {
		if math.IsInf(x, 0) {
			return math.Inf(1)
		}
		if math.IsNaN(x) {
			sawNaN = true
		}
	}
	if sawNaN {
		return math.NaN()
	}
	sum := new(big.Float).SetPrec(4096)
	for _, x := range xs {
		f := new(big.Float).SetPrec(128).SetFloat64(x)
		f.Mul(f, f)
		sum.Add(sum, f)
	}
	r, _ := new(big.Float).SetPrec(256).Sqrt(sum.SetPrec(256)).Float64()
	return r
}

func mathComb(vm *py.VM, n, k *big.Int, perm bool) (py.Value, error) {
	if n.Sign() < 0 {
		return heap.Undef, vm.ValueError("n must be a non-negative integer")
	}
	if k.Sign() < 0 {
		return heap.Undef, vm.ValueError("k must be a non-negative integer")
	}
	if k.Cmp(n) > 0 {
		return heap.Int(0), nil
	}
	if !perm {
		// comb(n, k) == comb(n, n-k): CPython takes the smaller.
		if nk := new(big.Int).Sub(n, k); nk.Cmp(k) < 0 {
			k = nk
		}
	}
	if !k.IsInt64() {
		return heap.Undef, vm.Errorf(py.TOverflowError, "k must not exceed %d", int64(math.MaxInt64))
	}
	kk := k.Int64()
	if !perm {
		nk := new(big.Int).Sub(n, k)
		if nk.Cmp(k) < 0 {
			kk = nk.Int64()
		}
	}
	// The result has fewer than k*log2(n) bits: reserve them first.
	if est := float64(kk) * float64(n.BitLen()) / 8; est > 1<<40 {
		return heap.Undef, vm.TooBig()
	} else if err := vm.Reserve(int64(est)); err != nil {
		return heap.Undef, err
	}
	if n.IsInt64() {
		// n!/(n-k)! and k! as product trees, whose large products (and
		// the division) meet the deadline.
		r, err := vm.ProductRange(n.Int64()-kk+1, n.Int64())
		if err == nil && !perm {
			var d *big.Int
			if d, err = vm.ProductRange(1, kk); err == nil {
				r, _, err = vm.QuoRemBig(r, d)
			}
		}
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewBigInt(r), nil
	}
	r := big.NewInt(1)
	t := new(big.Int)
	for i := int64(0); i < kk; i++ {
		t.Sub(n, big.NewInt(i))
		r.Mul(r, t)
		if !perm {
			r.Quo(r, big.NewInt(i+1))
		}
		if i&63 == 63 || r.BitLen() > 1<<16 {
			if err := vm.DeadlineErr(); err != nil {
				return heap.Undef, err
			}
		}
	}
	return vm.NewBigInt(r), nil
}

func initMath(vm *py.VM, m py.Value) error {
	vm.ModuleSet(m, "pi", heap.Float(math.Pi))
	vm.ModuleSet(m, "e", heap.Float(math.E))
	vm.ModuleSet(m, "tau", heap.Float(2*math.Pi))
	vm.ModuleSet(m, "inf", heap.Float(math.Inf(1)))
	vm.ModuleSet(m, "nan", heap.Float(math.NaN()))

	simple := []struct {
		name        string
		f           func(float64) float64
		canOverflow bool
	}{
		{"sqrt", math.Sqrt, false},
		{"exp", math.Exp, true},
		{"exp2", math.Exp2, true},
		{"expm1", math.Expm1, true},
		{"log1p", math.Log1p, false},
		{"sin", math.Sin, false},
		{"cos", math.Cos, false},
		{"tan", math.Tan, false},
		{"asin", math.Asin, false},
		{"acos", math.Acos, false},
		{"atan", math.Atan, false},
		{"sinh", math.Sinh, true},
		{"cosh", math.Cosh, true},
		{"tanh", math.Tanh, false},
		{"asinh", math.Asinh, false},
		{"acosh", math.Acosh, false},
		{"atanh", math.Atanh, false},
		{"cbrt", math.Cbrt, false},
		{"erf", math.Erf, false},
		{"erfc", math.Erfc, false},
		{"fabs", math.Abs, false},
		{"degrees", func(x float64) float64 { return x * (180 / math.Pi) }, true},
		{"radians", func(x float64) float64 { return x * (math.Pi / 180) }, false},
		{"lgamma", func(x float64) float64 {
			if x <= 0 && x == math.Trunc(x) {
				return math.NaN()
			}
			r, _ := math.Lgamma(x)
			return r
		}, true},
		{"gamma", func(x float64) float64 {
			if x <= 0 && x == math.Trunc(x) {
				return math.NaN()
			}
			return math.Gamma(x)
		}, true},
	}
	for _, s := range simple {
		vm.ModuleFunc(m, "math."+s.name, mathFunc1(s.f, s.canOverflow))
	}

	vm.ModuleFunc(m, "math.log", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if len(a.Pos) < 1 || len(a.Pos) > 2 {
			return heap.Undef, vm.TypeError("log expected 1 or 2 arguments, got %d", len(a.Pos))
		}
		x, err := mathLog(vm, a.Pos[0], math.Log)
		if err != nil {
			return heap.Undef, err
		}
		if len(a.Pos) == 2 {
			b, err := mathLog(vm, a.Pos[1], math.Log)
			if err != nil {
				return heap.Undef, err
			}
			if b == 0 {
				return heap.Undef, vm.Errorf(py.TZeroDivisionError, "float division by zero")
			}
			x /= b
		}
		return heap.Float(x), nil
	})
	vm.ModuleFunc(m, "math.log2", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if err := mathArgs(vm, "log2", a, 1); err != nil {
			return heap.Undef, err
		}
		r, err := mathLog(vm, a.Pos[0], math.Log2)
		return heap.Float(r), err
	})
	vm.ModuleFunc(m, "math.log10", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if err := mathArgs(vm, "log10", a, 1); err != nil {
			return heap.Undef, err
		}
		r, err := mathLog(vm, a.Pos[0], math.Log10)
		return heap.Float(r), err
	})
	vm.ModuleFunc(m, "math.pow", mathFloatsFunc("pow", 2, func(vm *py.VM, xs []float64) (py.Value, error) {
		x, y := xs[0], xs[1]
		r := py.FloatPow(x, y)
		finite := !math.IsInf(x, 0) && !math.IsNaN(x) && !math.IsInf(y, 0) && !math.IsNaN(y)
		if finite {
			if math.IsNaN(r) {
				return heap.Undef, mathDomain(vm)
			}
			if math.IsInf(r, 0) {
				if x == 0 {
					return heap.Undef, mathDomain(vm)
				}
				return heap.Undef, mathRange(vm)
			}
		}
		return heap.Float(r), nil
	}))
	vm.ModuleFunc(m, "math.atan2", mathFloatsFunc("atan2", 2, func(vm *py.VM, xs []float64) (py.Value, error) {
		return heap.Float(math.Atan2(xs[0], xs[1])), nil
	}))
	vm.ModuleFunc(m, "math.copysign", mathFloatsFunc("copysign", 2, func(vm *py.VM, xs []float64) (py.Value, error) {
		return heap.Float(math.Copysign(xs[0], xs[1])), nil
	}))
	vm.ModuleFunc(m, "math.fmod", mathFloatsFunc("fmod", 2, func(vm *py.VM, xs []float64) (py.Value, error) {
		x, y := xs[0], xs[1]
		if math.IsInf(y, 0) && !math.IsInf(x, 0) && !math.IsNaN(x) {
			return heap.Float(x), nil
		}
		r := math.Mod(x, y)
		if math.IsNaN(r) && !math.IsNaN(x) && !math.IsNaN(y) {
			return heap.Undef, mathDomain(vm)
		}
		return heap.Float(r), nil
	}))
	vm.ModuleFunc(m, "math.remainder", mathFloatsFunc("remainder", 2, func(vm *py.VM, xs []float64) (py.Value, error) {
		r := math.Remainder(xs[0], xs[1])
		if math.IsNaN(r) && !math.IsNaN(xs[0]) && !math.IsNaN(xs[1]) {
			return heap.Undef, mathDomain(vm)
		}
		return heap.Float(r), nil
	}))
	vm.ModuleFunc(m, "math.modf", mathFloatsFunc("modf", 1, func(vm *py.VM, xs []float64) (py.Value, error) {
		x := xs[0]
		if math.IsInf(x, 0) {
			return vm.NewTuple([]py.Value{heap.Float(math.Copysign(0, x)), heap.Float(x)}), nil
		}
		i, f := math.Modf(x)
		return vm.NewTuple([]py.Value{heap.Float(f), heap.Float(i)}), nil
	}))
	vm.ModuleFunc(m, "math.frexp", mathFloatsFunc("frexp", 1, func(vm *py.VM, xs []float64) (py.Value, error) {
		f, e := math.Frexp(xs[0])
		return vm.NewTuple([]py.Value{heap.Float(f), heap.Int(int64(e))}), nil
	}))
	vm.ModuleFunc(m, "math.ldexp", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if err := mathArgs(vm, "ldexp", a, 2); err != nil {
			return heap.Undef, err
		}
		x, err := mathFloat(vm, a.Pos[0])
		if err != nil {
			return heap.Undef, err
		}
		p := vm.Prim(a.Pos[1])
		if !vm.IsInt(p) {
			return heap.Undef, vm.TypeError("Expected an int as second argument to ldexp.")
		}
		eb, _ := vm.BigOf(p)
		e := int64(100000)
		if eb.IsInt64() {
			e = eb.Int64()
		} else if eb.Sign() < 0 {
			e = -100000
		}
		if e > 100000 {
			e = 100000
		} else if e < -100000 {
			e = -100000
		}
		r := math.Ldexp(x, int(e))
		if math.IsInf(r, 0) && !math.IsInf(x, 0) {
			return heap.Undef, mathRange(vm)
		}
		return heap.Float(r), nil
	})
	vm.ModuleFunc(m, "math.floor", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		return mathRound(vm, "floor", "__floor__", a, math.Floor)
	})
	vm.ModuleFunc(m, "math.ceil", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		return mathRound(vm, "ceil", "__ceil__", a, math.Ceil)
	})
	vm.ModuleFunc(m, "math.trunc", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		return mathRound(vm, "trunc", "__trunc__", a, math.Trunc)
	})
	vm.ModuleFunc(m, "math.isfinite", mathFloatsFunc("isfinite", 1, func(vm *py.VM, xs []float64) (py.Value, error) {
		return heap.Bool(!math.IsInf(xs[0], 0) && !math.IsNaN(xs[0])), nil
	}))
	vm.ModuleFunc(m, "math.isinf", mathFloatsFunc("isinf", 1, func(vm *py.VM, xs []float64) (py.Value, error) {
		return heap.Bool(math.IsInf(xs[0], 0)), nil
	}))
	vm.ModuleFunc(m, "math.isnan", mathFloatsFunc("isnan", 1, func(vm *py.VM, xs []float64) (py.Value, error) {
		return heap.Bool(math.IsNaN(xs[0])), nil
	}))
	vm.ModuleFunc(m, "math.isclose", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if len(a.Pos) != 2 {
			return heap.Undef, vm.TypeError("isclose() takes exactly 2 positional arguments (%d given)", len(a.Pos))
		}
		var relTol, absTol py.Value
		if err := vm.UnpackArgs("isclose", py.Args{KwNames: a.KwNames, KwVals: a.KwVals}, []string{"rel_tol", "abs_tol"}, 0, &relTol, &absTol); err != nil {
			return heap.Undef, err
		}
		x, err := mathFloat(vm, a.Pos[0])
		if err != nil {
			return heap.Undef, err
		}
		y, err := mathFloat(vm, a.Pos[1])
		if err != nil {
			return heap.Undef, err
		}
		rel, abs := 1e-9, 0.0
		if relTol.K != heap.KUndef {
			if rel, err = mathFloat(vm, relTol); err != nil {
				return heap.Undef, err
			}
		}
		if absTol.K != heap.KUndef {
			if abs, err = mathFloat(vm, absTol); err != nil {
				return heap.Undef, err
			}
		}
		if rel < 0 || abs < 0 {
			return heap.Undef, vm.ValueError("tolerances must be non-negative")
		}
		if x == y {
			return heap.True, nil
		}
		if math.IsInf(x, 0) || math.IsInf(y, 0) {
			return heap.False, nil
		}
		d := math.Abs(y - x)
		return heap.Bool(d <= math.Abs(rel*y) || d <= math.Abs(rel*x) || d <= abs), nil
	})
	vm.ModuleFunc(m, "math.fsum", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if err := mathArgs(vm, "fsum", a, 1); err != nil {
			return heap.Undef, err
		}
		r, err := mathFsum(vm, a.Pos[0])
		return heap.Float(r), err
	})
	vm.ModuleFunc(m, "math.hypot", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if err := vm.NoKwargs("hypot", a); err != nil {
			return heap.Undef, err
		}
		xs := make([]float64, len(a.Pos))
		for i, v := range a.Pos {
			f, err := mathFloat(vm, v)
			if err != nil {
				return heap.Undef, err
			}
			xs[i] = f
		}
		return heap.Float(vectorNorm(xs)), nil
	})
	vm.ModuleFunc(m, "math.dist", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if err := mathArgs(vm, "dist", a, 2); err != nil {
			return heap.Undef, err
		}
		var pts [2][]float64
		for i, v := range a.Pos {
			p := vm.Prim(v)
			if _, ok := vm.TupleOf(p); !ok {
				if _, ok := vm.ListOf(p); !ok {
					return heap.Undef, vm.TypeError("dist(): argument %d must be tuple, not %s", i+1, vm.TypeName(v))
				}
			}
			items, err := vm.Unpack(v)
			if err != nil {
				return heap.Undef, err
			}
			for _, it := range items {
				f, err := mathFloat(vm, it)
				if err != nil {
					return heap.Undef, err
				}
				pts[i] = append(pts[i], f)
			}
		}
		if len(pts[0]) != len(pts[1]) {
			return heap.Undef, vm.ValueError("both points must have the same number of dimensions")
		}
		d := make([]float64, len(pts[0]))
		for i := range d {
			d[i] = pts[0][i] - pts[1][i]
		}
		return heap.Float(vectorNorm(d)), nil
	})
	vm.ModuleFunc(m, "math.prod", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		var iterable, start py.Value
		if err := vm.UnpackArgs("prod", py.Args{Pos: a.Pos[:min(len(a.Pos), 1)], KwNames: a.KwNames, KwVals: a.KwVals}, []string{"iterable", "start"}, 1, &iterable, &start); err != nil {
			return heap.Undef, err
		}
		if len(a.Pos) > 1 {
			return heap.Undef, vm.TypeError("prod() takes exactly 1 positional argument (%d given)", len(a.Pos))
		}
		acc := heap.Int(1)
		if start.K != heap.KUndef {
			acc = start
		}
		err := vm.Iterate(iterable, func(v py.Value) error {
			r, err := vm.BinaryOp(compile.BinMul, acc, v)
			acc = r
			return err
		})
		return acc, err
	})
	vm.ModuleFunc(m, "math.factorial", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if err := mathArgs(vm, "factorial", a, 1); err != nil {
			return heap.Undef, err
		}
		n, err := mathInt(vm, a.Pos[0])
		if err != nil {
			return heap.Undef, err
		}
		if n.Sign() < 0 {
			return heap.Undef, vm.ValueError("factorial() not defined for negative values")
		}
		if !n.IsInt64() {
			return heap.Undef, vm.Errorf(py.TOverflowError, "factorial() argument should not exceed %d", int64(math.MaxInt64))
		}
		// log2(n!) < n*log2(n): the result's size, reserved first.
		if nn := float64(n.Int64()); nn > 2 {
			if err := vm.ReserveMul(1, int64(nn*math.Log2(nn)/8)+1); err != nil {
				return heap.Undef, err
			}
		}
		r, err := vm.ProductRange(1, n.Int64())
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewBigInt(r), nil
	})
	gcdLcm := func(name string, lcm bool) py.BuiltinFn {
		return func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
			if err := vm.NoKwargs(name, a); err != nil {
				return heap.Undef, err
			}
			acc := big.NewInt(0)
			if lcm {
				acc.SetInt64(1)
			}
			for _, v := range a.Pos {
				x, err := mathInt(vm, v)
				if err != nil {
					return heap.Undef, err
				}
				x = new(big.Int).Abs(x)
				if lcm {
					if x.Sign() == 0 || acc.Sign() == 0 {
						acc.SetInt64(0)
						continue
					}
					g, err := vm.GCDBig(acc, x)
					if err != nil {
						return heap.Undef, err
					}
					q := new(big.Int).Quo(x, g)
					if err := vm.ReserveMul(8, int64(len(acc.Bits())+len(q.Bits()))); err != nil {
						return heap.Undef, err
					}
					prod := new(big.Int)
					if err := vm.MulBig(prod, acc, q); err != nil {
						return heap.Undef, err
					}
					acc = prod
				} else {
					g, err := vm.GCDBig(acc, x)
					if err != nil {
						return heap.Undef, err
					}
					acc = g
				}
			}
			return vm.NewBigInt(acc), nil
		}
	}
	vm.ModuleFunc(m, "math.gcd", gcdLcm("gcd", false))
	vm.ModuleFunc(m, "math.lcm", gcdLcm("lcm", true))
	vm.ModuleFunc(m, "math.isqrt", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if err := mathArgs(vm, "isqrt", a, 1); err != nil {
			return heap.Undef, err
		}
		n, err := mathInt(vm, a.Pos[0])
		if err != nil {
			return heap.Undef, err
		}
		if n.Sign() < 0 {
			return heap.Undef, vm.ValueError("isqrt() argument must be nonnegative")
		}
		r, err := vm.SqrtBig(n)
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewBigInt(r), nil
	})
	vm.ModuleFunc(m, "math.comb", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if err := mathArgs(vm, "comb", a, 2); err != nil {
			return heap.Undef, err
		}
		n, err := mathInt(vm, a.Pos[0])
		if err != nil {
			return heap.Undef, err
		}
		k, err := mathInt(vm, a.Pos[1])
		if err != nil {
			return heap.Undef, err
		}
		return mathComb(vm, n, k, false)
	})
	vm.ModuleFunc(m, "math.perm", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if err := vm.NoKwargs("perm", a); err != nil {
			return heap.Undef, err
		}
		if len(a.Pos) < 1 || len(a.Pos) > 2 {
			return heap.Undef, vm.TypeError("perm expected at most 2 arguments, got %d", len(a.Pos))
		}
		n, err := mathInt(vm, a.Pos[0])
		if err != nil {
			return heap.Undef, err
		}
		k := n
		if len(a.Pos) == 2 && a.Pos[1].K != heap.KNone {
			if k, err = mathInt(vm, a.Pos[1]); err != nil {
				return heap.Undef, err
			}
		}
		return mathComb(vm, n, k, true)
	})
	vm.ModuleFunc(m, "math.nextafter", mathFloatsFunc("nextafter", 2, func(vm *py.VM, xs []float64) (py.Value, error) {
		return heap.Float(math.Nextafter(xs[0], xs[1])), nil
	}))
	vm.ModuleFunc(m, "math.ulp", mathFloatsFunc("ulp", 1, func(vm *py.VM, xs []float64) (py.Value, error) {
		x := math.Abs(xs[0])
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return heap.Float(x), nil
		}
		next := math.Nextafter(x, math.Inf(1))
		if math.IsInf(next, 0) {
			return heap.Float(x - math.Nextafter(x, 0)), nil
		}
		return heap.Float(next - x), nil
	}))
	return nil
}
