//go:build ignore

// gen_opnames writes opnames.go: the name of every Opcode declared in
// opcodes.go, for disassembly and error messages. Run it with
// go generate after adding an opcode.
package main

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"log"
	"os"
)

func main() {
	f, err := parser.ParseFile(token.NewFileSet(), "opcodes.go", nil, 0)
	if err != nil {
		log.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST || len(g.Specs) == 0 {
			continue
		}
		first := g.Specs[0].(*ast.ValueSpec)
		if id, ok := first.Type.(*ast.Ident); !ok || id.Name != "Opcode" {
			continue
		}
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				if n.Name != "_" && n.Name != "NumOpcodes" {
					names = append(names, n.Name)
				}
			}
		}
	}
	var b bytes.Buffer
	b.WriteString("package compile\n\n// Code generated from opcodes.go; DO NOT EDIT.\n\nfunc init() {\n")
	for _, n := range names {
		b.WriteString("\topNames[" + n + "] = \"" + n + "\"\n")
	}
	b.WriteString("}\n")
	out, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("opnames.go", out, 0o644); err != nil {
		log.Fatal(err)
	}
}
