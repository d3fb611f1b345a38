package vm

// set and frozenset: algebra that follows CPython's table handling (so
// iteration order matches), the methods and the constructors.

import (
	"math"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

const (
	setMinSlots     = 8
	setProbes       = 9
	setShiftPerturb = 5
)

// setResizeTable is CPython's set_table_resize: a table of the smallest
// power of two above minUsed with the live entries re-inserted in table
// order.
func setResizeTable(s *heap.Set, minUsed int) {
	n := setMinSlots
	for n <= minUsed {
		n <<= 1
	}
	old := s.Table
	s.Table = make([]heap.SetEntry, n)
	s.Fill = s.Used
	mask := uint64(n - 1)
	for _, e := range old {
		if e.State != 0 || e.Key.K == heap.KUndef {
			continue
		}
		setInsertClean(s.Table, mask, e)
	}
}

// setInsertClean places e in the first free slot of its probe sequence.
func setInsertClean(table []heap.SetEntry, mask uint64, e heap.SetEntry) {
	perturb := uint64(e.Hash)
	i := uint64(e.Hash) & mask
	for {
		if table[i].Key.K == heap.KUndef {
			table[i] = e
			return
		}
		if i+setProbes <= mask {
			for j := i + 1; j <= i+setProbes; j++ {
				if table[j].Key.K == heap.KUndef {
					table[j] = e
					return
				}
			}
		}
		perturb >>= setShiftPerturb
		i = (i*5 + 1 + perturb) & mask
	}
}

func setMask(s *heap.Set) int {
	if len(s.Table) == 0 {
		return setMinSlots - 1
	}
	return len(s.Table) - 1
}

// setMerge adds every element of src to dst (CPython's set_merge). The
// growth of dst's table is accounted against the memory limit: copies of
// sets are results the program may keep.
func (vm *VM) setMerge(dst, src *heap.Set) error {
	if err := vm.reserve(int64(src.Size())); err != nil {
		return err
	}
	before := dst.Size()
	err := vm.setMergeTables(dst, src)
	if gerr := vm.grew(before, dst.Size()); err == nil {
		err = gerr
	}
	return err
}

// setMergeTables is setMerge's work, unaccounted.
func (vm *VM) setMergeTables(dst, src *heap.Set) error {
	if dst == src || src.Used == 0 {
		return nil
	}
	if dst.Table == nil {
		dst.Table = make([]heap.SetEntry, setMinSlots)
	}
	if (dst.Fill+src.Used)*5 >= setMask(dst)*3 {
		setResizeTable(dst, (dst.Used+src.Used)*2)
	}
	if dst.Fill == 0 && len(dst.Table) == len(src.Table) && src.Fill == src.Used {
		// Same size and no dummies: CPython copies the table as is.
		for i, e := range src.Table {
			if e.State == 0 && e.Key.K != heap.KUndef {
				dst.Table[i] = e
			}
		}
		dst.Fill, dst.Used = src.Used, src.Used
		return nil
	}
	if dst.Fill == 0 {
		mask := uint64(len(dst.Table) - 1)
		for _, e := range src.Table {
			if e.State == 0 && e.Key.K != heap.KUndef {
				setInsertClean(dst.Table, mask, heap.SetEntry{Hash: e.Hash, Key: e.Key})
			}
		}
		dst.Fill, dst.Used = src.Used, src.Used
		return nil
	}
	var err error
	src.Each(func(k Value, h int64) bool {
		_, err = dst.Add(k, h, vm.Eq)
		return err == nil
	})
	return err
}

// setUpdateFrom adds the elements of any iterable to s.
func (vm *VM) setUpdateFrom(s *heap.Set, it Value) error {
	if src, ok := vm.SetOf(it); ok {
		return vm.setMerge(s, src)
	}
	if it.K == heap.KRef {
		if d, ok := vm.H.Get(it).(*heap.Dict); ok {
			return vm.setAddDictKeys(s, d)
		}
	}
	if items, ok := vm.seqItemsOf(it); ok {
		items = append([]Value(nil), items...)
		for _, x := range items {
			if err := vm.setAdd(s, x); err != nil {
				return err
			}
		}
		return nil
	}
	return vm.iterateNext(it, func(x Value) error { return vm.setAdd(s, x) })
}

// setAddDictKeys adds the keys of d to s, their hashes known; the growth
// of s's table is accounted.
func (vm *VM) setAddDictKeys(s *heap.Set, d *heap.Dict) error {
	if err := vm.reserveMul(64, int64(s.Used)+int64(d.Len())); err != nil {
		return err
	}
	before := s.Size()
	if s.Table == nil {
		s.Table = make([]heap.SetEntry, setMinSlots)
	}
	if (s.Fill+d.Len())*5 >= setMask(s)*3 {
		setResizeTable(s, (s.Used+d.Len())*2)
	}
	var err error
	for i := 0; i < len(d.Entries); i++ {
		e := d.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		if _, err = s.Add(e.Key, e.Hash, vm.Eq); err != nil {
			break
		}
	}
	if gerr := vm.grew(before, s.Size()); err == nil {
		err = gerr
	}
	return err
}

// newSetValue allocates an empty set or frozenset.
func (vm *VM) newSetValue(frozen bool) (Value, *heap.Set) {
	v := vm.NewSet(frozen)
	return v, vm.H.Get(v).(*heap.Set)
}

// setCopyOf returns a new set (or frozenset) with the elements of s.
func (vm *VM) setCopyOf(s *heap.Set, frozen bool) (Value, *heap.Set) {
	v, r := vm.newSetValue(frozen)
	_ = vm.setMerge(r, s)
	return v, r
}

// setOperand returns other as a set, building a temporary one from an
// iterable if needed.
func (vm *VM) setOperand(other Value) (*heap.Set, error) {
	if s, ok := vm.SetOf(other); ok {
		return s, nil
	}
	_, s := vm.newSetValue(false)
	if err := vm.setUpdateFrom(s, other); err != nil {
		return nil, err
	}
	return s, nil
}

// setIntersection is CPython's set_intersection.
func (vm *VM) setIntersection(so *heap.Set, other Value, frozen bool) (Value, *heap.Set, error) {
	if os, ok := vm.SetOf(other); ok {
		return vm.setIntersectionSets(so, os, frozen)
	}
	rv, r := vm.newSetValue(frozen)
	items, err := vm.Unpack(other)
	if err != nil {
		return heap.Undef, nil, err
	}
	for _, k := range items {
		h, err := vm.Hash(k)
		if err != nil {
			return heap.Undef, nil, err
		}
		in, err := so.Contains(k, h, vm.Eq)
		if err != nil {
			return heap.Undef, nil, err
		}
		if in {
			if _, err := r.Add(k, h, vm.Eq); err != nil {
				return heap.Undef, nil, err
			}
		}
	}
	return rv, r, nil
}

// setIntersectUpdate replaces s's contents by s & other.
func (vm *VM) setIntersectUpdate(s *heap.Set, other Value) error {
	_, r, err := vm.setIntersection(s, other, s.Frozen)
	if err != nil {
		return err
	}
	s.Table, s.Used, s.Fill, s.Finger = r.Table, r.Used, r.Fill, r.Finger
	return nil
}

// setDifference is CPython's set_difference.
func (vm *VM) setDifference(so *heap.Set, other Value, frozen bool) (Value, *heap.Set, error) {
	if os, isSet := vm.SetOf(other); isSet {
		return vm.setDifferenceSets(so, os, frozen)
	}
	rv, r := vm.setCopyOf(so, frozen)
	if err := vm.setDifferenceUpdate(r, other); err != nil {
		return heap.Undef, nil, err
	}
	return rv, r, nil
}

// setDifferenceSets is so - os: a copy of so with os's elements removed
// when so is much the larger, else so's elements that os lacks.
func (vm *VM) setDifferenceSets(so, os *heap.Set, frozen bool) (Value, *heap.Set, error) {
	if so.Used>>2 > os.Used {
		rv, r := vm.setCopyOf(so, frozen)
		return rv, r, vm.discardAll(r, os)
	}
	rv, r := vm.newSetValue(frozen)
	return rv, r, vm.addWhere(r, so, os, false)
}

// addWhere adds to r the elements of from that are in other (in) or that
// it lacks (!in).
func (vm *VM) addWhere(r, from, other *heap.Set, in bool) error {
	var err error
	from.Each(func(k Value, h int64) bool {
		var has bool
		if has, err = other.Contains(k, h, vm.Eq); err != nil {
			return false
		}
		if has == in {
			_, err = r.Add(k, h, vm.Eq)
		}
		return err == nil
	})
	return err
}

// discardAll removes the elements of os from s (a different set).
func (vm *VM) discardAll(s, os *heap.Set) error {
	// A copy of the table: comparing keys may run Python code that
	// changes os.
	for _, e := range append([]heap.SetEntry(nil), os.Table...) {
		if e.State != 0 || e.Key.K == heap.KUndef {
			continue
		}
		if _, err := s.Discard(e.Key, e.Hash, vm.Eq); err != nil {
			return err
		}
	}
	return nil
}

// setDifferenceUpdate removes the elements of other from s.
func (vm *VM) setDifferenceUpdate(s *heap.Set, other Value) error {
	if os, ok := vm.SetOf(other); ok {
		if os == s {
			s.Clear()
			return nil
		}
		return vm.discardAll(s, os)
	}
	items, err := vm.Unpack(other)
	if err != nil {
		return err
	}
	for _, k := range items {
		if _, err := vm.setDiscard(s, k); err != nil {
			return err
		}
	}
	return nil
}

// setSymDiffUpdate is CPython's set_symmetric_difference_update.
func (vm *VM) setSymDiffUpdate(s *heap.Set, other Value) error {
	os, ok := vm.SetOf(other)
	if !ok {
		var err error
		if os, err = vm.setOperand(other); err != nil {
			return err
		}
	}
	if os == s {
		s.Clear()
		return nil
	}
	for _, e := range append([]heap.SetEntry(nil), os.Table...) {
		if e.State != 0 || e.Key.K == heap.KUndef {
			continue
		}
		found, err := s.Discard(e.Key, e.Hash, vm.Eq)
		if err != nil {
			return err
		}
		if !found {
			if _, err := s.Add(e.Key, e.Hash, vm.Eq); err != nil {
				return err
			}
		}
	}
	return nil
}

// setBinary implements a | b, a & b, a - b, a ^ b for two sets; the result
// is a frozenset when frozen.
func (vm *VM) setBinary(op int, a, b *heap.Set, frozen bool) (Value, error) {
	switch op {
	case compile.BinOr:
		rv, r := vm.setCopyOf(a, frozen)
		if err := vm.setMerge(r, b); err != nil {
			return heap.Undef, err
		}
		return rv, nil
	case compile.BinAnd:
		rv, _, err := vm.setIntersectionSets(a, b, frozen)
		return rv, err
	case compile.BinSub:
		rv, _, err := vm.setDifferenceSets(a, b, frozen)
		return rv, err
	case compile.BinXor:
		rv, r := vm.setCopyOf(b, frozen)
		var err error
		a.Each(func(k Value, h int64) bool {
			var found bool
			if found, err = r.Discard(k, h, vm.Eq); err != nil {
				return false
			}
			if !found {
				_, err = r.Add(k, h, vm.Eq)
			}
			return err == nil
		})
		return rv, err
	}
	return heap.NotImplemented, nil
}

func (vm *VM) setIntersectionSets(a, b *heap.Set, frozen bool) (Value, *heap.Set, error) {
	rv, r := vm.newSetValue(frozen)
	if b.Used > a.Used {
		a, b = b, a
	}
	return rv, r, vm.addWhere(r, b, a, true)
}

// viewBinary implements & | - ^ where one side is a dict keys/items view:
// the result is a set built as CPython's dictviews_* functions build it,
// so its iteration order matches.
func (vm *VM) viewBinary(op int, a, b Value) (Value, error) {
	if op == compile.BinAnd {
		return vm.viewIntersect(a, b)
	}
	rv, r := vm.newSetValue(false)
	if err := vm.setUpdateFrom(r, vm.viewSetSource(a)); err != nil {
		return heap.Undef, err
	}
	if _, err := vm.setUpdateOp(op, r, b); err != nil {
		return heap.Undef, err
	}
	return rv, nil
}

// setUpdateOp is s op= other for op |, &, - or ^; done is false for
// another op.
func (vm *VM) setUpdateOp(op int, s *heap.Set, other Value) (done bool, err error) {
	switch op {
	case compile.BinOr:
		return true, vm.setUpdateFrom(s, other)
	case compile.BinAnd:
		return true, vm.setIntersectUpdate(s, other)
	case compile.BinSub:
		return true, vm.setDifferenceUpdate(s, other)
	case compile.BinXor:
		return true, vm.setSymDiffUpdate(s, other)
	}
	return false, nil
}

// viewSetSource is what CPython's dictviews_to_set builds its set from:
// a keys view of a plain dict becomes the dict itself, which sizes the
// set's table once up front.
func (vm *VM) viewSetSource(v Value) Value {
	if view, ok := vm.ctViewOf(v); ok && view.Kind == heap.IterDictKeys && view.Dict.K == heap.KRef {
		if _, plain := vm.H.Get(view.Dict).(*heap.Dict); plain {
			return view.Dict
		}
	}
	return v
}

// viewIntersect is CPython's _PyDictView_Intersect.
func (vm *VM) viewIntersect(a, b Value) (Value, error) {
	self, other := a, b
	view, ok := vm.ctViewOf(self)
	if !ok || view.Kind == heap.IterDictValues {
		self, other = other, self
		view, _ = vm.ctViewOf(self)
	}
	selfLen, err := vm.Len(self)
	if err != nil {
		return heap.Undef, err
	}
	if other.K == heap.KRef {
		if os, ok := vm.H.Get(other).(*heap.Set); ok && !os.Frozen && selfLen <= os.Used {
			rv, _, err := vm.setIntersection(os, self, false)
			return rv, err
		}
	}
	if ov, ok := vm.ctViewOf(other); ok && ov.Kind != heap.IterDictValues {
		otherLen, err := vm.Len(other)
		if err != nil {
			return heap.Undef, err
		}
		if otherLen > selfLen {
			self, other = other, self
			view = ov
		}
	}
	rv, r := vm.newSetValue(false)
	err = vm.iterateNext(other, func(x Value) error {
		in, err := vm.viewContains(view, x)
		if err != nil || !in {
			return err
		}
		return vm.setAdd(r, x)
	})
	if err != nil {
		return heap.Undef, err
	}
	return rv, nil
}

// --- methods ----------------------------------------------------------------------

// selfSet returns the set behind a method's receiver and its value.
func (vm *VM) selfSet(self Value, fname string) (*heap.Set, Value, error) {
	s, ok := vm.SetOf(self)
	if !ok {
		return nil, heap.Undef, vm.TypeError("descriptor '%s' requires a 'set' object but received a '%s'", fname, vm.TypeName(self))
	}
	return s, vm.Prim(self), nil
}

// setMethod builds a set or frozenset method (see receiverMethod).
func setMethod(name string, required, nargs int, f func(vm *VM, self Value, s *heap.Set, sv Value, args [2]Value) (Value, error)) BuiltinFn {
	return receiverMethod((*VM).selfSet, name, name, required, nargs, f)
}

func setAddM(vm *VM, self Value, s *heap.Set, sv Value, args [2]Value) (Value, error) {
	elem := args[0]
	if err := vm.setAdd(s, elem); err != nil {
		return heap.Undef, err
	}
	vm.H.Touch(sv)
	return heap.None, nil
}

// setRemoveKey discards x from s, retrying a set argument as a frozenset.
func (vm *VM) setRemoveKey(s *heap.Set, x Value) (bool, error) {
	found, err := vm.setDiscard(s, x)
	if fx, ok := vm.frozenRetry(x, err); ok {
		return vm.setDiscard(s, fx)
	}
	return found, err
}

func setRemoveM(vm *VM, self Value, s *heap.Set, sv Value, args [2]Value) (Value, error) {
	value := args[0]
	found, err := vm.setRemoveKey(s, value)
	if err := vm.removed(found, err, value, sv); err != nil {
		return heap.Undef, err
	}
	return heap.None, nil
}

func setDiscardM(vm *VM, self Value, s *heap.Set, sv Value, args [2]Value) (Value, error) {
	elem := args[0]
	if _, err := vm.setRemoveKey(s, elem); err != nil {
		return heap.Undef, err
	}
	vm.H.Touch(sv)
	return heap.None, nil
}

func setPopM(vm *VM, self Value, s *heap.Set, sv Value, args [2]Value) (Value, error) {
	k, ok := s.Pop()
	if !ok {
		return heap.Undef, vm.ErrorArgs(TKeyError, vm.NewStr("pop from an empty set"))
	}
	vm.H.Touch(sv)
	return k, nil
}

func setClearM(vm *VM, self Value, s *heap.Set, sv Value, args [2]Value) (Value, error) {
	s.Clear()
	vm.H.Touch(sv)
	return heap.None, nil
}

func setCopyM(vm *VM, self Value, s *heap.Set, _ Value, args [2]Value) (Value, error) {
	if s.Frozen && vm.ctIsExact(self, TFrozenSet) {
		return self, nil
	}
	rv, _ := vm.setCopyOf(s, s.Frozen)
	return rv, nil
}

// setVarMethod builds a set method taking any number of positional
// arguments, others.
func setVarMethod(name string, f func(vm *VM, s *heap.Set, sv Value, others []Value) (Value, error)) BuiltinFn {
	qualName := "set." + name
	return func(vm *VM, self Value, a Args) (Value, error) {
		if err := vm.NoKwargs(qualName, a); err != nil {
			return heap.Undef, err
		}
		s, sv, err := vm.selfSet(self, name)
		if err != nil {
			return heap.Undef, err
		}
		return f(vm, s, sv, a.Pos)
	}
}

func setIntersectionM(vm *VM, s *heap.Set, _ Value, others []Value) (Value, error) {
	if len(others) == 0 {
		rv, _ := vm.setCopyOf(s, s.Frozen)
		return rv, nil
	}
	var rv Value
	var err error
	cur := s
	for _, o := range others {
		if rv, cur, err = vm.setIntersection(cur, o, s.Frozen); err != nil {
			return heap.Undef, err
		}
	}
	return rv, nil
}

func setDifferenceM(vm *VM, s *heap.Set, _ Value, others []Value) (Value, error) {
	if len(others) == 0 {
		rv, _ := vm.setCopyOf(s, s.Frozen)
		return rv, nil
	}
	rv, r, err := vm.setDifference(s, others[0], s.Frozen)
	if err != nil {
		return heap.Undef, err
	}
	for _, o := range others[1:] {
		if err := vm.setDifferenceUpdate(r, o); err != nil {
			return heap.Undef, err
		}
	}
	return rv, nil
}

func setSymDiffM(vm *VM, self Value, s *heap.Set, _ Value, args [2]Value) (Value, error) {
	other := args[0]
	if os, ok := vm.SetOf(other); ok {
		return vm.setBinary(compile.BinXor, s, os, s.Frozen)
	}
	// CPython builds a set from the iterable and updates it in place.
	rv, r := vm.newSetValue(s.Frozen)
	if err := vm.setUpdateFrom(r, other); err != nil {
		return heap.Undef, err
	}
	if err := vm.setSymDiffUpdate(r, vm.Prim(self)); err != nil {
		return heap.Undef, err
	}
	return rv, nil
}

func setSymDiffUpdateM(vm *VM, self Value, s *heap.Set, sv Value, args [2]Value) (Value, error) {
	other := args[0]
	defer vm.H.Touch(sv)
	if err := vm.setSymDiffUpdate(s, other); err != nil {
		return heap.Undef, err
	}
	return heap.None, nil
}

// setSubsetM is issubset, or issuperset (super: the operands swapped).
func setSubsetM(name string, super bool) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		var other Value
		if err := vm.UnpackArgs(name, a, nil, 1, &other); err != nil {
			return heap.Undef, err
		}
		s, _, err := vm.selfSet(self, name)
		if err != nil {
			return heap.Undef, err
		}
		os, err := vm.setOperand(other)
		if err != nil {
			return heap.Undef, err
		}
		if super {
			s, os = os, s
		}
		r, err := vm.setSubset(s, os)
		return heap.Bool(r), err
	}
}

