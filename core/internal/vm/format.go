package vm

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// This file implements Python's string formatting: printf-style `%` for
// str and bytes, format()/__format__, f-string FORMAT_VALUE and the
// str.format protocol.

// asciiEscape escapes every non-ASCII character of s as ascii() does.
func asciiEscape(s string) string {
	if pystr.IsASCII(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x80:
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, "\\x%02x", r)
		case r < 0x10000:
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			fmt.Fprintf(&b, "\\U%08x", r)
		}
	}
	return b.String()
}

// Ascii is ascii(v): repr(v) with non-ASCII characters escaped.
func (vm *VM) Ascii(v Value) (string, error) {
	if s, ok := vm.strObj(v); ok && vm.IsExactStr(v) {
		return pystr.ASCII(s.S), nil
	}
	r, err := vm.Repr(v)
	if err != nil {
		return "", err
	}
	return asciiEscape(r), nil
}

// hasMethod reports whether v's class defines name (anywhere in its MRO).
func (vm *VM) hasMethod(v Value, name string) bool {
	return !vm.LookupClassStr(vm.TypeOf(v), name).IsUndef()
}

// isPercentMapping approximates CPython's PyMapping_Check for `%` formatting.
func (vm *VM) isPercentMapping(v Value) bool {
	if v.K != heap.KRef {
		return false
	}
	switch vm.H.Get(v).(type) {
	case *heap.Dict, *heap.List, *heap.Bytes, *heap.Range, *heap.DictView:
		return true
	case *heap.Tuple, *heap.Str:
		return false
	case *heap.Instance:
		if _, ok := vm.strObj(v); ok {
			return false
		}
		if _, ok := vm.TupleOf(v); ok {
			return false
		}
		return vm.hasMethod(v, "__getitem__")
	}
	return false
}

// percentArgs walks the arguments of a `%` operation as CPython does.
type percentArgs struct {
	args    Value
	items   []Value
	arglen  int
	argidx  int
	mapping bool
}

func (vm *VM) newPercentArgs(v Value) percentArgs {
	pa := percentArgs{args: v}
	if t, ok := vm.TupleOf(v); ok {
		pa.items, pa.arglen, pa.argidx = t.Items, len(t.Items), 0
	} else {
		pa.arglen, pa.argidx = -1, -2
	}
	pa.mapping = vm.isPercentMapping(v)
	return pa
}

func (vm *VM) nextPercentArg(pa *percentArgs) (Value, error) {
	if pa.argidx < pa.arglen {
		i := pa.argidx
		pa.argidx++
		if pa.arglen < 0 {
			return pa.args, nil
		}
		return pa.items[i], nil
	}
	return heap.Undef, vm.TypeError("not enough arguments for format string")
}

func (vm *VM) finishPercentArgs(pa *percentArgs) error {
	if pa.argidx < pa.arglen && !pa.mapping {
		return vm.TypeError("not all arguments converted during string formatting")
	}
	return nil
}

// resolveStar fills in '*' width and precision from the arguments.
func (vm *VM) resolveStar(p *pyfmt.PercentPiece, pa *percentArgs) error {
	if p.Width == -2 {
		n, err := vm.starArg(pa)
		if err != nil {
			return err
		}
		if n < 0 {
			p.Minus = true
			n = -n
		}
		p.Width = int(n)
	}
	if p.Precision == -2 {
		n, err := vm.starArg(pa)
		if err != nil {
			return err
		}
		p.Precision = int(max(n, 0))
	}
	return nil
}

// starArg takes the int argument of a '*' width or precision.
func (vm *VM) starArg(pa *percentArgs) (int64, error) {
	v, err := vm.nextPercentArg(pa)
	if err != nil {
		return 0, err
	}
	n, ok, _ := vm.indexKey(vm.Prim(v))
	if !ok || !vm.IsInt(vm.Prim(v)) {
		return 0, vm.TypeError("* wants int")
	}
	return n, nil
}

