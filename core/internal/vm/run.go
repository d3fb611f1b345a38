package vm

import (
	"math/big"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// LoadCode places compiled code in the heap, materialising its constants
// (nested code objects included) and appending its names as interned strs.
func (vm *VM) LoadCode(c *compile.Code) Value {
	if v, ok := vm.codeCache[c]; ok {
		return v
	}
	consts := make([]Value, 0, len(c.Consts)+len(c.Names))
	for _, k := range c.Consts {
		consts = append(consts, vm.constValue(k))
	}
	for _, n := range c.Names {
		consts = append(consts, vm.Intern(n))
	}
	v := vm.H.Alloc(&heap.CodeObj{Code: c, Consts: consts})
	vm.codeCache[c] = v
	return v
}

func (vm *VM) constValue(k any) Value {
	switch x := k.(type) {
	case nil:
		return heap.None
	case bool:
		return heap.Bool(x)
	case int64:
		return heap.Int(x)
	case *big.Int:
		return vm.NewBigInt(x)
	case float64:
		return heap.Float(x)
	case complex128:
		return vm.H.Alloc(&heap.Complex{Re: real(x), Im: imag(x)})
	case string:
		return vm.Intern(x)
	case []byte:
		return vm.NewBytes(append([]byte(nil), x...), false)
	case compile.Ellipsis:
		return heap.Ellipsis
	case compile.Tuple:
		items := make([]Value, len(x))
		for i, e := range x {
			items[i] = vm.constValue(e)
		}
		return vm.NewTuple(items)
	case *compile.Code:
		return vm.LoadCode(x)
	}
	return heap.None
}

// MainModule returns (creating on first use) the __main__ module.
func (vm *VM) MainModule() Value {
	md := vm.H.Get(vm.Modules).(*heap.Dict)
	k := vm.Intern("__main__")
	if m, ok, _ := md.Get(k, vm.StrHash(k), vm.StrEq); ok {
		return m
	}
	m := vm.NewModule("__main__")
	md.Append(k, m, vm.StrHash(k))
	vm.ModuleSet(m, "__builtins__", vm.H.Alloc(&heap.Module{Name: vm.Intern("builtins"), Dict: vm.Builtins}))
	return m
}

// StartModule pushes a frame running module code in globals.
func (vm *VM) StartModule(c *compile.Code, globals Value) error {
	if len(vm.frames) == 0 {
		vm.resetAsyncio()
	}
	cv := vm.LoadCode(c)
	co := vm.H.Get(cv).(*heap.CodeObj)
	f := &heap.Frame{Code: cv, C: co, Func: heap.Undef, Globals: globals, Locals: heap.Undef, Gen: heap.Undef, Ret: heap.RetNested}
	f.Slots = make([]Value, len(c.Varnames)+c.NumCells()+c.StackSize+4)
	f.SP = int32(len(c.Varnames) + c.NumCells())
	for i := range c.Cellvars {
		f.Slots[len(c.Varnames)+i] = vm.H.Alloc(&heap.Cell{V: heap.Undef})
	}
	vm.frameBase = len(vm.frames)
	return vm.pushFrame(f)
}

// Resume continues the frames on the stack until the outermost returns or
// the run pauses again. It returns the module code's value.
func (vm *VM) Resume() (Value, error) {
	vm.preemptDue = false
	// Allocation brings the limits' checks forward only while the run's
	// clock runs (see checkLimits).
	vm.churnCheck = vm.H.Churn + churnPerCheck
	defer func() {
		vm.churnCheck = 0
		// The session may now sit idle for long: the memory kept for
		// new big ints goes back to Go.
		vm.H.ReleaseBigPool()
	}()
	if vm.Clock != nil {
		vm.runStart = vm.Clock()
		defer func() { vm.TimeUsed += vm.Clock() - vm.runStart }()
	}
	// A budget already spent stops the run before its first instruction:
	// short feeds would otherwise never reach a check.
	var v Value
	err := vm.DeadlineErr()
	if err == nil {
		v, err = vm.run(0)
	}
	if err != nil {
		if _, ok := err.(*Suspended); ok {
			return heap.Undef, err
		}
		vm.frames = vm.frames[:0]
		vm.handled = heap.Undef
	}
	return v, err
}

// ResumeWith delivers the result of a host call (or a looked-up name) to
// the paused program and continues it.
func (vm *VM) ResumeWith(v Value) (Value, error) {
	if vm.pending == nil {
		return heap.Undef, &Fatal{Kind: "internal", Msg: "nothing to resume"}
	}
	s := vm.pending
	vm.pending = nil
	f := vm.frames[len(vm.frames)-1]
	if s.Kind == SuspendNameLookup {
		// The load instruction raised the suspension; it completes now.
		push(f, v)
	} else {
		push(f, v)
	}
	return vm.Resume()
}

// ResumeContinue continues a run paused by its step budget
// (SuspendPreempt).
func (vm *VM) ResumeContinue() (Value, error) {
	if vm.pending == nil || vm.pending.Kind != SuspendPreempt {
		return heap.Undef, &Fatal{Kind: "internal", Msg: "no preempted run to continue"}
	}
	vm.pending = nil
	return vm.Resume()
}

// ResumeRaise resumes the paused program by raising exc at the pause point.
func (vm *VM) ResumeRaise(exc Value) (Value, error) {
	if vm.pending == nil {
		return heap.Undef, &Fatal{Kind: "internal", Msg: "nothing to resume"}
	}
	vm.pending = nil
	vm.pendingThrow = &Exception{Value: exc, vm: vm}
	return vm.Resume()
}

// ResumeFuture resumes a paused host call with a future bound to its call
// id: the program can await it, and a later Futures suspension settles it.
func (vm *VM) ResumeFuture() (Value, error) {
	s := vm.pending
	if s == nil || s.Kind != SuspendFunctionCall {
		return heap.Undef, &Fatal{Kind: "internal", Msg: "no host call to resume with a future"}
	}
	fut, err := vm.newHostFuture(s.CallID)
	if err != nil {
		return heap.Undef, err
	}
	return vm.ResumeWith(fut)
}

// PendingCallAwaited reports whether the paused host call's result goes
// straight into an await (await fn(...)).
func (vm *VM) PendingCallAwaited() bool {
	s := vm.pending
	if s == nil || s.Kind != SuspendFunctionCall || len(vm.frames) == 0 {
		return false
	}
	f := vm.frames[len(vm.frames)-1]
	instrs := f.C.Code.Instrs
	return int(f.PC) >= 0 && int(f.PC) < len(instrs) && instrs[f.PC].Op() == compile.GET_AWAITABLE
}

// ResumeAwaited resumes a paused host call whose result is awaited with
// an already-settled future of v, so "await fn()" evaluates to v.
func (vm *VM) ResumeAwaited(v Value) (Value, error) {
	s := vm.pending
	if s == nil || s.Kind != SuspendFunctionCall {
		return heap.Undef, &Fatal{Kind: "internal", Msg: "no host call to resume"}
	}
	fut, err := vm.callModuleFunc("asyncio", "_done_future", v)
	if err != nil {
		return heap.Undef, err
	}
	return vm.ResumeWith(fut)
}

func (vm *VM) newHostFuture(id int64) (Value, error) {
	return vm.callModuleFunc("asyncio", "_host_future", heap.Int(id))
}

// FutureResult settles one host future: Exc, when set, is raised at the
// await; otherwise Value is its result.
type FutureResult struct {
	CallID int64
	Value  Value
	Exc    Value
}

// ResumeFutures resumes a Futures suspension with results for some or all
// of its call ids.
func (vm *VM) ResumeFutures(results []FutureResult) (Value, error) {
	s := vm.pending
	if s == nil || s.Kind != SuspendFutures {
		return heap.Undef, &Fatal{Kind: "internal", Msg: "no futures to resume"}
	}
	items := make([]Value, len(results))
	for i, r := range results {
		if r.Exc.K == heap.KRef {
			items[i] = vm.NewTuple([]Value{heap.Int(r.CallID), heap.False, r.Exc})
		} else {
			items[i] = vm.NewTuple([]Value{heap.Int(r.CallID), heap.True, r.Value})
		}
	}
	return vm.ResumeWith(vm.NewList(items))
}

// NewExceptionNamed builds an exception of the builtin exception class
// called typ (falling back to RuntimeError for unknown names) with msg.
func (vm *VM) NewExceptionNamed(typ, msg string) Value {
	args := []Value{vm.NewStr(msg)}
	k := vm.Intern(typ)
	b := vm.H.Get(vm.Builtins).(*heap.Dict)
	if c, ok, _ := b.Get(k, vm.StrHash(k), vm.StrEq); ok && c.K == heap.KRef {
		if _, isClass := vm.H.Get(c).(*heap.Class); isClass && vm.IsSubclass(c, vm.Types[TBaseException]) {
			if msg == "" {
				args = nil
			}
			return vm.NewException(c, args)
		}
	}
	if msg != "" {
		msg = typ + ": " + msg
	} else {
		msg = typ
	}
	return vm.NewException(vm.Types[TRuntimeError], []Value{vm.NewStr(msg)})
}

// Abandon drops a paused run: its frames and pending suspension.
func (vm *VM) Abandon() {
	for i := range vm.frames {
		vm.frames[i] = nil
	}
	vm.frames = vm.frames[:0]
	vm.pending = nil
	vm.pendingThrow = nil
	vm.handled = heap.Undef
}

// Pending returns the current suspension, if any.
func (vm *VM) Pending() *Suspension { return vm.pending }

// Frames is the depth of the frame stack.
func (vm *VM) Frames() int { return len(vm.frames) }

// FrameAt returns the frame depth calls below the innermost one (0 is the
// innermost), or nil.
func (vm *VM) FrameAt(depth int) *heap.Frame {
	i := len(vm.frames) - 1 - depth
	if depth < 0 || i < 0 {
		return nil
	}
	return vm.frames[i]
}

// ExcValue extracts the exception object of a Python error.
func ExcValue(err error) (Value, bool) {
	if e, ok := err.(*Exception); ok {
		return e.Value, true
	}
	return heap.Undef, false
}

// ModuleDict returns a module's namespace dict.
func (vm *VM) ModuleDict(m Value) Value { return vm.H.Get(m).(*heap.Module).Dict }
