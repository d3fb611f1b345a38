package vm

// Go panics inside the sandbox.
//
// A panic below the eval loop is a bug of ours (a builtin that forgot a
// check), never something sandboxed code is entitled to. It must not take
// the session down with a Go stack in its message, nor leave the process:
// run recovers it, raises a SystemError where it happened (so Python code
// can catch it, as it can catch CPython's SystemError), and hands the Go
// stack to PanicLog, which the embedding host points at its log. What
// Python sees names the builtin or the operation, and carries no Go frame,
// file path or address.
//
// The recovery sits around the loop and the unwinder, which run once per
// exception rather than once per instruction or builtin call, so the hot
// paths pay nothing for it.

import (
	"runtime/debug"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// PanicLog receives each Go panic recovered in the sandbox: site is what
// the SystemError names (a builtin or an operation), value what was
// passed to panic, stack the Go stack where it happened.
type PanicLog func(site string, value any, stack []byte)

// callState is the part of the VM a builtin call changes and restores on
// its way out, which a panic skips: guardedLoop puts it back.
type callState struct {
	tailOK     bool
	tailRet    heap.RetKind
	tailName   string
	argTop     int
	opRoots    [2]Value
	safeAllocs int64
	cdepth     int
}

func (vm *VM) saveCallState() callState {
	return callState{vm.tailOK, vm.tailRet, vm.tailName, vm.argTop, vm.opRoots, vm.safeAllocs, vm.cdepth}
}

func (vm *VM) restoreCallState(c callState) {
	vm.tailOK, vm.tailRet, vm.tailName = c.tailOK, c.tailRet, c.tailName
	vm.argTop, vm.opRoots, vm.safeAllocs = c.argTop, c.opRoots, c.safeAllocs
	vm.cdepth = c.cdepth
	if c.cdepth == 0 {
		// No repr was in progress when the loop was entered: whatever the
		// panic left marked is stale.
		clear(vm.reprActive)
	}
}

// panicError marks the SystemError made of a panic, so that a second
// panic while unwinding it ends the run instead of looping.
type panicError struct{ *Exception }

// guardedLoop is loop, with a panic turned into a SystemError for run to
// unwind.
func (vm *VM) guardedLoop(base int) (v Value, done bool, err error) {
	saved := vm.saveCallState()
	defer func() {
		if r := recover(); r != nil {
			vm.restoreCallState(saved)
			v, done, err = heap.Undef, false, vm.fromPanic(base, r, debug.Stack())
			if _, fatal := err.(*Fatal); fatal {
				done = true
			}
		}
	}()
	return vm.loop(base)
}

// guardedUnwind is unwind, guarded as guardedLoop is. A panic while
// unwinding the SystemError of an earlier panic ends the run.
func (vm *VM) guardedUnwind(base int, exc error) (v Value, done bool, err error) {
	saved := vm.saveCallState()
	defer func() {
		if r := recover(); r != nil {
			vm.restoreCallState(saved)
			stack := debug.Stack()
			if _, again := exc.(*panicError); again {
				vm.logPanic("the unwinding of a SystemError", r, stack)
				v, done, err = heap.Undef, true, errInternalPanic
				return
			}
			err = vm.fromPanic(base, r, stack)
			if _, fatal := err.(*Fatal); fatal {
				v, done = heap.Undef, true
				return
			}
			v, done, err = vm.guardedUnwind(base, err)
		}
	}()
	if pe, ok := exc.(*panicError); ok {
		return vm.unwind(base, pe.Exception)
	}
	return vm.unwind(base, exc)
}

// errInternalPanic ends a run that a panic left nowhere to raise into.
var errInternalPanic = &Fatal{Kind: "internal", Msg: "internal error (reported to the host)"}

// fromPanic logs the panic r and returns the SystemError to raise in the
// top frame, or errInternalPanic when no frame of this run is left.
func (vm *VM) fromPanic(base int, r any, stack []byte) error {
	site := vm.panicSite()
	vm.logPanic(site, r, stack)
	if len(vm.frames) <= base {
		return errInternalPanic
	}
	return vm.systemError(site)
}

// systemError builds the SystemError of a panic in site; if even that
// panics (the heap is what broke), the run ends instead.
func (vm *VM) systemError(site string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			vm.logPanic("raising a SystemError", r, debug.Stack())
			err = errInternalPanic
		}
	}()
	e := vm.Errorf(TSystemError, "internal error in %s (reported to the host)", site).(*Exception)
	return &panicError{e}
}

func (vm *VM) logPanic(site string, r any, stack []byte) {
	if vm.PanicLog != nil {
		vm.PanicLog(site, r, stack)
	}
}

// panicSite names what was running in the top frame: the callee of a
// call ("len()", "str.center()"), else the operation ("binary_subscr").
// It reads a frame a panic may have left half-updated, so it checks every
// index and gives up quietly.
func (vm *VM) panicSite() (site string) {
	site = "the interpreter"
	defer func() {
		if recover() != nil {
			site = "the interpreter"
		}
	}()
	if len(vm.frames) == 0 {
		return site
	}
	f := vm.frames[len(vm.frames)-1]
	if f == nil || f.C == nil || f.C.Code == nil {
		return site
	}
	pc := int(f.PC) - 1
	instrs := f.C.Code.Instrs
	if pc < 0 || pc >= len(instrs) {
		return site
	}
	in := instrs[pc]
	sp := int(f.SP)
	callee := heap.Undef
	switch in.Op() {
	case compile.CALL:
		if b := sp - int(in.Arg()) - 2; b >= 0 && sp <= len(f.Slots) {
			callee, _ = callTarget(f, b)
		}
	case compile.CALL_FUNCTION_EX:
		if b := sp - 2 - int(in.Arg()&1); b >= 0 && sp <= len(f.Slots) {
			callee = f.Slots[b]
		}
	}
	if name := vm.calleeName(callee); name != "" {
		return name + "()"
	}
	return strings.ToLower(in.Op().String())
}

// calleeName is the name a SystemError gives a callable, "" if v is none.
func (vm *VM) calleeName(v Value) string {
	if v.K != heap.KRef {
		return ""
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.Builtin:
		if o.ID >= 0 && o.ID < builtinCount() {
			return builtinDef(o.ID).Name
		}
	case *heap.BoundMethod:
		return vm.calleeName(o.Func)
	case *heap.Function:
		if s, ok := vm.H.Get(o.Qualname).(*heap.Str); ok {
			return s.S
		}
	case *heap.Class:
		if s, ok := vm.H.Get(o.Name).(*heap.Str); ok {
			return s.S
		}
	}
	return ""
}

// builtinCount is the number of builtins registered so far.
func builtinCount() int32 {
	builtinReg.mu.RLock()
	defer builtinReg.mu.RUnlock()
	return builtinReg.n
}

// panicProbeID is a builtin that always panics, reachable only through
// PanicProbe: hosts' tests use it to check what a panic looks like from
// both sides of the sandbox.
var panicProbeID = registerBuiltin("_amber_panic_probe", func(vm *VM, self Value, a Args) (Value, error) {
	var l *heap.List
	return l.Items[len(a.Pos)], nil // a nil dereference, as a forgotten check would make
}, false)

// PanicProbe returns a new builtin function that panics when called, for
// tests of the panic boundary. No namespace of the sandbox holds it.
func (vm *VM) PanicProbe() Value {
	return vm.H.Alloc(&heap.Builtin{ID: panicProbeID, Self: heap.Undef})
}
