package compile

import (
	"errors"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/internal/testenv"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

func compileSrc(t *testing.T, src string, opts Options) (*Code, error) {
	t.Helper()
	mod, err := syntax.Parse("main.py", []byte(src))
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	return Compile(mod, "main.py", []byte(src), opts)
}

func mustCompile(t *testing.T, src string) *Code {
	t.Helper()
	code, err := compileSrc(t, src, Options{})
	if err != nil {
		t.Fatalf("compile %q: %v", src, err)
	}
	return code
}

// checkDepths verifies every code object's stack discipline.
func checkDepths(t *testing.T, name string, code *Code) {
	t.Helper()
	depths, err := StackDepths(code)
	if err != nil {
		t.Errorf("%s: %v\n%s", name, err, code.Disassemble())
		return
	}
	for pc, d := range depths {
		if d < 0 {
			continue
		}
		fall, jump := stackEffect(code.Instrs[pc].Op(), code.Instrs[pc].Arg())
		for _, x := range []int{d, d + fall, d + jump} {
			if x > code.StackSize {
				t.Errorf("%s: %s depth %d exceeds StackSize %d at %d", name, code.QualName, x, code.StackSize, pc)
			}
		}
	}
	if len(code.Lines) != len(code.Instrs) {
		t.Errorf("%s: %s has %d lines for %d instrs", name, code.QualName, len(code.Lines), len(code.Instrs))
	}
	for _, k := range code.Consts {
		if sub, ok := k.(*Code); ok {
			checkDepths(t, name, sub)
		}
	}
}

func TestConformanceCorpus(t *testing.T) {
	for _, p := range testenv.SharedPrograms(t, "conformance") {
		f, src := p.Name, p.Src
		mod, err := syntax.Parse(f, src)
		if err != nil {
			t.Logf("parse %s: %v", f, err)
			continue // parser coverage is tested elsewhere
		}
		code, err := Compile(mod, f, src, Options{})
		if err != nil {
			var se *syntax.SyntaxError
			if errors.As(err, &se) && strings.Contains(f, "syntax") {
				continue
			}
			t.Errorf("%s: %v", f, err)
			continue
		}
		checkDepths(t, f, code)
	}
}
