package vm

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// The site caches of the instructions that look names up, and the hits
// that LOAD_ATTR, LOAD_METHOD and STORE_ATTR answer from them in the
// eval loop without writing the frame back.

// instAttrHit is LOAD_ATTR's commonest case, done without touching the
// frame: obj is an instance whose class the site at instruction pc of co
// has seen this epoch, the name is no data descriptor there, the class
// keeps object's __getattribute__, and the instance dict has the name
// where the site last found it; or the name is a plain accessor property
// whose attribute is where the site last found it. Anything else
// (ok=false) takes opLoadAttr.
func (vm *VM) instAttrHit(co *heap.CodeObj, pc int32, obj, name Value) (Value, bool) {
	if obj.K != heap.KRef || co.SiteIdx == nil {
		return heap.Undef, false
	}
	o, ok := vm.H.Get(obj).(*heap.Instance)
	if !ok {
		return heap.Undef, false
	}
	d := o.D
	if d == nil || o.Dict.K != heap.KRef {
		return heap.Undef, false
	}
	s := &co.Sites[co.SiteIdx[pc]]
	h := o.Class.H()
	for i := range s.Ways {
		if e := &s.Ways[i]; e.Class == h && e.Epoch == vm.epoch {
			j := int(e.Slot)
			if e.Getattribute == 1 && j >= 0 && j < len(d.Entries) {
				if k := d.Entries[j].Key; (e.DataDesc == 1 && k == name) || (e.DataDesc == 2 && e.Acc == 1 && k == heap.Ref(e.AccName)) {
					// The attribute itself, or what a plain accessor
					// property's getter returns (see accessorGet).
					return d.Entries[j].Val, true
				}
			}
			if e.DataDesc == 2 && e.Acc == 2 && e.Getattribute == 1 && e.Getattr == 1 {
				// A property to call: loadAttrMiss tries getterPush.
				return e.Val, false
			}
			break
		}
	}
	return heap.Undef, false
}

// siteClassConst marks, in SiteEntry.Meth of a LOAD_ATTR site, an entry
// whose Val is a class attribute that is no descriptor at all and binds
// to nothing (an int, a str, a tuple...: BindMethod gives it back), read
// through instances that are neither exceptions nor builtin subclass
// instances; NameHash is then set as for methods. opLoadAttr returns it
// first (classSiteHit) when the instance dict does not have the name. (LOAD_METHOD's values
// of Meth are 1, 2 and siteBuiltinMeth.)
const siteClassConst = 4

// loadAttrMiss is LOAD_ATTR's general path after instAttrHit's miss on
// obj (popped from f, whose PC and SP are written back): prop, when
// instAttrHit gave one (a property the site found on obj's class, whose
// getter classSiteHit would call), has its getter's frame pushed at once
// by getterPush, without opLoadAttr's second look at obj and the site;
// anything else is opLoadAttr's.
func (vm *VM) loadAttrMiss(f *heap.Frame, obj, name, prop Value) error {
	if prop.K == heap.KRef {
		if ok, err := vm.getterPush(f, obj, prop); ok {
			return err
		}
	}
	return vm.opLoadAttr(f, obj, name)
}

// classSiteHit is opLoadAttr's first try for an instance o (at obj), in
// one scan of the site (the instruction f is executing) for o's class
// this epoch, on a class keeping object's __getattribute__:
//   - a class constant (siteClassConst), when o's dict lacks the name: v;
//   - a property, not a plain accessor (see accessorReady), on a class
//     without __getattr__, whose getter is a Python function taking
//     exactly self: its frame is pushed at once, its result delivered to
//     f's stack (err errFramePushed, or the push's error).
//
// ok=false leaves the load to opLoadAttr's general path.
func (vm *VM) classSiteHit(f *heap.Frame, obj Value, o *heap.Instance, name Value) (v Value, ok bool, err error) {
	co := f.C
	if co.SiteIdx == nil {
		return heap.Undef, false, nil
	}
	s := &co.Sites[co.SiteIdx[f.PC-1]]
	h := o.Class.H()
	for i := range s.Ways {
		e := &s.Ways[i]
		if e.Class != h || e.Epoch != vm.epoch {
			continue
		}
		if e.Getattribute != 1 {
			break
		}
		if e.Meth == siteClassConst {
			d := o.D
			if d == nil || o.Dict.K != heap.KRef || o.Exc != nil || o.Prim.K != heap.KUndef || vm.dictHasNameHash(d, name, e.NameHash) {
				break
			}
			return e.Val, true, nil
		}
		if e.DataDesc == 2 && e.Acc == 2 && e.Getattr == 1 {
			ok, err = vm.getterPush(f, obj, e.Val)
			return heap.Undef, ok, err
		}
		break
	}
	return heap.Undef, false, nil
}

