package vm

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// Expected values come from CPython 3.11 (repr of the result, or
// "!Type: message" for an exception).

type strTestVM struct{ *VM }

func (t strTestVM) S(s string) Value   { return t.NewStr(s) }
func (t strTestVM) B(s string) Value   { return t.NewBytes([]byte(s), false) }
func (t strTestVM) BA(s string) Value  { return t.NewBytes([]byte(s), true) }
func (t strTestVM) T(v ...Value) Value { return t.NewTuple(v) }
func (t strTestVM) L(v ...Value) Value { return t.NewList(v) }
func (t strTestVM) D(kv ...Value) Value {
	d := t.NewDict()
	for i := 0; i < len(kv); i += 2 {
		if err := t.DictSet(t.H.Get(d).(*heap.Dict), kv[i], kv[i+1]); err != nil {
			panic(err)
		}
	}
	return d
}
func (t strTestVM) Sl(a, b, c Value) Value {
	return t.H.Alloc(&heap.Slice{Start: a, Stop: b, Step: c})
}

// invoke calls a builtin method found on the receiver's class.
func (t strTestVM) invoke(self Value, name string, args ...Value) (Value, error) {
	return t.invokeKw(self, name, args, nil, nil)
}

func (t strTestVM) invokeKw(self Value, name string, args []Value, kwn []string, kwv []Value) (Value, error) {
	fn := t.LookupClassStr(t.TypeOf(self), name)
	switch o := t.H.Get(fn).(type) {
	case *heap.Builtin:
		return builtinDef(o.ID).Fn(t.VM, self, Args{Pos: args, KwNames: kwn, KwVals: kwv})
	case *heap.ClassMethod:
		b := t.H.Get(o.F).(*heap.Builtin)
		return builtinDef(b.ID).Fn(t.VM, t.TypeOf(self), Args{Pos: args})
	case *heap.StaticMethod:
		b := t.H.Get(o.F).(*heap.Builtin)
		return builtinDef(b.ID).Fn(t.VM, heap.Undef, Args{Pos: args})
	}
	panic("no method " + name)
}

func (t strTestVM) builtin(name string, args ...Value) (Value, error) {
	for _, f := range builtinFuncs {
		if f.name == name {
			return f.fn(t.VM, heap.Undef, Args{Pos: args})
		}
	}
	panic("no builtin " + name)
}

func (t strTestVM) construct(id TypeID, args ...Value) (Value, error) {
	return constructors[id](t.VM, t.Types[id], Args{Pos: args})
}

func (t strTestVM) show(v Value, err error) string {
	if err != nil {
		if e, ok := err.(*Exception); ok {
			out := "!" + t.TypeName(e.Value)
			args := t.H.Get(t.ExcOf(e.Value).Args).(*heap.Tuple).Items
			if len(args) == 1 {
				msg, ok := t.StrOf(args[0])
				if !ok || t.ErrIs(err, TKeyError) {
					msg, _ = t.Repr(args[0])
				}
				if msg != "" {
					out += ": " + msg
				}
			}
			return out
		}
		return "!" + err.Error()
	}
	if v.K == heap.KNotImplemented {
		return "NotImplemented"
	}
	r, err := t.Repr(v)
	if err != nil {
		return "!repr: " + err.Error()
	}
	return r
}

