package vm

import (
	"errors"
	"math"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// errStopIteration lets Iterate callbacks stop early.
var errStopIteration = errors.New("stop iteration")

// listItems returns the items of a list or tuple value (nil otherwise).
func (vm *VM) listItems(v Value) []Value {
	if v.K != heap.KRef {
		return nil
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.List:
		return o.Items
	case *heap.Tuple:
		return o.Items
	case *heap.Instance:
		if o.Prim.K != heap.KUndef {
			return vm.listItems(o.Prim)
		}
	}
	return nil
}

// nativeIter returns a builtin iterator over v, or ok=false.
func (vm *VM) nativeIter(v Value) (Value, bool) {
	if v.K != heap.KRef {
		return heap.Undef, false
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.List:
		return vm.H.Alloc(&heap.Iter{Kind: heap.IterList, Seq: v}), true
	case *heap.Tuple:
		return vm.H.Alloc(&heap.Iter{Kind: heap.IterTuple, Seq: v}), true
	case *heap.Str:
		return vm.H.Alloc(&heap.Iter{Kind: heap.IterStr, Seq: v}), true
	case *heap.Bytes:
		return vm.H.Alloc(&heap.Iter{Kind: heap.IterBytes, Seq: v}), true
	case *heap.Range:
		n := rangeLength(o)
		return vm.H.Alloc(&heap.Iter{Kind: heap.IterRange, I: o.Start, N: o.Start + n*o.Step, Step: o.Step}), true
	case *heap.Dict:
		return vm.H.Alloc(&heap.Iter{Kind: heap.IterDictKeys, Seq: v, N: int64(o.Used)}), true
	case *heap.DictView:
		d, _ := vm.DictOf(o.Dict)
		return vm.H.Alloc(&heap.Iter{Kind: o.Kind, Seq: o.Dict, N: int64(d.Used)}), true
	case *heap.Set:
		return vm.H.Alloc(&heap.Iter{Kind: heap.IterSet, Seq: v, N: int64(o.Used)}), true
	case *heap.Iter, *heap.Generator:
		return v, true
	}
	return heap.Undef, false
}

func (vm *VM) isIterator(v Value) bool {
	switch o := vm.refObj(v).(type) {
	case *heap.Iter:
		return true
	case *heap.Generator:
		return o.Kind == heap.GenGenerator
	case *heap.Instance:
		return vm.LookupClassStr(o.Class, "__next__").K != heap.KUndef
	}
	return false
}

func (vm *VM) isIterable(v Value) bool {
	if _, ok := vm.nativeIter(v); ok {
		return true
	}
	if vm.metaSpecial(v, "__iter__").K != heap.KUndef {
		return true
	}
	if vm.IsInstanceObj(v) {
		return vm.LookupSpecial(v, "__iter__").K != heap.KUndef || vm.LookupSpecial(v, "__getitem__").K != heap.KUndef || vm.Prim(v) != v
	}
	return false
}

// GetIter is iter(v).
func (vm *VM) GetIter(v Value) (Value, error) {
	if it, ok := vm.nativeIter(v); ok {
		return it, nil
	}
	if fn := vm.metaSpecial(v, "__iter__"); fn.K != heap.KUndef {
		it, err := vm.Call(fn)
		if err != nil {
			return heap.Undef, err
		}
		if !vm.isIterator(it) {
			return heap.Undef, vm.TypeError("iter() returned non-iterator of type '%s'", vm.TypeName(it))
		}
		return it, nil
	}
	if vm.IsInstanceObj(v) {
		o := vm.H.Get(v).(*heap.Instance)
		if fn := vm.LookupSpecial(v, "__iter__"); fn.K != heap.KUndef {
			it, err := vm.Call(vm.BindMethod(fn, v, o.Class))
			if err != nil {
				return heap.Undef, err
			}
			if !vm.isIterator(it) {
				return heap.Undef, vm.TypeError("iter() returned non-iterator of type '%s'", vm.TypeName(it))
			}
			return it, nil
		}
		if o.Prim.K != heap.KUndef {
			return vm.GetIter(o.Prim)
		}
		if fn := vm.LookupSpecial(v, "__getitem__"); fn.K != heap.KUndef {
			return vm.H.Alloc(&heap.Iter{Kind: heap.IterSeqProto, Seq: v}), nil
		}
	}
	return heap.Undef, vm.TypeError("'%s' object is not iterable", vm.TypeName(v))
}

func (vm *VM) opGetIter(f *heap.Frame, v Value) error {
	if it, ok := vm.nativeIter(v); ok {
		push(f, it)
		return nil
	}
	if fn := vm.LookupSpecial(v, "__iter__"); vm.isPyFunc(fn) {
		return vm.pushPyCall(fn, []Value{v}, heap.RetIterCheck, 0, heap.Undef, heap.Undef)
	}
	it, err := vm.GetIter(v)
	if err != nil {
		return err
	}
	push(f, it)
	return nil
}

// Next advances an iterator: ok=false when it is exhausted, and then the
// value is what the iterator finished with (a generator's return value, the
// value of the StopIteration a __next__ raised), Undef or None for none, so
// that next() and yield from can hand it on.
func (vm *VM) Next(it Value) (Value, bool, error) {
	if it.K == heap.KRef {
		switch o := vm.H.Get(it).(type) {
		case *heap.Iter:
			if err := vm.enterC(""); err != nil {
				return heap.Undef, false, err
			}
			v, ok, err := vm.iterNext(it, o)
			vm.leaveC()
			return v, ok, err
		case *heap.Generator:
			return vm.genNextNested(it, heap.None, nil)
		case *heap.Instance:
			fn := vm.LookupSpecial(it, "__next__")
			if fn.K == heap.KUndef {
				return heap.Undef, false, vm.TypeError("'%s' object is not an iterator", vm.TypeName(it))
			}
			v, err := vm.Call(vm.BindMethod(fn, it, o.Class))
			if err != nil {
				if vm.ErrIs(err, TStopIteration) {
					return vm.stopValue(err), false, nil
				}
				return heap.Undef, false, err
			}
			return v, true, nil
		}
	}
	return heap.Undef, false, vm.TypeError("'%s' object is not an iterator", vm.TypeName(it))
}

// genNextNested resumes a generator in a nested loop.
func (vm *VM) genNextNested(gv, send Value, throw error) (Value, bool, error) {
	if err := vm.enterC(""); err != nil {
		return heap.Undef, false, err
	}
	defer vm.leaveC()
	depth := len(vm.frames)
	err := vm.resumeGen(gv, send, throw, heap.RetNested, 0)
	if err == errExhausted {
		return heap.Undef, false, nil
	}
	if err != errFramePushed {
		if err != nil && vm.ErrIs(err, TStopIteration) && throw == nil {
			return heap.Undef, false, nil
		}
		return heap.Undef, false, err
	}
	vm.nested++
	vm.safeAllocs = 0 // Python code may drop what the operation holds (see openSafe)
	_, err = vm.run(depth)
	vm.nested--
	if err != nil {
		return heap.Undef, false, err
	}
	g := vm.H.Get(gv).(*heap.Generator)
	v := vm.genResult
	vm.genResult = heap.Undef
	if g.State == heap.GenDone {
		return v, false, nil
	}
	return v, true, nil
}

// iterNext advances a builtin iterator.
func (vm *VM) iterNext(itv Value, it *heap.Iter) (Value, bool, error) {
	// Builtins that drain iterators in Go (sum, list, sorted ...) meet the
	// deadline and the allocation limit here.
	if err := vm.checkLimits(); err != nil {
		return heap.Undef, false, err
	}
	switch it.Kind {
	case heap.IterList, heap.IterTuple, heap.IterRange:
		if v, ok := vm.stepSeq(itv, it); ok {
			return v, true, nil
		}
	case heap.IterStr:
		s := vm.H.Get(it.Seq).(*heap.Str)
		if int(it.I) < len(s.S) {
			ch, next := vm.strCharAt(s, int(it.I))
			it.I = int64(next)
			vm.H.TouchNonSeq(itv)
			return ch, true, nil
		}
	case heap.IterBytes:
		b := vm.H.Get(it.Seq).(*heap.Bytes)
		if int(it.I) < len(b.B) {
			v := heap.Int(int64(b.B[it.I]))
			it.I++
			vm.H.TouchNonSeq(itv)
			return v, true, nil
		}
	case heap.IterDictKeys, heap.IterDictValues, heap.IterDictItems:
		d, _ := vm.DictOf(it.Seq)
		if int64(d.Used) != it.N {
			it.Kind = heap.IterDone
			return heap.Undef, false, vm.Errorf(TRuntimeError, "dictionary changed size during iteration")
		}
		if lead := int64(d.Lead()); it.I < lead {
			it.I = lead // deleted entries only (see Dict.Lead)
		}
		for it.I < int64(len(d.Entries)) {
			e := d.Entries[it.I]
			it.I++
			if e.Key.K == heap.KUndef {
				continue
			}
			vm.H.TouchNonSeq(itv)
			switch it.Kind {
			case heap.IterDictKeys:
				return e.Key, true, nil
			case heap.IterDictValues:
				return e.Val, true, nil
			}
			return vm.newPair(e.Key, e.Val), true, nil
		}
	case heap.IterSet:
		s, _ := vm.SetOf(it.Seq)
		if int64(s.Used) != it.N {
			it.Kind = heap.IterDone
			return heap.Undef, false, vm.Errorf(TRuntimeError, "Set changed size during iteration")
		}
		for it.I < int64(len(s.Table)) {
			e := s.Table[it.I]
			it.I++
			if e.State == 0 && e.Key.K != heap.KUndef {
				vm.H.TouchNonSeq(itv)
				return e.Key, true, nil
			}
		}
	case heap.IterReversedList:
		items := vm.listItems(it.Seq)
		if it.I >= 0 && it.I < int64(len(items)) {
			v := items[it.I]
			it.I--
			vm.H.TouchNonSeq(itv)
			return v, true, nil
		}
	case heap.IterReversedSeq:
		if it.I >= 0 {
			v, err := vm.GetItem(it.Seq, heap.Int(it.I))
			if err != nil {
				return heap.Undef, false, err
			}
			it.I--
			vm.H.TouchNonSeq(itv)
			return v, true, nil
		}
	case heap.IterEnumerate:
		v, ok, err := vm.nextSub(it.Vals[0])
		if err != nil || !ok {
			return v, false, err // the end's value is the enumerate's
		}
		n := it.I
		it.I++
		vm.H.TouchNonSeq(itv)
		return vm.newPair(heap.Int(n), v), true, nil
	case heap.IterZip:
		if len(it.Vals) == 0 {
			break
		}
		if len(it.Vals) == 2 && it.Step == 0 {
			// The common zip of two: one allocation per pair.
			a, ok, err := vm.nextSub(it.Vals[0])
			if err != nil {
				return heap.Undef, false, err
			}
			if ok {
				var b Value
				if b, ok, err = vm.nextSub(it.Vals[1]); err != nil {
					return heap.Undef, false, err
				}
				if ok {
					return vm.newPair(a, b), true, nil
				}
				a = b
			}
			it.Kind = heap.IterDone
			return a, false, nil // the end's value is the zip's
		}
		t := heap.NewTupleLen(len(it.Vals))
		items := t.Items
		for i, sub := range it.Vals {
			v, ok, err := vm.Next(sub)
			if err != nil {
				return heap.Undef, false, err
			}
			if !ok {
				end := v
				if it.Step == 1 { // strict
					if i > 0 {
						return heap.Undef, false, vm.ValueError("zip() argument %d is shorter than argument%s 1%s", i+1, plural(i, "", "s"), rangeText(i))
					}
					for j := 1; j < len(it.Vals); j++ {
						if _, ok2, err := vm.Next(it.Vals[j]); err != nil {
							return heap.Undef, false, err
						} else if ok2 {
							return heap.Undef, false, vm.ValueError("zip() argument %d is longer than argument%s 1%s", j+1, plural(j, "", "s"), rangeText(j))
						}
					}
				}
				it.Kind = heap.IterDone
				return end, false, nil
			}
			items[i] = v
		}
		return vm.H.Alloc(t), true, nil
	case heap.IterMap:
		if len(it.Vals) == 1 {
			// The limits were checked above: a list, tuple or range
			// steps in place (nextSub).
			v, ok, err := vm.nextSub(it.Vals[0])
			if err != nil || !ok {
				return v, false, err
			}
			r, err := vm.callOne(it.Seq, v)
			if err != nil && vm.ErrIs(err, TStopIteration) {
				// The function's StopIteration reads as the map's own end.
				return vm.stopValue(err), false, nil
			}
			return r, err == nil, err
		}
		args := make([]Value, len(it.Vals))
		for i, sub := range it.Vals {
			v, ok, err := vm.Next(sub)
			if err != nil || !ok {
				return v, false, err
			}
			args[i] = v
		}
		r, err := vm.Call(it.Seq, args...)
		if err != nil && vm.ErrIs(err, TStopIteration) {
			// The function's StopIteration reads as the map's own end.
			return vm.stopValue(err), false, nil
		}
		return r, err == nil, err
	case heap.IterFilter:
		for first := true; ; first = false {
			if !first {
				// Every rejected item counts for the limits, as above.
				if err := vm.checkLimits(); err != nil {
					return heap.Undef, false, err
				}
			}
			v, ok, err := vm.nextSub(it.Vals[0])
			if err != nil || !ok {
				return heap.Undef, false, err
			}
			t := v
			if it.Seq.K != heap.KNone {
				t, err = vm.callOne(it.Seq, v)
				if err != nil {
					if vm.ErrIs(err, TStopIteration) {
						return heap.Undef, false, nil
					}
					return heap.Undef, false, err
				}
			}
			ok, err = vm.Truth(t)
			if err != nil {
				return heap.Undef, false, err
			}
			if ok {
				return v, true, nil
			}
		}
	case heap.IterSeqProto:
		v, err := vm.GetItem(it.Seq, heap.Int(it.I))
		if err != nil {
			if vm.ErrIs(err, TIndexError) || vm.ErrIs(err, TStopIteration) {
				it.Kind = heap.IterDone
				return heap.Undef, false, nil
			}
			return heap.Undef, false, err
		}
		it.I++
		vm.H.TouchNonSeq(itv)
		return v, true, nil
	case heap.IterCallable:
		v, err := vm.Call(it.Seq)
		if err != nil {
			return heap.Undef, false, err
		}
		eq, err := vm.Eq(v, it.Vals[0])
		if err != nil {
			return heap.Undef, false, err
		}
		if eq {
			it.Kind = heap.IterDone
			return heap.Undef, false, nil
		}
		return v, true, nil
	}
	if it.Kind != heap.IterDone {
		it.Kind = heap.IterDone
		vm.H.TouchNonSeq(itv)
	}
	return heap.Undef, false, nil
}

// opForIter is FOR_ITER beyond the list/range fast paths.
func (vm *VM) opForIter(f *heap.Frame, it Value, target int32) (Value, bool, error) {
	if it.K == heap.KRef {
		switch o := vm.H.Get(it).(type) {
		case *heap.Iter:
			if o.Kind == heap.IterEnumerate || o.Kind == heap.IterZip || o.Kind == heap.IterMap {
				if handled, err := vm.wrapForIter(f, it, o, target); handled {
					if err == errExhausted {
						err = nil
					}
					return heap.Undef, false, err
				}
			}
			if vm.pairIter(o) && nextIsUnpack2(f) {
				// for a, b in d.items() / enumerate(...) / zip(x, y): the
				// pair goes straight to the stack, as UNPACK_SEQUENCE 2
				// would leave it (second below first), and that
				// instruction is done here: no tuple per step.
				a, b, ok, err := vm.iterNextPair(it, o)
				if err != nil || !ok {
					return heap.Undef, false, err
				}
				push(f, b)
				f.PC++
				return a, true, nil
			}
			if o.Kind == heap.IterFilter {
				if handled, err := vm.filterNextFrame(f, o, target); handled {
					if err == errExhausted {
						err = nil
					}
					return heap.Undef, false, err
				}
			}
			if o.Kind == heap.IterMap {
				if handled, err := vm.mapNextFrame(o, heap.RetForIter, target); handled {
					if err == errExhausted {
						err = nil
					}
					return heap.Undef, false, err
				}
			}
			return vm.iterNext(it, o)
		case *heap.Generator:
			err := vm.resumeGen(it, heap.None, nil, heap.RetForIter, target)
			if err == errExhausted {
				return heap.Undef, false, nil
			}
			return heap.Undef, false, err
		case *heap.Instance:
			fn := vm.LookupSpecial(it, "__next__")
			if vm.isPyFunc(fn) {
				return heap.Undef, false, vm.pushPyCall(fn, []Value{it}, heap.RetForIter, target, heap.Undef, heap.Undef)
			}
		}
	}
	return vm.Next(it)
}

// pairIter reports whether it yields 2-tuples that iterNextPair can
// hand out as two values.
func (vm *VM) pairIter(it *heap.Iter) bool {
	switch it.Kind {
	case heap.IterDictItems, heap.IterEnumerate:
		return true
	case heap.IterZip:
		return len(it.Vals) == 2 && it.Step == 0
	}
	return false
}

// nextSub is vm.Next for the iterator an enumerate or zip wraps, stepping
// a list, tuple or range iterator in place: those run no code and wrap
// nothing, so they need neither the C-depth guard nor the limit check
// the wrapper has made.
func (vm *VM) nextSub(itv Value) (Value, bool, error) {
	if itv.K == heap.KRef {
		if it, ok := vm.H.Get(itv).(*heap.Iter); ok {
			if v, ok := vm.stepSeq(itv, it); ok {
				return v, true, nil
			}
		}
	}
	// Another kind, or exhausted (iterNext marks it done).
	return vm.Next(itv)
}

// stepSeq steps a list, tuple or range iterator, which runs no code;
// ok=false when it is exhausted or of another kind.
func (vm *VM) stepSeq(itv Value, it *heap.Iter) (Value, bool) {
	switch it.Kind {
	case heap.IterList, heap.IterTuple:
		if items := vm.listItems(it.Seq); it.I < int64(len(items)) {
			v := items[it.I]
			it.I++
			vm.H.TouchNonSeq(itv)
			return v, true
		}
	case heap.IterRange:
		if (it.Step > 0 && it.I < it.N) || (it.Step < 0 && it.I > it.N) {
			v := heap.Int(it.I)
			it.I += it.Step
			vm.H.TouchNonSeq(itv)
			return v, true
		}
	}
	return heap.Undef, false
}

// nextIsUnpack2 reports whether f's next instruction (the one after its
// FOR_ITER) is UNPACK_SEQUENCE 2.
func nextIsUnpack2(f *heap.Frame) bool {
	instrs := f.C.Code.Instrs
	if pc := int(f.PC); pc < len(instrs) {
		in := instrs[pc]
		return in.Op() == compile.UNPACK_SEQUENCE && in.Arg() == 2
	}
	return false
}

// iterNextPair is iterNext for a pairIter, giving the pair's items
// rather than a tuple of them.
func (vm *VM) iterNextPair(itv Value, it *heap.Iter) (Value, Value, bool, error) {
	switch it.Kind {
	case heap.IterDictItems:
		if err := vm.checkLimits(); err != nil {
			return heap.Undef, heap.Undef, false, err
		}
		d, _ := vm.DictOf(it.Seq)
		if int64(d.Used) != it.N {
			it.Kind = heap.IterDone
			return heap.Undef, heap.Undef, false, vm.Errorf(TRuntimeError, "dictionary changed size during iteration")
		}
		if lead := int64(d.Lead()); it.I < lead {
			it.I = lead // deleted entries only (see Dict.Lead)
		}
		for it.I < int64(len(d.Entries)) {
			e := d.Entries[it.I]
			it.I++
			if e.Key.K == heap.KUndef {
				continue
			}
			vm.H.TouchNonSeq(itv)
			return e.Key, e.Val, true, nil
		}
		it.Kind = heap.IterDone
		vm.H.TouchNonSeq(itv)
		return heap.Undef, heap.Undef, false, nil
	case heap.IterEnumerate:
		if err := vm.checkLimits(); err != nil {
			return heap.Undef, heap.Undef, false, err
		}
		v, ok, err := vm.nextSub(it.Vals[0])
		if err != nil || !ok {
			return heap.Undef, heap.Undef, false, err
		}
		n := it.I
		it.I++
		vm.H.TouchNonSeq(itv)
		return heap.Int(n), v, true, nil
	}
	// A zip of two, not strict.
	if err := vm.checkLimits(); err != nil {
		return heap.Undef, heap.Undef, false, err
	}
	a, ok, err := vm.nextSub(it.Vals[0])
	if err != nil {
		return heap.Undef, heap.Undef, false, err
	}
	if ok {
		var b Value
		if b, ok, err = vm.nextSub(it.Vals[1]); err != nil {
			return heap.Undef, heap.Undef, false, err
		}
		if ok {
			return a, b, true, nil
		}
	}
	it.Kind = heap.IterDone
	return heap.Undef, heap.Undef, false, nil
}

// mapNextFrame steps a map of one Python function over a builtin
// iterator: it takes the next item natively and pushes the function's
// frame, whose return delivers the mapped value as ret says (under
// FOR_ITER a StopIteration the function raises ends the loop, as it
// would out of map's own __next__). handled=false leaves the step to
// iterNext. Otherwise err is errFramePushed, errExhausted when the
// iterator is, or the error of stepping it.
func (vm *VM) mapNextFrame(o *heap.Iter, ret heap.RetKind, target int32) (handled bool, err error) {
	if len(o.Vals) != 1 || !vm.isPyFunc(o.Seq) {
		return false, nil
	}
	subv := o.Vals[0]
	if subv.K != heap.KRef {
		return false, nil
	}
	sub, ok := vm.H.Get(subv).(*heap.Iter)
	if !ok || vm.needsFrames(subv) {
		return false, nil
	}
	x, ok, err := vm.iterNext(subv, sub)
	if err != nil {
		return true, err
	}
	if !ok {
		return true, errExhausted
	}
	return true, vm.pushPyCall(o.Seq, []Value{x}, ret, target, heap.Undef, heap.Undef)
}

// filterNextFrame is FOR_ITER (in f, ending at target) over a filter of
// a Python predicate over a builtin iterator: it takes the next item
// natively, leaves it on f's stack and pushes the predicate's frame, whose
// return (RetFilter, see deliver) keeps the item as FOR_ITER's value when
// the result is true, or drops it and runs the FOR_ITER again. handled=false
// leaves the step to iterNext; otherwise err is as mapNextFrame's.
func (vm *VM) filterNextFrame(f *heap.Frame, o *heap.Iter, target int32) (handled bool, err error) {
	if len(o.Vals) != 1 || o.Seq.K != heap.KRef || o.Vals[0].K != heap.KRef {
		return false, nil
	}
	fn, ok := vm.H.Get(o.Seq).(*heap.Function)
	if !ok {
		return false, nil
	}
	subv := o.Vals[0]
	sub, ok := vm.H.Get(subv).(*heap.Iter)
	if !ok {
		return false, nil
	}
	var x Value
	if err := vm.checkLimits(); err != nil {
		return true, err
	}
	if x, ok = vm.stepSeq(subv, sub); !ok {
		if vm.needsFrames(subv) {
			return false, nil
		}
		if x, ok, err = vm.iterNext(subv, sub); err != nil {
			return true, err
		} else if !ok {
			return true, errExhausted
		}
	}
	push(f, x)
	if err := vm.pushItemCall(o.Seq, fn, x, heap.RetFilter, target, heap.Undef, heap.Undef); err != errFramePushed {
		pop(f)
		return true, err
	}
	return true, errFramePushed
}

// pushItemCall is pushPyCall(fnv, [x], ret, retArg, aux0, aux1) for the
// Python function fn (fnv's object), whose frame is made directly when
// it takes x as it is (see callSimple): a callback per item.
func (vm *VM) pushItemCall(fnv Value, fn *heap.Function, x Value, ret heap.RetKind, retArg int32, aux0, aux1 Value) error {
	co := fn.C
	if co == nil {
		co = vm.codeOf(fn)
	}
	if co.Simple == 0 {
		shapeOf(co)
	}
	if co.Simple != 2 || len(vm.frames) >= vm.maxRecursion()+vm.frameBase {
		return vm.pushPyCall(fnv, []Value{x}, ret, retArg, aux0, aux1)
	}
	nf := vm.allocFrame(int(co.NSlots))
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, co, fnv, fn.Globals
	nf.Locals, nf.Gen = heap.Undef, heap.Undef
	nf.Slots[0] = x
	if len(fn.Closure) > 0 {
		copy(nf.Slots[co.NLocals:], fn.Closure)
	}
	nf.SP = co.NFixed
	nf.Ret, nf.RetArg = ret, retArg
	nf.Aux[0], nf.Aux[1] = aux0, aux1
	vm.frames = append(vm.frames, nf)
	return errFramePushed
}

// filterAgain follows a filter predicate's false result, delivered to
// caller (at the instruction after its FOR_ITER, whose loop ends at
// target): the item is dropped and the next one's predicate frame pushed
// at once, as the FOR_ITER would, or the loop ends; anything else runs
// that FOR_ITER again.
func (vm *VM) filterAgain(caller *heap.Frame, target int32) error {
	pop(caller)
	if caller.SP > 0 {
		if o, ok := vm.refObj(top(caller)).(*heap.Iter); ok && o.Kind == heap.IterFilter {
			handled, err := vm.filterNextFrame(caller, o, target)
			if handled {
				switch err {
				case errFramePushed:
					return nil
				case errExhausted:
					pop(caller)
					caller.PC = target
					return nil
				}
				return err
			}
		}
	}
	caller.PC--
	return nil
}

// callOne is vm.Call(fn, x), through callBuiltin1 when fn is a builtin
// function (len, abs, str.lower ...): key functions and maps call it
// once per item.
func (vm *VM) callOne(fn, x Value) (Value, error) {
	if fn.K == heap.KRef {
		if o, ok := vm.H.Get(fn).(*heap.Builtin); ok {
			if o.Self.K == heap.KUndef {
				// len, isinstance ...: builtinFast's answers, as a CALL's.
				a := [1]Value{x}
				vm.safeAllocs = 0 // as callBuiltin1
				if r, done, err := vm.builtinFast(o, a[:]); done {
					return r, err
				}
			}
			return vm.callBuiltin1(fn, x)
		}
	}
	return vm.Call(fn, x)
}

// callBuiltin1 calls the builtin fn with the one argument x, passed in
// the VM's argument arena (builtins copy what they keep, and the arena
// is a root), without the nested-loop setup vm.Call makes for Python
// code: the builtin may not hand its work to a frame (no tail call), and
// any Python it calls runs nested through vm.Call as usual.
func (vm *VM) callBuiltin1(fn, x Value) (Value, error) {
	top := vm.argTop
	if top+1 > len(vm.argArena) {
		// A new, larger arena; outer calls keep the old one.
		vm.argArena = make([]Value, max(2*len(vm.argArena), top+1, 64))
	}
	args := vm.argArena[top : top+1 : top+1]
	args[0] = x
	vm.argTop = top + 1
	// The builtin may drop what the running operation holds (d.pop hands
	// out a value only Go then refers to): no collection from reserve
	// until the operation ends (see openSafe), as vm.Call also ensures.
	vm.safeAllocs = 0
	r, err := vm.callValue(fn, args, nil, heap.RetPush, false)
	args[0] = heap.Undef
	vm.argTop = top
	if err == errFramePushed {
		// Not expected without a tail call; never leave a frame behind.
		return heap.Undef, &Fatal{Kind: "internal", Msg: "builtin pushed a frame without a tail call"}
	}
	return r, err
}

// Iterate calls fn for each item of v.
func (vm *VM) Iterate(v Value, fn func(Value) error) error {
	if vm.isListOrTuple(v) {
		// Re-read the items each step: fn may grow or shrink a list.
		for i := 0; ; i++ {
			items := vm.listItems(v)
			if i >= len(items) {
				return nil
			}
			if err := fn(items[i]); err != nil {
				return err
			}
		}
	}
	return vm.iterateNext(v, fn)
}

// iterateNext is Iterate through v's iterator, without the list and
// tuple fast path.
func (vm *VM) iterateNext(v Value, fn func(Value) error) error {
	it, err := vm.GetIter(v)
	if err != nil {
		return err
	}
	for {
		x, ok, err := vm.Next(it)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		if err := fn(x); err != nil {
			return err
		}
	}
}

func (vm *VM) isListOrTuple(v Value) bool {
	switch vm.refObj(v).(type) {
	case *heap.List, *heap.Tuple:
		return true
	}
	return false
}

// Unpack materialises an iterable.
func (vm *VM) Unpack(v Value) ([]Value, error) {
	if vm.isListOrTuple(v) {
		items := vm.listItems(v)
		if err := vm.reserveValues(int64(len(items))); err != nil {
			return nil, err
		}
		return append([]Value(nil), items...), nil
	}
	if items, ok, err := vm.dictUnpack(v); ok {
		return items, err
	}
	var out []Value
	err := vm.Iterate(v, func(x Value) error {
		// Draining a huge iterator meets the memory limit before Go runs
		// out, and the deadline.
		if err := vm.sliceRoom(len(out), cap(out)); err != nil {
			return err
		}
		if len(out)&0xffff == 0xffff {
			if err := vm.DeadlineErr(); err != nil {
				return err
			}
		}
		out = append(out, x)
		return nil
	})
	return out, err
}

func (vm *VM) unpackN(v Value, n int) ([]Value, error) {
	if vm.isListOrTuple(v) {
		items := vm.listItems(v)
		if len(items) == n {
			return items, nil
		}
		if len(items) < n {
			return nil, vm.ValueError("not enough values to unpack (expected %d, got %d)", n, len(items))
		}
		return nil, vm.ValueError("too many values to unpack (expected %d)", n)
	}
	if !vm.isIterable(v) {
		return nil, vm.TypeError("cannot unpack non-iterable %s object", vm.TypeName(v))
	}
	it, err := vm.GetIter(v)
	if err != nil {
		return nil, err
	}
	out := make([]Value, 0, n)
	for {
		x, ok, err := vm.Next(it)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		if len(out) == n {
			return nil, vm.ValueError("too many values to unpack (expected %d)", n)
		}
		out = append(out, x)
	}
	if len(out) < n {
		return nil, vm.ValueError("not enough values to unpack (expected %d, got %d)", n, len(out))
	}
	return out, nil
}

// getYieldFromIter is GET_YIELD_FROM_ITER.
func (vm *VM) getYieldFromIter(f *heap.Frame, v Value) (Value, error) {
	if v.K == heap.KRef {
		if g, ok := vm.H.Get(v).(*heap.Generator); ok {
			if g.Kind == heap.GenCoroutine && f.C.Code.Flags&compile.FlagCoroutine == 0 {
				return heap.Undef, vm.TypeError("cannot 'yield from' a coroutine object in a non-coroutine generator")
			}
			return v, nil
		}
	}
	return vm.GetIter(v)
}

// sendToDone reports that a SEND goes to a finished generator: its
// StopIteration ends the yield from at once with None, as in CPython. (A
// finished coroutine raises instead, so resumeGen takes that case.)
func sendToDone(g *heap.Generator) bool {
	return g.State == heap.GenDone && g.Kind != heap.GenCoroutine
}

// opSend is SEND: [sub, v] -> [sub, yielded] or [result] and jump.
func (vm *VM) opSend(f *heap.Frame, target int32) error {
	v := pop(f)
	sub := top(f)
	if sub.K == heap.KRef {
		switch o := vm.H.Get(sub).(type) {
		case *heap.Generator:
			if sendToDone(o) {
				pop(f)
				push(f, heap.None)
				f.PC = target
				return nil
			}
			return vm.resumeGen(sub, v, nil, heap.RetSend, target)
		case *heap.Opaque:
			// A host future or sleep awaitable: yields itself to the scheduler.
			if r, done, err := vm.awaitOpaque(sub, o); err != nil {
				return err
			} else if done {
				pop(f)
				push(f, r)
				f.PC = target
				return nil
			}
			push(f, sub)
			return nil
		}
	}
	var r Value
	var ok bool
	var err error
	if v.K == heap.KNone {
		r, ok, err = vm.Next(sub)
	} else {
		var m Value
		m, err = vm.GetAttr(sub, "send")
		if err == nil {
			r, err = vm.Call(m, v)
			ok = err == nil
			if err != nil && vm.ErrIs(err, TStopIteration) {
				e := err.(*Exception)
				r, _ = vm.excAttr(vm.H.Get(e.Value).(*heap.Instance), "value")
				pop(f)
				push(f, r)
				f.PC = target
				return nil
			}
		}
	}
	if err != nil {
		return err
	}
	if !ok {
		pop(f)
		if r.K == heap.KUndef {
			r = heap.None
		}
		push(f, r) // the sub-iterator's end value is the yield from's
		f.PC = target
		return nil
	}
	push(f, r)
	return nil
}

// stopValue is the value of the StopIteration err carries (None if it
// carries none).
func (vm *VM) stopValue(err error) Value {
	var e *Exception
	if errors.As(err, &e) && e.Value.K == heap.KRef {
		if o, ok := vm.H.Get(e.Value).(*heap.Instance); ok && o.Exc != nil {
			if v, ok := vm.excAttr(o, "value"); ok {
				return v
			}
		}
	}
	return heap.None
}

func init() {
	AddMethods(TGenerator, genMethods)
	AddMethods(TCoroutine, genMethods)
	AddMethods(TAsyncGenerator, []MethodDef{
		{Name: "__anext__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			return vm.H.Alloc(&heap.Opaque{Kind: "anext", Vals: []Value{self}}), nil
		}},
		{Name: "__aiter__", Fn: func(vm *VM, self Value, a Args) (Value, error) { return self, nil }},
	})
	AddMethods(TListIterator, iterMethods)
	AddMethods(TTupleIterator, iterMethods)
	AddMethods(TStrIterator, iterMethods)
	AddMethods(TRangeIterator, iterMethods)
	AddMethods(TDictKeyIterator, iterMethods)
	AddMethods(TDictValueIterator, iterMethods)
	AddMethods(TDictItemIterator, iterMethods)
	AddMethods(TSetIterator, iterMethods)
	AddMethods(TEnumerate, iterMethods)
	AddMethods(TZip, iterMethods)
	AddMethods(TMap, iterMethods)
	AddMethods(TFilter, iterMethods)
	AddMethods(TReversed, iterMethods)
	AddMethods(TSeqIterator, iterMethods)
}

