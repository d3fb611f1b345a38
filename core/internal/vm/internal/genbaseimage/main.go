// Command genbaseimage writes baseimage.bin: the template (the builtin world and
// the pre-built standard library) built from scratch, as its pages (see
// baseimage.go). Run it with go generate ./core/internal/vm.
package main

import (
	"fmt"
	"os"

	_ "github.com/amber-sandbox/amber/core/internal/stdlib"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

func main() {
	img, err := vm.GenerateBaseImage()
	if err != nil {
		fmt.Fprintln(os.Stderr, "genbaseimage:", err)
		os.Exit(1)
	}
	if err := os.WriteFile("baseimage.bin", img, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "genbaseimage:", err)
		os.Exit(1)
	}
	fmt.Printf("baseimage.bin: %d bytes\n", len(img))
}
