package vm

// The module globals' site caches: LOAD_GLOBAL and STORE_GLOBAL keep the
// entry of the globals (or builtins) dict a name was found at, valid while
// the dict's keys are unchanged (heap.Dict.Keys), so assigning a global
// keeps every site's hits. LOAD_GLOBAL's hit is in VM.loop itself (a call
// there would cost the dispatch its registers).

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// storeGlobalHit is STORE_GLOBAL of v at instruction i of co, run by f,
// when its site knows the entry the name is at: the globals dict is the
// one the site saw, with the same keys. It replaces the value there, as
// dictSetStr would after its lookup.
func (vm *VM) storeGlobalHit(co *heap.CodeObj, i int32, f *heap.Frame, v Value) bool {
	if co.SiteIdx == nil {
		return false
	}
	s := &co.Sites[co.SiteIdx[i]]
	g, _ := vm.H.Get(f.Globals).(*heap.Dict)
	if g == nil || g != s.GDict || g.Keys != s.GKeys {
		return false
	}
	j := int(s.GIdx)
	if j >= len(g.Entries) {
		return false
	}
	g.SetAt(j, v)
	vm.H.Touch(f.Globals)
	return true
}

// storeGlobalSite is STORE_GLOBAL's miss: dictSetStr, then the site
// learns the entry the name is at (for a plain globals dict).
func (vm *VM) storeGlobalSite(f *heap.Frame, arg int, v Value) error {
	name := vm.nameAt(f, arg)
	if err := vm.dictSetStr(f.Globals, name, v); err != nil {
		return err
	}
	g, ok := vm.H.Get(f.Globals).(*heap.Dict)
	if !ok || f.C.Code.Instrs[f.PC-1].Op() != compile.STORE_GLOBAL {
		return nil
	}
	str, ok := vm.H.Get(name).(*heap.Str)
	if !ok {
		return nil
	}
	if j, known := g.FindPlain(vm.H, name, str, strHashOf(str)); known && j >= 0 {
		s := vm.site(f)
		s.GDict, s.GKeys, s.GIdx = g, g.Keys, int32(j)
	}
	return nil
}

// loadGlobalSite is LOAD_GLOBAL's miss: loadGlobal's lookup and site fill,
// which also records whether the value came from the globals dict itself
// (GOwn, so that the hit need not look at the builtins then). A builtin's
// site also keeps the globals' key-set version: while it holds, the name
// is still absent from the globals, which would shadow the builtin.
// Every fill of a LOAD_GLOBAL site goes through here; names found in
// neither dict are left to loadGlobal (lazy builtins, the host).
func (vm *VM) loadGlobalSite(f *heap.Frame, arg int) (Value, error) {
	g, _ := vm.H.Get(f.Globals).(*heap.Dict)
	b, _ := vm.H.Get(vm.Builtins).(*heap.Dict)
	if g == nil || b == nil || f.C.Code.Instrs[f.PC-1].Op() != compile.LOAD_GLOBAL {
		return vm.loadGlobal(f, arg)
	}
	name := vm.nameAt(f, arg)
	h := vm.StrHash(name)
	gi, err := g.Lookup(name, h, vm.StrEq)
	if err != nil || gi >= len(g.Entries) {
		return vm.loadGlobal(f, arg)
	}
	s := vm.site(f)
	if gi >= 0 {
		v := g.Entries[gi].Val
		s.GOwn, s.GEpoch, s.GDict, s.GKeys, s.GIdx = true, vm.epoch, g, g.Keys, int32(gi)
		s.Global, s.GVer = v, g.Ver
		return v, nil
	}
	bi, err := b.Lookup(name, h, vm.StrEq)
	if err != nil || bi < 0 || bi >= len(b.Entries) {
		return vm.loadGlobal(f, arg)
	}
	v := b.Entries[bi].Val
	s.GOwn, s.GEpoch, s.GDict, s.GKeys = false, vm.epoch, g, g.Keys
	s.BDict, s.BKeys, s.BIdx = b, b.Keys, int32(bi)
	return v, nil
}
