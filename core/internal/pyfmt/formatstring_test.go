package pyfmt

import (
	"fmt"
	"reflect"
	"testing"
)

// Expected results derived from CPython 3.11 string.Formatter().parse and
// str.format error messages.
func TestParseFormatString(t *testing.T) {
	f := func(name string, conv byte, spec string, path ...Accessor) Piece {
		return Piece{Field: true, Name: name, Conversion: conv, Spec: spec, Path: path}
	}
	lit := func(s string) Piece { return Piece{Literal: s} }
	tests := []struct {
		in   string
		want []Piece
		err  string
	}{
		{"abc{", nil, "Single '{' encountered in format string"},
		{"abc}", nil, "Single '}' encountered in format string"},
		{"{0", nil, "expected '}' before end of string"},
		{"{0!}", nil, "unmatched '{' in format spec"},
		{"{0!r", nil, "unmatched '{' in format spec"},
		{"{0!rx}", nil, "expected ':' after conversion specifier"},
		{"{0!x}", nil, "Unknown conversion specifier x"},
		{"{0.}", nil, "Empty attribute in format string"},
		{"{0[}", nil, "expected '}' before end of string"},
		{"{0[]}", nil, "Empty attribute in format string"},
		{"{0[1]x}", nil, "Only '.' or '[' may follow ']' in format field specifier"},
		{"{0{}", nil, "unexpected '{' in field name"},
		{"}}{{", []Piece{lit("}{")}, ""},
		{"a{}b{{c", []Piece{lit("a"), f("", 0, ""), lit("b{c")}, ""},
		{"{0:{1}}", []Piece{f("0", 0, "{1}")}, ""},
		{"{!r:>{}}", []Piece{f("", 'r', ">{}")}, ""},
		{"{a.b[c]}", []Piece{f("a", 0, "", Accessor{Attr: true, Name: "b"}, Accessor{Name: "c"})}, ""},
		{"{[0]}", []Piece{f("", 0, "", Accessor{Name: "0", IsIndex: true})}, ""},
		{"{0[01]}", []Piece{f("0", 0, "", Accessor{Name: "01", IsIndex: true, Index: 1})}, ""},
		{"{0[-1]}", []Piece{f("0", 0, "", Accessor{Name: "-1"})}, ""},
		{"{0[a:b]}", []Piece{f("0", 0, "", Accessor{Name: "a:b"})}, ""},
		{"{ a }", []Piece{f(" a ", 0, "")}, ""},
		{"{x!s:^10}!", []Piece{f("x", 's', "^10"), lit("!")}, ""},
	}
	for _, tc := range tests {
		got, err := ParseFormatString(tc.in)
		checkResult(t, fmt.Sprintf("ParseFormatString(%q)", tc.in), got, err, reflect.DeepEqual(got, tc.want), tc.want, tc.err)
	}
}