func setIsDisjointM(vm *VM, self Value, s *heap.Set, _ Value, args [2]Value) (Value, error) {
	other := args[0]
	if os, ok := vm.SetOf(other); ok {
		x, y := s, os
		if x.Used > y.Used {
			x, y = y, x
		}
		disjoint := true
		var err error
		x.Each(func(k Value, h int64) bool {
			var in bool
			in, err = y.Contains(k, h, vm.Eq)
			if err != nil || in {
				disjoint = false
				return false
			}
			return true
		})
		return heap.Bool(disjoint), err
	}
	return vm.disjointFrom(other, func(k Value) (bool, error) { return vm.setHas(s, k) })
}

// disjointFrom is isdisjoint with an iterable: whether none of its items
// is in the receiver (has tells).
func (vm *VM) disjointFrom(other Value, has func(Value) (bool, error)) (Value, error) {
	items, err := vm.Unpack(other)
	if err != nil {
		return heap.Undef, err
	}
	for _, x := range items {
		in, err := has(x)
		if err != nil {
			return heap.Undef, err
		}
		if in {
			return heap.False, nil
		}
	}
	return heap.True, nil
}

func setLenM(vm *VM, self Value, a Args) (Value, error) {
	s, _, err := vm.selfSet(self, "__len__")
	if err != nil {
		return heap.Undef, err
	}
	return heap.Int(int64(s.Used)), nil
}

