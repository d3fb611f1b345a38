package protocol

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
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
