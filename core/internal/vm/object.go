package vm

// object, type, property, classmethod, staticmethod and super: their
// constructors and methods, and isinstance/issubclass.

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

func init() {
	RegisterConstructor(TObject, func(vm *VM, cls Value, a Args) (Value, error) {
		return vm.H.Alloc(&heap.Instance{Class: cls, Dict: heap.Undef, Prim: heap.Undef}), nil
	})
	RegisterConstructor(TProperty, func(vm *VM, cls Value, a Args) (Value, error) {
		p := &heap.Property{}
		if err := vm.UnpackArgs("property", a, []string{"fget", "fset", "fdel", "doc"}, 0, &p.Get, &p.Set, &p.Del, &p.Doc); err != nil {
			return heap.Undef, err
		}
		for _, v := range []*Value{&p.Get, &p.Set, &p.Del, &p.Doc} {
			if v.K == heap.KUndef {
				*v = heap.None
			}
		}
		if p.Doc.K == heap.KNone && p.Get.K == heap.KRef {
			if f, ok := vm.H.Get(p.Get).(*heap.Function); ok {
				p.Doc = f.Doc
			}
		}
		return vm.H.Alloc(p), nil
	})
	RegisterConstructor(TClassMethod, func(vm *VM, cls Value, a Args) (Value, error) {
		var fn Value
		if err := vm.UnpackArgs("classmethod", a, nil, 1, &fn); err != nil {
			return heap.Undef, err
		}
		return vm.H.Alloc(&heap.ClassMethod{F: fn}), nil
	})
	RegisterConstructor(TStaticMethod, func(vm *VM, cls Value, a Args) (Value, error) {
		var fn Value
		if err := vm.UnpackArgs("staticmethod", a, nil, 1, &fn); err != nil {
			return heap.Undef, err
		}
		return vm.H.Alloc(&heap.StaticMethod{F: fn}), nil
	})
	RegisterConstructor(TSuper, builtinSuper)
	RegisterConstructor(TType, func(vm *VM, cls Value, a Args) (Value, error) {
		if len(a.Pos) == 1 {
			return vm.TypeOf(a.Pos[0]), nil
		}
		return heap.Undef, vm.TypeError("type() takes 1 or 3 arguments")
	})
	propSetter := func(which int) BuiltinFn {
		return func(vm *VM, self Value, a Args) (Value, error) {
			p := *vm.H.Get(self).(*heap.Property)
			switch which {
			case 0:
				p.Get = a.Pos[0]
			case 1:
				p.Set = a.Pos[0]
			case 2:
				p.Del = a.Pos[0]
			}
			return vm.H.Alloc(&p), nil
		}
	}
	AddMethods(TProperty, []MethodDef{
		{Name: "getter", Fn: propSetter(0)},
		{Name: "setter", Fn: propSetter(1)},
		{Name: "deleter", Fn: propSetter(2)},
		{Name: "__get__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if len(a.Pos) < 1 || len(a.Pos) > 2 {
				return heap.Undef, vm.TypeError("expected 1 or 2 arguments, got %d", len(a.Pos))
			}
			p := vm.H.Get(self).(*heap.Property)
			if a.Pos[0].K == heap.KNone {
				return self, nil
			}
			return vm.Call(p.Get, a.Pos[0])
		}},
	})
	AddMethods(TObject, []MethodDef{
		{Name: "__init__", Fn: objectInit},
		{Name: "__new__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if len(a.Pos) == 0 {
				return heap.Undef, vm.TypeError("object.__new__(): not enough arguments")
			}
			cls := a.Pos[0]
			if self.K != heap.KUndef {
				cls = self
			}
			c := vm.ClassOf(cls)
			if c == nil {
				// An instance whose class is not a class would be read as
				// one by every later attribute access.
				return heap.Undef, vm.TypeError("object.__new__(X): X is not a type object (%s)", vm.TypeName(cls))
			}
			inst := &heap.Instance{Class: cls, Dict: heap.Undef, Prim: heap.Undef}
			if c != nil && TypeID(c.Builtin) >= TBaseException {
				inst.Exc = &heap.ExcData{Args: vm.NewTuple(append([]Value(nil), a.Pos[1:]...)), Cause: heap.None, Context: heap.None}
			} else if c != nil && TypeID(c.Builtin) != TObject {
				// int.__new__(cls, 7) and friends: build the builtin value.
				if ctor, ok := constructors[TypeID(c.Builtin)]; ok {
					p, err := ctor(vm, vm.Types[c.Builtin], Args{Pos: a.Pos[1:], KwNames: a.KwNames, KwVals: a.KwVals})
					if err != nil {
						return heap.Undef, err
					}
					inst.Prim = vm.Prim(p)
				}
			}
			return vm.H.Alloc(inst), nil
		}, Kind: KindStaticMethod},
		{Name: "__repr__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			return vm.NewStr("<" + vm.classFullName(vm.TypeOf(self)) + " object at " + fakeAddr(self) + ">"), nil
		}},
		{Name: "__str__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			s, err := vm.Repr(self)
			return vm.NewStr(s), err
		}},
		{Name: "__eq__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.slotArgs(a, 1); err != nil {
				return heap.Undef, err
			}
			if self == a.Pos[0] {
				return heap.True, nil
			}
			return heap.NotImplemented, nil
		}},
		{Name: "__ne__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.slotArgs(a, 1); err != nil {
				return heap.Undef, err
			}
			r, err := vm.richCompare(compile.CmpEq, self, a.Pos[0])
			if err != nil || r == heap.NotImplemented {
				return r, err
			}
			t, err := vm.Truth(r)
			return heap.Bool(!t), err
		}},
		{Name: "__hash__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			return heap.Int(int64(self.N) * 16), nil
		}},
		{Name: "__setattr__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.slotArgs(a, 2); err != nil {
				return heap.Undef, err
			}
			if err := vm.attrNameArg(a.Pos[0]); err != nil {
				return heap.Undef, err
			}
			o, ok := vm.H.Get(self).(*heap.Instance)
			if !ok {
				if _, isClass := vm.H.Get(self).(*heap.Class); isClass {
					return heap.Undef, vm.TypeError("can't apply this __setattr__ to %s object", vm.TypeName(self))
				}
				return heap.Undef, vm.attrError(self, a.Pos[0])
			}
			setter, err := vm.objectSetter(self, o, vm.Intern(vm.MustStr(a.Pos[0])), a.Pos[1])
			if err == nil && setter.K != heap.KUndef {
				_, err = vm.Call(setter, self, a.Pos[1])
			}
			return heap.None, err
		}},
		{Name: "__getattribute__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.slotArgs(a, 1); err != nil {
				return heap.Undef, err
			}
			if err := vm.attrNameArg(a.Pos[0]); err != nil {
				return heap.Undef, err
			}
			name, _ := vm.StrOf(a.Pos[0])
			v, g, err := vm.findAttr(self, vm.Intern(name))
			if err != nil {
				return heap.Undef, err
			}
			if g.K != heap.KUndef {
				return vm.Call(g, self)
			}
			if v.K == heap.KUndef {
				return heap.Undef, vm.attrError(self, vm.Intern(name))
			}
			return v, nil
		}},
		{Name: "__delattr__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.slotArgs(a, 1); err != nil {
				return heap.Undef, err
			}
			if err := vm.attrNameArg(a.Pos[0]); err != nil {
				return heap.Undef, err
			}
			name := vm.Intern(vm.MustStr(a.Pos[0]))
			o, ok := vm.H.Get(self).(*heap.Instance)
			if !ok {
				return heap.Undef, vm.attrError(self, name)
			}
			if o.Dict.K == heap.KRef {
				dd := vm.H.Get(o.Dict).(*heap.Dict)
				if _, ok, _ := dd.Delete(name, vm.StrHash(name), vm.StrEq); ok {
					vm.H.Touch(o.Dict)
					return heap.None, nil
				}
			}
			return heap.Undef, vm.attrError(self, name)
		}},
		{Name: "__init_subclass__", Fn: func(vm *VM, self Value, a Args) (Value, error) { return heap.None, nil }, Kind: KindClassMethod},
		{Name: "__format__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.slotArgs(a, 1); err != nil {
				return heap.Undef, err
			}
			spec, ok := vm.StrOf(a.Pos[0])
			if !ok {
				return heap.Undef, vm.TypeError("__format__() argument must be str, not %s", vm.TypeName(a.Pos[0]))
			}
			if spec != "" {
				return heap.Undef, vm.TypeError("unsupported format string passed to %s.__format__", vm.TypeName(self))
			}
			s, err := vm.StrString(self)
			return vm.NewStr(s), err
		}},
		{Name: "__dir__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			return builtinDir(vm, heap.Undef, Args{Pos: []Value{self}})
		}},
	})
	AddMethods(TType, []MethodDef{
		{Name: "__new__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if len(a.Pos) == 2 {
				return vm.TypeOf(a.Pos[1]), nil
			}
			if len(a.Pos) != 4 {
				return heap.Undef, vm.TypeError("type.__new__() takes exactly 3 arguments (%d given)", len(a.Pos)-1)
			}
			return vm.newClass(a.Pos[0], a.Pos[1], a.Pos[2], a.Pos[3], Args{KwNames: a.KwNames, KwVals: a.KwVals})
		}, Kind: KindStaticMethod},
		{Name: "__init__", Fn: func(vm *VM, self Value, a Args) (Value, error) { return heap.None, nil }},
		{Name: "__instancecheck__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			var inst Value
			if err := vm.UnpackArgs("__instancecheck__", a, nil, 1, &inst); err != nil {
				return heap.Undef, err
			}
			return heap.Bool(vm.IsSubclass(vm.TypeOf(inst), self)), nil
		}},
		{Name: "__subclasscheck__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			var sub Value
			if err := vm.UnpackArgs("__subclasscheck__", a, nil, 1, &sub); err != nil {
				return heap.Undef, err
			}
			return heap.Bool(vm.IsSubclass(sub, self)), nil
		}},
		{Name: "__call__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			c, ok := vm.H.Get(self).(*heap.Class)
			if !ok || self.K != heap.KRef {
				return heap.Undef, vm.TypeError("descriptor '__call__' requires a 'type' object")
			}
			all := append(append([]Value(nil), a.Pos...), a.KwVals...)
			depth := len(vm.frames)
			r, err := vm.callClass(self, c, all, a.KwNames, heap.RetNested)
			if err == errFramePushed {
				vm.nested++
				vm.safeAllocs = 0 // Python code may drop what the operation holds (see openSafe)
				r, err = vm.run(depth)
				vm.nested--
			}
			return r, err
		}},
		{Name: "mro", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			return vm.NewList(append([]Value(nil), vm.ClassOf(self).MRO...)), nil
		}},
		{Name: "__subclasses__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			return vm.NewList(nil), nil
		}},
	})
}