func setContainsM(vm *VM, self Value, s *heap.Set, _ Value, args [2]Value) (Value, error) {
	key := args[0]
	r, err := vm.setContains(s, key)
	return heap.Bool(r), err
}

func frozensetHashM(vm *VM, self Value, a Args) (Value, error) {
	s, _, err := vm.selfSet(self, "__hash__")
	if err != nil {
		return heap.Undef, err
	}
	return heap.Int(frozensetHash(s)), nil
}

// --- shared dunder helpers --------------------------------------------------------

// cmpMethod returns a rich-comparison dunder that defers to containerCompare.
func ctCmpMethod(op int, name string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		var other Value
		if err := vm.UnpackArgs(name, a, nil, 1, &other); err != nil {
			return heap.Undef, err
		}
		r, ok, err := vm.containerCompare(op, self, other)
		if err != nil {
			return heap.Undef, err
		}
		if !ok {
			return heap.NotImplemented, nil
		}
		return heap.Bool(r), nil
	}
}

// binMethod returns a binary-operator dunder that defers to seqBinary.
func ctBinMethod(op int, name string, reflected bool) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		var other Value
		if err := vm.UnpackArgs(name, a, nil, 1, &other); err != nil {
			return heap.Undef, err
		}
		if reflected {
			return vm.seqBinary(op, other, self)
		}
		return vm.seqBinary(op, self, other)
	}
}

