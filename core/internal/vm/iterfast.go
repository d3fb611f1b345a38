package vm

import (
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