var iterMethods = []MethodDef{
	{Name: "__iter__", Fn: func(vm *VM, self Value, a Args) (Value, error) { return self, nil }},
	{Name: "__next__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
		return builtinNext(vm, heap.Undef, Args{Pos: []Value{self}})
	}},
}

var genMethods = []MethodDef{
	{Name: "__iter__", Fn: func(vm *VM, self Value, a Args) (Value, error) { return self, nil }},
	{Name: "__next__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
		return vm.genSend(self, heap.None, nil)
	}},
	{Name: "send", Fn: func(vm *VM, self Value, a Args) (Value, error) {
		var value Value
		if err := vm.UnpackArgs("send", a, nil, 1, &value); err != nil {
			return heap.Undef, err
		}
		return vm.genSend(self, value, nil)
	}},
	{Name: "throw", Fn: func(vm *VM, self Value, a Args) (Value, error) {
		if len(a.Pos) == 0 {
			return heap.Undef, vm.TypeError("throw expected at least 1 argument, got 0")
		}
		raw := append([]Value(nil), a.Pos...)
		e, err := vm.throwArgs(a)
		if err != nil {
			var exc *Exception
			if !vm.throwsToObject(self) || !errors.As(err, &exc) {
				return heap.Undef, err
			}
			// Not an exception, but the sub-iterator's throw may take it;
			// without one, the TypeError is raised in the generator.
			exc.thrown = raw
			return vm.genSend(self, heap.None, exc)
		}
		return vm.genSend(self, heap.None, &Exception{Value: e, vm: vm, thrown: raw})
	}},
	{Name: "close", Fn: func(vm *VM, self Value, a Args) (Value, error) {
		g := vm.H.Get(self).(*heap.Generator)
		if g.State == heap.GenDone || g.State == heap.GenCreated {
			g.State = heap.GenDone
			g.Frame = nil
			vm.H.Touch(self)
			return heap.None, nil
		}
		exc := vm.NewException(vm.Types[TGeneratorExit], nil)
		_, ok, err := vm.genNextNested(self, heap.None, &Exception{Value: exc, vm: vm})
		if err != nil {
			if vm.ErrIs(err, TGeneratorExit) || vm.ErrIs(err, TStopIteration) {
				return heap.None, nil
			}
			return heap.Undef, err
		}
		if ok {
			return heap.Undef, vm.Errorf(TRuntimeError, "generator ignored GeneratorExit")
		}
		return heap.None, nil
	}},
}

