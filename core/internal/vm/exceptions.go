package vm

import (
	"fmt"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// reraise raises exc again without recording a new traceback entry.
// Raise returns the error that raises the exception instance exc.
func (vm *VM) Raise(exc Value) *Exception { return &Exception{Value: exc, vm: vm} }

func (vm *VM) reraise(f *heap.Frame, exc Value) error {
	return &Exception{Value: exc, vm: vm, reraised: true}
}

// instantiateExc turns a raise operand into an exception instance.
func (vm *VM) instantiateExc(v Value) (Value, error) {
	if v.K == heap.KRef {
		switch o := vm.H.Get(v).(type) {
		case *heap.Class:
			if vm.IsSubclass(v, vm.Types[TBaseException]) {
				r, err := vm.Call(v)
				if err != nil {
					return heap.Undef, err
				}
				if !vm.isExcInstance(r) {
					// A __new__ of the class's own made something else.
					break
				}
				return r, nil
			}
		case *heap.Instance:
			if o.Exc != nil {
				return v, nil
			}
		}
	}
	return heap.Undef, vm.TypeError("exceptions must derive from BaseException")
}

// isExcInstance reports whether v is an exception instance.
func (vm *VM) isExcInstance(v Value) bool {
	o, ok := vm.refObj(v).(*heap.Instance)
	return ok && o.Exc != nil
}

// throwArgs turns the arguments of generator.throw / athrow (type[, value[,
// traceback]]) into an exception instance, as CPython normalizes them: a
// class with an instance of itself as the value throws that instance, with
// a tuple its items are the arguments, with another value that value is the
// one argument; an instance takes no separate value.
func (vm *VM) throwArgs(a Args) (Value, error) {
	if len(a.Pos) > 3 {
		return heap.Undef, vm.TypeError("throw expected at most 3 arguments, got %d", len(a.Pos))
	}
	exc := a.Pos[0]
	val := heap.None
	if len(a.Pos) > 1 {
		val = a.Pos[1]
	}
	if len(a.Pos) > 2 && a.Pos[2].K != heap.KNone {
		// The traceback is not attached: the exception gets its own.
		if tbCls, _, err := vm.tracebackClasses(); err != nil || !vm.IsSubclass(vm.TypeOf(a.Pos[2]), tbCls) {
			return heap.Undef, vm.TypeError("throw() third argument must be a traceback object")
		}
	}
	if exc.K == heap.KRef {
		switch o := vm.H.Get(exc).(type) {
		case *heap.Class:
			if !vm.IsSubclass(exc, vm.Types[TBaseException]) {
				break
			}
			var args []Value
			switch {
			case val.K == heap.KNone:
			case vm.IsSubclass(vm.TypeOf(val), exc):
				return val, nil
			default:
				args = []Value{val}
				if t, ok := vm.H.Get(val).(*heap.Tuple); ok && val.K == heap.KRef && vm.TypeOf(val) == vm.Types[TTuple] {
					args = t.Items
				}
			}
			r, err := vm.Call(exc, args...)
			if err == nil && !vm.isExcInstance(r) {
				return heap.Undef, vm.TypeError("calling <class '%s'> should have returned an instance of BaseException, not %s", vm.classFullName(exc), vm.TypeName(r))
			}
			return r, err
		case *heap.Instance:
			if o.Exc == nil {
				break
			}
			if val.K != heap.KNone {
				return heap.Undef, vm.TypeError("instance exception may not have a separate value")
			}
			return exc, nil
		}
	}
	return heap.Undef, vm.TypeError("exceptions must be classes or instances deriving from BaseException, not %s", vm.TypeName(exc))
}

// opRaise is RAISE_VARARGS.
func (vm *VM) opRaise(f *heap.Frame, argc int) error {
	switch argc {
	case 0:
		if vm.handled.K == heap.KUndef || vm.handled.K == heap.KNone {
			return vm.Errorf(TRuntimeError, "No active exception to reraise")
		}
		return &Exception{Value: vm.handled, vm: vm, reraised: true}
	case 1:
		exc, err := vm.instantiateExc(pop(f))
		if err != nil {
			return err
		}
		return &Exception{Value: exc, vm: vm}
	}
	cause := pop(f)
	exc, err := vm.instantiateExc(pop(f))
	if err != nil {
		return err
	}
	ed := vm.ExcOf(exc)
	if cause.K == heap.KNone {
		ed.Cause = heap.None
	} else {
		c, err := vm.instantiateExc(cause)
		if err != nil {
			return vm.TypeError("exception causes must derive from BaseException")
		}
		ed.Cause = c
	}
	ed.SuppressContext = true
	vm.H.Touch(exc)
	return &Exception{Value: exc, vm: vm}
}

// excMatches is the test of an except clause.
func (vm *VM) excMatches(exc, typ Value) (bool, error) {
	cls := vm.TypeOf(exc)
	if items := vm.listItems(typ); vm.isListOrTuple(typ) {
		for _, t := range items {
			ok, err := vm.excMatches(exc, t)
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	}
	if typ.K == heap.KRef {
		if _, ok := vm.H.Get(typ).(*heap.Class); ok && vm.IsSubclass(typ, vm.Types[TBaseException]) {
			return vm.IsSubclass(cls, typ), nil
		}
	}
	return false, vm.TypeError("catching classes that do not inherit from BaseException is not allowed")
}

// noteRaise records the raising frame and the implicit context of a new
// exception as it starts to unwind.
func (vm *VM) noteRaise(e *Exception, f *heap.Frame) {
	if e.reraised {
		return
	}
	ed := vm.ExcOf(e.Value)
	if ed == nil {
		return
	}
	if h := vm.handled; h.K == heap.KRef && h != e.Value && ed.Context.K == heap.KNone {
		// Avoid creating a cycle in the context chain.
		cycle := false
		for c := h; c.K == heap.KRef; {
			if c == e.Value {
				cycle = true
				break
			}
			cd := vm.ExcOf(c)
			if cd == nil {
				break
			}
			c = cd.Context
		}
		if !cycle {
			ed.Context = h
		}
	}
	vm.addTraceback(e.Value, f)
}

// callStrDunder calls fn, a bound __str__ or __repr__ (dunder names it),
// whose result must be a str.
func (vm *VM) callStrDunder(fn Value, dunder string) (string, error) {
	r, err := vm.Call(fn)
	if err != nil {
		return "", err
	}
	s, ok := vm.StrOf(r)
	if !ok {
		return "", vm.TypeError("%s returned non-string (type %s)", dunder, vm.TypeName(r))
	}
	return s, nil
}

// StrString is str(v).
func (vm *VM) StrString(v Value) (string, error) {
	if v.K == heap.KRef {
		if err := vm.enterC(" while getting the str of an object"); err != nil {
			return "", err
		}
		defer vm.leaveC()
		switch o := vm.H.Get(v).(type) {
		case *heap.Str:
			return o.S, nil
		case *heap.Instance:
			if fn := vm.LookupSpecial(v, "__str__"); fn.K != heap.KUndef {
				return vm.callStrDunder(vm.BindMethod(fn, v, o.Class), "__str__")
			}
			if o.Exc != nil {
				return vm.excStr(v, o)
			}
			if vm.LookupSpecial(v, "__repr__").K == heap.KUndef && o.Prim.K != heap.KUndef {
				return vm.StrString(o.Prim)
			}
		}
	}
	return vm.Repr(v)
}

func (vm *VM) excStr(v Value, o *heap.Instance) (string, error) {
	args := vm.listItems(o.Exc.Args)
	switch len(args) {
	case 0:
		return "", nil
	case 1:
		if vm.IsSubclass(o.Class, vm.Types[TKeyError]) {
			return vm.Repr(args[0])
		}
		return vm.StrString(args[0])
	}
	if len(args) == 2 && vm.IsSubclass(o.Class, vm.Types[TBaseExceptionGroup]) {
		msg, err := vm.StrString(args[0])
		if err != nil {
			return "", err
		}
		n, err := vm.Len(args[1])
		if err != nil {
			return "", err
		}
		if n == 1 {
			return msg + " (1 sub-exception)", nil
		}
		return fmt.Sprintf("%s (%d sub-exceptions)", msg, n), nil
	}
	if len(args) <= 5 && vm.IsSubclass(o.Class, vm.Types[TOSError]) {
		// OSError(errno, strerror[, filename[, winerror[, filename2]]])
		switch {
		case len(args) == 5 && args[2].K != heap.KNone && args[4].K != heap.KNone:
			return vm.strReprf("[Errno %S] %S: %R -> %R", args[0], args[1], args[2], args[4])
		case len(args) >= 3 && args[2].K != heap.KNone:
			return vm.strReprf("[Errno %S] %S: %R", args[0], args[1], args[2])
		}
		return vm.strReprf("[Errno %S] %S", args[0], args[1])
	}
	return vm.Repr(o.Exc.Args)
}

// strReprf formats like CPython's PyUnicode_FromFormat restricted to %S
// (str() of the next value) and %R (its repr()).
func (vm *VM) strReprf(format string, vals ...Value) (string, error) {
	var b strings.Builder
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 || i+1 == len(format) {
			b.WriteString(format)
			return b.String(), nil
		}
		b.WriteString(format[:i])
		conv := vm.StrString
		if format[i+1] == 'R' {
			conv = vm.Repr
		}
		s, err := conv(vals[0])
		if err != nil {
			return "", err
		}
		b.WriteString(s)
		format, vals = format[i+2:], vals[1:]
	}
}

// Repr is repr(v).
func (vm *VM) Repr(v Value) (string, error) {
	switch v.K {
	case heap.KNone:
		return "None", nil
	case heap.KBool:
		if v.N != 0 {
			return "True", nil
		}
		return "False", nil
	case heap.KNotImplemented:
		return "NotImplemented", nil
	case heap.KEllipsis:
		return "Ellipsis", nil
	case heap.KUndef:
		return "<undefined>", nil
	case heap.KInt, heap.KFloat:
		s, _ := vm.reprNumber(v)
		return s, nil
	}
	if err := vm.enterC(" while getting the repr of an object"); err != nil {
		return "", err
	}
	defer vm.leaveC()
	switch o := vm.H.Get(v).(type) {
	case *heap.BigInt:
		return vm.bigDecimal(&o.V)
	case *heap.Super:
		// CPython's: the class it starts after, and the type of what it
		// is bound to (NULL when unbound).
		typ := "<class '" + vm.ClassName(o.Type) + "'>"
		if o.ObjType.K != heap.KRef {
			return "<super: " + typ + ", NULL>", nil
		}
		return "<super: " + typ + ", <" + vm.ClassName(o.ObjType) + " object>>", nil
	case *heap.Complex:
		s, _ := vm.reprNumber(v)
		return s, nil
	case *heap.Str, *heap.Bytes:
		if err := vm.reserveRepr(o); err != nil {
			return "", err
		}
		s, _ := vm.reprString(v)
		return s, nil
	case *heap.Instance:
		if fn := vm.LookupSpecial(v, "__repr__"); fn.K != heap.KUndef {
			return vm.callStrDunder(vm.BindMethod(fn, v, o.Class), "__repr__")
		}
		if o.Exc != nil {
			args, err := vm.Repr(o.Exc.Args)
			if err != nil {
				return "", err
			}
			if n := len(vm.listItems(o.Exc.Args)); n == 1 {
				args = strings.TrimSuffix(args, ",)") + ")"
			}
			return vm.ClassName(o.Class) + args, nil
		}
		if o.Prim.K != heap.KUndef {
			return vm.Repr(o.Prim)
		}
		return "<" + vm.classFullName(o.Class) + " object at " + fakeAddr(v) + ">", nil
	case *heap.Class:
		if fn := vm.metaSpecial(v, "__repr__"); fn.K != heap.KUndef {
			return vm.callStrDunder(fn, "__repr__")
		}
		return "<class '" + vm.classFullName(v) + "'>", nil
	case *heap.Function:
		return "<function " + vm.MustStr(o.Qualname) + " at " + fakeAddr(v) + ">", nil
	case *heap.BoundMethod:
		self, err := vm.Repr(o.Self)
		if err != nil {
			return "", err
		}
		return "<bound method " + vm.CallableName(o.Func) + " of " + self + ">", nil
	case *heap.Builtin:
		def := builtinDef(o.ID)
		name := def.Name
		short := name
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			short = name[i+1:]
		}
		if o.Self.K != heap.KUndef {
			return "<built-in method " + short + " of " + vm.TypeName(o.Self) + " object at " + fakeAddr(o.Self) + ">", nil
		}
		if def.Method && def.Owner >= 0 && def.Kind == KindMethod {
			kind := "method"
			if strings.HasPrefix(short, "__") && strings.HasSuffix(short, "__") {
				kind = "slot wrapper"
			}
			return "<" + kind + " '" + short + "' of '" + vm.ClassName(vm.Types[def.Owner]) + "' objects>", nil
		}
		return "<built-in function " + short + ">", nil
	case *heap.Module:
		return "<module '" + vm.MustStr(o.Name) + "'>", nil
	case *heap.Generator:
		kind := "generator"
		if o.Kind == heap.GenCoroutine {
			kind = "coroutine"
		} else if o.Kind == heap.GenAsyncGenerator {
			kind = "async_generator"
		}
		return "<" + kind + " object " + vm.MustStr(o.Qual) + " at " + fakeAddr(v) + ">", nil
	case *heap.StaticMethod:
		f, err := vm.Repr(o.F)
		if err != nil {
			return "", err
		}
		return "<staticmethod(" + f + ")>", nil
	case *heap.ClassMethod:
		f, err := vm.Repr(o.F)
		if err != nil {
			return "", err
		}
		return "<classmethod(" + f + ")>", nil
	case *heap.Cell:
		return "<cell at " + fakeAddr(v) + ">", nil
	case *heap.HostObject:
		if o.Class {
			return "<host class " + o.Name + ">", nil
		}
		return "<host object " + o.Name + ">", nil
	}
	if s, ok, err := vm.reprContainer(v); ok || err != nil {
		return s, err
	}
	return "<" + vm.TypeName(v) + " object at " + fakeAddr(v) + ">", nil
}

