package stdlib_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/stdlib/lib"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

// Every Python module, the standard library's and the interpreter's own
// helpers, parses under CPython's own parser.
func TestModulesParseUnderCPython(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not found")
	}
	mods := lib.Modules()
	if len(mods) < 60 {
		t.Fatalf("only %d modules embedded", len(mods))
	}
	runtime := vm.RuntimeSources()
	if len(runtime) < 3 {
		t.Fatalf("only %d runtime modules embedded", len(runtime))
	}
	for file, src := range runtime {
		mods = append(mods, lib.Module{File: "runtime/" + file, Src: src})
	}
	var script strings.Builder
	script.WriteString("import ast, sys\nsrcs = sys.stdin.read().split('\\0')\nfor i in range(0, len(srcs) - 1, 2):\n    ast.parse(srcs[i + 1], srcs[i])\n")
	var in strings.Builder
	for _, m := range mods {
		in.WriteString(m.File + "\x00" + string(m.Src) + "\x00")
	}
	cmd := exec.Command("python3", "-c", script.String())
	cmd.Stdin = strings.NewReader(in.String())
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("CPython's ast.parse rejects a module: %v\n%s", err, out)
	}
}