// genSend resumes a generator for next()/send()/throw(). From the eval
// loop the generator runs as a frame (and may pause for the host);
// elsewhere it runs nested.
func (vm *VM) genSend(gv, v Value, throw error) (Value, error) {
	if vm.tailOK && vm.tailRet == heap.RetPush {
		err := vm.resumeGen(gv, v, throw, heap.RetNext, 0)
		if err == errFramePushed {
			return heap.Undef, nil
		}
		if err == errExhausted {
			return heap.Undef, vm.ErrorArgs(TStopIteration)
		}
		return heap.Undef, err
	}
	r, ok, err := vm.genNextNested(gv, v, throw)
	if err != nil {
		return heap.Undef, err
	}
	if !ok {
		if r.K == heap.KNone || r.K == heap.KUndef {
			return heap.Undef, vm.ErrorArgs(TStopIteration)
		}
		return heap.Undef, vm.ErrorArgs(TStopIteration, r)
	}
	return r, nil
}

func builtinNext(vm *VM, _ Value, a Args) (Value, error) {
	var iteratorArg, dflt Value
	if err := vm.UnpackArgs("next", a, nil, 1, &iteratorArg, &dflt); err != nil {
		return heap.Undef, err
	}
	it := iteratorArg
	if it.K == heap.KRef {
		switch o := vm.H.Get(it).(type) {
		case *heap.Instance:
			// The StopIteration a __next__ raises is next()'s own, args
			// and all.
			if fn := vm.LookupSpecial(it, "__next__"); fn.K != heap.KUndef {
				v, err := vm.Call(vm.BindMethod(fn, it, o.Class))
				if err != nil && dflt.K != heap.KUndef && vm.ErrIs(err, TStopIteration) {
					return dflt, nil
				}
				return v, err
			}
		case *heap.Generator:
			if dflt.K == heap.KUndef {
				return vm.genSend(it, heap.None, nil)
			}
		case *heap.Iter:
			// An enumerate or zip wrapping a generator steps it in a
			// frame, where the generator may pause.
			if vm.tailOK && (vm.wrapsGen(o) || (o.Kind == heap.IterFilter && vm.isPyFunc(o.Seq))) {
				box := vm.NewTuple(nil)
				if dflt.K != heap.KUndef {
					box = vm.NewTuple([]Value{dflt})
				}
				if r, ok, err := vm.tailPy("next", "next_", it, box); ok {
					return r, err
				}
			}
			// From the eval loop, a map's Python function runs in a frame
			// (so it may pause for the host); its StopIteration is next()'s.
			if o.Kind == heap.IterMap && dflt.K == heap.KUndef && vm.tailOK && vm.tailRet == heap.RetPush {
				if handled, err := vm.mapNextFrame(o, heap.RetPush, 0); handled {
					if err == errFramePushed {
						return heap.Undef, nil
					}
					if err == errExhausted {
						return heap.Undef, vm.ErrorArgs(TStopIteration)
					}
					return heap.Undef, err
				}
			}
		}
	}
	if !vm.isIterator(it) {
		return heap.Undef, vm.TypeError("'%s' object is not an iterator", vm.TypeName(it))
	}
	v, ok, err := vm.Next(it)
	if err != nil {
		return heap.Undef, err
	}
	if !ok {
		if dflt.K != heap.KUndef {
			return dflt, nil
		}
		if v.K == heap.KUndef || v.K == heap.KNone {
			return heap.Undef, vm.ErrorArgs(TStopIteration)
		}
		return heap.Undef, vm.ErrorArgs(TStopIteration, v)
	}
	return v, nil
}

