package vm

import (
	"github.com/amber-sandbox/amber/core/heap"
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
			if fn := vm.lookupSpecial(v, "__await__"); fn.K != heap.KUndef {
				return vm.Call(vm.bindMethod(fn, v, o.Class))
			}
		}
	}
	return heap.Undef, vm.TypeError("object %s can't be used in 'await' expression", vm.TypeName(v))
}

// awaitables are opaque kinds that can be awaited; the function completes
// the await (done=true with a result) or leaves it pending.
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
	r, err := vm.Call(vm.bindMethod(fn, v, vm.TypeOf(v)))
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
	r, err := vm.Call(vm.bindMethod(fn, it, vm.TypeOf(it)))
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
	awaitables["anext"] = func(vm *VM, v Value, o *heap.Opaque) (Value, bool, error) {
		r, ok, err := vm.genNextNested(o.Vals[0], heap.None, nil)
		if err != nil {
			return heap.Undef, false, err
		}
		if !ok {
			return heap.Undef, false, vm.ErrorArgs(TStopAsyncIteration)
		}
		return r, true, nil
	}
	awaitables["sleep"] = func(vm *VM, v Value, o *heap.Opaque) (Value, bool, error) {
		if len(o.Vals) > 0 {
			return o.Vals[0], true, nil
		}
		return heap.None, true, nil
	}
}

// Task hooks for the scheduler (the durable-session work builds on them).
func (vm *VM) taskDone(f *heap.Frame, v Value) error                { return nil }
func (vm *VM) taskYielded(f *heap.Frame, v Value) error             { return nil }
func (vm *VM) taskFailed(f *heap.Frame, e *Exception) (Value, bool) { return heap.Undef, false }

// runCoroutine drives a coroutine to completion in a nested loop.
func (vm *VM) runCoroutine(coro Value) (Value, error) {
	g, ok := vm.H.Get(coro).(*heap.Generator)
	if !ok || g.Kind != heap.GenCoroutine {
		return heap.Undef, vm.ValueError("a coroutine was expected, got %s", vm.reprOr(coro))
	}
	for {
		r, ok, err := vm.genNextNested(coro, heap.None, nil)
		if err != nil {
			return heap.Undef, err
		}
		if !ok {
			return r, nil
		}
		// A bare yield inside a coroutine (from an awaitable): keep going.
	}
}

func (vm *VM) reprOr(v Value) string {
	s, err := vm.Repr(v)
	if err != nil {
		return vm.TypeName(v)
	}
	return s
}

func init() {
	RegisterModule("asyncio", func(vm *VM, m Value) error {
		vm.ModuleFunc(m, "asyncio.run", func(vm *VM, _ Value, a Args) (Value, error) {
			if len(a.Pos) < 1 {
				return heap.Undef, vm.TypeError("run() missing 1 required positional argument: 'main'")
			}
			return vm.runCoroutine(a.Pos[0])
		})
		vm.ModuleFunc(m, "asyncio.sleep", func(vm *VM, _ Value, a Args) (Value, error) {
			res := heap.None
			if len(a.Pos) > 1 {
				res = a.Pos[1]
			}
			return vm.H.Alloc(&heap.Opaque{Kind: "sleep", Vals: []Value{res}}), nil
		})
		vm.ModuleFunc(m, "asyncio.gather", func(vm *VM, _ Value, a Args) (Value, error) {
			retExc := false
			for i, k := range a.KwNames {
				if k == "return_exceptions" {
					retExc, _ = vm.Truth(a.KwVals[i])
				}
			}
			var out []Value
			for _, c := range a.Pos {
				var r Value
				var err error
				if g, ok := vm.H.Get(c).(*heap.Generator); ok && g.Kind == heap.GenCoroutine {
					r, err = vm.runCoroutine(c)
				} else if o, ok := vm.H.Get(c).(*heap.Opaque); ok && (o.Kind == "done" || o.Kind == "sleep") {
					r = o.Vals[0]
				} else {
					r = c
				}
				if err != nil {
					if e, ok := err.(*Exception); ok && retExc {
						r = e.Value
					} else {
						return heap.Undef, err
					}
				}
				out = append(out, r)
			}
			return vm.H.Alloc(&heap.Opaque{Kind: "sleep", Vals: []Value{vm.NewList(out)}}), nil
		})
		vm.ModuleFunc(m, "asyncio.create_task", func(vm *VM, _ Value, a Args) (Value, error) {
			r, err := vm.runCoroutine(a.Pos[0])
			if err != nil {
				return heap.Undef, err
			}
			return vm.H.Alloc(&heap.Opaque{Kind: "sleep", Vals: []Value{r}}), nil
		})
		return nil
	})
}
