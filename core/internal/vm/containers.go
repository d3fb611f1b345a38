package vm

// Container hooks: operators, indexing, membership, repr and hash for
// list, tuple, dict, set, frozenset, range, slice and dict views, with
// CPython 3.11's semantics and error messages.

import (
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

// seqCtor builds the constructor of list or tuple (t): name(iterable=()).
// An iterable that needs Python frames goes to the runtime's helper; an
// exact tuple is its own copy.
func seqCtor(t TypeID, name, helper string, build func(vm *VM, items []Value) Value) BuiltinFn {
	return func(vm *VM, cls Value, a Args) (Value, error) {
		iterable, err := vm.optionalArg(name, a)
		if err != nil {
			return heap.Undef, err
		}
		if iterable.K == heap.KUndef {
			return build(vm, nil), nil
		}
		if vm.needsFrames(iterable) {
			if (t == TList || t == TTuple) && cls == vm.Types[t] && (vm.plainGen(iterable) || vm.isMapIter(iterable)) {
				kind := int32(driveList)
				if t == TTuple {
					kind = driveTuple
				}
				if r, ok, err := vm.startDrive(name, iterable, kind, vm.NewList(nil)); ok {
					return r, err
				}
			}
			if r, ok, err := vm.tailPy(name, helper, iterable); ok {
				return r, err
			}
		}
		if t == TTuple && cls == vm.Types[TTuple] && vm.ctIsExact(iterable, TTuple) {
			return iterable, nil
		}
		items, err := vm.ownItems(iterable)
		if err != nil {
			return heap.Undef, err
		}
		return build(vm, items), nil
	}
}

// removed finishes the removal of key from the container ov: the
// removal's error, KeyError when it found no key, else ov is marked
// changed.
func (vm *VM) removed(found bool, err error, key, ov Value) error {
	if err != nil {
		return err
	}
	if !found {
		return vm.ErrorArgs(TKeyError, key)
	}
	vm.H.Touch(ov)
	return nil
}

// optionalArg binds the one optional positional argument of a
// constructor that takes no keywords; Undef when absent.
func (vm *VM) optionalArg(name string, a Args) (Value, error) {
	var v Value
	err := vm.UnpackArgs(name, a, nil, 0, &v)
	return v, err
}

// ownItems returns a copy of the items of a list or tuple, or the items
// iterating v gives: a slice the caller may keep and change.
func (vm *VM) ownItems(v Value) ([]Value, error) {
	if src, ok := vm.seqItemsOf(v); ok {
		return append([]Value(nil), src...), nil
	}
	return vm.Unpack(v)
}

// assignSlice returns seq with its slice start:stop:step (n items)
// replaced by src, in place unless the step is 1 (which may change the
// length); what names the items in the size error of an extended slice.
func assignSlice[E any](vm *VM, seq, src []E, start, stop, step, n int, what string) ([]E, error) {
	if step == 1 {
		stop = max(stop, start)
		out := make([]E, 0, len(seq)-(stop-start)+len(src))
		out = append(out, seq[:start]...)
		out = append(out, src...)
		return append(out, seq[stop:]...), nil
	}
	if len(src) != n {
		return nil, vm.ValueError("attempt to assign %s of size %d to extended slice of size %d", what, len(src), n)
	}
	for i, j := 0, start; i < n; i, j = i+1, j+step {
		seq[j] = src[i]
	}
	return seq, nil
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

// sameOrEq is PyObject_RichCompareBool(a, b, Py_EQ): identity implies
// equality, then == (two exact strs compare their contents directly,
// as keyEq does).
func (vm *VM) sameOrEq(a, b Value) (bool, error) { return vm.keyEq(a, b) }

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
//
// length is read after key is converted: a key's __index__ may change
// the sequence (empty a list), and an index checked against the length
// it had before would read past its end, or a stale item.
func (vm *VM) seqIndex(key Value, length func() int, what string) (int, error) {
	return vm.seqIndexOf(key, length, what, "%s index out of range")
}

// seqIndexOf is seqIndex with the IndexError's message: rangeFmt, with
// one %s for what.
func (vm *VM) seqIndexOf(key Value, length func() int, what, rangeFmt string) (int, error) {
	var i int64
	if key.K == heap.KInt {
		// The usual t[0]: the TypeError's message (a concatenation) is
		// built only on the slow path.
		i = key.I()
	} else {
		var err error
		i, err = vm.ctIndexValue(key, what+" indices must be integers or slices, not %s")
		if err != nil {
			return 0, err
		}
	}
	n := length()
	if i < 0 {
		i += int64(n)
	}
	if i < 0 || i >= int64(n) {
		return 0, vm.Errorf(TIndexError, rangeFmt, what)
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

// --- ranges --------------------------------------------------------------------

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
				if err := vm.dictCopyInto(r, da); err != nil {
					return heap.Undef, err
				}
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
			if err := vm.reserveValues(int64(len(la.Items)) + int64(len(lb.Items))); err != nil {
				return heap.Undef, err
			}
			l := heap.NewListLen(len(la.Items) + len(lb.Items))
			copy(l.Items[copy(l.Items, la.Items):], lb.Items)
			return vm.H.Alloc(l), nil
		}
		return vm.concatMismatch(b, "list")
	}
	if ta, ok := vm.TupleOf(a); ok {
		if tb, ok := vm.TupleOf(b); ok {
			if len(tb.Items) == 0 && vm.ctIsExact(a, TTuple) {
				return a, nil
			}
			if len(ta.Items) == 0 && vm.ctIsExact(b, TTuple) {
				return b, nil
			}
			items, err := vm.concatValues(ta.Items, tb.Items)
			if err != nil {
				return heap.Undef, err
			}
			return vm.NewTuple(items), nil
		}
		return vm.concatMismatch(b, "tuple")
	}
	return heap.NotImplemented, nil
}

// concatValues is a new slice of a's items then b's, accounted before it
// is made.
func (vm *VM) concatValues(a, b []Value) ([]Value, error) {
	if err := vm.reserveValues(int64(len(a)) + int64(len(b))); err != nil {
		return nil, err
	}
	items := make([]Value, 0, len(a)+len(b))
	return append(append(items, a...), b...), nil
}

// concatMismatch is list + b or tuple + b (what) for a b of another
// type: NotImplemented when b may take it (__radd__), else TypeError.
func (vm *VM) concatMismatch(b Value, what string) (Value, error) {
	if vm.userReflects(b, "__radd__") {
		return heap.NotImplemented, nil
	}
	return heap.Undef, vm.TypeError("can only concatenate %s (not \"%s\") to %s", what, vm.TypeName(b), what)
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
		// Either sign: CPython converts the count to a Py_ssize_t first.
		_ = b
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
		return nil, vm.tooBig()
	}
	if err := vm.reserveValues(count * int64(len(items))); err != nil {
		return nil, err
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
		if _, ok := vm.SetOf(b); !ok {
			return heap.NotImplemented, nil
		}
		done, err := vm.setUpdateOp(op, s, b)
		if !done {
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

// --- comparison ------------------------------------------------------------------

// ctListOrTuple returns the items of a list or tuple object o, and
// whether it is a list.
func ctListOrTuple(o heap.Object) (items []Value, list, ok bool) {
	switch s := o.(type) {
	case *heap.List:
		return s.Items, true, true
	case *heap.Tuple:
		return s.Items, false, true
	}
	return nil, false, false
}

// containerCompare compares lists, tuples, sets, dicts, dict views, ranges
// and slices; ok=false when the operation does not apply.
func (vm *VM) containerCompare(op int, a, b Value) (r bool, ok bool, err error) {
	oa, ob := vm.ctRawObj(a), vm.ctRawObj(b)
	if oa == nil || ob == nil {
		return false, false, nil
	}
	if err := vm.enterC(" in comparison"); err != nil {
		return false, true, err
	}
	defer vm.leaveC()
	eqOp := op == compile.CmpEq || op == compile.CmpNe
	switch x := oa.(type) {
	case *heap.List, *heap.Tuple:
		xs, xList, _ := ctListOrTuple(oa)
		if ys, yList, isSeq := ctListOrTuple(ob); isSeq {
			if xList == yList {
				r, err = vm.seqCompare(op, xs, ys)
				return r, true, err
			}
			// A list never equals a tuple; they do not order.
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
		return cmpOrdered(op, int64(la), int64(lb)), nil
	}
	switch op {
	case compile.CmpEq:
		return false, nil
	case compile.CmpNe:
		return true, nil
	}
	return vm.Compare(op, a[i], b[i])
}

// --- item access -------------------------------------------------------------------

// containerGetItem implements obj[key] for list, tuple, range and dict.
func (vm *VM) containerGetItem(obj, key Value) (r Value, handled bool, err error) {
	switch o := vm.ctRawObj(obj).(type) {
	case *heap.List:
		r, err = vm.seqGetItem(func() []Value { return o.Items }, key, "list", true)
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
		r, err = vm.seqGetItem(func() []Value { return o.Items }, key, "tuple", false)
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

// seqGetItem is items()[key]; items is read after the key is converted
// (see seqIndex).
func (vm *VM) seqGetItem(itemsOf func() []Value, key Value, what string, list bool) (Value, error) {
	if _, isSlice := vm.ctSliceOf(key); isSlice {
		start, _, step, n, err := vm.sliceIndicesOf(key, func() int { return len(itemsOf()) })
		if err != nil {
			return heap.Undef, err
		}
		items := itemsOf()
		if list {
			l := heap.NewListLen(n)
			ctSliceInto(l.Items, items, start, step)
			return vm.H.Alloc(l), nil
		}
		return vm.NewTuple(ctSliceItems(items, start, step, n)), nil
	}
	i, err := vm.seqIndex(key, func() int { return len(itemsOf()) }, what)
	if err != nil {
		return heap.Undef, err
	}
	return itemsOf()[i], nil
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

// containerDelItem implements del obj[key] for list, dict and bytearray.
func (vm *VM) containerDelItem(obj, key Value) (handled bool, err error) {
	pv := vm.Prim(obj)
	switch o := vm.ctRawObj(obj).(type) {
	case *heap.List:
		return true, vm.listDelItem(pv, o, key)
	case *heap.Dict:
		_, found, err := vm.dictDel(o, key)
		return true, vm.removed(found, err, key, pv)
	case *heap.Bytes:
		if o.Mutable {
			return true, vm.byteArrayDelItem(pv, o, key)
		}
	}
	return false, nil
}

// deleteIndices removes the n items start, start+step, ... from items.
func ctDeleteIndices(items []Value, start, step, n int) []Value {
	if step < 0 {
		start += (n - 1) * step
		step = -step
	}
	if step == 1 || n == 1 {
		// A run (pop, remove, del a[i:j]): one move closes the gap.
		end := start + n
		out := items[:start+copy(items[start:], items[end:])]
		clear(items[len(out):])
		return out
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
		if i&(longWork-1) == longWork-1 {
			// A long list meets the deadline as it is searched.
			if err := vm.DeadlineErr(); err != nil {
				return false, err
			}
		}
		eq, err := vm.sameOrEq(items[i], x)
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

// hashContainer hashes tuple and frozenset; ok=false otherwise.
func (vm *VM) hashContainer(v Value) (h int64, ok bool, err error) {
	if v.K != heap.KRef {
		return 0, false, nil
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.Tuple:
		if err := vm.enterC(""); err != nil {
			return 0, true, err
		}
		h, err = vm.tupleHash(o.Items)
		vm.leaveC()
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