// inplaceMethod returns an in-place operator dunder deferring to seqInplace.
func ctInplaceMethod(op int, name string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		var other Value
		if err := vm.UnpackArgs(name, a, nil, 1, &other); err != nil {
			return heap.Undef, err
		}
		return vm.seqInplace(op, self, other)
	}
}

func ctReprMethod(vm *VM, self Value, a Args) (Value, error) {
	s, err := vm.reprContainerAs(self, vm.Prim(self))
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewStr(s), nil
}

func ctComparisonDefs() []MethodDef {
	return []MethodDef{
		{Name: "__lt__", Fn: ctCmpMethod(compile.CmpLt, "__lt__")},
		{Name: "__le__", Fn: ctCmpMethod(compile.CmpLe, "__le__")},
		{Name: "__eq__", Fn: ctCmpMethod(compile.CmpEq, "__eq__")},
		{Name: "__ne__", Fn: ctCmpMethod(compile.CmpNe, "__ne__")},
		{Name: "__gt__", Fn: ctCmpMethod(compile.CmpGt, "__gt__")},
		{Name: "__ge__", Fn: ctCmpMethod(compile.CmpGe, "__ge__")},
	}
}

// ctSetOperatorDefs are the operator methods of sets and of the set-like
// dict views: |, &, - and ^ both ways round, and the comparisons.
func ctSetOperatorDefs() []MethodDef {
	ops := []struct {
		op   int
		name string
	}{{compile.BinOr, "or"}, {compile.BinAnd, "and"}, {compile.BinSub, "sub"}, {compile.BinXor, "xor"}}
	var defs []MethodDef
	for _, o := range ops {
		name := "__" + o.name + "__"
		defs = append(defs, MethodDef{Name: name, Fn: ctBinMethod(o.op, name, false)})
	}
	for _, o := range ops {
		name := "__r" + o.name + "__"
		defs = append(defs, MethodDef{Name: name, Fn: ctBinMethod(o.op, name, true)})
	}
	return append(defs, ctComparisonDefs()...)
}

