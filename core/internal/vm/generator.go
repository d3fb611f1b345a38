package vm

// Generators, coroutines and async generators: making one from a call,
// resuming it (next, send, throw, FOR_ITER), delegating with yield from
// and await, and yielding back to the resumer.

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// newGenerator wraps a fresh frame in a generator, coroutine or async
// generator object.
func (vm *VM) newGenerator(f *heap.Frame, fn *heap.Function, code *compile.Code) Value {
	kind := heap.GenGenerator
	switch {
	case code.Flags&compile.FlagAsyncGenerator != 0:
		kind = heap.GenAsyncGenerator
	case code.Flags&compile.FlagCoroutine != 0:
		kind = heap.GenCoroutine
	}
	g := &heap.Generator{Frame: f, Kind: kind, Name: fn.Name, Qual: fn.Qualname, ExcSave: heap.Undef, Awaiting: heap.Undef}
	gv := vm.H.Alloc(g)
	f.Gen = gv
	return gv
}

// resumeGen pushes a generator's frame to run until it yields or returns;
// the value sent in (or the exception thrown in) is given.
func (vm *VM) resumeGen(gv Value, send Value, throw error, ret heap.RetKind, retArg int32) error {
	g := vm.H.Get(gv).(*heap.Generator)
	switch g.State {
	case heap.GenRunning:
		what := "generator"
		if g.Kind == heap.GenCoroutine {
			what = "coroutine"
		}
		return vm.ValueError("%s already executing", what)
	case heap.GenDone:
		if throw != nil {
			return throw
		}
		if g.Kind == heap.GenCoroutine {
			return vm.Errorf(TRuntimeError, "cannot reuse already awaited coroutine")
		}
		if ret == heap.RetForIter {
			return errExhausted
		}
		return vm.stopIteration(g, heap.None)
	case heap.GenCreated:
		if send.K != heap.KNone && send.K != heap.KUndef && throw == nil {
			return vm.TypeError("can't send non-None value to a just-started generator")
		}
		if throw != nil {
			g.State = heap.GenDone
			g.Frame = nil
			vm.H.Touch(gv)
			return throw
		}
	}
	f := g.Frame
	if err := vm.pushFrame(f); err != nil {
		return vm.resumeRefused(gv, g, err)
	}
	f.Ret, f.RetArg = ret, retArg
	f.Aux[1] = vm.handled
	if g.ExcSave.K != heap.KUndef {
		vm.handled = g.ExcSave
	}
	if g.State == heap.GenSuspended && throw == nil {
		if send.K == heap.KUndef {
			send = heap.None
		}
		push(f, send)
	}
	g.State = heap.GenRunning
	vm.H.TouchNonSeq(gv)
	if throw != nil {
		if g.State == heap.GenRunning {
			if err := vm.throwIntoYieldFrom(f, throw); err != errNoDelegate {
				return err
			}
		}
		vm.pendingThrow = throw
	}
	return errFramePushed
}

// forIterGen resumes the generator g (at gv) for FOR_ITER: resumeGen's
// common case, a generator suspended at a yield with no saved exception
// state, without its general checks. The None sent in is not pushed when
// the generator drops it at once (YIELD_VALUE POP_TOP): its frame starts
// past the POP_TOP instead, the state the POP_TOP would have left.
func (vm *VM) forIterGen(gv Value, g *heap.Generator, arg int32) error {
	f := g.Frame
	if g.State != heap.GenSuspended || g.ExcSave.K != heap.KUndef || f.C == nil {
		return vm.resumeGen(gv, heap.None, nil, heap.RetForIter, arg)
	}
	if err := vm.pushFrame(f); err != nil {
		// Not resumeGen: a second pushFrame would count another step
		// and could let a limit's error pass.
		return vm.resumeRefused(gv, g, err)
	}
	f.Ret, f.RetArg = heap.RetForIter, arg
	f.Aux[1] = vm.handled
	g.State = heap.GenRunning
	vm.H.TouchNonSeq(gv)
	skipSentNone(f)
	return errFramePushed
}