// An enumerate over a generator, or a zip of a generator and a list,
// tuple or range, is a builtin iterator (not a Python twin) that FOR_ITER
// steps without a frame of its own: the generator's frame runs with
// RetForIterWrap and the wrapper in its Aux[0], and each value it yields
// is wrapped (numbered, or paired with the other iterator's item) on its
// way to the loop. Everything else that steps such a wrapper takes the
// general paths (needsFrames sees the generator inside).

// plainGen reports whether v is a generator object (not a coroutine).
func (vm *VM) plainGen(v Value) bool {
	g, ok := vm.refObj(v).(*heap.Generator)
	return ok && g.Kind == heap.GenGenerator
}

// seqIterable reports whether v is a list, tuple or range, or an iterator
// over one: what a generator's zip partner may be.
func (vm *VM) seqIterable(v Value) bool {
	switch o := vm.refObj(v).(type) {
	case *heap.List, *heap.Tuple, *heap.Range:
		return true
	case *heap.Iter:
		return o.Kind == heap.IterList || o.Kind == heap.IterTuple || o.Kind == heap.IterRange
	}
	return false
}

// wrapZipOK reports whether zip(a, b) (not strict) may be a wrapper.
func (vm *VM) wrapZipOK(a, b Value) bool {
	if vm.plainGen(a) {
		return vm.seqIterable(b) || (vm.plainGen(b) && a != b)
	}
	return vm.seqIterable(a) && vm.plainGen(b)
}

