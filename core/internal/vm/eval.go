package vm

import (
	"math"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// errFramePushed is returned by helpers that delivered their result by
// pushing a frame whose RetKind finishes the job.
var errFramePushed = &Fatal{Kind: "internal", Msg: "frame pushed"}

// Suspended is returned by Run when the program paused for the host.
type Suspended struct{ S *Suspension }

func (s *Suspended) Error() string { return "suspended: " + s.S.Kind.String() }

// loop runs instructions of the top frame until something changes the
// frame stack, an error occurs, or the base frame returns (done).
func (vm *VM) loop(base int) (Value, bool, error) {
	// Calls and returns switch frames without leaving the loop: they jump
	// back here to load the new top frame.
reload:
	f := vm.frames[len(vm.frames)-1]
	if e := vm.pendingThrow; e != nil {
		vm.pendingThrow = nil
		return heap.Undef, false, e
	}
	if vm.preemptDue && vm.nested == 0 {
		return heap.Undef, false, vm.preempt()
	}
	// The plain calls and returns that pushed or popped a frame without
	// running anything that could throw or preempt (enterReady) come in
	// here with f the new top frame.
enter:
	code := f.C.Code
	// The quickened copy of the code (compile.Quicken): same indices,
	// some instructions replaced by fused forms.
	qp := f.C.Quick
	if qp == nil {
		qp = code.Quickened()
		f.C.Quick = qp
	}
	instrs := *qp
	consts := f.C.Consts
	// Capped at its length: the capacity is then the same value, one
	// less for the loop to keep live.
	slots := f.Slots[:len(f.Slots):len(f.Slots)]
	depth := len(vm.frames)
	// The program counter and the stack pointer live in locals while the
	// instructions only touch the frame's slots. Anything else can observe
	// the frame (helpers push and pop on it, the collector scans it,
	// errors and suspensions record where it stopped), so before calling
	// out an instruction writes f.PC and f.SP back and re-reads them
	// after: the frequent ones do so in the fast switch below, the rest
	// in slowOp. Emptied slots get Value{} (heap.Undef) as a literal,
	// which stores zeros rather than load the variable.
	pc, sp := int(f.PC), int(f.SP)

	for {
		in := instrs[pc]
		pc++
		arg := in.Arg()
		switch in.Op() {
		case compile.NOP:
			continue

		case compile.LOAD_CONST:
			slots[sp] = consts[arg]
			sp++
			continue

		case compile.LOAD_FAST:
			v := slots[arg]
			if v.K == heap.KUndef {
				f.PC, f.SP = int32(pc), int32(sp)
				return heap.Undef, false, vm.unboundHere(f)
			}
			slots[sp] = v
			sp++
			continue

		case compile.STORE_FAST:
			sp--
			slots[arg] = slots[sp]
			slots[sp] = Value{}
			continue

		case compile.POP_TOP:
			sp--
			slots[sp] = Value{}
			continue

		case compile.COPY:
			slots[sp] = slots[sp-arg]
			sp++
			continue

		case compile.SWAP:
			slots[sp-1], slots[sp-arg] = slots[sp-arg], slots[sp-1]
			continue

		case compile.COPY__COPY__BINARY_SUBSCR:
			// [c, k] -> [c, k, c[k]]: inline for an exact list or tuple
			// and an index in range, else by the generic subscript
			// (dicts, d[k] += 1), as BINARY_SUBSCR would after the two
			// copies.
			c, k := slots[sp-2], slots[sp-1]
			f.PC, f.SP = int32(pc+2), int32(sp)
			if c.K == heap.KRef && k.K == heap.KInt {
				if v, ok := vm.seqItemFast(c, k.I()); ok {
					pc, sp = int(f.PC), int(f.SP)
					slots[sp] = v
					sp++
					continue
				}
			}
			if err := vm.opGetItem(f, c, k); err != nil {
				return opResult(err)
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.BUILD_TUPLE__UNPACK_SEQUENCE:
			// a, b = b, a: the tuple BUILD_TUPLE would make is only
			// unpacked, which leaves its items reversed on the stack.
			// While the module base is built (vm.rec) it allocates the
			// tuple as the two instructions do, so the base image does
			// not depend on this.
			if vm.rec != nil {
				f.PC, f.SP = int32(pc), int32(sp)
				vm.buildTuple(f, arg)
				pc, sp = int(f.PC), int(f.SP)
				continue
			}
			if arg == 2 || arg == 3 {
				// a, b = b, a and a, b, c = c, b, a: the middle item
				// stays, without reverseValues' call (pc and sp would
				// be live across it).
				slots[sp-1], slots[sp-arg] = slots[sp-arg], slots[sp-1]
				pc++
				continue
			}
			f.PC, f.SP = int32(pc+1), int32(sp)
			reverseValues(slots[sp-arg : sp])
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.UNPACK_SEQUENCE__STORE_FAST:
			// An exact tuple or list of the right length goes straight
			// into the locals the arg STORE_FASTs after this name, in
			// their order; anything else unpacks as UNPACK_SEQUENCE.
			f.PC, f.SP = int32(pc), int32(sp)
			if items, ok := vm.unpackItems(slots[sp-1], arg); ok {
				// arg items, one for each STORE_FAST.
				pc, sp = int(f.PC), int(f.SP)
				sp--
				slots[sp] = Value{}
				for _, v := range items {
					slots[instrs[pc].Arg()] = v
					pc++
				}
				continue
			}
			goto slow // as UNPACK_SEQUENCE (slowInstr)

		case compile.UNPACK_SEQUENCE__TREE:
			// for (a, b), [c, d] in pairs: see unpackTree. Where it
			// stopped, the instructions run one by one.
			f.PC, f.SP = int32(pc), int32(sp)
			if npc, nsp := vm.unpackTree(slots, code.Instrs, int32(pc-1), int32(sp)); npc != f.PC-1 {
				pc, sp = int(npc), int(nsp)
				continue
			}
			goto slow // as UNPACK_SEQUENCE (slowInstr)

		case compile.SWAP__SWAP__STORE_SUBSCR:
			// [c, k, v] -> [] with c[k] = v: inline for an exact list
			// and an index in range, else by the generic store, as
			// STORE_SUBSCR would after the two swaps.
			c, k, v := slots[sp-3], slots[sp-2], slots[sp-1]
			sp -= 3
			slots[sp], slots[sp+1], slots[sp+2] = Value{}, Value{}, Value{}
			f.PC, f.SP = int32(pc+2), int32(sp)
			if c.K == heap.KRef && k.K == heap.KInt && vm.listStoreFast(c, k.I(), v) {
				pc, sp = int(f.PC), int(f.SP)
				continue
			}
			if err := vm.opSetItem(f, c, k, v); err != nil {
				return opResult(err)
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.PUSH_NULL:
			slots[sp] = Value{}
			sp++
			continue

		case compile.CONTAINS_OP:
			// x in s for strs, k in d for an exact dict and an int or
			// exact str key.
			// not in is arg 1, read again after the call.
			item, container := slots[sp-2], slots[sp-1]
			sp -= 2
			slots[sp], slots[sp+1] = Value{}, Value{}
			f.PC, f.SP = int32(pc), int32(sp)
			if r, ok := vm.containsFast(item, container); ok {
				pc, sp = int(f.PC), int(f.SP)
				slots[sp] = heap.Bool(r != (instrs[pc-1].Arg() == 1))
				sp++
				continue
			}
			// Then straight to opContains (not through slowOp), which
			// answers exact sets, lists and tuples itself.
			if err := vm.opContains(f, item, container, instrs[f.PC-1].Arg() == 1); err != nil {
				return opResult(err)
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.IS_OP:
			sp--
			b := slots[sp]
			slots[sp] = Value{}
			slots[sp-1] = heap.Bool((slots[sp-1] == b) != (arg == 1))
			continue

		case compile.LOAD_FAST__LOAD_FAST:
			v := slots[arg]
			if v.K == heap.KUndef {
				f.PC, f.SP = int32(pc), int32(sp)
				return heap.Undef, false, vm.unboundHere(f)
			}
			slots[sp] = v
			sp++
			// An unbound second local raises from its own instruction.
			if w := slots[instrs[pc].Arg()]; w.K != heap.KUndef {
				slots[sp] = w
				sp++
				pc++
			}
			continue

		case compile.LOAD_FAST__LOAD_CONST:
			v := slots[arg]
			if v.K == heap.KUndef {
				f.PC, f.SP = int32(pc), int32(sp)
				return heap.Undef, false, vm.unboundHere(f)
			}
			slots[sp] = v
			slots[sp+1] = consts[instrs[pc].Arg()]
			sp += 2
			pc++
			continue

		case compile.LOAD_FAST__LOAD_CONST__COMPARE_OP, compile.LOAD_FAST__LOAD_FAST__COMPARE_OP:
			// if a < b: with a a local, b the next instruction's
			// constant or local, both ints or both floats: compare
			// and jump as the fused COMPARE_OP two ahead would.
			// Otherwise only the LOAD_FAST runs; the rest follows.
			a := slots[arg]
			var b Value
			if opIs(in, compile.LOAD_FAST__LOAD_CONST__COMPARE_OP) {
				b = consts[instrs[pc].Arg()]
			} else {
				b = slots[instrs[pc].Arg()]
			}
			if a.K == b.K && (a.K == heap.KInt || a.K == heap.KFloat) {
				// Compared inline (cmpTrue), without cmpOrdered's call.
				c := instrs[pc+1].Arg()
				var o uint8
				if a.K == heap.KInt {
					o = intOrder(a.I(), b.I())
				} else {
					o = floatOrder(a.F(), b.F())
				}
				if (cmpTrue[c&(compile.QuickJumpIfTrue-1)]&o != 0) == (c&compile.QuickJumpIfTrue != 0) {
					pc = instrs[pc+2].Arg()
				} else {
					pc += 3
				}
				continue
			}
			if a.K == heap.KRef && b.K == heap.KRef {
				// Two exact strs (if cmd == "stop":) likewise. Only
				// the LOAD_FAST runs when they are not.
				c := instrs[pc+1].Arg()
				f.PC, f.SP = int32(pc), int32(sp)
				t, ok := vm.strCmpFast(c&(compile.QuickJumpIfTrue-1), a, b)
				pc, sp = int(f.PC), int(f.SP)
				if !ok {
					slots[sp] = a
					sp++
				} else if t == (c&compile.QuickJumpIfTrue != 0) {
					pc = instrs[pc+2].Arg()
				} else {
					pc += 3
				}
				continue
			}
			if a.K == heap.KUndef {
				f.PC, f.SP = int32(pc), int32(sp)
				return heap.Undef, false, vm.unboundHere(f)
			}
			slots[sp] = a
			sp++
			continue

		case compile.STORE_FAST__LOAD_FAST:
			sp--
			slots[arg] = slots[sp]
			if w := slots[instrs[pc].Arg()]; w.K != heap.KUndef {
				slots[sp] = w
				sp++
				pc++
				continue
			}
			slots[sp] = Value{}
			continue

		case compile.LOAD_CONST__BINARY_OP, compile.LOAD_FAST__BINARY_OP:
			// [a] -> [a op b] where b is the constant or the local.
			var b Value
			if opIs(in, compile.LOAD_CONST__BINARY_OP) {
				b = consts[arg]
			} else if b = slots[arg]; b.K == heap.KUndef {
				f.PC, f.SP = int32(pc), int32(sp)
				return heap.Undef, false, vm.unboundHere(f)
			}
			a := slots[sp-1]
			if a.K == heap.KInt && b.K == heap.KInt {
				// + and - written out: intFast is too big to
				// inline.
				x, y := a.I(), b.I()
				switch op := instrs[pc].Arg() & 15; op {
				case compile.BinAdd:
					if r := x + y; (r > x) == (y > 0) {
						slots[sp-1] = heap.Int(r)
						pc++
						continue
					}
				case compile.BinSub:
					if r := x - y; (r < x) == (y > 0) {
						slots[sp-1] = heap.Int(r)
						pc++
						continue
					}
				default:
					f.PC, f.SP = int32(pc), int32(sp)
					r, ok := intFast(op, x, y)
					pc, sp = int(f.PC), int(f.SP)
					if ok {
						slots[sp-1] = r
						pc++
						continue
					}
				}
			} else if a.K == heap.KFloat && b.K == heap.KFloat {
				// + - * inline (floatSimple's), the rest called.
				x, y := a.F(), b.F()
				var r Value
				switch op := instrs[pc].Arg() & 15; op {
				case compile.BinAdd:
					r = heap.Float(x + y)
				case compile.BinSub:
					r = heap.Float(x - y)
				case compile.BinMul:
					r = heap.Float(x * y)
				default:
					f.PC, f.SP = int32(pc), int32(sp)
					var ok bool
					r, ok = floatFast(op, x, y)
					pc, sp = int(f.PC), int(f.SP)
					if !ok {
						slots[sp] = b
						sp++
						continue
					}
				}
				slots[sp-1] = r
				pc++
				continue
			}
			// The operation runs as its own instruction, on the
			// generic path.
			slots[sp] = b
			sp++
			continue

		case compile.LOAD_FAST__LOAD_CONST__BINARY_OP, compile.LOAD_FAST__LOAD_FAST__BINARY_OP:
			// [] -> [a op b], a a local, b the next instruction's
			// constant or local. Without a fast result only the
			// LOAD_FAST runs; the pair after it takes over.
			a := slots[arg]
			var b Value
			if opIs(in, compile.LOAD_FAST__LOAD_CONST__BINARY_OP) {
				b = consts[instrs[pc].Arg()]
			} else {
				b = slots[instrs[pc].Arg()]
			}
			if a.K == heap.KInt && b.K == heap.KInt {
				x, y := a.I(), b.I()
				var r Value
				switch op := instrs[pc+1].Arg() & 15; op {
				case compile.BinAdd:
					s := x + y
					if (s > x) != (y > 0) {
						goto loadFastOnly
					}
					r = heap.Int(s)
				case compile.BinSub:
					s := x - y
					if (s < x) != (y > 0) {
						goto loadFastOnly
					}
					r = heap.Int(s)
				default:
					// The miss pushes a itself: the unbound check
					// below would keep arg live across the call.
					f.PC, f.SP = int32(pc), int32(sp)
					var ok bool
					r, ok = intFast(op, x, y)
					pc, sp = int(f.PC), int(f.SP)
					if !ok {
						slots[sp] = a
						sp++
						continue
					}
				}
				slots[sp] = r
				sp++
				pc += 2
				continue
			} else if a.K == heap.KFloat && b.K == heap.KFloat {
				// + - * inline (floatSimple's), the rest called.
				x, y := a.F(), b.F()
				var r Value
				switch op := instrs[pc+1].Arg() & 15; op {
				case compile.BinAdd:
					r = heap.Float(x + y)
				case compile.BinSub:
					r = heap.Float(x - y)
				case compile.BinMul:
					r = heap.Float(x * y)
				default:
					f.PC, f.SP = int32(pc), int32(sp)
					var ok bool
					r, ok = floatFast(op, x, y)
					pc, sp = int(f.PC), int(f.SP)
					if !ok {
						slots[sp] = a
						sp++
						continue
					}
				}
				slots[sp] = r
				sp++
				pc += 2
				continue
			}
		loadFastOnly:
			if a.K == heap.KUndef {

				f.PC, f.SP = int32(pc), int32(sp)
				return heap.Undef, false, vm.unboundHere(f)
			}
			slots[sp] = a
			sp++
			continue

		case compile.BINARY_OP, compile.BINARY_OP__STORE_FAST:
			b := slots[sp-1]
			a := slots[sp-2]
			var r Value
			ok := false
			// Whatever calls out writes the frame back first and reads
			// it after; so do pc, sp and the instruction below.
			if a.K == heap.KInt && b.K == heap.KInt {
				x, y := a.I(), b.I()
				switch op := arg & 15; op {
				case compile.BinAdd:
					if s := x + y; (s > x) == (y > 0) {
						r, ok = heap.Int(s), true
					}
				case compile.BinSub:
					if s := x - y; (s < x) == (y > 0) {
						r, ok = heap.Int(s), true
					}
				default:
					f.PC, f.SP = int32(pc), int32(sp)
					r, ok = intFast(op, x, y)
					pc, sp = int(f.PC), int(f.SP)
				}
			} else if a.K == heap.KFloat && b.K == heap.KFloat {
				// + - * inline (floatSimple's), the rest called.
				x, y := a.F(), b.F()
				switch op := arg & 15; op {
				case compile.BinAdd:
					r, ok = heap.Float(x+y), true
				case compile.BinSub:
					r, ok = heap.Float(x-y), true
				case compile.BinMul:
					r, ok = heap.Float(x*y), true
				default:
					f.PC, f.SP = int32(pc), int32(sp)
					r, ok = floatFast(op, x, y)
					pc, sp = int(f.PC), int(f.SP)
				}
			} else {
				f.PC, f.SP = int32(pc), int32(sp)
				if a.K == heap.KRef && b.K == heap.KRef {
					r, ok = vm.strAddFast(arg, a, b)
				} else if arg&15 == compile.BinMul {
					r, ok = vm.strMulFast(a, b)
				}
				pc, sp = int(f.PC), int(f.SP)
			}
			in := instrs[pc-1]
			if !ok {
				// The generic operation, here rather than in slowOp:
				// big ints, strings and the like come this way often.
				// The fused form's STORE_FAST runs next on its own.
				sp -= 2
				slots[sp], slots[sp+1] = Value{}, Value{}
				f.PC, f.SP = int32(pc), int32(sp)
				if err := vm.opBinary(f, in.Arg(), a, b); err != nil {
					return opResult(err)
				}
				pc, sp = int(f.PC), int(f.SP)
				continue
			}
			sp--
			slots[sp] = Value{}
			if in.Op() == compile.BINARY_OP__STORE_FAST {
				sp--
				slots[instrs[pc].Arg()] = r
				slots[sp] = Value{}
				pc++
				continue
			}
			slots[sp-1] = r
			continue

		case compile.COMPARE_OP, compile.COMPARE_OP__POP_JUMP:
			b, a := slots[sp-1], slots[sp-2]
			cmp := arg & (compile.QuickJumpIfTrue - 1)
			var t bool
			if a.K == heap.KInt && b.K == heap.KInt {
				t = cmpTrue[cmp]&intOrder(a.I(), b.I()) != 0
			} else if a.K == heap.KFloat && b.K == heap.KFloat {
				t = cmpTrue[cmp]&floatOrder(a.F(), b.F()) != 0
			} else {
				// Strs, else the generic comparison (mixed kinds,
				// dunders), here rather than in slowOp as it is
				// frequent. The fused form's jump runs next on its own.
				// The frame is written back before either call and the
				// instruction read again after it.
				sp -= 2
				slots[sp], slots[sp+1] = Value{}, Value{}
				f.PC, f.SP = int32(pc), int32(sp)
				r, ok := vm.strCmpFast(cmp, a, b)
				if !ok {
					if err := vm.opCompare(f, cmp, a, b); err != nil {
						return opResult(err)
					}
					pc, sp = int(f.PC), int(f.SP)
					continue
				}
				pc, sp = int(f.PC), int(f.SP)
				if in := instrs[pc-1]; in.Op() == compile.COMPARE_OP {
					slots[sp] = heap.Bool(r)
					sp++
				} else if r == (in.Arg()&compile.QuickJumpIfTrue != 0) {
					pc = instrs[pc].Arg()
				} else {
					pc++
				}
				continue
			}

			if opIs(in, compile.COMPARE_OP) {
				sp--
				slots[sp] = Value{}
				slots[sp-1] = heap.Bool(t)
				continue
			}
			// The jump's sense read again after the operands' stores
			// (arg is not kept this far).
			sp -= 2
			slots[sp], slots[sp+1] = Value{}, Value{}
			if t == (instrs[pc-1].Arg()&compile.QuickJumpIfTrue != 0) {
				pc = instrs[pc].Arg()
			} else {
				pc++
			}
			continue

		case compile.LOAD_DEREF:
			c, ok := vm.H.Get(slots[len(code.Varnames)+arg]).(*heap.Cell)
			if !ok || c.V.K == heap.KUndef {
				f.PC, f.SP = int32(pc), int32(sp)
				goto slow
			}
			slots[sp] = c.V
			sp++
			continue

		case compile.KW_NAMES:
			f.Aux[2] = consts[arg]
			continue

		case compile.UNARY_NOT:
			v := slots[sp-1]
			switch v.K {
			case heap.KBool, heap.KInt:
				slots[sp-1] = heap.Bool(v.N == 0)
			case heap.KNone:
				slots[sp-1] = heap.True
			default:
				f.PC, f.SP = int32(pc), int32(sp)
				goto slow
			}
			continue

		case compile.JUMP_IF_FALSE_OR_POP, compile.JUMP_IF_TRUE_OR_POP:
			v := slots[sp-1]
			var t bool
			switch v.K {
			case heap.KBool, heap.KInt:
				t = v.N != 0
			case heap.KNone:
			default:
				f.PC, f.SP = int32(pc), int32(sp)
				goto slow
			}
			if t == (opIs(in, compile.JUMP_IF_TRUE_OR_POP)) {
				pc = arg
			} else {
				sp--
				slots[sp] = Value{}
			}
			continue

		case compile.UNPACK_SEQUENCE:
			// An exact tuple or list of the right length; anything else
			// (iterables, subclasses, wrong lengths) takes unpackN.
			v := slots[sp-1]
			if v.K != heap.KRef {
				f.PC, f.SP = int32(pc), int32(sp)
				goto slow
			}
			var items []Value
			switch o := vm.H.Get(v).(type) {
			case *heap.Tuple:
				items = o.Items
			case *heap.List:
				items = o.Items
			}
			if len(items) != arg || arg == 0 {
				f.PC, f.SP = int32(pc), int32(sp)
				goto slow
			}
			sp--
			for i := arg - 1; i >= 0; i-- {
				slots[sp] = items[i]
				sp++
			}
			continue

		// The most frequent instructions that run helpers: they write
		// the frame back and re-read it here rather than take the
		// second dispatch below.
		case compile.LOAD_GLOBAL:
			// The site's hit (see loadGlobalSite), in the globals dict it
			// saw: a name of the module's own is the value the site read
			// while the dict is unchanged, else read again at its entry
			// while the keys are; a builtin is read at the builtins dict's
			// entry while both dicts' keys are unchanged. Storing globals
			// so keeps every site's hits.
			if co := f.C; co.SiteIdx != nil {
				s := &co.Sites[co.SiteIdx[pc-1]]
				if g, _ := vm.H.Get(f.Globals).(*heap.Dict); g == s.GDict && g != nil && s.GEpoch == vm.epoch {
					if s.GOwn {
						if g.Ver == s.GVer {
							slots[sp] = s.Global
							sp++
							continue
						}
						if j := uint(s.GIdx); g.Keys == s.GKeys && j < uint(len(g.Entries)) {
							slots[sp] = g.Entries[j].Val
							sp++
							continue
						}
					} else if b, _ := vm.H.Get(vm.Builtins).(*heap.Dict); b == s.BDict && b != nil && g.Keys == s.GKeys && b.Keys == s.BKeys {
						if j := uint(s.BIdx); j < uint(len(b.Entries)) {
							slots[sp] = b.Entries[j].Val
							sp++
							continue
						}
					}
				}
			}
			f.PC, f.SP = int32(pc), int32(sp)
			v, err := vm.loadGlobalSite(f, instrs[f.PC-1].Arg())
			if err != nil {
				return heap.Undef, false, err
			}
			pc, sp = int(f.PC), int(f.SP)
			slots[sp] = v
			sp++
			continue

		case compile.STORE_GLOBAL:
			f.PC, f.SP = int32(pc), int32(sp)
			if vm.storeGlobalHit(f.C, int32(pc-1), f, slots[sp-1]) {
				pc, sp = int(f.PC), int(f.SP)-1
				slots[sp] = Value{}
				continue
			}
			goto slow

		case compile.LOAD_ATTR, compile.LOAD_METHOD:
			var prop Value // a property whose getter to call (instAttrHit)
			f.PC, f.SP = int32(pc), int32(sp)
			if opIs(in, compile.LOAD_ATTR) {
				v, ok := vm.instAttrHit(f.C, int32(pc-1), slots[sp-1])
				if ok {
					pc, sp = int(f.PC), int(f.SP)
					slots[sp-1] = v
					continue
				}
				if v.K == heap.KRef {
					// A property: its getter's frame, entered at once.
					if vm.getterFrame(slots[f.SP-1], v) {
						// f.PC and f.SP were written back above:
						// nothing of the dispatch lives across the call.
						f.SP--
						slots[f.SP] = Value{}
						goto reload
					}
				}
				prop = v
			} else if m, ok := vm.methodHit(f.C, int32(pc-1), slots[sp-1], arg); ok {
				pc, sp = int(f.PC), int(f.SP)
				slots[sp] = slots[sp-1]
				slots[sp-1] = m
				sp++
				continue
			}
			in := instrs[f.PC-1]
			name := consts[len(code.Consts)+in.Arg()]
			sp = int(f.SP) - 1
			obj := slots[sp]
			slots[sp] = Value{}
			f.SP = int32(sp)
			var err error
			if in.Op() == compile.LOAD_ATTR {
				err = vm.loadAttrMiss(f, obj, name, prop)
			} else {
				err = vm.opLoadMethod(f, obj, name)
			}
			if err != nil {
				if err == errFramePushed {
					goto reload // a frame was pushed (a property getter)
				}
				return heap.Undef, false, err
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.LOAD_FAST__LOAD_ATTR:
			// obj.name and obj.method(...) of a local: the attribute
			// load's helper runs with the frame's pc past the LOAD_ATTR
			// or LOAD_METHOD, as if that instruction ran alone.
			// An unbound local (Undef) is no instance, so the hits miss
			// it: it is raised on the way to the helpers.
			obj := slots[arg]
			next := instrs[pc]
			var prop Value // a property whose getter to call (instAttrHit)
			f.PC, f.SP = int32(pc), int32(sp)
			if next.Op() == compile.LOAD_ATTR {
				v, ok := vm.instAttrHit(f.C, int32(pc), obj)
				if ok {
					pc, sp = int(f.PC), int(f.SP)
					slots[sp] = v
					sp++
					pc++
					continue
				}
				if v.K == heap.KRef {
					// A property: its getter's frame, entered at once.
					if vm.getterFrame(obj, v) {
						f.PC++ // past the LOAD_ATTR
						goto reload
					}
				}
				prop = v
			} else if m, ok := vm.methodHit(f.C, int32(pc), obj, next.Arg()); ok {
				pc, sp = int(f.PC), int(f.SP)
				s := slots[sp : sp+2]
				s[0], s[1] = m, obj
				sp += 2
				pc++
				continue
			}
			if obj.K == heap.KUndef {
				return heap.Undef, false, vm.unboundHere(f)
			}
			name := consts[len(code.Consts)+next.Arg()]
			f.PC++
			var err error
			if next.Op() == compile.LOAD_ATTR {
				err = vm.loadAttrMiss(f, obj, name, prop)
			} else {
				err = vm.opLoadMethod(f, obj, name)
			}
			if err != nil {
				if err == errFramePushed {
					goto reload // a frame was pushed (a property getter)
				}
				return heap.Undef, false, err
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.PUSH_NULL__LOAD_GLOBAL:
			slots[sp] = Value{}
			sp++
			pc++
			// As LOAD_GLOBAL, at the LOAD_GLOBAL's own site.
			if co := f.C; co.SiteIdx != nil {
				s := &co.Sites[co.SiteIdx[pc-1]]
				if g, _ := vm.H.Get(f.Globals).(*heap.Dict); g == s.GDict && g != nil && s.GEpoch == vm.epoch {
					if s.GOwn {
						if g.Ver == s.GVer {
							slots[sp] = s.Global
							sp++
							continue
						}
						if j := uint(s.GIdx); g.Keys == s.GKeys && j < uint(len(g.Entries)) {
							slots[sp] = g.Entries[j].Val
							sp++
							continue
						}
					} else if b, _ := vm.H.Get(vm.Builtins).(*heap.Dict); b == s.BDict && b != nil && g.Keys == s.GKeys && b.Keys == s.BKeys {
						if j := uint(s.BIdx); j < uint(len(b.Entries)) {
							slots[sp] = b.Entries[j].Val
							sp++
							continue
						}
					}
				}
			}
			f.PC, f.SP = int32(pc), int32(sp)
			v, err := vm.loadGlobalSite(f, instrs[f.PC-1].Arg())
			if err != nil {
				return heap.Undef, false, err
			}
			pc, sp = int(f.PC), int(f.SP)
			slots[sp] = v
			sp++
			continue

		case compile.LOAD_FAST__STORE_ATTR:
			// self.x = v: STORE_ATTR with the object a local, not
			// pushed; an unbound local raises from the LOAD_FAST.
			// An unbound local (Undef) is no instance, so the hit misses
			// it: it is raised on the way to opStoreAttr, from the
			// LOAD_FAST's state.
			obj := slots[arg]
			narg, v := instrs[pc].Arg(), slots[sp-1]
			f.PC, f.SP = int32(pc), int32(sp)
			if vm.storeAttrHit(f.C, int32(pc), obj, narg, v) {
				pc, sp = int(f.PC)+1, int(f.SP)-1
				slots[sp] = Value{}
				continue
			}
			if obj.K == heap.KUndef {
				return heap.Undef, false, vm.unboundHere(f)
			}
			sp = int(f.SP) - 1
			slots[sp] = Value{}
			f.PC, f.SP = f.PC+1, int32(sp)
			if err := vm.opStoreAttr(f, obj, consts[len(code.Consts)+narg], v); err != nil {
				return opResult(err)
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.STORE_ATTR:
			obj, v := slots[sp-1], slots[sp-2]
			sp -= 2
			slots[sp], slots[sp+1] = Value{}, Value{}
			f.PC, f.SP = int32(pc), int32(sp)
			if vm.storeAttrHit(f.C, int32(pc-1), obj, arg, v) {
				pc, sp = int(f.PC), int(f.SP)
				continue
			}
			if err := vm.opStoreAttr(f, obj, consts[len(code.Consts)+instrs[f.PC-1].Arg()], v); err != nil {
				return opResult(err)
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.KW_NAMES__CALL:
			// The CALL after it with the names tuple KW_NAMES would
			// have left in Aux[2].
			// pushKw knows the call site by the constant's address.
			kwp := &consts[arg]
			arg = instrs[pc].Arg()
			pc++
			f.PC, f.SP = int32(pc), int32(sp)
			nf, done, err := vm.pushKw(f, arg, kwp)
			if nf != nil {
				f = nf
				goto enter
			}
			if !done {
				err = vm.opCall(f, arg, *kwp)
			}
			if err != nil {
				if err == errFramePushed {
					goto reload
				}
				return heap.Undef, false, err
			}
			if len(vm.frames) != depth {
				goto reload
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.LOAD_FAST__CALL:
			// The call's last argument, then the CALL, which has no
			// keywords.
			v := slots[arg]
			if v.K == heap.KUndef {
				f.PC, f.SP = int32(pc), int32(sp)
				return heap.Undef, false, vm.unboundHere(f)
			}
			slots[sp] = v
			sp++
			arg = instrs[pc].Arg()
			pc++
			f.PC, f.SP = int32(pc), int32(sp)
			nf, done, err := vm.pushSimple(f, arg)
			if nf != nil {
				f = nf
				goto enter
			}
			if !done {
				err = vm.opCall(f, arg, heap.Undef)
			}
			if err != nil {
				if err == errFramePushed {
					goto reload
				}
				return heap.Undef, false, err
			}
			if len(vm.frames) != depth {
				goto reload
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.CALL:
			// Aux[2] holds the keyword names KW_NAMES gave this call, or
			// nothing (Undef).
			kw := f.Aux[2]
			f.PC, f.SP = int32(pc), int32(sp)
			var done bool
			var err error
			if kw.K != heap.KRef {
				var nf *heap.Frame
				if nf, done, err = vm.pushSimple(f, arg); nf != nil {
					f = nf
					goto enter
				}
			} else {
				f.Aux[2] = heap.Undef
				done, err = vm.callKw(f, arg, kw)
			}
			if !done {
				// The CALL's arg read again: the dispatch's is not kept
				// across the calls above.
				err = vm.opCall(f, instrs[f.PC-1].Arg(), kw)
			}
			if err != nil {
				if err == errFramePushed {
					goto reload
				}
				return heap.Undef, false, err
			}
			if len(vm.frames) != depth {
				goto reload
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.RETURN_VALUE, compile.LOAD_FAST__RETURN_VALUE, compile.LOAD_CONST__RETURN_VALUE:

			var v Value
			switch {
			case opIs(in, compile.RETURN_VALUE):
				sp--
				v = slots[sp]
				slots[sp] = Value{}
			case opIs(in, compile.LOAD_FAST__RETURN_VALUE):
				if v = slots[arg]; v.K == heap.KUndef {
					f.PC, f.SP = int32(pc), int32(sp)
					return heap.Undef, false, vm.unboundHere(f)
				}
				pc++ // past the RETURN_VALUE, as if it ran
			default:
				v = consts[arg]
				pc++
			}
			if n := len(vm.frames) - 1; n > base && (f.Ret == heap.RetPush || f.Ret == heap.RetForIter) && f.Gen.K != heap.KRef {
				// The most frequent returns, of a plain call and of a
				// function that map or __next__ called for FOR_ITER:
				// returnFrom's push without the call.
				// The popped entry is left as it is (popFrame clears it):
				// nothing reads the frame stack past its length, and the
				// next push overwrites it.
				vm.frames = vm.frames[:n]
				if k := len(vm.framePool); k < cap(vm.framePool) && k < 256 {
					// releaseFrame, written out (the loop inlines
					// nothing of its size) for a pool with room.
					for i := range slots[:sp] {
						slots[i] = Value{}
					}
					f.PC, f.Ret, f.RetArg = 0, heap.RetPush, 0
					f.Aux = [3]Value{}
					f.Locals = Value{}
					if len(f.Blocks) > 0 {
						f.Blocks = f.Blocks[:0]
					}
					vm.framePool = vm.framePool[:k+1]
					vm.framePool[k] = f
				} else {
					f.PC, f.SP = int32(pc), int32(sp)
					vm.releaseFrame(f)
				}
				f = vm.frames[n-1]
				f.Slots[f.SP] = v
				f.SP++
				if vm.enterReady() {
					goto enter
				}
				goto reload
			}
			if done, err := vm.returnFrom(f, v, base); done || err != nil {
				return v, done, err
			}
			goto reload

		case compile.JUMP, compile.JUMP__FOR_ITER:
			if arg < pc {
				// A backward jump is where the loop checks limits and
				// may pause. Its step is counted here; the checkpoint
				// has nothing to do, and is not called, while the step
				// is not a 256th one and the heap has not allocated
				// since the last quiet checkpoint without a memory limit
				// (see quietCheckpoint).
				vm.steps++
				if vm.steps&255 == 0 || vm.H.Churn != vm.quietChurn || vm.Limits.MaxMemory != 0 {
					f.PC, f.SP = int32(pc), int32(sp)
					if !vm.quietCheckpoint() {
						if err := vm.Checkpoint(); err != nil {
							return heap.Undef, false, err
						}
					}
					// The jump read again, as nothing of the dispatch
					// is kept across the calls.
					pc, sp = int(f.PC), int(f.SP)
					arg = instrs[pc-1].Arg()
				}
				if vm.preemptDue && vm.nested == 0 {
					f.PC, f.SP = int32(arg), int32(sp)
					return heap.Undef, false, vm.preempt()
				}
			}
			pc = arg
			if t := instrs[pc]; t.Op() == compile.FOR_ITER || t.Op() == compile.FOR_ITER__STORE_FAST {
				// JUMP__FOR_ITER (the quickener fuses every jump to a
				// FOR_ITER; the target is tested rather than in, which
				// is not kept past the checkpoint's calls): the loop's
				// next turn, the FOR_ITER at the target, runs now, as if
				// dispatched (frames and errors see it alone).
				pc++
				arg = t.Arg()
				goto forIter
			}
			continue

		case compile.POP_JUMP_IF_FALSE, compile.POP_JUMP_IF_TRUE:
			// f.SP is written first: where the slow path leaves, sp is
			// not in a register, and reloading it there would make
			// every dispatch store it.
			f.SP = int32(sp)
			k := slots[sp-1].K
			if k != heap.KBool && k != heap.KInt && k != heap.KNone {
				f.PC = int32(pc)
				goto slow
			}
			t := k != heap.KNone && slots[sp-1].N != 0
			sp--
			slots[sp] = Value{}
			if t == opIs(in, compile.POP_JUMP_IF_TRUE) {
				pc = arg
			}
			continue

		case compile.POP_JUMP_IF_NONE:
			sp--
			if slots[sp].K == heap.KNone {
				pc = arg
			}
			slots[sp] = Value{}
			continue

		case compile.POP_JUMP_IF_NOT_NONE:
			sp--
			if slots[sp].K != heap.KNone {
				pc = arg
			}
			slots[sp] = Value{}
			continue

		case compile.BUILD_SLICE:
			// a[i:j] and a[i:j] = b of lists, tuples and strs slice in
			// opBuildSlice (it never fails): here rather than in slowOp,
			// as list code runs it often.
			f.PC, f.SP = int32(pc), int32(sp)
			vm.opBuildSlice(f, arg)
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.BUILD_MAP:
			// Dict literals and comprehensions build in inner loops:
			// here rather than in slowOp.
			f.PC, f.SP = int32(pc), int32(sp)
			if err := vm.opBuildMap(f, arg); err != nil {
				return opResult(err)
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.MAP_ADD:
			f.PC, f.SP = int32(pc), int32(sp)
			if err := vm.opMapAdd(f, arg); err != nil {
				return opResult(err)
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.BINARY_SUBSCR:
			key := slots[sp-1]
			obj := slots[sp-2]
			if obj.K == heap.KRef && key.K == heap.KInt {
				// Exact lists and tuples; subclasses are Instances.
				var items []Value
				switch o := vm.H.Get(obj).(type) {
				case *heap.List:
					items = o.Items
				case *heap.Tuple:
					items = o.Items
				case *heap.Str:
					f.PC, f.SP = int32(pc), int32(sp)
					r, ok := vm.strIndexFast(o, key.I())
					pc, sp = int(f.PC), int(f.SP)
					if ok {
						sp--
						slots[sp] = Value{}
						slots[sp-1] = r
						continue
					}
					goto subscrGeneric
				default:
					goto subscrGeneric
				}
				i := key.I()
				if i < 0 {
					i += int64(len(items))
				}
				if i >= 0 && i < int64(len(items)) {
					sp--
					slots[sp] = Value{}
					slots[sp-1] = items[i]
					continue
				}
			}
		subscrGeneric:
			if obj.K == heap.KRef {
				// An exact dict with an int or str key found without
				// running code; a miss raises on the generic path.
				if d, ok := vm.H.Get(obj).(*heap.Dict); ok {
					f.PC, f.SP = int32(pc), int32(sp)
					v, ok := vm.dictGetPlain(d, key)
					pc, sp = int(f.PC), int(f.SP)
					if ok {
						sp--
						slots[sp] = Value{}
						slots[sp-1] = v
						continue
					}
				}
			}
			// Dicts, strings and the rest: the generic subscript, here
			// rather than in slowOp as it is frequent.
			sp -= 2
			slots[sp], slots[sp+1] = Value{}, Value{}
			f.PC, f.SP = int32(pc), int32(sp)
			if err := vm.opGetItem(f, obj, key); err != nil {
				return opResult(err)
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.UNARY_NEGATIVE:
			switch v := slots[sp-1]; v.K {
			case heap.KInt:
				if v.I() != math.MinInt64 {
					slots[sp-1] = heap.Int(-v.I())
					continue
				}
			case heap.KFloat:
				slots[sp-1] = heap.Float(-v.F())
				continue
			}
			f.PC, f.SP = int32(pc), int32(sp)
			goto slow

		case compile.STORE_SUBSCR:
			// The operands are popped and the frame written back first:
			// every path calls out. Allocation does not collect, so
			// they need no root meanwhile.
			key, obj, v := slots[sp-1], slots[sp-2], slots[sp-3]
			sp -= 3
			slots[sp], slots[sp+1], slots[sp+2] = Value{}, Value{}, Value{}
			f.PC, f.SP = int32(pc), int32(sp)
			if obj.K == heap.KRef && key.K == heap.KInt {
				if l, ok := vm.H.Get(obj).(*heap.List); ok {
					i := key.I()
					if i < 0 {
						i += int64(len(l.Items))
					}
					if i >= 0 && i < int64(len(l.Items)) {
						l.Items[i] = v
						vm.H.TouchItem(obj, int(i), len(l.Items))
						pc, sp = int(f.PC), int(f.SP)
						continue
					}
				}
			}
			if obj.K == heap.KRef {
				// An exact dict with an int or str key whose lookup
				// runs no code.
				if d, ok := vm.H.Get(obj).(*heap.Dict); ok {
					if done, err := vm.dictSetPlain(d, key, v); done {
						vm.H.Touch(obj)
						if err != nil {
							return opResult(err)
						}
						pc, sp = int(f.PC), int(f.SP)
						continue
					}
				}
			}
			// The generic store, here rather than in slowOp as it is
			// frequent.
			if err := vm.opSetItem(f, obj, key, v); err != nil {
				return opResult(err)
			}
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.FOR_ITER, compile.FOR_ITER__STORE_FAST:
			goto forIter

		case compile.YIELD_VALUE:
			// A generator pauses: its frame leaves the stack and the
			// resumer's frame (loaded at reload) carries on with v.
			sp--
			v := slots[sp]
			slots[sp] = Value{}
			f.PC, f.SP = int32(pc), int32(sp)
			yf := f
			if f.Ret == heap.RetDrive {
				if vm.driveFast(f, v) {
					// A builtin draining the generator took v: it
					// carries on in place.
					pc, sp = int(f.PC), int(f.SP)
					continue
				}
			} else {
				var ok bool
				yf, ok = vm.yieldFast(f, v)
				if ok || yf != f && yf.Ret == heap.RetDrive && vm.driveFast(yf, v) {
					// Delivered, or the top of a chain of yield froms
					// that a builtin drains took v in place.
					goto reload
				}
			}
			if done, err := vm.yieldValue(yf, v); done || err != nil {
				return v, done, err
			}
			if n := len(vm.frames); n == depth && vm.frames[n-1] == f {
				// A builtin draining the generator took v (RetDrive):
				// it carries on in place.
				pc, sp = int(f.PC), int(f.SP)
				continue
			}
			goto reload

		case compile.LOAD_FAST__YIELD_VALUE:
			// yield x: YIELD_VALUE's work (kept apart rather than shared
			// through a label, which costs the whole loop registers)
			// with the local taken straight from its slot; pc moves past
			// the YIELD_VALUE, where the generator resumes.
			v := slots[arg]
			if v.K == heap.KUndef {
				f.PC, f.SP = int32(pc), int32(sp)
				return heap.Undef, false, vm.unboundHere(f)
			}
			pc++
			f.PC, f.SP = int32(pc), int32(sp)
			yf := f
			if f.Ret == heap.RetDrive {
				if vm.driveFast(f, v) {
					// A builtin draining the generator took v: it
					// carries on in place.
					pc, sp = int(f.PC), int(f.SP)
					continue
				}
			} else {
				var ok bool
				yf, ok = vm.yieldFast(f, v)
				if ok || yf != f && yf.Ret == heap.RetDrive && vm.driveFast(yf, v) {
					// Delivered, or the top of a chain of yield froms
					// that a builtin drains took v in place.
					goto reload
				}
			}
			if done, err := vm.yieldValue(yf, v); done || err != nil {
				return v, done, err
			}
			if n := len(vm.frames); n == depth && vm.frames[n-1] == f {
				// A builtin draining the generator took v (RetDrive):
				// it carries on in place.
				pc, sp = int(f.PC), int(f.SP)
				continue
			}
			goto reload
		case compile.GET_ITER:
			// Lists, ranges, generators and the other builtin
			// iterables; classes with __iter__ take slowOp.
			f.PC, f.SP = int32(pc), int32(sp)
			if it, ok := vm.nativeIter(slots[sp-1]); ok {
				pc, sp = int(f.PC), int(f.SP)
				slots[sp-1] = it
				continue
			}
			goto slow

		case compile.BUILD_TUPLE:
			// yield a, b / return a, b / (x, y) keys: frequent in
			// generators.
			if arg == 0 {
				f.PC, f.SP = int32(pc), int32(sp)
				goto slow
			}
			f.PC, f.SP = int32(pc), int32(sp)
			vm.buildTuple(f, arg)
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.LIST_APPEND:
			// A list comprehension's append while the list has room; a
			// growth (which reserves memory against the limit) takes
			// slowOp.
			lv := slots[sp-1-arg]
			l := vm.H.Get(lv).(*heap.List)
			if len(l.Items) == cap(l.Items) {
				f.PC, f.SP = int32(pc), int32(sp)
				goto slow
			}
			// Resliced rather than appended to: append's growth path,
			// never taken here, would be a call all the same.
			sp--
			n := len(l.Items)
			l.Items = l.Items[:n+1]
			l.Items[n] = slots[sp]
			slots[sp] = Value{}
			f.PC, f.SP = int32(pc), int32(sp)
			vm.H.TouchItem(lv, n, n+1)
			pc, sp = int(f.PC), int(f.SP)
			continue

		case compile.GET_YIELD_FROM_ITER:
			// yield from gen(): a generator is its own iterator, here
			// rather than in slowOp as recursive generators delegate
			// once per call. Coroutines (which a generator may not
			// delegate to) and other iterables take slowOp.
			if it := slots[sp-1]; it.K == heap.KRef {
				if g, ok := vm.H.Get(it).(*heap.Generator); ok && g.Kind == heap.GenGenerator {
					continue
				}
			}
			f.PC, f.SP = int32(pc), int32(sp)
			goto slow

		case compile.SEND:
			// yield from / await of a generator: the sub-generator's
			// frame goes on top, as in FOR_ITER.
			// Rare: the frame is written back first and read from then.
			f.PC, f.SP = int32(pc), int32(sp)
			sub := slots[sp-2]
			if sub.K != heap.KRef {
				goto slow
			}
			g, ok := vm.H.Get(sub).(*heap.Generator)
			if !ok {
				goto slow
			}
			sp = int(f.SP) - 1
			v := slots[sp]
			slots[sp] = Value{}
			f.SP = int32(sp)
			if sendToDone(g) {
				slots[sp-1] = heap.None
				pc, sp = instrs[f.PC-1].Arg(), int(f.SP)
				continue
			}
			if vm.enterGen(sub, g, heap.RetSend, int32(instrs[f.PC-1].Arg()), v) {

				goto reload
			}
			if err := vm.resumeGen(sub, v, nil, heap.RetSend, int32(instrs[f.PC-1].Arg())); err != errFramePushed {
				return opResult(err)
			}
			goto reload
		}
		// No case: an instruction off the fast path.
		f.PC, f.SP = int32(pc), int32(sp)

		// slowOp runs the instruction before f.PC: cases whose fast path
		// gave up write f.PC and f.SP back and jump here, and the
		// instruction is read again rather than carried. Nothing of the
		// dispatch flows into this block, which many cases jump to: each
		// such value would have to be in one place at every goto, which
		// makes every dispatch store it.
	slow:
		switch act, v, done, err := vm.slowOp(f, slowInstr(instrs[f.PC-1]), base, depth); act {
		case actNext:
			pc, sp = int(f.PC), int(f.SP)
		case actReload:
			goto reload
		default:
			return v, done, err
		}
		continue

		// FOR_ITER's work, out of the switch so that JUMP__FOR_ITER can
		// run it without a second dispatch; arg is the FOR_ITER's and pc
		// is past it either way. Its form is read from instrs[pc-1], not
		// from in: that would keep in live out of the dispatch.
	forIter:
		{
			// Ranges and lists step here; the fused form stores the item
			// straight into the loop variable.
			it := slots[sp-1]
			if it.K == heap.KRef {
				obj := vm.H.Get(it)
				if o, ok := obj.(*heap.Iter); ok {
					var item Value
					switch o.Kind {
					case heap.IterRange:
						if !((o.Step > 0 && o.I < o.N) || (o.Step < 0 && o.I > o.N)) {
							sp--
							slots[sp] = Value{}
							pc = arg
							continue
						}
						item = heap.Int(o.I)
						o.I += o.Step
					case heap.IterList, heap.IterTuple:
						// An exact list's items without listItems' call.
						var l []Value
						if lo, ok := vm.H.Get(o.Seq).(*heap.List); ok {
							l = lo.Items
						} else {
							l = vm.listItems(o.Seq)
						}
						if o.I >= int64(len(l)) {
							// Done for good, even if the list grows
							// later; the dirty mark carries that into
							// an incremental dump.
							o.Kind = heap.IterDone
							vm.H.Touch(it)
							sp--
							slots[sp] = Value{}
							pc = arg
							continue
						}
						item = l[o.I]
						o.I++
					default:
						// enumerate, zip, dict views, strs (iterfast.go).
						var b Value
						var n int
						pair := instrs[pc-1].Op() == compile.FOR_ITER && pc < len(code.Instrs) && code.Instrs[pc] == unpackTwo
						if item, b, n = vm.forIterMore(o, pair); n == 0 {
							if o.Kind != heap.IterZip && o.Kind != heap.IterEnumerate && o.Kind != heap.IterMap {
								f.PC, f.SP = int32(pc), int32(sp)
								goto slow
							}
							// A generator inside the wrapper: its frame
							// goes on top, as for a bare generator,
							// without slowOp's dispatch.
							f.PC, f.SP = int32(pc), int32(sp)
							handled, err := vm.wrapForIter(f, it, o, int32(arg))
							if !handled {
								f.PC, f.SP = int32(pc), int32(sp)
								goto slow
							}
							switch err {
							case errFramePushed:
								goto reload
							case errExhausted:
								sp--
								slots[sp] = Value{}
								pc = arg
								continue
							}
							return opResult(err)
						}
						if n == 2 {
							vm.H.TouchNonSeq(it)
							if instrs[pc].Op() == compile.UNPACK_SEQUENCE__STORE_FAST {
								slots[instrs[pc+1].Arg()] = item
								slots[instrs[pc+2].Arg()] = b
								pc += 3
							} else {
								// UNPACK_SEQUENCE's work: first on top.
								slots[sp] = b
								slots[sp+1] = item
								sp += 2
								pc++
							}
							continue
						}
					}
					vm.H.TouchNonSeq(it)
					if instrs[pc-1].Op() == compile.FOR_ITER__STORE_FAST {

						slots[instrs[pc].Arg()] = item
						pc++
					} else {
						slots[sp] = item
						sp++
					}
					continue
				}
				if g, ok := obj.(*heap.Generator); ok {
					// for x in gen(): the generator's frame goes on
					// top and runs until it yields (its value lands on
					// this stack and the fused form's STORE_FAST runs
					// next on its own) or returns (and this frame jumps
					// to the loop's end).
					f.PC, f.SP = int32(pc), int32(sp)
					if vm.enterGen(it, g, heap.RetForIter, int32(arg), heap.None) {
						goto reload
					}
					switch err := vm.forIterGen(it, g, int32(arg)); err {
					case errFramePushed:
						goto reload
					case errExhausted:
						sp--
						slots[sp] = Value{}
						pc = arg
						continue
					default:
						return opResult(err)
					}
				}
			}
			f.PC, f.SP = int32(pc), int32(sp)
			goto slow
		}
	}
}

// opResult ends an instruction that failed or handed its work to a new
// frame (errFramePushed): either way the loop must re-read the frame stack.
func opResult(err error) (Value, bool, error) {
	if err == errFramePushed {
		return heap.Undef, false, nil
	}
	return heap.Undef, false, err
}
