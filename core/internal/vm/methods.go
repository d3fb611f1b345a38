package vm

// Functions as descriptors and the method type's constructor: f.__get__(obj)
// and types.MethodType(f, obj) make the bound method obj.f would.

import "github.com/amber-sandbox/amber/core/internal/heap"

func init() {
	AddMethods(TFunction, []MethodDef{
		{Name: "__get__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			var obj, owner Value
			if err := vm.UnpackArgs("__get__", a, nil, 1, &obj, &owner); err != nil {
				return heap.Undef, err
			}
			if _, ok := vm.refObj(self).(*heap.Function); !ok {
				return heap.Undef, vm.TypeError("descriptor '__get__' requires a 'function' object but received a '%s'", vm.TypeName(self))
			}
			if obj.K == heap.KNone {
				// Looked up on the class: the function itself.
				if owner.K == heap.KUndef || owner.K == heap.KNone {
					return heap.Undef, vm.TypeError("__get__(None, None) is invalid")
				}
				return self, nil
			}
			return vm.H.Alloc(&heap.BoundMethod{Self: obj, Func: self}), nil
		}},
	})
	RegisterConstructor(TFunction, functionNew)
	RegisterConstructor(TMethod, func(vm *VM, cls Value, a Args) (Value, error) {
		if err := vm.NoKwargs("method", a); err != nil {
			return heap.Undef, err
		}
		if len(a.Pos) != 2 {
			return heap.Undef, vm.TypeError("method expected 2 arguments, got %d", len(a.Pos))
		}
		fn, obj := a.Pos[0], a.Pos[1]
		if !vm.isCallable(fn) {
			return heap.Undef, vm.TypeError("first argument must be callable")
		}
		if obj.K == heap.KNone {
			return heap.Undef, vm.TypeError("instance must not be None")
		}
		return vm.H.Alloc(&heap.BoundMethod{Self: obj, Func: fn}), nil
	})
}

// isCallable is callable(v).
func (vm *VM) isCallable(v Value) bool {
	if v.K != heap.KRef {
		return false
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.Function, *heap.BoundMethod, *heap.Builtin, *heap.Class:
		return true
	case *heap.Instance:
		return vm.LookupSpecial(v, "__call__").K != heap.KUndef
	case *heap.Opaque:
		return o.Kind == "hostfn" || o.Kind == hostMethodKind
	case *heap.HostObject:
		return true
	}
	return false
}

// sysGetsizeof is sys.getsizeof(obj[, default]): the object's own
// __sizeof__ if its class defines one, else the size Amber's heap
// accounts for it (sizes of immediate values are CPython's).
func sysGetsizeof(vm *VM, _ Value, a Args) (Value, error) {
	var obj, dflt Value
	if err := vm.UnpackArgs("getsizeof", a, []string{"object", "default"}, 1, &obj, &dflt); err != nil {
		return heap.Undef, err
	}
	if fn := vm.LookupSpecial(obj, "__sizeof__"); fn.K != heap.KUndef {
		r, err := vm.Call(vm.BindMethod(fn, obj, vm.TypeOf(obj)))
		if err != nil {
			if dflt.K != heap.KUndef && vm.ErrIs(err, TTypeError) {
				return dflt, nil
			}
			return heap.Undef, err
		}
		n, ok := vm.IndexOf(r)
		if !ok {
			return heap.Undef, vm.TypeError("an integer is required")
		}
		if n < 0 {
			return heap.Undef, vm.ValueError("__sizeof__() should return >= 0")
		}
		// Plus the collector's header, as CPython 3.11 counts it.
		return heap.Int(n + 32), nil
	}
	switch obj.K {
	case heap.KInt, heap.KBool:
		return heap.Int(28), nil
	case heap.KFloat:
		return heap.Int(24), nil
	case heap.KRef:
		return heap.Int(int64(vm.H.Get(obj).Size())), nil
	}
	return heap.Int(16), nil
}

