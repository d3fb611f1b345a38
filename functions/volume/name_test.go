package volume

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// TestCheckName: CheckName accepts exactly the names namePattern matches.
func TestCheckName(t *testing.T) {
	re := regexp.MustCompile(namePattern)
	names := []string{
		"", "a", "A9", "data", "my-vol_1.v2", "-x", ".x", "_x", "x-", "x.",
		"a b", "a/b", "é", "a\x00", strings.Repeat("a", 64), strings.Repeat("a", 65),
		"9" + strings.Repeat("-", 63), "9" + strings.Repeat("-", 64), "..", "a..b",
	}
	for _, n := range names {
		err := CheckName(n)
		if want := re.MatchString(n); (err == nil) != want {
			t.Errorf("CheckName(%q) = %v, want valid %v", n, err, want)
		}
		if err != nil && !errors.Is(err, ErrBadPath) {
			t.Errorf("CheckName(%q) = %v, not an ErrBadPath", n, err)
		}
	}
}