// classFullName is module.qualname, without the module for builtins.
func (vm *VM) classFullName(cls Value) string {
	c := vm.ClassOf(cls)
	q, _ := vm.StrOf(c.Qualname)
	mod := vm.LookupClassStr(cls, "__module__")
	if m, ok := vm.StrOf(mod); ok && m != "builtins" {
		return m + "." + q
	}
	return q
}

// fakeAddr renders a stable address for an object (no host addresses leak).
func fakeAddr(v Value) string {
	const hex = "0123456789abcdef"
	n := uint64(0x7f0000000000) + uint64(v.N)*0x30
	buf := make([]byte, 0, 14)
	for n > 0 {
		buf = append(buf, hex[n&15])
		n >>= 4
	}
	for i, j := 0, len(buf)-1; i < j; i, j = i+1, j-1 {
		buf[i], buf[j] = buf[j], buf[i]
	}
	return "0x" + string(buf)
}

// excLine is the last line of a traceback: the exception's type, qualified
// by its module unless that is __main__ or builtins, and its message.
func (vm *VM) excLine(exc Value) string {
	line := vm.ExcString(exc)
	cls := vm.TypeOf(exc)
	c := vm.ClassOf(cls)
	if c == nil || c.Dict.K != heap.KRef {
		return line
	}
	q, _ := vm.StrOf(c.Qualname)
	if q == "" {
		return line
	}
	rest := strings.TrimPrefix(line, vm.TypeName(exc))
	mod, ok, _ := vm.H.Get(c.Dict).(*heap.Dict).Get(vm.NewStr("__module__"), vm.StrHash(vm.NewStr("__module__")), vm.StrEq)
	if m, isStr := vm.StrOf(mod); ok && isStr && m != "__main__" && m != "builtins" {
		return m + "." + q + rest
	}
	return q + rest
}

func init() {
	AddMethods(TBaseException, []MethodDef{
		{Name: "with_traceback", Fn: func(vm *VM, self Value, a Args) (Value, error) { return self, nil }},
		{Name: "add_note", Fn: func(vm *VM, self Value, a Args) (Value, error) {
			var noteArg Value
			if err := vm.UnpackArgs("add_note", a, nil, 1, &noteArg); err != nil {
				return heap.Undef, err
			}
			if _, ok := vm.StrOf(noteArg); !ok {
				return heap.Undef, vm.TypeError("note must be a str, not '%s'", vm.TypeName(noteArg))
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
			l.Items = append(l.Items, noteArg)
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
			return vm.callModuleFunc("_amber_excstar", "eg_"+name, self, a.Pos[0])
		}
	}
	AddMethods(TBaseExceptionGroup, []MethodDef{
		{Name: "split", Fn: egMethod("split")},
		{Name: "subgroup", Fn: egMethod("subgroup")},
		{Name: "derive", Fn: egMethod("derive")},
	})
}
