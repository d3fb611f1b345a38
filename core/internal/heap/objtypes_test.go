package heap

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"reflect"
	"strings"
	"testing"
)

// Adding an object type means implementing Object (the compiler asks for
// encode; a plain type's encode and decoder follow from its fields),
// giving it a tag with a decoder in objcodec.go, a case in cloneObject,
// and a sample in codecSamples. This test checks the parts the compiler
// cannot.
func TestEveryObjectTypeIsComplete(t *testing.T) {
	for tag := tagFree + 1; tag < numTags; tag++ {
		if decoders[tag] == nil {
			t.Errorf("tag %d has no decoder", tag)
		}
	}
	sampled := map[string]bool{}
	for _, page := range codecSamples() {
		for _, o := range page {
			if o == nil {
				continue
			}
			sampled[reflect.TypeOf(o).Elem().Name()] = true
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%T: %v", o, r)
					}
				}()
				cloneObject(o)
			}()
		}
	}
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Recv == nil || fd.Name.Name != "encode" {
					continue
				}
				name := fd.Recv.List[0].Type.(*ast.StarExpr).X.(*ast.Ident).Name
				n++
				if !sampled[name] {
					t.Errorf("object type %s has no sample in codecSamples (round trip and clone)", name)
				}
			}
		}
	}
	if n < 27 {
		t.Errorf("found only %d object types", n)
	}
}
