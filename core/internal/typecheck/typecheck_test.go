package typecheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/casefile"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

var builtins = map[string]bool{"print": true, "len": true, "int": true, "str": true, "range": true, "list": true, "dict": true,
	"Exception": true, "TypeError": true, "NameError": true, "AttributeError": true, "KeyError": true, "isinstance": true, "sorted": true, "float": true, "object": true, "super": true}

func check(t *testing.T, src string, known ...string) []string {
	t.Helper()
	mod, err := syntax.Parse("main.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	k := map[string]bool{}
	for _, n := range known {
		k[n] = true
	}
	var out []string
	for _, f := range Check(mod, Env{Known: func(n string) bool { return builtins[n] || k[n] }, IsBuiltin: func(n string) bool { return builtins[n] && !k[n] }}) {
		out = append(out, f.String())
	}
	return out
}

func TestFindings(t *testing.T) {
	// Each case is a program (its lines), the names known from earlier
	// feeds, and the findings wanted, in order.
	type findingsCase struct {
		Name             string
		Src, Want, Known []string
	}
	for _, tc := range casefile.Load[findingsCase](t, "testdata/findings.json") {
		t.Run(tc.Name, func(t *testing.T) {
			got := check(t, strings.Join(tc.Src, "\n"), tc.Known...)
			if strings.Join(got, "\n") != strings.Join(tc.Want, "\n") {
				t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.Want, "\n"))
			}
		})
	}
}

// No finding on the programs of the test corpora, which all run cleanly.
func TestNoFalsePositivesOnCorpora(t *testing.T) {
	var files []string
	for _, pat := range []string{"../vm/testdata/*/*.py", "../stdlib/testdata/*/*.py", "/work/shared/conformance/*__*.py"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Skip("no corpus")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		mod, err := syntax.Parse(f, src)
		if err != nil {
			continue // the corpora test syntax errors too
		}
		for _, x := range Check(mod, Env{Known: func(n string) bool { return realBuiltins[n] }, IsBuiltin: func(n string) bool { return realBuiltins[n] }}) {
			t.Errorf("%s:%s", f, x)
		}
	}
}