// percentValue returns the argument for one conversion.
func (vm *VM) percentValue(p *pyfmt.PercentPiece, pa *percentArgs) (Value, error) {
	if p.HasKey {
		if !pa.mapping {
			return heap.Undef, vm.TypeError("format requires a mapping")
		}
		// As in CPython, the looked-up value stands in for the argument
		// and is consumed: a positional conversion after a keyed one has
		// no argument left.
		pa.arglen, pa.argidx = -1, -1
		return vm.GetItem(pa.args, vm.NewStr(p.MappingKey))
	}
	return vm.nextPercentArg(pa)
}

// percentInt converts the argument of d/i/u/o/x/X to an integer.
func (vm *VM) percentInt(v Value, conv byte) (*big.Int, error) {
	wrong := func() error {
		if conv == 'o' || conv == 'x' || conv == 'X' {
			return vm.TypeError("%%%c format: an integer is required, not %s", conv, vm.TypeName(v))
		}
		return vm.TypeError("%%%c format: a real number is required, not %s", conv, vm.TypeName(v))
	}
	p := vm.Prim(v)
	if b, ok := vm.BigOf(p); ok {
		return b, nil
	}
	if p.K == heap.KFloat {
		if conv == 'o' || conv == 'x' || conv == 'X' {
			return nil, wrong()
		}
		f := p.F()
		if math.IsNaN(f) {
			return nil, vm.ValueError("cannot convert float NaN to integer")
		}
		if math.IsInf(f, 0) {
			return nil, vm.Errorf(TOverflowError, "cannot convert float infinity to integer")
		}
		b, _ := big.NewFloat(f).Int(nil)
		return b, nil
	}
	if vm.isUserInstance(v) {
		name := ""
		switch {
		case vm.hasMethod(v, "__index__"):
			name = "__index__"
		case conv != 'o' && conv != 'x' && conv != 'X' && vm.hasMethod(v, "__int__"):
			name = "__int__"
		}
		if name != "" {
			r, err := vm.CallMethod(v, name)
			if err != nil {
				return nil, err
			}
			if b, ok := vm.BigOf(r); ok {
				return b, nil
			}
			return nil, vm.TypeError("%s returned non-int (type %s)", name, vm.TypeName(r))
		}
	}
	return nil, wrong()
}

// percentFloat converts the argument of e/E/f/F/g/G to a float.
func (vm *VM) percentFloat(v Value) (float64, error) {
	p := vm.Prim(v)
	switch p.K {
	case heap.KFloat:
		return p.F(), nil
	case heap.KInt:
		return float64(p.I()), nil
	case heap.KBool:
		return float64(p.N), nil
	}
	if b, ok := vm.BigOf(p); ok {
		f, err := pyfmt.IntToFloat(b)
		if err != nil {
			return 0, vm.pystrErr(err)
		}
		return f, nil
	}
	if vm.isUserInstance(v) {
		for _, name := range []string{"__float__", "__index__"} {
			if !vm.hasMethod(v, name) {
				continue
			}
			r, err := vm.CallMethod(v, name)
			if err != nil {
				return 0, err
			}
			return vm.percentFloat(r)
		}
	}
	return 0, vm.TypeError("must be real number, not %s", vm.TypeName(v))
}

