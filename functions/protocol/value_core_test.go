package protocol

import (
	"encoding/json"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// Python values, through core and the encoding, and back into Python.
func TestValueFromPython(t *testing.T) {
	cases := []struct {
		expr string
		json string
	}{
		{`None`, `null`},
		{`True`, `true`},
		{`(1, {2, 3}, frozenset(), b"x", 2**100, float("nan"), {"$a": 1}, {1: 2}, ValueError("x"))`,
			`{"$tuple":[1,{"$set":[2,3]},{"$frozenset":[]},{"$bytes":"eA=="},{"$int":"1267650600228229401496703205376"},{"$float":"nan"},{"$dict":[["$a",1]]},{"$dict":[[1,2]]},{"$exception":{"type":"ValueError","message":"x"}}]}`},
		{`[1.0, -0.0, 1e16, 1e-5, float("inf"), -float("inf"), 2**53 - 1, 2**53, -2**63]`,
			`[1.0,-0.0,1e+16,1e-05,{"$float":"inf"},{"$float":"-inf"},9007199254740991,{"$int":"9007199254740992"},{"$int":"-9223372036854775808"}]`},
		{`{"b": [], "a": {"c": ()}}`, `{"b":[],"a":{"c":{"$tuple":[]}}}`},
		{`{(1, 2): "t", None: 0, 1.5: b""}`, `{"$dict":[[{"$tuple":[1,2]},"t"],[null,0],[1.5,{"$bytes":""}]]}`},
		{`"é\n\"\u2028"`, `"é\n\"\u2028"`},
		{`KeyError("k")`, `{"$exception":{"type":"KeyError","message":"'k'"}}`},
		{`1+2j`, `{"$repr":"(1+2j)","$type":"complex"}`},
		{`-1.5j`, `{"$repr":"(-0-1.5j)","$type":"complex"}`},
		{`1.5j`, `{"$repr":"1.5j","$type":"complex"}`},
		{`complex(-0.0, 1)`, `{"$repr":"(-0+1j)","$type":"complex"}`},
		{`range(3)`, `{"$repr":"range(0, 3)","$type":"range"}`},
		{`[frozenset({1})]`, `[{"$frozenset":[1]}]`},
	}
	for _, c := range cases {
		t.Run(c.expr, func(t *testing.T) {
			s := core.NewSession(core.Config{})
			o, err := s.FeedRun(c.expr, nil)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := EncodeValue(o.Go)
			if err != nil {
				t.Fatal(err)
			}
			if string(raw) != c.json {
				t.Errorf("encoded\n %s\nwant\n %s", raw, c.json)
			}
			if got := EncodeObject(o); string(got) != string(raw) {
				t.Errorf("EncodeObject %s, EncodeValue %s", got, raw)
			}
			// Back into a session: the value is equal to the original,
			// with the same types, unless it is an opaque repr.
			back, err := DecodeValueOrdered(raw)
			if err != nil {
				t.Fatal(err)
			}
			if _, opaque := back.(core.Opaque); opaque {
				return
			}
			if exc, ok := back.(*core.Exception); ok {
				// An exception travels as its type and str(): KeyError's
				// str() quotes its key, so it comes back quoted twice.
				if exc.Type != "KeyError" || exc.Message != "'k'" {
					t.Errorf("decoded %#v", exc)
				}
				return
			}
			check := "type(x) is type(v) and (x == v or x != x or repr(x) == repr(v)) and repr(x) == repr(v)"
			if c.expr == `(1, {2, 3}, frozenset(), b"x", 2**100, float("nan"), {"$a": 1}, {1: 2}, ValueError("x"))` {
				// Exceptions compare by identity and nan by nothing.
				check = "type(x) is tuple and all(type(a) is type(b) for a, b in zip(x, v)) and repr(x) == repr(v)"
			}
			o, err = s.FeedRun("v = "+c.expr+"\n"+check, &core.FeedOptions{Inputs: map[string]any{"x": back}})
			if err != nil {
				t.Fatal(err)
			}
			if o.Repr != "True" {
				x, _ := s.FeedRun("repr(x), repr(v)", &core.FeedOptions{Inputs: map[string]any{"x": back}})
				t.Errorf("back in Python: %s", x.Repr)
			}
		})
	}
}

// Host calls see their arguments encoded, and their results decoded, the
// way the engine will carry them.
func TestValueThroughHostCall(t *testing.T) {
	s := core.NewSession(core.Config{})
	var args []json.RawMessage
	fn := func(a []any, _ map[string]any) (any, error) {
		for _, x := range a {
			raw, err := EncodeValue(x)
			if err != nil {
				return nil, err
			}
			args = append(args, raw)
		}
		return DecodeValueOrdered(json.RawMessage(`{"ok":{"$tuple":[{"$set":[1]},{"$frozenset":["a"]},{"$int":"-99999999999999999999"}]}}`))
	}
	o, err := s.FeedRun(`r = f((1,), {"k": b"\x00"}); (type(r["ok"][1]).__name__, r)`, &core.FeedOptions{Functions: map[string]core.HostFunc{"f": fn}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `('frozenset', {'ok': ({1}, frozenset({'a'}), -99999999999999999999)})`; o.Repr != want {
		t.Errorf("result %s, want %s", o.Repr, want)
	}
	want := []string{`{"$tuple":[1]}`, `{"k":{"$bytes":"AA=="}}`}
	if len(args) != len(want) {
		t.Fatalf("args %s", args)
	}
	for i := range want {
		if string(args[i]) != want[i] {
			t.Errorf("arg %d: %s, want %s", i, args[i], want[i])
		}
	}
}
