package pyfmt

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/casefile"
)

//go:generate python3 gen_format_cases.py

// formatCase is one row of testdata/format_cases.json, whose expected
// values come from CPython 3.11's format() (gen_format_cases.py).
type formatCase struct{ kind, spec, val, want, err string }

func loadFormatCases(t testing.TB) []formatCase {
	t.Helper()
	raw := casefile.Load[[5]string](t, "testdata/format_cases.json")
	out := make([]formatCase, len(raw))
	for i, r := range raw {
		out[i] = formatCase{r[0], r[1], r[2], r[3], r[4]}
	}
	return out
}