// wrapForIter is FOR_ITER over the wrapper itv (f's top): handled=false
// leaves it to the general path; otherwise err is errFramePushed (the
// generator runs), errExhausted, or the error to raise.
func (vm *VM) wrapForIter(f *heap.Frame, itv Value, it *heap.Iter, target int32) (handled bool, err error) {
	var gv Value
	pending := false
	switch {
	case it.Kind == heap.IterEnumerate && len(it.Vals) == 1 && it.I < math.MaxInt64:
		gv = it.Vals[0]
	case it.Kind == heap.IterMap && len(it.Vals) == 1:
		gv = it.Vals[0]
	case it.Kind == heap.IterZip && len(it.Vals) == 2 && it.Step == 0:
		gv = it.Vals[0]
		if !vm.plainGen(gv) {
			// zip(seq, gen): the sequence's item first, as zip takes
			// them, kept on f's stack while the generator runs.
			gv = it.Vals[1]
			sub, ok := vm.refObj(it.Vals[0]).(*heap.Iter)
			if !ok || !vm.plainGen(gv) {
				return false, nil
			}
			a, ok := vm.stepSeq(it.Vals[0], sub)
			if !ok {
				if sub.Kind != heap.IterList && sub.Kind != heap.IterTuple && sub.Kind != heap.IterRange && sub.Kind != heap.IterDone {
					return false, nil
				}
				return true, errExhausted
			}
			push(f, a)
			pending = true
		}
	default:
		return false, nil
	}
	g, ok := vm.refObj(gv).(*heap.Generator)
	if !ok || g.Kind != heap.GenGenerator {
		if pending {
			pop(f)
		}
		return false, nil
	}
	if g.State == heap.GenDone {
		if pending {
			pop(f)
		}
		return true, errExhausted
	}
	if vm.enterGen(gv, g, heap.RetForIterWrap, target, heap.None) {
		g.Frame.Aux[0] = itv
		return true, errFramePushed
	}
	err = vm.resumeGen(gv, heap.None, nil, heap.RetForIterWrap, target)
	if err != errFramePushed {
		if pending {
			pop(f)
		}
		return true, err
	}
	g.Frame.Aux[0] = itv
	return true, errFramePushed
}

