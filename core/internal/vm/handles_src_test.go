package vm_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoHandleFromNumbers keeps the one way from a Value to an object the
// checked one (Value.H and Heap.Get answer 0 and nil for every value that
// is not a reference): no code outside package heap builds a Value from
// its fields (heap.Value{K: heap.KRef, N: n} would forge a reference) or
// turns a Value's payload into a Handle (heap.Handle(v.N), heap.Handle(v.I())).
// Snapshot code that numbers pages and slots converts plain ints, which
// this allows.
func TestNoHandleFromNumbers(t *testing.T) {
	var files []string
	for _, dir := range []string{".", "../stdlib", "../.."} {
		fs, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	if len(files) < 50 {
		t.Fatalf("only %d files found", len(files))
	}
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if id, ok := n.Type.(*ast.Ident); (isHeapSel(n.Type, "Value") || ok && id.Name == "Value") && len(n.Elts) > 0 {
					t.Errorf("%s: a heap.Value built from its fields", fset.Position(n.Pos()))
				}
			case *ast.CallExpr:
				if isHeapSel(n.Fun, "Handle") && len(n.Args) == 1 && readsPayload(n.Args[0]) {
					t.Errorf("%s: a Handle made from a Value's payload", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
}

func isHeapSel(e ast.Expr, name string) bool {
	s, ok := e.(*ast.SelectorExpr)
	if !ok || s.Sel.Name != name {
		return false
	}
	id, ok := s.X.(*ast.Ident)
	return ok && id.Name == "heap"
}

// readsPayload reports whether e reads a Value's N field or I() payload.
func readsPayload(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if n.Sel.Name == "N" {
				found = true
			}
		case *ast.CallExpr:
			if s, ok := n.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == "I" && len(n.Args) == 0 {
				found = true
			}
		}
		return true
	})
	return found
}
