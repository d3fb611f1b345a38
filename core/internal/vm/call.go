package vm

import (
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// codeOf returns the CodeObj of a Function value, cached on the function:
// every call needs it. Assigning __code__ drops the cache, and a clone
// (see heap.Privatize) starts with no cache, so the cached object is
// always the one at fn.Code in this heap.
func (vm *VM) codeOf(fn *heap.Function) *heap.CodeObj {
	if c := fn.C; c != nil {
		return c
	}
	c := vm.H.Get(fn.Code).(*heap.CodeObj)
	fn.C = c
	return c
}

// newFrame builds a frame for calling fn with positional args and keyword
// arguments (kwnames name the last len(kwnames) of args).
func (vm *VM) newFrame(fnv Value, fn *heap.Function, args []Value, kwnames []string) (*heap.Frame, error) {
	co := vm.codeOf(fn)
	code := co.Code
	nloc := len(code.Varnames)
	ncell := len(code.Cellvars) + len(code.Freevars)
	f := vm.allocFrame(nloc + ncell + code.StackSize + 4)
	f.Code, f.C, f.Func, f.Globals, f.Gen = fn.Code, co, fnv, fn.Globals, heap.Undef
	f.SP = int32(nloc + ncell)
	if len(kwnames) == 0 && code.Flags&(compile.FlagVarArgs|compile.FlagVarKw) == 0 && len(args) == code.ArgCount && code.KwOnlyCount == 0 {
		copy(f.Slots, args)
	} else if err := vm.bindArgs(f, fn, code, args, kwnames); err != nil {
		return nil, err
	}
	// Cells: own cells start empty or from their argument; free cells come
	// from the closure.
	for i := range code.Cellvars {
		c := &heap.Cell{V: heap.Undef}
		if code.CellArgs != nil && code.CellArgs[i] >= 0 {
			c.V = f.Slots[code.CellArgs[i]]
		}
		f.Slots[nloc+i] = vm.H.Alloc(c)
	}
	for i := range code.Freevars {
		f.Slots[nloc+len(code.Cellvars)+i] = fn.Closure[i]
	}
	return f, nil
}

func (vm *VM) bindArgs(f *heap.Frame, fn *heap.Function, code *compile.Code, args []Value, kwnames []string) error {
	name := vm.MustStr(fn.Qualname)
	npos := len(args) - len(kwnames)
	slots := f.Slots
	nargs := code.ArgCount
	total := nargs + code.KwOnlyCount
	// Positional.
	n := npos
	if n > nargs {
		n = nargs
	}
	copy(slots, args[:n])
	idx := total
	if code.Flags&compile.FlagVarArgs != 0 {
		extra := []Value{}
		if npos > nargs {
			extra = append(extra, args[nargs:npos]...)
		}
		slots[idx] = vm.NewTuple(extra)
		idx++
	} else if npos > nargs {
		given := npos
		kwGiven := 0
		for _, k := range kwnames {
			for j := nargs; j < total; j++ {
				if code.Varnames[j] == k {
					kwGiven++
				}
			}
		}
		nd := len(fn.Defaults)
		takes := ""
		if nd > 0 {
			takes = "from " + ItoaStr(nargs-nd) + " to " + ItoaStr(nargs)
		} else {
			takes = ItoaStr(nargs)
		}
		msg := name + "() takes " + takes + " positional argument" + plural(nargs, "", "s") + " but " + ItoaStr(given)
		if kwGiven > 0 {
			msg += " positional argument" + plural(given, "", "s") + " (and " + ItoaStr(kwGiven) + " keyword-only argument" + plural(kwGiven, "", "s") + ") were given"
		} else {
			msg += plural(given, " was", " were") + " given"
		}
		return vm.TypeError("%s", msg)
	}
	var kwdict Value = heap.Undef
	if code.Flags&compile.FlagVarKw != 0 {
		kwdict = vm.NewDict()
		slots[idx] = kwdict
	}
	for i, k := range kwnames {
		v := args[npos+i]
		found := -1
		for j := code.PosOnlyCount; j < total; j++ {
			if code.Varnames[j] == k {
				found = j
				break
			}
		}
		if found < 0 {
			if kwdict.K == heap.KUndef {
				var posOnly []string
				for _, k2 := range kwnames {
					for j := 0; j < code.PosOnlyCount; j++ {
						if code.Varnames[j] == k2 {
							posOnly = append(posOnly, k2)
						}
					}
				}
				if len(posOnly) > 0 {
					return vm.TypeError("%s() got some positional-only arguments passed as keyword arguments: '%s'", name, strings.Join(posOnly, ", "))
				}
				return vm.TypeError("%s() got an unexpected keyword argument '%s'", name, k)
			}
			if err := vm.dictSetStr(kwdict, vm.Intern(k), v); err != nil {
				return err
			}
			continue
		}
		if slots[found].K != heap.KUndef {
			return vm.TypeError("%s() got multiple values for argument '%s'", name, k)
		}
		slots[found] = v
	}
	// Defaults and missing arguments.
	nd := len(fn.Defaults)
	var missing []string
	for j := 0; j < nargs; j++ {
		if slots[j].K == heap.KUndef {
			if d := j - (nargs - nd); d >= 0 {
				slots[j] = fn.Defaults[d]
			} else {
				missing = append(missing, code.Varnames[j])
			}
		}
	}
	if len(missing) > 0 {
		return vm.missingArgs(name, "positional", missing)
	}
	for j := nargs; j < total; j++ {
		if slots[j].K == heap.KUndef {
			if fn.KwDefaults.K == heap.KRef {
				d := vm.H.Get(fn.KwDefaults).(*heap.Dict)
				k := vm.Intern(code.Varnames[j])
				if v, ok, _ := d.Get(k, vm.StrHash(k), vm.StrEq); ok {
					slots[j] = v
					continue
				}
			}
			missing = append(missing, code.Varnames[j])
		}
	}
	if len(missing) > 0 {
		return vm.missingArgs(name, "keyword-only", missing)
	}
	return nil
}

func (vm *VM) missingArgs(name, kind string, missing []string) error {
	list := ""
	for i, m := range missing {
		switch {
		case i == 0:
		case i == len(missing)-1 && len(missing) == 2:
			list += " and "
		case i == len(missing)-1:
			list += ", and "
		default:
			list += ", "
		}
		list += "'" + m + "'"
	}
	return vm.TypeError("%s() missing %d required %s argument%s: %s", name, len(missing), kind, plural(len(missing), "", "s"), list)
}

func ItoaStr(i int) string {
	if i < 0 {
		return "-" + ItoaStr(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return ItoaStr(i/10) + string(rune('0'+i%10))
}

// maxRecursion is the frame depth limit: Limits.MaxRecursion, or 1000.
func (vm *VM) maxRecursion() int {
	if limit := vm.Limits.MaxRecursion; limit > 0 {
		return limit
	}
	return 1000
}

// fastPushDeclined says a call pushed straight from the loop must leave
// the push to pushFrame (through opCall): the frame stack is at the
// recursion limit, or checkLimits' full check is due (every 256th call,
// or after much allocation).
func (vm *VM) fastPushDeclined() bool {
	// The churn test is limitsDue's, one unsigned comparison: a
	// churnCheck of 0 (outside Resume) is no bound.
	return len(vm.frames) >= vm.maxRecursion()+vm.frameBase || (vm.steps+1)&255 == 0 ||
		uint64(vm.H.Churn) > uint64(vm.churnCheck-1)
}

// pushFrame installs f on the frame stack, enforcing the recursion limit.
func (vm *VM) pushFrame(f *heap.Frame) error {
	if len(vm.frames) >= vm.maxRecursion()+vm.frameBase {
		return vm.Errorf(TRecursionError, "maximum recursion depth exceeded")
	}
	// Calls check the limits too, so loop-free recursion meets the
	// deadline. No collection here: the caller may still hold values that
	// only Go variables reference.
	if err := vm.checkLimits(); err != nil {
		return err
	}
	vm.frames = append(vm.frames, f)
	return nil
}

// pushPyCall pushes a frame calling the Python function fn (unbound; args
// include self) whose result is delivered according to ret.
func (vm *VM) pushPyCall(fnv Value, args []Value, ret heap.RetKind, retArg int32, aux0, aux1 Value) error {
	fn := vm.H.Get(fnv).(*heap.Function)
	var nf *heap.Frame
	if co := vm.codeOf(fn); simpleCall(co.Code, len(args)) {
		// Property getters and setters, operator dunders: the arguments
		// are exactly the parameters, so no binding is needed.
		nf = vm.simpleFrame(fnv, fn, co, args)
	} else {
		var err error
		if nf, err = vm.newFrame(fnv, fn, args, nil); err != nil {
			return err
		}
	}
	nf.Ret, nf.RetArg = ret, retArg
	nf.Aux[0], nf.Aux[1] = aux0, aux1
	if err := vm.pushFrame(nf); err != nil {
		return err
	}
	return errFramePushed
}

// pushPyFunc is pushPyCall for a callee that may not be a plain Python
// function: with ok=false nothing happened and the caller takes its
// general path. It spares the property and dunder fast paths a separate
// isPyFunc check of the callee.
func (vm *VM) pushPyFunc(fnv Value, args []Value, ret heap.RetKind) (ok bool, err error) {
	if fnv.K != heap.KRef {
		return false, nil
	}
	fn, isFn := vm.H.Get(fnv).(*heap.Function)
	if !isFn {
		return false, nil
	}
	co := vm.codeOf(fn)
	var nf *heap.Frame
	if simpleCall(co.Code, len(args)) {
		nf = vm.simpleFrame(fnv, fn, co, args)
	} else {
		if co.Code.Flags&(compile.FlagGenerator|compile.FlagCoroutine|compile.FlagAsyncGenerator) != 0 {
			return false, nil
		}
		if nf, err = vm.newFrame(fnv, fn, args, nil); err != nil {
			return true, err
		}
	}
	nf.Ret = ret
	if err := vm.pushFrame(nf); err != nil {
		vm.releaseFrame(nf)
		return true, err
	}
	return true, errFramePushed
}

// Call calls fn with positional args and returns its result, running a
// nested loop if fn is Python code.
func (vm *VM) Call(fn Value, args ...Value) (Value, error) {
	return vm.CallArgs(fn, Args{Pos: args})
}

// CallArgs calls fn with positional and keyword arguments.
func (vm *VM) CallArgs(fn Value, a Args) (Value, error) {
	all := a.Pos
	if len(a.KwNames) > 0 {
		all = append(append([]Value(nil), a.Pos...), a.KwVals...)
	}
	return vm.callNested(fn, all, a.KwNames)
}

// callNested calls fn; Python frames run in a nested loop until they return.
func (vm *VM) callNested(fn Value, args []Value, kwnames []string) (Value, error) {
	depth := len(vm.frames)
	// Nothing reached from Go code may pause: the Go caller's progress
	// would be lost. Host calls here are refused with a clear error.
	if err := vm.enterC(" while calling a Python object"); err != nil {
		return heap.Undef, err
	}
	vm.nested++
	vm.safeAllocs = 0 // Python code may drop what the operation holds (see openSafe)
	defer func() { vm.nested--; vm.leaveC() }()
	r, err := vm.callValue(fn, args, kwnames, heap.RetNested, false)
	if err != nil {
		if err == errFramePushed {
			// A frame (or a generator body) now runs to completion.
			return vm.run(depth)
		}
		return heap.Undef, err
	}
	return r, nil
}

// callValue calls fn. Python functions get a frame with ret and
// errFramePushed is returned; builtins run directly. tail allows builtins
// to deliver their result through a pushed frame.
func (vm *VM) callValue(fn Value, args []Value, kwnames []string, ret heap.RetKind, tail bool) (Value, error) {
	if fn.K != heap.KRef {
		return heap.Undef, vm.TypeError("'%s' object is not callable", vm.TypeName(fn))
	}
	switch o := vm.H.Get(fn).(type) {
	case *heap.Function:
		f, err := vm.newFrame(fn, o, args, kwnames)
		if err != nil {
			return heap.Undef, err
		}
		code := f.C.Code
		if code.Flags&(compile.FlagGenerator|compile.FlagCoroutine|compile.FlagAsyncGenerator) != 0 {
			g := vm.newGenerator(f, o, code)
			return g, nil
		}
		f.Ret = ret
		if err := vm.pushFrame(f); err != nil {
			return heap.Undef, err
		}
		return heap.Undef, errFramePushed
	case *heap.BoundMethod:
		nargs := make([]Value, 0, len(args)+1)
		nargs = append(nargs, o.Self)
		nargs = append(nargs, args...)
		return vm.callValue(o.Func, nargs, kwnames, ret, tail)
	case *heap.Builtin:
		def := builtinDef(o.ID)
		self := o.Self
		pos := args[:len(args)-len(kwnames)]
		if self.K == heap.KUndef && def.Method {
			if len(pos) == 0 {
				return heap.Undef, vm.TypeError("unbound method %s() needs an argument", def.Name)
			}
			self = pos[0]
			pos = pos[1:]
		}
		if def.Owner > TObject {
			if err := vm.checkSelf(def, self); err != nil {
				return heap.Undef, err
			}
		}
		if len(pos) < int(def.MinPos) {
			return heap.Undef, vm.tooFewArgs(def, len(pos))
		}
		a := Args{Pos: pos}
		if len(kwnames) > 0 {
			a.KwNames = kwnames
			a.KwVals = args[len(args)-len(kwnames):]
		}
		prevTail, prevRet, prevName := vm.tailOK, vm.tailRet, vm.tailName
		vm.tailOK, vm.tailRet, vm.tailName = tail || ret == heap.RetNested, ret, def.Name
		r, err := def.Fn(vm, self, a)
		vm.tailOK, vm.tailRet, vm.tailName = prevTail, prevRet, prevName
		if lim := vm.Limits.MaxMemory; lim > 0 && vm.H.Bytes > 2*lim && err == nil {
			// A builtin may build a large object in one step. Its result is
			// not rooted yet, so no collection here (the caller settles
			// once it is): only a clear overrun.
			return heap.Undef, errMemoryLimit()
		}
		if err == nil && r.K == heap.KUndef {
			return heap.Undef, errFramePushed
		}
		return r, err
	case *heap.Class:
		if c := vm.metaSpecial(fn, "__call__"); c.K != heap.KUndef {
			return vm.callValue(c, args, kwnames, ret, tail)
		}
		return vm.callClass(fn, o, args, kwnames, ret)
	case *heap.Instance:
		if c := vm.LookupSpecial(fn, "__call__"); c.K != heap.KUndef {
			nargs := append([]Value{fn}, args...)
			return vm.callValue(c, nargs, kwnames, ret, tail)
		}
	case *heap.Opaque:
		if o.Kind == "hostfn" {
			return heap.Undef, vm.suspendHostCall(string(o.Data), args, kwnames)
		}
		if o.Kind == hostMethodKind {
			return vm.callHostMethod(o, args, kwnames)
		}
	case *heap.HostObject:
		return vm.callHostObject(o, args, kwnames)
	}
	return heap.Undef, vm.TypeError("'%s' object is not callable", vm.TypeName(fn))
}

// callTarget reads a CALL's stack at base, [null|func, callable|self,
// args...]: it returns the callable and where its arguments begin, which
// for a method call is the self below them.
func callTarget(f *heap.Frame, base int) (callee Value, lo int) {
	if f.Slots[base].K == heap.KUndef {
		return f.Slots[base+1], base + 2
	}
	return f.Slots[base], base + 1
}

// framePushed finishes a CALL whose Python callee was bound without
// error: the callee's frame owns the arguments now, so the caller's call
// region at base is released.
func framePushed(f *heap.Frame, base int, err error) error {
	if err != nil {
		return err
	}
	clearSlots(f.Slots, base, int(f.SP))
	f.SP = int32(base)
	return errFramePushed
}

// clearSlots sets s[lo:hi] to Undef. Calls clear a few slots at a time,
// which a plain loop does faster than clear's call of memclr.
func clearSlots(s []Value, lo, hi int) {
	// Value{} stores zeros; heap.Undef, a variable, is loaded per slot.
	for i := lo; i < hi; i++ {
		s[i] = Value{}
	}
}

// opCall is CALL argc: [null|func, callable|self, args...].
func (vm *VM) opCall(f *heap.Frame, argc int, kw Value) error {
	if kw.K != heap.KRef {
		// The common case first: a positional call of a Python function.
		base := int(f.SP) - argc - 2
		callee, lo := callTarget(f, base)
		if callee.K == heap.KRef {
			switch o := vm.H.Get(callee).(type) {
			case *heap.Function:
				args := f.Slots[lo:f.SP]
				co := vm.codeOf(o)
				if simpleCall(co.Code, len(args)) {
					nf := vm.simpleFrame(callee, o, co, args)
					err := vm.pushFrame(nf)
					if err != nil {
						vm.releaseFrame(nf)
					}
					return framePushed(f, base, err)
				}
				if simpleGenCall(co.Code, len(args)) {
					vm.callGenStack(f, base, callee, o, co, args)
					return nil
				}
				if done, err := vm.callPyBind(callee, o, args, nil, nil); done {
					return framePushed(f, base, err)
				}
			case *heap.Builtin:
				return vm.callBuiltinStack(f, base, o, f.Slots[lo:f.SP], nil)
			case *heap.Class:
				if ctor := vm.plainCtor(callee, o); ctor != nil {
					return vm.callCtorStack(f, base, callee, o, ctor, f.Slots[lo:f.SP], nil)
				}
			case *heap.BoundMethod:
				// A bound method called as a plain value (a callback):
				// when the NULL slot below it is free, lay the call out
				// as a method call, [func, self, args...], and call the
				// function with no argument list built.
				if lo == base+2 && o.Func.K == heap.KRef {
					if _, isFn := vm.H.Get(o.Func).(*heap.Function); isFn {
						f.Slots[base], f.Slots[base+1] = o.Func, o.Self
						return vm.opCall(f, argc, kw)
					}
				}
			}
		}
	} else {
		// Keyword call of a Python function: bind straight from the stack.
		base := int(f.SP) - argc - 2
		callee, lo := callTarget(f, base)
		if callee.K == heap.KRef {
			switch o := vm.H.Get(callee).(type) {
			case *heap.Function:
				names := vm.H.Get(kw).(*heap.Tuple).Items
				npos := int(f.SP) - lo - len(names)
				done, err := vm.callPyBind(callee, o, f.Slots[lo:lo+npos], names, f.Slots[lo+npos:f.SP])
				if done {
					return framePushed(f, base, err)
				}
			case *heap.Builtin:
				return vm.callBuiltinStack(f, base, o, f.Slots[lo:f.SP], vm.kwNames(kw))
			case *heap.Class:
				if ctor := vm.plainCtor(callee, o); ctor != nil {
					return vm.callCtorStack(f, base, callee, o, ctor, f.Slots[lo:f.SP], vm.kwNames(kw))
				}
			}
		}
	}
	var kwnames []string
	if kw.K == heap.KRef {
		kwnames = vm.kwNames(kw)
	}
	base := int(f.SP) - argc - 2
	first := f.Slots[base]
	var fn Value
	var args []Value
	if first.K == heap.KUndef {
		fn = f.Slots[base+1]
		args = f.Slots[base+2 : f.SP]
	} else {
		fn = first
		args = f.Slots[base+1 : f.SP]
	}
	if kwnames == nil && fn.K == heap.KRef {
		switch vm.H.Get(fn).(type) {
		case *heap.Builtin, *heap.Class:
			return vm.callScratch(f, base, fn, args)
		}
	}
	args = append([]Value(nil), args...)
	for i := base; i < int(f.SP); i++ {
		f.Slots[i] = heap.Undef
	}
	f.SP = int32(base)
	r, err := vm.callValue(fn, args, kwnames, heap.RetPush, true)
	if err != nil {
		return err
	}
	push(f, r)
	return nil
}

// callScratch calls fn, a builtin or a class, with positional args taken
// from the caller's stack at base, passing them in the VM's scratch
// arena rather than a fresh slice: builtins and constructors read their
// arguments during the call and copy what they keep (a class's __init__
// gets a frame of its own). Nested calls take the arena above.
func (vm *VM) callScratch(f *heap.Frame, base int, fn Value, stack []Value) error {
	n := len(stack)
	top := vm.argTop
	if top+n > len(vm.argArena) {
		// A new, larger arena; outer calls keep the old one.
		vm.argArena = make([]Value, max(2*len(vm.argArena), top+n, 64))
	}
	args := vm.argArena[top : top+n : top+n]
	// A few values each way: loops beat memmove's and memclr's calls.
	for i, v := range stack {
		args[i] = v
	}
	vm.argTop = top + n
	clearSlots(f.Slots, base, int(f.SP))
	f.SP = int32(base)
	vm.openSafe(fn, heap.Undef)
	r, err := vm.callValue(fn, args, nil, heap.RetPush, true)
	vm.closeSafe()
	clearSlots(args, 0, n)
	vm.argTop = top
	if err != nil {
		return err
	}
	push(f, r)
	return vm.settle()
}

// callBuiltinStack is a CALL of a builtin function or method descriptor,
// kwnames naming the last of args: the Go implementation reads its
// arguments straight from the caller's stack, where the frame keeps them
// (and the callable) rooted for the call, so no argument list is built.
// Builtins copy what they keep, as they did from the argument arena. As
// in callValue, the builtin may deliver its result through a pushed
// frame, which returns onto the call's base: the call region is released
// whatever the outcome, before the loop resumes or the error unwinds (a
// pause for the host included).
func (vm *VM) callBuiltinStack(f *heap.Frame, base int, o *heap.Builtin, args []Value, kwnames []string) error {
	self := o.Self
	if self.K == heap.KUndef && len(kwnames) == 0 {
		// list.append, dict.get, len, isinstance...: see builtinFast.
		if r, done, err := vm.builtinFast(o, args); done {
			return vm.finishStackCall(f, base, r, err)
		}
	}
	return vm.callBuiltinGeneral(f, base, o, args, kwnames)
}

// callBuiltinGeneral is callBuiltinStack past builtinFast's builtins
// (callSimple has tried them already).
func (vm *VM) callBuiltinGeneral(f *heap.Frame, base int, o *heap.Builtin, args []Value, kwnames []string) error {
	if fastKindTab.Load() == nil {
		loadFastKinds()
	}
	self := o.Self
	def := builtinDef(o.ID)
	if def.Owner == TStr && len(kwnames) == 0 && len(args) > 0 && self.K == heap.KUndef && args[0].K == heap.KRef {
		// A str method on an exact str: its common cases answer here.
		if so, ok := vm.H.Get(args[0]).(*heap.Str); ok {
			if r, done := vm.strMethodFast(def, o.ID, args[0], so, args[1:]); done {
				return vm.finishStackCall(f, base, r, nil)
			}
		}
	}
	// Args is built field by field in place: a whole-struct copy from
	// stackArgs' result stalls on its just-written words.
	var a Args
	a.Pos = args
	if len(kwnames) > 0 {
		n := len(args) - len(kwnames)
		a.Pos, a.KwNames, a.KwVals = args[:n], kwnames, args[n:]
	}
	if self.K == heap.KUndef && def.Method {
		if len(a.Pos) == 0 {
			vm.releaseCall(f, base)
			return vm.TypeError("unbound method %s() needs an argument", def.Name)
		}
		self = a.Pos[0]
		a.Pos = a.Pos[1:]
	}
	if def.Owner > TObject {
		if err := vm.checkSelf(def, self); err != nil {
			vm.releaseCall(f, base)
			return err
		}
	}
	if len(a.Pos) < int(def.MinPos) {
		vm.releaseCall(f, base)
		return vm.tooFewArgs(def, len(a.Pos))
	}
	prevTail, prevRet, prevName := vm.tailOK, vm.tailRet, vm.tailName
	vm.tailOK, vm.tailRet, vm.tailName = true, heap.RetPush, def.Name
	vm.openSafe(heap.Undef, heap.Undef)
	r, err := def.Fn(vm, self, a)
	vm.closeSafe()
	vm.tailOK, vm.tailRet, vm.tailName = prevTail, prevRet, prevName
	return vm.finishStackCall(f, base, r, err)
}

// stackArgs splits a call's arguments, the last len(kwnames) of them
// keyword values, into Args.
func stackArgs(args []Value, kwnames []string) Args {
	if len(kwnames) == 0 {
		return Args{Pos: args}
	}
	n := len(args) - len(kwnames)
	return Args{Pos: args[:n], KwNames: kwnames, KwVals: args[n:]}
}

// kwNames is the Go strings of a CALL's tuple of keyword names, in a
// slice of its own: a builtin may keep it.
func (vm *VM) kwNames(kw Value) []string {
	items := vm.listItems(kw)
	names := make([]string, len(items))
	for i, k := range items {
		names[i] = vm.MustStr(k)
	}
	return names
}

// finishStackCall ends a call whose builtin ran on the caller's stack
// (see callBuiltinStack): the call region is released and r pushed, or
// errFramePushed returned when a frame will deliver it.
func (vm *VM) finishStackCall(f *heap.Frame, base int, r Value, err error) error {
	vm.releaseCall(f, base)
	if err != nil {
		return err
	}
	if lim := vm.Limits.MaxMemory; lim > 0 && vm.H.Bytes > 2*lim {
		// As in callValue: a builtin may build a large object in one step.
		return errMemoryLimit()
	}
	if r.K == heap.KUndef {
		return errFramePushed
	}
	push(f, r)
	return vm.settle()
}

// releaseCall clears a CALL's region of f's stack from base up.
func (vm *VM) releaseCall(f *heap.Frame, base int) {
	clearSlots(f.Slots, base, int(f.SP))
	f.SP = int32(base)
}

// plainCtor returns the constructor a call of the builtin class c
// (value clsv) runs directly, or nil when the call needs callClass's
// general path: type itself, whose one- and three-argument forms differ,
// and classes without a constructor. A builtin class's metaclass is type
// and its __new__ and __init__ are its own, so the constructor alone
// decides the call, as in callClass.
func (vm *VM) plainCtor(clsv Value, c *heap.Class) BuiltinFn {
	if c.Flags&ClassUser != 0 {
		return nil
	}
	t := TypeID(c.Builtin)
	if t == TType || int(t) >= len(ctorTable) || clsv != vm.Types[t] {
		return nil
	}
	return ctorTable[t].fn
}

// callCtorStack is a CALL of a builtin class with constructor ctor, its
// arguments read from the caller's stack (see callBuiltinStack).
func (vm *VM) callCtorStack(f *heap.Frame, base int, clsv Value, c *heap.Class, ctor BuiltinFn, args []Value, kwnames []string) error {
	t := TypeID(c.Builtin)
	prevTail, prevRet, prevName := vm.tailOK, vm.tailRet, vm.tailName
	vm.tailOK, vm.tailRet, vm.tailName = true, heap.RetPush, ctorTable[t].name
	vm.openSafe(heap.Undef, heap.Undef)
	r, err := ctor(vm, clsv, stackArgs(args, kwnames))
	vm.closeSafe()
	vm.tailOK, vm.tailRet, vm.tailName = prevTail, prevRet, prevName
	return vm.finishStackCall(f, base, r, err)
}

// callEx is CALL_FUNCTION_EX.
func (vm *VM) callEx(f *heap.Frame, fn, argsv, kwargs Value) error {
	if err := vm.reserveValues(int64(len(vm.listItems(argsv)))); err != nil {
		return err
	}
	args := append([]Value(nil), vm.listItems(argsv)...)
	var kwnames []string
	if kwargs.K == heap.KRef {
		d, _ := vm.DictOf(kwargs)
		for _, e := range d.Entries {
			if e.Key.K == heap.KUndef {
				continue
			}
			s, ok := vm.StrOf(e.Key)
			if !ok {
				return vm.TypeError("keywords must be strings")
			}
			kwnames = append(kwnames, s)
			args = append(args, e.Val)
		}
	}
	r, err := vm.callValue(fn, args, kwnames, heap.RetPush, true)
	if err != nil {
		return err
	}
	push(f, r)
	return nil
}

// invokeRet calls fn with args; a Python frame delivers per ret, anything
// else is delivered at once.
func (vm *VM) invokeRet(f *heap.Frame, fn Value, args []Value, ret heap.RetKind, aux Value) error {
	r, err := vm.callValue(fn, args, nil, ret, false)
	if err != nil {
		if err == errFramePushed {
			top := vm.frames[len(vm.frames)-1]
			top.Aux[0] = aux
		}
		return err
	}
	return vm.deliver(f, ret, 0, [3]Value{aux}, r)
}

// makeFunction is MAKE_FUNCTION.
func (vm *VM) makeFunction(f *heap.Frame, flags int) (Value, error) {
	codev := pop(f)
	fn := &heap.Function{Code: codev, Globals: f.Globals, KwDefaults: heap.Undef, Dict: heap.Undef, Annotations: heap.Undef}
	if flags&8 != 0 {
		fn.Closure = vm.frozenItems(pop(f))
	}
	if flags&4 != 0 {
		fn.Annotations = pop(f)
	}
	if flags&2 != 0 {
		fn.KwDefaults = pop(f)
	}
	if flags&1 != 0 {
		fn.Defaults = vm.frozenItems(pop(f))
	}
	co := vm.H.Get(codev).(*heap.CodeObj)
	fn.C = co
	if co.FnName.K == heap.KUndef {
		// Interned strs are roots, so their handles stay valid.
		co.FnName, co.FnQual = vm.Intern(co.Code.Name), vm.Intern(co.Code.QualName)
	}
	fn.Name, fn.Qualname = co.FnName, co.FnQual
	if s, ok := co.Code.Docstring.(string); ok {
		fn.Doc = vm.NewStr(s)
	} else {
		fn.Doc = heap.None
	}
	g := vm.H.Get(f.Globals).(*heap.Dict)
	if vm.dunderName.K != heap.KRef {
		vm.dunderName = vm.Intern("__name__")
	}
	k := vm.dunderName
	if m, ok, _ := g.Get(k, vm.StrHash(k), vm.StrEq); ok {
		fn.Module = m
	} else {
		fn.Module = heap.None
	}
	return vm.H.Alloc(fn), nil
}

// frozenItems is the items of v (a tuple or list) for a function's
// closure or defaults, which are never changed in place: a tuple's own
// items, which never change either (capped, so an append copies them),
// else a copy.
func (vm *VM) frozenItems(v Value) []Value {
	if t, ok := vm.H.Get(v).(*heap.Tuple); ok {
		return t.Items[:len(t.Items):len(t.Items)]
	}
	return append([]Value(nil), vm.listItems(v)...)
}

// returnFrom finishes frame f with value v. done reports that the base
// frame of this run returned.
func (vm *VM) returnFrom(f *heap.Frame, v Value, base int) (bool, error) {
	n := len(vm.frames) - 1
	// The popped entry is left as it is, as the loop's own return leaves
	// it: nothing reads the frame stack past its length, and the next
	// push overwrites it. Clearing it would cost a write barrier's check
	// on every return.
	vm.frames = vm.frames[:n]
	if f.Gen.K != heap.KRef && n > base {
		// The common returns of plain calls, property setters and
		// __init__: what deliver would do, without its copies.
		switch f.Ret {
		case heap.RetPush:
			vm.releaseFrame(f)
			caller := vm.frames[n-1]
			caller.Slots[caller.SP] = v
			caller.SP++
			return false, nil
		case heap.RetDiscard:
			vm.releaseFrame(f)
			return false, nil
		case heap.RetMapDrive:
			// map's function called by a builtin draining the map:
			// deliver's case, without its switch.
			retArg, aux := f.RetArg, f.Aux
			vm.releaseFrame(f)
			return false, vm.mapDriveReturn(vm.frames[n-1], retArg, aux, v)
		case heap.RetInit:
			if v.K == heap.KNone {
				obj := f.Aux[0]
				vm.releaseFrame(f)
				caller := vm.frames[n-1]
				caller.Slots[caller.SP] = obj
				caller.SP++
				return false, nil
			}
		}
	}
	if f.Gen.K == heap.KRef {
		g := vm.H.Get(f.Gen).(*heap.Generator)
		g.State = heap.GenDone
		g.Frame = nil
		vm.H.Touch(f.Gen)
		vm.handled = f.Aux[1]
		if f.Ret == heap.RetNested {
			vm.genResult = v
			return true, nil
		}
		caller := vm.frames[len(vm.frames)-1]
		ret, retArg, wrapper, gen := f.Ret, f.RetArg, f.Aux[0], f.Gen
		if ret != heap.RetAsyncTask {
			// Nothing refers to a finished generator's frame any more:
			// generator pipelines make one per generator, so recycle it.
			f.Gen = heap.Undef
			vm.releaseFrame(f)
		}
		switch ret {
		case heap.RetForIter:
			pop(caller)
			caller.PC = retArg
			return false, nil
		case heap.RetForIterWrap:
			vm.wrapReturn(caller, wrapper, gen, retArg)
			return false, nil
		case heap.RetDrive:
			// wrapper is the builtin's running result here.
			r, err := vm.driveResult(retArg, wrapper)
			if err == nil {
				push(caller, r)
			}
			return false, err
		case heap.RetSend, heap.RetAwaitNext:
			pop(caller) // the sub-iterator
			push(caller, v)
			caller.PC = retArg
			return false, nil
		case heap.RetNext:
			return false, vm.stopIteration(g, v)
		case heap.RetAsyncTask:
			return false, vm.taskDone(f, v)
		}
		return false, nil
	}
	if f.Ret == heap.RetNested || len(vm.frames) <= base {
		vm.releaseFrame(f)
		return true, nil
	}
	caller := vm.frames[len(vm.frames)-1]
	ret, retArg, aux := f.Ret, f.RetArg, f.Aux
	vm.releaseFrame(f)
	return false, vm.deliver(caller, ret, retArg, aux, v)
}

// allocFrame returns a frame with n zeroed slots, no blocks, PC 0, Ret
// RetPush, no Aux and no Locals, reusing a released one when possible:
// calls are the interpreter's hottest allocation. The caller sets Code,
// C, Func, Globals, Gen and SP.
func (vm *VM) allocFrame(n int) *heap.Frame {
	if k := len(vm.framePool); k > 0 {
		f := vm.framePool[k-1]
		vm.framePool = vm.framePool[:k-1]
		if cap(f.Slots) >= n {
			f.Slots = f.Slots[:n]
			return f
		}
		f.Slots = make([]Value, n)
		return f
	}
	return &heap.Frame{Slots: make([]Value, n)}
}

// releaseFrame recycles a finished frame. Generator frames live on in
// their generator and are never released.
func (vm *VM) releaseFrame(f *heap.Frame) {
	if f.Gen.K == heap.KRef || len(vm.framePool) >= 256 {
		return
	}
	// Above SP a live frame's slots are Undef (pops clear them, and a
	// dump writes only Slots[:SP]), so clearing up to SP clears them all.
	clearSlots(f.Slots, 0, int(f.SP))
	// Only the fields that every frame maker does not set are reset
	// (a whole-struct store costs more than the call it recycles for):
	// newFrame, simpleFrame and callPyBind set Code, C, Func, Globals,
	// Gen and SP themselves.
	f.PC, f.Ret, f.RetArg = 0, heap.RetPush, 0
	f.Aux = [3]Value{}
	f.Locals = Value{} // heap.Undef, without loading the variable
	if len(f.Blocks) > 0 {
		f.Blocks = f.Blocks[:0]
	}
	vm.framePool = append(vm.framePool, f)
}

// callPyFast pushes a frame for a plain positional call of a Python
// function (code co) whose arguments sit on the caller's stack, exactly
// its parameters, without the intermediate argument slice of the general
// path. callPyBind has checked the shape of the call.
func (vm *VM) callPyFast(fnv Value, fn *heap.Function, co *heap.CodeObj, args []Value) (bool, error) {
	f := vm.simpleFrame(fnv, fn, co, args)
	if err := vm.pushFrame(f); err != nil {
		vm.releaseFrame(f)
		return true, err
	}
	return true, nil
}

// shapeOf fills the derived call shape of co (see heap.CodeObj.Simple).
func shapeOf(co *heap.CodeObj) {
	code := co.Code
	co.NLocals = int32(len(code.Varnames))
	co.NFixed = co.NLocals + int32(len(code.Cellvars)+len(code.Freevars))
	co.NSlots = co.NFixed + int32(code.StackSize+4)
	if simpleCall(code, code.ArgCount) {
		co.Simple = int32(code.ArgCount) + 1
	} else {
		co.Simple = -1
	}
}

// callRegion reads CALL's stack region for argc arguments: sp, the
// region's base, the callee (the slot after an empty NULL slot, else
// the base's) and lo, the index of the first argument (self included).
func callRegion(f *heap.Frame, argc int) (sp, base int, callee Value, lo int) {
	sp = int(f.SP)
	base = sp - argc - 2
	callee, lo = f.Slots[base], base+1
	if callee.K == heap.KUndef {
		callee, lo = f.Slots[base+1], base+2
	}
	return sp, base, callee, lo
}

// callSimple is CALL's fast path, for the most frequent calls: argc
// positional arguments, no keywords, to a Python function whose
// parameters take them as they are (see simpleCall), or to a builtin.
// For the function it pushes the callee's frame and releases the call
// region of f; a builtin runs as in opCall, err as callBuiltinStack's.
// It reports handled=false, having changed nothing, for any other call,
// and for a call that would fail or must check the limits: opCall then
// takes it.
func (vm *VM) callSimple(f *heap.Frame, argc int) (handled bool, err error) {
	sp, base, callee, lo := callRegion(f, argc)
	if callee.K != heap.KRef {
		return false, nil
	}
	return vm.callSimpleObj(f, sp, base, lo, callee, vm.H.Get(callee))
}

// callSimpleObj is callSimple once callRegion has read the call region
// and the callee's object obj is at hand (pushSimple has them).
func (vm *VM) callSimpleObj(f *heap.Frame, sp, base, lo int, callee Value, obj heap.Object) (handled bool, err error) {
	fn, ok := obj.(*heap.Function)
	if !ok {
		// len(x), lst.append(x), str(x), int(s): opCall's builtin and
		// builtin class cases, without its prologue.
		switch o := obj.(type) {
		case *heap.Builtin:
			if o.ID == fastIDs.length && lo+1 == sp && vm.lenStack(f, base, sp, o) {
				return true, nil
			}
			if k := fastKind(o.ID); k != fkNone && o.Self.K == heap.KUndef {
				if k >= fkStackFirst && vm.builtinStack(f, base, lo, sp, k) {
					return true, nil
				}
				if r, done, err := vm.builtinFastK(o, k, f.Slots[lo:sp]); done {
					return true, vm.finishStackCall(f, base, r, err)
				}
			}
			if lo == sp && isSuperBuiltin(o) && vm.superMethod(f, base) {
				return true, nil
			}
			return true, vm.callBuiltinGeneral(f, base, o, f.Slots[lo:sp], nil)
		case *heap.Class:
			if lo+1 == sp && f.Slots[lo].K == heap.KInt && callee == vm.Types[TStr] {
				// str(i) of a small int, the commonest conversion: the
				// constructor's own first case, without its call.
				return true, vm.finishStackCall(f, base, vm.intStr(f.Slots[lo].I()), nil)
			}
			if ctor := vm.plainCtor(callee, o); ctor != nil {
				return true, vm.callCtorStack(f, base, callee, o, ctor, f.Slots[lo:sp], nil)
			}
			return vm.initStack(f, base, lo, sp, callee, o), nil
		case *heap.BoundMethod:
			// A bound method called as a value (a callback): with the
			// NULL slot below it free, the call is laid out as a method
			// call, [func, self, args...], as opCall would.
			if lo != base+2 || o.Func.K != heap.KRef {
				return false, nil
			}
			if fn, ok = vm.H.Get(o.Func).(*heap.Function); !ok {
				return false, nil
			}
			f.Slots[base], f.Slots[base+1] = o.Func, o.Self
			callee, lo = o.Func, base+1
		default:
			return false, nil
		}
	}
	co := fn.C
	if co == nil {
		co = vm.codeOf(fn)
	}
	if co.Simple == 0 {
		shapeOf(co)
	}
	if int(co.Simple) != sp-lo+1 {
		if int(co.Simple) > sp-lo+1 && len(fn.Defaults) > 0 {
			return vm.callDefaults(f, base, lo, sp, callee, fn, co), nil
		}
		return false, nil
	}
	// pushFrame's checks: the recursion limit, and every 256th call (or
	// after much allocation) checkLimits' full check, left to opCall.
	if vm.fastPushDeclined() {
		return false, nil
	}
	vm.steps++
	nf := vm.allocFrame(int(co.NSlots))
	// A frame from the pool has Locals and Gen Undef already
	// (releaseFrame), as has a new one.
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, co, callee, fn.Globals
	// The arguments move to the new frame and the call region of f is
	// emptied in the same pass.
	src := f.Slots[lo:sp:sp]
	dst := nf.Slots[:len(src)]
	for i := range src {
		dst[i] = src[i]
		src[i] = Value{}
	}
	if len(fn.Closure) > 0 {
		copy(nf.Slots[co.NLocals:], fn.Closure)
	}
	nf.SP = co.NFixed
	vm.frames = append(vm.frames, nf)
	f.Slots[base] = Value{}
	if lo == base+2 {
		f.Slots[base+1] = Value{}
	}
	f.SP = int32(base)
	return true, nil
}

// pushSimple is CALL's fast path straight from the loop, for a call
// with no keywords (argc positional arguments; f.PC and f.SP written
// back). For a Function whose parameters take the arguments as they
// are, when no limit check, preemption or pending throw is due, it
// pushes the callee's frame, moves the arguments there, empties f's call
// region (f.SP its base) and returns the new frame, which the loop enters
// without re-reading the frame stack's state (enterReady holds). Any
// other call it hands to callSimple, whose results it returns with a nil
// frame.
func (vm *VM) pushSimple(f *heap.Frame, argc int) (*heap.Frame, bool, error) {
	slots := f.Slots
	sp := int(f.SP)
	base := sp - argc - 2
	// The callee is the slot below the arguments' first: after an empty
	// NULL slot, the base's own.
	lo := base + 1
	if slots[base].K == heap.KUndef {
		lo = base + 2
	}
	callee := slots[lo-1]
	if callee.K != heap.KRef {
		return nil, false, nil
	}
	obj := vm.H.Get(callee)
	fn, ok := obj.(*heap.Function)
	if !ok {
		if o, ok := obj.(*heap.Builtin); ok {
			// callSimpleObj's builtin case, without a second call.
			if o.ID == fastIDs.length && lo+1 == sp && vm.lenStack(f, base, sp, o) {
				return nil, true, nil
			}
			if k := fastKind(o.ID); k != fkNone && o.Self.K == heap.KUndef {
				if k >= fkStackFirst && vm.builtinStack(f, base, lo, sp, k) {
					return nil, true, nil
				}
				if r, done, err := vm.builtinFastK(o, k, f.Slots[lo:sp]); done {
					return nil, true, vm.finishStackCall(f, base, r, err)
				}
			}
			if done, err := vm.strMethodStack(f, base, lo, sp, o); done {
				return nil, true, err
			}
			if lo == sp && isSuperBuiltin(o) && vm.superMethod(f, base) {
				return nil, true, nil
			}
			return nil, true, vm.callBuiltinGeneral(f, base, o, f.Slots[lo:sp], nil)
		}
		done, err := vm.callSimpleObj(f, sp, base, lo, callee, obj)
		return nil, done, err
	}
	co := fn.C
	if co == nil || int(co.Simple) != sp-lo+1 || vm.fastPushDeclined() || !vm.enterReady() {
		done, err := vm.callSimpleObj(f, sp, base, lo, callee, obj)
		return nil, done, err
	}
	vm.steps++
	// A pooled frame big enough and room on the frame stack: no call
	// below, so nothing is kept across one. Otherwise pushSimpleAlloc.
	nslots := int(co.NSlots)
	k, n := len(vm.framePool), len(vm.frames)
	if k == 0 || n == cap(vm.frames) || cap(vm.framePool[k-1].Slots) < nslots {
		return vm.pushSimpleAlloc(f, base, lo, sp, callee, fn, co), true, nil
	}
	nf := vm.framePool[k-1]
	vm.framePool = vm.framePool[:k-1]
	ns := nf.Slots[:nslots]
	nf.Slots = ns
	frames := vm.frames[:n+1]
	frames[n] = nf
	vm.frames = frames
	// fillSimple, written out: it does not inline.
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, co, callee, fn.Globals
	nf.SP = co.NFixed
	// f's call region is emptied: its NULL slot and callee first (the
	// same slot for a method call), which frees their registers for the
	// arguments' move, then the arguments as they move.
	slots[base] = Value{}
	slots[lo-1] = Value{}
	f.SP = int32(base)
	switch sp - lo {
	case 1:
		// One or two arguments, the most frequent: no slices to make.
		ns[0] = slots[lo]
		slots[lo] = Value{}
	case 2:
		ns[0], ns[1] = slots[lo], slots[lo+1]
		slots[lo], slots[lo+1] = Value{}, Value{}
	default:
		src := slots[lo:sp:sp]
		dst := ns[:len(src)]
		for i := range src {
			dst[i] = src[i]
			src[i] = Value{}
		}
	}
	if cl := fn.Closure; len(cl) > 0 {
		cells := ns[co.NLocals:]
		for i := range cl {
			cells[i] = cl[i]
		}
	}
	return nf, true, nil
}

// pushSimpleAlloc is pushSimple's push when a frame must be made or the
// frame stack grown.
//
//go:noinline
func (vm *VM) pushSimpleAlloc(f *heap.Frame, base, lo, sp int, callee Value, fn *heap.Function, co *heap.CodeObj) *heap.Frame {
	nf := vm.allocFrame(int(co.NSlots))
	vm.frames = append(vm.frames, nf)
	fillSimple(nf, f.Slots, base, lo, sp, callee, fn, co)
	f.SP = int32(base)
	return nf
}

// fillSimple sets up nf, a frame from allocFrame, for the simple call of
// fn (code co, at callee) whose arguments are slots[lo:sp], and empties
// the call region slots[base:sp]. A frame from the pool has Locals and
// Gen Undef already (releaseFrame), as has a new one.
func fillSimple(nf *heap.Frame, slots []Value, base, lo, sp int, callee Value, fn *heap.Function, co *heap.CodeObj) {
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, co, callee, fn.Globals
	src := slots[lo:sp:sp]
	dst := nf.Slots[:len(src)]
	for i := range src {
		dst[i] = src[i]
		src[i] = Value{}
	}
	// Loops, not copy: a closure has a few cells, below memmove's call.
	if cl := fn.Closure; len(cl) > 0 {
		cells := nf.Slots[co.NLocals:]
		for i := range cl {
			cells[i] = cl[i]
		}
	}
	nf.SP = co.NFixed
	slots[base] = Value{}
	slots[base+1] = Value{} // the callee, or emptied above
}

// enterReady says the loop may enter a frame that a plain call or return
// just made the top one without the checks at its reload: no throw is
// pending and no preemption is due.
func (vm *VM) enterReady() bool {
	return vm.pendingThrow == nil && !vm.preemptDue
}

// callDefaults is callSimple's push of a call with fewer positional
// arguments (f's stack from lo to sp) than the simple function fn
// (code co) has parameters, the missing last ones taking fn's defaults:
// false, with nothing changed, when there are not enough defaults or a
// limit check is due (opCall then takes the call).
func (vm *VM) callDefaults(f *heap.Frame, base, lo, sp int, callee Value, fn *heap.Function, co *heap.CodeObj) bool {
	nargs := sp - lo
	defs := fn.Defaults
	missing := int(co.Simple) - 1 - nargs
	if missing > len(defs) || vm.fastPushDeclined() {
		return false
	}
	vm.steps++
	nf := vm.allocFrame(int(co.NSlots))
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, co, callee, fn.Globals
	nf.SP = co.NFixed
	// The slots below the arguments are emptied first, and the arguments
	// as they move: fewer values stay live across the copies.
	slots := f.Slots
	slots[base] = Value{}
	if lo > base+1 {
		slots[base+1] = Value{}
	}
	f.SP = int32(base)
	dst := nf.Slots
	src := slots[lo:sp:sp]
	for i := range src {
		dst[i] = src[i]
		src[i] = Value{}
	}
	rest := dst[nargs:]
	for i, v := range defs[len(defs)-missing:] {
		rest[i] = v
	}
	// Loops, not copy: a closure has a few cells, below memmove's call.
	if cl := fn.Closure; len(cl) > 0 {
		cells := dst[co.NLocals:]
		for i := range cl {
			cells[i] = cl[i]
		}
	}
	vm.frames = append(vm.frames, nf)
	return true
}

// simpleCall reports whether a call of code with n positional arguments
// and no keywords binds them as they are: exactly the parameters, no
// *args, **kwargs, keyword-only parameters or cells made from arguments,
// and not a generator or coroutine.
func simpleCall(code *compile.Code, n int) bool {
	return code.Flags&(compile.FlagVarArgs|compile.FlagVarKw|compile.FlagGenerator|compile.FlagCoroutine|compile.FlagAsyncGenerator) == 0 &&
		n == code.ArgCount && code.KwOnlyCount == 0 && len(code.Cellvars) == 0
}

// simpleFrame makes the frame of a call that simpleCall accepts, ready to
// push: its result is pushed on the caller's stack unless the caller
// sets Ret.
func (vm *VM) simpleFrame(fnv Value, fn *heap.Function, co *heap.CodeObj, args []Value) *heap.Frame {
	code := co.Code
	nloc := len(code.Varnames)
	f := vm.allocFrame(nloc + len(code.Freevars) + code.StackSize + 4)
	f.Code, f.C, f.Func, f.Globals = fn.Code, co, fnv, fn.Globals
	f.Locals, f.Gen = heap.Undef, heap.Undef
	for i, v := range args {
		f.Slots[i] = v
	}
	for i, v := range fn.Closure {
		f.Slots[nloc+i] = v
	}
	f.SP = int32(nloc + len(code.Freevars))
	return f
}

// pushQuick pushes the frame of a call of fn (at fnv; code co, whose
// Simple is len(args)+1) with args, delivering by ret, as callSimple
// pushes one: with pushFrame's checks when one is due (fastPushDeclined),
// whose error it returns with nothing pushed.
func (vm *VM) pushQuick(fnv Value, fn *heap.Function, co *heap.CodeObj, args []Value, ret heap.RetKind) error {
	if vm.fastPushDeclined() {
		nf := vm.simpleFrame(fnv, fn, co, args)
		nf.Ret = ret
		if err := vm.pushFrame(nf); err != nil {
			vm.releaseFrame(nf)
			return err
		}
		return nil
	}
	vm.steps++
	// A frame from the pool has Locals and Gen Undef already
	// (releaseFrame), as has a new one.
	nf := vm.allocFrame(int(co.NSlots))
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, co, fnv, fn.Globals
	nf.Ret = ret
	dst := nf.Slots[:len(args)]
	for i := range dst {
		dst[i] = args[i]
	}
	if len(fn.Closure) > 0 {
		copy(nf.Slots[co.NLocals:], fn.Closure)
	}
	nf.SP = co.NFixed
	vm.frames = append(vm.frames, nf)
	return nil
}

func (vm *VM) stopIteration(g *heap.Generator, v Value) error {
	if g.Kind == heap.GenAsyncGenerator {
		return vm.ErrorArgs(TStopAsyncIteration)
	}
	if v.K == heap.KNone {
		return vm.ErrorArgs(TStopIteration)
	}
	return vm.ErrorArgs(TStopIteration, v)
}

// deliver hands a finished call's value to the frame that asked for it.
func (vm *VM) deliver(caller *heap.Frame, ret heap.RetKind, retArg int32, aux [3]Value, v Value) error {
	switch ret {
	case heap.RetPush, heap.RetForIter, heap.RetExitWithExc, heap.RetHostCall:
		push(caller, v)
	case heap.RetDiscard, heap.RetExitWith, heap.RetSetItem:
	case heap.RetInit:
		if v.K != heap.KNone {
			return vm.TypeError("__init__() should return None, not '%s'", vm.TypeName(v))
		}
		push(caller, aux[0])
	case heap.RetMapDrive:
		return vm.mapDriveReturn(caller, retArg, aux, v)
	case heap.RetFilter:
		// The filter's item waits on the caller's stack, which is at
		// the instruction after its FOR_ITER.
		t, err := vm.Truth(v)
		if err != nil {
			return err
		}
		if !t {
			return vm.filterAgain(caller, retArg)
		}
	case heap.RetBool, heap.RetNotBool:
		var t bool
		switch v.K {
		case heap.KBool:
			t = v.N != 0
		default:
			n, err := vm.checkLen(v)
			if err != nil {
				return vm.TypeError("__bool__ should return bool, returned %s", vm.TypeName(v))
			}
			t = n > 0
		}
		push(caller, heap.Bool(t != (ret == heap.RetNotBool)))
	case heap.RetBinOp:
		if v == heap.NotImplemented {
			op := int(retArg)
			r, err := vm.binaryDunders(op&15, op&compile.BinInplace != 0, aux[0], aux[1], 1)
			if err != nil {
				return err
			}
			v = r
		}
		push(caller, v)
	case heap.RetCompare:
		if v == heap.NotImplemented {
			r, err := vm.compareDunders(int(retArg), aux[0], aux[1], 1)
			if err != nil {
				return err
			}
			v = r
		}
		push(caller, v)
	case heap.RetContains:
		t, err := vm.Truth(v)
		if err != nil {
			return err
		}
		push(caller, heap.Bool(t != (retArg == 1)))
	case heap.RetIterCheck:
		if !vm.isIterator(v) {
			return vm.TypeError("iter() returned non-iterator of type '%s'", vm.TypeName(v))
		}
		push(caller, v)
	case heap.RetStr:
		if _, ok := vm.StrOf(v); !ok {
			return vm.TypeError("__str__ returned non-string (type %s)", vm.TypeName(v))
		}
		push(caller, v)
	default:
		push(caller, v)
	}
	return nil
}