// percentFormat implements fmt % args for str.
func (vm *VM) percentFormat(format string, args Value) (Value, error) {
	// The same format string usually comes again (a loop): keep the last
	// parse. The pieces are only read (each is copied before resolving).
	pieces := vm.pctPieces
	if format != vm.pctFormat || pieces == nil {
		var err error
		pieces, err = pyfmt.ParsePercent(format)
		if err != nil {
			return heap.Undef, vm.pystrErr(err)
		}
		vm.pctFormat, vm.pctPieces = format, pieces
	}
	if r, ok := vm.percentSimple(pieces, args); ok {
		return r, nil
	}
	pargs := vm.newPercentArgs(args)
	pa := &pargs // on the stack: one % formatting allocates only its result
	// Most results are laid out on the stack and copied once into a str
	// holding its bytes; longer ones grow (accounted) into the heap.
	var small [128]byte
	b := small[:0]
	var err error
	for i := range pieces {
		p := pieces[i]
		if p.Conv == 0 {
			if b, err = AppendAccounted(vm, b, p.Literal); err != nil {
				return heap.Undef, err
			}
			continue
		}
		if err := vm.resolveStar(&p, pa); err != nil {
			return heap.Undef, err
		}
		if err := vm.reservePercent(&p); err != nil {
			return heap.Undef, err
		}
		v, err := vm.percentValue(&p, pa)
		if err != nil {
			return heap.Undef, err
		}
		switch p.Conv {
		case 's', 'r', 'a':
			s, err := vm.convertValue(p.Conv, v)
			if err != nil {
				return heap.Undef, err
			}
			if b, err = AppendAccounted(vm, b, pyfmt.PadPercentStr(s, p)); err != nil {
				return heap.Undef, err
			}
		case 'c':
			var s string
			if str, ok := vm.StrOf(v); ok {
				if utf8.RuneCountInString(str) != 1 {
					return heap.Undef, vm.TypeError("%s", "%c requires int or char")
				}
				s = str
			} else if n, ok := vm.BigOf(vm.Prim(v)); ok {
				if !n.IsInt64() || n.Int64() < 0 || n.Int64() > 0x10ffff {
					return heap.Undef, vm.Errorf(TOverflowError, "%s", "%c arg not in range(0x110000)")
				}
				s = string(rune(n.Int64()))
			} else {
				return heap.Undef, vm.TypeError("%s", "%c requires int or char")
			}
			if b, err = AppendAccounted(vm, b, pyfmt.PadPercentStr(s, p)); err != nil {
				return heap.Undef, err
			}
		case 'd', 'i', 'u', 'o', 'x', 'X':
			if v.K == heap.KInt && p.Precision < 0 && p.Conv != 'o' && p.Conv != 'x' && p.Conv != 'X' {
				// A machine int in decimal: no big.Int on the way, and
				// no Go string for a field of a usual width.
				var tmp [plainMax]byte
				var d string
				if p.Width <= plainMax-24 {
					db := pyfmt.AppendPercentInt64(tmp[:0], v.I(), p)
					d = unsafe.String(unsafe.SliceData(db), len(db))
				} else {
					d = pyfmt.FormatPercentInt64(v.I(), p)
				}
				if b, err = AppendAccounted(vm, b, d); err != nil {
					return heap.Undef, err
				}
				continue
			}
			n, err := vm.percentInt(v, p.Conv)
			if err != nil {
				return heap.Undef, err
			}
			if p.Conv != 'o' && p.Conv != 'x' && p.Conv != 'X' {
				if err := vm.checkIntToStr(n); err != nil {
					return heap.Undef, err
				}
			}
			s, err := pyfmt.FormatPercentIntWith(n, p, vm.decimalString)
			if err != nil {
				return heap.Undef, err
			}
			if b, err = AppendAccounted(vm, b, s); err != nil {
				return heap.Undef, err
			}
		default:
			f, err := vm.percentFloat(v)
			if err != nil {
				return heap.Undef, err
			}
			if b, err = AppendAccounted(vm, b, pyfmt.FormatPercentFloat(f, p)); err != nil {
				return heap.Undef, err
			}
		}
	}
	if err := vm.finishPercentArgs(pa); err != nil {
		return heap.Undef, err
	}
	o, buf := vm.strBuf(len(b))
	copy(buf, b)
	return vm.sealStr(o, buf, -1), nil
}

