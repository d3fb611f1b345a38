package pystr

import (
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/internal/casefile"
)

//go:generate python3 gen_cases.py

// caseArgs are one row's arguments as JSON decodes them.
type caseArgs []any

func (a caseArgs) s(i int) string { return a[i].(string) }
func (a caseArgs) n(i int) int    { return int(a[i].(float64)) }
func (a caseArgs) b(i int) bool   { return a[i].(bool) }
func (a caseArgs) r(i int) rune {
	r, _ := utf8.DecodeRuneInString(a.s(i))
	return r
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// caseFuncs call this package's functions the way testdata/cases.json
// names them; gen_cases.py holds the Python operation each one mirrors.
var caseFuncs = map[string]func(a caseArgs) any{
	"Upper":            func(a caseArgs) any { return Upper(a.s(0)) },
	"Lower":            func(a caseArgs) any { return Lower(a.s(0)) },
	"Casefold":         func(a caseArgs) any { return Casefold(a.s(0)) },
	"SwapCase":         func(a caseArgs) any { return SwapCase(a.s(0)) },
	"Title":            func(a caseArgs) any { return Title(a.s(0)) },
	"Capitalize":       func(a caseArgs) any { return Capitalize(a.s(0)) },
	"IsAlpha":          func(a caseArgs) any { return IsAlpha(a.s(0)) },
	"IsDigit":          func(a caseArgs) any { return IsDigit(a.s(0)) },
	"IsDecimal":        func(a caseArgs) any { return IsDecimal(a.s(0)) },
	"IsNumeric":        func(a caseArgs) any { return IsNumeric(a.s(0)) },
	"IsAlnum":          func(a caseArgs) any { return IsAlnum(a.s(0)) },
	"IsSpace":          func(a caseArgs) any { return IsSpace(a.s(0)) },
	"IsUpper":          func(a caseArgs) any { return IsUpper(a.s(0)) },
	"IsLower":          func(a caseArgs) any { return IsLower(a.s(0)) },
	"IsTitle":          func(a caseArgs) any { return IsTitle(a.s(0)) },
	"IsIdentifier":     func(a caseArgs) any { return IsIdentifier(a.s(0)) },
	"IsPrintable":      func(a caseArgs) any { return IsPrintable(a.s(0)) },
	"IsASCII":          func(a caseArgs) any { return IsASCII(a.s(0)) },
	"Len":              func(a caseArgs) any { return Len(a.s(0)) },
	"Repr":             func(a caseArgs) any { return Repr(a.s(0)) },
	"ASCII":            func(a caseArgs) any { return ASCII(a.s(0)) },
	"SplitWhitespace":  func(a caseArgs) any { return SplitWhitespace(a.s(0), a.n(1)) },
	"RSplitWhitespace": func(a caseArgs) any { return RSplitWhitespace(a.s(0), a.n(1)) },
	"Split":            func(a caseArgs) any { return must(Split(a.s(0), a.s(1), a.n(2))) },
	"RSplit":           func(a caseArgs) any { return must(RSplit(a.s(0), a.s(1), a.n(2))) },
	"SplitLines":       func(a caseArgs) any { return SplitLines(a.s(0), a.b(1)) },
	"Strip":            func(a caseArgs) any { return Strip(a.s(0), a.s(1), a.b(2)) },
	"LStrip":           func(a caseArgs) any { return LStrip(a.s(0), a.s(1), a.b(2)) },
	"RStrip":           func(a caseArgs) any { return RStrip(a.s(0), a.s(1), a.b(2)) },
	"Center":           func(a caseArgs) any { return Center(a.s(0), a.n(1), a.r(2)) },
	"LJust":            func(a caseArgs) any { return LJust(a.s(0), a.n(1), a.r(2)) },
	"RJust":            func(a caseArgs) any { return RJust(a.s(0), a.n(1), a.r(2)) },
	"ZFill":            func(a caseArgs) any { return ZFill(a.s(0), a.n(1)) },
	"ExpandTabs":       func(a caseArgs) any { return ExpandTabs(a.s(0), a.n(1)) },
	"Find":             func(a caseArgs) any { return Find(a.s(0), a.s(1), a.n(2), a.n(3)) },
	"RFind":            func(a caseArgs) any { return RFind(a.s(0), a.s(1), a.n(2), a.n(3)) },
	"Count":            func(a caseArgs) any { return Count(a.s(0), a.s(1), a.n(2), a.n(3)) },
	"StartsWith":       func(a caseArgs) any { return StartsWith(a.s(0), a.s(1), a.n(2), a.n(3)) },
	"EndsWith":         func(a caseArgs) any { return EndsWith(a.s(0), a.s(1), a.n(2), a.n(3)) },
	"Replace":          func(a caseArgs) any { return Replace(a.s(0), a.s(1), a.s(2), a.n(3)) },
	"Slice":            func(a caseArgs) any { return Slice(a.s(0), a.n(1), a.n(2), a.n(3)) },
	"CharAt":           func(a caseArgs) any { return CharAt(a.s(0), a.n(1)) },
}

// caseWant converts a JSON expected value to the Go type the function
// returns.
func caseWant(v any) any {
	switch x := v.(type) {
	case float64:
		return int(x)
	case []any:
		out := make([]string, len(x))
		for i, s := range x {
			out[i] = s.(string)
		}
		return out
	}
	return v
}

// TestPythonCases checks the functions against testdata/cases.json,
// whose expected values come from CPython 3.11 (gen_cases.py).
func TestPythonCases(t *testing.T) {
	for i, r := range casefile.Load[[3]json.RawMessage](t, "testdata/cases.json") {
		var name string
		var args caseArgs
		var want any
		for j, dst := range []any{&name, &args, &want} {
			if err := json.Unmarshal(r[j], dst); err != nil {
				t.Fatalf("row %d: %v", i, err)
			}
		}
		fn, ok := caseFuncs[name]
		if !ok {
			t.Fatalf("row %d: no function %s", i, name)
		}
		if got, w := fn(args), caseWant(want); !reflect.DeepEqual(got, w) {
			t.Errorf("%s%v = %#v, want %#v", name, args, got, w)
		}
	}
}