// wrapYield delivers v, yielded by the generator frame gf running under
// RetForIterWrap, to the loop in caller: wrapped, as two values when
// UNPACK_SEQUENCE 2 comes next, or the loop's end when a zip partner
// ran out.
func (vm *VM) wrapYield(caller, gf *heap.Frame, v Value) error {
	wv := gf.Aux[0]
	gf.Aux[0] = heap.Undef
	it, ok := vm.refObj(wv).(*heap.Iter)
	if !ok || len(it.Vals) == 0 {
		return &Fatal{Kind: "internal", Msg: "generator wrapper lost"}
	}
	var a, b Value
	switch {
	case it.Kind == heap.IterMap:
		return vm.wrapMap(caller, gf.RetArg, it.Seq, v)
	case it.Kind == heap.IterEnumerate:
		a, b = heap.Int(it.I), v
		it.I++
		vm.H.TouchNonSeq(wv)
	case len(it.Vals) == 2 && it.Vals[1] == gf.Gen:
		if caller.SP < 2 {
			return &Fatal{Kind: "internal", Msg: "generator wrapper lost"}
		}
		a, b = pop(caller), v
	case len(it.Vals) == 2 && vm.plainGen(it.Vals[1]):
		// zip(gen, gen2): v waits on the loop's stack while gen2 runs
		// to give its item (or ends the loop).
		return vm.wrapPartner(caller, gf, wv, it.Vals[1], v)
	case len(it.Vals) == 2:
		sub, ok := vm.refObj(it.Vals[1]).(*heap.Iter)
		if !ok {
			return &Fatal{Kind: "internal", Msg: "generator wrapper lost"}
		}
		x, ok := vm.stepSeq(it.Vals[1], sub)
		if !ok {
			// The partner ran out: the generator's value is dropped,
			// as zip drops it, and the loop ends.
			if caller.SP < 1 {
				return &Fatal{Kind: "internal", Msg: "generator wrapper lost"}
			}
			pop(caller)
			caller.PC = gf.RetArg
			return nil
		}
		a, b = v, x
	default:
		return &Fatal{Kind: "internal", Msg: "generator wrapper lost"}
	}
	if nextIsUnpack2(caller) {
		push(caller, b)
		push(caller, a)
		caller.PC++
		return nil
	}
	push(caller, vm.NewTuple([]Value{a, b}))
	return nil
}