// builtinSuper implements super() and super(type, obj).
func builtinSuper(vm *VM, _ Value, a Args) (Value, error) {
	var typ, obj Value
	if len(a.Pos) >= 2 {
		typ, obj = a.Pos[0], a.Pos[1]
	} else if len(a.Pos) == 1 {
		return heap.Undef, vm.Errorf(TRuntimeError, "super(type) without an object is not supported")
	} else {
		// Zero-argument form: the caller's first argument and __class__ cell.
		if len(vm.frames) == 0 {
			return heap.Undef, vm.Errorf(TRuntimeError, "super(): no arguments")
		}
		f := vm.frames[len(vm.frames)-1]
		code := f.C.Code
		if code.ArgCount == 0 && code.Flags&compile.FlagVarArgs == 0 {
			return heap.Undef, vm.Errorf(TRuntimeError, "super(): no arguments")
		}
		obj = f.Slots[0]
		for i, n := range code.Cellvars {
			if code.CellArgs != nil && code.CellArgs[i] == 0 {
				obj = vm.H.Get(f.Slots[len(code.Varnames)+i]).(*heap.Cell).V
			}
			_ = n
		}
		found := false
		for i, n := range code.Freevars {
			if n == "__class__" {
				typ = vm.H.Get(f.Slots[len(code.Varnames)+len(code.Cellvars)+i]).(*heap.Cell).V
				found = true
			}
		}
		if !found || typ.K == heap.KUndef {
			return heap.Undef, vm.Errorf(TRuntimeError, "super(): __class__ cell not found")
		}
	}
	// super(T, cls) in a classmethod binds to the class itself; otherwise
	// (instances, and classes in metaclass methods) to type(obj).
	objType := vm.TypeOf(obj)
	if obj.K == heap.KRef {
		if _, isClass := vm.H.Get(obj).(*heap.Class); isClass && vm.IsSubclass(obj, typ) {
			objType = obj
		}
	}
	if !vm.IsSubclass(objType, typ) {
		return heap.Undef, vm.TypeError("super(type, obj): obj must be an instance or subtype of type")
	}
	return vm.H.Alloc(&heap.Super{Type: typ, Obj: obj, ObjType: objType}), nil
}