// percentSimple is fmt % args (fmt parsed to pieces) in its most common
// shape: every conversion a bare %s, %d or %i (no key, flags, width or
// precision), args a machine int or an exact str for a single
// conversion, or an exact tuple of them, one per conversion, and a short
// result. %s and %d of an int and %s of a str write their text straight
// into the result, with no code to run and no error possible. ok is
// false, with nothing done, for anything else (the general path then
// formats, or reports the error).
func (vm *VM) percentSimple(pieces []pyfmt.PercentPiece, args Value) (Value, bool) {
	single := [1]Value{args}
	var items []Value
	switch args.K {
	case heap.KInt:
		items = single[:]
	case heap.KRef:
		switch o := vm.H.Get(args).(type) {
		case *heap.Str:
			items = single[:]
		case *heap.Tuple:
			items = o.Items
		default:
			return heap.Undef, false
		}
	default:
		return heap.Undef, false
	}
	var small [128]byte
	b := small[:0]
	n := 0
	for i := range pieces {
		p := &pieces[i]
		if p.Conv == 0 {
			if len(b)+len(p.Literal) > len(small) {
				return heap.Undef, false
			}
			b = append(b, p.Literal...)
			continue
		}
		if p.HasKey || p.Width != -1 || p.Precision != -1 || p.Minus || p.Plus || p.Space || p.Alt || p.Zero || n >= len(items) {
			return heap.Undef, false
		}
		v := items[n]
		n++
		switch {
		case v.K == heap.KInt && (p.Conv == 'd' || p.Conv == 'i' || p.Conv == 's'):
			if len(b)+20 > len(small) {
				return heap.Undef, false
			}
			b = strconv.AppendInt(b, v.I(), 10)
		case v.K == heap.KRef && p.Conv == 's':
			o, ok := vm.H.Get(v).(*heap.Str)
			if !ok || len(b)+len(o.S) > len(small) {
				return heap.Undef, false
			}
			b = append(b, o.S...)
		default:
			return heap.Undef, false
		}
	}
	if n != len(items) || !vm.fastRoom(int64(len(b))) {
		return heap.Undef, false
	}
	o, buf := vm.strBuf(len(b))
	copy(buf, b)
	return vm.sealStr(o, buf, -1), true
}

// bytesPercentFormat implements fmt % args for bytes and bytearray.
func (vm *VM) bytesPercentFormat(format []byte, args Value) ([]byte, error) {
	// ParsePercent works on text; decode bytes as Latin-1 so every byte
	// maps to one rune and back.
	rs := make([]rune, len(format))
	for i, c := range format {
		rs[i] = rune(c)
	}
	pieces, err := pyfmt.ParsePercent(string(rs))
	if err != nil {
		return nil, vm.pystrErr(err)
	}
	latin := func(s string) []byte {
		out := make([]byte, 0, len(s))
		for _, r := range s {
			out = append(out, byte(r))
		}
		return out
	}
	pargs := vm.newPercentArgs(args)
	pa := &pargs // on the stack: one % formatting allocates only its result
	var out []byte
	for i := range pieces {
		p := pieces[i]
		if p.Conv == 0 {
			if out, err = AppendAccounted(vm, out, latin(p.Literal)); err != nil {
				return nil, err
			}
			continue
		}
		if err := vm.resolveStar(&p, pa); err != nil {
			return nil, err
		}
		if err := vm.reservePercent(&p); err != nil {
			return nil, err
		}
		v, err := vm.percentValue(&p, pa)
		if err != nil {
			return nil, err
		}
		var body []byte
		switch p.Conv {
		case 's', 'r', 'a':
			if p.Conv == 's' {
				bb, ok := vm.BufferBytes(v)
				if !ok && vm.isUserInstance(v) && vm.hasMethod(v, "__bytes__") {
					r, err := vm.CallMethod(v, "__bytes__")
					if err != nil {
						return nil, err
					}
					bb, ok = vm.BufferBytes(r)
				}
				if !ok {
					return nil, vm.TypeError("%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'", vm.TypeName(v))
				}
				body = bb
			} else {
				s, err := vm.Ascii(v)
				if err != nil {
					return nil, err
				}
				body = []byte(s)
			}
			if p.Precision >= 0 && p.Precision < len(body) {
				body = body[:p.Precision]
			}
			p.Precision = -1
			if p.Width < 0 {
				// No padding: no round trip, no garbage per piece.
				if out, err = AppendAccounted(vm, out, body); err != nil {
					return nil, err
				}
				continue
			}
			// Pad with a Latin-1 round trip so widths count bytes.
			if out, err = AppendAccounted(vm, out, latin(pyfmt.PadPercentStr(latinString(body), p))); err != nil {
				return nil, err
			}
			continue
		case 'c':
			if bb, ok := vm.BufferBytes(v); ok && len(bb) == 1 {
				body = bb
			} else if n, ok := vm.BigOf(vm.Prim(v)); ok {
				if !n.IsInt64() || n.Int64() < 0 || n.Int64() > 255 {
					return nil, vm.Errorf(TOverflowError, "%s", "%c arg not in range(256)")
				}
				body = []byte{byte(n.Int64())}
			} else {
				return nil, vm.TypeError("%s", "%c requires an integer in range(256) or a single byte")
			}
			if out, err = AppendAccounted(vm, out, latin(pyfmt.PadPercentStr(latinString(body), p))); err != nil {
				return nil, err
			}
			continue
		case 'd', 'i', 'u', 'o', 'x', 'X':
			n, err := vm.percentInt(v, p.Conv)
			if err != nil {
				return nil, err
			}
			if p.Conv != 'o' && p.Conv != 'x' && p.Conv != 'X' {
				if err := vm.checkIntToStr(n); err != nil {
					return nil, err
				}
			}
			s, err := pyfmt.FormatPercentIntWith(n, p, vm.decimalString)
			if err != nil {
				return nil, err
			}
			body = []byte(s)
		default:
			f, err := vm.percentFloat(v)
			if err != nil {
				return nil, err
			}
			body = []byte(pyfmt.FormatPercentFloat(f, p))
		}
		if out, err = AppendAccounted(vm, out, body); err != nil {
			return nil, err
		}
	}
	if err := vm.finishPercentArgs(pa); err != nil {
		return nil, err
	}
	return out, nil
}

