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

// attrArgs binds the arguments of getattr, setattr, delattr and hasattr:
// the object into obj, the attribute name (which must be a str) as the
// result, and for getattr and setattr the third argument into extra.
func (vm *VM) attrArgs(fname string, a Args, required int, obj, extra *Value) (string, error) {
	var attr Value
	dst := []*Value{obj, &attr, extra}
	if extra == nil {
		dst = dst[:2]
	}
	if err := vm.UnpackArgs(fname, a, nil, required, dst...); err != nil {
		return "", err
	}
	if name, ok := vm.StrOf(attr); ok {
		return name, nil
	}
	return "", vm.TypeError("attribute name must be string, not '%s'", vm.TypeName(attr))
}

// iterators returns an iterator of each of vs.
func (vm *VM) iterators(vs []Value) ([]Value, error) {
	its := make([]Value, 0, len(vs))
	for _, v := range vs {
		it, err := vm.GetIter(v)
		if err != nil {
			return nil, err
		}
		its = append(its, it)
	}
	return its, nil
}

// frameFreeIterable reports whether v is a builtin iterable whose
// iterator is a builtin one that runs no Python code (not a generator).
func (vm *VM) frameFreeIterable(v Value) bool {
	if v.K != heap.KRef {
		return false
	}
	switch vm.H.Get(v).(type) {
	case *heap.List, *heap.Tuple, *heap.Str, *heap.Bytes, *heap.Range, *heap.Dict, *heap.DictView, *heap.Set:
		return true
	case *heap.Iter:
		return !vm.needsFrames(v)
	}
	return false
}

// plainIters returns the iterators of vs when each is a builtin iterable
// or a generator (iter() of which is native and has no side effects), so
// that a Python twin may step them with for loops; ok=false otherwise.
func (vm *VM) plainIters(vs []Value) ([]Value, bool) {
	for _, v := range vs {
		if v.K != heap.KRef {
			return nil, false
		}
		switch o := vm.H.Get(v).(type) {
		case *heap.Instance:
			return nil, false
		case *heap.Generator:
			if o.Kind != heap.GenGenerator {
				return nil, false
			}
		case *heap.Iter:
			if vm.needsFrames(v) {
				return nil, false
			}
		}
	}
	its := make([]Value, len(vs))
	for i, v := range vs {
		it, ok := vm.nativeIter(v)
		if !ok {
			return nil, false
		}
		its[i] = it
	}
	return its, true
}

// runFrameNested pushes the frame f and runs it to its return in a
// nested loop.
func (vm *VM) runFrameNested(f *heap.Frame) (Value, error) {
	depth := len(vm.frames)
	if err := vm.pushFrame(f); err != nil {
		return heap.Undef, err
	}
	vm.nested++
	vm.safeAllocs = 0 // Python code may drop what the operation holds (see openSafe)
	r, err := vm.run(depth)
	vm.nested--
	return r, err
}

// strBuiltin is a builtin of one argument whose result is the str f makes
// of it (repr, ascii).
func strBuiltin(name string, f func(vm *VM, v Value) (string, error)) BuiltinFn {
	return func(vm *VM, _ Value, a Args) (Value, error) {
		var obj Value
		if err := vm.UnpackArgs(name, a, nil, 1, &obj); err != nil {
			return heap.Undef, err
		}
		s, err := f(vm, obj)
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewStr(s), nil
	}
}

