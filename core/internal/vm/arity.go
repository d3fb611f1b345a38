package vm

import "strings"

// Argument counts checked by the call path.
//
// Most builtins check their arguments themselves (UnpackArgs, ArgCount).
// A builtin listed here reads its leading positional arguments without
// a check of its own; the call path (callValue, callBuiltinGeneral)
// refuses a call with fewer before the builtin runs, with CPython's
// message. One compare per call, on a field of the definition the call
// path has in hand already. The builtin enumeration test
// (core/enumerate_test.go) finds the builtins that need an entry: a
// missing one is a Go panic there.
var minPositional = map[string]struct {
	n int8
	// msg is CPython's TypeError; a %d in it is the number given.
	msg string
}{
	"id":                    {1, "id() takes exactly one argument (%d given)"},
	"sys.intern":            {1, "sys.intern() takes exactly one argument (%d given)"},
	"__import__":            {1, "__import__() missing required argument 'name' (pos 1)"},
	"sys.setrecursionlimit": {1, "sys.setrecursionlimit() takes exactly one argument (%d given)"},
	"property.getter":       {1, "property.getter() takes exactly one argument (%d given)"},
	"property.setter":       {1, "property.setter() takes exactly one argument (%d given)"},
	"property.deleter":      {1, "property.deleter() takes exactly one argument (%d given)"},
}

// tooFewArgs is the TypeError of a call of def with only n positional
// arguments.
func (vm *VM) tooFewArgs(def *BuiltinDef, n int) error {
	msg := minPositional[def.Name].msg
	if msg == "" {
		return vm.TypeError("%s() takes at least %d positional arguments (%d given)", def.Name, def.MinPos, n)
	}
	if strings.Contains(msg, "%d") {
		return vm.TypeError(msg, n)
	}
	return vm.TypeError("%s", msg)
}
