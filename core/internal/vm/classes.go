package vm

import (
	"sort"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// The names every construction looks up on the class, by index into
// VM.ctorNames.
const (
	nameNew = iota
	nameInit
	nameAbstract
	numCtorNames
)

var ctorNameStrs = [numCtorNames]string{"__new__", "__init__", "__abstractmethods__"}

func (vm *VM) ctorName(i int) Value { return vm.internAt(&vm.ctorNames[i], ctorNameStrs[i]) }

// callClass instantiates cls: builtin constructors for builtin types,
// __new__ and __init__ for user classes. A Python __init__ runs as a frame.
func (vm *VM) callClass(clsv Value, c *heap.Class, args []Value, kwnames []string, ret heap.RetKind) (Value, error) {
	if clsv == vm.Types[TType] && len(args) == 1 && len(kwnames) == 0 {
		if t, ok := vm.hostType(args[0]); ok {
			return t, nil
		}
		return vm.TypeOf(args[0]), nil
	}
	if ret != heap.RetNested {
		if initFn := vm.plainInit(clsv, c); initFn.K == heap.KRef {
			// The common construction: object's __new__ and a Python
			// __init__ run as a frame on the new instance.
			obj := vm.H.Alloc(heap.NewInstance(clsv, int(c.Attrs)))
			return vm.pushInit(obj, initFn, args, kwnames)
		}
	}
	pos := args[:len(args)-len(kwnames)]
	a := Args{Pos: pos}
	if len(kwnames) > 0 {
		a.KwNames, a.KwVals = kwnames, args[len(pos):]
	}
	// Metaclass call: type(name, bases, dict) or a user metaclass.
	if vm.IsSubclass(clsv, vm.Types[TType]) {
		if len(pos) == 3 {
			return vm.makeClassViaMeta(clsv, pos[0], pos[1], pos[2], a)
		}
		if clsv == vm.Types[TType] || len(pos) != 1 {
			return heap.Undef, vm.TypeError("type() takes 1 or 3 arguments")
		}
		return vm.TypeOf(pos[0]), nil
	}
	// __new__
	var obj Value
	newFn, userNew := vm.userNew(clsv)
	if userNew {
		r, err := vm.callNested(newFn, append([]Value{clsv}, args...), kwnames)
		if err != nil {
			return heap.Undef, err
		}
		obj = r
		if !vm.IsSubclass(vm.TypeOf(obj), clsv) {
			return obj, nil
		}
	} else {
		base := TypeID(c.Builtin)
		if c.Flags&ClassUser == 0 {
			// A builtin type itself.
			if ctor, ok := constructors[base]; ok {
				prevTail, prevRet, prevName := vm.tailOK, vm.tailRet, vm.tailName
				vm.tailOK, vm.tailRet, vm.tailName = true, ret, typeSpecName(base)
				r, err := ctor(vm, clsv, a)
				vm.tailOK, vm.tailRet, vm.tailName = prevTail, prevRet, prevName
				if err == nil && r.K == heap.KUndef {
					return heap.Undef, errFramePushed
				}
				return r, err
			}
			if base >= TBaseException {
				return vm.NewException(clsv, pos), nil
			}
			if base == TObject {
				if len(args) > 0 {
					return heap.Undef, vm.TypeError("object() takes no arguments")
				}
				return vm.H.Alloc(&heap.Instance{Class: clsv, Dict: heap.Undef, Prim: heap.Undef}), nil
			}
			return heap.Undef, vm.TypeError("cannot create '%s' instances", vm.ClassName(clsv))
		}
		if err := vm.checkAbstract(clsv); err != nil {
			return heap.Undef, err
		}
		inst := &heap.Instance{Class: clsv, Dict: heap.Undef, Prim: heap.Undef}
		if base == TObject {
			inst = heap.NewInstance(clsv, int(c.Attrs))
		}
		switch {
		case base >= TBaseException || base == TBaseException:
			inst.Exc = &heap.ExcData{Args: vm.NewTuple(append([]Value(nil), pos...)), Cause: heap.None, Context: heap.None}
		case base != TObject:
			if ctor, ok := constructors[base]; ok {
				// Immutable builtins take their value from the arguments
				// to __new__; mutable ones start empty and __init__ fills them.
				initArgs := a
				if base == TList || base == TDict || base == TSet || base == TByteArray {
					initArgs = Args{}
				}
				p, err := ctor(vm, vm.Types[base], initArgs)
				if err != nil {
					return heap.Undef, err
				}
				inst.Prim = vm.Prim(p)
			}
		}
		obj = vm.H.Alloc(inst)
	}
	// __init__
	initFn := vm.cachedClassLookup(clsv, vm.ctorName(nameInit))
	if initFn.K == heap.KUndef || vm.isBuiltinOf(initFn, TObject) {
		if !userNew && len(args) > 0 && vm.ClassOf(clsv).Builtin == int32(TObject) && vm.LookupClassStr(clsv, "__init__") == vm.LookupClassStr(vm.Types[TObject], "__init__") {
			return heap.Undef, vm.TypeError("%s() takes no arguments", vm.ClassName(clsv))
		}
		return obj, nil
	}
	if vm.isPyFunc(initFn) && ret != heap.RetNested {
		return vm.pushInit(obj, initFn, args, kwnames)
	}
	r, err := vm.callNested(vm.BindMethod(initFn, obj, clsv), args, kwnames)
	if err != nil {
		return heap.Undef, err
	}
	if r.K != heap.KNone {
		return heap.Undef, vm.TypeError("__init__() should return None, not '%s'", vm.TypeName(r))
	}
	return obj, nil
}

// plainInitKey is the name half of the cache key under which plainInit
// keeps its answer for a class: no interned string has this handle.
const plainInitKey = ^heap.Handle(0)

// plainInit returns the __init__ of the user class cls when
// instantiating it needs nothing but an instance and that Python
// function: object's __new__, no builtin base, no metaclass role, no
// abstract methods. Else Undef. The answer lives in the class lookup
// cache, which any class change or collection clears.
func (vm *VM) plainInit(cls Value, c *heap.Class) Value {
	k := cacheKey{cls.H(), plainInitKey}
	if v, ok := vm.cache[k]; ok {
		return v
	}
	v := heap.Undef
	if c.Flags&ClassUser != 0 && TypeID(c.Builtin) == TObject && !vm.IsSubclass(cls, vm.Types[TType]) {
		if _, userNew := vm.userNew(cls); !userNew && vm.checkAbstract(cls) == nil {
			if initFn := vm.cachedClassLookup(cls, vm.ctorName(nameInit)); vm.isPyFunc(initFn) {
				v = initFn
			}
		}
	}
	vm.cache[k] = v
	return v
}

// initStack is CALL's fast path for C(args...) of a class built the
// common way (type as metaclass, object's __new__, a Python __init__ that
// takes the arguments as they are, see plainInit), its arguments at
// f.Slots[lo:sp] and the call region starting at base: it makes the
// instance and pushes __init__'s frame on it straight from the caller's
// stack, with no argument copies, and releases the call region. Anything
// else, or a call that must check the limits, is left to opCall
// (handled=false, nothing changed).
func (vm *VM) initStack(f *heap.Frame, base, lo, sp int, clsv Value, c *heap.Class) bool {
	if c.Meta.K == heap.KRef {
		return false
	}
	initFn := vm.plainInit(clsv, c)
	if initFn.K != heap.KRef {
		return false
	}
	fn := vm.H.Get(initFn).(*heap.Function)
	co := fn.C
	if co == nil {
		co = vm.codeOf(fn)
	}
	if co.Simple == 0 {
		shapeOf(co)
	}
	if int(co.Simple) != sp-lo+2 {
		return false
	}
	// pushFrame's checks, as callSimple makes them.
	if vm.fastPushDeclined() {
		return false
	}
	vm.steps++
	obj := vm.H.Alloc(heap.NewInstance(clsv, int(c.Attrs)))
	nf := vm.allocFrame(int(co.NSlots))
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, co, initFn, fn.Globals
	nf.Locals, nf.Gen = heap.Undef, heap.Undef
	slots := nf.Slots
	slots[0] = obj
	for i, v := range f.Slots[lo:sp] {
		slots[i+1] = v
	}
	if len(fn.Closure) > 0 {
		copy(slots[co.NLocals:], fn.Closure)
	}
	nf.SP = co.NFixed
	nf.Ret = heap.RetInit
	nf.Aux[0] = obj
	vm.frames = append(vm.frames, nf)
	clearSlots(f.Slots, base, sp)
	f.SP = int32(base)
	return true
}

// pushInit pushes the frame of a Python __init__ (initFn) on the new
// instance obj; the frame's return delivers obj.
func (vm *VM) pushInit(obj, initFn Value, args []Value, kwnames []string) (Value, error) {
	// self and the arguments, on the Go stack when they fit.
	var buf [8]Value
	all := append(append(buf[:0], obj), args...)
	fn := vm.H.Get(initFn).(*heap.Function)
	var f *heap.Frame
	if co := vm.codeOf(fn); len(kwnames) == 0 && simpleCall(co.Code, len(all)) {
		f = vm.simpleFrame(initFn, fn, co, all)
	} else {
		var err error
		if f, err = vm.newFrame(initFn, fn, all, kwnames); err != nil {
			return heap.Undef, err
		}
	}
	f.Ret = heap.RetInit
	f.Aux[0] = obj
	if err := vm.pushFrame(f); err != nil {
		vm.releaseFrame(f)
		return heap.Undef, err
	}
	return heap.Undef, errFramePushed
}

func (vm *VM) isBuiltinNew(fn Value) bool {
	if fn.K != heap.KRef {
		return true
	}
	switch o := vm.H.Get(fn).(type) {
	case *heap.Builtin:
		return true
	case *heap.StaticMethod:
		_, ok := vm.H.Get(o.F).(*heap.Builtin)
		return ok
	}
	return false
}

// userNew returns the __new__ of cls when Python code defines it,
// unwrapped from its staticmethod; ok is false for a builtin __new__,
// which callers run directly.
func (vm *VM) userNew(cls Value) (fn Value, ok bool) {
	// Constructions repeat on few classes: the cache (cleared whenever a
	// class changes) saves the walk of the MRO.
	fn = vm.cachedClassLookup(cls, vm.ctorName(nameNew))
	if fn.K != heap.KRef || vm.isBuiltinNew(fn) {
		return heap.Undef, false
	}
	if sm, ok := vm.H.Get(fn).(*heap.StaticMethod); ok {
		fn = sm.F
	}
	return fn, true
}

// makeClassViaMeta runs meta(name, bases, ns): the metaclass's own
// __new__ and __init__ when it defines them, type's otherwise.
func (vm *VM) makeClassViaMeta(meta, name, bases, ns Value, a Args) (Value, error) {
	kw := Args{KwNames: a.KwNames, KwVals: a.KwVals}
	var cls Value
	var err error
	if newFn, ok := vm.userNew(meta); ok {
		if cls, err = vm.CallArgs(newFn, Args{Pos: []Value{meta, name, bases, ns}, KwNames: kw.KwNames, KwVals: kw.KwVals}); err != nil {
			return heap.Undef, err
		}
		if !vm.IsSubclass(vm.TypeOf(cls), meta) {
			return cls, nil
		}
	} else if cls, err = vm.newClass(meta, name, bases, ns, kw); err != nil {
		return heap.Undef, err
	}
	if initFn := vm.LookupClassStr(meta, "__init__"); initFn.K == heap.KRef && !vm.isBuiltinOf(initFn, TObject) && !vm.isBuiltinOf(initFn, TType) {
		if _, err := vm.CallArgs(vm.BindMethod(initFn, cls, meta), Args{Pos: []Value{name, bases, ns}, KwNames: kw.KwNames, KwVals: kw.KwVals}); err != nil {
			return heap.Undef, err
		}
	}
	return cls, nil
}

// metaSpecial finds a special method that a class object gets from a
// user-defined metaclass (len(Color), iter(Color) ...). Undef otherwise.
func (vm *VM) metaSpecial(v Value, name string) Value {
	if v.K != heap.KRef {
		return heap.Undef
	}
	c, ok := vm.H.Get(v).(*heap.Class)
	if !ok || c.Meta.K != heap.KRef {
		return heap.Undef
	}
	mc := vm.ClassOf(c.Meta)
	if mc == nil || mc.Flags&ClassUser == 0 {
		return heap.Undef
	}
	fn := vm.LookupClassStr(c.Meta, name)
	if fn.K == heap.KUndef || fn.K == heap.KNone || vm.isBuiltinOf(fn, TObject) || vm.isBuiltinOf(fn, TType) {
		return heap.Undef
	}
	return vm.BindMethod(fn, v, c.Meta)
}

// buildClass is __build_class__(body, name, *bases, metaclass=..., **kw).
func buildClass(vm *VM, _ Value, a Args) (Value, error) {
	if len(a.Pos) < 2 {
		return heap.Undef, vm.TypeError("__build_class__: not enough arguments")
	}
	body, name := a.Pos[0], a.Pos[1]
	bases, orig, err := vm.resolveMROEntries(a.Pos[2:])
	if err != nil {
		return heap.Undef, err
	}
	meta := heap.Undef
	var kwNames []string
	var kwVals []Value
	for i, k := range a.KwNames {
		if k == "metaclass" {
			meta = a.KwVals[i]
			continue
		}
		kwNames = append(kwNames, k)
		kwVals = append(kwVals, a.KwVals[i])
	}
	ns := vm.NewDict()
	if orig.K != heap.KUndef {
		vm.dictSetStr(ns, vm.Intern("__orig_bases__"), orig)
	}
	fn, ok := vm.refObj(body).(*heap.Function)
	if !ok {
		return heap.Undef, vm.TypeError("__build_class__: func must be a function")
	}
	if _, ok := vm.StrOf(name); !ok {
		return heap.Undef, vm.TypeError("__build_class__: name is not a string")
	}
	f, err := vm.newFrame(body, fn, nil, nil)
	if err != nil {
		return heap.Undef, err
	}
	f.Locals = ns
	f.Ret = heap.RetNested
	cell, err := vm.runFrameNested(f)
	if err != nil {
		return heap.Undef, err
	}
	if meta.K == heap.KUndef {
		meta = vm.Types[TType]
		for _, b := range bases {
			if bm := vm.TypeOf(b); bm != vm.Types[TType] && vm.IsSubclass(bm, vm.Types[TType]) {
				meta = bm
			}
		}
	}
	var cls Value
	if meta == vm.Types[TType] {
		cls, err = vm.newClass(meta, name, vm.NewTuple(bases), ns, Args{KwNames: kwNames, KwVals: kwVals})
	} else {
		cls, err = vm.CallArgs(meta, Args{Pos: []Value{name, vm.NewTuple(bases), ns}, KwNames: kwNames, KwVals: kwVals})
	}
	if err != nil {
		return heap.Undef, err
	}
	if cell.K == heap.KRef {
		if c, ok := vm.H.Get(cell).(*heap.Cell); ok {
			c.V = cls
			vm.H.Touch(cell)
		}
	}
	return cls, nil
}

// newClass creates a class from a namespace (type(name, bases, ns)).
//
// It is where every class is made, so it checks what type.__new__ is
// given as CPython does: any caller may pass Python's values unchecked.
func (vm *VM) newClass(meta, name, basesv, ns Value, a Args) (Value, error) {
	if _, ok := vm.refObj(meta).(*heap.Class); !ok {
		return heap.Undef, vm.TypeError("type.__new__(X): X is not a type object (%s)", vm.TypeName(meta))
	}
	if !vm.IsSubclass(meta, vm.Types[TType]) {
		return heap.Undef, vm.TypeError("type.__new__(%s): %s is not a subtype of type", vm.ClassName(meta), vm.ClassName(meta))
	}
	// CPython's argument errors name None as "None", not "NoneType".
	argType := func(v Value) string {
		if v.K == heap.KNone {
			return "None"
		}
		return vm.TypeName(v)
	}
	if _, ok := vm.StrOf(name); !ok {
		return heap.Undef, vm.TypeError("type.__new__() argument 1 must be str, not %s", argType(name))
	}
	if _, ok := vm.TupleOf(basesv); !ok {
		return heap.Undef, vm.TypeError("type.__new__() argument 2 must be tuple, not %s", argType(basesv))
	}
	if _, ok := vm.DictOf(ns); !ok {
		return heap.Undef, vm.TypeError("type.__new__() argument 3 must be dict, not %s", argType(ns))
	}
	bases := append([]Value(nil), vm.listItems(basesv)...)
	if len(bases) == 0 {
		bases = []Value{vm.Types[TObject]}
	}
	builtin := int32(TObject)
	for _, b := range bases {
		bc, ok := vm.H.Get(b).(*heap.Class)
		if !ok {
			return heap.Undef, vm.TypeError("bases must be types")
		}
		if bc.Flags&ClassNoSubclass != 0 {
			return heap.Undef, vm.TypeError("type '%s' is not an acceptable base type", vm.ClassName(b))
		}
		if bc.Builtin != int32(TObject) {
			if builtin != int32(TObject) && builtin != bc.Builtin && !(builtin >= int32(TBaseException) && bc.Builtin >= int32(TBaseException)) {
				return heap.Undef, vm.TypeError("multiple bases have instance lay-out conflict")
			}
			builtin = bc.Builtin
		}
	}
	nsd, _ := vm.DictOf(ns)
	dict := vm.NewDict()
	d := vm.H.Get(dict).(*heap.Dict)
	for _, e := range nsd.Entries {
		if e.Key.K == heap.KUndef {
			continue
		}
		if s, _ := vm.StrOf(e.Key); s == "__classcell__" {
			continue
		}
		d.Append(e.Key, e.Val, e.Hash)
	}
	// Defining __eq__ without __hash__ makes instances unhashable.
	{
		ke, kh := vm.Intern("__eq__"), vm.Intern("__hash__")
		if _, hasEq, _ := d.Get(ke, vm.StrHash(ke), vm.StrEq); hasEq {
			if _, hasHash, _ := d.Get(kh, vm.StrHash(kh), vm.StrEq); !hasHash {
				d.Append(kh, heap.None, vm.StrHash(kh))
			}
		}
	}
	qual := name
	k := vm.Intern("__qualname__")
	if q, ok, _ := d.Get(k, vm.StrHash(k), vm.StrEq); ok {
		if _, isStr := vm.StrOf(q); !isStr {
			return heap.Undef, vm.TypeError("type __qualname__ must be a str, not %s", vm.TypeName(q))
		}
		qual = q
		d.Delete(k, vm.StrHash(k), vm.StrEq)
	}
	c := &heap.Class{Name: name, Qualname: qual, Bases: bases, Dict: dict, Builtin: builtin, Flags: ClassUser, Meta: heap.Undef}
	if meta != vm.Types[TType] {
		c.Meta = meta
	}
	cv := vm.H.Alloc(c)
	mro, err := vm.computeMRO(cv, bases)
	if err != nil {
		return heap.Undef, err
	}
	c.MRO = mro
	vm.setDerivedClassFlags(c)
	// Functions become methods; __init_subclass__ and __class_getitem__
	// are implicit classmethods; __new__ an implicit staticmethod.
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		key, _ := vm.StrOf(e.Key) // a class dict may hold keys of any type
		switch key {
		case "__init_subclass__", "__class_getitem__":
			if _, ok := vm.H.Get(e.Val).(*heap.Function); ok {
				e.Val = vm.H.Alloc(&heap.ClassMethod{F: e.Val})
			}
		case "__new__":
			if _, ok := vm.H.Get(e.Val).(*heap.Function); ok {
				e.Val = vm.H.Alloc(&heap.StaticMethod{F: e.Val})
			}
		}
	}
	vm.invalidateCaches()
	// __set_name__ on descriptors.
	for _, e := range append([]heap.DictEntry(nil), d.Entries...) {
		if e.Key.K == heap.KUndef || e.Val.K != heap.KRef {
			continue
		}
		if inst, ok := vm.H.Get(e.Val).(*heap.Instance); ok {
			if sn := vm.LookupClassStr(inst.Class, "__set_name__"); sn.K != heap.KUndef {
				if _, err := vm.Call(vm.BindMethod(sn, e.Val, inst.Class), cv, e.Key); err != nil {
					return heap.Undef, err
				}
			}
		}
	}
	// __init_subclass__ of the parent.
	if len(mro) > 1 {
		for _, m := range mro[1:] {
			mc := vm.ClassOf(m)
			md := vm.H.Get(mc.Dict).(*heap.Dict)
			k := vm.Intern("__init_subclass__")
			if isc, ok, _ := md.Get(k, vm.StrHash(k), vm.StrEq); ok {
				if cm, ok := vm.H.Get(isc).(*heap.ClassMethod); ok {
					if _, err := vm.CallArgs(vm.BindMethod(cm.F, cv, cv), Args{KwNames: a.KwNames, KwVals: a.KwVals}); err != nil {
						return heap.Undef, err
					}
				}
				break
			}
		}
	} else if len(a.KwNames) > 0 {
		return heap.Undef, vm.TypeError("%s.__init_subclass__() takes no keyword arguments", vm.ClassName(cv))
	}
	return cv, nil
}