func init() {
	RegisterBuiltinFunc("__build_class__", buildClass)
	RegisterBuiltinFunc("print", builtinPrint)
	RegisterBuiltinFunc("len", func(vm *VM, _ Value, a Args) (Value, error) {
		var obj Value
		if err := vm.UnpackArgs("len", a, nil, 1, &obj); err != nil {
			return heap.Undef, err
		}
		n, err := vm.Len(obj)
		return heap.Int(int64(n)), err
	})
	RegisterBuiltinFunc("repr", strBuiltin("repr", (*VM).Repr))
	RegisterBuiltinFunc("isinstance", func(vm *VM, _ Value, a Args) (Value, error) {
		var obj, classinfo Value
		if err := vm.UnpackArgs("isinstance", a, nil, 2, &obj, &classinfo); err != nil {
			return heap.Undef, err
		}
		r, err := vm.isinstance(obj, classinfo)
		return heap.Bool(r), err
	})
	RegisterBuiltinFunc("issubclass", func(vm *VM, _ Value, a Args) (Value, error) {
		var cls, classinfo Value
		if err := vm.UnpackArgs("issubclass", a, nil, 2, &cls, &classinfo); err != nil {
			return heap.Undef, err
		}
		if _, ok := vm.H.Get(cls).(*heap.Class); !ok || cls.K != heap.KRef {
			return heap.Undef, vm.TypeError("issubclass() arg 1 must be a class")
		}
		r, err := vm.issubclass(cls, classinfo)
		return heap.Bool(r), err
	})
	RegisterBuiltinFunc("getattr", func(vm *VM, _ Value, a Args) (Value, error) {
		var obj, dflt Value
		name, err := vm.attrArgs("getattr", a, 2, &obj, &dflt)
		if err != nil {
			return heap.Undef, err
		}
		v, err := vm.GetAttr(obj, name)
		if err != nil && dflt.K != heap.KUndef && vm.ErrIs(err, TAttributeError) {
			return dflt, nil
		}
		return v, err
	})
	RegisterBuiltinFunc("setattr", func(vm *VM, _ Value, a Args) (Value, error) {
		var obj, value Value
		name, err := vm.attrArgs("setattr", a, 3, &obj, &value)
		if err != nil {
			return heap.Undef, err
		}
		return heap.None, vm.SetAttr(obj, name, value)
	})
	RegisterBuiltinFunc("delattr", func(vm *VM, _ Value, a Args) (Value, error) {
		var obj Value
		name, err := vm.attrArgs("delattr", a, 2, &obj, nil)
		if err != nil {
			return heap.Undef, err
		}
		return heap.None, vm.DelAttr(obj, vm.Intern(name))
	})
	RegisterBuiltinFunc("hasattr", func(vm *VM, _ Value, a Args) (Value, error) {
		var obj Value
		name, err := vm.attrArgs("hasattr", a, 2, &obj, nil)
		if err != nil {
			return heap.Undef, err
		}
		if _, err := vm.GetAttr(obj, name); err != nil {
			if vm.ErrIs(err, TAttributeError) {
				return heap.False, nil
			}
			return heap.Undef, err
		}
		return heap.True, nil
	})
	RegisterBuiltinFunc("callable", func(vm *VM, _ Value, a Args) (Value, error) {
		var obj Value
		if err := vm.UnpackArgs("callable", a, nil, 1, &obj); err != nil {
			return heap.Undef, err
		}
		return heap.Bool(vm.isCallable(obj)), nil
	})
	RegisterBuiltinFunc("id", func(vm *VM, _ Value, a Args) (Value, error) {
		v := a.Pos[0]
		if v.K == heap.KRef {
			return heap.Int(int64(0x7f0000000000 + v.N*0x30)), nil
		}
		return heap.Int(int64(0x600000000000 + uint64(v.K)<<40 + v.N%(1<<40))), nil
	})
	RegisterBuiltinFunc("hash", func(vm *VM, _ Value, a Args) (Value, error) {
		var obj Value
		if err := vm.UnpackArgs("hash", a, nil, 1, &obj); err != nil {
			return heap.Undef, err
		}
		h, err := vm.Hash(obj)
		return heap.Int(h), err
	})
	RegisterBuiltinFunc("iter", func(vm *VM, _ Value, a Args) (Value, error) {
		var obj, sentinel Value
		if err := vm.UnpackArgs("iter", a, nil, 1, &obj, &sentinel); err != nil {
			return heap.Undef, err
		}
		if sentinel.K != heap.KUndef {
			return vm.H.Alloc(&heap.Iter{Kind: heap.IterCallable, Seq: obj, Vals: []Value{sentinel}}), nil
		}
		return vm.GetIter(obj)
	})
	RegisterBuiltinFunc("next", builtinNext)
	RegisterBuiltinFunc("enumerate", func(vm *VM, _ Value, a Args) (Value, error) {
		var iterable, startArg Value
		if err := vm.UnpackArgs("enumerate", a, []string{"iterable", "start"}, 1, &iterable, &startArg); err != nil {
			return heap.Undef, err
		}
		// A generator is wrapped natively: FOR_ITER resumes it in place
		// (see wrapForIter).
		if vm.needsFrames(iterable) && !vm.plainGen(iterable) || vm.enumerateBigStart(startArg) {
			st := startArg
			if st.K == heap.KUndef {
				st = heap.Int(0)
			}
			if r, ok, err := vm.tailPy("enumerate", "enumerate_", iterable, st); ok {
				return r, err
			}
		}
		it, err := vm.GetIter(iterable)
		if err != nil {
			return heap.Undef, err
		}
		start := int64(0)
		if startArg.K != heap.KUndef {
			s, ok := vm.IndexOf(startArg)
			if !ok {
				return heap.Undef, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(startArg))
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
		if vm.anyNeedsFrames(a.Pos...) && !(z.Step == 0 && len(a.Pos) == 2 && vm.wrapZipOK(a.Pos[0], a.Pos[1])) {
			if z.Step == 0 && len(a.Pos) > 0 && vm.tailOK && vm.tailName == "zip" {
				if its, ok := vm.plainIters(a.Pos); ok {
					if r, ok, err := vm.tailPy("zip", "zip_plain", its...); ok {
						return r, err
					}
				}
			}
			if r, ok, err := vm.tailPy("zip", "zip_", vm.NewTuple(append([]Value(nil), a.Pos...)), heap.Bool(z.Step == 1)); ok {
				return r, err
			}
		}
		// An iterator per argument, and its slot: zip(*many) makes many.
		if err := vm.reserveMul(iterBytes+16, int64(len(a.Pos))); err != nil {
			return heap.Undef, err
		}
		its, err := vm.iterators(a.Pos)
		if err != nil {
			// CPython 3.11 passes iter()'s own TypeError through.
			return heap.Undef, err
		}
		z.Vals = append(z.Vals, its...)
		return vm.H.Alloc(z), nil
	})
	RegisterBuiltinFunc("map", func(vm *VM, _ Value, a Args) (Value, error) {
		if len(a.Pos) < 2 {
			return heap.Undef, vm.TypeError("map() must have at least two arguments.")
		}
		if len(a.Pos) == 2 && vm.isPyFunc(a.Pos[0]) && vm.frameFreeIterable(a.Pos[1]) {
			// A Python function over a builtin iterable stays a native map:
			// FOR_ITER and next() call the function in a frame of its own
			// (see mapNextFrame), with no generator in between.
			it, ok := vm.nativeIter(a.Pos[1])
			if ok {
				return vm.H.Alloc(&heap.Iter{Kind: heap.IterMap, Seq: a.Pos[0], Vals: []Value{it}}), nil
			}
		}
		if len(a.Pos) == 2 && vm.plainGen(a.Pos[1]) && (vm.isPyFunc(a.Pos[0]) || !vm.needsFrames(a.Pos[0])) {
			// Over a generator, FOR_ITER resumes it in place and calls
			// the function on each value (see wrapForIter).
			return vm.H.Alloc(&heap.Iter{Kind: heap.IterMap, Seq: a.Pos[0], Vals: []Value{a.Pos[1]}}), nil
		}
		if vm.anyNeedsFrames(a.Pos...) {
			if r, ok, err := vm.tailPy("map", "map_", a.Pos[0], vm.NewTuple(append([]Value(nil), a.Pos[1:]...))); ok {
				return r, err
			}
		}
		m := &heap.Iter{Kind: heap.IterMap, Seq: a.Pos[0]}
		its, err := vm.iterators(a.Pos[1:])
		if err != nil {
			return heap.Undef, err
		}
		m.Vals = append(m.Vals, its...)
		return vm.H.Alloc(m), nil
	})
	RegisterBuiltinFunc("filter", func(vm *VM, _ Value, a Args) (Value, error) {
		if err := vm.ArgCount("filter", a, 2, 2); err != nil {
			return heap.Undef, err
		}
		if vm.isPyFunc(a.Pos[0]) && vm.frameFreeIterable(a.Pos[1]) {
			// A Python predicate over a builtin iterable stays a native
			// filter: FOR_ITER calls it in a frame of its own (see
			// filterNextFrame), with no generator in between.
			if it, ok := vm.nativeIter(a.Pos[1]); ok {
				return vm.H.Alloc(&heap.Iter{Kind: heap.IterFilter, Seq: a.Pos[0], Vals: []Value{it}}), nil
			}
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
		var seq Value
		if err := vm.UnpackArgs("reversed", a, nil, 1, &seq); err != nil {
			return heap.Undef, err
		}
		v := seq
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
		if r, ok, err := vm.tailFS("open", "open", a); ok {
			return r, err
		}
		return heap.Undef, vm.Errorf(TRuntimeError, "open() cannot be called here: it was reached from inside a builtin that cannot pause")
	})
	RegisterBuiltinFunc("input", func(vm *VM, _ Value, a Args) (Value, error) {
		return heap.Undef, vm.Errorf(TEOFError, "EOF when reading a line")
	})
}

func builtinPrint(vm *VM, _ Value, a Args) (Value, error) {
	sep, end := " ", "\n"
	stream := "stdout"
	file := heap.None
	fileGiven := false
	for i, k := range a.KwNames {
		v := a.KwVals[i]
		switch k {
		case "sep", "end":
			dst := &sep
			if k == "end" {
				dst = &end
			}
			if v.K != heap.KNone {
				s, ok := vm.StrOf(v)
				if !ok {
					return heap.Undef, vm.TypeError("%s must be None or a string, not %s", k, vm.TypeName(v))
				}
				*dst = s
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
	if file.K == heap.KNone && !fileGiven {
		// Programs redirect print by replacing sys.stdout (looked up
		// first, as CPython does).
		file = vm.sysStdout()
	}
	if file.K != heap.KNone {
		return heap.None, vm.printTo(file, a.Pos, sep, end)
	}
	// The line is built within the limits: its copy is accounted as it
	// grows, and a line bound for the host's streams stops at the output
	// limit before it is built.
	var b strings.Builder
	add := func(s string) error {
		if file.K == heap.KNone && vm.Limits.MaxOutput > 0 && vm.OutputBytes+int64(b.Len()+len(s)) > vm.Limits.MaxOutput {
			return errOutputLimit()
		}
		return vm.writeText(&b, s)
	}
	for i, v := range a.Pos {
		if i > 0 {
			if err := add(sep); err != nil {
				return heap.Undef, err
			}
		}
		s, err := vm.StrString(v)
		if err != nil {
			return heap.Undef, err
		}
		if err := add(s); err != nil {
			return heap.Undef, err
		}
	}
	if err := add(end); err != nil {
		return heap.Undef, err
	}
	return heap.None, vm.write(stream, b.String())
}

// printTo is print() to a file object of the program's: as CPython does,
// each argument's str, each separator and the end are written by a call
// of file.write of their own, in order (an argument's str runs after the
// writes before it).
func (vm *VM) printTo(file Value, args []Value, sep, end string) error {
	write := func(s Value) error {
		_, err := vm.CallMethod(file, "write", s)
		return err
	}
	var sepv Value
	for i, v := range args {
		if i > 0 {
			if sepv.K == heap.KUndef {
				sepv = vm.NewStr(sep)
			}
			if err := write(sepv); err != nil {
				return err
			}
		}
		sv := v
		if !vm.IsExactStr(v) {
			s, err := vm.StrString(v)
			if err != nil {
				return err
			}
			sv = vm.NewStr(s)
		}
		if err := write(sv); err != nil {
			return err
		}
	}
	return write(vm.NewStr(end))
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
		return errOutputLimit()
	}
	if vm.Output != nil {
		vm.Output(stream, s)
	}
	return nil
}

// errOutputLimit is the error that ends a run past its output limit.
func errOutputLimit() error { return &Fatal{Kind: "output", Msg: "output limit exceeded"} }

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
		if r, ok, err := vm.userDir(v); ok || err != nil {
			return r, err
		}
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
	if len(a.Pos) > 0 {
		if _, isMod := vm.refObj(a.Pos[0]).(*heap.Module); !isMod {
			names = vm.implicitDirNames(a.Pos[0], names, seen)
		}
	}
	return vm.sortedNames(names), nil
}

// int | str and friends: types.UnionType, written in Python.

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
	var source, globalsArg, localsArg Value
	if err := vm.UnpackArgs(mode, a, []string{"source", "globals", "locals"}, 1, &source, &globalsArg, &localsArg); err != nil {
		return heap.Undef, err
	}
	codeObj, isCode := vm.refObj(source).(*heap.CodeObj)
	src, ok := vm.strOrBytes(source)
	if !ok && !isCode {
		b, isBuf, err := vm.bufferOf(source)
		if err != nil {
			return heap.Undef, err
		}
		src, ok = string(b), isBuf
	}
	if !ok && !isCode {
		return heap.Undef, vm.TypeError("%s() arg 1 must be a string, bytes or code object", mode)
	}
	globals, locals := orNone(globalsArg), orNone(localsArg)
	if locals.K != heap.KNone && !vm.isMappingLike(locals) {
		if mode == "exec" {
			return heap.Undef, vm.TypeError("locals must be a mapping or None, not %s", vm.TypeName(locals))
		}
		return heap.Undef, vm.TypeError("locals must be a mapping")
	}
	if globals.K == heap.KNone {
		globals = vm.frames[len(vm.frames)-1].Globals
		if locals.K == heap.KNone {
			locals = vm.currentLocals()
		}
	} else if _, ok := vm.H.Get(globals).(*heap.Dict); !ok || globals.K != heap.KRef {
		switch {
		case mode == "exec":
			return heap.Undef, vm.TypeError("exec() globals must be a dict, not %s", vm.TypeName(globals))
		case vm.isMappingLike(globals):
			return heap.Undef, vm.TypeError("globals must be a real dict; try eval(expr, {}, mapping)")
		}
		return heap.Undef, vm.TypeError("globals must be a dict")
	}
	if locals.K == heap.KNone {
		locals = globals
	}
	if isCode {
		return vm.runCode(mode, source, codeObj, globals, locals)
	}
	if mode == "eval" {
		src = strings.TrimLeft(src, " \t")
	}
	// Tokens and syntax trees take many times the source's size.
	if err := vm.reserveMul(CompileBytesPerSourceByte, int64(len(src))); err != nil {
		return heap.Undef, err
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
	r, err := vm.runFrameNested(f)
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
