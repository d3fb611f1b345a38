// Package testenv tells tests about their environment: where the shared
// test corpora are, and whether they run in CI.
package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// SharedDir returns the directory name of ../shared (the repository's
// sibling holding the conformance corpus and benchmarks), found from the
// module root. When it is missing the test is skipped with a note, except
// in CI (CI=true), where it fails: CI must run these tests.
func SharedDir(t testing.TB, name string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
	p := filepath.Join(dir, "..", "shared", name)
	if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
		msg := "this test needs " + p + " (../shared/" + name + " beside the repository), which is missing"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return p
}

// Program is one file of a shared corpus.
type Program struct {
	Name string // the file's base name
	Src  []byte
}

// SharedPrograms returns the .py files of ../shared/<name>, sorted.
func SharedPrograms(t testing.TB, name string) []Program {
	t.Helper()
	dir := SharedDir(t, name)
	files, _ := filepath.Glob(filepath.Join(dir, "*.py"))
	if len(files) == 0 {
		t.Fatal("no programs in " + dir)
	}
	out := make([]Program, len(files))
	for i, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = Program{filepath.Base(f), src}
	}
	return out
}
