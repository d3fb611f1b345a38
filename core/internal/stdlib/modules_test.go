package stdlib_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"strings"
	"testing"

	_ "github.com/amber-sandbox/amber/core/internal/stdlib"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

// Every provided module imports cleanly in a fresh VM.
func TestImportEveryModule(t *testing.T) {
	names := vm.ModuleNames()
	if len(names) < 50 {
		t.Fatalf("only %d modules registered", len(names))
	}
	for _, name := range names {
		m := vm.New()
		if _, err := m.Import(name); err != nil {
			t.Errorf("import %s: %v", name, err)
		}
	}
}

// The builtin registry keeps one function per name for the process, so a
// function literal given to ModuleFunc must not capture variables of the
// module's init function: a later VM's capture would be dropped. This
// checks the native modules here and the interpreter's own (sys, ...).
func TestModuleFuncsCaptureNothing(t *testing.T) {
	for _, dir := range []string{".", "../vm"} {
		checkModuleFuncCaptures(t, dir)
	}
}

func checkModuleFuncCaptures(t *testing.T, dir string) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, p := range pkgs {
		for _, f := range p.Files {
			files = append(files, f)
		}
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check(dir, fset, files, info); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			for _, lit := range moduleFuncLits(n) {
				ast.Inspect(lit.Body, func(n ast.Node) bool {
					id, ok := n.(*ast.Ident)
					if !ok {
						return true
					}
					v, ok := info.Uses[id].(*types.Var)
					if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
						return true
					}
					if v.Pos() < lit.Pos() || v.Pos() > lit.End() {
						t.Errorf("%s: module function captures %s", fset.Position(id.Pos()), id.Name)
					}
					return true
				})
			}
			return true
		})
	}
}

// moduleFuncLits are the function literals n gives ModuleFunc when n is a
// ModuleFunc call: the function itself, or the literals handed to the
// wrapper that makes it (reFunc(func...), mathFloatsFunc(name, n, func...)).
func moduleFuncLits(n ast.Node) []*ast.FuncLit {
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return nil
	}
	if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "ModuleFunc" || len(call.Args) != 3 {
		return nil
	}
	fn := call.Args[2]
	if wrap, ok := fn.(*ast.CallExpr); ok {
		var lits []*ast.FuncLit
		for _, arg := range wrap.Args {
			if lit, ok := arg.(*ast.FuncLit); ok {
				lits = append(lits, lit)
			}
		}
		return lits
	}
	if lit, ok := fn.(*ast.FuncLit); ok {
		return []*ast.FuncLit{lit}
	}
	return nil
}

// BenchmarkImportEverything is the cost of importing every module in a
// fresh VM (module code is compiled once per process).
func BenchmarkImportEverything(b *testing.B) {
	names := vm.ModuleNames()
	for i := 0; i < b.N; i++ {
		m := vm.New()
		for _, n := range names {
			if _, err := m.Import(n); err != nil {
				b.Fatal(err)
			}
		}
	}
}
