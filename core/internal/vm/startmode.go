package vm

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// StartHost is a Host that can run a feed in start mode (a feed_start):
// there a call of a name no scope defines is a host function call, and a
// read of one a name lookup, without the embedder declaring them.
type StartHost interface {
	Host
	// CallsUndeclared reports whether calls of undefined names are host
	// calls now.
	CallsUndeclared() bool
}

// undeclaredCall reports whether f's current load of an undefined name
// is a host call: the host is in start mode, the load is in call position
// (the compiler marked the PUSH_NULL before it: f(...) or @f, not f.attr,
// f[0]() or x = f) and nothing between here and the host is a builtin
// that cannot pause (then the name stays a NameError, as a lookup would).
func (vm *VM) undeclaredCall(f *heap.Frame) bool {
	h, ok := vm.Host.(StartHost)
	if !ok || vm.nested > 0 || f == nil || !h.CallsUndeclared() {
		return false
	}
	pc := int(f.PC) - 2 // f.PC-1 is the load itself
	instrs := f.C.Code.Instrs
	return pc >= 0 && pc < len(instrs) && instrs[pc] == compile.MakeInstr(compile.PUSH_NULL, compile.PushNullCallee)
}
