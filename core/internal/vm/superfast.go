package vm

import (
	"sync"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// super().method(...) in a method is PUSH_NULL, LOAD_GLOBAL super, CALL 0,
// LOAD_METHOD method. The super object it makes is seen by nothing but
// that LOAD_METHOD, so when the answer is a plain Python function bound to
// an instance, CALL 0 does both instructions at once (superMethod): no
// super object, and the MRO walk is cached at the LOAD_METHOD's site.

var superID struct {
	once sync.Once
	id   int32
}

// superEpochMark sets an epoch's top bit in the site entries superMethod
// keeps, so that no plain lookup at the same site (keyed by the same
// class, were the global super rebound) ever takes one for its own.
const superEpochMark = 1 << 31

// isSuperBuiltin reports whether o is the builtin super.
func isSuperBuiltin(o *heap.Builtin) bool {
	superID.once.Do(func() { superID.id = mustBuiltinID("super") })
	return o.ID == superID.id && o.Self.K == heap.KUndef
}

// superMethod is CALL 0 of the builtin super (the call region of f starts
// at base) when the next instruction is LOAD_METHOD and zero-argument
// super() would give a super object of an instance whose lookup of the
// method's name finds a plain Python function: it pushes that function and
// the instance as the LOAD_METHOD would and moves f's pc past it.
// Anything else (done=false, nothing changed) takes the general path,
// which raises what super() or the lookup raise.
func (vm *VM) superMethod(f *heap.Frame, base int) bool {
	co := f.C
	code := co.Code
	pc := int(f.PC)
	if pc >= len(code.Instrs) || code.Instrs[pc].Op() != compile.LOAD_METHOD || vm.epoch >= superEpochMark {
		return false
	}
	if code.ArgCount == 0 && code.Flags&compile.FlagVarArgs == 0 {
		return false
	}
	for _, a := range code.CellArgs {
		if a == 0 {
			// The first argument lives in a cell.
			return false
		}
	}
	obj := f.Slots[0]
	if obj.K != heap.KRef {
		return false
	}
	o, ok := vm.H.Get(obj).(*heap.Instance)
	if !ok {
		return false
	}
	var typ Value
	for i, n := range code.Freevars {
		if n == "__class__" {
			c, ok := vm.H.Get(f.Slots[len(code.Varnames)+len(code.Cellvars)+i]).(*heap.Cell)
			if !ok {
				return false
			}
			typ = c.V
		}
	}
	if typ.K != heap.KRef {
		return false
	}
	if co.SiteIdx == nil {
		makeSites(co)
	}
	s := &co.Sites[co.SiteIdx[pc]]
	h, th, ep := o.Class.H(), typ.H(), vm.epoch|superEpochMark
	var m Value
	for i := range s.Ways {
		if e := &s.Ways[i]; e.Class == h && e.Epoch == ep && e.AccName == th {
			m = e.Val
			break
		}
	}
	if m.K == heap.KUndef {
		name := f.C.Consts[len(code.Consts)+code.Instrs[pc].Arg()]
		sup := heap.Super{Type: typ, Obj: obj, ObjType: o.Class}
		if m = vm.superFunc(&sup, name); m.K == heap.KUndef {
			return false
		}
		e := &s.Ways[s.Next]
		s.Next = (s.Next + 1) % heap.SiteWays
		*e = heap.SiteEntry{Class: h, Epoch: ep, AccName: th, Val: m}
	}
	f.Slots[base], f.Slots[base+1] = m, obj
	f.SP = int32(base + 2)
	f.PC++
	return true
}