// enterGen is the common case of resuming the generator g (at gv) from
// the loop, for FOR_ITER (ret RetForIter) or SEND (RetSend) with send
// the value sent in: suspended at a yield with no saved exception state
// (or just created and sent None, enterCreated), and no recursion or
// step limit due at this push (fastPushDeclined).
// It pushes g's frame and reports true, or does nothing and reports
// false for forIterGen or resumeGen to take the general path. It is
// pushFrame, checkLimits and forIterGen's work in one call: a pipeline
// of generators resumes one per stage per item.
//
// Sent None, a frame paused in a yield from of a generator goes on down
// (delegateDown): its JUMP back to the SEND and the SEND's resume of the
// sub-generator are done here, and so on down a chain of yield froms,
// each frame left as those instructions would leave it.
func (vm *VM) enterGen(gv Value, g *heap.Generator, ret heap.RetKind, arg int32, send Value) bool {
	f := g.Frame
	if g.State != heap.GenSuspended || g.ExcSave.K != heap.KUndef || f.C == nil || vm.fastPushDeclined() {
		return g.State == heap.GenCreated && vm.enterCreated(gv, g, ret, arg, send)
	}
	vm.pushGen(gv, g, ret, arg)
	if send.K != heap.KNone {
		push(f, send)
		return true
	}
	instrs := f.C.Code.Instrs
	if pc := int(f.PC); pc < len(instrs) && instrs[pc].Op() == compile.POP_TOP {
		f.PC++ // skipSentNone
		return true
	}
	for {
		sub, sg, sendPC, ok := vm.delegateDown(f)
		if !ok {
			push(f, heap.None)
			return true
		}
		// f's JUMP (a quiet checkpoint, delegateDown made sure) and its
		// SEND of None, which pops the None the JUMP's path would push.
		vm.steps++
		f.PC = int32(sendPC + 1)
		vm.pushGen(sub, sg, heap.RetSend, int32(f.C.Code.Instrs[sendPC].Arg()))
		if f = sg.Frame; skipPopTop(f) {
			return true
		}
	}
}

// enterCreated is enterGen for a generator's first resume (every
// generator a pipeline, a generator expression or a yield from makes
// has one): resumeGen's just-started case, sent None, which pushes
// nothing, the frame starting at its first instruction.
func (vm *VM) enterCreated(gv Value, g *heap.Generator, ret heap.RetKind, arg int32, send Value) bool {
	if send.K != heap.KNone || g.ExcSave.K != heap.KUndef || g.Frame.C == nil || vm.fastPushDeclined() {
		return false
	}
	vm.pushGen(gv, g, ret, arg)
	return true
}

// pushGen puts the frame of the generator g (at gv), found resumable as
// enterGen requires, on the frame stack to deliver by ret and arg.
func (vm *VM) pushGen(gv Value, g *heap.Generator, ret heap.RetKind, arg int32) {
	f := g.Frame
	// The step pushFrame's checkLimits would count; fastPushDeclined
	// said it brings no limit due.
	vm.steps++
	vm.frames = append(vm.frames, f)
	f.Ret, f.RetArg = ret, arg
	f.Aux[1] = vm.handled
	g.State = heap.GenRunning
	vm.H.TouchNonSeq(gv)
}

// skipPopTop is skipSentNone when the None is dropped at once: f moves
// past the POP_TOP and skipPopTop reports true, or nothing happens.
func skipPopTop(f *heap.Frame) bool {
	instrs := f.C.Code.Instrs
	if pc := int(f.PC); pc < len(instrs) && instrs[pc].Op() == compile.POP_TOP {
		f.PC++
		return true
	}
	return false
}

