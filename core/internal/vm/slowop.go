package vm

import (
	"fmt"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// slowAction tells the loop what to do after slowOp.
type slowAction uint8

const (
	actNext   slowAction = iota // run the next instruction of the same frame
	actReload                   // the frame stack changed: load the top frame
	actReturn                   // leave the loop with slowOp's results
)

// slowOp runs one instruction that is not on the loop's fast path, with
// f.PC and f.SP up to date. It lives outside loop so that loop stays
// small enough for the compiler to keep its locals in registers and to
// inline small helpers into it.
func (vm *VM) slowOp(f *heap.Frame, in compile.Instr, base, depth int) (slowAction, Value, bool, error) {
	code := f.C.Code
	consts := f.C.Consts
	slots := f.Slots
	arg := in.Arg()
	switch in.Op() {
	case compile.DELETE_FAST:
		if slots[arg].K == heap.KUndef {
			return actReturn, heap.Undef, false, vm.unboundLocal(code, arg)
		}
		slots[arg] = heap.Undef

	case compile.LOAD_DEREF:
		cell := vm.H.Get(slots[len(code.Varnames)+arg]).(*heap.Cell)
		if cell.V.K == heap.KUndef {
			return actReturn, heap.Undef, false, vm.derefError(code, arg)
		}
		slots[f.SP] = cell.V
		f.SP++

	case compile.STORE_DEREF:
		cv := slots[len(code.Varnames)+arg]
		vm.H.Get(cv).(*heap.Cell).V = pop(f)
		vm.H.Touch(cv)

	case compile.DELETE_DEREF:
		cv := slots[len(code.Varnames)+arg]
		cell := vm.H.Get(cv).(*heap.Cell)
		if cell.V.K == heap.KUndef {
			return actReturn, heap.Undef, false, vm.derefError(code, arg)
		}
		cell.V = heap.Undef
		vm.H.Touch(cv)

	case compile.LOAD_CLOSURE:
		push(f, slots[len(code.Varnames)+arg])

	case compile.STORE_GLOBAL:
		if err := vm.storeGlobalSite(f, arg, pop(f)); err != nil {
			return actReturn, heap.Undef, false, err
		}

	case compile.DELETE_GLOBAL:
		if err := vm.deleteGlobal(f, arg); err != nil {
			return actReturn, heap.Undef, false, err
		}

	case compile.LOAD_NAME:
		v, err := vm.loadName(f, arg)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, v)

	case compile.STORE_NAME:
		ns := f.Locals
		if ns.K == heap.KUndef {
			ns = f.Globals
		}
		if err := vm.SetItem(ns, vm.nameAt(f, arg), pop(f)); err != nil {
			return actReturn, heap.Undef, false, err
		}

	case compile.DELETE_NAME:
		ns := f.Locals
		if ns.K == heap.KUndef {
			ns = f.Globals
		}
		if err := vm.DelItem(ns, vm.nameAt(f, arg)); err != nil {
			if vm.ErrIs(err, TKeyError) {
				return actReturn, heap.Undef, false, vm.Errorf(TNameError, "name '%s' is not defined", code.Names[arg])
			}
			return actReturn, heap.Undef, false, err
		}

	case compile.DELETE_ATTR:
		obj := pop(f)
		if err := vm.DelAttr(obj, vm.nameAt(f, arg)); err != nil {
			return actReturn, heap.Undef, false, err
		}

	case compile.LOAD_BUILD_CLASS:
		push(f, vm.buildClassFn)

	case compile.DELETE_SUBSCR:
		key := pop(f)
		obj := pop(f)
		if err := vm.DelItem(obj, key); err != nil {
			return actReturn, heap.Undef, false, err
		}

	case compile.BUILD_SLICE:
		vm.opBuildSlice(f, arg)

	case compile.UNARY_NEGATIVE, compile.UNARY_POSITIVE, compile.UNARY_INVERT:
		v := pop(f)
		if err := vm.opUnary(f, in.Op(), v); err != nil {
			return slowResult(err)
		}

	case compile.UNARY_NOT:
		v := pop(f)
		t, err := vm.opTruth(f, v, heap.RetNotBool, 0)
		if err != nil {
			return slowResult(err)
		}
		push(f, heap.Bool(!t))

	case compile.CONTAINS_OP:
		container := pop(f)
		item := pop(f)
		if err := vm.opContains(f, item, container, arg == 1); err != nil {
			return slowResult(err)
		}

	case compile.POP_JUMP_IF_FALSE, compile.POP_JUMP_IF_TRUE:
		v := pop(f)
		var t bool
		switch v.K {
		case heap.KBool:
			t = v.N != 0
		case heap.KInt:
			t = v.N != 0
		case heap.KNone:
			t = false
		default:
			var err error
			t, err = vm.opTruth(f, v, heap.RetBool, 0)
			if err != nil {
				if err == errFramePushed {
					// The frame pushes a bool; re-run this jump on it.
					f.PC--
					return actReload, heap.Undef, false, nil
				}
				return actReturn, heap.Undef, false, err
			}
		}
		if t == (in.Op() == compile.POP_JUMP_IF_TRUE) {
			f.PC = int32(arg)
		}

	case compile.JUMP_IF_FALSE_OR_POP, compile.JUMP_IF_TRUE_OR_POP:
		v := top(f)
		t, err := vm.Truth(v)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		if t == (in.Op() == compile.JUMP_IF_TRUE_OR_POP) {
			f.PC = int32(arg)
		} else {
			pop(f)
		}

	case compile.GET_ITER:
		v := pop(f)
		if err := vm.opGetIter(f, v); err != nil {
			return slowResult(err)
		}

	case compile.FOR_ITER, compile.FOR_ITER__STORE_FAST:
		// The fused form's slow path is FOR_ITER alone; the STORE_FAST
		// after it runs next.
		v, ok, err := vm.opForIter(f, top(f), int32(arg))
		if err != nil {
			return slowResult(err)
		}
		if ok {
			push(f, v)
		} else {
			pop(f)
			f.PC = int32(arg)
		}

	case compile.BUILD_TUPLE:
		items := make([]Value, arg)
		copy(items, slots[f.SP-int32(arg):f.SP])
		vm.popN(f, arg)
		push(f, vm.NewTuple(items))

	case compile.BUILD_LIST:
		if arg == 0 && vm.emptyDefaultHit(f) {
			break
		}
		l := heap.NewListLen(arg)
		copy(l.Items, slots[f.SP-int32(arg):f.SP])
		vm.popN(f, arg)
		push(f, vm.H.Alloc(l))

	case compile.BUILD_SET:
		sv := vm.NewSet(false)
		s := vm.H.Get(sv).(*heap.Set)
		for _, it := range slots[f.SP-int32(arg) : f.SP] {
			if err := vm.setAdd(s, it); err != nil {
				return actReturn, heap.Undef, false, err
			}
		}
		vm.popN(f, arg)
		push(f, sv)

	case compile.BUILD_MAP:
		if arg == 0 && vm.emptyDefaultHit(f) {
			break
		}
		items := slots[f.SP-int32(2*arg) : f.SP]
		dv, err := vm.buildDict(int(arg), items, items, 2, 1)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		vm.popN(f, 2*arg)
		push(f, dv)

	case compile.BUILD_CONST_KEY_MAP:
		keys := vm.listItems(pop(f))
		dv, err := vm.buildDict(int(arg), keys, slots[f.SP-int32(arg):f.SP], 1, 0)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		vm.popN(f, arg)
		push(f, dv)

	case compile.BUILD_STRING:
		n := 0
		parts := slots[f.SP-int32(arg) : f.SP]
		for _, p := range parts {
			n += len(vm.MustStr(p))
		}
		// A Builder grown to size hands its bytes over as the string:
		// one copy of the parts, not two.
		var b strings.Builder
		b.Grow(n)
		for _, p := range parts {
			b.WriteString(vm.MustStr(p))
		}
		vm.popN(f, arg)
		push(f, vm.NewStr(b.String()))

	case compile.LIST_APPEND:
		v := pop(f)
		lv := slots[f.SP-int32(arg)]
		l := vm.H.Get(lv).(*heap.List)
		if err := vm.roomFor(len(l.Items), cap(l.Items)); err != nil {
			return actReturn, heap.Undef, false, err
		}
		l.Items = append(l.Items, v)
		vm.H.TouchItem(lv, len(l.Items)-1, len(l.Items))

	case compile.SET_ADD:
		v := pop(f)
		sv := slots[f.SP-int32(arg)]
		if err := vm.setAdd(vm.H.Get(sv).(*heap.Set), v); err != nil {
			return actReturn, heap.Undef, false, err
		}
		vm.H.Touch(sv)

	case compile.MAP_ADD:
		v := pop(f)
		k := pop(f)
		dv := slots[f.SP-int32(arg)]
		if err := vm.DictSet(vm.H.Get(dv).(*heap.Dict), k, v); err != nil {
			return actReturn, heap.Undef, false, err
		}
		vm.H.Touch(dv)

	case compile.LIST_EXTEND:
		v := pop(f)
		lv := slots[f.SP-int32(arg&(compile.ExtendCallArgs-1))]
		items, err := vm.Unpack(v)
		if err != nil {
			if vm.ErrIs(err, TTypeError) && !vm.isIterable(v) {
				if arg&compile.ExtendCallArgs != 0 && f.SP >= 2 {
					return actReturn, heap.Undef, false, vm.TypeError("%s() argument after * must be an iterable, not %s", vm.funcStr(slots[f.SP-2]), vm.TypeName(v))
				}
				return actReturn, heap.Undef, false, vm.TypeError("Value after * must be an iterable, not %s", vm.TypeName(v))
			}
			return actReturn, heap.Undef, false, err
		}
		l := vm.H.Get(lv).(*heap.List)
		if err := vm.reserveMul(16, int64(len(l.Items))+int64(len(items))); err != nil {
			return actReturn, heap.Undef, false, err
		}
		before := l.Size()
		l.Items = append(l.Items, items...)
		vm.H.Touch(lv)
		if err := vm.grew(before, l.Size()); err != nil {
			return actReturn, heap.Undef, false, err
		}

	case compile.SET_UPDATE:
		v := pop(f)
		sv := slots[f.SP-int32(arg)]
		items, err := vm.Unpack(v)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		s := vm.H.Get(sv).(*heap.Set)
		for _, it := range items {
			if err := vm.setAdd(s, it); err != nil {
				return actReturn, heap.Undef, false, err
			}
		}
		vm.H.Touch(sv)

	case compile.DICT_UPDATE, compile.DICT_MERGE:
		v := pop(f)
		dv := slots[f.SP-int32(arg)]
		if err := vm.dictMerge(dv, v, in.Op() == compile.DICT_MERGE, f); err != nil {
			return actReturn, heap.Undef, false, err
		}

	case compile.LIST_TO_TUPLE:
		l := vm.H.Get(pop(f)).(*heap.List)
		push(f, vm.NewTuple(append([]Value(nil), l.Items...)))

	case compile.UNPACK_SEQUENCE:
		v := pop(f)
		items, err := vm.unpackN(v, arg)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		for i := arg - 1; i >= 0; i-- {
			push(f, items[i])
		}

	case compile.UNPACK_EX:
		before, after := arg&0xff, arg>>8
		v := pop(f)
		items, err := vm.Unpack(v)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		if len(items) < before+after {
			return actReturn, heap.Undef, false, vm.ValueError("not enough values to unpack (expected at least %d, got %d)", before+after, len(items))
		}
		for i := len(items) - 1; i >= len(items)-after; i-- {
			push(f, items[i])
		}
		mid := append([]Value(nil), items[before:len(items)-after]...)
		push(f, vm.NewList(mid))
		for i := before - 1; i >= 0; i-- {
			push(f, items[i])
		}

	case compile.FORMAT_VALUE:
		if vm.formatTail(f, int(arg)) {
			break
		}
		var spec Value = heap.Undef
		if arg&4 != 0 {
			spec = pop(f)
		}
		v := pop(f)
		s, err := vm.formatValue(v, arg&3, spec)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, s)

	case compile.KW_NAMES:
		f.Aux[2] = consts[arg]

	case compile.CALL_FUNCTION_EX:
		var kwargs Value = heap.Undef
		if arg&1 != 0 {
			kwargs = pop(f)
		}
		args := pop(f)
		fn := pop(f)
		null := pop(f)
		if null.K != heap.KUndef {
			// A method loaded by LOAD_METHOD: fn is self.
			args = vm.NewTuple(append([]Value{fn}, vm.listItems(args)...))
			fn = null
		}
		if err := vm.callEx(f, fn, args, kwargs); err != nil {
			return slowResult(err)
		}
		if len(vm.frames) != depth {
			return actReload, heap.Undef, false, nil
		}

	case compile.MAKE_FUNCTION:
		fn, err := vm.makeFunction(f, arg)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, fn)

	case compile.YIELD_VALUE:
		v := pop(f)
		if done, err := vm.yieldValue(f, v); done || err != nil {
			return actReturn, v, done, err
		}
		return actReload, heap.Undef, false, nil

	case compile.GET_YIELD_FROM_ITER:
		v := pop(f)
		it, err := vm.getYieldFromIter(f, v)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, it)

	case compile.SEND:
		if err := vm.opSend(f, int32(arg)); err != nil {
			return slowResult(err)
		}
		if len(vm.frames) != depth {
			return actReload, heap.Undef, false, nil
		}

	case compile.GET_AWAITABLE:
		v := pop(f)
		aw, err := vm.getAwaitable(v)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, aw)

	case compile.GET_AITER:
		v := pop(f)
		if err := vm.opGetAIter(f, v); err != nil {
			return slowResult(err)
		}

	case compile.GET_ANEXT:
		if err := vm.opGetANext(f); err != nil {
			return slowResult(err)
		}

	case compile.END_ASYNC_FOR:
		exc := pop(f)
		pop(f) // the async iterator
		if !vm.IsInstance(exc, TStopAsyncIteration) {
			return actReturn, heap.Undef, false, &Exception{Value: exc, vm: vm}
		}
		vm.handled = heap.Undef

	case compile.SETUP_FINALLY:
		f.Blocks = append(f.Blocks, heap.Block{Handler: int32(arg), Level: f.SP})

	case compile.POP_BLOCK:
		f.Blocks = f.Blocks[:len(f.Blocks)-1]

	case compile.PUSH_EXC_INFO:
		exc := pop(f)
		prev := vm.handled
		if prev.K == heap.KUndef {
			prev = heap.None
		}
		push(f, prev)
		push(f, exc)
		vm.handled = exc

	case compile.POP_EXCEPT:
		prev := pop(f)
		if prev.K == heap.KNone {
			prev = heap.Undef
		}
		vm.handled = prev

	case compile.POP_EXCEPT_RERAISE:
		exc := pop(f)
		prev := pop(f)
		if prev.K == heap.KNone {
			prev = heap.Undef
		}
		vm.handled = prev
		return actReturn, heap.Undef, false, vm.reraise(f, exc)

	case compile.CHECK_EXC_MATCH:
		typ := pop(f)
		exc := top(f)
		ok, err := vm.excMatches(exc, typ)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, heap.Bool(ok))

	case compile.CHECK_EG_MATCH:
		return actReturn, heap.Undef, false, vm.Errorf(TSyntaxError, "except* is not supported")

	case compile.RERAISE:
		exc := pop(f)
		return actReturn, heap.Undef, false, vm.reraise(f, exc)

	case compile.RAISE_VARARGS:
		return actReturn, heap.Undef, false, vm.opRaise(f, arg)

	case compile.BEFORE_WITH:
		if err := vm.opBeforeWith(f, false); err != nil {
			return slowResult(err)
		}

	case compile.BEFORE_ASYNC_WITH:
		if err := vm.opBeforeWith(f, true); err != nil {
			return slowResult(err)
		}

	case compile.WITH_EXIT:
		exit := pop(f)
		if err := vm.invokeRet(f, exit, []Value{heap.None, heap.None, heap.None}, heap.RetDiscard, heap.Undef); err != nil {
			return slowResult(err)
		}

	case compile.WITH_EXCEPT_START:
		exc := slots[f.SP-1]
		exit := slots[f.SP-3]
		if err := vm.invokeRet(f, exit, []Value{vm.TypeOf(exc), exc, vm.tracebackOf(exc)}, heap.RetPush, heap.Undef); err != nil {
			return slowResult(err)
		}

	case compile.LOAD_ASSERTION_ERROR:
		push(f, vm.Types[TAssertionError])

	case compile.IMPORT_NAME:
		fromlist := pop(f)
		level := pop(f)
		m, err := vm.importName(code.Names[arg], fromlist, level)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, m)

	case compile.IMPORT_FROM:
		m := top(f)
		v, err := vm.importFrom(m, code.Names[arg])
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, v)

	case compile.IMPORT_STAR:
		m := pop(f)
		if err := vm.importStar(f, m); err != nil {
			return actReturn, heap.Undef, false, err
		}

	case compile.SETUP_ANNOTATIONS:
		ns := f.Locals
		if ns.K == heap.KUndef {
			ns = f.Globals
		}
		k := vm.Intern("__annotations__")
		d, _ := vm.DictOf(ns)
		if _, ok, _ := d.Get(k, vm.StrHash(k), vm.StrEq); !ok {
			d.Append(k, vm.NewDict(), vm.StrHash(k))
			vm.H.Touch(ns)
		}

	case compile.STORE_ANNOTATION:
		v := pop(f)
		ns := f.Locals
		if ns.K == heap.KUndef {
			ns = f.Globals
		}
		ann, err := vm.GetItem(ns, vm.Intern("__annotations__"))
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		if err := vm.SetItem(ann, vm.nameAt(f, arg), v); err != nil {
			return actReturn, heap.Undef, false, err
		}

	case compile.PRINT_EXPR:
		pop(f)

	case compile.MATCH_CLASS:
		kwnames := pop(f)
		cls := pop(f)
		subject := pop(f)
		r, err := vm.matchClass(subject, cls, arg, kwnames)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, r)

	case compile.MATCH_MAPPING:
		push(f, heap.Bool(vm.isMapping(top(f))))

	case compile.MATCH_SEQUENCE:
		push(f, heap.Bool(vm.isMatchSequence(top(f))))

	case compile.MATCH_KEYS:
		keys := top(f)
		subject := slots[f.SP-2]
		r, err := vm.matchKeys(subject, keys)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, r)

	case compile.GET_LEN:
		n, err := vm.Len(top(f))
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, heap.Int(int64(n)))

	case compile.COPY_DICT_WITHOUT_KEYS:
		keys := pop(f)
		subject := top(f)
		r, err := vm.copyDictWithout(subject, keys)
		if err != nil {
			return actReturn, heap.Undef, false, err
		}
		push(f, r)

	case compile.WITH_EXIT_ASYNC:
		exit := pop(f)
		if err := vm.invokeRet(f, exit, []Value{heap.None, heap.None, heap.None}, heap.RetPush, heap.Undef); err != nil {
			return slowResult(err)
		}

	case compile.LOAD_LOCALS:
		push(f, f.Locals)

	default:
		return actReturn, heap.Undef, false, &Fatal{Kind: "internal", Msg: fmt.Sprintf("unknown opcode %v", in.Op())}
	}
	return actNext, heap.Undef, false, nil
}

// slowResult is opResult for slowOp.
func slowResult(err error) (slowAction, Value, bool, error) {
	if err == errFramePushed {
		// Load the new top frame without leaving the loop.
		return actReload, heap.Undef, false, nil
	}
	return actReturn, heap.Undef, false, err
}
