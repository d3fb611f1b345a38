package pyre

import (
	"encoding/json"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/casefile"
)

//go:generate python3 gen_cases.py

// pyCase is one row of testdata/cases.json, whose expected values come
// from CPython 3.11 (gen_cases.py).
type pyCase struct {
	pattern string
	flags   int
	s       string
	mode    int
	want    []int  // spans of every group then lastindex; nil: no match
	err     string // the compile error, as str(e)
}

// loadPyCases reads testdata/cases.json.
func loadPyCases(t testing.TB) []pyCase {
	t.Helper()
	raw := casefile.Load[[6]json.RawMessage](t, "testdata/cases.json")
	out := make([]pyCase, len(raw))
	for i, r := range raw {
		c := &out[i]
		for j, dst := range []any{&c.pattern, &c.flags, &c.s, &c.mode, &c.want, &c.err} {
			if err := json.Unmarshal(r[j], dst); err != nil {
				t.Fatalf("testdata/cases.json row %d: %v", i, err)
			}
		}
	}
	return out
}
