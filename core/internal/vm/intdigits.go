package vm

// CPython's limit on int <-> decimal str conversion (PEP 651's sibling,
// CVE-2020-10735): converting a huge int to or from decimal text takes time
// quadratic in its length, so both directions refuse more than
// sys.get_int_max_str_digits() digits (4300 by default, 0 for no limit).
// Bases that are powers of two convert in linear time and are not limited.

import (
	"math"
	"math/big"
	"math/bits"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

const (
	defaultIntMaxStrDigits = 4300
	intStrDigitsThreshold  = 640
)

// IntMaxStrDigits is the current limit; 0 means none.
func (vm *VM) IntMaxStrDigits() int {
	switch {
	case vm.intMaxDigits == 0:
		return defaultIntMaxStrDigits
	case vm.intMaxDigits < 0:
		return 0
	}
	return vm.intMaxDigits
}

// SetIntMaxStrDigits sets the limit (0: none).
func (vm *VM) SetIntMaxStrDigits(n int) {
	if n == 0 {
		vm.intMaxDigits = -1
		return
	}
	vm.intMaxDigits = n
}

// checkIntToStr refuses the decimal conversion of x past the limit before
// any work is done, from a lower bound of its digit count.
func (vm *VM) checkIntToStr(x *big.Int) error {
	lim := vm.IntMaxStrDigits()
	if lim == 0 || x.BitLen() <= lim*3 {
		return nil
	}
	if int(float64(x.BitLen()-1)*math.Log10(2))+1 > lim {
		return vm.intToStrErr(lim)
	}
	return nil
}

// checkIntStrLen is the exact check on a converted decimal string.
func (vm *VM) checkIntStrLen(s string) error {
	lim := vm.IntMaxStrDigits()
	if lim == 0 || len(s) <= lim {
		return nil
	}
	if len(strings.TrimPrefix(s, "-")) > lim {
		return vm.intToStrErr(lim)
	}
	return nil
}

func (vm *VM) intToStrErr(lim int) error {
	return vm.ValueError("Exceeds the limit (%d digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit", lim)
}

// bigDecimal is x's decimal text under the limit.
func (vm *VM) bigDecimal(x *big.Int) (string, error) {
	if err := vm.checkIntToStr(x); err != nil {
		return "", err
	}
	if err := vm.DeadlineErr(); err != nil {
		return "", err
	}
	s, err := vm.decimalString(x)
	if err != nil {
		return "", err
	}
	if err := vm.checkIntStrLen(s); err != nil {
		return "", err
	}
	return s, nil
}

// checkStrToInt refuses int(text, base) past the limit for bases that are
// not powers of two.
func (vm *VM) checkStrToInt(s string, base int) error {
	lim := vm.IntMaxStrDigits()
	if lim == 0 || len(s) <= lim {
		return nil
	}
	t := strings.TrimSpace(s)
	t = strings.TrimLeft(t, "+-")
	if base == 0 && len(t) > 1 && t[0] == '0' {
		switch t[1] {
		case 'x', 'X', 'o', 'O', 'b', 'B':
			return nil
		}
	}
	if base&(base-1) == 0 && base != 0 {
		return nil
	}
	n := len(t) - strings.Count(t, "_")
	if n > lim {
		return vm.ValueError("Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", lim, n)
	}
	return nil
}

// sysIntMaxStrDigits registers sys.get_int_max_str_digits and
// sys.set_int_max_str_digits.
func (vm *VM) sysIntMaxStrDigits(m Value) {
	vm.ModuleFunc(m, "sys.get_int_max_str_digits", func(vm *VM, _ Value, a Args) (Value, error) {
		return heap.Int(int64(vm.IntMaxStrDigits())), nil
	})
	vm.ModuleFunc(m, "sys.set_int_max_str_digits", func(vm *VM, _ Value, a Args) (Value, error) {
		var v Value
		if err := vm.UnpackArgs("set_int_max_str_digits", a, []string{"maxdigits"}, 1, &v); err != nil {
			return heap.Undef, err
		}
		n, ok := vm.IndexOf(v)
		if !ok {
			return heap.Undef, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(v))
		}
		if n != 0 && n < intStrDigitsThreshold {
			return heap.Undef, vm.ValueError("maxdigits must be 0 or larger than %d", intStrDigitsThreshold)
		}
		if n > math.MaxInt32 {
			n = math.MaxInt32
		}
		vm.SetIntMaxStrDigits(int(n))
		return heap.None, nil
	})
}

// decimalString is x's decimal text, computed so that the deadline holds
// for huge x (when the digit limit was lifted): x is split by a power of
// ten into halves converted separately, and the large divisions are
// interruptible (QuoRemBig).
func (vm *VM) decimalString(x *big.Int) (string, error) {
	if x.BitLen() < 1<<19 {
		return x.String(), nil
	}
	if x.Sign() < 0 {
		s, err := vm.decimalString(new(big.Int).Neg(x))
		return "-" + s, err
	}
	if err := vm.reserve(int64(float64(x.BitLen())*math.Log10(2)) + 2); err != nil {
		return "", err
	}
	k := int64(float64(x.BitLen()) * math.Log10(2) / 2)
	p, err := vm.PowBig(big.NewInt(10), k)
	if err != nil {
		return "", err
	}
	hi, lo, err := vm.QuoRemBig(x, p)
	if err != nil {
		return "", err
	}
	hs, err := vm.decimalString(hi)
	if err != nil {
		return "", err
	}
	ls, err := vm.decimalString(lo)
	if err != nil {
		return "", err
	}
	if hi.Sign() == 0 {
		return ls, nil
	}
	return hs + strings.Repeat("0", int(k)-len(ls)) + ls, nil
}

