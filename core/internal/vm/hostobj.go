package vm

import (
	"strings"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// Host objects: Go values the host handed in (heap.HostObject). A method
// call on one (obj.m(...)) suspends as a host call with the object's id
// and the method's name; calling the object itself is the method
// "__call__" (for a host class: a construction); reading an attribute the
// host declared lazy suspends as a name lookup with the object's id.
// After a restore, objects the session held are proxies: they compare,
// print and can be stored, but refuse calls and lazy attributes.

// hostMethodKind is the Opaque kind of a host object's bound method: Vals
// holds the object, Data the method's name.
const hostMethodKind = "hostmethod"

// hostLive reports whether calls on o reach its host.
func hostLive(o *heap.HostObject) bool { return o.Index >= 0 || o.Remote }

// restoredMsg is the start of every message about a proxy.
func restoredMsg(o *heap.HostObject) string {
	what := "host object"
	if o.Class {
		what = "host class"
	}
	return what + " '" + o.Name + "' belonged to the host process before the restore"
}

// hostAttr resolves obj.name on a host object. ok=false leaves the name to
// the ordinary lookup (dunder names: __class__, __eq__, __repr__ ...).
func (vm *VM) hostAttr(obj Value, o *heap.HostObject, name Value) (v Value, ok bool, err error) {
	n := vm.MustStr(name)
	if o.Class {
		switch n {
		case "__name__", "__qualname__":
			return vm.NewStr(o.Name), true, nil
		case "__module__":
			return vm.NewStr("host"), true, nil
		}
	}
	if strings.HasPrefix(n, "__") && strings.HasSuffix(n, "__") {
		return heap.Undef, false, nil
	}
	for _, l := range o.Lazy {
		if l != n {
			continue
		}
		if !hostLive(o) {
			return heap.Undef, true, vm.Errorf(TAttributeError, "%s: its attribute '%s' is not available after the session was restored", restoredMsg(o), n)
		}
		if vm.nested > 0 {
			return heap.Undef, true, vm.Errorf(TRuntimeError, "cannot read host attribute '%s' here: it was reached from inside a builtin that cannot pause", n)
		}
		return heap.Undef, true, vm.suspend(&Suspension{Kind: SuspendNameLookup, Name: n, ObjectID: o.ID})
	}
	return vm.H.Alloc(&heap.Opaque{Kind: hostMethodKind, Vals: []Value{obj}, Data: []byte(n)}), true, nil
}

// callHostObject calls a host object (a construction for a host class).
func (vm *VM) callHostObject(o *heap.HostObject, args []Value, kwnames []string) (Value, error) {
	if !hostLive(o) {
		if o.Class {
			return heap.Undef, vm.Errorf(TRuntimeError, "%s: it cannot construct objects after the session was restored (the host must hand it in again)", restoredMsg(o))
		}
		return heap.Undef, vm.Errorf(TRuntimeError, "%s: it is not available after the session was restored (the host must hand it in again)", restoredMsg(o))
	}
	return vm.suspendObjectCall(o, "__call__", args, kwnames)
}

// callHostMethod calls a bound method of a host object.
func (vm *VM) callHostMethod(m *heap.Opaque, args []Value, kwnames []string) (Value, error) {
	o, ok := vm.hostObjectOf(m)
	if !ok {
		return heap.Undef, vm.Errorf(TRuntimeError, "bad host method")
	}
	if !hostLive(o) {
		return heap.Undef, vm.Errorf(TRuntimeError, "%s: its method '%s' cannot be called after the session was restored (the host must hand it in again)", restoredMsg(o), string(m.Data))
	}
	return vm.suspendObjectCall(o, string(m.Data), args, kwnames)
}

func (vm *VM) hostObjectOf(m *heap.Opaque) (*heap.HostObject, bool) {
	if len(m.Vals) != 1 || m.Vals[0].K != heap.KRef {
		return nil, false
	}
	o, ok := vm.H.Get(m.Vals[0]).(*heap.HostObject)
	return o, ok
}

func (vm *VM) suspendObjectCall(o *heap.HostObject, method string, args []Value, kwnames []string) (Value, error) {
	err := vm.suspendHostCall(method, args, kwnames)
	if s, ok := err.(*Suspended); ok {
		s.S.ObjectID = o.ID
	}
	return heap.Undef, err
}

// hostType is type(v) for a host object: a host class proxy named after
// the object's type, the same object for every object of that type (kept
// in the sys module, so it travels with dumps). A host class's own type is
// the builtin type of host objects.
func (vm *VM) hostType(v Value) (Value, bool) {
	if v.K != heap.KRef {
		return heap.Undef, false
	}
	o, ok := vm.H.Get(v).(*heap.HostObject)
	if !ok || o.Class {
		return heap.Undef, false
	}
	sys, err := vm.Import("sys")
	if err != nil {
		return heap.Undef, false
	}
	key := vm.Intern("_amber_host_types")
	md, _ := vm.DictOf(vm.ModuleDict(sys))
	types, found, _ := md.Get(key, vm.StrHash(key), vm.StrEq)
	if !found {
		types = vm.NewDict()
		vm.ModuleSet(sys, "_amber_host_types", types)
	}
	td, _ := vm.DictOf(types)
	name := vm.NewStr(o.Name)
	if t, found, _ := td.Get(name, vm.StrHash(name), vm.StrEq); found {
		return t, true
	}
	t := vm.H.Alloc(&heap.HostObject{Name: o.Name, Index: -1, Class: true})
	if err := vm.dictSetStr(types, name, t); err != nil {
		return heap.Undef, false
	}
	return t, true
}

// hostIsInstance is isinstance(v, cls) for a host class proxy: v is a host
// object of that type.
func (vm *VM) hostIsInstance(v Value, cls *heap.HostObject) bool {
	if v.K != heap.KRef {
		return false
	}
	o, ok := vm.H.Get(v).(*heap.HostObject)
	return ok && !o.Class && o.Name == cls.Name
}