func latinString(p []byte) string {
	rs := make([]rune, len(p))
	for i, c := range p {
		rs[i] = rune(c)
	}
	return string(rs)
}

// formatValue implements FORMAT_VALUE: conv is 0 (none), 1 (str), 2 (repr),
// 3 (ascii); spec is a str value or heap.Undef. Returns a str value.
// convertValue applies a conversion: 's' (str), 'r' (repr) or 'a'
// (ascii).
func (vm *VM) convertValue(conv byte, v Value) (string, error) {
	switch conv {
	case 's':
		return vm.StrString(v)
	case 'r':
		return vm.Repr(v)
	}
	return vm.Ascii(v)
}

func (vm *VM) formatValue(v Value, conv int, spec Value) (Value, error) {
	specStr, err := vm.optStrArg(spec, "", "format spec must be a str, not %s")
	if err != nil {
		return heap.Undef, err
	}
	if conv == 0 {
		switch {
		case v.K == heap.KInt && specStr == "":
			return vm.intStr(v.I()), nil
		case v.K == heap.KInt || v.K == heap.KFloat:
			if r, ok, err := vm.formatPlainNum(v, specStr); ok {
				return r, err
			}
			// A machine number goes straight to its formatting.
			s, err := vm.formatNum(v, specStr)
			if err != nil {
				return heap.Undef, err
			}
			return vm.NewStr(s), nil
		case v.K == heap.KRef && specStr == "" && vm.IsExactStr(v):
			return v, nil
		case v.K == heap.KRef:
			if r, ok, err := vm.formatPlainNum(v, specStr); ok {
				return r, err
			}
		}
	}
	switch conv {
	case 1, 2, 3:
		// FORMAT_VALUE numbers the conversions !s, !r and !a 1, 2, 3.
		s, err := vm.convertValue("sra"[conv-1], v)
		if err != nil {
			return heap.Undef, err
		}
		if specStr == "" {
			return vm.NewStr(s), nil
		}
		v = vm.NewStr(s)
	}
	s, err := vm.Format(v, specStr)
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewStr(s), nil
}

