package unidata

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The committed unidata.bin is what gen.py writes from CPython 3.11's
// unicodedata now.
func TestTablesAreCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the generator")
	}
	py := "/usr/bin/python3"
	if _, err := os.Stat(py); err != nil {
		t.Skip("no /usr/bin/python3")
	}
	out := filepath.Join(t.TempDir(), "unidata.bin")
	if msg, err := exec.Command(py, "gen.py", out).CombinedOutput(); err != nil {
		t.Fatalf("gen.py: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, packed) {
		t.Fatal("unidata.bin is stale: run go generate ./core/internal/stdlib/unidata/")
	}
}

func TestLookups(t *testing.T) {
	if err := Err(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		r    rune
		name string
	}{{'a', "LATIN SMALL LETTER A"}, {0x4E00, "CJK UNIFIED IDEOGRAPH-4E00"}, {0x20000, "CJK UNIFIED IDEOGRAPH-20000"},
		{0xAC00, "HANGUL SYLLABLE GA"}, {0x1F600, "GRINNING FACE"}} {
		if got, ok := Name(c.r); !ok || got != c.name {
			t.Errorf("Name(%U) = %q, %v; want %q", c.r, got, ok, c.name)
		}
		if got, ok := Lookup(c.name); !ok || got != c.r {
			t.Errorf("Lookup(%q) = %U, %v; want %U", c.name, got, ok, c.r)
		}
	}
	if _, ok := Name(0x0378); ok {
		t.Error("an unassigned code point has a name")
	}
	for name, want := range map[string]bool{"CJK UNIFIED IDEOGRAPH-04E00": true, "CJK UNIFIED IDEOGRAPH-4e00": false,
		"cjk unified ideograph-4E00": false, "CJK UNIFIED IDEOGRAPH-4E0": false, "latin small letter a": true, "": false, "hangul syllable ga": false} {
		if _, ok := Lookup(name); ok != want {
			t.Errorf("Lookup(%q) found = %v, want %v (CPython's)", name, ok, want)
		}
	}
	if p := Properties('A'); p.Category != "Lu" || p.Bidirectional != "L" || p.EastAsianWidth != "Na" {
		t.Errorf("Properties('A') = %+v", p)
	}
	if n := NumericOf(0x00BD); !n.HasNum || n.Value != 0.5 || n.HasDigit {
		t.Errorf("NumericOf(½) = %+v", n)
	}
}
