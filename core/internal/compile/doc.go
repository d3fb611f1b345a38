// Package compile turns a parsed module into code objects: it resolves
// every name to a local, global, cell or free variable (raising
// SyntaxError where CPython does) and emits a compact stack bytecode for
// the VM. Code objects are plain immutable data; the VM materialises their
// constants in the heap.
//
// Dependencies: syntax.
package compile
