package vm

import (
	"strings"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// bindMethod binds a class attribute found for obj: functions become
// bound methods, builtin methods get their receiver, classmethods bind the
// class, staticmethods unwrap.
func (vm *VM) BindMethod(fn, obj, cls Value) Value {
	if fn.K != heap.KRef {
		return fn
	}
	switch o := vm.H.Get(fn).(type) {
	case *heap.Function:
		return vm.H.Alloc(&heap.BoundMethod{Self: obj, Func: fn})
	case *heap.Builtin:
		if o.Self.K == heap.KUndef && builtinDef(o.ID).Method {
			return vm.H.Alloc(&heap.Builtin{ID: o.ID, Self: obj})
		}
	case *heap.ClassMethod:
		// A builtin type's class methods bind as builtins do (their repr
		// says built-in method); anything else callable becomes a method
		// object of the class, as classmethod.__get__ makes.
		if _, isBuiltin := vm.refObj(o.F).(*heap.Builtin); isBuiltin {
			return vm.BindMethod(o.F, cls, cls)
		}
		return vm.H.Alloc(&heap.BoundMethod{Self: cls, Func: o.F})
	case *heap.StaticMethod:
		return o.F
	}
	return fn
}

// GetAttr is getattr(obj, name).
func (vm *VM) GetAttr(obj Value, name string) (Value, error) {
	return vm.getAttr(obj, vm.Intern(name))
}

// HasAttr is hasattr(obj, name).
func (vm *VM) HasAttr(obj Value, name string) bool {
	_, err := vm.GetAttr(obj, name)
	return err == nil
}

// CallMethod calls obj.name(args...).
func (vm *VM) CallMethod(obj Value, name string, args ...Value) (Value, error) {
	m, err := vm.GetAttr(obj, name)
	if err != nil {
		return heap.Undef, err
	}
	return vm.Call(m, args...)
}

func (vm *VM) attrError(obj Value, name Value) error {
	// getattr(obj, name, default) and hasattr make and drop these often:
	// concatenation is much cheaper than formatting.
	n := vm.MustStr(name)
	var msg string
	if o, ok := vm.refObj(obj).(*heap.Module); ok {
		msg = "module '" + vm.MustStr(o.Name) + "' has no attribute '" + n + "'"
	} else if _, ok := vm.refObj(obj).(*heap.Class); ok {
		msg = "type object '" + vm.ClassName(obj) + "' has no attribute '" + n + "'"
	} else {
		msg = "'" + vm.TypeName(obj) + "' object has no attribute '" + n + "'"
	}
	return vm.ErrorArgs(TAttributeError, vm.NewStr(msg))
}

// customGetattribute returns the __getattribute__ override of obj's
// class, or Undef.
func (vm *VM) customGetattribute(obj Value) Value {
	if obj.K != heap.KRef {
		return heap.Undef
	}
	o, ok := vm.H.Get(obj).(*heap.Instance)
	if !ok {
		return heap.Undef
	}
	if c := vm.ClassOf(o.Class); c == nil || c.Flags&ClassGetattribute == 0 {
		return heap.Undef
	}
	return vm.LookupSpecial(obj, "__getattribute__")
}

// callGetattribute runs a __getattribute__ override, falling back to
// __getattr__ when it raises AttributeError.
func (vm *VM) callGetattribute(obj, name, ga Value) (Value, error) {
	cls := vm.TypeOf(obj)
	r, err := vm.Call(vm.BindMethod(ga, obj, cls), name)
	if err != nil && vm.ErrIs(err, TAttributeError) {
		if gf := vm.LookupSpecial(obj, "__getattr__"); gf.K != heap.KUndef {
			return vm.Call(vm.BindMethod(gf, obj, cls), name)
		}
	}
	return r, err
}

// getAttr resolves an attribute, running getters nested.
func (vm *VM) getAttr(obj Value, name Value) (Value, error) {
	if ga := vm.customGetattribute(obj); ga.K != heap.KUndef {
		return vm.callGetattribute(obj, name, ga)
	}
	v, fn, err := vm.findAttr(obj, name)
	if err != nil {
		return heap.Undef, err
	}
	if fn.K != heap.KUndef {
		// A getter (property or __getattr__) to call with obj.
		r, err := vm.Call(fn, obj)
		if err != nil && vm.ErrIs(err, TAttributeError) {
			if ga := vm.LookupSpecial(obj, "__getattr__"); ga.K != heap.KUndef {
				return vm.Call(vm.BindMethod(ga, obj, vm.TypeOf(obj)), name)
			}
		}
		return r, err
	}
	if v.K == heap.KUndef {
		if ga := vm.LookupSpecial(obj, "__getattr__"); ga.K != heap.KUndef {
			return vm.Call(vm.BindMethod(ga, obj, vm.TypeOf(obj)), name)
		}
		return heap.Undef, vm.attrError(obj, name)
	}
	return v, nil
}

// findAttr looks an attribute up. It returns the value, or a getter to be
// called with obj (a property's fget), or neither (attribute missing).
func (vm *VM) findAttr(obj Value, name Value) (v Value, getter Value, err error) {
	if obj.K == heap.KRef {
		switch o := vm.H.Get(obj).(type) {
		case *heap.Instance:
			return vm.instanceAttr(obj, o, name)
		case *heap.Class:
			return vm.classAttr(obj, o, name)
		case *heap.Module:
			d := vm.H.Get(o.Dict).(*heap.Dict)
			if r, ok, _ := d.Get(name, vm.StrHash(name), vm.StrEq); ok {
				return r, heap.Undef, nil
			}
			switch vm.MustStr(name) {
			case "__dict__":
				return o.Dict, heap.Undef, nil
			case "__name__":
				return o.Name, heap.Undef, nil
			}
			if o.Dict == vm.Builtins {
				if v, ok, err := vm.lazyBuiltin(vm.MustStr(name)); ok || err != nil {
					return v, heap.Undef, err
				}
			}
			// A module-level __getattr__ (PEP 562) answers the rest. A
			// module defining one made the name interned; looking it up
			// must not intern it (the template's image would change).
			if ga, ok := vm.internedStr("__getattr__"); ok {
				if g, ok, _ := d.Get(ga, vm.StrHash(ga), vm.StrEq); ok {
					r, err := vm.Call(g, name)
					return r, heap.Undef, err
				}
			}
			return heap.Undef, heap.Undef, nil
		case *heap.Super:
			return vm.superAttr(o, name)
		case *heap.HostObject:
			if r, ok, err := vm.hostAttr(obj, o, name); ok || err != nil {
				return r, heap.Undef, err
			}
		}
	}
	// Builtin objects: special attributes, then their class.
	if r, ok, err := vm.specialAttr(obj, vm.MustStr(name)); ok || err != nil {
		return r, heap.Undef, err
	}
	cls := vm.TypeOf(obj)
	d := vm.LookupClass(cls, name)
	if d.K == heap.KUndef {
		return heap.Undef, heap.Undef, nil
	}
	if d.K == heap.KRef {
		if p, ok := vm.H.Get(d).(*heap.Property); ok {
			return heap.Undef, p.Get, nil
		}
	}
	return vm.BindMethod(d, obj, cls), heap.Undef, nil
}

func (vm *VM) instanceAttr(obj Value, o *heap.Instance, name Value) (Value, Value, error) {
	cls := o.Class
	d := vm.LookupClass(cls, name)
	if d.K == heap.KRef {
		if p, ok := vm.H.Get(d).(*heap.Property); ok {
			if p.Get.K == heap.KNone || p.Get.K == heap.KUndef {
				return heap.Undef, heap.Undef, vm.Errorf(TAttributeError, "property '%s' of '%s' object has no getter", vm.MustStr(name), vm.ClassName(cls))
			}
			return heap.Undef, p.Get, nil
		}
		if inst, ok := vm.H.Get(d).(*heap.Instance); ok && vm.isDataDescriptor(d) {
			// A user-defined data descriptor wins over the instance dict.
			if g := vm.LookupClassStr(inst.Class, "__get__"); g.K != heap.KUndef {
				r, err := vm.Call(vm.BindMethod(g, d, inst.Class), obj, cls)
				return r, heap.Undef, err
			}
		}
	}
	if dd := vm.instDict(o); dd != nil {
		if r, ok, _ := dd.Get(name, vm.StrHash(name), vm.StrEq); ok {
			return r, heap.Undef, nil
		}
	}
	if d.K == heap.KRef {
		// A non-data descriptor (only __get__) comes after the instance dict.
		if inst, ok := vm.H.Get(d).(*heap.Instance); ok {
			if g := vm.LookupClassStr(inst.Class, "__get__"); g.K != heap.KUndef {
				r, err := vm.Call(vm.BindMethod(g, d, inst.Class), obj, cls)
				return r, heap.Undef, err
			}
		}
	}
	if d.K != heap.KUndef {
		return vm.BindMethod(d, obj, cls), heap.Undef, nil
	}
	n := vm.MustStr(name)
	switch n {
	case "__class__":
		return cls, heap.Undef, nil
	case "__dict__":
		if o.Dict.K == heap.KUndef {
			vm.makeInstDict(obj, o)
		}
		return o.Dict, heap.Undef, nil
	}
	if o.Exc != nil {
		if r, ok := vm.excAttr(o, n); ok {
			return r, heap.Undef, nil
		}
	}
	if o.Prim.K != heap.KUndef {
		if r, ok, err := vm.specialAttr(o.Prim, n); ok || err != nil {
			return r, heap.Undef, err
		}
	}
	return heap.Undef, heap.Undef, nil
}

// osErrorArgIndex is where each OSError attribute sits in its args.
var osErrorArgIndex = map[string]int{"errno": 0, "strerror": 1, "filename": 2, "filename2": 4}

func (vm *VM) excAttr(o *heap.Instance, n string) (Value, bool) {
	e := o.Exc
	switch n {
	case "__traceback__":
		return vm.tracebackFrom(e), true
	case "args":
		return e.Args, true
	case "__cause__":
		return e.Cause, true
	case "__context__":
		return e.Context, true
	case "__suppress_context__":
		return heap.Bool(e.SuppressContext), true
	case "value":
		if vm.IsSubclass(o.Class, vm.Types[TStopIteration]) {
			items := vm.listItems(e.Args)
			if len(items) > 0 {
				return items[0], true
			}
			return heap.None, true
		}
	case "code":
		if vm.IsSubclass(o.Class, vm.Types[TSystemExit]) {
			items := vm.listItems(e.Args)
			if len(items) > 0 {
				return items[0], true
			}
			return heap.None, true
		}
	case "name":
		if vm.IsSubclass(o.Class, vm.Types[TNameError]) || vm.IsSubclass(o.Class, vm.Types[TImportError]) {
			return heap.None, true
		}
	case "errno", "strerror", "filename", "filename2":
		if vm.IsSubclass(o.Class, vm.Types[TOSError]) {
			items := vm.listItems(e.Args)
			idx := osErrorArgIndex[n]
			if len(items) >= 2 && len(items) <= 5 && idx < len(items) {
				return items[idx], true
			}
			return heap.None, true
		}
	case "message", "exceptions":
		if vm.IsSubclass(o.Class, vm.Types[TBaseExceptionGroup]) {
			items := vm.listItems(e.Args)
			if n == "message" && len(items) > 0 {
				return items[0], true
			}
			if n == "exceptions" && len(items) > 1 {
				if subs, err := vm.Unpack(items[1]); err == nil {
					return vm.NewTuple(subs), true
				}
			}
		}
	case "msg":
		if vm.IsSubclass(o.Class, vm.Types[TSyntaxError]) {
			items := vm.listItems(e.Args)
			if len(items) > 0 {
				return items[0], true
			}
		}
	}
	return heap.Undef, false
}

func (vm *VM) classAttr(cls Value, c *heap.Class, name Value) (Value, Value, error) {
	d := vm.LookupClass(cls, name)
	if d.K != heap.KUndef {
		if d.K == heap.KRef {
			switch o := vm.H.Get(d).(type) {
			case *heap.ClassMethod:
				return vm.BindMethod(d, cls, cls), heap.Undef, nil
			case *heap.StaticMethod:
				return o.F, heap.Undef, nil
			case *heap.Instance:
				if g := vm.LookupClassStr(o.Class, "__get__"); g.K != heap.KUndef {
					r, err := vm.Call(vm.BindMethod(g, d, o.Class), heap.None, cls)
					return r, heap.Undef, err
				}
			}
		}
		return d, heap.Undef, nil
	}
	switch vm.MustStr(name) {
	case "__name__":
		return c.Name, heap.Undef, nil
	case "__qualname__":
		return c.Qualname, heap.Undef, nil
	case "__mro__":
		return vm.NewTuple(append([]Value(nil), c.MRO...)), heap.Undef, nil
	case "__bases__":
		return vm.NewTuple(append([]Value(nil), c.Bases...)), heap.Undef, nil
	case "__base__":
		if len(c.Bases) > 0 {
			return c.Bases[0], heap.Undef, nil
		}
		return heap.None, heap.Undef, nil
	case "__dict__":
		if c.Flags&ClassUser == 0 {
			// Builtin types are shared between sessions and immutable: hand
			// out a copy, as CPython hands out a read-only proxy.
			d, _ := vm.DictOf(c.Dict)
			cp := &heap.Dict{Entries: append([]heap.DictEntry(nil), d.Entries...)}
			cp.Reindex()
			return vm.H.Alloc(cp), heap.Undef, nil
		}
		return c.Dict, heap.Undef, nil
	case "__class__":
		return vm.TypeOf(cls), heap.Undef, nil
	case "__doc__":
		return heap.None, heap.Undef, nil
	}
	// Attributes of the metaclass (type): mro(), __subclasses__ ...
	meta := vm.TypeOf(cls)
	if m := vm.LookupClass(meta, name); m.K != heap.KUndef {
		if m.K == heap.KRef {
			if p, ok := vm.H.Get(m).(*heap.Property); ok {
				return heap.Undef, p.Get, nil
			}
		}
		return vm.BindMethod(m, cls, meta), heap.Undef, nil
	}
	return heap.Undef, heap.Undef, nil
}

func (vm *VM) superAttr(s *heap.Super, name Value) (Value, Value, error) {
	start := s.ObjType
	c := vm.ClassOf(start)
	found := false
	for _, m := range c.MRO {
		if !found {
			if m == s.Type {
				found = true
			}
			continue
		}
		mc := vm.ClassOf(m)
		d := vm.H.Get(mc.Dict).(*heap.Dict)
		if v, ok, _ := d.Get(name, vm.StrHash(name), vm.StrEq); ok {
			if v.K == heap.KRef {
				if p, ok := vm.H.Get(v).(*heap.Property); ok {
					// The getter gets the instance, not the super object.
					if p.Get.K == heap.KNone || p.Get.K == heap.KUndef {
						return heap.Undef, heap.Undef, vm.Errorf(TAttributeError, "property '%s' of '%s' object has no getter", vm.MustStr(name), vm.ClassName(s.ObjType))
					}
					r, err := vm.Call(p.Get, s.Obj)
					return r, heap.Undef, err
				}
			}
			if s.Obj == s.ObjType {
				// super() in a classmethod: bind classmethods to the class.
				if v.K == heap.KRef {
					if cm, ok := vm.H.Get(v).(*heap.ClassMethod); ok {
						return vm.BindMethod(cm.F, s.Obj, s.Obj), heap.Undef, nil
					}
				}
				return vm.BindMethod(v, s.Obj, s.ObjType), heap.Undef, nil
			}
			return vm.BindMethod(v, s.Obj, s.ObjType), heap.Undef, nil
		}
	}
	return heap.Undef, heap.Undef, vm.Errorf(TAttributeError, "'super' object has no attribute '%s'", vm.MustStr(name))
}

// superFunc is superAttr's answer when it is a plain Python function
// to be bound to an instance (not a class), else Undef.
func (vm *VM) superFunc(s *heap.Super, name Value) Value {
	if s.Obj == s.ObjType {
		return heap.Undef
	}
	c := vm.ClassOf(s.ObjType)
	found := false
	for _, m := range c.MRO {
		if !found {
			found = m == s.Type
			continue
		}
		d := vm.H.Get(vm.ClassOf(m).Dict).(*heap.Dict)
		if v, ok, _ := d.Get(name, vm.StrHash(name), vm.StrEq); ok {
			if v.K == heap.KRef {
				if _, isFn := vm.H.Get(v).(*heap.Function); isFn {
					return v
				}
			}
			return heap.Undef
		}
	}
	return heap.Undef
}

// specialAttr serves attributes of builtin objects that are not methods.
func (vm *VM) specialAttr(obj Value, n string) (Value, bool, error) {
	if n == "__class__" {
		return vm.TypeOf(obj), true, nil
	}
	if obj.K != heap.KRef {
		return heap.Undef, false, nil
	}
	switch o := vm.H.Get(obj).(type) {
	case *heap.Cell:
		if n == "cell_contents" {
			if o.V.K == heap.KUndef {
				return heap.Undef, true, vm.Errorf(TValueError, "Cell is empty")
			}
			return o.V, true, nil
		}
	case *heap.Function:
		switch n {
		case "__name__":
			return o.Name, true, nil
		case "__qualname__":
			return o.Qualname, true, nil
		case "__doc__":
			return o.Doc, true, nil
		case "__module__":
			return o.Module, true, nil
		case "__defaults__":
			if len(o.Defaults) == 0 {
				return heap.None, true, nil
			}
			return vm.NewTuple(append([]Value(nil), o.Defaults...)), true, nil
		case "__kwdefaults__":
			if o.KwDefaults.K == heap.KUndef {
				return heap.None, true, nil
			}
			return o.KwDefaults, true, nil
		case "__annotations__":
			if o.Annotations.K == heap.KUndef || o.Annotations.K == heap.KNone {
				o.Annotations = vm.NewDict()
				vm.H.Touch(obj)
			}
			return o.Annotations, true, nil
		case "__dict__":
			if o.Dict.K == heap.KUndef {
				o.Dict = vm.NewDict()
				vm.H.Touch(obj)
			}
			return o.Dict, true, nil
		case "__code__":
			return o.Code, true, nil
		case "__globals__":
			return o.Globals, true, nil
		case "__closure__":
			if len(o.Closure) == 0 {
				return heap.None, true, nil
			}
			return vm.NewTuple(append([]Value(nil), o.Closure...)), true, nil
		}
		if o.Dict.K == heap.KRef {
			d := vm.H.Get(o.Dict).(*heap.Dict)
			k := vm.Intern(n)
			if r, ok, _ := d.Get(k, vm.StrHash(k), vm.StrEq); ok {
				return r, true, nil
			}
		}
	case *heap.BoundMethod:
		switch n {
		case "__self__":
			return o.Self, true, nil
		case "__func__":
			return o.Func, true, nil
		}
		r, err := vm.GetAttr(o.Func, n)
		if err == nil {
			return r, true, nil
		}
	case *heap.Builtin:
		switch n {
		case "__name__", "__qualname__":
			name := builtinDef(o.ID).Name
			if n == "__name__" {
				if i := strings.LastIndexByte(name, '.'); i >= 0 {
					name = name[i+1:]
				}
			}
			return vm.NewStr(name), true, nil
		case "__self__":
			return o.Self, true, nil
		case "__doc__":
			return heap.None, true, nil
		case "__module__":
			return vm.Intern("builtins"), true, nil
		}
	case *heap.Generator:
		switch n {
		case "__name__":
			return o.Name, true, nil
		case "__qualname__":
			return o.Qual, true, nil
		case "gi_running", "cr_running":
			return heap.Bool(o.State == heap.GenRunning), true, nil
		case "gi_frame", "cr_frame":
			if o.Frame == nil {
				return heap.None, true, nil
			}
			return heap.True, true, nil
		}
	case *heap.Property:
		switch n {
		case "fget":
			return o.Get, true, nil
		case "fset":
			return o.Set, true, nil
		case "fdel":
			return o.Del, true, nil
		case "__doc__":
			return o.Doc, true, nil
		}
	case *heap.ClassMethod:
		if n == "__func__" {
			return o.F, true, nil
		}
	case *heap.StaticMethod:
		if n == "__func__" {
			return o.F, true, nil
		}
	case *heap.CodeObj:
		switch n {
		case "co_name":
			return vm.NewStr(o.Code.Name), true, nil
		case "co_filename":
			return vm.NewStr(o.Code.Filename), true, nil
		case "co_argcount":
			return heap.Int(int64(o.Code.ArgCount)), true, nil
		case "co_varnames":
			var items []Value
			for _, s := range o.Code.Varnames {
				items = append(items, vm.NewStr(s))
			}
			return vm.NewTuple(items), true, nil
		}
	}
	return heap.Undef, false, nil
}

// opLoadAttr is LOAD_ATTR: property getters that are Python functions run
// as frames.
func (vm *VM) opLoadAttr(f *heap.Frame, obj, name Value) error {
	if obj.K == heap.KRef {
		switch o := vm.H.Get(obj).(type) {
		case *heap.Module:
			if v, ok := vm.moduleSiteGet(f, obj, o, name); ok {
				push(f, v)
				return nil
			}
		case *heap.Class:
			if v, ok := vm.classSiteGet(f, obj, name); ok {
				push(f, v)
				return nil
			}
		case *heap.Instance:
			if v, ok, err := vm.classSiteHit(f, obj, o, name); ok {
				if err != nil {
					return err
				}
				push(f, v)
				return nil
			}
			// The class's answers for this name come from the site cache.
			e := vm.siteLookup(f, o.Class, name)
			if vm.customGetattr(e, o.Class) {
				r, err := vm.getAttr(obj, name)
				if err != nil {
					return err
				}
				push(f, r)
				return nil
			}
			cd := e.Val
			if e.DataDesc == 0 {
				e.DataDesc = 1
				if cd.K != heap.KUndef && vm.isDataDescriptor(cd) {
					e.DataDesc = 2
				}
			}
			if e.DataDesc == 1 {
				// Fast path: a plain instance attribute not shadowed by a
				// data descriptor on the class.
				if d := vm.instDict(o); d != nil {
					if i := vm.instanceSlot(e, d, name); i >= 0 {
						// customGetattr said the class keeps object's
						// __getattribute__: instAttrHit may read it.
						e.Want = name
						push(f, d.Entries[i].Val)
						return nil
					}
				}
				// Not in the instance: the class's value, a constant or
				// a method to bind (instanceAttr's order), unless it is
				// an object whose __get__ may run.
				if cd.K != heap.KUndef {
					if _, isObj := vm.refObj(cd).(*heap.Instance); !isObj {
						r := vm.BindMethod(cd, obj, o.Class)
						if r == cd && e.Meth == 0 && e.Getattribute == 1 && o.Exc == nil && o.Prim.K == heap.KUndef {
							e.Meth, e.NameHash, e.Slot = siteClassConst, uint16(vm.StrHash(name)), -1
						}
						push(f, r)
						return nil
					}
				}
			}
			// Fast path: a property whose getter is a plain Python
			// function, on a class without __getattr__: call the getter
			// in a new frame.
			if e.DataDesc == 2 {
				if p, ok := vm.H.Get(cd).(*heap.Property); ok && vm.noGetattr(e, o.Class) {
					if v, ok := vm.accessorGet(e, o, p.Get); ok {
						e.Want = heap.Ref(e.AccName)
						push(f, v)
						return nil
					}
					if ok, err := vm.pushPyFunc(p.Get, []Value{obj}, heap.RetPush); ok {
						return err
					}
				}
			}
		}
	}
	v, getter, err := vm.findAttr(obj, name)
	if err != nil {
		return err
	}
	if getter.K != heap.KUndef {
		ga := vm.LookupSpecial(obj, "__getattr__")
		if vm.isPyFunc(getter) && ga.K == heap.KUndef {
			return vm.pushPyCall(getter, []Value{obj}, heap.RetPush, 0, heap.Undef, heap.Undef)
		}
		r, err := vm.Call(getter, obj)
		if err != nil && ga.K != heap.KUndef && vm.ErrIs(err, TAttributeError) {
			// A getter's AttributeError falls back to __getattr__.
			r, err = vm.Call(vm.BindMethod(ga, obj, vm.TypeOf(obj)), name)
		}
		if err != nil {
			return err
		}
		push(f, r)
		return nil
	}
	if v.K == heap.KUndef {
		if ga := vm.LookupSpecial(obj, "__getattr__"); ga.K != heap.KUndef {
			if vm.isPyFunc(ga) {
				return vm.pushPyCall(ga, []Value{obj, name}, heap.RetPush, 0, heap.Undef, heap.Undef)
			}
			r, err := vm.Call(vm.BindMethod(ga, obj, vm.TypeOf(obj)), name)
			if err != nil {
				return err
			}
			push(f, r)
			return nil
		}
		return vm.attrError(obj, name)
	}
	push(f, v)
	return nil
}

// moduleSiteGet finds name in the dict of module m (at obj) through the
// site cache: the entry keyed by the module remembers where in the dict
// the name was last found, so a hit is one comparison of interned keys.
// ok=false leaves the lookup (and its misses) to findAttr.
func (vm *VM) moduleSiteGet(f *heap.Frame, obj Value, m *heap.Module, name Value) (Value, bool) {
	d, isDict := vm.H.Get(m.Dict).(*heap.Dict)
	if !isDict {
		return heap.Undef, false
	}
	s := vm.site(f)
	h := obj.H()
	var e *heap.SiteEntry
	for i := range s.Ways {
		if w := &s.Ways[i]; w.Class == h && w.Epoch == vm.epoch {
			e = w
			break
		}
	}
	if e == nil {
		// A module's handle is never a class's, so instance and class
		// lookups at this site never take this entry for theirs.
		e = &s.Ways[s.Next]
		s.Next = (s.Next + 1) % heap.SiteWays
		*e = heap.SiteEntry{Class: h, Epoch: vm.epoch, Slot: -1}
	}
	i := vm.instanceSlot(e, d, name)
	if i < 0 {
		return heap.Undef, false
	}
	return d.Entries[i].Val, true
}

// classSiteGet is classAttr for a name found on the class cls (through
// the site cache) that needs no descriptor call: plain values, functions,
// static methods and class methods. ok=false leaves it to findAttr.
func (vm *VM) classSiteGet(f *heap.Frame, cls, name Value) (Value, bool) {
	d := vm.siteLookup(f, cls, name).Val
	if d.K == heap.KUndef {
		return heap.Undef, false
	}
	if d.K == heap.KRef {
		switch o := vm.H.Get(d).(type) {
		case *heap.ClassMethod:
			return vm.BindMethod(d, cls, cls), true
		case *heap.StaticMethod:
			return o.F, true
		case *heap.Instance:
			return heap.Undef, false // a descriptor's __get__, maybe
		}
	}
	return d, true
}

func (vm *VM) isDataDescriptor(d Value) bool {
	switch o := vm.refObj(d).(type) {
	case *heap.Property:
		return true
	case *heap.Instance:
		return vm.LookupClassStr(o.Class, "__set__").K != heap.KUndef || vm.LookupClassStr(o.Class, "__delete__").K != heap.KUndef
	}
	return false
}

// customGetattr reports, caching it in the site entry, whether cls
// overrides __getattribute__. The class flag changes only with a class
// attribute, which starts a new cache epoch.
func (vm *VM) customGetattr(e *heap.SiteEntry, cls Value) bool {
	if e.Getattribute == 0 {
		e.Getattribute = 1
		if vm.ClassOf(cls).Flags&ClassGetattribute != 0 {
			e.Getattribute = 2
		}
	}
	return e.Getattribute == 2
}

// Values of SiteEntry.Setattr once computed: whether the class keeps
// object's __setattr__, and whether a store of the site's name may go
// straight to the instance dict, both fixed until the next cache epoch.
const (
	setattrPlain  = 1 // object's __setattr__, stores go to the dict
	setattrCustom = 2 // overrides __setattr__
	setattrSlow   = 3 // object's __setattr__, but __slots__ or __class__
)

// noSetattr reports, caching it in the site entry, whether cls keeps
// object's __setattr__. name is the site's attribute name.
func (vm *VM) noSetattr(e *heap.SiteEntry, cls, name Value) bool {
	if e.Setattr == 0 {
		e.Setattr = setattrCustom
		if vm.lookupSpecialCached(cls, "__setattr__") {
			e.Setattr = setattrPlain
			if n := vm.MustStr(name); vm.ClassOf(cls).Flags&ClassSlotted != 0 || n == "__class__" || n == "__dict__" {
				e.Setattr = setattrSlow
			}
		}
	}
	return e.Setattr != setattrCustom
}

// noGetattr reports, caching it in the site entry, whether cls has no
// __getattr__ (object has none).
func (vm *VM) noGetattr(e *heap.SiteEntry, cls Value) bool {
	if e.Getattr == 0 {
		e.Getattr = 2
		if vm.lookupSpecialCached(cls, "__getattr__") {
			e.Getattr = 1
		}
	}
	return e.Getattr == 1
}

// cachedClassLookup is LookupClass with a cache cleared whenever any class
// changes or the heap is collected.
func (vm *VM) cachedClassLookup(cls, name Value) Value {
	k := cacheKey{cls.H(), name.H()}
	if v, ok := vm.cache[k]; ok {
		return v
	}
	v := vm.LookupClass(cls, name)
	vm.cache[k] = v
	return v
}

func (vm *VM) invalidateCaches() {
	if len(vm.cache) > 0 {
		vm.cache = map[cacheKey]Value{}
	}
	vm.epoch++
}

// opLoadMethod is LOAD_METHOD: it avoids allocating a bound method for the
// common obj.method(...) call.
func (vm *VM) opLoadMethod(f *heap.Frame, obj, name Value) error {
	if obj.K == heap.KRef {
		switch o := vm.H.Get(obj).(type) {
		case *heap.Instance:
			e := vm.siteLookup(f, o.Class, name)
			if m := e.Val; m.K == heap.KRef && !vm.customGetattr(e, o.Class) {
				// Functions, class methods and static methods are
				// non-data descriptors: the instance dict comes first.
				callee, self := heap.Undef, heap.Undef
				switch mo := vm.H.Get(m).(type) {
				case *heap.Function:
					callee, self = m, obj
				case *heap.ClassMethod:
					if vm.isFunction(mo.F) {
						callee, self = mo.F, o.Class
					}
				case *heap.StaticMethod:
					callee = mo.F
				}
				if callee.K != heap.KUndef {
					shadowed := false
					if d := vm.instDict(o); d != nil {
						shadowed = vm.dictHasName(d, name)
					}
					if !shadowed {
						pushMethod(f, callee, self)
						return nil
					}
				}
			}
		case *heap.Super:
			// super().method(...) on an instance: push the function and
			// the instance, with no bound method in between.
			if m := vm.superFunc(o, name); m.K != heap.KUndef {
				push(f, m)
				push(f, o.Obj)
				return nil
			}
		case *heap.Class:
			// C.classmethod(...) and C.staticmethod(...): no bound
			// method in between.
			if m := vm.siteLookup(f, obj, name).Val; m.K == heap.KRef {
				switch mo := vm.H.Get(m).(type) {
				case *heap.ClassMethod:
					if vm.isFunction(mo.F) {
						pushMethod(f, mo.F, obj)
						return nil
					}
				case *heap.StaticMethod:
					pushMethod(f, mo.F, heap.Undef)
					return nil
				}
			}
		case *heap.Module:
		default:
			m := vm.siteLookup(f, vm.TypeOf(obj), name).Val
			if m.K == heap.KRef {
				if b, ok := vm.H.Get(m).(*heap.Builtin); ok && builtinDef(b.ID).Method && b.Self.K == heap.KUndef {
					push(f, m)
					push(f, obj)
					return nil
				}
			}
		}
	}
	push(f, heap.Undef)
	if err := vm.opLoadAttr(f, obj, name); err != nil {
		if _, susp := err.(*Suspended); err != errFramePushed && !susp {
			pop(f)
		}
		return err
	}
	return nil
}

// internedStr is the interned str s, if something interned it already.
func (vm *VM) internedStr(s string) (Value, bool) {
	if v, ok := vm.sharedInterned[s]; ok {
		return v, true
	}
	v, ok := vm.interned[s]
	return v, ok
}

// dictHasName reports whether the instance dict d has the str key name.
// Every method call asks it of its instance, nearly always to hear no:
// a small dict is scanned here for the name's hash, without Lookup's
// calls.
func (vm *VM) dictHasName(d *heap.Dict, name Value) bool {
	if d.Used == 0 {
		return false
	}
	h := vm.StrHash(name)
	if len(d.Entries) > 8 {
		i, _ := d.Lookup(name, h, vm.StrEq)
		return i >= 0
	}
	// Only the hashes are read in the scan (a tight loop); an entry with
	// the same hash is then looked at whole.
	ents := d.Entries
	for i := range ents {
		if ents[i].Hash == h && vm.entryIsName(&ents[i], name) {
			return true
		}
	}
	return false
}

// entryIsName reports whether e, a dict entry with name's hash, is live
// and has the key name.
func (vm *VM) entryIsName(e *heap.DictEntry, name Value) bool {
	if e.Key.K == heap.KUndef {
		return false
	}
	if e.Key == name {
		return true
	}
	eq, _ := vm.StrEq(e.Key, name)
	return eq
}

// pushMethod leaves LOAD_METHOD's result: [callee, self] for a call
// that passes self (a method), [NULL, callee] when self is Undef.
func pushMethod(f *heap.Frame, callee, self Value) {
	if self.K == heap.KUndef {
		push(f, heap.Undef)
		push(f, callee)
		return
	}
	push(f, callee)
	push(f, self)
}

// isFunction reports whether v is a Python function object.
func (vm *VM) isFunction(v Value) bool {
	if v.K != heap.KRef {
		return false
	}
	_, ok := vm.H.Get(v).(*heap.Function)
	return ok
}

// SetAttr is setattr(obj, name, v).
func (vm *VM) SetAttr(obj Value, name string, v Value) error {
	return vm.setAttr(obj, vm.Intern(name), v)
}

func (vm *VM) setAttr(obj, name, v Value) error {
	setter, err := vm.findSetter(obj, name, v)
	if err != nil || setter.K == heap.KUndef {
		return err
	}
	_, err = vm.Call(setter, obj, v)
	return err
}

// objectSetter is object.__setattr__ for an instance: a data descriptor
// on the class takes the value (a property's setter is returned for the
// caller to call), else the instance dict does.
func (vm *VM) objectSetter(obj Value, o *heap.Instance, name, v Value) (Value, error) {
	d := vm.cachedClassLookup(o.Class, name)
	if d.K == heap.KRef {
		switch p := vm.H.Get(d).(type) {
		case *heap.Property:
			if p.Set.K == heap.KNone || p.Set.K == heap.KUndef {
				return heap.Undef, vm.Errorf(TAttributeError, "property '%s' of '%s' object has no setter", vm.MustStr(name), vm.ClassName(o.Class))
			}
			return p.Set, nil
		case *heap.Instance:
			if s := vm.LookupClassStr(p.Class, "__set__"); s.K != heap.KUndef {
				_, err := vm.Call(vm.BindMethod(s, d, p.Class), obj, v)
				return heap.Undef, err
			}
		}
	}
	return heap.Undef, vm.instanceSetDict(obj, o, name, v)
}

// findSetter stores the attribute, or returns a setter to call with
// (obj, v) when a property or __setattr__ override is involved.
func (vm *VM) findSetter(obj, name, v Value) (Value, error) {
	if obj.K != heap.KRef {
		return heap.Undef, vm.builtinSetAttrError(obj, name)
	}
	switch o := vm.H.Get(obj).(type) {
	case *heap.Instance:
		// type(obj).__setattr__ comes first; object's own handles data
		// descriptors and then the instance dict.
		if sa := vm.LookupSpecial(obj, "__setattr__"); sa.K != heap.KUndef {
			_, err := vm.Call(vm.BindMethod(sa, obj, o.Class), name, v)
			return heap.Undef, err
		}
		return vm.objectSetter(obj, o, name, v)
	case *heap.Class:
		if o.Flags&ClassUser == 0 {
			return heap.Undef, vm.TypeError("cannot set '%s' attribute of immutable type '%s'", vm.MustStr(name), vm.ClassName(obj))
		}
		if err := vm.dictSetStr(o.Dict, name, v); err != nil {
			return heap.Undef, err
		}
		o.Version++
		vm.invalidateCaches()
		if n := vm.MustStr(name); n == "__getattribute__" || n == "__slots__" {
			vm.setDerivedClassFlags(o)
		}
		return heap.Undef, nil
	case *heap.Function:
		if o.Dict.K == heap.KUndef {
			o.Dict = vm.NewDict()
			vm.H.Touch(obj)
		}
		switch vm.MustStr(name) {
		case "__globals__", "__closure__", "__builtins__":
			return heap.Undef, vm.Errorf(TAttributeError, "readonly attribute")
		case "__name__":
			if _, ok := vm.StrOf(v); !ok {
				return heap.Undef, vm.TypeError("__name__ must be set to a string object")
			}
			o.Name = v
			vm.H.Touch(obj)
			return heap.Undef, nil
		case "__qualname__":
			if _, ok := vm.StrOf(v); !ok {
				return heap.Undef, vm.TypeError("__qualname__ must be set to a string object")
			}
			o.Qualname = v
			vm.H.Touch(obj)
			return heap.Undef, nil
		case "__doc__":
			o.Doc = v
			vm.H.Touch(obj)
			return heap.Undef, nil
		case "__module__":
			o.Module = v
			vm.H.Touch(obj)
			return heap.Undef, nil
		case "__defaults__":
			if v.K == heap.KNone {
				o.Defaults = nil
			} else if t, ok := vm.refObj(v).(*heap.Tuple); ok {
				o.Defaults = append([]Value(nil), t.Items...)
			} else {
				return heap.Undef, vm.TypeError("__defaults__ must be set to a tuple object")
			}
			vm.H.Touch(obj)
			return heap.Undef, nil
		case "__code__":
			co, ok := vm.refObj(v).(*heap.CodeObj)
			if !ok {
				return heap.Undef, vm.TypeError("__code__ must be set to a code object")
			}
			if n := len(co.Code.Freevars); n != len(o.Closure) {
				return heap.Undef, vm.Errorf(TValueError, "%s() requires a code object with %d free vars, not %d", vm.MustStr(o.Name), len(o.Closure), n)
			}
			// Calls read the code through the cache (codeOf), which
			// must follow; so must the site caches' conclusions drawn
			// from the code (a property whose getter is a plain
			// accessor, read in place without its frame).
			o.Code, o.C = v, nil
			vm.H.Touch(obj)
			vm.invalidateCaches()
			return heap.Undef, nil
		case "__kwdefaults__":
			if v.K == heap.KNone {
				o.KwDefaults = heap.Undef
			} else if _, ok := vm.refObj(v).(*heap.Dict); ok {
				o.KwDefaults = v
			} else {
				return heap.Undef, vm.TypeError("__kwdefaults__ must be set to a dict object")
			}
			vm.H.Touch(obj)
			return heap.Undef, nil
		}
		return heap.Undef, vm.dictSetStr(o.Dict, name, v)
	case *heap.Module:
		return heap.Undef, vm.dictSetStr(o.Dict, name, v)
	}
	if _, ok := vm.H.Get(obj).(*heap.Class); ok {
		return heap.Undef, nil
	}
	return heap.Undef, vm.builtinSetAttrError(obj, name)
}

// builtinSetAttrError is CPython's error for setting an attribute of a
// builtin object: a data attribute (int.real) is not writable, a method
// is read-only, anything else does not exist.
func (vm *VM) builtinSetAttrError(obj, name Value) error {
	n := vm.MustStr(name)
	if _, ok, err := vm.specialAttr(obj, n); ok && err == nil && !strings.HasPrefix(n, "__") {
		return vm.Errorf(TAttributeError, "attribute '%s' of '%s' objects is not writable", n, vm.TypeName(obj))
	}
	c := vm.H.Get(vm.TypeOf(obj)).(*heap.Class)
	for _, m := range c.MRO {
		mc := vm.H.Get(m).(*heap.Class)
		d := vm.H.Get(mc.Dict).(*heap.Dict)
		if v, ok, _ := d.Get(name, vm.StrHash(name), vm.StrEq); ok {
			if v.K == heap.KRef {
				if _, isProp := vm.H.Get(v).(*heap.Property); isProp {
					return vm.Errorf(TAttributeError, "attribute '%s' of '%s' objects is not writable", n, vm.ClassName(m))
				}
			}
			return vm.Errorf(TAttributeError, "'%s' object attribute '%s' is read-only", vm.TypeName(obj), n)
		}
	}
	return vm.Errorf(TAttributeError, "'%s' object has no attribute '%s'", vm.TypeName(obj), n)
}

func (vm *VM) instanceSetDict(obj Value, o *heap.Instance, name, v Value) error {
	if o.Exc != nil {
		switch vm.MustStr(name) {
		case "__cause__":
			o.Exc.Cause = v
			o.Exc.SuppressContext = true
			vm.H.Touch(obj)
			return nil
		case "__context__":
			o.Exc.Context = v
			vm.H.Touch(obj)
			return nil
		case "__suppress_context__":
			o.Exc.SuppressContext = v.K == heap.KBool && v.N != 0
			vm.H.Touch(obj)
			return nil
		case "args":
			items, err := vm.Unpack(v)
			if err != nil {
				return err
			}
			o.Exc.Args = vm.NewTuple(items)
			vm.H.Touch(obj)
			return nil
		case "__traceback__":
			return nil
		}
	}
	switch vm.MustStr(name) {
	case "__class__":
		if err := vm.checkClassAssign(o.Class, v); err != nil {
			return err
		}
		o.Class = v
		vm.H.Touch(obj)
		return nil
	case "__dict__":
		if o.Class != vm.Types[TObject] {
			return vm.replaceInstDict(obj, o, v)
		}
	}
	if o.Class == vm.Types[TObject] {
		return vm.attrError(obj, name)
	}
	if c := vm.ClassOf(o.Class); c != nil && c.Flags&ClassSlotted != 0 && !vm.slotAllowed(o.Class, vm.MustStr(name)) {
		return vm.attrError(obj, name)
	}
	if o.Dict.K == heap.KUndef {
		vm.makeInstDict(obj, o)
	}
	return vm.dictSetStr(o.Dict, name, v)
}

// opStoreAttr is STORE_ATTR: Python setters run as frames.
func (vm *VM) opStoreAttr(f *heap.Frame, obj, name, v Value) error {
	if obj.K == heap.KRef {
		if o, ok := vm.H.Get(obj).(*heap.Instance); ok {
			if e := vm.siteLookup(f, o.Class, name); e.Val.K == heap.KUndef && vm.noSetattr(e, o.Class, name) && e.Setattr == setattrPlain {
				if o.Exc != nil || o.Class == vm.Types[TObject] {
					// Exceptions keep some attributes outside their dict;
					// object() instances have none.
					return vm.instanceSetDict(obj, o, name, v)
				}
				// Nothing named name in the class, which keeps object's
				// __setattr__: storeAttrHit may write it.
				e.Want = name
				// The common case, an existing attribute where the site
				// last found it, here; the rest in storeInstDict.
				if d := vm.instDict(o); d != nil {
					if i := int(e.Slot); i >= 0 && i < len(d.Entries) && d.Entries[i].Key == name {
						d.SetAt(i, v)
						vm.H.Touch(o.Dict)
						return nil
					}
				}
				return vm.storeInstDict(obj, o, &e.Slot, name, v)
			} else if cd := e.Val; cd.K == heap.KRef {
				// Fast path: a property whose setter is a plain Python
				// function, on a class that keeps object's __setattr__.
				if p, ok := vm.H.Get(cd).(*heap.Property); ok && vm.noSetattr(e, o.Class, name) {
					if ok, err := vm.accessorSet(e, obj, o, p.Set, v); ok {
						if e.Acc == 1 && e.Setattr == setattrPlain {
							e.Want = heap.Ref(e.AccName)
						}
						return err
					}
					if ok, err := vm.pushPyFunc(p.Set, []Value{obj, v}, heap.RetDiscard); ok {
						return err
					}
				}
			}
		}
	}
	setter, err := vm.findSetter(obj, name, v)
	if err != nil || setter.K == heap.KUndef {
		return err
	}
	if vm.isPyFunc(setter) {
		return vm.pushPyCall(setter, []Value{obj, v}, heap.RetDiscard, 0, heap.Undef, heap.Undef)
	}
	_, err = vm.Call(setter, obj, v)
	return err
}

// replaceInstDict is obj.__dict__ = v: the instance o's attributes are
// v's entries from now on. A dict subclass instance gives its dict.
func (vm *VM) replaceInstDict(obj Value, o *heap.Instance, v Value) error {
	d := v
	if v.K == heap.KRef {
		if io, ok := vm.H.Get(v).(*heap.Instance); ok && io.Prim.K == heap.KRef {
			d = io.Prim
		}
	}
	if d.K == heap.KRef {
		if _, ok := vm.H.Get(d).(*heap.Dict); ok {
			o.Dict, o.D = d, nil
			vm.H.Touch(obj)
			return nil
		}
	}
	return vm.TypeError("__dict__ must be set to a dictionary, not a '%s'", vm.ClassName(vm.TypeOf(v)))
}

// instDict is the dict of the instance o, nil if it has none.
func (vm *VM) instDict(o *heap.Instance) *heap.Dict {
	if o.Dict.K != heap.KRef {
		return nil
	}
	if d := o.D; d != nil {
		return d
	}
	d, _ := vm.H.Get(o.Dict).(*heap.Dict)
	return d
}

// makeInstDict gives the instance o (at obj), which has no dict, an
// empty one: the room allocated with o if any (see heap.NewInstance).
func (vm *VM) makeInstDict(obj Value, o *heap.Instance) *heap.Dict {
	if o.D == nil {
		// Made without room: its class learns to give its next
		// instances some.
		vm.noteAttrs(o.Class, 4)
	}
	d := o.TakeDict(4)
	o.Dict = vm.H.Alloc(d)
	o.D = d
	vm.H.Touch(obj)
	return d
}

// noteAttrs records that an instance of cls gets n attributes, so that
// new instances are allocated with room for them. Only the session's own
// user classes learn: the base's are shared with other sessions.
func (vm *VM) noteAttrs(cls Value, n int) {
	if cls.K != heap.KRef || cls.H() < vm.H.Floor() {
		return
	}
	c, ok := vm.H.Get(cls).(*heap.Class)
	if !ok || c.Flags&ClassUser == 0 || n <= int(c.Attrs) {
		return
	}
	c.Attrs = uint8(min(n, 255))
}

// lookupSpecialCached reports whether cls has NO override of name.
func (vm *VM) lookupSpecialCached(cls Value, name string) bool {
	fn := vm.cachedClassLookup(cls, vm.Intern(name))
	return fn.K == heap.KUndef || vm.isBuiltinOf(fn, TObject)
}

// DelAttr is delattr(obj, name).
func (vm *VM) DelAttr(obj, name Value) error {
	if obj.K == heap.KRef {
		switch o := vm.H.Get(obj).(type) {
		case *heap.Instance:
			d := vm.cachedClassLookup(o.Class, name)
			if d.K == heap.KRef {
				if p, ok := vm.H.Get(d).(*heap.Property); ok {
					if p.Del.K == heap.KNone || p.Del.K == heap.KUndef {
						return vm.Errorf(TAttributeError, "property '%s' of '%s' object has no deleter", vm.MustStr(name), vm.ClassName(o.Class))
					}
					_, err := vm.Call(p.Del, obj)
					return err
				}
				if p, ok := vm.H.Get(d).(*heap.Instance); ok {
					if del := vm.LookupClassStr(p.Class, "__delete__"); del.K != heap.KUndef {
						_, err := vm.Call(vm.BindMethod(del, d, p.Class), obj)
						return err
					}
				}
			}
			if da := vm.LookupSpecial(obj, "__delattr__"); da.K != heap.KUndef {
				_, err := vm.Call(vm.BindMethod(da, obj, o.Class), name)
				return err
			}
			if o.Dict.K == heap.KRef {
				dd := vm.H.Get(o.Dict).(*heap.Dict)
				if _, ok, _ := dd.Delete(name, vm.StrHash(name), vm.StrEq); ok {
					vm.H.Touch(o.Dict)
					return nil
				}
			}
		case *heap.Class:
			if o.Flags&ClassUser == 0 {
				return vm.TypeError("cannot set '%s' attribute of immutable type '%s'", vm.MustStr(name), vm.ClassName(obj))
			}
			dd := vm.H.Get(o.Dict).(*heap.Dict)
			if _, ok, _ := dd.Delete(name, vm.StrHash(name), vm.StrEq); ok {
				vm.H.Touch(o.Dict)
				o.Version++
				vm.invalidateCaches()
				return nil
			}
		case *heap.Module:
			dd := vm.H.Get(o.Dict).(*heap.Dict)
			if _, ok, _ := dd.Delete(name, vm.StrHash(name), vm.StrEq); ok {
				vm.H.Touch(o.Dict)
				return nil
			}
		case *heap.Function:
			if o.Dict.K == heap.KRef {
				dd := vm.H.Get(o.Dict).(*heap.Dict)
				if _, ok, _ := dd.Delete(name, vm.StrHash(name), vm.StrEq); ok {
					vm.H.Touch(o.Dict)
					return nil
				}
			}
		}
	}
	return vm.attrError(obj, name)
}

// --- globals -----------------------------------------------------------------

func (vm *VM) loadGlobal(f *heap.Frame, arg int) (Value, error) {
	g := vm.H.Get(f.Globals).(*heap.Dict)
	b := vm.H.Get(vm.Builtins).(*heap.Dict)
	name := vm.nameAt(f, arg)
	h := vm.StrHash(name)
	v, ok, _ := g.Get(name, h, vm.StrEq)
	if !ok {
		v, ok, _ = b.Get(name, h, vm.StrEq)
	}
	if !ok {
		return vm.undefinedName(f, name)
	}
	return v, nil
}

// undefinedName asks the host about a name no scope defines, loaded by
// f's current instruction.
func (vm *VM) undefinedName(f *heap.Frame, name Value) (Value, error) {
	n := vm.MustStr(name)
	if v, ok, err := vm.lazyBuiltin(n); ok || err != nil {
		return v, err
	}
	if vm.Host != nil {
		if vm.Host.IsHostFunction(n) || vm.undeclaredCall(f) {
			return vm.hostFunction(n), nil
		}
		if vm.Host.LookupName(n) {
			return heap.Undef, vm.suspendNameLookup(n)
		}
	}
	return heap.Undef, vm.Errorf(TNameError, "name '%s' is not defined", n)
}

func (vm *VM) loadName(f *heap.Frame, arg int) (Value, error) {
	name := vm.nameAt(f, arg)
	if f.Locals.K == heap.KRef {
		if d, ok := vm.DictOf(f.Locals); ok && !vm.IsInstanceObj(f.Locals) {
			if v, ok, _ := d.Get(name, vm.StrHash(name), vm.StrEq); ok {
				return v, nil
			}
		} else if v, err := vm.GetItem(f.Locals, name); err == nil {
			return v, nil
		} else if !vm.ErrIs(err, TKeyError) {
			return heap.Undef, err
		}
	}
	return vm.loadGlobal(f, arg)
}

func (vm *VM) deleteGlobal(f *heap.Frame, arg int) error {
	name := vm.nameAt(f, arg)
	g := vm.H.Get(f.Globals).(*heap.Dict)
	if _, ok, _ := g.Delete(name, vm.StrHash(name), vm.StrEq); !ok {
		return vm.Errorf(TNameError, "name '%s' is not defined", vm.MustStr(name))
	}
	vm.H.Touch(f.Globals)
	return nil
}

// checkClassAssign is CPython's check of obj.__class__ = to (the object's
// class being from): both user classes of one instance layout. Anything
// else would leave the instance shaped for one class and read as another
// (an exception's state missing, a builtin value where none is).
func (vm *VM) checkClassAssign(from, to Value) error {
	tc, ok := vm.refObj(to).(*heap.Class)
	if !ok {
		return vm.TypeError("__class__ must be set to a class, not '%s' object", vm.TypeName(to))
	}
	fc := vm.ClassOf(from)
	if fc == nil || fc.Flags&ClassUser == 0 || tc.Flags&ClassUser == 0 {
		return vm.TypeError("__class__ assignment only supported for mutable types or ModuleType subclasses")
	}
	if fc.Builtin != tc.Builtin || fc.Flags&ClassSlotted != tc.Flags&ClassSlotted {
		return vm.TypeError("__class__ assignment: '%s' object layout differs from '%s'", vm.ClassName(to), vm.ClassName(from))
	}
	return nil
}
