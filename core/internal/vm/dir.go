package vm

import (
	"sort"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// dir() of classes and instances, as CPython lists them: a class's own
// __dir__ answers for its instances, and the attributes every object
// inherits from object (and a user class's __dict__ and __module__),
// which Amber resolves without keeping them in a class namespace, are
// listed too — each only if it resolves here, so that getattr of every
// name dir() returns succeeds.

// objectDirNames are the attributes CPython's object type lists.
var objectDirNames = []string{
	"__class__", "__delattr__", "__dict__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
	"__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__", "__le__",
	"__lt__", "__module__", "__ne__", "__new__", "__reduce__", "__reduce_ex__", "__repr__", "__setattr__",
	"__sizeof__", "__str__", "__subclasshook__", "__weakref__",
}

// implicitDirNames adds to names those of objectDirNames that v has,
// and drops the __module__ that Amber's builtin classes keep in their
// namespaces (CPython's dir(int) has none).
func (vm *VM) implicitDirNames(v Value, names []string, seen map[string]bool) []string {
	if seen["__module__"] && !vm.userClassDirName(v, "__module__") {
		kept := names[:0]
		for _, n := range names {
			if n != "__module__" {
				kept = append(kept, n)
			}
		}
		names = kept
	}
	for _, n := range objectDirNames {
		if seen[n] {
			continue
		}
		if n == "__dict__" || n == "__module__" || n == "__weakref__" {
			// Only where CPython has them: user classes and their
			// instances (a class with __slots__ throughout has no
			// __dict__ or __weakref__), and modules' own.
			if !vm.userClassDirName(v, n) {
				continue
			}
		} else if _, err := vm.GetAttr(v, n); err != nil {
			continue
		}
		seen[n] = true
		names = append(names, n)
	}
	return names
}

// userClassDirName reports whether a user class (or instance of one) v
// has the attribute n of the three only user classes have.
func (vm *VM) userClassDirName(v Value, n string) bool {
	cls := v
	if _, isClass := vm.refObj(v).(*heap.Class); !isClass {
		cls = vm.TypeOf(v)
	}
	c := vm.ClassOf(cls)
	if c == nil || c.Flags&ClassUser == 0 {
		return false
	}
	if n == "__module__" {
		return true
	}
	if _, err := vm.GetAttr(v, n); err != nil {
		return false
	}
	return true
}

// userDir calls the __dir__ a user class defines for its instance v, and
// returns its result as a sorted list (ok=false: no such method).
func (vm *VM) userDir(v Value) (Value, bool, error) {
	if _, isClass := vm.refObj(v).(*heap.Class); isClass {
		return heap.Undef, false, nil // a class's dir() is its metaclass's business; not here
	}
	c := vm.ClassOf(vm.TypeOf(v))
	if c == nil || c.Flags&ClassUser == 0 {
		return heap.Undef, false, nil
	}
	k := vm.Intern("__dir__")
	for _, m := range c.MRO {
		mc := vm.ClassOf(m)
		if mc == nil || mc.Flags&ClassUser == 0 {
			break
		}
		d, ok := vm.DictOf(mc.Dict)
		if !ok {
			continue
		}
		if _, ok, _ := d.Get(k, vm.StrHash(k), vm.StrEq); ok {
			// The class's __dir__, not an instance attribute of that name
			// (a special method is looked up on the type).
			r, err := vm.Call(vm.BindMethod(vm.LookupSpecial(v, "__dir__"), v, vm.TypeOf(v)))
			if err != nil {
				return heap.Undef, true, err
			}
			items, err := vm.Unpack(r)
			if err != nil {
				return heap.Undef, true, err
			}
			l := vm.NewList(items)
			if _, err := vm.CallMethod(l, "sort"); err != nil {
				return heap.Undef, true, err
			}
			return l, true, nil
		}
	}
	return heap.Undef, false, nil
}

// sortedNames is names sorted, as a list of str.
func (vm *VM) sortedNames(names []string) Value {
	sort.Strings(names)
	out := make([]Value, len(names))
	for i, n := range names {
		out[i] = vm.NewStr(n)
	}
	return vm.NewList(out)
}
