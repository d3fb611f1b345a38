package vm

import (
	"sort"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/syntax"
)

func (vm *VM) initBuiltins() {
	// ExceptionGroup derives from both BaseExceptionGroup and Exception.
	eg := vm.Types[TExceptionGroup]
	egc := vm.H.Get(eg).(*heap.Class)
	egc.Bases = []Value{vm.Types[TBaseExceptionGroup], vm.Types[TException]}
	egc.MRO = []Value{eg, vm.Types[TBaseExceptionGroup], vm.Types[TException], vm.Types[TBaseException], vm.Types[TObject]}
	vm.Modules = vm.NewDict()
	bm := vm.NewModule("builtins")
	vm.Builtins = vm.H.Get(bm).(*heap.Module).Dict
	md := vm.H.Get(vm.Modules).(*heap.Dict)
	k := vm.Intern("builtins")
	md.Append(k, bm, vm.StrHash(k))
	for _, s := range typeSpecs {
		switch s.id {
		case TNoneType, TFunction, TBuiltinFunction, TMethod, TCell, TCode, TModule, TGenerator, TCoroutine,
			TAsyncGenerator, TNotImplementedType, TEllipsisType, THostObject, TOpaque:
			continue
		}
		if s.noSubclass && s.id != TBool && s.id != TRange && s.id != TSlice {
			continue
		}
		vm.dictSetStr(vm.Builtins, vm.Intern(s.name), vm.Types[s.id])
	}
	// Aliases.
	vm.dictSetStr(vm.Builtins, vm.Intern("EnvironmentError"), vm.Types[TOSError])
	vm.dictSetStr(vm.Builtins, vm.Intern("IOError"), vm.Types[TOSError])
	vm.dictSetStr(vm.Builtins, vm.Intern("None"), heap.None)
	vm.dictSetStr(vm.Builtins, vm.Intern("Ellipsis"), heap.Ellipsis)
	vm.dictSetStr(vm.Builtins, vm.Intern("NotImplemented"), heap.NotImplemented)
	vm.dictSetStr(vm.Builtins, vm.Intern("__debug__"), heap.True)
	vm.dictSetStr(vm.Builtins, vm.Intern("__name__"), vm.Intern("builtins"))
	// By name, so the builtin world does not depend on init order.
	funcs := append(builtinFuncs[:0:0], builtinFuncs...)
	sort.SliceStable(funcs, func(i, j int) bool { return funcs[i].name < funcs[j].name })
	for i := 1; i < len(funcs); i++ {
		if funcs[i].name == funcs[i-1].name {
			panic("vm: builtin function " + funcs[i].name + " registered twice")
		}
	}
	for _, b := range funcs {
		id := registerBuiltin(b.name, b.fn, false)
		v := vm.H.Alloc(&heap.Builtin{ID: id, Self: heap.Undef})
		vm.dictSetStr(vm.Builtins, vm.Intern(b.name), v)
		if b.name == "__build_class__" {
			vm.buildClassFn = v
		}
	}
}

