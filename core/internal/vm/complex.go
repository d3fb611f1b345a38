package vm

// The complex type: arithmetic, parsing, repr, format and methods.

import (
	"errors"
	"math"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
)

// cplx is a complex value computed with CPython's formulas.
type cplx struct{ re, im float64 }

// toComplex converts an operand to a complex value.
func (vm *VM) toComplex(n num) (cplx, error) {
	if n.K == NkComplex {
		return cplx{n.f, n.im}, nil
	}
	f, err := vm.ToFloat(n)
	return cplx{f, 0}, err
}

func (vm *VM) newComplex(c cplx) Value {
	return vm.H.Alloc(&heap.Complex{Re: c.re, Im: c.im})
}

func cProd(a, b cplx) cplx {
	return cplx{float64(a.re*b.re) - float64(a.im*b.im), float64(a.re*b.im) + float64(a.im*b.re)}
}

// cQuot is CPython's _Py_c_quot; ok=false on division by zero.
func cQuot(a, b cplx) (cplx, bool) {
	absBr, absBi := math.Abs(b.re), math.Abs(b.im)
	switch {
	case absBr >= absBi:
		if absBr == 0 {
			return cplx{}, false
		}
		ratio := b.im / b.re
		denom := b.re + float64(b.im*ratio)
		return cplx{(a.re + float64(a.im*ratio)) / denom, (a.im - float64(a.re*ratio)) / denom}, true
	case absBi >= absBr:
		ratio := b.re / b.im
		denom := float64(b.re*ratio) + b.im
		return cplx{(float64(a.re*ratio) + a.im) / denom, (float64(a.im*ratio) - a.re) / denom}, true
	}
	return cplx{math.NaN(), math.NaN()}, true
}

// complexPowValue is CPython's complex_pow.
func (vm *VM) complexPowValue(a, b cplx) (Value, error) {
	var p cplx
	edom := false
	if b.im == 0 && b.re == math.Floor(b.re) && math.Abs(b.re) <= 100 {
		n := int64(b.re)
		neg := n < 0
		if neg {
			n = -n
		}
		r, q := cplx{1, 0}, a
		for mask := int64(1); mask > 0 && n >= mask; mask <<= 1 {
			if n&mask != 0 {
				r = cProd(r, q)
			}
			q = cProd(q, q)
		}
		p = r
		if neg {
			var ok bool
			p, ok = cQuot(cplx{1, 0}, r)
			edom = !ok
		}
	} else {
		switch {
		case b.re == 0 && b.im == 0:
			p = cplx{1, 0}
		case a.re == 0 && a.im == 0:
			if b.im != 0 || b.re < 0 {
				edom = true
			}
		default:
			vabs := math.Hypot(a.re, a.im)
			length := math.Pow(vabs, b.re)
			at := math.Atan2(a.im, a.re)
			phase := at * b.re
			if b.im != 0 {
				length /= math.Exp(at * b.im)
				phase += b.im * math.Log(vabs)
			}
			// libm's cos and sin of an infinity fail with EDOM, which
			// CPython reports as a ZeroDivisionError.
			edom = math.IsInf(phase, 0)
			p = cplx{length * math.Cos(phase), length * math.Sin(phase)}
		}
	}
	if edom {
		return Value{}, vm.zeroDiv("0.0 to a negative or complex power")
	}
	if math.IsInf(p.re, 0) || math.IsInf(p.im, 0) {
		return Value{}, vm.Errorf(TOverflowError, "complex exponentiation")
	}
	return vm.newComplex(p), nil
}

// toComplexPair converts both operands of a binary operation.
func (vm *VM) toComplexPair(x, y num) (a, b cplx, err error) {
	if a, err = vm.toComplex(x); err != nil {
		return a, b, err
	}
	b, err = vm.toComplex(y)
	return a, b, err
}

func (vm *VM) complexBinary(op int, x, y num) (Value, error) {
	switch op {
	case compile.BinAdd, compile.BinSub, compile.BinMul, compile.BinTrueDiv, compile.BinPow:
	default:
		return heap.NotImplemented, nil
	}
	a, b, err := vm.toComplexPair(x, y)
	if err != nil {
		return Value{}, err
	}
	switch op {
	case compile.BinAdd:
		return vm.newComplex(cplx{a.re + b.re, a.im + b.im}), nil
	case compile.BinSub:
		return vm.newComplex(cplx{a.re - b.re, a.im - b.im}), nil
	case compile.BinMul:
		return vm.newComplex(cProd(a, b)), nil
	case compile.BinTrueDiv:
		q, ok := cQuot(a, b)
		if !ok {
			return Value{}, vm.zeroDiv("complex division by zero")
		}
		return vm.newComplex(q), nil
	}
	return vm.complexPowValue(a, b)
}

