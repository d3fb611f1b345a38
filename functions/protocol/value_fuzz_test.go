package protocol

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// FuzzDecodeValue: decoding never panics and fails only with a
// *ValueError; what it accepts encodes to JSON that decodes to the same
// value (re-encoding gives the same bytes).
func FuzzDecodeValue(f *testing.F) {
	for _, c := range roundTrips {
		f.Add([]byte(c.json))
	}
	for _, s := range []string{
		``, `[`, `{"$int":"-0"}`, `{"$dict":[[{"$dict":[]},1]]}`, `1e400`, `123456789012345678901234567890`,
		`{"$repr":"x","$type":"y"}`, `{"$type":"y","$repr":"x"}`, `{"$exception":{"type":"a.B","message":""}}`,
		`{"$host":"7"}`, `{"$host":-1}`, `"\ud800"`, "\"\xff\"", `"\ud83d\ude00 \ud800\u0041 \udc00\ud800"`, `"\/\b\f"`,
		`-0.0e-0`, `1E+2`, `[1,]`, `{"a":1,}`, `01`, `-`, `1.`, `.5`, `"\x"`, `tru`, `{"a" 1}`, `{"$dict":[[1,2]],"$x":1}`, `{"a":{"$set":[[]]}}`, `[1,2,3,[4,[5]]]`,
		strings.Repeat("[", 201) + strings.Repeat("]", 201), `{"$bytes":"AAEC"}`, `{"$float":"-inf"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := DecodeValueOrdered(json.RawMessage(data))
		if err != nil {
			var ve *ValueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %T %v is not a *ValueError", err, err)
			}
			return
		}
		// The parser accepts only JSON, and reads strings as encoding/json does.
		if !json.Valid(data) {
			t.Fatalf("accepted invalid JSON %q as %#v", data, v)
		}
		if s, ok := v.(string); ok {
			var want string
			if err := json.Unmarshal(data, &want); err != nil || s != want {
				t.Fatalf("string %q, encoding/json reads %q (%v)", s, want, err)
			}
		}
		if _, err := DecodeValue(json.RawMessage(data)); err != nil {
			t.Fatalf("DecodeValueOrdered accepted what DecodeValue refused: %v", err)
		}
		enc1, err := EncodeValue(v)
		if err != nil {
			// A plain number out of range, deep inside, gains a tag's level.
			if errors.Is(err, ErrValueTooDeep) {
				return
			}
			t.Fatalf("decoded %#v does not encode: %v", v, err)
		}
		if !json.Valid(enc1) {
			t.Fatalf("encoded invalid JSON %s", enc1)
		}
		v2, err := DecodeValueOrdered(enc1)
		if err != nil {
			t.Fatalf("re-decode of %s: %v", enc1, err)
		}
		enc2, err := EncodeValue(v2)
		if err != nil {
			t.Fatalf("re-encode: %v", err)
		}
		if string(enc1) != string(enc2) {
			t.Fatalf("not stable:\n %s\n %s", enc1, enc2)
		}
	})
}

// gen builds a Go value in core's forms from fuzz bytes.
type gen struct {
	data  []byte
	depth int
}

func (g *gen) byte() byte {
	if len(g.data) == 0 {
		return 0
	}
	b := g.data[0]
	g.data = g.data[1:]
	return b
}

func (g *gen) bytes(n int) []byte {
	n = min(n, len(g.data))
	b := g.data[:n]
	g.data = g.data[n:]
	return append([]byte{}, b...)
}

func (g *gen) uint64() uint64 {
	var x uint64
	for range 8 {
		x = x<<8 | uint64(g.byte())
	}
	return x
}

func (g *gen) str() string { return strings.ToValidUTF8(string(g.bytes(int(g.byte()%12))), "?") }

func (g *gen) items() []any {
	n := int(g.byte() % 4)
	out := make([]any, n)
	for i := range out {
		out[i] = g.value()
	}
	return out
}

func (g *gen) value() any {
	g.depth++
	defer func() { g.depth-- }()
	kind := g.byte() % 17
	if g.depth > 6 && kind >= 9 {
		kind %= 9
	}
	switch kind {
	case 0:
		return nil
	case 1:
		return g.byte()%2 == 0
	case 2:
		return int64(g.uint64())
	case 3:
		return int64(int8(g.byte()))
	case 4:
		b := new(big.Int).SetUint64(g.uint64())
		b.Lsh(b, 64+uint(g.byte()%64))
		if g.byte()%2 == 0 {
			b.Neg(b)
		}
		return b
	case 5:
		return math.Float64frombits(g.uint64())
	case 6:
		return float64(int8(g.byte()))
	case 7:
		return g.str()
	case 8:
		return g.bytes(int(g.byte() % 8))
	case 9:
		return g.items()
	case 10:
		return core.Tuple(g.items())
	case 11:
		return core.Set(g.items())
	case 12:
		return core.FrozenSet(g.items())
	case 13:
		n := int(g.byte() % 4)
		d := core.Dict{}
		for range n {
			var k any = g.str()
			if g.byte()%3 == 0 {
				k = g.value()
			}
			d = append(d, core.KV{Key: k, Value: g.value()})
		}
		return d
	case 14:
		return &core.Exception{Type: []string{"ValueError", "KeyError", "os.Err_1"}[g.byte()%3], Message: g.str()}
	case 15:
		return core.Opaque{Type: g.str(), Repr: g.str()}
	}
	return core.HostStandIn{Name: g.str()}
}

// FuzzEncodeValue: any value in core's forms encodes, and decodes back to
// an equal value of the same types.
func FuzzEncodeValue(f *testing.F) {
	for _, s := range []string{"", "\x09\x03\x02\x01\x05", "\x0d\x02\x07\x01a\x05", "\x0a\x01\x0b\x01\x0c\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v := (&gen{data: data}).value()
		raw, err := EncodeValue(v)
		if err != nil {
			t.Fatalf("EncodeValue(%#v): %v", v, err)
		}
		back, err := DecodeValueOrdered(raw)
		if err != nil {
			t.Fatalf("decode %s: %v", raw, err)
		}
		if !sameValue(back, canonical(v)) {
			t.Fatalf("%#v\nencoded %s\ndecoded %#v", v, raw, back)
		}
	})
}

// canonical is v as decoding gives it back: nil bytes are empty bytes, a
// *big.Int that fits is an int64.
func canonical(v any) any {
	switch x := v.(type) {
	case []any:
		return canonicalAll(x)
	case core.Tuple:
		return core.Tuple(canonicalAll(x))
	case core.Set:
		return core.Set(canonicalAll(x))
	case core.FrozenSet:
		return core.FrozenSet(canonicalAll(x))
	case core.Dict:
		out := make(core.Dict, len(x))
		for i, kv := range x {
			out[i] = core.KV{Key: canonical(kv.Key), Value: canonical(kv.Value)}
		}
		return out
	case []byte:
		if x == nil {
			return []byte{}
		}
	case *big.Int:
		if x.IsInt64() {
			return x.Int64()
		}
	}
	return v
}

func canonicalAll(xs []any) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = canonical(x)
	}
	return out
}