func init() {
	RegisterBuiltinFunc("__build_class__", buildClass)
	RegisterBuiltinFunc("print", builtinPrint)
	RegisterBuiltinFunc("len", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("len", a, 1, 1); err != nil {
			return heap.Undef, err
		}
		n, err := vm.Len(a.Pos[0])
		return heap.Int(int64(n)), err
	})
	RegisterBuiltinFunc("repr", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("repr", a, 1, 1); err != nil {
			return heap.Undef, err
		}
		s, err := vm.Repr(a.Pos[0])
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewStr(s), nil
	})
	RegisterBuiltinFunc("isinstance", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("isinstance", a, 2, 2); err != nil {
			return heap.Undef, err
		}
		r, err := vm.isinstance(a.Pos[0], a.Pos[1])
		return heap.Bool(r), err
	})
	RegisterBuiltinFunc("issubclass", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("issubclass", a, 2, 2); err != nil {
			return heap.Undef, err
		}
		if _, ok := vm.H.Get(a.Pos[0]).(*heap.Class); !ok || a.Pos[0].K != heap.KRef {
			return heap.Undef, vm.TypeError("issubclass() arg 1 must be a class")
		}
		r, err := vm.issubclass(a.Pos[0], a.Pos[1])
		return heap.Bool(r), err
	})
	RegisterBuiltinFunc("getattr", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("getattr", a, 2, 3); err != nil {
			return heap.Undef, err
		}
		name, ok := vm.StrOf(a.Pos[1])
		if !ok {
			return heap.Undef, vm.TypeError("attribute name must be string, not '%s'", vm.TypeName(a.Pos[1]))
		}
		v, err := vm.GetAttr(a.Pos[0], name)
		if err != nil && len(a.Pos) == 3 && vm.ErrIs(err, TAttributeError) {
			return a.Pos[2], nil
		}
		return v, err
	})
	RegisterBuiltinFunc("setattr", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("setattr", a, 3, 3); err != nil {
			return heap.Undef, err
		}
		name, ok := vm.StrOf(a.Pos[1])
		if !ok {
			return heap.Undef, vm.TypeError("attribute name must be string, not '%s'", vm.TypeName(a.Pos[1]))
		}
		return heap.None, vm.SetAttr(a.Pos[0], name, a.Pos[2])
	})
	RegisterBuiltinFunc("delattr", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("delattr", a, 2, 2); err != nil {
			return heap.Undef, err
		}
		name, _ := vm.StrOf(a.Pos[1])
		return heap.None, vm.DelAttr(a.Pos[0], vm.Intern(name))
	})
	RegisterBuiltinFunc("hasattr", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("hasattr", a, 2, 2); err != nil {
			return heap.Undef, err
		}
		name, ok := vm.StrOf(a.Pos[1])
		if !ok {
			return heap.Undef, vm.TypeError("attribute name must be string, not '%s'", vm.TypeName(a.Pos[1]))
		}
		_, err := vm.GetAttr(a.Pos[0], name)
		if err != nil {
			if vm.ErrIs(err, TAttributeError) {
				return heap.False, nil
			}
			return heap.Undef, err
		}
		return heap.True, nil
	})
	RegisterBuiltinFunc("callable", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("callable", a, 1, 1); err != nil {
			return heap.Undef, err
		}
		v := a.Pos[0]
		if v.K != heap.KRef {
			return heap.False, nil
		}
		switch o := vm.H.Get(v).(type) {
		case *heap.Function, *heap.BoundMethod, *heap.Builtin, *heap.Class:
			return heap.True, nil
		case *heap.Instance:
			return heap.Bool(vm.LookupSpecial(v, "__call__").K != heap.KUndef), nil
		case *heap.Opaque:
			return heap.Bool(o.Kind == "hostfn"), nil
		}
		return heap.False, nil
	})
	RegisterBuiltinFunc("id", func(vm *VM, _ Value, a Args) (Value, error) {
		v := a.Pos[0]
		if v.K == heap.KRef {
			return heap.Int(int64(0x7f0000000000 + v.N*0x30)), nil
		}
		return heap.Int(int64(0x600000000000 + uint64(v.K)<<40 + v.N%(1<<40))), nil
	})
	RegisterBuiltinFunc("hash", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("hash", a, 1, 1); err != nil {
			return heap.Undef, err
		}
		h, err := vm.Hash(a.Pos[0])
		return heap.Int(h), err
	})
	RegisterBuiltinFunc("iter", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("iter", a, 1, 2); err != nil {
			return heap.Undef, err
		}
		if len(a.Pos) == 2 {
			return vm.H.Alloc(&heap.Iter{Kind: heap.IterCallable, Seq: a.Pos[0], Vals: []Value{a.Pos[1]}}), nil
		}
		return vm.GetIter(a.Pos[0])
	})
	RegisterBuiltinFunc("next", builtinNext)
	RegisterBuiltinFunc("enumerate", func(vm *VM, _ Value, a Args) (Value, error) {
		args, err := vm.BindArgs("enumerate", a, []string{"iterable", "start"}, 1)
		if err != nil {
			return heap.Undef, err
		}
		if vm.needsFrames(args[0]) {
			st := args[1]
			if st.K == heap.KUndef {
				st = heap.Int(0)
			}
			if r, ok, err := vm.tailPy("enumerate", "enumerate_", args[0], st); ok {
				return r, err
			}
		}
		it, err := vm.GetIter(args[0])
		if err != nil {
			return heap.Undef, err
		}
		start := int64(0)
		if args[1].K != heap.KUndef {
			s, ok := vm.IndexOf(args[1])
			if !ok {
				return heap.Undef, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(args[1]))
			}
			start = s
		}
		return vm.H.Alloc(&heap.Iter{Kind: heap.IterEnumerate, Vals: []Value{it}, I: start}), nil
	})
	RegisterBuiltinFunc("zip", func(vm *VM, _ Value, a Args) (Value, error) {
		z := &heap.Iter{Kind: heap.IterZip}
		for i, k := range a.KwNames {
			if k != "strict" {
				return heap.Undef, vm.TypeError("zip() got an unexpected keyword argument '%s'", k)
			}
			if t, _ := vm.Truth(a.KwVals[i]); t {
				z.Step = 1
			}
		}
		if vm.anyNeedsFrames(a.Pos...) {
			if r, ok, err := vm.tailPy("zip", "zip_", vm.NewTuple(append([]Value(nil), a.Pos...)), heap.Bool(z.Step == 1)); ok {
				return r, err
			}
		}
		for _, v := range a.Pos {
			it, err := vm.GetIter(v)
			if err != nil {
				// CPython 3.11 passes iter()'s own TypeError through.
				return heap.Undef, err
			}
			z.Vals = append(z.Vals, it)
		}
		return vm.H.Alloc(z), nil
	})
	RegisterBuiltinFunc("map", func(vm *VM, _ Value, a Args) (Value, error) {
		if len(a.Pos) < 2 {
			return heap.Undef, vm.TypeError("map() must have at least two arguments.")
		}
		if vm.anyNeedsFrames(a.Pos...) {
			if r, ok, err := vm.tailPy("map", "map_", a.Pos[0], vm.NewTuple(append([]Value(nil), a.Pos[1:]...))); ok {
				return r, err
			}
		}
		m := &heap.Iter{Kind: heap.IterMap, Seq: a.Pos[0]}
		for _, v := range a.Pos[1:] {
			it, err := vm.GetIter(v)
			if err != nil {
				return heap.Undef, err
			}
			m.Vals = append(m.Vals, it)
		}
		return vm.H.Alloc(m), nil
	})
	RegisterBuiltinFunc("filter", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("filter", a, 2, 2); err != nil {
			return heap.Undef, err
		}
		if vm.anyNeedsFrames(a.Pos...) {
			if r, ok, err := vm.tailPy("filter", "filter_", a.Pos[0], a.Pos[1]); ok {
				return r, err
			}
		}
		it, err := vm.GetIter(a.Pos[1])
		if err != nil {
			return heap.Undef, err
		}
		return vm.H.Alloc(&heap.Iter{Kind: heap.IterFilter, Seq: a.Pos[0], Vals: []Value{it}}), nil
	})
	RegisterBuiltinFunc("reversed", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("reversed", a, 1, 1); err != nil {
			return heap.Undef, err
		}
		v := a.Pos[0]
		if fn := vm.LookupSpecial(v, "__reversed__"); fn.K != heap.KUndef {
			return vm.Call(vm.BindMethod(fn, v, vm.TypeOf(v)))
		}
		p := vm.Prim(v)
		if p.K == heap.KRef {
			switch o := vm.H.Get(p).(type) {
			case *heap.List:
				return vm.H.Alloc(&heap.Iter{Kind: heap.IterReversedList, Seq: p, I: int64(len(o.Items) - 1)}), nil
			case *heap.Tuple:
				return vm.H.Alloc(&heap.Iter{Kind: heap.IterReversedList, Seq: p, I: int64(len(o.Items) - 1)}), nil
			case *heap.Range:
				n := rangeLength(o)
				last := o.Start + (n-1)*o.Step
				return vm.H.Alloc(&heap.Iter{Kind: heap.IterRange, I: last, N: last - n*o.Step, Step: -o.Step}), nil
			case *heap.Dict:
				keys := []Value{}
				for i := len(o.Entries) - 1; i >= 0; i-- {
					if o.Entries[i].Key.K != heap.KUndef {
						keys = append(keys, o.Entries[i].Key)
					}
				}
				return vm.H.Alloc(&heap.Iter{Kind: heap.IterTuple, Seq: vm.NewTuple(keys)}), nil
			case *heap.DictView:
				items, err := vm.Unpack(p)
				if err != nil {
					return heap.Undef, err
				}
				return vm.H.Alloc(&heap.Iter{Kind: heap.IterReversedList, Seq: vm.NewList(items), I: int64(len(items) - 1)}), nil
			case *heap.Str, *heap.Bytes, *heap.Instance:
				n, err := vm.Len(v)
				if err != nil {
					return heap.Undef, err
				}
				return vm.H.Alloc(&heap.Iter{Kind: heap.IterReversedSeq, Seq: v, I: int64(n - 1)}), nil
			}
		}
		return heap.Undef, vm.TypeError("'%s' object is not reversible", vm.TypeName(v))
	})
	RegisterBuiltinFunc("super", builtinSuper)
	RegisterBuiltinFunc("vars", func(vm *VM, _ Value, a Args) (Value, error) {
		if len(a.Pos) == 0 {
			return vm.currentLocals(), nil
		}
		v, err := vm.GetAttr(a.Pos[0], "__dict__")
		if err != nil {
			return heap.Undef, vm.TypeError("vars() argument must have __dict__ attribute")
		}
		return v, nil
	})
	RegisterBuiltinFunc("globals", func(vm *VM, _ Value, a Args) (Value, error) {
		return vm.frames[len(vm.frames)-1].Globals, nil
	})
	RegisterBuiltinFunc("locals", func(vm *VM, _ Value, a Args) (Value, error) {
		return vm.currentLocals(), nil
	})
	RegisterBuiltinFunc("dir", builtinDir)
	RegisterBuiltinFunc("__import__", func(vm *VM, _ Value, a Args) (Value, error) {
		name, _ := vm.StrOf(a.Pos[0])
		return vm.importName(name, heap.None, heap.Int(0))
	})
	RegisterBuiltinFunc("open", func(vm *VM, _ Value, a Args) (Value, error) {
		return heap.Undef, vm.Errorf(TPermissionError, "[Errno 1] Operation not permitted: the sandbox has no file system")
	})
	RegisterBuiltinFunc("input", func(vm *VM, _ Value, a Args) (Value, error) {
		return heap.Undef, vm.Errorf(TEOFError, "EOF when reading a line")
	})
	RegisterConstructor(TObject, func(vm *VM, cls Value, a Args) (Value, error) {
		return vm.H.Alloc(&heap.Instance{Class: cls, Dict: heap.Undef, Prim: heap.Undef}), nil
	})
	RegisterConstructor(TProperty, func(vm *VM, cls Value, a Args) (Value, error) {
		args, err := vm.BindArgs("property", a, []string{"fget", "fset", "fdel", "doc"}, 0)
		if err != nil {
			return heap.Undef, err
		}
		p := &heap.Property{Get: heap.None, Set: heap.None, Del: heap.None, Doc: heap.None}
		for i, dst := range []*Value{&p.Get, &p.Set, &p.Del, &p.Doc} {
			if args[i].K != heap.KUndef {
				*dst = args[i]
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
		if err := vm.ArgCount("classmethod", a, 1, 1); err != nil {
			return heap.Undef, err
		}
		return vm.H.Alloc(&heap.ClassMethod{F: a.Pos[0]}), nil
	})
	RegisterConstructor(TStaticMethod, func(vm *VM, cls Value, a Args) (Value, error) {
		if err := vm.ArgCount("staticmethod", a, 1, 1); err != nil {
			return heap.Undef, err
		}
		return vm.H.Alloc(&heap.StaticMethod{F: a.Pos[0]}), nil
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
			p := vm.H.Get(self).(*heap.Property)
			if a.Pos[0].K == heap.KNone {
				return self, nil
			}
			return vm.Call(p.Get, a.Pos[0])
		}},
	})
	AddMethods(TObject, []MethodDef{
		{Name: "__init__", Fn: func(vm *VM, self Value, a Args) (Value, error) { return heap.None, nil }},
		{Name: "__new__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if len(a.Pos) == 0 {
				return heap.Undef, vm.TypeError("object.__new__(): not enough arguments")
			}
			cls := a.Pos[0]
			if self.K != heap.KUndef {
				cls = self
			}
			c := vm.ClassOf(cls)
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
			if self == a.Pos[0] {
				return heap.True, nil
			}
			return heap.NotImplemented, nil
		}},
		{Name: "__ne__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
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
			o, ok := vm.H.Get(self).(*heap.Instance)
			if !ok {
				return heap.Undef, vm.TypeError("can't apply this __setattr__ to %s object", vm.TypeName(self))
			}
			return heap.None, vm.instanceSetDict(self, o, vm.Intern(vm.MustStr(a.Pos[0])), a.Pos[1])
		}},
		{Name: "__getattribute__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
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
			o := vm.H.Get(self).(*heap.Instance)
			name := vm.Intern(vm.MustStr(a.Pos[0]))
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
			spec, _ := vm.StrOf(a.Pos[0])
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
			if err := vm.ArgCount("__instancecheck__", a, 1, 1); err != nil {
				return heap.Undef, err
			}
			return heap.Bool(vm.IsSubclass(vm.TypeOf(a.Pos[0]), self)), nil
		}},
		{Name: "__subclasscheck__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.ArgCount("__subclasscheck__", a, 1, 1); err != nil {
				return heap.Undef, err
			}
			return heap.Bool(vm.IsSubclass(a.Pos[0], self)), nil
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
	AddMethods(TBaseException, []MethodDef{
		{Name: "with_traceback", Fn: func(vm *VM, self Value, a Args) (Value, error) { return self, nil }},
		{Name: "add_note", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if err := vm.ArgCount("add_note", a, 1, 1); err != nil {
				return heap.Undef, err
			}
			if _, ok := vm.StrOf(a.Pos[0]); !ok {
				return heap.Undef, vm.TypeError("note must be a str, not '%s'", vm.TypeName(a.Pos[0]))
			}
			notes, err := vm.GetAttr(self, "__notes__")
			if err != nil {
				if !vm.ErrIs(err, TAttributeError) {
					return heap.Undef, err
				}
				notes = vm.NewList(nil)
				if err := vm.SetAttr(self, "__notes__", notes); err != nil {
					return heap.Undef, err
				}
			}
			l, ok := vm.H.Get(notes).(*heap.List)
			if !ok {
				return heap.Undef, vm.TypeError("Cannot add note: __notes__ is not a list")
			}
			l.Items = append(l.Items, a.Pos[0])
			vm.H.Touch(notes)
			return heap.None, nil
		}},
		{Name: "__init__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			if ed := vm.ExcOf(self); ed != nil {
				ed.Args = vm.NewTuple(append([]Value(nil), a.Pos...))
				vm.H.Touch(self)
			}
			return heap.None, nil
		}},
		{Name: "__str__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			o := vm.H.Get(self).(*heap.Instance)
			s, err := vm.excStr(self, o)
			return vm.NewStr(s), err
		}},
		{Name: "__repr__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			o := *vm.H.Get(self).(*heap.Instance)
			args, err := vm.Repr(o.Exc.Args)
			if err != nil {
				return heap.Undef, err
			}
			if len(vm.listItems(o.Exc.Args)) == 1 {
				args = strings.TrimSuffix(args, ",)") + ")"
			}
			return vm.NewStr(vm.ClassName(o.Class) + args), nil
		}},
	})
	AddMethods(TGenerator, genMethods)
	AddMethods(TCoroutine, genMethods)
	AddMethods(TAsyncGenerator, []MethodDef{
		{Name: "__anext__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			return vm.H.Alloc(&heap.Opaque{Kind: "anext", Vals: []Value{self}}), nil
		}},
		{Name: "__aiter__", Fn: func(vm *VM, self Value, a Args) (Value, error) { return self, nil }},
	})
	AddMethods(TListIterator, iterMethods)
	AddMethods(TTupleIterator, iterMethods)
	AddMethods(TStrIterator, iterMethods)
	AddMethods(TRangeIterator, iterMethods)
	AddMethods(TDictKeyIterator, iterMethods)
	AddMethods(TDictValueIterator, iterMethods)
	AddMethods(TDictItemIterator, iterMethods)
	AddMethods(TSetIterator, iterMethods)
	AddMethods(TEnumerate, iterMethods)
	AddMethods(TZip, iterMethods)
	AddMethods(TMap, iterMethods)
	AddMethods(TFilter, iterMethods)
	AddMethods(TReversed, iterMethods)
	AddMethods(TSeqIterator, iterMethods)
}

