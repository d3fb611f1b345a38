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
	// A walk can be long without being deep (a value that shares itself
	// is exponentially large as a tree): it meets the deadline too.
	if vm.cwalk++; vm.cwalk&1023 == 0 {
		if err := vm.DeadlineErr(); err != nil {
			return err
		}
	}
	if vm.walkBudget > 0 {
		if vm.walkBudget--; vm.walkBudget == 0 {
			return vm.Errorf(TRecursionError, "value too large to walk")
		}
	}
	vm.cdepth++
	if vm.cdepth > min(vm.maxRecursion(), maxCDepth) {
		vm.cdepth--
		return vm.Errorf(TRecursionError, "maximum recursion depth exceeded%s", what)
	}
	return nil
}

// enterCQuick is enterC's common case, small enough to inline where a
// level is counted per call (a sort's __lt__): well under the limit, no
// walk budget and no deadline poll due. false (nothing changed) leaves
// the level to enterC. A zero MaxRecursion (the default of 1000) always
// takes enterC.
func (vm *VM) enterCQuick() bool {
	if vm.cwalk&1023 != 1023 && vm.walkBudget == 0 && vm.cdepth < vm.Limits.MaxRecursion && vm.cdepth < maxCDepth {
		vm.cwalk++
		vm.cdepth++
		return true
	}
	return false
}

// leaveC ends a level counted by enterC.
func (vm *VM) leaveC() { vm.cdepth-- }

// LimitWalk bounds the steps of the Go walks (repr, comparison, hash) the
// host runs outside of a run, where no deadline applies: past n steps they
// fail. n = 0 lifts the bound.
func (vm *VM) LimitWalk(n int64) { vm.walkBudget = n }
