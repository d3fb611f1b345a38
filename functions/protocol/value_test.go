package protocol

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

func bigOf(s string) *big.Int {
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return b
}

// roundTrips are Go values in core's forms, their encoding, and what
// decoding gives back (nil: the value itself).
var roundTrips = []struct {
	name string
	in   any
	json string
	back any
}{
	{"none", nil, `null`, nil},
	{"true", true, `true`, nil},
	{"false", false, `false`, nil},
	{"zero", int64(0), `0`, nil},
	{"negative int", int64(-42), `-42`, nil},
	{"max safe int", int64(1<<53 - 1), `9007199254740991`, nil},
	{"min safe int", int64(-(1<<53 - 1)), `-9007199254740991`, nil},
	{"2**53 is tagged", int64(1 << 53), `{"$int":"9007199254740992"}`, nil},
	{"-2**53 is tagged", int64(-(1 << 53)), `{"$int":"-9007199254740992"}`, nil},
	{"max int64", int64(math.MaxInt64), `{"$int":"9223372036854775807"}`, nil},
	{"big int", bigOf("1267650600228229401496703205376"), `{"$int":"1267650600228229401496703205376"}`, nil},
	{"negative big int", bigOf("-1267650600228229401496703205376"), `{"$int":"-1267650600228229401496703205376"}`, nil},
	{"small big int", big.NewInt(7), `7`, int64(7)},
	{"go int", 5, `5`, int64(5)},
	{"go uint64", uint64(math.MaxUint64), `{"$int":"18446744073709551615"}`, bigOf("18446744073709551615")},
	{"float", 1.5, `1.5`, nil},
	{"integral float keeps .0", 1.0, `1.0`, nil},
	{"negative zero", math.Copysign(0, -1), `-0.0`, nil},
	{"large float", 1e16, `1e+16`, nil},
	{"float below 1e16", 1e15, `1000000000000000.0`, nil},
	{"small float", 1e-5, `1e-05`, nil},
	{"float 0.0001", 0.0001, `0.0001`, nil},
	{"float max", math.MaxFloat64, `1.7976931348623157e+308`, nil},
	{"smallest float", 5e-324, `5e-324`, nil},
	{"float32", float32(0.5), `0.5`, 0.5},
	{"nan", math.NaN(), `{"$float":"nan"}`, nil},
	{"inf", math.Inf(1), `{"$float":"inf"}`, nil},
	{"-inf", math.Inf(-1), `{"$float":"-inf"}`, nil},
	{"str", "héllo \"q\" \\ \n\t\x01 <&> \u2028", `"héllo \"q\" \\ \n\t\u0001 <&> \u2028"`, nil},
	{"empty str", "", `""`, nil},
	{"bytes", []byte("x\x00\xff"), `{"$bytes":"eAD/"}`, nil},
	{"empty bytes", []byte{}, `{"$bytes":""}`, nil},
	{"list", []any{int64(1), "a", nil}, `[1,"a",null]`, nil},
	{"empty list", []any{}, `[]`, nil},
	{"strings", []string{"a", "b"}, `["a","b"]`, []any{"a", "b"}},
	{"tuple", core.Tuple{int64(1), core.Tuple{}}, `{"$tuple":[1,{"$tuple":[]}]}`, nil},
	{"set", core.Set{int64(2), int64(3)}, `{"$set":[2,3]}`, nil},
	{"frozenset", core.FrozenSet{}, `{"$frozenset":[]}`, nil},
	{"str dict", core.Dict{{Key: "b", Value: int64(1)}, {Key: "a", Value: 2.0}}, `{"b":1,"a":2.0}`,
		map[string]any{"b": int64(1), "a": 2.0}},
	{"empty dict", core.Dict{}, `{}`, map[string]any{}},
	{"$ key dict", core.Dict{{Key: "$a", Value: int64(1)}}, `{"$dict":[["$a",1]]}`, nil},
	{"int key dict", core.Dict{{Key: int64(1), Value: int64(2)}}, `{"$dict":[[1,2]]}`, nil},
	{"tuple key dict", core.Dict{{Key: core.Tuple{int64(1), "a"}, Value: []any{}}, {Key: "x", Value: nil}},
		`{"$dict":[[{"$tuple":[1,"a"]},[]],["x",null]]}`, nil},
	{"repeated key", core.Dict{{Key: "a", Value: int64(1)}, {Key: "a", Value: int64(2)}}, `{"$dict":[["a",1],["a",2]]}`, nil},
	{"go map", map[string]any{"z": true, "a": []any{}}, `{"a":[],"z":true}`, nil},
	{"go map with $", map[string]any{"$z": true}, `{"$dict":[["$z",true]]}`, core.Dict{{Key: "$z", Value: true}}},
	{"go int map", map[int]string{2: "b", 1: "a"}, `{"$dict":[[1,"a"],[2,"b"]]}`,
		core.Dict{{Key: int64(1), Value: "a"}, {Key: int64(2), Value: "b"}}},
	{"exception", &core.Exception{Type: "ValueError", Message: "bad \"x\""},
		`{"$exception":{"type":"ValueError","message":"bad \"x\""}}`, nil},
	{"protocol exception", &Exception{Type: "KeyError", Message: "'k'"},
		`{"$exception":{"type":"KeyError","message":"'k'"}}`, &core.Exception{Type: "KeyError", Message: "'k'"}},
	{"host id", HostRef(7), `{"$host":7}`, core.HostStandIn{Name: "7"}},
	{"host stand-in", core.HostStandIn{Name: "*os.File"}, `{"$host":"*os.File"}`, nil},
	{"opaque", core.Opaque{Type: "generator", Repr: "<generator object g>"},
		`{"$repr":"<generator object g>","$type":"generator"}`, nil},
	{"complex", complex(1, -2), `{"$repr":"(1-2j)","$type":"complex"}`, core.Opaque{Type: "complex", Repr: "(1-2j)"}},
	{"imaginary", complex(0, 1.5), `{"$repr":"1.5j","$type":"complex"}`, core.Opaque{Type: "complex", Repr: "1.5j"}},
	{"object", core.Object{Go: int64(3), Repr: "3"}, `3`, int64(3)},
	{"struct", struct{ A int }{1}, `{"$repr":"<struct { A int } object>","$type":"struct { A int }"}`,
		core.Opaque{Type: "struct { A int }", Repr: "<struct { A int } object>"}},
	{"raw message", json.RawMessage(` {"$tuple":[1]} `), `{"$tuple":[1]}`, core.Tuple{int64(1)}},
	{"nested", []any{core.Dict{{Key: "k", Value: core.Set{core.FrozenSet{math.Inf(1)}}}}},
		`[{"k":{"$set":[{"$frozenset":[{"$float":"inf"}]}]}}]`,
		[]any{map[string]any{"k": core.Set{core.FrozenSet{math.Inf(1)}}}}},
}

