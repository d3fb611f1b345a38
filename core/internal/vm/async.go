package vm

// Async support. The event loop of asyncio is written in Python (asyncioSrc,
// below) and runs in the sandbox like user code: its ready queue, timers
// and tasks are ordinary heap objects, and tasks are driven with
// coroutine.send on the explicit frame stack. So a host call made inside a
// task pauses the whole session, and a dump taken there holds the loop.
//
// Time is virtual: asyncio.sleep(t) schedules a wakeup at loop time + t and
// the loop jumps its clock to the earliest timer when nothing is ready.
// Wakeups are ordered by time, ties first-in first-out. No real clock is
// read.
//
// Host futures: a host call resumed with a future returns a Future bound
// to the call id. When no task can run and some host future is unsettled,
// the loop calls _amber_async.wait(ids), which pauses the run with a
// Futures suspension; resuming it delivers (call id, ok, value) results.
// Virtual time does not advance while host calls are outstanding: the
// sandbox cannot know how long the host takes, so timers (sleeps,
// timeouts) fire only once the host has answered.

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// getAwaitable is GET_AWAITABLE.
func (vm *VM) getAwaitable(v Value) (Value, error) {
	if v.K == heap.KRef {
		switch o := vm.H.Get(v).(type) {
		case *heap.Generator:
			if o.Kind == heap.GenCoroutine {
				if o.State == heap.GenDone {
					return heap.Undef, vm.Errorf(TRuntimeError, "cannot reuse already awaited coroutine")
				}
				return v, nil
			}
		case *heap.Opaque:
			if _, ok := awaitables[o.Kind]; ok {
				return v, nil
			}
		case *heap.Instance:
			if fn := vm.LookupSpecial(v, "__await__"); fn.K != heap.KUndef {
				return vm.Call(vm.BindMethod(fn, v, o.Class))
			}
		}
	}
	return heap.Undef, vm.TypeError("object %s can't be used in 'await' expression", vm.TypeName(v))
}

// awaitables are opaque kinds that can be awaited. The function completes
// the await (done=true with a result), leaves it pending (the opaque is
// yielded to the scheduler), or returns errFramePushed after pushing a
// frame that finishes the step.
var awaitables = map[string]func(vm *VM, v Value, o *heap.Opaque) (Value, bool, error){}

func (vm *VM) awaitOpaque(v Value, o *heap.Opaque) (Value, bool, error) {
	if f, ok := awaitables[o.Kind]; ok {
		return f(vm, v, o)
	}
	return heap.Undef, false, vm.TypeError("object %s can't be used in 'await' expression", vm.TypeName(v))
}

func (vm *VM) opGetAIter(f *heap.Frame, v Value) error {
	fn := vm.LookupClassStr(vm.TypeOf(v), "__aiter__")
	if fn.K == heap.KUndef {
		if g, ok := vm.H.Get(v).(*heap.Generator); ok && g.Kind == heap.GenAsyncGenerator {
			push(f, v)
			return nil
		}
		return vm.TypeError("'async for' requires an object with __aiter__ method, got %s", vm.TypeName(v))
	}
	r, err := vm.Call(vm.BindMethod(fn, v, vm.TypeOf(v)))
	if err != nil {
		return err
	}
	push(f, r)
	return nil
}

// opGetANext is GET_ANEXT: [aiter] -> [aiter, awaitable].
func (vm *VM) opGetANext(f *heap.Frame) error {
	it := top(f)
	if g, ok := vm.H.Get(it).(*heap.Generator); ok && g.Kind == heap.GenAsyncGenerator {
		// An async generator step is awaited by resuming the generator itself.
		push(f, vm.H.Alloc(&heap.Opaque{Kind: "anext", Vals: []Value{it}}))
		return nil
	}
	fn := vm.LookupClassStr(vm.TypeOf(it), "__anext__")
	if fn.K == heap.KUndef {
		return vm.TypeError("'async for' received an object from __aiter__ that does not implement __anext__: %s", vm.TypeName(it))
	}
	r, err := vm.Call(vm.BindMethod(fn, it, vm.TypeOf(it)))
	if err != nil {
		return err
	}
	aw, err := vm.getAwaitable(r)
	if err != nil {
		return err
	}
	push(f, aw)
	return nil
}

