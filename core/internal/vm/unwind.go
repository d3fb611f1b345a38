package vm

// Running the dispatch loop to a frame's return, and unwinding an
// exception through the frames: the handlers of their block stacks and
// the traceback entries.

import (
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// Run executes frames until the frame at depth base returns, and returns
// its value. base is the frame stack depth at entry (the frame to run is
// at index base).
//
// A Go panic below (a bug in a builtin) does not leave the sandbox as a
// Go stack: guardedLoop and guardedUnwind turn it into a SystemError
// raised where it happened, which Python code can catch (see panics.go).
func (vm *VM) run(base int) (result Value, err error) {
	for {
		v, done, err := vm.guardedLoop(base)
		if done {
			return v, err
		}
		if err != nil {
			if _, fatal := err.(*Fatal); fatal {
				return heap.Undef, err
			}
			if _, susp := err.(*Suspended); susp {
				return heap.Undef, err
			}
			// A Python exception: unwind to a handler or out of base.
			if v, done, err2 := vm.guardedUnwind(base, err); done {
				return v, err2
			}
		}
	}
}

// unwind propagates err through frames from the top down to base. It
// returns done=true when the exception left the base frame (err is
// returned) or a fatal error occurred.
func (vm *VM) unwind(base int, err error) (Value, bool, error) {
	exc, ok := err.(*Exception)
	if !ok {
		return heap.Undef, true, err
	}
	vm.noteRaise(exc, vm.frames[len(vm.frames)-1])
	exc.reraised = false
	for {
		f := vm.frames[len(vm.frames)-1]
		if n := len(f.Blocks); n > 0 {
			b := f.Blocks[n-1]
			f.Blocks = f.Blocks[:n-1]
			for i := b.Level; i < f.SP; i++ {
				f.Slots[i] = heap.Undef
			}
			f.SP = b.Level
			f.Slots[f.SP] = exc.Value
			f.SP++
			f.PC = b.Handler
			return heap.Undef, false, nil
		}
		// No handler in this frame: pop it.
		isGen := f.Gen.K == heap.KRef
		ret, retArg := f.Ret, f.RetArg
		vm.popFrame()
		if isGen {
			g := vm.H.Get(f.Gen).(*heap.Generator)
			g.State = heap.GenDone
			g.Frame = nil
			vm.H.Touch(f.Gen)
			vm.handled = g.ExcSave
			g.ExcSave = heap.Undef
			// PEP 479: StopIteration escaping a generator becomes RuntimeError.
			if vm.IsInstance(exc.Value, TStopIteration) || (g.Kind == heap.GenAsyncGenerator && vm.IsInstance(exc.Value, TStopAsyncIteration)) {
				what := "generator"
				if g.Kind == heap.GenCoroutine {
					what = "coroutine"
				} else if g.Kind == heap.GenAsyncGenerator {
					what = "async generator"
				}
				ne := vm.NewException(vm.Types[TRuntimeError], []Value{vm.NewStr(what + " raised " + vm.TypeName(exc.Value))})
				ned := vm.ExcOf(ne)
				ned.Cause = exc.Value
				ned.Context = exc.Value
				ned.SuppressContext = true
				ned.Traceback = append(ned.Traceback, vm.ExcOf(exc.Value).Traceback...)
				exc = &Exception{Value: ne, vm: vm}
			}
		}
		if len(vm.frames) <= base || ret == heap.RetNested {
			return heap.Undef, true, exc
		}
		if ret == heap.RetMapDrive && retArg < driveMin && vm.IsInstance(exc.Value, TStopIteration) {
			// The map's function ended the map: the builtin's result.
			if err := vm.mapDriveDone(vm.frames[len(vm.frames)-1], retArg, f.Aux[0]); err != nil {
				return heap.Undef, true, err // internal only
			}
			return heap.Undef, false, nil
		}
		if (ret == heap.RetForIter || ret == heap.RetFilter) && !isGen && vm.IsInstance(exc.Value, TStopIteration) {
			// A __next__ method (or a filter's predicate) ended the loop.
			caller := vm.frames[len(vm.frames)-1]
			if ret == heap.RetFilter {
				pop(caller) // the item
			}
			pop(caller)
			caller.PC = retArg
			return heap.Undef, false, nil
		}
		caller := vm.frames[len(vm.frames)-1]
		vm.addTraceback(exc.Value, caller)
	}
}

// addTraceback records that exc passed through frame f at its current line.
func (vm *VM) addTraceback(exc Value, f *heap.Frame) {
	ed := vm.ExcOf(exc)
	if ed == nil {
		return
	}
	pc := int(f.PC) - 1
	ed.Traceback = append(ed.Traceback, heap.TraceEntry{Code: f.Code, Line: int32(f.C.Code.LineAt(pc))})
	vm.H.Touch(exc)
}