func TestValueRoundTrip(t *testing.T) {
	for _, c := range roundTrips {
		t.Run(c.name, func(t *testing.T) {
			raw, err := EncodeValue(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if string(raw) != c.json {
				t.Errorf("encoded %s, want %s", raw, c.json)
			}
			if !json.Valid(raw) {
				t.Errorf("encoded invalid JSON %s", raw)
			}
			got, err := DecodeValue(raw)
			if err != nil {
				t.Fatalf("decode %s: %v", raw, err)
			}
			want := c.back
			if want == nil {
				want = c.in
			}
			if !sameValue(got, want) {
				t.Errorf("decoded %#v, want %#v", got, want)
			}
			// Decoded in order, it encodes to the same JSON.
			ordered, err := DecodeValueOrdered(raw)
			if err != nil {
				t.Fatal(err)
			}
			again, err := EncodeValue(ordered)
			if err != nil {
				t.Fatal(err)
			}
			if string(again) != c.json {
				t.Errorf("re-encoded %s, want %s", again, c.json)
			}
		})
	}
}

// sameValue is reflect.DeepEqual, except that NaNs are equal, the sign of
// zero counts, and big ints compare by value.
func sameValue(a, b any) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		if !ok {
			return false
		}
		if math.IsNaN(x) {
			return math.IsNaN(y)
		}
		return x == y && math.Signbit(x) == math.Signbit(y)
	case *big.Int:
		y, ok := b.(*big.Int)
		return ok && x.Cmp(y) == 0
	case []any:
		return sameSeq(x, b)
	case core.Tuple:
		return sameSeq(x, b)
	case core.Set:
		return sameSeq(x, b)
	case core.FrozenSet:
		return sameSeq(x, b)
	case core.Dict:
		y, ok := b.(core.Dict)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameValue(x[i].Key, y[i].Key) || !sameValue(x[i].Value, y[i].Value) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !sameValue(v, w) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// sameSeq reports whether b is a sequence of x's type with the same items.
func sameSeq[S ~[]any](x S, b any) bool {
	y, ok := b.(S)
	return ok && sameItems(x, y)
}

func sameItems(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameValue(a[i], b[i]) {
			return false
		}
	}
	return true
}

