// Package casefile reads the case tables that tests keep as JSON files
// under testdata, so that every table is read and checked the same way.
package casefile

import (
	"encoding/json"
	"os"
	"testing"
)

// Load decodes the JSON file path, a list of cases. It fails t when the
// file cannot be read or decoded, or holds no case: a table that loses its
// cases must not pass by checking nothing.
func Load[T any](t testing.TB, path string) []T {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []T
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	return cases
}