// formatPlainNum is an f-string field of a machine int or float, or of
// an exact ASCII str, with a plain spec ({i:>6}, {n:03d}, {x:.2f},
// {h:>8}): laid out on the stack and copied once into a str that holds
// its bytes, known to be ASCII. ok is false for the other values and
// specs (and for a spec that does not parse: the general path reports
// the error).
func (vm *VM) formatPlainNum(v Value, spec string) (Value, bool, error) {
	var tmp [plainMax]byte
	b, ok, err := vm.appendPlain(tmp[:0], v, spec)
	if !ok || err != nil {
		return heap.Undef, ok, err
	}
	o, buf := vm.strBuf(len(b))
	copy(buf, b)
	return vm.sealStr(o, buf, len(b)), true, nil
}

// plainMax bounds what appendPlain lays out: callers give it a stack
// buffer of this size, which it never outgrows.
const plainMax = 64

// appendPlain appends format(v, spec) to dst, which must have room for
// plainMax more bytes, for a machine int or float or an exact ASCII str
// and a plain spec (no grouping, non-ASCII fill or 'z'; for numbers,
// decimal or fixed-point) whose result fits that room. The result is
// ASCII. ok is false, and dst unchanged, for anything else.
func (vm *VM) appendPlain(dst []byte, v Value, spec string) ([]byte, bool, error) {
	var o *heap.Str
	typeName := "int"
	switch v.K {
	case heap.KInt:
	case heap.KFloat:
		typeName = "float"
	case heap.KRef:
		s, ok := vm.H.Get(v).(*heap.Str)
		if !ok || !strIsASCII(s) {
			return dst, false, nil
		}
		o, typeName = s, "str"
	default:
		return dst, false, nil
	}
	sp, err := vm.parseSpec(spec, typeName)
	if err != nil {
		return dst, false, nil
	}
	return vm.appendPlainSpec(dst, v, o, spec, sp)
}

// appendPlainSpec is appendPlain once the spec has parsed as sp, for v
// a machine int or float or (o, when not nil) an exact ASCII str.
func (vm *VM) appendPlainSpec(dst []byte, v Value, o *heap.Str, spec string, sp pyfmt.Spec) ([]byte, bool, error) {
	if sp.Width > plainMax-16 || sp.Precision > 16 {
		// Wide results take the general path.
		return dst, false, nil
	}
	if o != nil && len(o.S) > plainMax-16 && (sp.Precision < 0 || sp.Precision > plainMax-16) {
		return dst, false, nil
	}
	// As the general path does, though these sizes always fit: without
	// a memory limit, reserve could only refuse sizes far past them.
	if vm.Limits.MaxMemory > 0 {
		if err := vm.reserveParsedSpec(spec, sp, nil); err != nil {
			return dst, true, err
		}
	}
	var b []byte
	var ok bool
	switch {
	case o != nil:
		b, ok = pyfmt.AppendStrPlain(dst, o.S, sp)
	case v.K == heap.KInt:
		b, ok = pyfmt.AppendInt64Plain(dst, v.I(), sp)
	default:
		b, ok = pyfmt.AppendFixedPlain(dst, v.F(), sp)
	}
	if !ok {
		return dst, false, nil
	}
	return b, true, nil
}