// getterPush is classSiteHit's call of the property prop's getter with
// obj: when it is a Python function taking exactly self, its frame is
// pushed (as pushQuick pushes one, inline) and err is errFramePushed or
// the push's error; ok=false (nothing done) otherwise.
func (vm *VM) getterPush(f *heap.Frame, obj, prop Value) (ok bool, err error) {
	p, isProp := vm.H.Get(prop).(*heap.Property)
	if !isProp || p.Get.K != heap.KRef {
		return false, nil
	}
	fn, isFn := vm.H.Get(p.Get).(*heap.Function)
	if !isFn {
		return false, nil
	}
	fco := fn.C
	if fco == nil {
		fco = vm.codeOf(fn)
	}
	if fco.Simple == 0 {
		shapeOf(fco)
	}
	if fco.Simple != 2 {
		return false, nil
	}
	if vm.fastPushDeclined() {
		args := [1]Value{obj}
		if err := vm.pushQuick(p.Get, fn, fco, args[:], heap.RetPush); err != nil {
			return true, err
		}
		return true, errFramePushed
	}
	vm.steps++
	// A frame from the pool has Ret RetPush, Locals and Gen Undef
	// already (releaseFrame), as has a new one.
	nf := vm.allocFrame(int(fco.NSlots))
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, fco, p.Get, fn.Globals
	nf.Slots[0] = obj
	if len(fn.Closure) > 0 {
		copy(nf.Slots[fco.NLocals:], fn.Closure)
	}
	nf.SP = fco.NFixed
	vm.frames = append(vm.frames, nf)
	return true, errFramePushed
}

// storeAttrHit is STORE_ATTR's commonest cases, done without touching
// the frame: obj is an instance whose class the site at instruction pc of
// co has seen this epoch, keeping object's __setattr__ with nothing named
// name in the class, and its dict (one the VM made, or the room allocated
// with the instance) either has name where the site last found it, or
// ends just there and has room, as when __init__ sets its attributes in
// the same order for every instance: v is stored in place, or appended
// when no entry has name's hash (so none can be name). false leaves the
// store to opStoreAttr.
func (vm *VM) storeAttrHit(co *heap.CodeObj, pc int32, obj, name, v Value) bool {
	if obj.K != heap.KRef || co.SiteIdx == nil {
		return false
	}
	o, ok := vm.H.Get(obj).(*heap.Instance)
	if !ok {
		return false
	}
	d := o.D
	if d == nil || o.Exc != nil {
		return false
	}
	s := &co.Sites[co.SiteIdx[pc]]
	h := o.Class.H()
	for i := range s.Ways {
		if e := &s.Ways[i]; e.Class == h && e.Epoch == vm.epoch {
			j := int(e.Slot)
			if e.Val.K != heap.KUndef {
				return vm.accessorSetHit(e, o, d, j, v)
			}
			if e.Setattr != setattrPlain || j < 0 {
				return false
			}
			if j < len(d.Entries) && o.Dict.K == heap.KRef {
				if d.Entries[j].Key != name {
					return false
				}
				d.SetAt(j, v)
				vm.H.Touch(o.Dict)
				return true
			}
			return vm.appendAttrHit(obj, o, d, j, name, v)
		}
	}
	return false
}

// accessorSetHit is storeAttrHit's property whose setter is a plain
// accessor, `self.NAME = v` (accessorReady said so at this site entry e
// of o's class, on a class keeping object's __setattr__ and no
// __slots__): v goes where NAME was last found in o's dict, d, when it is
// still there; anything else (NAME elsewhere or missing, an exception
// instance) is left to opStoreAttr's accessorSet.
func (vm *VM) accessorSetHit(e *heap.SiteEntry, o *heap.Instance, d *heap.Dict, j int, v Value) bool {
	if e.Acc != 1 || e.Setattr != setattrPlain || o.Exc != nil || o.Dict.K != heap.KRef || j < 0 || j >= len(d.Entries) {
		return false
	}
	if d.Entries[j].Key != heap.Ref(e.AccName) {
		return false
	}
	d.SetAt(j, v)
	vm.H.Touch(o.Dict)
	return true
}

// appendAttrHit is storeAttrHit's new attribute: name goes to entry j of
// the dict of o (at obj), d or the room allocated with o, if d ends just
// there, has room, and no entry has name's hash.
func (vm *VM) appendAttrHit(obj Value, o *heap.Instance, d *heap.Dict, j int, name, v Value) bool {
	if j != len(d.Entries) || j == cap(d.Entries) {
		return false
	}
	if o.Dict.K != heap.KRef {
		// The first attribute, into the room allocated with o.
		if j != 0 {
			return false
		}
		vm.makeInstDict(obj, o).Append(name, v, vm.StrHash(name))
		return true
	}
	if !d.AppendFresh(name, v, vm.StrHash(name)) {
		return false
	}
	vm.H.Touch(o.Dict)
	return true
}