func init() {
	// Awaiting an "anext" step resumes the async generator as a frame
	// whose results come back through the task hooks below.
	awaitables["anext"] = func(vm *VM, v Value, o *heap.Opaque) (Value, bool, error) {
		send := heap.None
		if len(o.Vals) > 1 {
			send = o.Vals[1]
		}
		return vm.asyncGenStep(o.Vals[0], send, nil)
	}
	// athrow raises an exception at the async generator's yield; the
	// step completes like anext.
	awaitables["athrow"] = func(vm *VM, v Value, o *heap.Opaque) (Value, bool, error) {
		if len(o.Vals) != 2 {
			return heap.Undef, false, vm.Errorf(TRuntimeError, "bad athrow awaitable")
		}
		return vm.asyncGenStep(o.Vals[0], heap.None, &Exception{Value: o.Vals[1], vm: vm})
	}
	// aclose throws GeneratorExit and runs the generator's cleanup to the
	// end without pausing: an await inside its finally blocks is not
	// supported here.
	awaitables["aclose"] = func(vm *VM, v Value, o *heap.Opaque) (Value, bool, error) {
		gv := o.Vals[0]
		g := vm.H.Get(gv).(*heap.Generator)
		if g.State == heap.GenDone || g.State == heap.GenCreated {
			g.State = heap.GenDone
			g.Frame = nil
			vm.H.Touch(gv)
			return heap.None, true, nil
		}
		exc := vm.NewException(vm.Types[TGeneratorExit], nil)
		_, ok, err := vm.genNextNested(gv, heap.None, &Exception{Value: exc, vm: vm})
		if err != nil {
			if vm.ErrIs(err, TGeneratorExit) || vm.ErrIs(err, TStopAsyncIteration) {
				return heap.None, true, nil
			}
			return heap.Undef, false, err
		}
		if ok {
			return heap.Undef, false, vm.Errorf(TRuntimeError, "async generator ignored GeneratorExit")
		}
		return heap.None, true, nil
	}
	AddMethods(TAsyncGenerator, []MethodDef{
		{Name: "asend", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			var value Value
			if err := vm.UnpackArgs("asend", a, nil, 1, &value); err != nil {
				return heap.Undef, err
			}
			return vm.H.Alloc(&heap.Opaque{Kind: "anext", Vals: []Value{self, value}}), nil
		}},
		{Name: "athrow", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.ArgCount("athrow", a, 1, 3); err != nil {
				return heap.Undef, err
			}
			e, err := vm.throwArgs(a)
			if err != nil {
				return heap.Undef, err
			}
			return vm.H.Alloc(&heap.Opaque{Kind: "athrow", Vals: []Value{self, e}}), nil
		}},
		{Name: "aclose", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.UnpackArgs("aclose", a, nil, 0); err != nil {
				return heap.Undef, err
			}
			return vm.H.Alloc(&heap.Opaque{Kind: "aclose", Vals: []Value{self}}), nil
		}},
	})
	RegisterBuiltinFunc("anext", builtinANext)
}

// builtinANext is anext(aiterator[, default]).
func builtinANext(vm *VM, _ Value, a Args) (Value, error) {
	var aiter, dflt Value
	if err := vm.UnpackArgs("anext", a, nil, 1, &aiter, &dflt); err != nil {
		return heap.Undef, err
	}
	it := aiter
	if dflt.K != heap.KUndef {
		return heap.Undef, vm.TypeError("anext() with a default is not supported; catch StopAsyncIteration instead")
	}
	fn := vm.LookupClassStr(vm.TypeOf(it), "__anext__")
	if fn.K == heap.KUndef {
		return heap.Undef, vm.TypeError("'%s' object is not an async iterator", vm.TypeName(it))
	}
	return vm.Call(vm.BindMethod(fn, it, vm.TypeOf(it)))
}

// An async generator stepped by an "anext" awaitable runs with
// RetAsyncTask. Its frame either yields a value (the step is complete),
// yields through an inner await (the value goes on up to the event loop
// and the step stays pending), returns (StopAsyncIteration) or raises.

// taskDone: the async generator returned; the awaiting frame sees
// StopAsyncIteration at its await.
func (vm *VM) taskDone(f *heap.Frame, v Value) error {
	return vm.ErrorArgs(TStopAsyncIteration)
}

// taskYielded delivers a yield of the async generator frame f to the
// frame awaiting the step, which is paused at its SEND.
func (vm *VM) taskYielded(f *heap.Frame, v Value) error {
	caller := vm.frames[len(vm.frames)-1]
	if isAwaitYield(f) {
		// An inner await yielded to the scheduler: pass it on.
		push(caller, v)
		return nil
	}
	// A real yield: the step is complete; leave the await loop.
	send := caller.C.Code.Instrs[caller.PC-1]
	pop(caller) // the anext awaitable
	push(caller, v)
	caller.PC = int32(send.Arg())
	return nil
}

// isAwaitYield reports whether the YIELD_VALUE that f just ran belongs to
// an await loop (SEND; YIELD_VALUE) rather than a yield expression.
func isAwaitYield(f *heap.Frame) bool {
	pc := int(f.PC) - 2
	if pc < 0 {
		return false
	}
	return f.C.Code.Instrs[pc].Op() == compile.SEND
}

func (vm *VM) reprOr(v Value) string {
	s, err := vm.Repr(v)
	if err != nil {
		return vm.TypeName(v)
	}
	return s
}