// anyClassIn reports whether check holds for an item of the tuple cls
// (isinstance's or issubclass's second argument); where names the check
// in a RecursionError.
func (vm *VM) anyClassIn(cls Value, where string, check func(Value) (bool, error)) (bool, error) {
	if err := vm.enterC(where); err != nil {
		return false, err
	}
	defer vm.leaveC()
	for _, c := range vm.listItems(cls) {
		ok, err := check(c)
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

func (vm *VM) isinstance(v, cls Value) (bool, error) {
	if r, ok := vm.isinstanceFast(v, cls); ok {
		return r, nil
	}
	if _, isTuple := vm.refObj(cls).(*heap.Tuple); isTuple {
		return vm.anyClassIn(cls, " in __instancecheck__", func(c Value) (bool, error) { return vm.isinstance(v, c) })
	}
	if cls.K == heap.KRef {
		switch o := vm.H.Get(cls).(type) {
		case *heap.Class:
			if fn := vm.metaSpecial(cls, "__instancecheck__"); fn.K != heap.KUndef {
				r, err := vm.Call(fn, v)
				if err != nil {
					return false, err
				}
				return vm.Truth(r)
			}
			return vm.IsSubclass(vm.TypeOf(v), cls), nil
		case *heap.Opaque:
			if o.Kind == "typing" {
				return true, nil
			}
		case *heap.HostObject:
			if o.Class {
				return vm.hostIsInstance(v, o), nil
			}
		case *heap.Instance:
			if fn := vm.LookupSpecial(cls, "__instancecheck__"); fn.K != heap.KUndef {
				r, err := vm.Call(vm.BindMethod(fn, cls, o.Class), v)
				if err != nil {
					return false, err
				}
				return vm.Truth(r)
			}
		}
	}
	return false, vm.TypeError("isinstance() arg 2 must be a type, a tuple of types, or a union")
}

// isinstanceFast answers isinstance(v, cls) when cls is a class, or a
// tuple of classes, whose metaclass has no __instancecheck__: the MRO of
// v's type says it all. ok=false leaves everything else (and every
// error) to isinstance.
func (vm *VM) isinstanceFast(v, cls Value) (r, ok bool) {
	if cls.K != heap.KRef {
		return false, false
	}
	t := vm.TypeOf(v)
	switch o := vm.H.Get(cls).(type) {
	case *heap.Class:
		if t == cls {
			return true, true // CPython's exact-type shortcut comes first too
		}
		if !vm.plainMeta(o) {
			return false, false
		}
		return vm.IsSubclass(t, cls), true
	case *heap.Tuple:
		// Every item must be a plain class, checked in order, so that a
		// later __instancecheck__ runs exactly when CPython would run it.
		for _, c := range o.Items {
			if c == t {
				return true, true
			}
			cc, isClass := vm.refObj(c).(*heap.Class)
			if !isClass || !vm.plainMeta(cc) {
				return false, false
			}
			if vm.IsSubclass(t, c) {
				return true, true
			}
		}
		return false, true
	}
	return false, false
}

// plainMeta reports whether c's metaclass is a builtin one, which has no
// __instancecheck__ or __subclasscheck__ of Python's (see metaSpecial).
func (vm *VM) plainMeta(c *heap.Class) bool {
	if c.Meta.K != heap.KRef || c.Meta == vm.Types[TType] {
		return true
	}
	mc := vm.ClassOf(c.Meta)
	return mc == nil || mc.Flags&ClassUser == 0
}

func (vm *VM) issubclass(c, cls Value) (bool, error) {
	if _, isTuple := vm.refObj(cls).(*heap.Tuple); isTuple {
		return vm.anyClassIn(cls, " in __subclasscheck__", func(x Value) (bool, error) { return vm.issubclass(c, x) })
	}
	if cls.K == heap.KRef {
		if o, ok := vm.H.Get(cls).(*heap.Instance); ok {
			// A union (int | str) or another object whose class defines
			// __subclasscheck__.
			if fn := vm.LookupSpecial(cls, "__subclasscheck__"); fn.K != heap.KUndef {
				r, err := vm.Call(vm.BindMethod(fn, cls, o.Class), c)
				if err != nil {
					return false, err
				}
				return vm.Truth(r)
			}
		}
	}
	if _, ok := vm.refObj(cls).(*heap.Class); !ok {
		return false, vm.TypeError("issubclass() arg 2 must be a class, a tuple of classes, or a union")
	}
	if fn := vm.metaSpecial(cls, "__subclasscheck__"); fn.K != heap.KUndef {
		r, err := vm.Call(fn, c)
		if err != nil {
			return false, err
		}
		return vm.Truth(r)
	}
	if _, ok := vm.refObj(c).(*heap.Class); !ok {
		return false, vm.TypeError("issubclass() arg 1 must be a class")
	}
	return vm.IsSubclass(c, cls), nil
}

// isUnionArg reports whether v may stand on either side of a type union.
func (vm *VM) isUnionArg(v Value) bool {
	if v.K == heap.KNone {
		return true
	}
	if v.K != heap.KRef {
		// Get of a float's bits as a handle reads out of range.
		return false
	}
	_, ok := vm.H.Get(v).(*heap.Class)
	return ok
}

// typeUnion is a | b for types: a types.UnionType.
func (vm *VM) typeUnion(a, b Value) (Value, error) {
	return vm.callModuleFunc("_amber_union", "_union", a, b)
}