func complexEq(x, y num) bool {
	if x.K != NkComplex {
		x, y = y, x
	}
	if y.K == NkComplex {
		return x.f == y.f && x.im == y.im
	}
	if x.im != 0 {
		return false
	}
	c, unordered := realCmp(num{K: nkFloat, f: x.f}, y)
	return !unordered && c == 0
}

// complexPart renders one part of a complex repr (no forced ".0").
func complexPart(f float64, sign bool) string {
	s := pyfmt.FloatRepr(f)
	s = strings.TrimSuffix(s, ".0")
	if sign && !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	return s
}

func complexRepr(re, im float64) string {
	if re == 0 && !math.Signbit(re) {
		return complexPart(im, false) + "j"
	}
	return "(" + complexPart(re, false) + complexPart(im, true) + "j)"
}

// formatComplex is CPython's format_complex_internal.
func formatComplex(re, im float64, spec string) (string, error) {
	sp, err := pyfmt.ParseSpec(spec, "complex")
	if err != nil {
		return "", err
	}
	if sp.Zero {
		return "", fmtValueError("Zero padding is not allowed in complex format specifier")
	}
	if sp.Align == '=' {
		return "", fmtValueError("'=' alignment flag is not allowed in complex format specifier")
	}
	typ := sp.Type
	switch typ {
	case 0, 'e', 'E', 'f', 'F', 'g', 'G', 'n':
	default:
		return "", fmtValueError("Unknown format code '" + string(rune(typ)) + "' for object of type 'complex'")
	}
	skipRe, parens := false, false
	repr := false
	if typ == 0 {
		if re == 0 && !math.Signbit(re) {
			skipRe = true
		} else {
			parens = true
		}
		if sp.Precision < 0 {
			repr = true
		} else {
			typ = 'g'
		}
	}
	part := pyfmt.Spec{Fill: 0, Align: 0, Sign: sp.Sign, NoNegZero: sp.NoNegZero, Alt: sp.Alt,
		Width: -1, Grouping: sp.Grouping, Precision: sp.Precision, Type: typ}
	one := func(f float64, sign byte) (string, error) {
		if repr {
			s := complexPart(f, sign == '+')
			if sign == ' ' && !strings.HasPrefix(s, "-") {
				s = " " + s
			}
			if sp.NoNegZero && f == 0 {
				s = strings.Replace(s, "-", "", 1)
				if sign == '+' {
					s = "+" + s
				}
			}
			return s, nil
		}
		ps := part
		ps.Sign = sign
		return pyfmt.FormatFloat(f, ps)
	}
	var out string
	if !skipRe {
		s, err := one(re, sp.Sign)
		if err != nil {
			return "", err
		}
		out = s
	}
	imSign := sp.Sign
	if !skipRe {
		imSign = '+'
	}
	s, err := one(im, imSign)
	if err != nil {
		return "", err
	}
	out += s + "j"
	if parens {
		out = "(" + out + ")"
	}
	return padFormatted(out, sp), nil
}

// complexOperand converts an argument of complex(); isComplex reports
// whether it was a complex number.
func (vm *VM) complexOperand(v Value, first bool) (c cplx, isComplex bool, err error) {
	if vm.isRawNumber(v) {
		x, _ := vm.NumOf(v)
		if x.K == NkComplex {
			return cplx{x.f, x.im}, true, nil
		}
		f, err := vm.ToFloat(x)
		return cplx{f, 0}, false, err
	}
	if vm.hasMethod(v, "__complex__") {
		r, err := vm.CallMethod(v, "__complex__")
		if err != nil {
			return cplx{}, false, err
		}
		if x, ok := vm.NumOf(r); ok && x.K == NkComplex {
			return cplx{x.f, x.im}, true, nil
		}
		return cplx{}, false, vm.TypeError("__complex__ returned non-complex (type %s)", vm.TypeName(r))
	}
	if vm.hasMethod(v, "__float__") || vm.hasMethod(v, "__index__") {
		f, err := vm.ToFloatValue(v)
		return cplx{f, 0}, false, err
	}
	if first {
		return cplx{}, false, vm.TypeError("complex() first argument must be a string or a number, not '%s'", vm.TypeName(v))
	}
	return cplx{}, false, vm.TypeError("complex() second argument must be a number, not '%s'", vm.TypeName(v))
}