// --- constructors -----------------------------------------------------------------

func newSetCtor(frozen bool) BuiltinFn {
	name := "set"
	if frozen {
		name = "frozenset"
	}
	return func(vm *VM, cls Value, a Args) (Value, error) {
		if err := vm.NoKwargs(name, a); err != nil {
			return heap.Undef, err
		}
		if err := vm.ArgCount(name, a, 0, 1); err != nil {
			return heap.Undef, err
		}
		if len(a.Pos) == 1 && vm.needsFrames(a.Pos[0]) {
			if r, ok, err := vm.tailPy(name, "to_"+name, a.Pos[0]); ok {
				return r, err
			}
		}
		exact := cls == vm.Types[TFrozenSet]
		if frozen && exact && len(a.Pos) == 1 && vm.ctIsExact(a.Pos[0], TFrozenSet) {
			return a.Pos[0], nil
		}
		rv, r := vm.newSetValue(frozen)
		if len(a.Pos) == 1 {
			if err := vm.setUpdateFrom(r, a.Pos[0]); err != nil {
				return heap.Undef, err
			}
		}
		return rv, nil
	}
}

// setInitM is set.__init__(iterable=()): it refills the set.
func setInitM(vm *VM, self Value, s *heap.Set, sv Value, args [2]Value) (Value, error) {
	iterable := args[0]
	s.Clear()
	defer vm.H.Touch(sv)
	if iterable.K != heap.KUndef {
		if err := vm.setUpdateFrom(s, iterable); err != nil {
			return heap.Undef, err
		}
	}
	return heap.None, nil
}