// computeMRO is the C3 linearisation.
func (vm *VM) computeMRO(cls Value, bases []Value) ([]Value, error) {
	var seqs [][]Value
	for _, b := range bases {
		seqs = append(seqs, append([]Value(nil), vm.ClassOf(b).MRO...))
	}
	seqs = append(seqs, append([]Value(nil), bases...))
	out := []Value{cls}
	for {
		empty := true
		for _, s := range seqs {
			if len(s) > 0 {
				empty = false
			}
		}
		if empty {
			return out, nil
		}
		var cand Value
		found := false
		for _, s := range seqs {
			if len(s) == 0 {
				continue
			}
			cand = s[0]
			inTail := false
			for _, t := range seqs {
				for _, x := range t[min(1, len(t)):] {
					if x == cand {
						inTail = true
					}
				}
			}
			if !inTail {
				found = true
				break
			}
		}
		if !found {
			names := ""
			for i, b := range bases {
				if i > 0 {
					names += ", "
				}
				names += vm.ClassName(b)
			}
			return nil, vm.TypeError("Cannot create a consistent method resolution\norder (MRO) for bases %s", names)
		}
		out = append(out, cand)
		for i, s := range seqs {
			if len(s) > 0 && s[0] == cand {
				seqs[i] = s[1:]
			}
		}
	}
}