// delegateDown reports whether the generator frame f, just resumed with
// None at its pc, is paused in a yield from of the generator sub (at
// sendPC its SEND) that its next two instructions, JUMP and SEND, would
// resume as enterGen does: the backward JUMP's checkpoint would be quiet
// (the loop would not call quietCheckpoint, nothing due to preempt) and
// the push after it is not declined.
func (vm *VM) delegateDown(f *heap.Frame) (sub Value, sg *heap.Generator, sendPC int, ok bool) {
	instrs := f.C.Code.Instrs
	pc := int(f.PC)
	if pc <= 0 || pc >= len(instrs) || f.SP < 1 || instrs[pc].Op() != compile.JUMP || instrs[pc-1].Op() != compile.YIELD_VALUE {
		return heap.Undef, nil, 0, false
	}
	sendPC = int(instrs[pc].Arg())
	if sendPC >= pc || instrs[sendPC].Op() != compile.SEND {
		return heap.Undef, nil, 0, false
	}
	sub = f.Slots[f.SP-1]
	sg, isGen := vm.refObj(sub).(*heap.Generator)
	if !isGen || sg.State != heap.GenSuspended || sg.ExcSave.K != heap.KUndef || sg.Frame.C == nil {
		return heap.Undef, nil, 0, false
	}
	if !vm.quietTurn() {
		return heap.Undef, nil, 0, false
	}
	return sub, sg, sendPC, true
}

// quietTurn reports whether a backward JUMP run now would find its
// checkpoint quiet (the loop would not call quietCheckpoint, or it
// reports nothing due), nothing due to preempt, and the push of a frame
// after it not declined: then delegateDown or forIterDown may run the
// JUMP and what follows without the loop. The step the JUMP counts is
// counted while it looks, as the loop counts it before its checks, and
// then uncounted for the caller to count; quietCheckpoint only caches
// the heap's churn it found quiet, as it would at the JUMP.
func (vm *VM) quietTurn() bool {
	vm.steps++
	quiet := (vm.steps&255 != 0 && vm.H.Churn == vm.quietChurn && vm.Limits.MaxMemory == 0 || vm.quietCheckpoint()) &&
		!vm.preemptDue && !vm.fastPushDeclined()
	vm.steps--
	return quiet
}

// yieldFast is yieldValue's common case: the generator frame f (on
// top, its PC past the YIELD_VALUE) yields v to a FOR_ITER or a SEND
// of its resumer with the handled-exception state it was resumed with.
// It suspends f and reports true, or does nothing and reports false.
//
// A SEND resumer is a yield from (or await) whose next instruction is
// its own YIELD_VALUE of v: yieldFast does that yield too, without
// loading the delegating frame into the loop, and so on up a chain of
// yield froms, each frame left exactly as its YIELD_VALUE would leave
// it. The first resumer that is not so simple takes the rest: the loop
// reloads and runs it, or (reported false with f replaced by the top
// frame, v still to yield) yieldValue delivers v to it.
func (vm *VM) yieldFast(f *heap.Frame, v Value) (top *heap.Frame, ok bool) {
	for {
		if (f.Ret != heap.RetForIter && f.Ret != heap.RetSend) || vm.handled != f.Aux[1] {
			return f, false
		}
		g, isGen := vm.H.Get(f.Gen).(*heap.Generator)
		if !isGen {
			return f, false
		}
		frames := vm.frames
		n := len(frames) - 1
		caller := frames[n-1]
		frames[n] = nil
		vm.frames = frames[:n]
		g.State = heap.GenSuspended
		// Value{} is heap.Undef, stored without loading the variable.
		g.ExcSave = Value{}
		f.Aux[1] = Value{}
		if len(f.Blocks) > 0 {
			vm.genScanClean = false // a generator may be abandoned inside a try
		}
		vm.H.TouchNonSeq(f.Gen)
		if f.Ret == heap.RetSend && caller.Gen.K == heap.KRef && caller.C != nil {
			// The SEND's frame yields v in turn when its next
			// instruction is the YIELD_VALUE that would pop v again.
			if pc := int(caller.PC); pc < len(caller.C.Code.Instrs) && caller.C.Code.Instrs[pc].Op() == compile.YIELD_VALUE {
				caller.PC++
				f = caller
				continue
			}
		}
		if f.Ret == heap.RetForIter {
			forIterItem(caller, v)
		} else {
			push(caller, v)
		}
		return caller, true
	}
}

