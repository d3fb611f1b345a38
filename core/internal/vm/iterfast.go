package vm

import (
	"sync"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// unpackTwo is the instruction after a FOR_ITER whose loop target is a
// pair: for a, b in ...
var unpackTwo = compile.MakeInstr(compile.UNPACK_SEQUENCE, 2)

// forIterMore steps, for the dispatch loop's FOR_ITER, the builtin
// iterators loops meet most after ranges and lists: enumerate and zip of
// two over lists, tuples and ranges, dict views, and strs. Going through
// the slow path cost these loops twice CPython's instructions a turn.
//
// It returns n=1 and the item in a, or, when pair is set (the loop's next
// instruction unpacks two), n=2 and the pair's items in a and b, with no
// tuple. It returns n=0, having changed nothing, for everything else: any
// other iterator, a pair it would have to box, a dict that changed size,
// and the end of the iteration, which opForIter finishes (marking the
// iterators done, raising what CPython raises).
func (vm *VM) forIterMore(it *heap.Iter, pair bool) (a, b Value, n int) {
	switch it.Kind {
	case heap.IterEnumerate:
		if !pair {
			return
		}
		if sub, v, ok := vm.seqIterAhead(it.Vals[0]); ok {
			vm.stepAhead(it.Vals[0], sub)
			a = heap.Int(it.I)
			it.I++
			return a, v, 2
		}
	case heap.IterZip:
		// A zip of two, not strict, whose both iterators have an item:
		// stepping the first and then finding the second spent would
		// lose the first's item to the slow path's second step.
		if !pair || len(it.Vals) != 2 || it.Step != 0 {
			return
		}
		s0, v0, ok0 := vm.seqIterAhead(it.Vals[0])
		if !ok0 {
			return
		}
		if s1, v1, ok1 := vm.seqIterAhead(it.Vals[1]); ok1 {
			vm.stepAhead(it.Vals[0], s0)
			vm.stepAhead(it.Vals[1], s1)
			return v0, v1, 2
		}
	case heap.IterDictKeys, heap.IterDictValues, heap.IterDictItems:
		if it.Kind == heap.IterDictItems && !pair {
			return
		}
		d, ok := vm.DictOf(it.Seq)
		if !ok || int64(d.Used) != it.N {
			return
		}
		i := max(it.I, int64(d.Lead()))
		for ; i < int64(len(d.Entries)); i++ {
			if e := &d.Entries[i]; e.Key.K != heap.KUndef {
				it.I = i + 1
				switch it.Kind {
				case heap.IterDictKeys:
					return e.Key, b, 1
				case heap.IterDictValues:
					return e.Val, b, 1
				}
				return e.Key, e.Val, 2
			}
		}
	case heap.IterMap:
		if !pair && len(it.Vals) == 1 {
			return vm.mapPureStep(it)
		}
	case heap.IterStr:
		if s, ok := vm.H.Get(it.Seq).(*heap.Str); ok && int(it.I) < len(s.S) {
			ch, next := vm.strCharAt(s, int(it.I))
			it.I = int64(next)
			return ch, b, 1
		}
	}
	return
}

// seqIterAhead returns the list, tuple or range iterator itv and its next
// item, when it has one, without stepping it.
func (vm *VM) seqIterAhead(itv Value) (*heap.Iter, Value, bool) {
	if itv.K != heap.KRef {
		return nil, Value{}, false
	}
	it, ok := vm.H.Get(itv).(*heap.Iter)
	if !ok {
		return nil, Value{}, false
	}
	switch it.Kind {
	case heap.IterList, heap.IterTuple:
		if items := vm.listItems(it.Seq); it.I < int64(len(items)) {
			return it, items[it.I], true
		}
	case heap.IterRange:
		if (it.Step > 0 && it.I < it.N) || (it.Step < 0 && it.I > it.N) {
			return it, heap.Int(it.I), true
		}
	}
	return nil, Value{}, false
}

// stepAhead steps past the item seqIterAhead gave.
func (vm *VM) stepAhead(itv Value, it *heap.Iter) {
	if it.Kind == heap.IterRange {
		it.I += it.Step
	} else {
		it.I++
	}
	vm.H.TouchNonSeq(itv)
}

// pureIDs holds the registry IDs of the builtin functions mapPureStep
// calls: given an int, float, bool, None or exact str they run no Python
// code, have no effect but their result and cannot pause.
var pureIDs struct {
	once sync.Once
	ids  [10]int32
}

func loadPureIDs() {
	for i, name := range []string{"abs", "len", "ord", "chr", "hex", "oct", "bin", "repr", "hash", "round"} {
		pureIDs.ids[i] = mustBuiltinID(name)
	}
}

// mapPureStep is forIterMore's step of map(f, xs) over a list, tuple or
// range, for f one of a few pure builtins (abs, len, ord, chr, hex, repr,
// round ...) or the classes int, float, str and bool, and an item that is
// an int, float, bool, None or exact str: f runs straight away, with no
// slow path's layers between. Since f has no other effect, an error it
// raises is left to the slow path to raise again, with nothing stepped.
func (vm *VM) mapPureStep(it *heap.Iter) (a, b Value, n int) {
	fn := it.Seq
	if fn.K != heap.KRef {
		return
	}
	sub, x, ok := vm.seqIterAhead(it.Vals[0])
	if !ok {
		return
	}
	switch x.K {
	case heap.KInt, heap.KFloat, heap.KBool, heap.KNone:
	case heap.KRef:
		if _, ok := vm.H.Get(x).(*heap.Str); !ok {
			return
		}
	default:
		return
	}
	switch o := vm.H.Get(fn).(type) {
	case *heap.Builtin:
		if o.Self.K != heap.KUndef {
			return
		}
		pureIDs.once.Do(loadPureIDs)
		pure := false
		for _, id := range pureIDs.ids {
			if o.ID == id {
				pure = true
				break
			}
		}
		if !pure {
			return
		}
		// The builtin's Go function straight away, its argument in the
		// arena (as callBuiltin1's): none of these is a method, takes
		// a tail call or builds a large object.
		top := vm.argTop
		if top+1 > len(vm.argArena) {
			return
		}
		args := vm.argArena[top : top+1 : top+1]
		args[0] = x
		vm.argTop = top + 1
		vm.safeAllocs = 0
		prevTail := vm.tailOK
		vm.tailOK = false
		r, err := builtinDef(o.ID).Fn(vm, heap.Undef, Args{Pos: args})
		vm.tailOK = prevTail
		args[0] = heap.Undef
		vm.argTop = top
		if err != nil {
			return
		}
		a = r
	case *heap.Class:
		if fn != vm.Types[TInt] && fn != vm.Types[TFloat] && fn != vm.Types[TStr] && fn != vm.Types[TBool] {
			return
		}
		r, err := vm.callOne(fn, x)
		if err != nil {
			return
		}
		a = r
	default:
		return
	}
	vm.stepAhead(it.Vals[0], sub)
	return a, b, 1
}
