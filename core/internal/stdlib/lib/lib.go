// Package lib holds the modules of Amber's standard library that are
// written in Python, as .py files embedded in the binary.
//
// A file's path names its module: json.py is json, collections/__init__.py
// is collections, urllib/parse.py is urllib.parse. Modules whose names
// start with _amber are the runtime's own helpers (the resumable
// builtins, union types, except*). Every file must parse under CPython's
// ast module (lib_test.go checks it).
package lib

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

//go:embed *.py */*.py
var files embed.FS

// Module is one embedded Python module.
type Module struct {
	Name string // the module's dotted name
	File string // the file name its code reports in tracebacks
	Src  []byte
}

// Modules lists the embedded modules, sorted by name.
func Modules() []Module {
	var out []Module
	err := fs.WalkDir(files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".py") {
			return err
		}
		src, err := files.ReadFile(path)
		if err != nil {
			return err
		}
		name := strings.TrimSuffix(strings.TrimSuffix(path, ".py"), "/__init__")
		name = strings.ReplaceAll(name, "/", ".")
		out = append(out, Module{Name: name, File: name + ".py", Src: src})
		return nil
	})
	if err != nil {
		panic("lib: " + err.Error())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