// checkAbstract refuses to instantiate a class that still has abstract
// methods (abc.ABCMeta records them in __abstractmethods__).
func (vm *VM) checkAbstract(cls Value) error {
	abs := vm.cachedClassLookup(cls, vm.ctorName(nameAbstract))
	if abs.K != heap.KRef {
		return nil
	}
	names, err := vm.Unpack(abs)
	if err != nil || len(names) == 0 {
		return nil
	}
	strs := make([]string, 0, len(names))
	for _, n := range names {
		if s, ok := vm.StrOf(n); ok {
			strs = append(strs, s)
		}
	}
	sort.Strings(strs)
	return vm.TypeError("Can't instantiate abstract class %s with abstract method%s %s", vm.ClassName(cls), plural(len(strs), "", "s"), strings.Join(strs, ", "))
}

// Derived class flags, kept in high bits clear of the flags in types.go.
const (
	// ClassSlotted: every user class in the MRO declares __slots__
	// (without "__dict__"), so instances take only the named attributes.
	ClassSlotted uint32 = 1 << 20
	// ClassGetattribute: the class overrides __getattribute__.
	ClassGetattribute uint32 = 1 << 21
)

// setDerivedClassFlags computes ClassSlotted and ClassGetattribute for a
// user class whose MRO is set.
func (vm *VM) setDerivedClassFlags(c *heap.Class) {
	c.Flags &^= ClassSlotted | ClassGetattribute
	if len(c.MRO) == 0 {
		return
	}
	slotted := true
	for _, m := range c.MRO {
		mc := vm.ClassOf(m)
		if mc == nil || mc.Flags&ClassUser == 0 {
			continue
		}
		names, ok := vm.classSlots(mc)
		if !ok {
			slotted = false
			break
		}
		for _, n := range names {
			if n == "__dict__" {
				slotted = false
			}
		}
	}
	if slotted {
		c.Flags |= ClassSlotted
	}
	if fn := vm.LookupClassStr(c.MRO[0], "__getattribute__"); fn.K != heap.KUndef && !vm.isBuiltinOf(fn, TObject) {
		c.Flags |= ClassGetattribute
	}
}

