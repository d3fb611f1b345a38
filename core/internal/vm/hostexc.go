package vm

// NewExceptionArgs builds an exception of the builtin exception class
// called typ with args; an unknown name gives what NewExceptionNamed
// gives (a RuntimeError naming typ), with the args' reprs as its message.
func (vm *VM) NewExceptionArgs(typ string, args []Value) Value {
	exc := vm.NewExceptionNamed(typ, "")
	if vm.TypeName(exc) != typ {
		r, err := vm.Repr(vm.NewTuple(args))
		if err != nil {
			r = "(...)"
		}
		return vm.NewExceptionNamed(typ, r)
	}
	if ed := vm.ExcOf(exc); ed != nil {
		ed.Args = vm.NewTuple(args)
	}
	return exc
}
