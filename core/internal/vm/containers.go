package vm

// Container hooks: operators, indexing, membership, repr and hash for
// list, tuple, dict, set, frozenset, range, slice and dict views, with
// CPython 3.11's semantics and error messages.

import (
	"math"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// maxSeqItems bounds the size of a list or tuple built by repetition, so a
// runaway [0] * n fails with MemoryError instead of exhausting the host.
const maxSeqItems = 1 << 31

// --- small helpers -----------------------------------------------------------

// seqItemsOf returns the items of a list or tuple (or of an instance of a
// subclass of either).
func (vm *VM) seqItemsOf(v Value) ([]Value, bool) {
	if l, ok := vm.ListOf(v); ok {
		return l.Items, true
	}
	if t, ok := vm.TupleOf(v); ok {
		return t.Items, true
	}
	return nil, false
}

// rawObj returns the heap object behind v after unwrapping a builtin
// subclass instance, or nil for immediates.
func (vm *VM) ctRawObj(v Value) heap.Object {
	v = vm.Prim(v)
	if v.K != heap.KRef {
		return nil
	}
	return vm.H.Get(v)
}

// rangeOf returns the range object behind v.
func (vm *VM) ctRangeOf(v Value) (*heap.Range, bool) {
	if v.K != heap.KRef {
		return nil, false
	}
	r, ok := vm.H.Get(v).(*heap.Range)
	return r, ok
}

// sliceOf returns the slice object behind v.
func (vm *VM) ctSliceOf(v Value) (*heap.Slice, bool) {
	if v.K != heap.KRef {
		return nil, false
	}
	s, ok := vm.H.Get(v).(*heap.Slice)
	return s, ok
}

// viewOf returns the dict view behind v.
func (vm *VM) ctViewOf(v Value) (*heap.DictView, bool) {
	if v.K != heap.KRef {
		return nil, false
	}
	d, ok := vm.H.Get(v).(*heap.DictView)
	return d, ok
}

// sameOrEq is PyObject_RichCompareBool(a, b, Py_EQ): identity implies
// equality, then ==.
func (vm *VM) sameOrEq(a, b Value) (bool, error) {
	if a == b {
		return true, nil
	}
	return vm.Eq(a, b)
}

// userReflects reports whether v is an instance of a user class that
// defines the (reflected) special method name in Python code, so an
// operator must return NotImplemented to let it run.
func (vm *VM) userReflects(v Value, name string) bool {
	if v.K != heap.KRef {
		return false
	}
	if _, ok := vm.H.Get(v).(*heap.Instance); !ok {
		return false
	}
	m := vm.LookupClassStr(vm.TypeOf(v), name)
	if m.K != heap.KRef {
		return false
	}
	_, builtin := vm.H.Get(m).(*heap.Builtin)
	return !builtin
}

// seqIndex converts an index for a sequence of length n, raising
// CPython's TypeError/IndexError with the sequence's name.
func (vm *VM) seqIndex(key Value, n int, what string) (int, error) {
	i, err := vm.ctIndexValue(key, what+" indices must be integers or slices, not %s")
	if err != nil {
		return 0, err
	}
	if i < 0 {
		i += int64(n)
	}
	if i < 0 || i >= int64(n) {
		return 0, vm.Errorf(TIndexError, "%s index out of range", what)
	}
	return int(i), nil
}

// indexValue converts v with __index__ semantics; typeMsg has one %s for
// the type name. Ints too large for an index raise IndexError.
func (vm *VM) ctIndexValue(v Value, typeMsg string) (int64, error) {
	switch v.K {
	case heap.KInt:
		return v.I(), nil
	case heap.KBool:
		return int64(v.N), nil
	}
	if b, ok := vm.BigOf(v); ok && !b.IsInt64() {
		return 0, vm.Errorf(TIndexError, "cannot fit 'int' into an index-sized integer")
	}
	i, ok := vm.IndexOf(v)
	if !ok {
		return 0, vm.TypeError(typeMsg, vm.TypeName(v))
	}
	return i, nil
}

// --- slices ------------------------------------------------------------------

// sliceBound converts one field of a slice (not None) to an int64,
// clamping huge ints like CPython's _PyEval_SliceIndex.
func (vm *VM) ctSliceBound(v Value) (int64, error) {
	switch v.K {
	case heap.KInt:
		return v.I(), nil
	case heap.KBool:
		return int64(v.N), nil
	}
	if b, ok := vm.BigOf(v); ok {
		if b.IsInt64() {
			return b.Int64(), nil
		}
		if b.Sign() < 0 {
			return math.MinInt64, nil
		}
		return math.MaxInt64, nil
	}
	i, ok := vm.IndexOf(v)
	if !ok {
		return 0, vm.TypeError("slice indices must be integers or None or have an __index__ method")
	}
	return i, nil
}

// sliceUnpack is PySlice_Unpack: the raw start, stop and step with None
// replaced by the defaults for the step's direction.
func (vm *VM) sliceUnpack(s *heap.Slice) (start, stop, step int64, err error) {
	step = 1
	if s.Step.K != heap.KNone {
		if step, err = vm.ctSliceBound(s.Step); err != nil {
			return
		}
		if step == 0 {
			err = vm.ValueError("slice step cannot be zero")
			return
		}
		if step < -math.MaxInt64 {
			step = -math.MaxInt64
		}
	}
	if s.Start.K == heap.KNone {
		if step < 0 {
			start = math.MaxInt64
		} else {
			start = 0
		}
	} else if start, err = vm.ctSliceBound(s.Start); err != nil {
		return
	}
	if s.Stop.K == heap.KNone {
		if step < 0 {
			stop = math.MinInt64
		} else {
			stop = math.MaxInt64
		}
	} else if stop, err = vm.ctSliceBound(s.Stop); err != nil {
		return
	}
	return
}

// adjustSlice is PySlice_AdjustIndices: it clips start and stop to a
// sequence of the given length and returns the number of items.
func ctAdjustSlice(length, start, stop, step int64) (int64, int64, int64) {
	if start < 0 {
		start += length
		if start < 0 {
			if step < 0 {
				start = -1
			} else {
				start = 0
			}
		}
	} else if start >= length {
		if step < 0 {
			start = length - 1
		} else {
			start = length
		}
	}
	if stop < 0 {
		stop += length
		if stop < 0 {
			if step < 0 {
				stop = -1
			} else {
				stop = 0
			}
		}
	} else if stop >= length {
		if step < 0 {
			stop = length - 1
		} else {
			stop = length
		}
	}
	var n int64
	if step < 0 {
		if stop < start {
			n = (start-stop-1)/(-step) + 1
		}
	} else if start < stop {
		n = (stop-start-1)/step + 1
	}
	return start, stop, n
}

// SliceIndices is CPython's PySlice_GetIndicesEx: it resolves a slice
// object against a sequence of the given length.
func (vm *VM) SliceIndices(slice Value, length int) (start, stop, step, n int, err error) {
	s, ok := vm.ctSliceOf(slice)
	if !ok {
		return 0, 0, 0, 0, vm.TypeError("expected slice, got %s", vm.TypeName(slice))
	}
	a, b, c, err := vm.sliceUnpack(s)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	a, b, cnt := ctAdjustSlice(int64(length), a, b, c)
	return int(a), int(b), int(c), int(cnt), nil
}

// sliceItems returns items[start:stop:step] as a new slice.
func ctSliceItems(items []Value, start, step, n int) []Value {
	out := make([]Value, n)
	if step == 1 {
		copy(out, items[start:start+n])
		return out
	}
	for i, j := 0, start; i < n; i, j = i+1, j+step {
		out[i] = items[j]
	}
	return out
}

// --- ranges --------------------------------------------------------------------

// rangeLen is len(range) (saturating at MaxInt64).
func rangeLength(r *heap.Range) int64 {
	var n uint64
	switch {
	case r.Step > 0 && r.Start < r.Stop:
		n = (uint64(r.Stop)-uint64(r.Start)-1)/uint64(r.Step) + 1
	case r.Step < 0 && r.Start > r.Stop:
		n = (uint64(r.Start)-uint64(r.Stop)-1)/(uint64(-(r.Step+1))+1) + 1
	}
	if n > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(n)
}

// rangeItem is r[i] for 0 <= i < len(r).
func rangeItem(r *heap.Range, i int64) int64 { return r.Start + i*r.Step }

// rangeHas reports whether the int x is an element of r.
func rangeHas(r *heap.Range, x int64) bool {
	if r.Step > 0 {
		if x < r.Start || x >= r.Stop {
			return false
		}
	} else if x > r.Start || x <= r.Stop {
		return false
	}
	d := uint64(x - r.Start)
	if r.Step < 0 {
		d = uint64(r.Start - x)
		return d%(uint64(-(r.Step+1))+1) == 0
	}
	return d%uint64(r.Step) == 0
}

// rangeEq is range == range: equal as sequences.
func rangeEq(a, b *heap.Range) bool {
	if a == b {
		return true
	}
	la, lb := rangeLength(a), rangeLength(b)
	if la != lb {
		return false
	}
	if la == 0 {
		return true
	}
	if a.Start != b.Start {
		return false
	}
	return la == 1 || a.Step == b.Step
}

// --- seqBinary -------------------------------------------------------------------

// seqBinary implements operators on list, tuple, set, frozenset, dict and
// dict views; heap.NotImplemented otherwise.
func (vm *VM) seqBinary(op int, a, b Value) (Value, error) {
	switch op {
	case compile.BinAdd:
		return vm.seqConcat(a, b)
	case compile.BinMul:
		return vm.seqRepeat(a, b)
	case compile.BinOr, compile.BinAnd, compile.BinSub, compile.BinXor:
		if sa, ok := vm.SetOf(a); ok {
			if sb, ok := vm.SetOf(b); ok {
				return vm.setBinary(op, sa, sb, sa.Frozen)
			}
		}
		if va, ok := vm.ctViewOf(a); ok && va.Kind != heap.IterDictValues {
			return vm.viewBinary(op, a, b)
		}
		if vb, ok := vm.ctViewOf(b); ok && vb.Kind != heap.IterDictValues {
			if !vm.isIterableValue(a) {
				return heap.NotImplemented, nil
			}
			return vm.viewBinary(op, a, b)
		}
		if op == compile.BinOr {
			da, ok1 := vm.DictOf(a)
			db, ok2 := vm.DictOf(b)
			if ok1 && ok2 {
				rv := vm.NewDict()
				r := vm.H.Get(rv).(*heap.Dict)
				vm.dictCopyInto(r, da)
				if err := vm.dictMergeDict(r, db); err != nil {
					return heap.Undef, err
				}
				return rv, nil
			}
		}
	}
	return heap.NotImplemented, nil
}

// isIterableValue reports whether iter(v) would succeed, without calling it
// for builtin containers.
func (vm *VM) isIterableValue(v Value) bool {
	switch vm.ctRawObj(v).(type) {
	case *heap.List, *heap.Tuple, *heap.Dict, *heap.Set, *heap.Str, *heap.Bytes, *heap.Range, *heap.DictView, *heap.Iter, *heap.Generator:
		return true
	}
	if v.K != heap.KRef {
		return false
	}
	cls := vm.TypeOf(v)
	return vm.LookupClassStr(cls, "__iter__").K != heap.KUndef || vm.LookupClassStr(cls, "__getitem__").K != heap.KUndef
}

func (vm *VM) seqConcat(a, b Value) (Value, error) {
	if la, ok := vm.ListOf(a); ok {
		if lb, ok := vm.ListOf(b); ok {
			items := make([]Value, 0, len(la.Items)+len(lb.Items))
			items = append(items, la.Items...)
			items = append(items, lb.Items...)
			return vm.NewList(items), nil
		}
		if vm.userReflects(b, "__radd__") {
			return heap.NotImplemented, nil
		}
		return heap.Undef, vm.TypeError("can only concatenate list (not \"%s\") to list", vm.TypeName(b))
	}
	if ta, ok := vm.TupleOf(a); ok {
		if tb, ok := vm.TupleOf(b); ok {
			if len(tb.Items) == 0 && vm.ctIsExact(a, TTuple) {
				return a, nil
			}
			if len(ta.Items) == 0 && vm.ctIsExact(b, TTuple) {
				return b, nil
			}
			items := make([]Value, 0, len(ta.Items)+len(tb.Items))
			items = append(items, ta.Items...)
			items = append(items, tb.Items...)
			return vm.NewTuple(items), nil
		}
		if vm.userReflects(b, "__radd__") {
			return heap.NotImplemented, nil
		}
		return heap.Undef, vm.TypeError("can only concatenate tuple (not \"%s\") to tuple", vm.TypeName(b))
	}
	return heap.NotImplemented, nil
}

// isExact reports whether v is exactly of builtin type t (not a subclass).
func (vm *VM) ctIsExact(v Value, t TypeID) bool { return vm.TypeOf(v) == vm.Types[t] }

// repeatCount converts the int operand of sequence repetition.
func (vm *VM) seqRepeatCount(n Value) (int64, bool, error) {
	if !vm.IsInt(n) {
		if _, ok := vm.IndexOf(n); !ok || n.K == heap.KFloat {
			return 0, false, nil
		}
	}
	if b, ok := vm.BigOf(n); ok && !b.IsInt64() {
		if b.Sign() < 0 {
			return 0, true, nil
		}
		return 0, true, vm.Errorf(TOverflowError, "cannot fit 'int' into an index-sized integer")
	}
	i, _ := vm.IndexOf(n)
	if n.K == heap.KInt {
		i = n.I()
	} else if n.K == heap.KBool {
		i = int64(n.N)
	}
	if i < 0 {
		i = 0
	}
	return i, true, nil
}

func (vm *VM) seqRepeat(a, b Value) (Value, error) {
	seq, n := a, b
	items, ok := vm.seqItemsOf(a)
	if !ok {
		seq, n = b, a
		if items, ok = vm.seqItemsOf(b); !ok {
			return heap.NotImplemented, nil
		}
	}
	count, ok, err := vm.seqRepeatCount(n)
	if err != nil {
		return heap.Undef, err
	}
	if !ok {
		if vm.userReflects(n, "__rmul__") || vm.userReflects(n, "__mul__") {
			return heap.NotImplemented, nil
		}
		return heap.Undef, vm.TypeError("can't multiply sequence by non-int of type '%s'", vm.TypeName(n))
	}
	out, err := vm.repeatItems(items, count)
	if err != nil {
		return heap.Undef, err
	}
	if _, isList := vm.ListOf(seq); isList {
		return vm.NewList(out), nil
	}
	if count == 1 && vm.ctIsExact(seq, TTuple) {
		return seq, nil
	}
	return vm.NewTuple(out), nil
}

func (vm *VM) repeatItems(items []Value, count int64) ([]Value, error) {
	if len(items) == 0 || count == 0 {
		return nil, nil
	}
	if count > maxSeqItems/int64(len(items)) {
		return nil, vm.Errorf(TMemoryError, "")
	}
	total := int(count) * len(items)
	out := make([]Value, 0, total)
	for i := int64(0); i < count; i++ {
		out = append(out, items...)
	}
	return out, nil
}

// seqInplace implements the augmented assignments that mutate a list, set
// or dict in place (op has the BinInplace bit stripped). It returns a on
// success, heap.NotImplemented when it does not apply.
func (vm *VM) seqInplace(op int, a, b Value) (Value, error) {
	if l, ok := vm.ListOf(a); ok {
		lv := vm.Prim(a)
		switch op {
		case compile.BinAdd:
			if err := vm.listExtendValue(lv, l, b); err != nil {
				return heap.Undef, err
			}
			return a, nil
		case compile.BinMul:
			count, ok, err := vm.seqRepeatCount(b)
			if err != nil {
				return heap.Undef, err
			}
			if !ok {
				if vm.userReflects(b, "__rmul__") {
					return heap.NotImplemented, nil
				}
				return heap.Undef, vm.TypeError("can't multiply sequence by non-int of type '%s'", vm.TypeName(b))
			}
			out, err := vm.repeatItems(l.Items, count)
			if err != nil {
				return heap.Undef, err
			}
			vm.H.Grew(16 * (len(out) - len(l.Items)))
			l.Items = out
			vm.H.Touch(lv)
			return a, nil
		}
		return heap.NotImplemented, nil
	}
	if s, ok := vm.SetOf(a); ok && !s.Frozen {
		sb, ok := vm.SetOf(b)
		if !ok {
			return heap.NotImplemented, nil
		}
		var err error
		switch op {
		case compile.BinOr:
			err = vm.setMerge(s, sb)
		case compile.BinAnd:
			err = vm.setIntersectUpdate(s, b)
		case compile.BinSub:
			err = vm.setDifferenceUpdate(s, b)
		case compile.BinXor:
			err = vm.setSymDiffUpdate(s, b)
		default:
			return heap.NotImplemented, nil
		}
		vm.H.Touch(vm.Prim(a))
		if err != nil {
			return heap.Undef, err
		}
		return a, nil
	}
	if d, ok := vm.DictOf(a); ok && op == compile.BinOr {
		if err := vm.dictUpdateFrom(vm.Prim(a), d, b); err != nil {
			return heap.Undef, err
		}
		return a, nil
	}
	return heap.NotImplemented, nil
}

// listExtendValue appends the items of any iterable to the list l (whose
// value is lv).
func (vm *VM) listExtendValue(lv Value, l *heap.List, it Value) error {
	var items []Value
	if src, ok := vm.seqItemsOf(it); ok {
		items = append([]Value(nil), src...)
	} else {
		var err error
		if items, err = vm.Unpack(it); err != nil {
			return err
		}
	}
	if len(items) == 0 {
		return nil
	}
	l.Items = append(l.Items, items...)
	vm.H.Grew(16 * len(items))
	vm.H.Touch(lv)
	return nil
}

// --- comparison ------------------------------------------------------------------

// containerCompare compares lists, tuples, sets, dicts, dict views, ranges
// and slices; ok=false when the operation does not apply.
func (vm *VM) containerCompare(op int, a, b Value) (r bool, ok bool, err error) {
	oa, ob := vm.ctRawObj(a), vm.ctRawObj(b)
	if oa == nil || ob == nil {
		return false, false, nil
	}
	eqOp := op == compile.CmpEq || op == compile.CmpNe
	switch x := oa.(type) {
	case *heap.List:
		switch y := ob.(type) {
		case *heap.List:
			r, err = vm.seqCompare(op, x.Items, y.Items)
			return r, true, err
		case *heap.Tuple:
			if eqOp {
				return op == compile.CmpNe, true, nil
			}
		}
	case *heap.Tuple:
		switch y := ob.(type) {
		case *heap.Tuple:
			r, err = vm.seqCompare(op, x.Items, y.Items)
			return r, true, err
		case *heap.List:
			if eqOp {
				return op == compile.CmpNe, true, nil
			}
		}
	case *heap.Set:
		if y, isSet := ob.(*heap.Set); isSet {
			r, err = vm.setCompare(op, x, y)
			return r, true, err
		}
	case *heap.Dict:
		if y, isDict := ob.(*heap.Dict); isDict && eqOp {
			r, err = vm.dictEqual(x, y)
			if op == compile.CmpNe {
				r = !r
			}
			return r, true, err
		}
	case *heap.Range:
		if y, isRange := ob.(*heap.Range); isRange && eqOp {
			r = rangeEq(x, y)
			if op == compile.CmpNe {
				r = !r
			}
			return r, true, nil
		}
	case *heap.Slice:
		if y, isSlice := ob.(*heap.Slice); isSlice {
			r, err = vm.seqCompare(op, []Value{x.Start, x.Stop, x.Step}, []Value{y.Start, y.Stop, y.Step})
			return r, true, err
		}
	}
	// Set-like dict views compare with sets and other set-like views.
	if vm.isSetLike(oa) && vm.isSetLike(ob) {
		if _, ok := oa.(*heap.DictView); ok {
			r, err = vm.viewCompare(op, a, b)
			return r, true, err
		}
		if _, ok := ob.(*heap.DictView); ok {
			r, err = vm.viewCompare(op, a, b)
			return r, true, err
		}
	}
	return false, false, nil
}

func (vm *VM) isSetLike(o heap.Object) bool {
	switch x := o.(type) {
	case *heap.Set:
		return true
	case *heap.DictView:
		return x.Kind != heap.IterDictValues
	}
	return false
}

// seqCompare compares two sequences lexicographically.
func (vm *VM) seqCompare(op int, a, b []Value) (bool, error) {
	la, lb := len(a), len(b)
	if (op == compile.CmpEq || op == compile.CmpNe) && la != lb {
		return op == compile.CmpNe, nil
	}
	i := 0
	for ; i < la && i < lb; i++ {
		// The slices may change while user __eq__ runs; re-check bounds.
		if i >= len(a) || i >= len(b) {
			break
		}
		eq, err := vm.sameOrEq(a[i], b[i])
		if err != nil {
			return false, err
		}
		if !eq {
			break
		}
	}
	if i >= la || i >= lb || i >= len(a) || i >= len(b) {
		return ctCmpInts(op, int64(la), int64(lb)), nil
	}
	switch op {
	case compile.CmpEq:
		return false, nil
	case compile.CmpNe:
		return true, nil
	}
	return vm.Compare(op, a[i], b[i])
}

func ctCmpInts(op int, a, b int64) bool {
	switch op {
	case compile.CmpLt:
		return a < b
	case compile.CmpLe:
		return a <= b
	case compile.CmpEq:
		return a == b
	case compile.CmpNe:
		return a != b
	case compile.CmpGt:
		return a > b
	}
	return a >= b
}

// setSubset reports whether every element of a is in b.
func (vm *VM) setSubset(a, b *heap.Set) (bool, error) {
	if a.Used > b.Used {
		return false, nil
	}
	var err error
	res := true
	a.Each(func(k Value, h int64) bool {
		var ok bool
		ok, err = b.Contains(k, h, vm.Eq)
		if err != nil || !ok {
			res = false
			return false
		}
		return true
	})
	return res, err
}

func (vm *VM) setCompare(op int, a, b *heap.Set) (bool, error) {
	switch op {
	case compile.CmpEq, compile.CmpNe:
		eq := a.Used == b.Used
		if eq {
			var err error
			if eq, err = vm.setSubset(a, b); err != nil {
				return false, err
			}
		}
		return eq == (op == compile.CmpEq), nil
	case compile.CmpLe:
		return vm.setSubset(a, b)
	case compile.CmpLt:
		if a.Used >= b.Used {
			return false, nil
		}
		return vm.setSubset(a, b)
	case compile.CmpGe:
		return vm.setSubset(b, a)
	case compile.CmpGt:
		if b.Used >= a.Used {
			return false, nil
		}
		return vm.setSubset(b, a)
	}
	return false, nil
}

// dictEqual is dict == dict.
func (vm *VM) dictEqual(a, b *heap.Dict) (bool, error) {
	if a == b {
		return true, nil
	}
	if a.Len() != b.Len() {
		return false, nil
	}
	for i := 0; i < len(a.Entries); i++ {
		e := a.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		bv, found, err := b.Get(e.Key, e.Hash, vm.Eq)
		if err != nil {
			return false, err
		}
		if !found {
			return false, nil
		}
		eq, err := vm.sameOrEq(e.Val, bv)
		if err != nil || !eq {
			return false, err
		}
	}
	return true, nil
}

// setLikeLen returns the length of a set or set-like view.
func (vm *VM) setLikeLen(v Value) int {
	switch o := vm.ctRawObj(v).(type) {
	case *heap.Set:
		return o.Used
	case *heap.DictView:
		if d, ok := vm.DictOf(o.Dict); ok {
			return d.Len()
		}
	}
	return 0
}

// allContainedIn reports whether every element of a is in b.
func (vm *VM) allContainedIn(a, b Value) (bool, error) {
	it, err := vm.GetIter(a)
	if err != nil {
		return false, err
	}
	for {
		x, ok, err := vm.Next(it)
		if err != nil {
			return false, err
		}
		if !ok {
			return true, nil
		}
		in, err := vm.Contains(b, x)
		if err != nil || !in {
			return false, err
		}
	}
}

// viewCompare compares a dict keys/items view with a set or another view.
func (vm *VM) viewCompare(op int, a, b Value) (bool, error) {
	la, lb := vm.setLikeLen(a), vm.setLikeLen(b)
	switch op {
	case compile.CmpEq, compile.CmpNe:
		r := la == lb
		if r {
			var err error
			if r, err = vm.allContainedIn(a, b); err != nil {
				return false, err
			}
		}
		return r == (op == compile.CmpEq), nil
	case compile.CmpLt:
		if la >= lb {
			return false, nil
		}
		return vm.allContainedIn(a, b)
	case compile.CmpLe:
		if la > lb {
			return false, nil
		}
		return vm.allContainedIn(a, b)
	case compile.CmpGt:
		if la <= lb {
			return false, nil
		}
		return vm.allContainedIn(b, a)
	}
	if la < lb {
		return false, nil
	}
	return vm.allContainedIn(b, a)
}

// --- item access -------------------------------------------------------------------

// containerGetItem implements obj[key] for list, tuple, range and dict.
func (vm *VM) containerGetItem(obj, key Value) (r Value, handled bool, err error) {
	switch o := vm.ctRawObj(obj).(type) {
	case *heap.List:
		r, err = vm.seqGetItem(o.Items, key, "list", true)
		return r, true, err
	case *heap.Tuple:
		if _, isSlice := vm.ctSliceOf(key); isSlice && vm.ctIsExact(obj, TTuple) {
			start, _, step, n, err := vm.SliceIndices(key, len(o.Items))
			if err != nil {
				return heap.Undef, true, err
			}
			if step == 1 && n == len(o.Items) {
				return obj, true, nil
			}
			return vm.NewTuple(ctSliceItems(o.Items, start, step, n)), true, nil
		}
		r, err = vm.seqGetItem(o.Items, key, "tuple", false)
		return r, true, err
	case *heap.Range:
		r, err = vm.rangeGetItem(o, key)
		return r, true, err
	case *heap.Dict:
		r, err = vm.dictGetItem(obj, key)
		return r, true, err
	}
	return heap.Undef, false, nil
}

func (vm *VM) seqGetItem(items []Value, key Value, what string, list bool) (Value, error) {
	if _, isSlice := vm.ctSliceOf(key); isSlice {
		start, _, step, n, err := vm.SliceIndices(key, len(items))
		if err != nil {
			return heap.Undef, err
		}
		out := ctSliceItems(items, start, step, n)
		if list {
			return vm.NewList(out), nil
		}
		return vm.NewTuple(out), nil
	}
	i, err := vm.seqIndex(key, len(items), what)
	if err != nil {
		return heap.Undef, err
	}
	return items[i], nil
}

func (vm *VM) rangeGetItem(r *heap.Range, key Value) (Value, error) {
	n := rangeLength(r)
	if _, isSlice := vm.ctSliceOf(key); isSlice {
		start, stop, step, _, err := vm.SliceIndices(key, int(n))
		if err != nil {
			return heap.Undef, err
		}
		return vm.H.Alloc(&heap.Range{
			Start: r.Start + int64(start)*r.Step,
			Stop:  r.Start + int64(stop)*r.Step,
			Step:  int64(step) * r.Step,
		}), nil
	}
	i, err := vm.seqIndex(key, int(n), "range object")
	if err != nil {
		if vm.ErrIs(err, TTypeError) {
			return heap.Undef, vm.TypeError("range indices must be integers or slices, not %s", vm.TypeName(key))
		}
		return heap.Undef, err
	}
	return heap.Int(rangeItem(r, int64(i))), nil
}

// dictGetItem is d[key] for a dict or an instance of a dict subclass,
// calling the subclass's __missing__ when the key is absent.
func (vm *VM) dictGetItem(dv Value, key Value) (Value, error) {
	d, ok := vm.DictOf(dv)
	if !ok {
		return heap.Undef, vm.TypeError("descriptor '__getitem__' requires a 'dict' object but received a '%s'", vm.TypeName(dv))
	}
	v, found, err := vm.DictGet(d, key)
	if err != nil {
		return heap.Undef, err
	}
	if found {
		return v, nil
	}
	if dv.K == heap.KRef {
		if _, inst := vm.H.Get(dv).(*heap.Instance); inst {
			if m := vm.LookupClassStr(vm.TypeOf(dv), "__missing__"); m.K != heap.KUndef {
				return vm.CallMethod(dv, "__missing__", key)
			}
		}
	}
	return heap.Undef, vm.ErrorArgs(TKeyError, key)
}

// containerSetItem implements obj[key] = v for list, dict and bytearray.
func (vm *VM) containerSetItem(obj, key, v Value) (handled bool, err error) {
	pv := vm.Prim(obj)
	switch o := vm.ctRawObj(obj).(type) {
	case *heap.List:
		return true, vm.listSetItem(pv, o, key, v)
	case *heap.Dict:
		if err := vm.DictSet(o, key, v); err != nil {
			return true, err
		}
		vm.H.Touch(pv)
		return true, nil
	case *heap.Bytes:
		if o.Mutable {
			return true, vm.byteArraySetItem(pv, o, key, v)
		}
	}
	return false, nil
}

func (vm *VM) listSetItem(lv Value, l *heap.List, key, v Value) error {
	if _, isSlice := vm.ctSliceOf(key); !isSlice {
		i, err := vm.ctIndexValue(key, "list indices must be integers or slices, not %s")
		if err != nil {
			return err
		}
		if i < 0 {
			i += int64(len(l.Items))
		}
		if i < 0 || i >= int64(len(l.Items)) {
			return vm.Errorf(TIndexError, "list assignment index out of range")
		}
		l.Items[i] = v
		vm.H.TouchItem(lv, int(i), len(l.Items))
		return nil
	}
	start, stop, step, n, err := vm.SliceIndices(key, len(l.Items))
	if err != nil {
		return err
	}
	var items []Value
	if src, ok := vm.seqItemsOf(v); ok {
		items = append([]Value(nil), src...)
	} else {
		if _, err := vm.GetIter(v); err != nil {
			if vm.ErrIs(err, TTypeError) {
				if step == 1 {
					return vm.TypeError("can only assign an iterable")
				}
				return vm.TypeError("must assign iterable to extended slice")
			}
			return err
		}
		if items, err = vm.Unpack(v); err != nil {
			return err
		}
	}
	if step == 1 {
		if stop < start {
			stop = start
		}
		out := make([]Value, 0, len(l.Items)-(stop-start)+len(items))
		out = append(out, l.Items[:start]...)
		out = append(out, items...)
		out = append(out, l.Items[stop:]...)
		vm.H.Grew(16 * (len(out) - len(l.Items)))
		l.Items = out
		vm.H.Touch(lv)
		return nil
	}
	if len(items) != n {
		return vm.ValueError("attempt to assign sequence of size %d to extended slice of size %d", len(items), n)
	}
	for i, j := 0, start; i < n; i, j = i+1, j+step {
		l.Items[j] = items[i]
	}
	vm.H.Touch(lv)
	return nil
}

// containerDelItem implements del obj[key] for list, dict and bytearray.
func (vm *VM) containerDelItem(obj, key Value) (handled bool, err error) {
	pv := vm.Prim(obj)
	switch o := vm.ctRawObj(obj).(type) {
	case *heap.List:
		return true, vm.listDelItem(pv, o, key)
	case *heap.Dict:
		_, found, err := vm.dictDel(o, key)
		if err != nil {
			return true, err
		}
		if !found {
			return true, vm.ErrorArgs(TKeyError, key)
		}
		vm.H.Touch(pv)
		return true, nil
	case *heap.Bytes:
		if o.Mutable {
			return true, vm.byteArrayDelItem(pv, o, key)
		}
	}
	return false, nil
}

func (vm *VM) listDelItem(lv Value, l *heap.List, key Value) error {
	if _, isSlice := vm.ctSliceOf(key); !isSlice {
		i, err := vm.ctIndexValue(key, "list indices must be integers or slices, not %s")
		if err != nil {
			return err
		}
		if i < 0 {
			i += int64(len(l.Items))
		}
		if i < 0 || i >= int64(len(l.Items)) {
			return vm.Errorf(TIndexError, "list assignment index out of range")
		}
		l.Items = ctDeleteIndices(l.Items, int(i), 1, 1)
		vm.H.Touch(lv)
		return nil
	}
	start, _, step, n, err := vm.SliceIndices(key, len(l.Items))
	if err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	l.Items = ctDeleteIndices(l.Items, start, step, n)
	vm.H.Touch(lv)
	return nil
}

// deleteIndices removes the n items start, start+step, ... from items.
func ctDeleteIndices(items []Value, start, step, n int) []Value {
	if step < 0 {
		start += (n - 1) * step
		step = -step
	}
	out := items[:start]
	next := start
	for j := start; j < len(items); j++ {
		if n > 0 && j == next {
			n--
			next += step
			continue
		}
		out = append(out, items[j])
	}
	for j := len(out); j < len(items); j++ {
		items[j] = heap.Undef
	}
	return out
}

// --- bytearray item assignment -------------------------------------------------

// byteValue converts v to a byte for bytearray assignment.
func (vm *VM) ctByteValue(v Value) (byte, error) {
	i, err := vm.ctIndexValue(v, "'%s' object cannot be interpreted as an integer")
	if err != nil {
		if vm.ErrIs(err, TIndexError) {
			return 0, vm.ValueError("byte must be in range(0, 256)")
		}
		return 0, err
	}
	if i < 0 || i > 255 {
		return 0, vm.ValueError("byte must be in range(0, 256)")
	}
	return byte(i), nil
}

func (vm *VM) byteArraySetItem(bv Value, b *heap.Bytes, key, v Value) error {
	if _, isSlice := vm.ctSliceOf(key); !isSlice {
		i, err := vm.ctIndexValue(key, "bytearray indices must be integers or slices, not %s")
		if err != nil {
			return err
		}
		if i < 0 {
			i += int64(len(b.B))
		}
		if i < 0 || i >= int64(len(b.B)) {
			return vm.Errorf(TIndexError, "bytearray index out of range")
		}
		c, err := vm.ctByteValue(v)
		if err != nil {
			return err
		}
		b.B[i] = c
		vm.H.Touch(bv)
		return nil
	}
	start, stop, step, n, err := vm.SliceIndices(key, len(b.B))
	if err != nil {
		return err
	}
	var src []byte
	switch {
	case v.K == heap.KRef && ctIsBytesObj(vm.H.Get(v)):
		src = append([]byte(nil), vm.H.Get(v).(*heap.Bytes).B...)
	case vm.IsInt(v):
		return vm.TypeError("can assign only bytes, buffers, or iterables of ints in range(0, 256)")
	default:
		if _, isStr := vm.StrOf(v); isStr {
			return vm.TypeError("can assign only bytes, buffers, or iterables of ints in range(0, 256)")
		}
		items, err := vm.Unpack(v)
		if err != nil {
			return err
		}
		for _, it := range items {
			c, err := vm.ctByteValue(it)
			if err != nil {
				return err
			}
			src = append(src, c)
		}
	}
	if step == 1 {
		if stop < start {
			stop = start
		}
		out := make([]byte, 0, len(b.B)-(stop-start)+len(src))
		out = append(out, b.B[:start]...)
		out = append(out, src...)
		out = append(out, b.B[stop:]...)
		b.B = out
		vm.H.Touch(bv)
		return nil
	}
	if len(src) != n {
		return vm.ValueError("attempt to assign bytes of size %d to extended slice of size %d", len(src), n)
	}
	for i, j := 0, start; i < n; i, j = i+1, j+step {
		b.B[j] = src[i]
	}
	vm.H.Touch(bv)
	return nil
}

func ctIsBytesObj(o heap.Object) bool {
	_, ok := o.(*heap.Bytes)
	return ok
}

func (vm *VM) byteArrayDelItem(bv Value, b *heap.Bytes, key Value) error {
	if _, isSlice := vm.ctSliceOf(key); !isSlice {
		i, err := vm.ctIndexValue(key, "bytearray indices must be integers or slices, not %s")
		if err != nil {
			return err
		}
		if i < 0 {
			i += int64(len(b.B))
		}
		if i < 0 || i >= int64(len(b.B)) {
			return vm.Errorf(TIndexError, "bytearray index out of range")
		}
		b.B = append(b.B[:i], b.B[i+1:]...)
		vm.H.Touch(bv)
		return nil
	}
	start, _, step, n, err := vm.SliceIndices(key, len(b.B))
	if err != nil || n == 0 {
		return err
	}
	if step < 0 {
		start += (n - 1) * step
		step = -step
	}
	out := b.B[:start]
	next := start
	for j := start; j < len(b.B); j++ {
		if n > 0 && j == next {
			n--
			next += step
			continue
		}
		out = append(out, b.B[j])
	}
	b.B = out
	vm.H.Touch(bv)
	return nil
}

// --- membership ----------------------------------------------------------------------

// containerContains implements `item in c` for list, tuple, dict, set,
// frozenset, range and dict views.
func (vm *VM) containerContains(c, item Value) (r bool, handled bool, err error) {
	switch o := vm.ctRawObj(c).(type) {
	case *heap.List:
		r, err = vm.itemsContain(o.Items, item)
		return r, true, err
	case *heap.Tuple:
		r, err = vm.itemsContain(o.Items, item)
		return r, true, err
	case *heap.Dict:
		_, r, err = vm.DictGet(o, item)
		return r, true, err
	case *heap.Set:
		r, err = vm.setContains(o, item)
		return r, true, err
	case *heap.Range:
		r, err = vm.rangeContains(o, item)
		return r, true, err
	case *heap.DictView:
		r, err = vm.viewContains(o, item)
		return r, true, err
	}
	return false, false, nil
}

func (vm *VM) itemsContain(items []Value, x Value) (bool, error) {
	for i := 0; i < len(items); i++ {
		eq, err := vm.sameOrEq(items[i], x)
		if err != nil || eq {
			return eq, err
		}
	}
	return false, nil
}

// setContains looks x up in s; a set argument is looked up as a frozenset.
func (vm *VM) setContains(s *heap.Set, x Value) (bool, error) {
	r, err := vm.setHas(s, x)
	if err != nil && vm.ErrIs(err, TTypeError) {
		if fx, ok := vm.frozenCopy(x); ok {
			return vm.setHas(s, fx)
		}
	}
	return r, err
}

// frozenCopy returns a frozenset with the elements of x if x is a
// (mutable) set, for lookups of sets in sets.
func (vm *VM) frozenCopy(x Value) (Value, bool) {
	xs, ok := vm.SetOf(x)
	if !ok || xs.Frozen {
		return heap.Undef, false
	}
	fv := vm.NewSet(true)
	_ = vm.setMerge(vm.H.Get(fv).(*heap.Set), xs)
	return fv, true
}

func (vm *VM) rangeContains(r *heap.Range, x Value) (bool, error) {
	switch x.K {
	case heap.KInt:
		return rangeHas(r, x.I()), nil
	case heap.KBool:
		return rangeHas(r, int64(x.N)), nil
	}
	if x.K == heap.KRef {
		if _, big := vm.H.Get(x).(*heap.BigInt); big {
			return false, nil
		}
	}
	n := rangeLength(r)
	for i := int64(0); i < n; i++ {
		eq, err := vm.Eq(heap.Int(rangeItem(r, i)), x)
		if err != nil || eq {
			return eq, err
		}
	}
	return false, nil
}

func (vm *VM) viewContains(v *heap.DictView, x Value) (bool, error) {
	d, ok := vm.DictOf(v.Dict)
	if !ok {
		return false, nil
	}
	switch v.Kind {
	case heap.IterDictKeys:
		_, found, err := vm.DictGet(d, x)
		return found, err
	case heap.IterDictItems:
		t, ok := vm.TupleOf(x)
		if !ok || len(t.Items) != 2 {
			return false, nil
		}
		val, found, err := vm.DictGet(d, t.Items[0])
		if err != nil || !found {
			return false, err
		}
		return vm.sameOrEq(val, t.Items[1])
	}
	for i := 0; i < len(d.Entries); i++ {
		e := d.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		eq, err := vm.sameOrEq(e.Val, x)
		if err != nil || eq {
			return eq, err
		}
	}
	return false, nil
}

// --- repr ------------------------------------------------------------------------------

// reprEnter marks v as being repr'd (vm.reprActive), so recursive
// containers print as [...]; it reports false if it already was.
func (vm *VM) reprEnter(v Value) bool {
	if vm.reprActive == nil {
		vm.reprActive = map[heap.Handle]bool{}
	}
	if vm.reprActive[v.H()] {
		return false
	}
	vm.reprActive[v.H()] = true
	return true
}

func (vm *VM) reprLeave(v Value) {
	delete(vm.reprActive, v.H())
}

// reprContainer is repr() of list, tuple, dict, set, frozenset, range,
// slice and dict views; ok=false otherwise.
func (vm *VM) reprContainer(v Value) (s string, ok bool, err error) {
	if v.K != heap.KRef {
		return "", false, nil
	}
	switch vm.H.Get(v).(type) {
	case *heap.List, *heap.Tuple, *heap.Dict, *heap.Set, *heap.Range, *heap.Slice, *heap.DictView:
		s, err = vm.reprContainerAs(v, v)
		return s, true, err
	}
	return "", false, nil
}

// reprContainerAs renders the builtin container pv; self is the object
// itself (an instance of a subclass, for set/frozenset subclass names).
func (vm *VM) reprContainerAs(self, pv Value) (string, error) {
	switch o := vm.H.Get(pv).(type) {
	case *heap.Range:
		if o.Step == 1 {
			return "range(" + ctItoa(o.Start) + ", " + ctItoa(o.Stop) + ")", nil
		}
		return "range(" + ctItoa(o.Start) + ", " + ctItoa(o.Stop) + ", " + ctItoa(o.Step) + ")", nil
	case *heap.Slice:
		parts, err := vm.reprAll([]Value{o.Start, o.Stop, o.Step})
		if err != nil {
			return "", err
		}
		return "slice(" + strings.Join(parts, ", ") + ")", nil
	}
	if !vm.reprEnter(pv) {
		switch o := vm.H.Get(pv).(type) {
		case *heap.List:
			return "[...]", nil
		case *heap.Tuple:
			return "(...)", nil
		case *heap.Set:
			return vm.TypeName(self) + "(...)", nil
		case *heap.DictView:
			_ = o
			return "...", nil
		}
		return "{...}", nil
	}
	defer vm.reprLeave(pv)
	switch o := vm.H.Get(pv).(type) {
	case *heap.List:
		parts, err := vm.reprAll(o.Items)
		if err != nil {
			return "", err
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case *heap.Tuple:
		parts, err := vm.reprAll(o.Items)
		if err != nil {
			return "", err
		}
		if len(parts) == 1 {
			return "(" + parts[0] + ",)", nil
		}
		return "(" + strings.Join(parts, ", ") + ")", nil
	case *heap.Dict:
		return vm.reprDict(o)
	case *heap.Set:
		name := vm.TypeName(self)
		if o.Used == 0 {
			return name + "()", nil
		}
		parts, err := vm.reprAll(o.Keys())
		if err != nil {
			return "", err
		}
		body := "{" + strings.Join(parts, ", ") + "}"
		if name == "set" {
			return body, nil
		}
		return name + "(" + body + ")", nil
	case *heap.DictView:
		d, ok := vm.DictOf(o.Dict)
		if !ok {
			return "", vm.TypeError("bad dict view")
		}
		var items []Value
		name := "dict_keys"
		for i := 0; i < len(d.Entries); i++ {
			e := d.Entries[i]
			if e.Key.K == heap.KUndef {
				continue
			}
			switch o.Kind {
			case heap.IterDictKeys:
				items = append(items, e.Key)
			case heap.IterDictValues:
				name = "dict_values"
				items = append(items, e.Val)
			default:
				name = "dict_items"
				items = append(items, vm.NewTuple([]Value{e.Key, e.Val}))
			}
		}
		if o.Kind == heap.IterDictValues {
			name = "dict_values"
		} else if o.Kind == heap.IterDictItems {
			name = "dict_items"
		}
		parts, err := vm.reprAll(items)
		if err != nil {
			return "", err
		}
		return name + "([" + strings.Join(parts, ", ") + "])", nil
	}
	return "", vm.TypeError("unexpected container")
}

func (vm *VM) reprDict(d *heap.Dict) (string, error) {
	var b strings.Builder
	b.WriteByte('{')
	first := true
	for i := 0; i < len(d.Entries); i++ {
		e := d.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		ks, err := vm.Repr(e.Key)
		if err != nil {
			return "", err
		}
		vs, err := vm.Repr(e.Val)
		if err != nil {
			return "", err
		}
		b.WriteString(ks)
		b.WriteString(": ")
		b.WriteString(vs)
	}
	b.WriteByte('}')
	return b.String(), nil
}

func (vm *VM) reprAll(items []Value) ([]string, error) {
	parts := make([]string, 0, len(items))
	for i := 0; i < len(items); i++ {
		s, err := vm.Repr(items[i])
		if err != nil {
			return nil, err
		}
		parts = append(parts, s)
	}
	return parts, nil
}

func ctItoa(i int64) string {
	var buf [24]byte
	n := len(buf)
	u := uint64(i)
	if i < 0 {
		u = uint64(-i)
	}
	for {
		n--
		buf[n] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if i < 0 {
		n--
		buf[n] = '-'
	}
	return string(buf[n:])
}

// --- hash ------------------------------------------------------------------------------

const (
	xxPrime1 uint64 = 11400714785074694791
	xxPrime2 uint64 = 14029467366897019727
	xxPrime5 uint64 = 2870177450012600261
)

// tupleHash is CPython 3.11's xxHash-based tuple hash.
func (vm *VM) tupleHash(items []Value) (int64, error) {
	acc := xxPrime5
	for _, it := range items {
		h, err := vm.Hash(it)
		if err != nil {
			return 0, err
		}
		acc += uint64(h) * xxPrime2
		acc = acc<<31 | acc>>33
		acc *= xxPrime1
	}
	acc += uint64(len(items)) ^ (xxPrime5 ^ 3527539)
	if acc == math.MaxUint64 {
		return 1546275796, nil
	}
	return int64(acc), nil
}

func ctShuffleBits(h uint64) uint64 {
	return ((h ^ 89869747) ^ (h << 16)) * 3644798167
}

// frozensetHash is CPython's frozenset hash.
func frozensetHash(s *heap.Set) int64 {
	var h uint64
	s.Each(func(_ Value, eh int64) bool {
		h ^= ctShuffleBits(uint64(eh))
		return true
	})
	h ^= (uint64(s.Used) + 1) * 1927868237
	h ^= (h >> 11) ^ (h >> 25)
	h = h*69069 + 907133923
	if h == math.MaxUint64 {
		h = 590923713
	}
	return int64(h)
}

// hashContainer hashes tuple and frozenset; ok=false otherwise.
func (vm *VM) hashContainer(v Value) (h int64, ok bool, err error) {
	if v.K != heap.KRef {
		return 0, false, nil
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.Tuple:
		h, err = vm.tupleHash(o.Items)
		return h, true, err
	case *heap.Set:
		if o.Frozen {
			return frozensetHash(o), true, nil
		}
	case *heap.Range:
		h, err = vm.rangeHash(o)
		return h, true, err
	}
	return 0, false, nil
}