// forIterItem gives the frame caller, resumed past its FOR_ITER, the item
// v a generator yielded to it. When the loop stores the item straight into
// a local (for x in gen: a STORE_FAST next in the persisted code, whose
// indices the quickened copy keeps), the store is done here and caller
// moves past it: one dispatch less per item of every for loop over a
// generator. STORE_FAST cannot fail, and the caller's frame is on the
// frame stack, where its slots need no Touch (a generator frame's are
// covered by the Touch of its generator when it suspends).
func forIterItem(caller *heap.Frame, v Value) {
	if caller.C != nil {
		instrs := caller.C.Code.Instrs
		if pc := int(caller.PC); pc < len(instrs) && instrs[pc].Op() == compile.STORE_FAST {
			caller.Slots[instrs[pc].Arg()] = v
			caller.PC++
			return
		}
	}
	push(caller, v)
}

// skipSentNone gives the generator frame f, resumed at a yield, the None
// it is sent: pushed, or when the next instruction (of the persisted
// code, whose indices the quickened copy keeps) is the POP_TOP that
// drops it, the frame moves past that POP_TOP.
func skipSentNone(f *heap.Frame) {
	instrs := f.C.Code.Instrs
	if pc := int(f.PC); pc < len(instrs) && instrs[pc].Op() == compile.POP_TOP {
		f.PC++
		return
	}
	push(f, heap.None)
}

// resumeRefused settles the generator g at gv whose frame pushFrame
// refused with err, and returns err. In CPython 3.11 the frame meets the
// recursion limit as it starts, so the generator gets the error and is
// finished; a fatal limit (deadline, memory) leaves it as it was.
func (vm *VM) resumeRefused(gv Value, g *heap.Generator, err error) error {
	if vm.ErrIs(err, TRecursionError) {
		g.State = heap.GenDone
		g.Frame = nil
		g.ExcSave = heap.Undef
		vm.H.Touch(gv)
	}
	return err
}

var errNoDelegate = &Fatal{Kind: "internal", Msg: "no yield from"}

// throwIntoYieldFrom forwards throw() into the sub-iterator a generator
// frame is delegating to with yield from/await, as CPython does: the
// sub-iterator gets the first chance to handle the exception. It returns
// errNoDelegate when f is not paused in a yield from (or the exception
// must be raised in f itself), errFramePushed when f's state now says
// what to do next, or an error to raise in f.
func (vm *VM) throwIntoYieldFrom(f *heap.Frame, throw error) error {
	pc := int(f.PC)
	end, ok := yieldFromEnd(f)
	if !ok {
		return errNoDelegate
	}
	yieldPC := int32(pc - 1)
	sub := top(f)
	exc, ok := throw.(*Exception)
	if !ok {
		return errNoDelegate
	}
	if vm.IsInstance(exc.Value, TGeneratorExit) {
		// Close the sub-iterator, then raise GeneratorExit here.
		m, err := vm.delegateMethod(sub, "close")
		if err != nil {
			return err
		}
		if _, err := vm.Call(m); err != nil {
			vm.pendingThrow = err
			return errFramePushed
		}
		return errNoDelegate
	}
	if g, isGen := vm.H.Get(sub).(*heap.Generator); isGen {
		if g.State != heap.GenSuspended {
			return errNoDelegate
		}
		f.PC = yieldPC
		err := vm.resumeGen(sub, heap.None, throw, heap.RetSend, end)
		if err != errFramePushed {
			f.PC = int32(pc)
		}
		if err == errExhausted {
			return errNoDelegate
		}
		if err != nil && err != errFramePushed {
			vm.pendingThrow = err
			return errFramePushed
		}
		return err
	}
	m, err := vm.delegateMethod(sub, "throw")
	if err != nil {
		return err
	}
	args := []Value{exc.Value}
	if exc.thrown != nil {
		args = exc.thrown
	}
	r, err := vm.Call(m, args...)
	if err != nil {
		if vm.ErrIs(err, TStopIteration) {
			e := err.(*Exception)
			v, _ := vm.excAttr(vm.H.Get(e.Value).(*heap.Instance), "value")
			pop(f)
			push(f, v)
			f.PC = end
			return errFramePushed
		}
		vm.pendingThrow = err
		return errFramePushed
	}
	push(f, r)
	f.PC = yieldPC
	return errFramePushed
}