var iterMethods = []MethodDef{
	{Name: "__iter__", Fn: func(vm *VM, self Value, a Args) (Value, error) { return self, nil }},
	{Name: "__next__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
		return builtinNext(vm, heap.Undef, Args{Pos: []Value{self}})
	}},
}

var genMethods = []MethodDef{
	{Name: "__iter__", Fn: func(vm *VM, self Value, a Args) (Value, error) { return self, nil }},
	{Name: "__next__", Fn: func(vm *VM, self Value, a Args) (Value, error) {
		return vm.genSend(self, heap.None, nil)
	}},
	{Name: "send", Fn: func(vm *VM, self Value, a Args) (Value, error) {
		if err := vm.ArgCount("send", a, 1, 1); err != nil {
			return heap.Undef, err
		}
		return vm.genSend(self, a.Pos[0], nil)
	}},
	{Name: "throw", Fn: func(vm *VM, self Value, a Args) (Value, error) {
		if len(a.Pos) == 0 {
			return heap.Undef, vm.TypeError("throw expected at least 1 argument, got 0")
		}
		e, err := vm.throwArgs(a)
		if err != nil {
			return heap.Undef, err
		}
		return vm.genSend(self, heap.None, &Exception{Value: e, vm: vm})
	}},
	{Name: "close", Fn: func(vm *VM, self Value, a Args) (Value, error) {
		g := vm.H.Get(self).(*heap.Generator)
		if g.State == heap.GenDone || g.State == heap.GenCreated {
			g.State = heap.GenDone
			g.Frame = nil
			vm.H.Touch(self)
			return heap.None, nil
		}
		exc := vm.NewException(vm.Types[TGeneratorExit], nil)
		_, ok, err := vm.genNextNested(self, heap.None, &Exception{Value: exc, vm: vm})
		if err != nil {
			if vm.ErrIs(err, TGeneratorExit) || vm.ErrIs(err, TStopIteration) {
				return heap.None, nil
			}
			return heap.Undef, err
		}
		if ok {
			return heap.Undef, vm.Errorf(TRuntimeError, "generator ignored GeneratorExit")
		}
		return heap.None, nil
	}},
}