// isCoroutine reports whether v is a coroutine object.
func (vm *VM) isCoroutine(v Value) bool {
	if v.K != heap.KRef {
		return false
	}
	g, ok := vm.H.Get(v).(*heap.Generator)
	return ok && g.Kind == heap.GenCoroutine
}

// resetAsyncio clears the event-loop state of an imported asyncio module.
// A run that was abandoned (or killed by a limit) inside asyncio.run
// never reached its finally blocks, so without this the next feed would
// find a loop still "running". Called only when no frame is live.
func (vm *VM) resetAsyncio() {
	md, ok := vm.H.Get(vm.Modules).(*heap.Dict)
	if !ok {
		return
	}
	k := vm.Intern("asyncio")
	m, ok, _ := md.Get(k, vm.StrHash(k), vm.StrEq)
	if !ok {
		return
	}
	d, ok := vm.H.Get(m).(*heap.Module)
	if !ok {
		return
	}
	g := d.Dict
	cur, err := vm.GetItem(g, vm.NewStr("_running_loop"))
	if err != nil || cur.K == heap.KNone {
		return
	}
	_ = vm.SetItem(g, vm.NewStr("_running_loop"), heap.None)
	_ = vm.SetItem(g, vm.NewStr("_current_task"), heap.None)
	_ = vm.SetItem(g, vm.NewStr("_host_waiting"), vm.NewDict())
}

// isCoroutineFunction reports whether v is an async def function or a
// method bound to one.
func (vm *VM) isCoroutineFunction(v Value) bool {
	for v.K == heap.KRef {
		switch o := vm.H.Get(v).(type) {
		case *heap.BoundMethod:
			v = o.Func
		case *heap.Function:
			return vm.codeOf(o).Code.Flags&compile.FlagCoroutine != 0
		default:
			return false
		}
	}
	return false
}

// suspendFutures pauses the run until the host settles some of ids.
func (vm *VM) suspendFutures(ids []int64) error {
	if vm.nested > 0 {
		return vm.Errorf(TRuntimeError, "cannot wait for host futures here: the event loop was reached from inside a builtin that cannot pause")
	}
	s := &Suspension{Kind: SuspendFutures, CallIDs: ids}
	return vm.suspend(s)
}

func init() {
	RegisterModule("_amber_async", func(vm *VM, m Value) error {
		vm.ModuleFunc(m, "_amber_async.wait", func(vm *VM, _ Value, a Args) (Value, error) {
			if len(a.Pos) != 1 {
				return heap.Undef, vm.TypeError("wait() takes exactly one argument")
			}
			items, err := vm.Unpack(a.Pos[0])
			if err != nil {
				return heap.Undef, err
			}
			ids := make([]int64, 0, len(items))
			for _, it := range items {
				n, ok := vm.IndexOf(it)
				if !ok {
					return heap.Undef, vm.TypeError("call ids must be ints")
				}
				ids = append(ids, n)
			}
			if len(ids) == 0 {
				// The host would have nothing to settle: the pause would
				// never end.
				return heap.Undef, vm.Errorf(TRuntimeError, "wait() needs the ids of host calls in progress")
			}
			return heap.Undef, vm.suspendFutures(ids)
		})
		vm.ModuleFunc(m, "_amber_async.iscoroutine", func(vm *VM, _ Value, a Args) (Value, error) {
			if len(a.Pos) != 1 {
				return heap.Undef, vm.TypeError("iscoroutine() takes exactly one argument")
			}
			return heap.Bool(vm.isCoroutine(a.Pos[0])), nil
		})
		vm.ModuleFunc(m, "_amber_async.iscoroutinefunction", func(vm *VM, _ Value, a Args) (Value, error) {
			if len(a.Pos) != 1 {
				return heap.Undef, vm.TypeError("iscoroutinefunction() takes exactly one argument")
			}
			return heap.Bool(vm.isCoroutineFunction(a.Pos[0])), nil
		})
		return nil
	})

}

// asyncGenStep runs one anext (throw nil) or athrow step of the async
// generator gen: in a nested Go loop when no frame can take it, else as
// a frame whose result comes back through the task hooks.
func (vm *VM) asyncGenStep(gen, send Value, throw error) (Value, bool, error) {
	if vm.nested > 0 || len(vm.frames) == 0 {
		r, ok, err := vm.genNextNested(gen, heap.None, throw)
		if err != nil {
			return heap.Undef, false, err
		}
		if !ok {
			return heap.Undef, false, vm.ErrorArgs(TStopAsyncIteration)
		}
		return r, true, nil
	}
	err := vm.resumeGen(gen, send, throw, heap.RetAsyncTask, 0)
	if err == errExhausted {
		return heap.Undef, false, vm.ErrorArgs(TStopAsyncIteration)
	}
	return heap.Undef, false, err
}