// wrapMap delivers fn(v) to the loop in caller, for a map of fn over
// a generator: a Python function runs in a frame of its own, whose
// StopIteration ends the loop as map's would.
func (vm *VM) wrapMap(caller *heap.Frame, target int32, fn, v Value) error {
	if vm.isPyFunc(fn) {
		if err := vm.pushPyCall(fn, []Value{v}, heap.RetForIter, target, heap.Undef, heap.Undef); err != errFramePushed {
			return err
		}
		return nil
	}
	r, err := vm.callOne(fn, v)
	if err != nil {
		if vm.ErrIs(err, TStopIteration) && caller.SP > 0 {
			pop(caller)
			caller.PC = target
			return nil
		}
		return err
	}
	push(caller, r)
	return nil
}

// wrapsGen reports whether it is an enumerate, zip or map that
// wrapForIter steps: one wrapping a generator.
func (vm *VM) wrapsGen(it *heap.Iter) bool {
	if it.Kind != heap.IterEnumerate && it.Kind != heap.IterZip && it.Kind != heap.IterMap {
		return false
	}
	for _, x := range it.Vals {
		if vm.plainGen(x) {
			return true
		}
	}
	return false
}

// wrapPartner resumes g2v, the second generator of the zip wv, for the
// item to pair with v, the first one's: v waits on caller's stack.
func (vm *VM) wrapPartner(caller, gf *heap.Frame, wv, g2v, v Value) error {
	target := gf.RetArg
	g2 := vm.H.Get(g2v).(*heap.Generator)
	if g2.State == heap.GenDone {
		// As zip does, v is dropped and the loop ends.
		if caller.SP < 1 {
			return &Fatal{Kind: "internal", Msg: "generator wrapper lost"}
		}
		pop(caller)
		caller.PC = target
		return nil
	}
	push(caller, v)
	err := vm.resumeGen(g2v, heap.None, nil, heap.RetForIterWrap, target)
	if err != errFramePushed {
		pop(caller)
		return err
	}
	g2.Frame.Aux[0] = wv
	return nil
}

// wrapReturn ends the loop in caller over the wrapper wv, whose
// generator returned.
func (vm *VM) wrapReturn(caller *heap.Frame, wv, gen Value, target int32) {
	if it, ok := vm.refObj(wv).(*heap.Iter); ok && it.Kind != heap.IterEnumerate && len(it.Vals) == 2 && it.Vals[1] == gen && caller.SP > 1 {
		pop(caller) // zip(seq, gen): the sequence's item goes too
	}
	if caller.SP > 0 {
		pop(caller)
	}
	caller.PC = target
}