// Format is format(v, spec): numbers and strings natively, instances
// through __format__, object.__format__ rules otherwise.
func (vm *VM) Format(v Value, spec string) (string, error) {
	if vm.isUserInstance(v) {
		fn := vm.LookupClassStr(vm.TypeOf(v), "__format__")
		if fn.K == heap.KRef {
			if _, builtin := vm.H.Get(fn).(*heap.Builtin); !builtin {
				r, err := vm.CallMethod(v, "__format__", vm.NewStr(spec))
				if err != nil {
					return "", err
				}
				s, ok := vm.StrOf(r)
				if !ok {
					return "", vm.TypeError("__format__ must return a str, not %s", vm.TypeName(r))
				}
				return s, nil
			}
		}
		// int/float/complex/str.__format__ with an empty spec is str(self),
		// which reaches a subclass's __str__ or __repr__.
		if spec == "" {
			return vm.StrString(v)
		}
	}
	p := vm.Prim(v)
	if s, ok := vm.strObj(p); ok {
		if spec == "" {
			return s.S, nil
		}
		sp, err := vm.parseSpec(spec, "str")
		if err != nil {
			return "", vm.pystrErr(err)
		}
		if err := vm.reserveParsedSpec(spec, sp, nil); err != nil {
			return "", err
		}
		r, err := pyfmt.FormatStr(s.S, sp)
		if err != nil {
			return "", vm.pystrErr(err)
		}
		return r, nil
	}
	switch p.K {
	case heap.KInt, heap.KBool, heap.KFloat:
		return vm.formatNum(p, spec)
	case heap.KRef:
		switch vm.H.Get(p).(type) {
		case *heap.BigInt, *heap.Complex:
			return vm.formatNum(p, spec)
		}
	}
	if spec != "" {
		return "", vm.TypeError("unsupported format string passed to %s.__format__", vm.TypeName(v))
	}
	return vm.StrString(v)
}

// specMemo is a format spec and its parse.
type specMemo struct {
	spec string
	sp   pyfmt.Spec
}

// parseSpec is pyfmt.ParseSpec remembering the last few specs parsed
// well: a program formats with a handful of constant specs, over and
// over. typeName only words the errors, which are never remembered.
func (vm *VM) parseSpec(spec, typeName string) (pyfmt.Spec, error) {
	if spec != "" {
		// A constant spec is the same Go string at every turn: its
		// data pointer matches before any byte is compared.
		d := unsafe.StringData(spec)
		for i := range vm.specs {
			if m := &vm.specs[i]; len(m.spec) == len(spec) && (unsafe.StringData(m.spec) == d || m.spec == spec) {
				return m.sp, nil
			}
		}
	}
	sp, err := pyfmt.ParseSpec(spec, typeName)
	if err == nil && spec != "" {
		vm.specs[vm.specsNext] = specMemo{spec: spec, sp: sp}
		vm.specsNext = (vm.specsNext + 1) % len(vm.specs)
	}
	return sp, err
}

// reserveParsedSpec is reserveSpec for a spec already parsed (sp, or the
// error perr), so a format parses its spec once.
func (vm *VM) reserveParsedSpec(spec string, sp pyfmt.Spec, perr error) error {
	if perr != nil || spec == "" {
		return vm.reserveSpec(spec)
	}
	if sp.Width <= 0 && sp.Precision <= 0 {
		return nil
	}
	return vm.reserveSpecWidth(sp)
}

func (vm *VM) formatNum(p Value, spec string) (string, error) {
	s, handled, err := vm.formatNumber(p, spec)
	if err != nil {
		return "", vm.pystrErr(err)
	}
	if !handled {
		if spec != "" {
			return "", vm.TypeError("unsupported format string passed to %s.__format__", vm.TypeName(p))
		}
		return vm.StrString(p)
	}
	return s, nil
}

// strFormatter carries the state of one str.format / format_map call.
type strFormatter struct {
	args []Value
	// The keyword arguments of str.format, or (mapOnly) format_map's
	// mapping: fields, not a closure, so a call allocates no state.
	kwNames []string
	kwVals  []Value
	mapping Value
	auto    int
	mode    int // 0 unknown, 1 automatic, 2 manual
	mapOnly bool
}

// formatKwarg looks a named field up.
func (vm *VM) formatKwarg(f *strFormatter, name string) (Value, error) {
	if f.mapOnly {
		return vm.GetItem(f.mapping, vm.NewStr(name))
	}
	for i, k := range f.kwNames {
		if k == name {
			return f.kwVals[i], nil
		}
	}
	return heap.Undef, vm.ErrorArgs(TKeyError, vm.NewStr(name))
}