func TestDecodeValueOrdered(t *testing.T) {
	got, err := DecodeValueOrdered(json.RawMessage(`{"b":1,"a":{"d":[],"c":{}}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := core.Dict{{Key: "b", Value: int64(1)}, {Key: "a", Value: core.Dict{{Key: "d", Value: []any{}}, {Key: "c", Value: core.Dict{}}}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, want %#v", got, want)
	}
}

// Plain JSON numbers outside ±(2^53-1), which the encoder never writes,
// decode exactly.
func TestDecodePlainNumbers(t *testing.T) {
	cases := []struct {
		json string
		want any
	}{
		{`9007199254740993`, int64(9007199254740993)},
		{`-9223372036854775808`, int64(math.MinInt64)},
		{`9223372036854775808`, bigOf("9223372036854775808")},
		{`123456789012345678901234567890`, bigOf("123456789012345678901234567890")},
		{`1e400`, math.Inf(1)},
		{`-1e400`, math.Inf(-1)},
		{`1E2`, 100.0},
		{`-0`, int64(0)},
		{`2.50`, 2.5},
		{` [ 1 , 2 ] `, []any{int64(1), int64(2)}},
		{`{"$int":"5"}`, int64(5)},
		{`{"$int":"-0"}`, int64(0)},
		{`{"$type":"T","$repr":"r"}`, core.Opaque{Type: "T", Repr: "r"}},
		{`{"$exception":{"message":"m","type":"os.error"}}`, &core.Exception{Type: "os.error", Message: "m"}},
		{`{"$exception":{"type":"E"}}`, &core.Exception{Type: "E"}},
		{`{"$host":-3}`, core.HostStandIn{Name: "-3"}},
	}
	for _, c := range cases {
		got, err := DecodeValue(json.RawMessage(c.json))
		if err != nil {
			t.Errorf("%s: %v", c.json, err)
			continue
		}
		if !sameValue(got, c.want) {
			t.Errorf("%s: got %#v, want %#v", c.json, got, c.want)
		}
	}
}

func TestDecodeValueRejects(t *testing.T) {
	deep := strings.Repeat("[", MaxValueDepth+1) + strings.Repeat("]", MaxValueDepth+1)
	deepTuple := strings.Repeat(`{"$tuple":[`, MaxValueDepth/2+1) + strings.Repeat("]}", MaxValueDepth/2+1)
	cases := []struct {
		name string
		json string
		is   error // nil: any *ValueError
	}{
		{"empty", ``, nil},
		{"bad JSON", `[1,`, nil},
		{"trailing data", `1 2`, nil},
		{"trailing garbage", `[1]x`, nil},
		{"unknown tag", `{"$nope":1}`, nil},
		{"bare $", `{"$":1}`, nil},
		{"tag with extra key", `{"$int":"1","x":2}`, nil},
		{"$ key after plain key", `{"a":1,"$b":2}`, nil},
		{"duplicate key", `{"a":1,"a":2}`, nil},
		{"$int not a string", `{"$int":1}`, nil},
		{"$int with plus", `{"$int":"+1"}`, nil},
		{"$int leading zero", `{"$int":"01"}`, nil},
		{"$int empty", `{"$int":""}`, nil},
		{"$int float", `{"$int":"1.5"}`, nil},
		{"$int too long", `{"$int":"` + strings.Repeat("9", MaxIntDigits+1) + `"}`, ErrValueTooLarge},
		{"plain int too long", strings.Repeat("9", MaxIntDigits+1), ErrValueTooLarge},
		{"$float other", `{"$float":"1.5"}`, nil},
		{"$float NaN", `{"$float":"NaN"}`, nil},
		{"$bytes bad base64", `{"$bytes":"!!"}`, nil},
		{"$bytes unpadded", `{"$bytes":"eA"}`, nil},
		{"$tuple not a list", `{"$tuple":1}`, nil},
		{"$dict not pairs", `{"$dict":[1]}`, nil},
		{"$dict short pair", `{"$dict":[[1]]}`, nil},
		{"$dict long pair", `{"$dict":[[1,2,3]]}`, nil},
		{"$exception no type", `{"$exception":{"message":"m"}}`, nil},
		{"$exception bad type", `{"$exception":{"type":"a b"}}`, nil},
		{"$exception extra key", `{"$exception":{"type":"E","x":1}}`, nil},
		{"$host float", `{"$host":1.5}`, nil},
		{"$repr alone", `{"$repr":"x"}`, nil},
		{"$repr twice", `{"$repr":"x","$repr":"y"}`, nil},
		{"$repr not string", `{"$repr":1,"$type":"t"}`, nil},
		{"too deep", deep, ErrValueTooDeep},
		{"too deep tuples", deepTuple + "", ErrValueTooDeep},
		{"too large", `"` + strings.Repeat("x", MaxValueBytes) + `"`, ErrValueTooLarge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := DecodeValue(json.RawMessage(c.json))
			var ve *ValueError
			if !errors.As(err, &ve) {
				t.Fatalf("DecodeValue = %#v, %v; want a *ValueError", v, err)
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Errorf("error %v, want %v", err, c.is)
			}
		})
	}
}

// The encoder writes nothing the decoder would refuse as too deep: a value
// nested to the limit encodes and decodes; one more level fails to encode.
func TestValueDepthLimit(t *testing.T) {
	nest := func(n int, wrap func(any) any) any {
		var v any = int64(1)
		for range n {
			v = wrap(v)
		}
		return v
	}
	cases := []struct {
		name string
		wrap func(any) any
		per  int // JSON levels per wrap
	}{
		{"list", func(v any) any { return []any{v} }, 1},
		{"tuple", func(v any) any { return core.Tuple{v} }, 2},
		{"dict", func(v any) any { return core.Dict{{Key: "k", Value: v}} }, 1},
		{"$dict", func(v any) any { return core.Dict{{Key: int64(1), Value: v}} }, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := MaxValueDepth / c.per
			raw, err := EncodeValue(nest(n, c.wrap))
			if err != nil {
				t.Fatalf("%d levels: %v", n, err)
			}
			if _, err := DecodeValue(raw); err != nil {
				t.Fatalf("decode %d levels: %v", n, err)
			}
			_, err = EncodeValue(nest(n+1, c.wrap))
			if !errors.Is(err, ErrValueTooDeep) {
				t.Fatalf("%d levels: %v, want ErrValueTooDeep", n+1, err)
			}
			// A tagged scalar at the bottom needs one more level.
			_, err = EncodeValue(nest(n, func(v any) any {
				if v == int64(1) {
					v = math.NaN()
				}
				return c.wrap(v)
			}))
			if c.per == 1 && !errors.Is(err, ErrValueTooDeep) {
				t.Fatalf("nan under %d levels: %v, want ErrValueTooDeep", n, err)
			}
		})
	}
}

func TestEncodeObjectFallsBackToRepr(t *testing.T) {
	var v any = int64(1)
	for range MaxValueDepth + 5 {
		v = []any{v}
	}
	raw := EncodeObject(core.Object{Go: v, Repr: "[[[...]]]"})
	if want := `{"$repr":"[[[...]]]","$type":"list"}`; string(raw) != want {
		t.Errorf("got %s, want %s", raw, want)
	}
	if raw := EncodeObject(core.Object{Go: core.Tuple{}, Repr: "()"}); string(raw) != `{"$tuple":[]}` {
		t.Errorf("got %s", raw)
	}
}

func TestFormatFloatMatchesPythonRepr(t *testing.T) {
	// python3 -c 'print(repr(x))' for each.
	cases := map[float64]string{
		0: "0.0", 1: "1.0", -1.5: "-1.5", 0.1: "0.1", 1.0 / 3: "0.3333333333333333",
		123456789.0: "123456789.0", 1e22: "1e+22", 1.5e-7: "1.5e-07", 9999999999999998: "9999999999999998.0",
		2.5e100: "2.5e+100", 1e-4: "0.0001", 0.00012: "0.00012",
	}
	for f, want := range cases {
		if got := FormatFloat(f); got != want {
			t.Errorf("FormatFloat(%v) = %s, want %s", f, got, want)
		}
	}
}

// Errors say where in the value the problem is.
func TestValueErrorPaths(t *testing.T) {
	cases := []struct {
		json string
		path string
	}{
		{`[1, {"a": {"$tuple": [1, {"$float": "x"}]}}]`, `$[1].a.$tuple[1].$float`},
		{`{"$dict": [[1, 2], [{"$bytes": "!"}, 3]]}`, `$.$dict[1][0].$bytes`},
		{`{"k": [true, {"$nope": 1}]}`, `$.k[1].$nope`},
		{`[[], [1, 2`, `$[1]`},
	}
	for _, c := range cases {
		_, err := DecodeValue(json.RawMessage(c.json))
		var ve *ValueError
		if !errors.As(err, &ve) || ve.Path != c.path {
			t.Errorf("%s: error %v, want one at %s", c.json, err, c.path)
		}
	}
	var deep any = int64(1)
	for range MaxValueDepth {
		deep = []any{deep}
	}
	_, err := EncodeValue(core.Dict{{Key: int64(1), Value: core.Tuple{deep}}})
	var ve *ValueError
	if !errors.As(err, &ve) || !strings.HasPrefix(ve.Path, "$.$dict[0][1].$tuple[0][0][0]") {
		t.Errorf("encode error %v", err)
	}
}
