// Package syntax forwards the parser of core/internal/syntax to packages
// outside core that used it before it moved (functions' tests). It is
// transitional and goes away once nothing imports it.
package syntax

import isyntax "github.com/amber-sandbox/amber/core/internal/syntax"

// Module is a parsed file.
type Module = isyntax.Module

// Parse parses a Python module.
func Parse(filename string, src []byte) (*Module, error) { return isyntax.Parse(filename, src) }
