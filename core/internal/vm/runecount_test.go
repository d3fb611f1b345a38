package vm

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// runeCount must agree with utf8.RuneCountInString everywhere: ASCII
// runs of every length around its 16-byte steps, multi-byte and invalid
// bytes before, inside and after them.
func TestRuneCountMatchesUTF8(t *testing.T) {
	var cases []string
	for n := 0; n <= 40; n++ {
		a := strings.Repeat("x", n)
		cases = append(cases, a, a+"é", "é"+a, a+"\xff"+a, a+"€"+a+"🙂", a+"\xe2\x82"+a)
	}
	cases = append(cases, strings.Repeat("abcdefghijklmnop", 100)+"ñ", strings.Repeat("ñ", 50))
	for _, s := range cases {
		if got, want := runeCount(s), utf8.RuneCountInString(s); got != want {
			t.Errorf("runeCount(%q) = %d, want %d", s, got, want)
		}
	}
}