func complexNew(vm *VM, cls Value, a Args) (Value, error) {
	var real, imag Value
	if err := vm.UnpackArgs("complex", a, []string{"real", "imag"}, 0, &real, &imag); err != nil {
		return Value{}, err
	}
	r, i := real, imag
	if r.K == heap.KUndef {
		r = heap.Int(0)
	}
	if s, ok := vm.StrOf(r); ok {
		if i.K != heap.KUndef {
			return Value{}, vm.TypeError("complex() can't take second arg if first is a string")
		}
		c, ok, err := parseComplex(s, vm.DeadlineErr)
		if err != nil {
			return Value{}, err
		}
		if !ok {
			return Value{}, vm.ValueError("complex() arg is a malformed string")
		}
		return vm.newComplex(c), nil
	}
	if i.K != heap.KUndef {
		if _, ok := vm.StrOf(i); ok {
			return Value{}, vm.TypeError("complex() second arg can't be a string")
		}
	}
	if i.K == heap.KUndef && cls == vm.Types[TComplex] && r.K == heap.KRef {
		if _, ok := vm.H.Get(r).(*heap.Complex); ok {
			return r, nil
		}
	}
	cr, crIsComplex, err := vm.complexOperand(r, true)
	if err != nil {
		return Value{}, err
	}
	var ci cplx
	ciIsComplex := false
	if i.K == heap.KUndef {
		ci.re = cr.im
	} else {
		ci, ciIsComplex, err = vm.complexOperand(i, false)
		if err != nil {
			return Value{}, err
		}
	}
	if ciIsComplex {
		cr.re -= ci.im
	}
	if crIsComplex && i.K != heap.KUndef {
		ci.re += cr.im
	}
	return vm.newComplex(cplx{cr.re, ci.re}), nil
}

// parseComplex implements complex(str); poll (when not nil) is called
// between pieces of a long text and its error ends the parse.
func parseComplex(s string, poll func() error) (c cplx, ok bool, err error) {
	s = strings.TrimSpace(s)
	paren := false
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		paren = true
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	_ = paren
	if s == "" {
		return cplx{}, false, err
	}
	parse := func(t string) (float64, bool) {
		var f float64
		if f, err = pyfmt.ParseFloatPoll(t, poll); err != nil {
			if errors.Is(err, pyfmt.ErrNotFloat) {
				err = nil
			}
			return 0, false
		}
		return f, true
	}
	var x, y float64
	pos := 0
	end, err := scanFloat(s, 0, poll)
	if err != nil {
		return cplx{}, false, err
	}
	if end > 0 {
		v, ok := parse(s[:end])
		if !ok {
			return cplx{}, false, err
		}
		pos = end
		switch {
		case pos < len(s) && (s[pos] == '+' || s[pos] == '-'):
			x = v
			e2, err := scanFloat(s, pos, poll)
			if err != nil {
				return cplx{}, false, err
			}
			if e2 > pos {
				if y, ok = parse(s[pos:e2]); !ok {
					return cplx{}, false, err
				}
				pos = e2
			} else {
				y = 1
				if s[pos] == '-' {
					y = -1
				}
				pos++
			}
			if pos >= len(s) || (s[pos] != 'j' && s[pos] != 'J') {
				return cplx{}, false, err
			}
			pos++
		case pos < len(s) && (s[pos] == 'j' || s[pos] == 'J'):
			y = v
			pos++
		default:
			x = v
		}
	} else {
		y = 1
		if s[0] == '+' || s[0] == '-' {
			if s[0] == '-' {
				y = -1
			}
			pos++
		}
		if pos >= len(s) || (s[pos] != 'j' && s[pos] != 'J') {
			return cplx{}, false, err
		}
		pos++
	}
	if pos != len(s) {
		return cplx{}, false, err
	}
	return cplx{x, y}, true, nil
}

func complexMethodDefs() []MethodDef {
	const t = TComplex
	defs := commonNumDefs(t, []int{compile.BinAdd, compile.BinSub, compile.BinMul, compile.BinTrueDiv, compile.BinPow})
	defs = append(defs, unaryMethod(t, "__complex__", func(vm *VM, _ Value, x num) (Value, error) {
		return vm.newComplex(cplx{x.f, x.im}), nil
	}))
	return defs
}
