// Package compile forwards the compiler of core/internal/compile to
// packages outside core that used it before it moved (functions' tests).
// It is transitional and goes away once nothing imports it.
package compile

import (
	icompile "github.com/amber-sandbox/amber/core/internal/compile"
	isyntax "github.com/amber-sandbox/amber/core/internal/syntax"
)

type (
	Code    = icompile.Code
	Options = icompile.Options
)

// Compile compiles a parsed module.
func Compile(mod *isyntax.Module, filename string, src []byte, opts Options) (*Code, error) {
	return icompile.Compile(mod, filename, src, opts)
}