// classSlots returns the names a class's own __slots__ declares; ok is
// false when it declares none.
func (vm *VM) classSlots(c *heap.Class) ([]string, bool) {
	d := vm.H.Get(c.Dict).(*heap.Dict)
	k := vm.Intern("__slots__")
	sv, ok, _ := d.Get(k, vm.StrHash(k), vm.StrEq)
	if !ok {
		return nil, false
	}
	if s, isStr := vm.StrOf(sv); isStr {
		return []string{s}, true
	}
	var names []string
	if sv.K == heap.KRef {
		switch o := vm.H.Get(sv).(type) {
		case *heap.Tuple:
			for _, x := range o.Items {
				if s, ok := vm.StrOf(x); ok {
					names = append(names, s)
				}
			}
		case *heap.List:
			for _, x := range o.Items {
				if s, ok := vm.StrOf(x); ok {
					names = append(names, s)
				}
			}
		case *heap.Dict:
			for _, e := range o.Entries {
				if s, ok := vm.StrOf(e.Key); ok && e.Key.K != heap.KUndef {
					names = append(names, s)
				}
			}
		}
	}
	return names, true
}

// slotAllowed reports whether an instance of the slotted class cls may
// take attribute name.
func (vm *VM) slotAllowed(cls Value, name string) bool {
	for _, m := range vm.ClassOf(cls).MRO {
		mc := vm.ClassOf(m)
		if mc == nil || mc.Flags&ClassUser == 0 {
			continue
		}
		names, _ := vm.classSlots(mc)
		for _, n := range names {
			if n == name {
				return true
			}
		}
	}
	return false
}

// resolveMROEntries replaces the bases of a class statement that are not
// classes by what their __mro_entries__ returns (list[int] -> list), as
// PEP 560 says; orig is the original bases when any changed, else Undef.
func (vm *VM) resolveMROEntries(given []Value) (bases []Value, orig Value, err error) {
	bases = make([]Value, 0, len(given))
	changed := false
	for _, b := range given {
		if b.K == heap.KRef {
			if _, isClass := vm.H.Get(b).(*heap.Class); !isClass {
				if me := vm.LookupSpecial(b, "__mro_entries__"); me.K != heap.KUndef {
					r, err := vm.Call(vm.BindMethod(me, b, vm.TypeOf(b)), vm.NewTuple(given))
					if err != nil {
						return nil, heap.Undef, err
					}
					items, ok := vm.TupleOf(r)
					if !ok {
						return nil, heap.Undef, vm.TypeError("__mro_entries__ must return a tuple")
					}
					bases = append(bases, items.Items...)
					changed = true
					continue
				}
			}
		}
		bases = append(bases, b)
	}
	if changed {
		return bases, vm.NewTuple(append([]Value(nil), given...)), nil
	}
	return bases, heap.Undef, nil
}