// yieldFromEnd reports whether frame f is paused in a yield from (or
// await), with its sub-iterator on top of its stack, and where the
// delegation ends.
func yieldFromEnd(f *heap.Frame) (end int32, ok bool) {
	instrs := f.C.Code.Instrs
	pc := int(f.PC)
	if pc <= 0 || pc >= len(instrs) || f.SP < 1 {
		return 0, false
	}
	jmp := instrs[pc]
	if jmp.Op() != compile.JUMP || instrs[pc-1].Op() != compile.YIELD_VALUE {
		return 0, false
	}
	sendPC := int(jmp.Arg())
	if sendPC < 0 || sendPC >= len(instrs) || instrs[sendPC].Op() != compile.SEND {
		return 0, false
	}
	return int32(instrs[sendPC].Arg()), true
}

// throwsToObject reports whether generator gv is paused in a yield from
// whose sub-iterator is an object of the program's (not a generator),
// which throw() hands its arguments to as they are.
func (vm *VM) throwsToObject(gv Value) bool {
	g, ok := vm.refObj(gv).(*heap.Generator)
	if !ok || g.State != heap.GenSuspended || g.Frame == nil {
		return false
	}
	if _, ok := yieldFromEnd(g.Frame); !ok {
		return false
	}
	return vm.isUserInstance(top(g.Frame))
}

// delegateMethod looks up close or throw on the sub-iterator of a yield
// from: errNoDelegate when it has none (or is a builtin iterator),
// errFramePushed with the error pending when the lookup raised.
func (vm *VM) delegateMethod(sub Value, name string) (Value, error) {
	if _, isOpaque := vm.H.Get(sub).(*heap.Opaque); isOpaque {
		return heap.Undef, errNoDelegate
	}
	m, err := vm.GetAttr(sub, name)
	if err != nil {
		if vm.ErrIs(err, TAttributeError) {
			return heap.Undef, errNoDelegate
		}
		vm.pendingThrow = err
		return heap.Undef, errFramePushed
	}
	return m, nil
}

var errExhausted = &Fatal{Kind: "internal", Msg: "iterator exhausted"}

// yieldValue suspends the generator frame f, delivering v to its resumer.
func (vm *VM) yieldValue(f *heap.Frame, v Value) (bool, error) {
	if f.Ret == heap.RetDrive {
		// A builtin (sum, any, list ...) drains this generator: it
		// takes v here and the generator carries on, as if sent None,
		// with no switch of frames.
		cont, err := vm.driveYield(f, v)
		if cont {
			skipSentNone(f)
		}
		return false, err
	}
	vm.genSuspend(f)
	if f.Ret == heap.RetForIter {
		push(vm.frames[len(vm.frames)-1], v)
		return false, nil
	}
	if f.Ret == heap.RetNested {
		vm.genResult = v
		return true, nil
	}
	if f.Ret == heap.RetAsyncTask {
		return false, vm.taskYielded(f, v)
	}
	if f.Ret == heap.RetForIterWrap {
		return false, vm.wrapYield(vm.frames[len(vm.frames)-1], f, v)
	}
	push(vm.frames[len(vm.frames)-1], v)
	return false, nil
}

// genSuspend takes the generator frame f, which is on top, off the
// frame stack and marks its generator suspended.
func (vm *VM) genSuspend(f *heap.Frame) {
	vm.popFrame()
	g := vm.H.Get(f.Gen).(*heap.Generator)
	g.State = heap.GenSuspended
	if len(f.Blocks) > 0 {
		vm.genScanClean = false // a generator may be abandoned inside a try
	}
	if vm.handled != f.Aux[1] {
		g.ExcSave = vm.handled
	} else {
		g.ExcSave = heap.Undef
	}
	vm.handled = f.Aux[1]
	f.Aux[1] = heap.Undef
	vm.H.TouchNonSeq(f.Gen)
}
