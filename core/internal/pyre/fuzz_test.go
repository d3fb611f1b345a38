package pyre

import (
	"errors"
	"testing"
)

// FuzzMatch compiles arbitrary patterns and runs them on arbitrary
// strings: it must never panic and must always stop within its budget.
func FuzzMatch(f *testing.F) {
	seeds := []struct{ p, s string }{
		{`(a+)+$`, "aaaaaaaaaaaaaaaaaaaaaaab"},
		{`(?<=a)b(?!c)`, "abc ab"},
		{`(?P<x>\w)(?P=x)`, "hello"},
		{`(?>a|ab)c`, "abc"},
		{`(a)?(?(1)b|c)`, "ab c"},
		{`[^\W\d]+?x*+`, "déjà vu"},
		{`(?i)[ǅ-ǆ]\b`, "Ǆ ǆ"},
		{`((a*)*|b)*c`, "aaaaaaaaaaaaaaaaaaaad"},
		{`(?x) a # c`, "a"},
		{`(|a)*?$`, "aaa"},
		{`\`, ""},
		{`(?<=(a)\1)`, "aa"},
	}
	for _, s := range seeds {
		for _, fl := range []int{0, IGNORECASE | MULTILINE, DOTALL | ASCII} {
			f.Add(s.p, s.s, fl)
		}
	}
	f.Fuzz(func(t *testing.T, p, s string, flags int) {
		// Bounded work per input (see .ci/run).
		if len(p) > 1<<12 || len(s) > 1<<14 {
			return
		}
		flags &= IGNORECASE | MULTILINE | DOTALL | VERBOSE | ASCII
		re, err := Compile(p, flags)
		if err != nil {
			return
		}
		rs := []rune(s)
		for mode := ModeSearch; mode <= ModeFullMatch; mode++ {
			got, err := re.Match(rs, 0, len(rs), mode, &Limits{MaxSteps: 200_000, MaxStack: 1 << 16})
			if err != nil {
				if !errors.Is(err, ErrStepLimit) && !errors.Is(err, ErrStackLimit) {
					t.Fatalf("unexpected error %v", err)
				}
				continue
			}
			if got != nil && (got[0] < 0 || got[1] < got[0] || got[1] > len(rs)) {
				t.Fatalf("bad span %v", got[:2])
			}
		}
	})
}

// FuzzCompile checks that compiling never panics.
func FuzzCompile(f *testing.F) {
	cases := loadPyCases(f)
	for _, c := range cases[len(cases)-200:] {
		f.Add(c.pattern, c.flags)
	}
	f.Fuzz(func(t *testing.T, p string, flags int) {
		flags &= IGNORECASE | MULTILINE | DOTALL | VERBOSE | ASCII | UNICODE | LOCALE
		re, err := Compile(p, flags)
		if err == nil && re.NumGroups() < 0 {
			t.Fatal("negative groups")
		}
	})
}