// strFormatValue is str.format and format_map's result: laid out on the
// stack when short and copied once into a str holding its bytes.
func (vm *VM) strFormatValue(format string, f *strFormatter) (Value, error) {
	var small [128]byte
	b, err := vm.appendStrFormat(small[:0], format, f, 0)
	if err != nil {
		return heap.Undef, err
	}
	o, buf := vm.strBuf(len(b))
	copy(buf, b)
	return vm.sealStr(o, buf, -1), nil
}

// strFormat is a nested spec's str.format.
func (vm *VM) strFormat(format string, f *strFormatter, depth int) (string, error) {
	b, err := vm.appendStrFormat(nil, format, f, depth)
	return string(b), err
}

// appendStrFormat appends str.format's result for format to b.
func (vm *VM) appendStrFormat(b []byte, format string, f *strFormatter, depth int) ([]byte, error) {
	if depth >= 2 {
		return b, vm.ValueError("Max string recursion exceeded")
	}
	// As in percentFormat, the same format usually comes again; the
	// pieces are only read.
	pieces := vm.fmtPieces
	if format != vm.fmtFormat || pieces == nil {
		var err error
		pieces, err = pyfmt.ParseFormatString(format)
		if err != nil {
			return b, vm.pystrErr(err)
		}
		vm.fmtFormat, vm.fmtPieces = format, pieces
	}
	for _, p := range pieces {
		if !p.Field {
			var err error
			if b, err = AppendAccounted(vm, b, p.Literal); err != nil {
				return b, err
			}
			continue
		}
		v, err := vm.formatField(p, f)
		if err != nil {
			return b, err
		}
		spec := p.Spec
		if strings.ContainsRune(spec, '{') {
			spec, err = vm.strFormat(spec, f, depth+1)
			if err != nil {
				return b, err
			}
		}
		var tmp [plainMax]byte
		if pb, ok, err := vm.appendPlain(tmp[:0], v, spec); ok {
			if err == nil {
				b, err = AppendAccounted(vm, b, unsafe.String(unsafe.SliceData(pb), len(pb)))
			}
			if err != nil {
				return b, err
			}
			continue
		}
		s, err := vm.Format(v, spec)
		if err != nil {
			return b, err
		}
		if b, err = AppendAccounted(vm, b, s); err != nil {
			return b, err
		}
	}
	return b, nil
}

// formatField resolves a replacement field's name and accessors, then
// applies its conversion (!s, !r or !a).
func (vm *VM) formatField(p pyfmt.Piece, f *strFormatter) (Value, error) {
	var v Value
	idx, positional := p.ArgIndex()
	if p.Name == "" {
		if f.mode == 2 {
			return heap.Undef, vm.ValueError("cannot switch from manual field specification to automatic field numbering")
		}
		f.mode = 1
		idx, positional = f.auto, true
		f.auto++
	} else if positional {
		if f.mode == 1 {
			return heap.Undef, vm.ValueError("cannot switch from automatic field numbering to manual field specification")
		}
		f.mode = 2
	}
	if positional {
		if f.mapOnly {
			return heap.Undef, vm.ValueError("Format string contains positional fields")
		}
		if idx >= len(f.args) {
			return heap.Undef, vm.Errorf(TIndexError, "Replacement index %d out of range for positional args tuple", idx)
		}
		v = f.args[idx]
	} else {
		var err error
		v, err = vm.formatKwarg(f, p.Name)
		if err != nil {
			return heap.Undef, err
		}
	}
	for _, a := range p.Path {
		var err error
		switch {
		case a.Attr:
			v, err = vm.GetAttr(v, a.Name)
		case a.IsIndex:
			v, err = vm.GetItem(v, heap.Int(int64(a.Index)))
		default:
			v, err = vm.GetItem(v, vm.NewStr(a.Name))
		}
		if err != nil {
			return heap.Undef, err
		}
	}
	if p.Conversion == 0 {
		return v, nil
	}
	s, err := vm.convertValue(p.Conversion, v)
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewStr(s), nil
}