func TestStrings(t *testing.T) {
	vm := strTestVM{New()}
	S, B, BA, T, L, D, I := vm.S, vm.B, vm.BA, vm.T, vm.L, vm.D, heap.Int
	N := heap.None
	bin := func(op int, a, b Value) func() (Value, error) {
		return func() (Value, error) { return vm.strBinary(op, a, b) }
	}
	m := func(self Value, name string, args ...Value) func() (Value, error) {
		return func() (Value, error) { return vm.invoke(self, name, args...) }
	}
	get := func(o, k Value) func() (Value, error) {
		return func() (Value, error) { r, _, err := vm.strGetItem(o, k); return r, err }
	}
	in := func(o, k Value) func() (Value, error) {
		return func() (Value, error) { r, _, err := vm.strContains(k, o); return heap.Bool(r), err }
	}
	bi := func(name string, args ...Value) func() (Value, error) {
		return func() (Value, error) { return vm.builtin(name, args...) }
	}
	con := func(id TypeID, args ...Value) func() (Value, error) {
		return func() (Value, error) { return vm.construct(id, args...) }
	}
	cmp := func(op int, a, b Value) func() (Value, error) {
		return func() (Value, error) {
			r, ok := vm.strCompare(op, a, b)
			if !ok {
				return heap.NotImplemented, nil
			}
			return heap.Bool(r), nil
		}
	}
	cases := []struct {
		name string
		f    func() (Value, error)
		want string
	}{
		{"add", bin(compile.BinAdd, S("ab"), S("cé")), "'abcé'"},
		{"add int", bin(compile.BinAdd, S("ab"), I(1)), "NotImplemented"},
		{"mul", bin(compile.BinMul, S("ab"), I(3)), "'ababab'"},
		{"rmul", bin(compile.BinMul, I(2), S("é")), "'éé'"},
		{"mul neg", bin(compile.BinMul, S("ab"), I(-3)), "''"},
		{"mul huge", bin(compile.BinMul, S("a"), I(1<<62)), "!MemoryError"},
		{"bytes add", bin(compile.BinAdd, B("a"), BA("b")), "b'ab'"},
		{"bytearray add", bin(compile.BinAdd, BA("a"), B("b")), "bytearray(b'ab')"},
		{"bytes mul", bin(compile.BinMul, B("ab"), I(2)), "b'abab'"},
		{"mod tuple", bin(compile.BinMod, S("%5.1f|%-5d|%05d"), T(heap.Float(1.25), I(3), I(-4))), "'  1.2|3    |-0004'"},
		{"mod hex", bin(compile.BinMod, S("%x %X %o %#x %#o"), T(I(255), I(255), I(8), I(255), I(8))), "'ff FF 10 0xff 0o10'"},
		{"mod r a", bin(compile.BinMod, S("%r %a"), T(S("é"), S("é"))), `"'é' '\\xe9'"`},
		{"mod c", bin(compile.BinMod, S("%c%c"), T(I(65), S("é"))), "'Aé'"},
		{"mod map", bin(compile.BinMod, S("%(a)s %(b)d"), D(S("a"), S("x"), S("b"), I(2))), "'x 2'"},
		{"mod dict single", bin(compile.BinMod, S("%s"), D(S("a"), I(1))), `"{'a': 1}"`},
		{"mod iu", bin(compile.BinMod, S("%i %u"), T(heap.Float(3.7), heap.True)), "'3 1'"},
		{"mod eg", bin(compile.BinMod, S("%e %g %G"), T(heap.Float(12345.678), heap.Float(0.00001), heap.Float(1e20))), "'1.234568e+04 1e-05 1E+20'"},
		{"mod star", bin(compile.BinMod, S("%*d|"), T(I(-5), I(1))), "'1    |'"},
		{"mod star prec", bin(compile.BinMod, S("%.*f"), T(I(-3), heap.Float(1.5))), "'2'"},
		{"mod prec s", bin(compile.BinMod, S("%.3r"), S("abc")), `"'ab"`},
		{"mod big float d", bin(compile.BinMod, S("%d"), heap.Float(1e20)), "'100000000000000000000'"},
		{"mod list", bin(compile.BinMod, S("hi"), L()), "'hi'"},
		{"mod err d", bin(compile.BinMod, S("%d"), S("a")), "!TypeError: %d format: a real number is required, not str"},
		{"mod err x", bin(compile.BinMod, S("%x"), heap.Float(1.5)), "!TypeError: %x format: an integer is required, not float"},
		{"mod err f", bin(compile.BinMod, S("%f"), S("a")), "!TypeError: must be real number, not str"},
		{"mod err c", bin(compile.BinMod, S("%c"), S("ab")), "!TypeError: %c requires int or char"},
		{"mod err c range", bin(compile.BinMod, S("%c"), I(0x110000)), "!OverflowError: %c arg not in range(0x110000)"},
		{"mod not enough", bin(compile.BinMod, S("%s %s"), T(I(1))), "!TypeError: not enough arguments for format string"},
		{"mod not all", bin(compile.BinMod, S("%s"), T(I(1), I(2))), "!TypeError: not all arguments converted during string formatting"},
		{"mod not all single", bin(compile.BinMod, S("hi"), I(5)), "!TypeError: not all arguments converted during string formatting"},
		{"mod star err", bin(compile.BinMod, S("%*d"), T(S("a"), I(1))), "!TypeError: * wants int"},
		{"mod needs map", bin(compile.BinMod, S("%(a)s"), T(I(1))), "!TypeError: format requires a mapping"},
		{"mod key err", bin(compile.BinMod, S("%(a)s"), D()), "!KeyError: 'a'"},
		{"mod nan", bin(compile.BinMod, S("%d"), heap.Float(nan())), "!ValueError: cannot convert float NaN to integer"},
		{"mod incomplete", bin(compile.BinMod, S("%"), T()), "!ValueError: incomplete format"},
		{"mod bad char", bin(compile.BinMod, S("%z"), I(1)), "!ValueError: unsupported format character 'z' (0x7a) at index 1"},
		{"bytes mod", bin(compile.BinMod, B("%s %d"), T(B("x"), I(3))), "b'x 3'"},
		{"bytes mod c", bin(compile.BinMod, B("%c%c"), T(I(65), B("B"))), "b'AB'"},
		{"bytes mod r", bin(compile.BinMod, B("%r|%5s|"), T(S("é"), B("ab"))), `b"'\\xe9'|   ab|"`},
		{"bytes mod str", bin(compile.BinMod, B("%s"), S("x")), "!TypeError: %b requires a bytes-like object, or an object that implements __bytes__, not 'str'"},

		{"lt", cmp(compile.CmpLt, S("ab"), S("b")), "True"},
		{"ge unicode", cmp(compile.CmpGe, S("é"), S("z")), "True"},
		{"bytes lt", cmp(compile.CmpLt, B("ab"), BA("b")), "True"},
		{"str bytes", cmp(compile.CmpLt, B("a"), S("b")), "NotImplemented"},

		{"index", get(S("abc"), I(-1)), "'c'"},
		{"index uni", get(S("héllo"), I(1)), "'é'"},
		{"index err", get(S("abc"), I(5)), "!IndexError: string index out of range"},
		{"index type", get(S("abc"), S("a")), "!TypeError: string indices must be integers, not 'str'"},
		{"slice", get(S("héllo"), vm.Sl(I(1), I(4), N)), "'éll'"},
		{"slice rev", get(S("héllo"), vm.Sl(N, N, I(-1))), "'olléh'"},
		{"slice ascii step", get(S("abcdef"), vm.Sl(I(-1), I(0), I(-2))), "'fdb'"},
		{"slice clamp", get(S("abc"), vm.Sl(I(-100), I(100), N)), "'abc'"},
		{"bytes index", get(B("ab"), I(1)), "98"},
		{"bytes slice", get(B("abc"), vm.Sl(N, N, I(2))), "b'ac'"},
		{"bytearray slice", get(BA("ab"), vm.Sl(I(0), I(1), N)), "bytearray(b'a')"},
		{"bytes index err", get(B("abc"), I(5)), "!IndexError: index out of range"},
		{"bytearray index err", get(BA("a"), I(3)), "!IndexError: bytearray index out of range"},
		{"bytes index type", get(B("abc"), S("a")), "!TypeError: byte indices must be integers or slices, not str"},
		{"slice zero step", get(S("abc"), vm.Sl(N, N, I(0))), "!ValueError: slice step cannot be zero"},

		{"in", in(S("b"), S("abc")), "True"},
		{"in empty", in(S(""), S("abc")), "True"},
		{"in err", in(I(1), S("abc")), "!TypeError: 'in <string>' requires string as left operand, not int"},
		{"bytes in int", in(I(98), B("abc")), "True"},
		{"bytes in bytes", in(B("bc"), B("abc")), "True"},
		{"bytes in str", in(S("a"), B("abc")), "!TypeError: a bytes-like object is required, not 'str'"},
		{"bytes in range", in(I(300), B("abc")), "!ValueError: byte must be in range(0, 256)"},

		{"format auto", m(S("{} {}"), "format", I(1), S("x")), "'1 x'"},
		{"format idx err", m(S("{} {}"), "format", I(1)), "!IndexError: Replacement index 1 out of range for positional args tuple"},
		{"format manual switch", m(S("{0} {}"), "format", I(1), I(2)), "!ValueError: cannot switch from manual field specification to automatic field numbering"},
		{"format auto switch", m(S("{} {0}"), "format", I(1), I(2)), "!ValueError: cannot switch from automatic field numbering to manual field specification"},
		{"format key err", m(S("{a}"), "format"), "!KeyError: 'a'"},
		{"format nested", m(S("{:{}{}}"), "format", S("a"), S(">"), I(5)), "'    a'"},
		{"format index", m(S("{0[x]}"), "format", D(S("x"), I(1))), "'1'"},
		{"format list index", m(S("{0[0]}"), "format", L(S("q"))), "'q'"},
		{"format conv", m(S("{0!r:^9}"), "format", S("hi")), `"  'hi'   "`},
		{"format align", m(S("{0:>5}|{1:<3}|"), "format", S("a"), S("b")), "'    a|b  |'"},
		{"format fill", m(S("{:*^10}"), "format", S("x")), "'****x*****'"},
		{"format bad code", m(S("{:d}"), "format", S("a")), "!ValueError: Unknown format code 'd' for object of type 'str'"},
		{"format bad conv", m(S("{!x}"), "format", I(1)), "!ValueError: Unknown conversion specifier x"},
		{"format_map pos", m(S("{0}"), "format_map", D()), "!ValueError: Format string contains positional fields"},
		{"format_map", m(S("{a}-{b}"), "format_map", D(S("a"), I(1), S("b"), S("z"))), "'1-z'"},
		{"format unsupported", bi("format", L(), S("x")), "!TypeError: unsupported format string passed to list.__format__"},
		{"format builtin", bi("format", S("ab"), S("5")), "'ab   '"},
		{"format bytes", bi("format", B("a")), `"b'a'"`},

		{"chr", bi("chr", I(233)), "'é'"},
		{"chr err", bi("chr", I(-1)), "!ValueError: chr() arg not in range(0x110000)"},
		{"ord", bi("ord", S("é")), "233"},
		{"ord len", bi("ord", S("ab")), "!TypeError: ord() expected a character, but string of length 2 found"},
		{"ord int", bi("ord", I(1)), "!TypeError: ord() expected string of length 1, but int found"},
		{"ascii", bi("ascii", L(I(1), S("é"))), `"[1, '\\xe9']"`},

		{"upper", m(S("straße"), "upper"), "'STRASSE'"},
		{"upper args", m(S("a"), "upper", I(1)), "!TypeError: str.upper() takes no arguments (1 given)"},
		{"split", m(S("a,b,,c"), "split", S(","), I(1)), "['a', 'b,,c']"},
		{"split ws", m(S("  a b  "), "split"), "['a', 'b']"},
		{"split empty", m(S("a"), "split", S("")), "!ValueError: empty separator"},
		{"split type", m(S("a"), "split", I(1)), "!TypeError: must be str or None, not int"},
		{"rsplit", m(S("abc"), "rsplit", S("b")), "['a', 'c']"},
		{"join", m(S(","), "join", L(S("a"), S("b"))), "'a,b'"},
		{"join str", m(S("ab"), "join", S("xyz")), "'xabyabz'"},
		{"join err", m(S(","), "join", L(S("a"), I(2))), "!TypeError: sequence item 1: expected str instance, int found"},
		{"join noniter", m(S(","), "join", I(1)), "!TypeError: can only join an iterable"},
		{"startswith tuple", m(S("abc"), "startswith", T(S("x"), S("ab"))), "True"},
		{"startswith err", m(S("a"), "startswith", I(1)), "!TypeError: startswith first arg must be str or a tuple of str, not int"},
		{"startswith tuple err", m(S("a"), "startswith", T(I(1))), "!TypeError: tuple for startswith must only contain str, not int"},
		{"endswith range", m(S("abcd"), "endswith", S("bc"), I(0), I(3)), "True"},
		{"find none", m(S("abc"), "find", S("c"), N, N), "2"},
		{"find err", m(S("a"), "find", I(1)), "!TypeError: must be str, not int"},
		{"find idx err", m(S("abc"), "find", S("c"), S("x")), "!TypeError: slice indices must be integers or None or have an __index__ method"},
		{"index err", m(S("abc"), "index", S("z")), "!ValueError: substring not found"},
		{"count empty", m(S("abc"), "count", S("")), "4"},
		{"rfind", m(S("abcabc"), "rfind", S("b")), "4"},
		{"center", m(S("abc"), "center", I(8)), "'  abc   '"},
		{"center fill err", m(S("a"), "center", I(5), S("ab")), "!TypeError: The fill character must be exactly one character long"},
		{"center type", m(S("a"), "center", S("x")), "!TypeError: 'str' object cannot be interpreted as an integer"},
		{"zfill", m(S("-12"), "zfill", I(6)), "'-00012'"},
		{"strip", m(S("  a  "), "strip"), "'a'"},
		{"strip chars", m(S("xxaxx"), "lstrip", S("x")), "'axx'"},
		{"strip err", m(S("a"), "strip", I(1)), "!TypeError: strip arg must be None or str"},
		{"replace", m(S("aaa"), "replace", S("a"), S("b"), I(2)), "'bba'"},
		{"replace err", m(S("a"), "replace", I(1), S("b")), "!TypeError: replace() argument 1 must be str, not int"},
		{"partition", m(S("aXbXc"), "rpartition", S("X")), "('aXb', 'X', 'c')"},
		{"removeprefix", m(S("abc"), "removeprefix", S("ab")), "'c'"},
		{"removeprefix err", m(S("x"), "removeprefix", I(1)), "!TypeError: removeprefix() argument must be str, not int"},
		{"expandtabs", m(S("a\tb"), "expandtabs", I(4)), "'a   b'"},
		{"swapcase", m(S("Hello World"), "swapcase"), "'hELLO wORLD'"},
		{"title", m(S("hello world"), "title"), "'Hello World'"},
		{"isdigit", m(S("123"), "isdigit"), "True"},
		{"isidentifier", m(S("a1"), "isidentifier"), "True"},
		{"splitlines", m(S("a\nb\r\nc"), "splitlines"), "['a', 'b', 'c']"},
		{"encode", m(S("é"), "encode"), `b'\xc3\xa9'`},
		{"encode err", m(S("é"), "encode", S("ascii")), "!UnicodeEncodeError: 'ascii' codec can't encode character '\\xe9' in position 0: ordinal not in range(128)"},
		{"maketrans", m(S(""), "maketrans", S("ab"), S("cd")), "{97: 99, 98: 100}"},
		{"maketrans err", m(S(""), "maketrans", S("ab"), S("c")), "!ValueError: the first two maketrans arguments must have equal length"},
		{"translate", m(S("abc"), "translate", D(I(97), S("X"), I(98), N)), "'Xc'"},
		{"dunder add err", m(S("ab"), "__add__", I(1)), "!TypeError: can only concatenate str (not \"int\") to str"},
		{"dunder eq", m(S("a"), "__eq__", I(1)), "NotImplemented"},
		{"dunder rmul", m(S("x"), "__rmul__", I(3)), "'xxx'"},
		{"dunder format", m(S("a"), "__format__", S(">3")), "'  a'"},
		{"dunder len", m(S("héllo"), "__len__"), "5"},

		{"str()", con(TStr, I(5)), "'5'"},
		{"str decode", con(TStr, B("ab"), S("ascii")), "'ab'"},
		{"str decode err", con(TStr, I(1), S("utf-8")), "!TypeError: decoding to str: need a bytes-like object, int found"},
		{"bytes int", con(TBytes, I(3)), `b'\x00\x00\x00'`},
		{"bytes list", con(TBytes, L(I(1), I(2))), `b'\x01\x02'`},
		{"bytes range err", con(TBytes, L(I(300))), "!ValueError: bytes must be in range(0, 256)"},
		{"bytes str", con(TBytes, S("a")), "!TypeError: string argument without an encoding"},
		{"bytes enc", con(TBytes, S("é"), S("utf-8")), `b'\xc3\xa9'`},
		{"bytes neg", con(TBytes, I(-1)), "!ValueError: negative count"},
		{"bytes float", con(TBytes, heap.Float(1.5)), "!TypeError: cannot convert 'float' object to bytes"},
		{"bytes enc err", con(TBytes, I(5), S("utf-8")), "!TypeError: encoding without a string argument"},
		{"bytearray", con(TByteArray, L(I(1), I(2), I(3))), `bytearray(b'\x01\x02\x03')`},

		{"decode", m(B("\xc3\xa9"), "decode"), "'é'"},
		{"decode err", m(B("\xff"), "decode"), "!UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"},
		{"hex", m(B("ab"), "hex"), "'6162'"},
		{"hex sep", m(B("abc"), "hex", S(":"), I(2)), "'61:6263'"},
		{"fromhex", m(B(""), "fromhex", S("61 62")), "b'ab'"},
		{"fromhex ba", m(BA(""), "fromhex", S("61")), "bytearray(b'a')"},
		{"fromhex err", m(B(""), "fromhex", S("zz")), "!ValueError: non-hexadecimal number found in fromhex() arg at position 0"},
		{"bytes find int", m(B("abc"), "find", I(98)), "1"},
		{"bytes find str", m(B("a"), "find", S("a")), "!TypeError: argument should be integer or bytes-like object, not 'str'"},
		{"bytes index err", m(B("abc"), "index", B("z")), "!ValueError: subsection not found"},
		{"bytes count", m(B("abab"), "count", B("ab")), "2"},
		{"bytes split", m(B("a b"), "split"), "[b'a', b'b']"},
		{"bytes rsplit", m(B("a,b,c"), "rsplit", B(","), I(1)), "[b'a,b', b'c']"},
		{"bytes rsplit ws", m(B(" a b c "), "rsplit", N, I(1)), "[b' a b', b'c']"},
		{"bytes join", m(B(","), "join", L(B("a"), BA("b"))), "b'a,b'"},
		{"bytes join err", m(B(","), "join", L(I(1))), "!TypeError: sequence item 0: expected a bytes-like object, int found"},
		{"bytes startswith err", m(B("abc"), "startswith", S("a")), "!TypeError: startswith first arg must be bytes or a tuple of bytes, not str"},
		{"bytes upper", m(BA("aé"), "upper"), `bytearray(b'A\xc3\xa9')`},
		{"bytes strip", m(B("xax"), "strip", B("x")), "b'a'"},
		{"bytes isalpha", m(B("AbC"), "isalpha"), "True"},
		{"bytes isdigit empty", m(B(""), "isdigit"), "False"},
		{"bytearray pop", m(BA("abc"), "pop"), "99"},
		{"bytearray pop err", m(BA("abc"), "pop", I(5)), "!IndexError: pop index out of range"},
		{"bytearray pop empty", m(BA(""), "pop"), "!IndexError: pop from empty bytearray"},
		{"bytearray append err", m(BA("a"), "append", I(300)), "!ValueError: byte must be in range(0, 256)"},
		{"bytearray append type", m(BA("a"), "append", S("a")), "!TypeError: 'str' object cannot be interpreted as an integer"},
		{"bytearray remove err", m(BA("a"), "remove", I(5)), "!ValueError: value not found in bytearray"},
	}
	for _, c := range cases {
		if got := vm.show(c.f()); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

func TestByteArrayMutation(t *testing.T) {
	vm := strTestVM{New()}
	I := heap.Int
	ba := vm.BA("abc")
	steps := []struct {
		f    func() (Value, error)
		want string
	}{
		{func() (Value, error) { return vm.invoke(ba, "append", I(100)) }, "bytearray(b'abcd')"},
		{func() (Value, error) { return vm.invoke(ba, "insert", I(-1), I(120)) }, "bytearray(b'abcxd')"},
		{func() (Value, error) { return vm.invoke(ba, "extend", vm.L(I(49), I(50))) }, "bytearray(b'abcxd12')"},
		{func() (Value, error) { return vm.invoke(ba, "remove", I(120)) }, "bytearray(b'abcd12')"},
		{func() (Value, error) { return vm.invoke(ba, "reverse") }, "bytearray(b'21dcba')"},
		{func() (Value, error) { return vm.invoke(ba, "__setitem__", I(0), I(65)) }, "bytearray(b'A1dcba')"},
		{func() (Value, error) {
			return vm.invoke(ba, "__setitem__", vm.Sl(I(1), I(3), heap.None), vm.B("xyz"))
		}, "bytearray(b'Axyzcba')"},
		{func() (Value, error) {
			return vm.invoke(ba, "__setitem__", vm.Sl(heap.None, heap.None, I(2)), vm.B("1234"))
		}, "bytearray(b'1x2z3b4')"},
		{func() (Value, error) { return vm.invoke(ba, "__delitem__", vm.Sl(heap.None, heap.None, I(2))) }, "bytearray(b'xzb')"},
		{func() (Value, error) { return vm.invoke(ba, "clear") }, "bytearray(b'')"},
	}
	for i, s := range steps {
		if _, err := s.f(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := vm.show(ba, nil); got != s.want {
			t.Errorf("step %d: got %s, want %s", i, got, s.want)
		}
	}
	_, err := vm.invoke(ba, "__setitem__", vm.Sl(heap.None, heap.None, I(2)), vm.B("12"))
	if got := vm.show(heap.Undef, err); got != "!ValueError: attempt to assign bytes of size 2 to extended slice of size 0" {
		t.Errorf("extended slice: %s", got)
	}
}

func TestStrCharAt(t *testing.T) {
	vm := strTestVM{New()}
	s := vm.H.Get(vm.S("aé€😀")).(*heap.Str)
	var got []string
	for off := 0; off < len(s.S); {
		var c Value
		c, off = vm.strCharAt(s, off)
		got = append(got, vm.MustStr(c))
	}
	if len(got) != 4 || got[0] != "a" || got[1] != "é" || got[2] != "€" || got[3] != "😀" {
		t.Errorf("strCharAt walk: %q", got)
	}
	if n, _ := vm.strLen(vm.S("aé€😀")); n != 4 {
		t.Errorf("strLen = %d", n)
	}
	a1, _ := vm.strCharAt(s, 0)
	a2, _ := vm.strCharAt(s, 0)
	if a1 != a2 {
		t.Errorf("ASCII characters are not cached")
	}
}

func TestFormatValue(t *testing.T) {
	vm := strTestVM{New()}
	cases := []struct {
		v    Value
		conv int
		spec Value
		want string
	}{
		{heap.Int(42), 0, heap.Undef, "'42'"},
		{vm.S("hi"), 0, heap.Undef, "'hi'"},
		{heap.Float(3.5), 2, vm.S(">6"), "'   3.5'"},
		{vm.S("é"), 3, heap.Undef, `"'\\xe9'"`},
		{vm.S("é"), 2, heap.Undef, `"'é'"`},
		{heap.Int(1234567), 0, vm.S(","), "'1,234,567'"},
		{vm.L(), 0, vm.S("x"), "!TypeError: unsupported format string passed to list.__format__"},
	}
	for _, c := range cases {
		if got := vm.show(vm.formatValue(c.v, c.conv, c.spec)); got != c.want {
			t.Errorf("formatValue(%v, %d): got %s, want %s", c.v, c.conv, got, c.want)
		}
	}
}

func nan() float64 { z := 0.0; return z / z }