// parseDecimalBig parses a long run of decimal digits (the digit limit
// lifted) by halves, with interruptible products, where math/big's own
// parse is quadratic and runs to completion. ok=false leaves s to the
// general parser (anything but optional spaces, a sign and digits).
func (vm *VM) parseDecimalBig(s string) (v *big.Int, ok bool, err error) {
	return vm.parseDigitsBig(s, 10)
}

// parseDigitsBig is parseDecimalBig in any base from 2 to 36 (for the
// others too, one call over millions of digits would not meet the
// deadline).
func (vm *VM) parseDigitsBig(s string, base int) (v *big.Int, ok bool, err error) {
	t := strings.TrimSpace(s)
	neg := false
	if t != "" && (t[0] == '-' || t[0] == '+') {
		neg = t[0] == '-'
		t = t[1:]
	}
	if len(t) < 1<<16 {
		return nil, false, nil
	}
	for i := 0; i < len(t); i++ {
		if digitValue(t[i]) >= base {
			return nil, false, nil
		}
	}
	v, err = vm.bigFromDigits(t, base)
	if err != nil {
		return nil, true, err
	}
	if neg {
		v.Neg(v)
	}
	return v, true, nil
}

// bigFromDigits converts a validated run of digits in base: a long one by
// halves, with interruptible products, where math/big's own conversion
// runs to completion (and is quadratic for the bases that are not powers
// of two).
func (vm *VM) bigFromDigits(t string, base int) (*big.Int, error) {
	if len(t) < 1<<16 {
		x, _ := new(big.Int).SetString(t, base)
		return x, nil
	}
	if err := vm.reserve(int64(len(t))*int64(bits.Len(uint(base)))/8 + 64); err != nil {
		return nil, err
	}
	var parse func(d string) (*big.Int, error)
	parse = func(d string) (*big.Int, error) {
		if len(d) < 1<<12 {
			x, _ := new(big.Int).SetString(d, base)
			return x, nil
		}
		if err := vm.DeadlineErr(); err != nil {
			return nil, err
		}
		k := len(d) / 2
		hi, err := parse(d[:len(d)-k])
		if err != nil {
			return nil, err
		}
		lo, err := parse(d[len(d)-k:])
		if err != nil {
			return nil, err
		}
		p, err := vm.PowBig(big.NewInt(int64(base)), int64(k))
		if err != nil {
			return nil, err
		}
		r := new(big.Int)
		if err := vm.MulBig(r, hi, p); err != nil {
			return nil, err
		}
		return r.Add(r, lo), nil
	}
	return parse(t)
}

// digitValue is the value of the digit c in bases up to 36, or 36.
func digitValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'z':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'Z':
		return int(c-'A') + 10
	}
	return 36
}

// pow10s[k] is 10**k, for k up to 19.
var pow10s = func() (p [20]uint64) {
	p[0] = 1
	for k := 1; k < len(p); k++ {
		p[k] = p[k-1] * 10
	}
	return
}()

// longDecimalDigits bounds the texts longDecimal parses: its cost is
// quadratic in their length, like math/big's.
const longDecimalDigits = 4300

// longDecimal is int(s) for s an optional sign and decimal digits alone
// (no spaces, no underscores), at most longDecimalDigits of them and
// within the digit limit: the digits are read 19 at a time into a machine
// word that is multiplied and added into the result's words, where
// math/big's parse reads the text a byte at a time through an interface.
// ok is false for every other text, which the general parse handles
// (errors included).
func (vm *VM) longDecimal(s string) (v Value, ok bool) {
	neg := false
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if len(s) == 0 || len(s) > longDecimalDigits {
		return Value{}, false
	}
	if lim := vm.IntMaxStrDigits(); lim != 0 && len(s) > lim {
		return Value{}, false
	}
	for i := 0; i < len(s); i++ {
		if s[i]-'0' > 9 {
			return Value{}, false
		}
	}
	// 10**19 < 2**64: each 19 digits need at most one word.
	o, z := vm.H.BigWords((len(s) + 18) / 19)
	z = z[:0]
	for i, end := 0, (len(s)-1)%19+1; i < len(s); end += 19 {
		var c uint64
		for ; i < end; i++ {
			c = c*10 + uint64(s[i]-'0')
		}
		m := pow10s[19]
		if i < 19 {
			m = pow10s[i]
		}
		for j, w := range z {
			hi, lo := bits.Mul64(uint64(w), m)
			var cc uint64
			lo, cc = bits.Add64(lo, c, 0)
			z[j] = big.Word(lo)
			c = hi + cc
		}
		if c != 0 {
			z = append(z, big.Word(c))
		}
	}
	switch {
	case len(z) == 0:
		vm.H.FreeBig(o, z)
		return heap.Int(0), true
	case len(z) == 1 && (uint64(z[0]) <= math.MaxInt64 || neg && uint64(z[0]) == 1<<63):
		n := uint64(z[0])
		vm.H.FreeBig(o, z)
		if neg {
			n = -n
		}
		return heap.Int(int64(n)), true
	}
	o.V.SetBits(z)
	if neg {
		o.V.Neg(&o.V)
	}
	return vm.H.Alloc(o), true
}
