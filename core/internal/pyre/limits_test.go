package pyre

import (
	"errors"
	"strings"
	"testing"
)

// Groups nest at most MaxNesting deep, whatever kind of group they are;
// deeper patterns fail with *RecursionError at once, as CPython's parser
// does at its recursion limit.
func TestNestingLimit(t *testing.T) {
	nest := func(open string, n int) string {
		return strings.Repeat(open, n) + "a" + strings.Repeat(")", n)
	}
	for _, open := range []string{"(", "(?:", "(?=", "(?<=", "(?>", "(?P<n%d>"} {
		// Named groups need distinct names.
		pat := func(n int) string {
			if !strings.Contains(open, "%d") {
				return nest(open, n)
			}
			var b strings.Builder
			for i := 0; i < n; i++ {
				b.WriteString(strings.Replace(open, "%d", strings.Repeat("x", 1)+itoa(i), 1))
			}
			return b.String() + "a" + strings.Repeat(")", n)
		}
		if _, err := Compile(pat(MaxNesting), 0); err != nil {
			t.Errorf("%s nested %d deep: %v", open, MaxNesting, err)
		}
		for _, n := range []int{MaxNesting + 1, 40000} {
			_, err := Compile(pat(n), 0)
			var re *RecursionError
			if !errors.As(err, &re) {
				t.Errorf("%s nested %d deep: %v, want a RecursionError", open, n, err)
			}
		}
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// CompileChecked stops with the check's error, in the parser or the
// compiler, and a nil check changes nothing.
func TestCompileChecked(t *testing.T) {
	stop := errors.New("deadline")
	long := strings.Repeat("(?:a|b)", 100000)
	calls := 0
	_, err := CompileChecked(long, 0, func() error {
		calls++
		if calls == 3 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("got %v, want the check's error", err)
	}
	re, err := CompileChecked(long, 0, func() error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if sp, err := re.Match([]rune(strings.Repeat("ab", 50000)), 0, 100000, ModeFullMatch, nil); err != nil || sp == nil {
		t.Fatalf("full match: %v %v", sp, err)
	}
}

// A group's width is measured once: a pattern of 400 nested groups around
// a long literal compiles in one pass over it (it took a pass per level).
func BenchmarkCompileNestedLong(b *testing.B) {
	pat := strings.Repeat("(", 400) + strings.Repeat("a", 10000) + strings.Repeat(")", 400)
	for i := 0; i < b.N; i++ {
		if _, err := Compile(pat, 0); err != nil {
			b.Fatal(err)
		}
	}
}