// genSend resumes a generator for next()/send()/throw(). From the eval
// loop the generator runs as a frame (and may pause for the host);
// elsewhere it runs nested.
func (vm *VM) genSend(gv, v Value, throw error) (Value, error) {
	if vm.tailOK && vm.tailRet == heap.RetPush {
		err := vm.resumeGen(gv, v, throw, heap.RetNext, 0)
		if err == errFramePushed {
			return heap.Undef, nil
		}
		if err == errExhausted {
			return heap.Undef, vm.ErrorArgs(TStopIteration)
		}
		return heap.Undef, err
	}
	r, ok, err := vm.genNextNested(gv, v, throw)
	if err != nil {
		return heap.Undef, err
	}
	if !ok {
		if r.K == heap.KNone || r.K == heap.KUndef {
			return heap.Undef, vm.ErrorArgs(TStopIteration)
		}
		return heap.Undef, vm.ErrorArgs(TStopIteration, r)
	}
	return r, nil
}

func builtinNext(vm *VM, _ Value, a Args) (Value, error) {
	if err := vm.ArgCount("next", a, 1, 2); err != nil {
		return heap.Undef, err
	}
	it := a.Pos[0]
	if it.K == heap.KRef {
		if _, ok := vm.H.Get(it).(*heap.Generator); ok && len(a.Pos) == 1 {
			return vm.genSend(it, heap.None, nil)
		}
	}
	if !vm.isIterator(it) {
		return heap.Undef, vm.TypeError("'%s' object is not an iterator", vm.TypeName(it))
	}
	v, ok, err := vm.Next(it)
	if err != nil {
		return heap.Undef, err
	}
	if !ok {
		if len(a.Pos) == 2 {
			return a.Pos[1], nil
		}
		return heap.Undef, vm.ErrorArgs(TStopIteration)
	}
	return v, nil
}

