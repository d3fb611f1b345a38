package vm_test

// The tests run programs that import the standard library's modules.
import _ "github.com/amber-sandbox/amber/core/internal/stdlib"
