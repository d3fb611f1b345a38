package vm

import (
	"sync"
	"sync/atomic"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// The most frequent calls of builtins on builtin receivers answer at the
// top of callBuiltinStack (see builtinFast), as CPython 3.11 specialises
// CALL for list.append, len and isinstance: they skip building Args, the
// method's receiver and arity checks and the tail-call bookkeeping.

// fastIDs holds the registry IDs of the builtins builtinFast knows.
// Builtin methods register when the first builtin world is built, so the
// IDs are looked up on first use; they are the same for every VM of the
// process.
var fastIDs struct {
	once                                         sync.Once
	listAppend, listPop, dictGet, dictSetDefault int32
	dictPop, setAdd                              int32
	length, isinst, min, max                     int32
}

// Codes of the builtins builtinFast knows (fastKindTab).
const (
	fkNone uint8 = iota
	fkListPop
	fkDictSetDefault
	fkDictPop
	fkSetAdd
	fkLen
	// The builtins from fkStackFirst on may answer in builtinStack.
	fkListAppend
	fkDictGet
	fkIsinst
	fkMin
	fkMax

	fkStackFirst = fkListAppend
)

// fastKindTab maps a builtin ID to its fk* code (fkNone for the others),
// so that builtinFast's dispatch is one indexed load and a jump table
// instead of a compare per known builtin. It is read without the Once on
// the call path (an atomic load is a plain load on the machines we run).
var fastKindTab atomic.Pointer[[fastKindMax]uint8]

// fastKindMax bounds the IDs fastKindTab covers: builtinFast's builtins
// register among the first, and later IDs take fastKindSlow.
const fastKindMax = 4096

// fastKind is the fk* code of builtin id, fkNone for a builtin
// builtinFast does not know, and for every builtin until the first call
// of a builtin on the general path (callBuiltinGeneral) has loaded the
// table: those take the general path, which gives the same answers.
func fastKind(id int32) uint8 {
	if t := fastKindTab.Load(); t != nil && uint(id) < fastKindMax {
		return t[id]
	}
	return fkNone
}

// loadFastKinds loads fastKindTab (callBuiltinGeneral's first call).
func loadFastKinds() {
	fastIDs.once.Do(loadFastIDs)
}

func loadFastIDs() {
	fastIDs.listAppend = mustBuiltinID("list.append")
	fastIDs.listPop = mustBuiltinID("list.pop")
	fastIDs.min = mustBuiltinID("min")
	fastIDs.max = mustBuiltinID("max")
	fastIDs.dictGet = mustBuiltinID("dict.get")
	fastIDs.dictSetDefault = mustBuiltinID("dict.setdefault")
	fastIDs.dictPop = mustBuiltinID("dict.pop")
	fastIDs.setAdd = mustBuiltinID("set.add")
	fastIDs.length = mustBuiltinID("len")
	fastIDs.isinst = mustBuiltinID("isinstance")
	ids := [...]struct {
		id   int32
		kind uint8
	}{
		{fastIDs.listAppend, fkListAppend}, {fastIDs.listPop, fkListPop},
		{fastIDs.dictGet, fkDictGet}, {fastIDs.dictSetDefault, fkDictSetDefault},
		{fastIDs.dictPop, fkDictPop}, {fastIDs.setAdd, fkSetAdd},
		{fastIDs.length, fkLen}, {fastIDs.isinst, fkIsinst},
		{fastIDs.min, fkMin}, {fastIDs.max, fkMax},
	}
	var tab [fastKindMax]uint8
	for _, e := range ids {
		// A builtin registered past the table keeps fkNone: the general
		// path, which gives the same answers.
		if uint(e.id) < fastKindMax {
			tab[e.id] = e.kind
		}
	}
	fastKindTab.Store(&tab)
}

// builtinFast runs a call, without keywords, of builtin o (its own Self
// unset) on args, when it is one of a few common builtins called the
// common way: lst.append(x) and lst.pop([i]) on an exact list; d.get(k[, v]), d.setdefault(k[, v]) and d.pop(k[, v]) on an
// exact dict; st.add(x) on an exact set; len(x); isinstance(x, t);
// min(a, b) and max(a, b) of two ints or two floats. Python code may run
// (a key's __eq__, a __len__, an __instancecheck__) as it would in the
// general path, whose Go code it shares; done=false, with nothing
// changed, leaves the call to the general path (other arities, receivers
// and builtins, errors of form).
func (vm *VM) builtinFast(o *heap.Builtin, args []Value) (r Value, done bool, err error) {
	return vm.builtinFastK(o, fastKind(o.ID), args)
}

// builtinFastK is builtinFast given o's fk* code k.
func (vm *VM) builtinFastK(o *heap.Builtin, k uint8, args []Value) (r Value, done bool, err error) {
	switch k {
	case fkListAppend:
		if len(args) != 2 || args[0].K != heap.KRef {
			return heap.Undef, false, nil
		}
		l, ok := vm.H.Get(args[0]).(*heap.List)
		if !ok {
			return heap.Undef, false, nil
		}
		if len(l.Items) == cap(l.Items) {
			// Growth, with its memory accounting, is listAppendM's; a
			// list built by appends grows often while small (chunk = []
			// then chunk.append(x)), so it answers here rather than
			// through the general path's Args and receiver checks.
			vm.openSafe(heap.Undef, heap.Undef)
			r, err = listAppendM(vm, args[0], l, args[0], [2]Value{args[1]})
			vm.closeSafe()
			return r, true, err
		}
		l.Items = append(l.Items, args[1])
		vm.H.TouchItem(args[0], len(l.Items)-1, len(l.Items))
		return heap.None, true, nil
	case fkListPop:
		// lst.pop() and lst.pop(i) with an int i.
		if len(args) < 1 || len(args) > 2 || args[0].K != heap.KRef || (len(args) == 2 && args[1].K != heap.KInt) {
			return heap.Undef, false, nil
		}
		l, ok := vm.H.Get(args[0]).(*heap.List)
		if !ok {
			return heap.Undef, false, nil
		}
		var a [2]Value
		copy(a[:], args[1:])
		vm.openSafe(heap.Undef, heap.Undef)
		r, err = listPopM(vm, args[0], l, args[0], a)
		vm.closeSafe()
		return r, true, err
	case fkMin, fkMax:
		// min(a, b) and max(a, b) of two ints or two floats: the first
		// of the extreme values, as the general path's comparisons say
		// (a NaN is never smaller or larger).
		if len(args) != 2 || args[0].K != args[1].K {
			return heap.Undef, false, nil
		}
		a, b := args[0], args[1]
		var less bool // b strictly beyond a in the wanted direction
		switch a.K {
		case heap.KInt:
			if k == fkMin {
				less = b.I() < a.I()
			} else {
				less = b.I() > a.I()
			}
		case heap.KFloat:
			if k == fkMin {
				less = b.F() < a.F()
			} else {
				less = b.F() > a.F()
			}
		default:
			return heap.Undef, false, nil
		}
		if less {
			return b, true, nil
		}
		return a, true, nil
	case fkSetAdd:
		if len(args) != 2 || args[0].K != heap.KRef {
			return heap.Undef, false, nil
		}
		st, ok := vm.H.Get(args[0]).(*heap.Set)
		if !ok || st.Frozen {
			return heap.Undef, false, nil
		}
		vm.openSafe(heap.Undef, heap.Undef)
		r, err = setAddM(vm, args[0], st, args[0], [2]Value{args[1]})
		vm.closeSafe()
		return r, true, err
	case fkDictGet, fkDictSetDefault, fkDictPop:
		if (len(args) != 2 && len(args) != 3) || args[0].K != heap.KRef {
			return heap.Undef, false, nil
		}
		d, ok := vm.H.Get(args[0]).(*heap.Dict)
		if !ok {
			return heap.Undef, false, nil
		}
		var a [2]Value
		copy(a[:], args[1:])
		vm.openSafe(heap.Undef, heap.Undef)
		switch k {
		case fkDictGet:
			r, err = dictGetM(vm, args[0], d, args[0], a)
		case fkDictSetDefault:
			r, err = dictSetDefaultM(vm, args[0], d, args[0], a)
		default:
			r, err = dictPopM(vm, args[0], d, args[0], a)
		}
		vm.closeSafe()
		return r, true, err
	case fkLen:
		if len(args) != 1 {
			return heap.Undef, false, nil
		}
		vm.openSafe(heap.Undef, heap.Undef)
		n, err := vm.Len(args[0])
		vm.closeSafe()
		return heap.Int(int64(n)), true, err
	case fkIsinst:
		if len(args) != 2 {
			return heap.Undef, false, nil
		}
		vm.openSafe(heap.Undef, heap.Undef)
		ok, err := vm.isinstance(args[0], args[1])
		vm.closeSafe()
		return heap.Bool(ok), true, err
	}
	return heap.Undef, false, nil
}

// builtinStack answers, straight from callSimple, a positional call of
// builtin o (its own Self unset; its arguments f's stack from lo to sp,
// the call region from base) when it is one of builtinFast's builtins:
// the result replaces the call region, with no Args, receiver binding
// or tail-call bookkeeping. The calls that cannot run code, fail or
// allocate (len of an exact container or str, lst.append(x) with room,
// isinstance(x, t) decided without __instancecheck__, min/max of two
// ints or floats, d.get(k[, v]) of a key compared without code) skip
// finishStackCall's checks too. done=false, with nothing changed, leaves
// the call to callBuiltinStack.
func (vm *VM) builtinStack(f *heap.Frame, base, lo, sp int, k uint8) bool {
	var r Value
	switch k {
	case fkListAppend:
		self := f.Slots[lo]
		if lo+2 != sp || self.K != heap.KRef {
			return false
		}
		l, ok := vm.H.Get(self).(*heap.List)
		if !ok || len(l.Items) == cap(l.Items) {
			// Growth (and its memory accounting) is listAppendM's.
			return false
		}
		l.Items = append(l.Items, f.Slots[lo+1])
		vm.H.TouchItem(self, len(l.Items)-1, len(l.Items))
		r = heap.None
	case fkDictGet:
		// d.get(k[, v]) on an exact dict, for an int or exact str k whose
		// lookup compares no key with the general ==: no code runs and
		// nothing is allocated or changed, so no check is due after.
		self := f.Slots[lo]
		if (lo+2 != sp && lo+3 != sp) || self.K != heap.KRef {
			return false
		}
		d, ok := vm.H.Get(self).(*heap.Dict)
		if !ok {
			return false
		}
		i, _, known := vm.dictFind(d, f.Slots[lo+1])
		if !known {
			return false
		}
		switch {
		case i >= 0:
			r = d.Entries[i].Val
		case lo+3 == sp:
			r = f.Slots[lo+2]
		default:
			r = heap.None
		}
	case fkIsinst:
		if lo+2 != sp {
			return false
		}
		b, ok := vm.isinstanceFast(f.Slots[lo], f.Slots[lo+1])
		if !ok {
			return false
		}
		r = heap.Bool(b)
	case fkMin, fkMax:
		a, b := f.Slots[lo], f.Slots[sp-1]
		if lo+2 != sp || a.K != b.K {
			return false
		}
		var beyond bool // b strictly beyond a in the wanted direction
		switch a.K {
		case heap.KInt:
			beyond = (k == fkMin && b.I() < a.I()) || (k == fkMax && b.I() > a.I())
		case heap.KFloat:
			beyond = (k == fkMin && b.F() < a.F()) || (k == fkMax && b.F() > a.F())
		default:
			return false
		}
		r = a
		if beyond {
			r = b
		}
	default:
		return false
	}
	clearSlots(f.Slots, base+1, sp)
	f.Slots[base] = r
	f.SP = int32(base + 1)
	return true
}

// lenStack answers len(x) (o the builtin len, its one argument the top of
// f's stack at sp-1) for an exact list, tuple, dict, set or frozenset
// (or an exact str: its code points, counted once) straight from
// callSimple: the length replaces the call region at base,
// with no Args, builtinFast dispatch or result checks, as nothing can run
// or allocate. Anything else (str subclasses, instances with __len__, other
// objects) reports false, with nothing changed, for the general call.
func (vm *VM) lenStack(f *heap.Frame, base, sp int, o *heap.Builtin) bool {
	x := f.Slots[sp-1]
	if x.K != heap.KRef || o.Self.K != heap.KUndef || fastIDs.length == 0 {
		return false
	}
	var n int
	switch c := vm.H.Get(x).(type) {
	case *heap.List:
		n = len(c.Items)
	case *heap.Tuple:
		n = len(c.Items)
	case *heap.Dict:
		n = c.Used
	case *heap.Set:
		n = c.Used
	case *heap.Str:
		n = strRuneLen(c)
	default:
		return false
	}
	clearSlots(f.Slots, base+1, sp)
	f.Slots[base] = heap.Int(int64(n))
	f.SP = int32(base + 1)
	return true
}

// siteBuiltinMeth marks, in SiteEntry.Meth, an entry of a builtin type
// whose value is one of its own method descriptors (a Builtin with no
// Self): LOAD_METHOD pushes it and the receiver. The Meth values of
// methodHit (1, 2) are for instances' classes, which are never builtin
// types, so the entries do not meet.
const siteBuiltinMeth = 3

// builtinMethodHit is LOAD_METHOD's hit for lst.append, d.get, s.split...
// on an exact str, list, tuple, dict or set, without writing the frame
// back: the site at instruction pc of co has seen the type this epoch,
// and found one of its builtin methods there (as opLoadMethod's builtin
// case, which fills the entry). Anything else (ok=false) takes
// opLoadMethod.
func (vm *VM) builtinMethodHit(co *heap.CodeObj, pc int32, obj Value) (Value, bool) {
	var t TypeID
	switch vm.H.Get(obj).(type) {
	case *heap.List:
		t = TList
	case *heap.Dict:
		t = TDict
	case *heap.Str:
		t = TStr
	case *heap.Tuple:
		t = TTuple
	case *heap.Set:
		// typeIDOfObject tells a set from a frozenset.
		t = vm.typeIDOfObject(vm.H.Get(obj))
	default:
		return heap.Undef, false
	}
	// methodHit has checked pc against SiteAt and that the sites are
	// live (SiteIdx set), so SiteAt[pc] is this instruction's site: one
	// word compared per way (Find), as the instances' hits do.
	e := co.SiteAt[pc].Find(vm.Types[t].H(), vm.epoch)
	if e == nil {
		return heap.Undef, false
	}
	if e.Meth != siteBuiltinMeth {
		if e.Meth != 0 {
			return heap.Undef, false
		}
		// First hit of this entry: is its value one of the type's own
		// method descriptors?
		e.Meth = 2
		if e.Val.K == heap.KRef {
			if b, ok := vm.H.Get(e.Val).(*heap.Builtin); ok && builtinDef(b.ID).Method && b.Self.K == heap.KUndef {
				e.Meth = siteBuiltinMeth
			}
		}
		if e.Meth != siteBuiltinMeth {
			return heap.Undef, false
		}
	}
	return e.Val, true
}

// strMethodStack answers, straight from pushSimple, a positional call of
// a str method descriptor o on an exact str (its arguments f's stack from
// lo to sp, the receiver first) when strMethodFast knows the case: the
// same answer as callBuiltinGeneral's first step, without entering that
// function's larger frame. Its results may be new strs, so
// finishStackCall's limit checks follow. done=false, with nothing
// changed, leaves the call to callBuiltinGeneral.
func (vm *VM) strMethodStack(f *heap.Frame, base, lo, sp int, o *heap.Builtin) (done bool, err error) {
	if lo == sp || o.Self.K != heap.KUndef {
		return false, nil
	}
	def := builtinDef(o.ID)
	self := f.Slots[lo]
	if def.Owner != TStr || self.K != heap.KRef {
		return false, nil
	}
	so, ok := vm.H.Get(self).(*heap.Str)
	if !ok {
		return false, nil
	}
	r, ok := vm.strMethodFast(def, o.ID, self, so, f.Slots[lo+1:sp])
	if !ok {
		return false, nil
	}
	return true, vm.finishStackCall(f, base, r, nil)
}
