package vm

// Go recursion that Python data drives.
//
// Python calls never recurse on the Go stack, but some builtin operations
// walk their operands recursively in Go: repr and str of containers, ==
// and ordering, hash of tuples, isinstance with nested tuples, iterators
// wrapping iterators (map(f, map(f, ...))). A value nested a million deep
// would overflow the Go stack, which kills the process (it cannot be
// recovered). Each such walk counts its depth with enterC/leaveC and
// raises RecursionError past the recursion limit, as CPython does.

// maxCDepth caps the depth of Go recursion whatever the recursion limit:
// the host may allow deep Python recursion, which costs no Go stack, while
// each level here costs a few Go frames.
const maxCDepth = 8000

// enterC counts one level of Go recursion; what completes CPython's
// message ("maximum recursion depth exceeded" + what).
func (vm *VM) enterC(what string) error {
	vm.cdepth++
	limit := vm.Limits.MaxRecursion
	if limit <= 0 {
		limit = 1000
	}
	if vm.cdepth > min(limit, maxCDepth) {
		vm.cdepth--
		return vm.Errorf(TRecursionError, "maximum recursion depth exceeded%s", what)
	}
	return nil
}

// leaveC ends a level counted by enterC.
func (vm *VM) leaveC() { vm.cdepth-- }