func init() {
	common := []MethodDef{
		{Name: "copy", Fn: setMethod("copy", 0, 0, setCopyM)},
		{Name: "union", Fn: setVarMethod("union", setUnionM)},
		{Name: "intersection", Fn: setVarMethod("intersection", setIntersectionM)},
		{Name: "difference", Fn: setVarMethod("difference", setDifferenceM)},
		{Name: "symmetric_difference", Fn: setMethod("symmetric_difference", 1, 1, setSymDiffM)},
		{Name: "issubset", Fn: setSubsetM("issubset", false)},
		{Name: "issuperset", Fn: setSubsetM("issuperset", true)},
		{Name: "isdisjoint", Fn: setMethod("isdisjoint", 1, 1, setIsDisjointM)},
		{Name: "__len__", Fn: setLenM},
		{Name: "__contains__", Fn: setMethod("__contains__", 1, 1, setContainsM)},
		{Name: "__repr__", Fn: ctReprMethod},
	}
	common = append(common, ctSetOperatorDefs()...)
	mutating := []MethodDef{
		{Name: "__init__", Fn: receiverMethod((*VM).selfSet, "set", "__init__", 0, 1, setInitM)},
		{Name: "add", Fn: setMethod("add", 1, 1, setAddM)},
		{Name: "remove", Fn: setMethod("remove", 1, 1, setRemoveM)},
		{Name: "discard", Fn: setMethod("discard", 1, 1, setDiscardM)},
		{Name: "pop", Fn: setMethod("pop", 0, 0, setPopM)},
		{Name: "clear", Fn: setMethod("clear", 0, 0, setClearM)},
		{Name: "update", Fn: setUpdateM},
		{Name: "intersection_update", Fn: setIntersectionUpdateM},
		{Name: "difference_update", Fn: setDifferenceUpdateM},
		{Name: "symmetric_difference_update", Fn: setMethod("symmetric_difference_update", 1, 1, setSymDiffUpdateM)},
		{Name: "__ior__", Fn: ctInplaceMethod(compile.BinOr, "__ior__")},
		{Name: "__iand__", Fn: ctInplaceMethod(compile.BinAnd, "__iand__")},
		{Name: "__isub__", Fn: ctInplaceMethod(compile.BinSub, "__isub__")},
		{Name: "__ixor__", Fn: ctInplaceMethod(compile.BinXor, "__ixor__")},
	}
	for i := range mutating {
		mutating[i].Fn = mutableSetOnly(mutating[i].Name, mutating[i].Fn)
	}
	AddMethods(TSet, append(append([]MethodDef(nil), common...), mutating...))
	AddMethods(TFrozenSet, append(append([]MethodDef(nil), common...), MethodDef{Name: "__hash__", Fn: frozensetHashM}))
	RegisterConstructor(TSet, newSetCtor(false))
	RegisterConstructor(TFrozenSet, newSetCtor(true))
}

