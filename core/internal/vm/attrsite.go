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
// has seen this epoch, with a load the site entry's Want says may be
// read straight from the instance dict (the name itself, no data
// descriptor there, on a class keeping object's __getattribute__; or the
// attribute of a plain accessor property), and the dict has Want where
// the site last found it. The name is not needed for that, so the eval
// loop loads it only on a miss. Anything else (ok=false) takes
// opLoadAttr; v is then a property whose getter loadAttrMiss may push at
// once, or Undef.
func (vm *VM) instAttrHit(co *heap.CodeObj, pc int32, obj Value) (Value, bool) {
	if obj.K != heap.KRef || uint(pc) >= uint(len(co.SiteAt)) {
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
	e := co.SiteAt[pc].Find(o.Class.H(), vm.epoch)
	if e == nil {
		return heap.Undef, false
	}
	// The entries read once: Want is never Undef when set, so a deleted
	// entry (an Undef key) never matches.
	if ents, j := d.Entries, uint(e.Slot); j < uint(len(ents)) && e.Want.K == heap.KRef && ents[j].Key == e.Want {
		return ents[j].Val, true
	}
	if e.Meth == sitePropPush {
		// A property to call: loadAttrMiss tries getterPush.
		return e.Val, false
	}
	if e.Meth == 0 && e.DataDesc == 2 && e.Acc == 2 && e.Getattribute == 1 && e.Getattr == 1 {
		// The same, from now on known by Meth alone.
		e.Meth = sitePropPush
		return e.Val, false
	}
	return heap.Undef, false
}

// siteName is the attribute name of the instruction of co whose
// argument is arg (LOAD_ATTR, LOAD_METHOD, STORE_ATTR): the hits load it
// only when they need it.
func siteName(co *heap.CodeObj, arg int) Value {
	return co.Consts[len(co.Code.Consts)+arg]
}

// siteClassConst marks, in SiteEntry.Meth of a LOAD_ATTR site, an entry
// whose Val is a class attribute that is no descriptor at all and binds
// to nothing (an int, a str, a tuple...: BindMethod gives it back), read
// through instances that are neither exceptions nor builtin subclass
// instances; NameHash is then set as for methods. opLoadAttr returns it
// first (classSiteHit) when the instance dict does not have the name. (LOAD_METHOD's values
// of Meth are 1, 2 and siteBuiltinMeth.)
const siteClassConst = 4

// sitePropPush marks, in SiteEntry.Meth of a LOAD_ATTR site, an entry
// whose Val is a property that is no plain accessor, on a class keeping
// object's __getattribute__ and without __getattr__ (DataDesc 2, Acc 2,
// Getattribute 1, Getattr 1, as instAttrHit first found): its getter is
// to be called (getterPush), which one comparison then tells.
const sitePropPush = 5

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
	e := co.Sites[co.SiteIdx[f.PC-1]].Find(o.Class.H(), vm.epoch)
	if e == nil || e.Getattribute != 1 {
		return heap.Undef, false, nil
	}
	if e.Meth == siteClassConst {
		d := o.D
		if d == nil || o.Dict.K != heap.KRef || o.Exc != nil || o.Prim.K != heap.KUndef || vm.dictHasNameHash(d, name, e.NameHash) {
			return heap.Undef, false, nil
		}
		return e.Val, true, nil
	}
	if e.DataDesc == 2 && e.Acc == 2 && e.Getattr == 1 {
		ok, err = vm.getterPush(f, obj, e.Val)
		return heap.Undef, ok, err
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

// getterFrame is LOAD_ATTR's call of the property prop's getter on obj
// straight from the eval loop, after instAttrHit found prop at the site
// (a property, no plain accessor, on a class keeping object's
// __getattribute__ without __getattr__): when the getter is a Python
// function taking exactly self, no limit check is due (fastPushDeclined)
// and a pooled frame has room, its frame is pushed and true returned;
// the loop then reloads the frame stack, where a pending throw or
// preemption is seen, skipping loadAttrMiss and the errFramePushed
// round trip. (The loop reloads rather than enter the frame at once:
// that second entry edge cost the dispatch of unrelated instructions
// more than it saved.) false (nothing done) leaves the load to
// loadAttrMiss, which pushes the other getters.
func (vm *VM) getterFrame(obj, prop Value) bool {
	p, ok := vm.H.Get(prop).(*heap.Property)
	if !ok || p.Get.K != heap.KRef {
		return false
	}
	fn, ok := vm.H.Get(p.Get).(*heap.Function)
	if !ok {
		return false
	}
	// A code not yet looked at (Simple 0) or none cached (fn.C nil) is
	// getterPush's to settle.
	co := fn.C
	if co == nil || co.Simple != 2 || vm.fastPushDeclined() {
		return false
	}
	k, n := len(vm.framePool), len(vm.frames)
	if k == 0 || cap(vm.framePool[k-1].Slots) < int(co.NSlots) || n == cap(vm.frames) {
		return false
	}
	vm.steps++
	// A pooled frame has Ret RetPush, Locals and Gen Undef and its slots
	// empty (releaseFrame).
	nf := vm.framePool[k-1]
	vm.framePool = vm.framePool[:k-1]
	nf.Slots = nf.Slots[:co.NSlots]
	vm.frames = vm.frames[:n+1]
	vm.frames[n] = nf
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, co, p.Get, fn.Globals
	nf.Slots[0] = obj
	if cl := fn.Closure; len(cl) > 0 {
		cells := nf.Slots[co.NLocals:]
		for i := range cl {
			cells[i] = cl[i]
		}
	}
	nf.SP = co.NFixed
	return true
}

// storeAttrHit is STORE_ATTR's commonest cases, done without touching
// the frame: obj is an instance whose class the site at instruction pc of
// co (whose argument is arg) has seen this epoch, keeping object's
// __setattr__ with nothing named name in the class, and its dict (one
// the VM made, or the room allocated with the instance) either has the
// site entry's Want (the name, or a plain accessor property's attribute)
// where the site last found it, or ends just there and has room, as when
// __init__ sets its attributes in the same order for every instance: v
// is stored in place, or appended when no entry has name's hash (so none
// can be name). false leaves the store to opStoreAttr.
func (vm *VM) storeAttrHit(co *heap.CodeObj, pc int32, obj Value, arg int, v Value) bool {
	if obj.K != heap.KRef || uint(pc) >= uint(len(co.SiteAt)) {
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
	e := co.SiteAt[pc].Find(o.Class.H(), vm.epoch)
	if e == nil {
		return false
	}
	if ents, j := d.Entries, uint(e.Slot); j < uint(len(ents)) && e.Want.K == heap.KRef && ents[j].Key == e.Want && o.Dict.K == heap.KRef {
		// A dict the VM made (o.D) is this session's and never a list or
		// tuple: the dirty mark is all Touch would do.
		d.SetAt(int(j), v)
		vm.H.TouchNonSeq(o.Dict)
		return true
	}
	if e.Setattr != setattrPlain || e.Val.K != heap.KUndef || e.Slot < 0 {
		return false
	}
	return vm.appendAttrHit(obj, o, d, int(e.Slot), siteName(co, arg), v)
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
	vm.H.TouchNonSeq(o.Dict)
	return true
}

// methodHit is LOAD_METHOD's commonest case, done without touching the
// frame: obj is an instance whose class the site at instruction pc of co
// (whose argument is arg) has seen this epoch, the name is a plain
// Python function there, the class keeps object's __getattribute__, and
// the instance dict (one the VM made) does not shadow the name. It
// returns the function to call with obj; anything else (ok=false) takes
// opLoadMethod.
func (vm *VM) methodHit(co *heap.CodeObj, pc int32, obj Value, arg int) (Value, bool) {
	if obj.K != heap.KRef || uint(pc) >= uint(len(co.SiteAt)) {
		return heap.Undef, false
	}
	o, ok := vm.H.Get(obj).(*heap.Instance)
	if !ok {
		if co.SiteIdx == nil {
			// Sites dropped (a module base's template): SiteAt may
			// outlive SiteIdx, which builtinMethodHit reads.
			return heap.Undef, false
		}
		return vm.builtinMethodHit(co, pc, obj)
	}
	e := co.SiteAt[pc].Find(o.Class.H(), vm.epoch)
	if e == nil {
		return heap.Undef, false
	}
	if e.Meth != 1 {
		if e.Meth != 0 {
			return heap.Undef, false
		}
		e.Meth = 2
		if !vm.isFunction(e.Val) || vm.customGetattr(e, o.Class) {
			return heap.Undef, false
		}
		hh := uint64(vm.StrHash(siteName(co, arg)))
		e.Meth, e.NameHash, e.NameBloom = 1, uint16(hh), heap.BloomBits(hh)
	}
	if o.Dict.K == heap.KRef {
		// The dict's filter first, inline: it mostly proves the name
		// absent without the scan's call or the name's load.
		d := o.D
		if d == nil {
			return heap.Undef, false
		}
		if d.Used != 0 && d.MayHaveBits(e.NameBloom) && vm.dictHasNameHash(d, siteName(co, arg), e.NameHash) {
			return heap.Undef, false
		}
	}
	return e.Val, true
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
	h := cls.H()
	if e := s.Find(h, vm.epoch); e != nil {
		return e
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
	co.SiteAt = make([]*heap.SiteCache, len(co.SiteIdx))
	for i, j := range co.SiteIdx {
		if j >= 0 {
			co.SiteAt[i] = &co.Sites[j]
		}
	}
}