func builtinPrint(vm *VM, _ Value, a Args) (Value, error) {
	sep, end := " ", "\n"
	stream := "stdout"
	file := heap.None
	fileGiven := false
	for i, k := range a.KwNames {
		v := a.KwVals[i]
		switch k {
		case "sep":
			if v.K != heap.KNone {
				s, ok := vm.StrOf(v)
				if !ok {
					return heap.Undef, vm.TypeError("sep must be None or a string, not %s", vm.TypeName(v))
				}
				sep = s
			}
		case "end":
			if v.K != heap.KNone {
				s, ok := vm.StrOf(v)
				if !ok {
					return heap.Undef, vm.TypeError("end must be None or a string, not %s", vm.TypeName(v))
				}
				end = s
			}
		case "file":
			fileGiven = v.K != heap.KNone
			if name, ok := vm.StdStreamOf(v); ok {
				stream = name
			} else if v.K != heap.KNone {
				file = v
			}
		case "flush":
		default:
			return heap.Undef, vm.TypeError("'%s' is an invalid keyword argument for print()", k)
		}
	}
	var b strings.Builder
	for i, v := range a.Pos {
		if i > 0 {
			b.WriteString(sep)
		}
		s, err := vm.StrString(v)
		if err != nil {
			return heap.Undef, err
		}
		b.WriteString(s)
	}
	b.WriteString(end)
	if file.K == heap.KNone && !fileGiven {
		// Programs redirect print by replacing sys.stdout.
		file = vm.sysStdout()
	}
	if file.K != heap.KNone {
		_, err := vm.CallMethod(file, "write", vm.NewStr(b.String()))
		return heap.None, err
	}
	return heap.None, vm.write(stream, b.String())
}