// mutableSetOnly refuses a frozenset receiver before fn runs: set's
// mutating methods are reachable as set.add(f, x), and a frozenset changed
// in place would break the hash it may already be stored under.
func mutableSetOnly(name string, fn BuiltinFn) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		if s, ok := vm.SetOf(self); ok && s.Frozen {
			if strings.HasPrefix(name, "__") {
				return heap.Undef, vm.TypeError("descriptor '%s' requires a 'set' object but received a '%s'", name, vm.TypeName(self))
			}
			return heap.Undef, vm.TypeError("descriptor '%s' for 'set' objects doesn't apply to a '%s' object", name, vm.TypeName(self))
		}
		return fn(vm, self, a)
	}
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
	case compile.CmpGe: // a >= b is b <= a
		return vm.setCompare(compile.CmpLe, b, a)
	case compile.CmpGt:
		return vm.setCompare(compile.CmpLt, b, a)
	}
	return false, nil
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

// setContains looks x up in s; a set argument is looked up as a frozenset.
func (vm *VM) setContains(s *heap.Set, x Value) (bool, error) {
	r, err := vm.setHas(s, x)
	if fx, ok := vm.frozenRetry(x, err); ok {
		return vm.setHas(s, fx)
	}
	return r, err
}

// frozenRetry returns the key to retry a set lookup of x with when the
// lookup failed with err: a set is unhashable, so a TypeError for one is
// answered by looking up a frozenset with its elements, as CPython does.
func (vm *VM) frozenRetry(x Value, err error) (Value, bool) {
	if err == nil || !vm.ErrIs(err, TTypeError) {
		return heap.Undef, false
	}
	xs, ok := vm.SetOf(x)
	if !ok || xs.Frozen {
		return heap.Undef, false
	}
	fv := vm.NewSet(true)
	_ = vm.setMerge(vm.H.Get(fv).(*heap.Set), xs)
	return fv, true
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

// setEachInPlace makes a set method that applies update to the set and
// each argument in turn (update, intersection_update, difference_update).
func setEachInPlace(name string, update func(vm *VM, s *heap.Set, other Value) error) BuiltinFn {
	return setVarMethod(name, func(vm *VM, s *heap.Set, sv Value, others []Value) (Value, error) {
		defer vm.H.Touch(sv)
		for _, o := range others {
			if err := update(vm, s, o); err != nil {
				return heap.Undef, err
			}
		}
		return heap.None, nil
	})
}

var (
	setUpdateM             = setEachInPlace("update", (*VM).setUpdateFrom)
	setIntersectionUpdateM = setEachInPlace("intersection_update", (*VM).setIntersectUpdate)
	setDifferenceUpdateM   = setEachInPlace("difference_update", (*VM).setDifferenceUpdate)
)

// setUnionM is set.union: a copy updated from each argument.
func setUnionM(vm *VM, s *heap.Set, _ Value, others []Value) (Value, error) {
	rv, r := vm.setCopyOf(s, s.Frozen)
	for _, o := range others {
		if err := vm.setUpdateFrom(r, o); err != nil {
			return heap.Undef, err
		}
	}
	return rv, nil
}
