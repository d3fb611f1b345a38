package vm

// The dataclasses module, written in Python and run in the sandbox.
//
// CPython generates __init__, __repr__ and friends as source text and runs
// exec on it. Amber has no exec, so the generated methods here are
// closures over the field list that bind their arguments themselves and
// raise CPython's messages.

func init() {

}
