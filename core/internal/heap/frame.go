package heap

// Frame is one activation of Python code: plain data made of values, so a
// paused program can be written out and resumed anywhere.
//
// Slots holds, in order, the fast locals, the cells (own cells, then free
// variables), and the operand stack; SP indexes the first free stack slot.
type Frame struct {
	Code    Value // CodeObj
	Func    Value // the Function being run, Undef for module code
	Globals Value // Dict
	Locals  Value // Dict for class bodies, Undef otherwise
	PC      int32
	SP      int32
	Slots   []Value
	Blocks  []Block

	// Ret says what the caller does with this frame's result, so that
	// builtins and operators that call back into Python need no Go stack.
	Ret    RetKind
	RetArg int32
	Aux    [3]Value

	Gen Value // the Generator that owns this frame, or Undef

	// C caches the CodeObj behind Code. Derived, not persisted.
	C *CodeObj
}

// Block is an entry of the frame's block stack: a handler to jump to when
// an exception unwinds through the protected range, and the stack depth to
// restore.
type Block struct {
	Handler int32
	Level   int32
}

// RetKind tells the VM how to deliver a frame's return (or yield) value to
// the frame below it.
type RetKind uint8

const (
	RetPush        RetKind = iota // push the value on the caller's stack
	RetNested                     // return to the Go caller of a nested run
	RetDiscard                    // drop the value
	RetInit                       // __init__: must be None; push Aux[0] (the new instance)
	RetForIter                    // generator feeding FOR_ITER: on return, jump to RetArg
	RetSend                       // generator delegated by SEND: on return, push and jump to RetArg
	RetNext                       // next()/send(): on return, raise StopIteration(value)
	RetBool                       // convert with __bool__ rules, push a bool
	RetNotBool                    // push not bool(value)
	RetBinOp                      // operator: if NotImplemented, try the reflected method (Aux)
	RetCompare                    // comparison: like RetBinOp, with reflected comparison
	RetContains                   // __contains__: push bool(value), inverted if RetArg
	RetIterCheck                  // __iter__: result must be an iterator
	RetLen                        // __len__: must be a non-negative int
	RetStr                        // __str__/__repr__: must be a str
	RetHostCall                   // result of a host call resumed later
	RetAsyncTask                  // top frame of an asyncio task
	RetExitWith                   // __exit__ on the normal path: drop the value
	RetExitWithExc                // __exit__ on the exception path: push bool
	RetSetItem                    // drop the value (for __setitem__/__delitem__/__set__)
	RetIndex                      // __index__: must be int
	RetHash                       // __hash__: must be int
	RetAwaitNext                  // await: like RetSend
	RetForIterWrap                // generator inside an enumerate or zip (Aux[0]) feeding FOR_ITER: wrap each value; on return, jump to RetArg
	RetDrive                      // generator drained by a builtin (RetArg: which; Aux[0]: its running result): each value is taken in place
	RetFilter                     // predicate of a filter feeding FOR_ITER, its item on the caller's stack: keep it if the value is true, else pop it and step again
	RetMapDrive                   // function of a map drained by a builtin (RetArg: which; Aux[0]: its running result; Aux[1]: the map): each value is taken, the next call pushed
)

// Refs visits every value the frame holds.
func (f *Frame) Refs(visit func(Value)) {
	visit(f.Code)
	visit(f.Func)
	visit(f.Globals)
	visit(f.Locals)
	visitAll(f.Slots[:f.SP], visit)
	for _, a := range f.Aux {
		visit(a)
	}
	visit(f.Gen)
}

// Size estimates the frame's footprint.
func (f *Frame) Size() int { return 160 + 16*len(f.Slots) + 8*len(f.Blocks) }

// TouchNonSeq marks the page of the object at v dirty: Touch for an
// object that is never a list or tuple (a generator, an iterator), for
// which Touch's sequence bookkeeping does nothing (a stale seqKnown entry
// for a reused handle is never taken for it: seqKnown keeps the object).
// Resuming a generator and stepping a for loop pay only the mark.
//
// It is the one mark without the base image's guard (checkWrite): the
// guard's call would keep it from being inlined into every step of a for
// loop. Generators and iterators of the base image are privatized with
// the rest before any code can reach them, and TestBaseImageReadOnly
// (package vm) checks the base image's bytes after every write path,
// these included.
func (h *Heap) TouchNonSeq(v Value) {
	if v.K == KRef {
		h.dirty[v.N>>PageShift] = true
	}
}