// sysStdout returns sys.stdout when a program replaced it with an object
// of its own, None otherwise.
func (vm *VM) sysStdout() Value {
	md := vm.H.Get(vm.Modules).(*heap.Dict)
	k := vm.Intern("sys")
	sys, ok, _ := md.Get(k, vm.StrHash(k), vm.StrEq)
	if !ok {
		return heap.None
	}
	mo, ok := vm.H.Get(sys).(*heap.Module)
	if !ok {
		return heap.None
	}
	sk := vm.Intern("stdout")
	out, ok, _ := vm.H.Get(mo.Dict).(*heap.Dict).Get(sk, vm.StrHash(sk), vm.StrEq)
	if !ok {
		return heap.None
	}
	if _, std := vm.StdStreamOf(out); std {
		return heap.None
	}
	return out
}

// write sends program output to the host, enforcing the output limit.
func (vm *VM) write(stream, s string) error {
	vm.OutputBytes += int64(len(s))
	if vm.Limits.MaxOutput > 0 && vm.OutputBytes > vm.Limits.MaxOutput {
		return &Fatal{Kind: "output", Msg: "output limit exceeded"}
	}
	if vm.Output != nil {
		vm.Output(stream, s)
	}
	return nil
}

func (vm *VM) isinstance(v, cls Value) (bool, error) {
	if vm.isListOrTuple(cls) {
		for _, c := range vm.listItems(cls) {
			ok, err := vm.isinstance(v, c)
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
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

func (vm *VM) issubclass(c, cls Value) (bool, error) {
	if vm.isListOrTuple(cls) {
		for _, x := range vm.listItems(cls) {
			ok, err := vm.issubclass(c, x)
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	}
	if _, ok := vm.H.Get(cls).(*heap.Class); !ok || cls.K != heap.KRef {
		return false, vm.TypeError("issubclass() arg 2 must be a class, a tuple of classes, or a union")
	}
	if fn := vm.metaSpecial(cls, "__subclasscheck__"); fn.K != heap.KUndef {
		r, err := vm.Call(fn, c)
		if err != nil {
			return false, err
		}
		return vm.Truth(r)
	}
	return vm.IsSubclass(c, cls), nil
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

func (vm *VM) currentLocals() Value {
	f := vm.frames[len(vm.frames)-1]
	if f.Locals.K == heap.KRef {
		return f.Locals
	}
	if f.Func.K == heap.KUndef {
		return f.Globals
	}
	d := vm.NewDict()
	dd := vm.H.Get(d).(*heap.Dict)
	code := f.C.Code
	for i, n := range code.Varnames {
		if v := f.Slots[i]; v.K != heap.KUndef {
			k := vm.Intern(n)
			dd.Set(k, v, vm.StrHash(k), vm.StrEq)
		}
	}
	for i, n := range append(append([]string(nil), code.Cellvars...), code.Freevars...) {
		if c, ok := vm.H.Get(f.Slots[len(code.Varnames)+i]).(*heap.Cell); ok && c.V.K != heap.KUndef {
			k := vm.Intern(n)
			dd.Set(k, c.V, vm.StrHash(k), vm.StrEq)
		}
	}
	return d
}

func builtinDir(vm *VM, _ Value, a Args) (Value, error) {
	var names []string
	seen := map[string]bool{}
	add := func(d Value) {
		dd, ok := vm.DictOf(d)
		if !ok {
			return
		}
		for _, e := range dd.Entries {
			if s, ok := vm.StrOf(e.Key); ok && !seen[s] {
				seen[s] = true
				names = append(names, s)
			}
		}
	}
	if len(a.Pos) == 0 {
		add(vm.currentLocals())
	} else {
		v := a.Pos[0]
		if v.K == heap.KRef {
			switch o := vm.H.Get(v).(type) {
			case *heap.Instance:
				add(o.Dict)
				for _, m := range vm.ClassOf(o.Class).MRO {
					add(vm.ClassOf(m).Dict)
				}
			case *heap.Class:
				for _, m := range o.MRO {
					add(vm.ClassOf(m).Dict)
				}
			case *heap.Module:
				add(o.Dict)
			default:
				for _, m := range vm.ClassOf(vm.TypeOf(v)).MRO {
					add(vm.ClassOf(m).Dict)
				}
			}
		} else {
			for _, m := range vm.ClassOf(vm.TypeOf(v)).MRO {
				add(vm.ClassOf(m).Dict)
			}
		}
	}
	sort.Strings(names)
	out := make([]Value, len(names))
	for i, n := range names {
		out[i] = vm.NewStr(n)
	}
	return vm.NewList(out), nil
}

// int | str and friends: types.UnionType, written in Python.

// isUnionArg reports whether v may stand on either side of a type union.
func (vm *VM) isUnionArg(v Value) bool {
	if v.K == heap.KNone {
		return true
	}
	_, ok := vm.H.Get(v).(*heap.Class)
	return ok && v.K == heap.KRef
}

// typeUnion is a | b for types: a types.UnionType.
func (vm *VM) typeUnion(a, b Value) (Value, error) {
	m, err := vm.Import("_amber_union")
	if err != nil {
		return heap.Undef, err
	}
	fn, err := vm.GetAttr(m, "_union")
	if err != nil {
		return heap.Undef, err
	}
	return vm.Call(fn, a, b)
}

// except* handlers: the compiler makes a Star from the exception being
// handled, asks it for the part each handler's type matches, hands it what
// the handlers raise, and finally lets it raise what is left.
func init() {

	egMethod := func(name string) BuiltinFn {
		return func(vm *VM, self Value, a Args) (Value, error) {
			if len(a.Pos) != 1 || len(a.KwNames) != 0 {
				return heap.Undef, vm.TypeError("%s() takes exactly one argument (%d given)", name, len(a.Pos))
			}
			m, err := vm.Import("_amber_excstar")
			if err != nil {
				return heap.Undef, err
			}
			fn, err := vm.GetAttr(m, "eg_"+name)
			if err != nil {
				return heap.Undef, err
			}
			return vm.Call(fn, self, a.Pos[0])
		}
	}
	AddMethods(TBaseExceptionGroup, []MethodDef{
		{Name: "split", Fn: egMethod("split")},
		{Name: "subgroup", Fn: egMethod("subgroup")},
		{Name: "derive", Fn: egMethod("derive")},
	})
}

// eval and exec compile source text inside the sandbox and run it nested,
// with the caller's globals and a snapshot of its locals by default.
func init() {
	RegisterBuiltinFunc("eval", func(vm *VM, _ Value, a Args) (Value, error) {
		return vm.evalExec("eval", a)
	})
	RegisterBuiltinFunc("exec", func(vm *VM, _ Value, a Args) (Value, error) {
		return vm.evalExec("exec", a)
	})
}

func (vm *VM) evalExec(mode string, a Args) (Value, error) {
	args, err := vm.BindArgs(mode, a, []string{"source", "globals", "locals"}, 1)
	if err != nil {
		return heap.Undef, err
	}
	var src string
	if s, ok := vm.StrOf(args[0]); ok {
		src = s
	} else if b, ok := vm.BufferBytes(args[0]); ok {
		src = string(b)
	} else {
		return heap.Undef, vm.TypeError("%s() arg 1 must be a string, bytes or code object", mode)
	}
	globals, locals := orNone(args[1]), orNone(args[2])
	if globals.K == heap.KNone {
		globals = vm.frames[len(vm.frames)-1].Globals
		if locals.K == heap.KNone {
			locals = vm.currentLocals()
		}
	} else if _, ok := vm.H.Get(globals).(*heap.Dict); !ok || globals.K != heap.KRef {
		return heap.Undef, vm.TypeError("globals must be a dict")
	}
	if locals.K == heap.KNone {
		locals = globals
	}
	if mode == "eval" {
		src = strings.TrimLeft(src, " \t")
	}
	mod, err := syntax.Parse("<string>", []byte(src))
	if err != nil {
		return heap.Undef, vm.syntaxErr(err)
	}
	if mode == "eval" {
		if len(mod.Body) != 1 {
			return heap.Undef, vm.Errorf(TSyntaxError, "invalid syntax")
		}
		if _, ok := mod.Body[0].(*syntax.ExprStmt); !ok {
			return heap.Undef, vm.Errorf(TSyntaxError, "invalid syntax")
		}
	}
	code, err := compile.Compile(mod, "<string>", []byte(src), compile.Options{ReturnLastExpr: mode == "eval", NameLocals: locals != globals})
	if err != nil {
		return heap.Undef, vm.syntaxErr(err)
	}
	cv := vm.LoadCode(code)
	co := vm.H.Get(cv).(*heap.CodeObj)
	f := &heap.Frame{Code: cv, C: co, Func: heap.Undef, Globals: globals, Locals: heap.Undef, Gen: heap.Undef, Ret: heap.RetNested}
	if locals != globals {
		f.Locals = locals
	}
	f.Slots = make([]Value, len(code.Varnames)+code.NumCells()+code.StackSize+4)
	f.SP = int32(len(code.Varnames) + code.NumCells())
	depth := len(vm.frames)
	if err := vm.pushFrame(f); err != nil {
		return heap.Undef, err
	}
	vm.nested++
	r, err := vm.run(depth)
	vm.nested--
	if err != nil {
		return heap.Undef, err
	}
	if mode == "exec" {
		return heap.None, nil
	}
	return r, nil
}

func (vm *VM) syntaxErr(err error) error {
	if se, ok := err.(*syntax.SyntaxError); ok {
		t := TSyntaxError
		if se.Kind == "IndentationError" {
			t = TIndentationError
		}
		return vm.Errorf(t, "%s", se.Msg)
	}
	return vm.Errorf(TSyntaxError, "%v", err)
}
