package vm

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// Plain accessor properties: a getter whose whole body is
// `return self.NAME` and a setter whose whole body is `self.NAME = v`
// are so common that LOAD_ATTR and STORE_ATTR do their work in place
// when NAME is a plain entry of the instance dict, without the frame a
// call would push. Nothing observable is lost: the accessor runs no other
// code, and whenever its inner access could do anything but read or write
// that dict entry (NAME missing, a data descriptor or a __slots__ entry
// for NAME on the class, an exception instance ...) the accessor is
// called as a frame as before. The site entry remembers the answer for
// its class until the next cache epoch (any class change).

// accessorName returns NAME if fnv is a plain Python function whose code
// is exactly `return self.NAME` (setter=false) or `self.NAME = v`
// (setter=true), with no other parameters, cells or flags.
func (vm *VM) accessorName(fnv Value, setter bool) (Value, bool) {
	if fnv.K != heap.KRef {
		return heap.Undef, false
	}
	fn, ok := vm.H.Get(fnv).(*heap.Function)
	if !ok {
		return heap.Undef, false
	}
	co := vm.codeOf(fn)
	c := co.Code
	nargs := 1
	if setter {
		nargs = 2
	}
	if c.ArgCount != nargs || c.PosOnlyCount > nargs || c.KwOnlyCount != 0 || c.Flags != 0 ||
		len(c.Cellvars) != 0 || len(c.Freevars) != 0 {
		return heap.Undef, false
	}
	in := c.Instrs
	var k int
	if setter {
		// LOAD_FAST v; LOAD_FAST self; STORE_ATTR NAME; LOAD_CONST; RETURN_VALUE
		if len(in) < 5 || in[0] != compile.MakeInstr(compile.LOAD_FAST, 1) || in[1] != compile.MakeInstr(compile.LOAD_FAST, 0) ||
			in[2].Op() != compile.STORE_ATTR || in[3].Op() != compile.LOAD_CONST || in[4].Op() != compile.RETURN_VALUE {
			return heap.Undef, false
		}
		k = in[2].Arg()
	} else {
		// LOAD_FAST self; LOAD_ATTR NAME; RETURN_VALUE
		if len(in) < 3 || in[0] != compile.MakeInstr(compile.LOAD_FAST, 0) || in[1].Op() != compile.LOAD_ATTR ||
			in[2].Op() != compile.RETURN_VALUE {
			return heap.Undef, false
		}
		k = in[1].Arg()
	}
	if k >= len(c.Names) || len(c.Consts)+k >= len(co.Consts) {
		return heap.Undef, false
	}
	return co.Consts[len(c.Consts)+k], true
}

// accessorReady reports, computing it once per site entry, whether the
// accessor fnv of the property at site entry e may be done in place for
// instances of cls: it is a plain accessor of NAME, and NAME is no data
// descriptor on cls (nor __class__, nor restricted by __slots__, for a
// setter). The caller has checked that cls keeps object's
// __getattribute__ (getter) or __setattr__ (setter).
func (vm *VM) accessorReady(e *heap.SiteEntry, cls, fnv Value, setter bool) bool {
	if e.Acc == 0 {
		e.Acc = 2
		if n, ok := vm.accessorName(fnv, setter); ok && !vm.isDataDescriptor(vm.cachedClassLookup(cls, n)) {
			c := vm.ClassOf(cls)
			if !setter || (c != nil && c.Flags&ClassSlotted == 0 && cls != vm.Types[TObject] && vm.MustStr(n) != "__class__") {
				e.Acc, e.AccName, e.Slot = 1, n.H(), -1
			}
		}
	}
	return e.Acc == 1
}

// accessorGet is the getter of the property at site entry e done in
// place for the instance o, if its attribute is in o's dict.
func (vm *VM) accessorGet(e *heap.SiteEntry, o *heap.Instance, getter Value) (Value, bool) {
	if !vm.accessorReady(e, o.Class, getter, false) {
		return heap.Undef, false
	}
	d := vm.instDict(o)
	if d == nil {
		return heap.Undef, false
	}
	i := vm.instanceSlot(e, d, heap.Ref(e.AccName))
	if i < 0 {
		return heap.Undef, false
	}
	return d.Entries[i].Val, true
}

// accessorSet is the setter of the property at site entry e done in place
// for the instance o (at obj): v goes into o's dict.
func (vm *VM) accessorSet(e *heap.SiteEntry, obj Value, o *heap.Instance, setter, v Value) (bool, error) {
	if o.Exc != nil || !vm.accessorReady(e, o.Class, setter, true) {
		return false, nil
	}
	return true, vm.storeInstDict(obj, o, &e.Slot, heap.Ref(e.AccName), v)
}

// storeInstDict sets the attribute name of the instance o (at obj) to v
// in its dict, making the dict if needed; *slot is where name was last
// found, tried first and updated.
func (vm *VM) storeInstDict(obj Value, o *heap.Instance, slot *int32, name, v Value) error {
	if o.Dict.K != heap.KRef {
		vm.makeInstDict(obj, o).Append(name, v, vm.StrHash(name))
		*slot = 0
		return nil
	}
	d := vm.instDict(o)
	if d == nil {
		return vm.dictSetStr(o.Dict, name, v)
	}
	if i := int(*slot); i >= 0 && i < len(d.Entries) && d.Entries[i].Key == name {
		d.SetAt(i, v)
		vm.H.Touch(o.Dict)
		return nil
	}
	// One probe both finds an existing entry and proves a new attribute
	// absent (dictSetStr would probe twice).
	h := vm.StrHash(name)
	i, err := d.Lookup(name, h, vm.keyEq)
	if err != nil {
		return err
	}
	if i >= 0 {
		d.SetAt(i, v)
	} else {
		i = len(d.Entries)
		if i == cap(d.Entries) {
			vm.noteAttrs(o.Class, i+1)
		}
		d.Append(name, v, h)
	}
	*slot = int32(i)
	vm.H.Touch(o.Dict)
	return nil
}