// functionNew is types.FunctionType(code, globals, name=None,
// argdefs=None, closure=None): a function of a code object (another
// function's __code__) with globals of the caller's choosing. What the
// frame machinery relies on is checked: a plain dict for globals, and
// exactly one cell per free variable of the code.
func functionNew(vm *VM, _ Value, a Args) (Value, error) {
	var codev, globals, name, argdefs, closure Value
	if err := vm.UnpackArgs("function", a, []string{"code", "globals", "name", "argdefs", "closure"}, 2,
		&codev, &globals, &name, &argdefs, &closure); err != nil {
		return heap.Undef, err
	}
	co, ok := vm.refObj(codev).(*heap.CodeObj)
	if !ok {
		return heap.Undef, vm.TypeError("function() argument 'code' must be code, not %s", argTypeName(vm, codev))
	}
	if _, ok := vm.refObj(globals).(*heap.Dict); !ok {
		return heap.Undef, vm.TypeError("function() argument 'globals' must be dict, not %s", argTypeName(vm, globals))
	}
	fn := &heap.Function{Code: codev, C: co, Globals: globals, KwDefaults: heap.Undef, Dict: heap.Undef, Annotations: heap.Undef, Doc: heap.None}
	if name.K != heap.KUndef && name.K != heap.KNone {
		if _, ok := vm.StrOf(name); !ok {
			return heap.Undef, vm.TypeError("arg 3 (name) must be None or string")
		}
	}
	if co.FnName.K == heap.KUndef {
		co.FnName, co.FnQual = vm.Intern(co.Code.Name), vm.Intern(co.Code.QualName)
	}
	fn.Name, fn.Qualname = co.FnName, co.FnQual
	if name.K != heap.KUndef && name.K != heap.KNone {
		fn.Name = name
	}
	if argdefs.K != heap.KUndef && argdefs.K != heap.KNone {
		t, ok := vm.refObj(argdefs).(*heap.Tuple)
		if !ok || vm.IsInstanceObj(argdefs) {
			return heap.Undef, vm.TypeError("arg 4 (defaults) must be None or tuple")
		}
		fn.Defaults = append([]Value(nil), t.Items...)
	}
	nfree := len(co.Code.Freevars)
	var cells []Value
	if closure.K != heap.KUndef && closure.K != heap.KNone {
		t, ok := vm.refObj(closure).(*heap.Tuple)
		if !ok || vm.IsInstanceObj(closure) {
			return heap.Undef, vm.TypeError("arg 5 (closure) must be tuple")
		}
		cells = t.Items
	} else if nfree > 0 {
		return heap.Undef, vm.TypeError("arg 5 (closure) must be tuple")
	}
	if len(cells) != nfree {
		return heap.Undef, vm.ValueError("%s requires closure of length %d, not %d", co.Code.Name, nfree, len(cells))
	}
	for _, c := range cells {
		if _, ok := vm.refObj(c).(*heap.Cell); !ok {
			return heap.Undef, vm.TypeError("arg 5 (closure) expected cell, found %s", vm.TypeName(c))
		}
	}
	fn.Closure = append([]Value(nil), cells...)
	if s, ok := co.Code.Docstring.(string); ok {
		fn.Doc = vm.NewStr(s)
	}
	g := vm.H.Get(globals).(*heap.Dict)
	k := vm.Intern("__name__")
	fn.Module = heap.None
	if m, ok, _ := g.Get(k, vm.StrHash(k), vm.StrEq); ok {
		fn.Module = m
	}
	return vm.H.Alloc(fn), nil
}

// argTypeName names an argument's type as CPython's argument errors do:
// None as None.
func argTypeName(vm *VM, v Value) string {
	if v.K == heap.KNone {
		return "None"
	}
	return vm.TypeName(v)
}

// isMappingLike is what exec and eval accept as locals (CPython's
// PyMapping_Check): an object whose type has __getitem__.
func (vm *VM) isMappingLike(v Value) bool {
	return vm.hasMethod(v, "__getitem__")
}

// objectInit is object.__init__: extra arguments are an error, as in
// CPython, when the class overrides __init__ (they were meant for it)
// or does not override __new__ either (nothing takes them).
func objectInit(vm *VM, self Value, a Args) (Value, error) {
	if len(a.Pos) == 0 && len(a.KwNames) == 0 {
		return heap.None, nil
	}
	cls := vm.TypeOf(self)
	if init := vm.LookupClassStr(cls, "__init__"); !vm.isBuiltinOf(init, TObject) {
		return heap.Undef, vm.TypeError("object.__init__() takes exactly one argument (the instance to initialize)")
	}
	if vm.LookupClassStr(cls, "__new__") == vm.LookupClassStr(vm.Types[TObject], "__new__") {
		return heap.Undef, vm.TypeError("%s.__init__() takes exactly one argument (the instance to initialize)", vm.ClassName(cls))
	}
	return heap.None, nil
}