// methodHit is LOAD_METHOD's commonest case, done without touching the
// frame: obj is an instance whose class the site at instruction pc of co
// has seen this epoch, the name is a plain Python function there, the
// class keeps object's __getattribute__, and the instance dict (one the
// VM made) does not shadow the name. It returns the function to call
// with obj; anything else (ok=false) takes opLoadMethod.
func (vm *VM) methodHit(co *heap.CodeObj, pc int32, obj, name Value) (Value, bool) {
	if obj.K != heap.KRef || co.SiteIdx == nil {
		return heap.Undef, false
	}
	o, ok := vm.H.Get(obj).(*heap.Instance)
	if !ok {
		return vm.builtinMethodHit(co, pc, obj)
	}
	s := &co.Sites[co.SiteIdx[pc]]
	h := o.Class.H()
	for i := range s.Ways {
		if e := &s.Ways[i]; e.Class == h && e.Epoch == vm.epoch {
			if e.Meth == 0 {
				e.Meth = 2
				if vm.isFunction(e.Val) && !vm.customGetattr(e, o.Class) {
					e.Meth, e.NameHash = 1, uint16(vm.StrHash(name))
				}
			}
			if e.Meth != 1 {
				break
			}
			if o.Dict.K == heap.KRef {
				d := o.D
				if d == nil || vm.dictHasNameHash(d, name, e.NameHash) {
					break
				}
			}
			return e.Val, true
		}
	}
	return heap.Undef, false
}

// dictHasNameHash is dictHasName for a small dict, given the low 16
// bits of name's hash (the site entry's NameHash): only entries whose
// hash agrees there are looked at whole, so the name's own hash need
// not be fetched.
func (vm *VM) dictHasNameHash(d *heap.Dict, name Value, h16 uint16) bool {
	if d.Used == 0 || !d.MayHaveHash(uint64(h16)) {
		return false
	}
	ents := d.Entries
	if len(ents) > 8 {
		return vm.dictHasName(d, name)
	}
	// The scan makes no call, so nothing is saved around one on the way:
	// the first entry with the hash bits goes to dictHasNameFrom.
	for i := range ents {
		if uint16(ents[i].Hash) == h16 {
			return vm.dictHasNameFrom(ents[i:], name, h16)
		}
	}
	return false
}

// dictHasNameFrom is dictHasNameHash's scan from an entry with the hash
// bits h16 (ents[0]) on: whether an entry is name.
func (vm *VM) dictHasNameFrom(ents []heap.DictEntry, name Value, h16 uint16) bool {
	for i := range ents {
		if uint16(ents[i].Hash) == h16 && vm.entryIsName(&ents[i], name) {
			return true
		}
	}
	return false
}

// siteLookup is LookupClass(cls, name) cached at the current instruction
// of f: attribute-heavy code sees the same class at a site again and again.
func (vm *VM) siteLookup(f *heap.Frame, cls, name Value) *heap.SiteEntry {
	s := vm.site(f)
	h, ep := cls.H(), vm.epoch
	for i := range s.Ways {
		if e := &s.Ways[i]; e.Class == h && e.Epoch == ep {
			return e
		}
	}
	e := &s.Ways[s.Next]
	s.Next = (s.Next + 1) % heap.SiteWays
	*e = heap.SiteEntry{Class: h, Epoch: vm.epoch, Val: vm.LookupClass(cls, name)}
	return e
}

// instanceSlot is the index of the entry for name in d, an instance's
// dict, or -1. The entry e last found is tried first; names are interned,
// so a hit is an identical key.
func (vm *VM) instanceSlot(e *heap.SiteEntry, d *heap.Dict, name Value) int {
	if i := int(e.Slot); uint(i) < uint(len(d.Entries)) && d.Entries[i].Key == name {
		return i
	}
	i, _ := d.Lookup(name, vm.StrHash(name), vm.StrEq)
	if i >= 0 {
		e.Slot = int32(i)
	}
	return i
}

// site returns the cache of the instruction f is executing. Only the
// instructions that look names up get one.
func (vm *VM) site(f *heap.Frame) *heap.SiteCache {
	co := f.C
	if co.SiteIdx == nil {
		makeSites(co)
	}
	return &co.Sites[co.SiteIdx[f.PC-1]]
}

// makeSites gives co's instructions that look names up their caches.
func makeSites(co *heap.CodeObj) {
	co.SiteIdx = make([]int32, len(co.Code.Instrs))
	n := int32(0)
	for i, in := range co.Code.Instrs {
		switch in.Op() {
		case compile.LOAD_ATTR, compile.LOAD_METHOD, compile.STORE_ATTR, compile.LOAD_GLOBAL, compile.STORE_GLOBAL:
			co.SiteIdx[i] = n
			n++
		default:
			co.SiteIdx[i] = -1
		}
	}
	co.Sites = make([]heap.SiteCache, n)
}
