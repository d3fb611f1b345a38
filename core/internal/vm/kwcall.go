package vm

import (
	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// Keyword calls of Python functions whose call site has a binding plan
// (heap.KwMap, made by kwPlan on the site's first call) are pushed here
// straight from the loop: the plan already says which parameter slot
// each keyword value goes to and which slots take defaults, so the push
// is a copy by the plan, as a positional call's is a plain copy. Anything
// the plan cannot prove (no plan yet, a name that does not bind, missing
// defaults, a limit check due) takes callKw, whose general path raises
// CPython's errors.

// findKwPlan is the plan of co for the call site known by key, with
// npos positional values and nkw keyword names; nil when there is none.
// key is the address of the first item of the site's constant names
// tuple (callPyBind), or of the constant itself in the calling code's
// Consts (pushKw), nil for a site with no keywords, known by npos
// alone: either is an address no other tuple can take while a plan
// holds it, and a code's constants never change.
func findKwPlan(co *heap.CodeObj, key *Value, npos, nkw int) *heap.KwMap {
	maps := co.KwMaps
	for i := range maps {
		if m := &maps[i]; m.Names == key && int(m.NPos) == npos && len(m.Slots) == nkw {
			return m
		}
	}
	return nil
}

// sitePlan is findKwPlan for pushKw's sites, known by the constant at
// kwp and n, the count of values passed: the constant decides how many
// of them are keywords (len(Slots)), so NPos follows.
func sitePlan(co *heap.CodeObj, kwp *Value, n int) *heap.KwMap {
	maps := co.KwMaps
	for i := range maps {
		if m := &maps[i]; m.Names == kwp && int(m.NPos)+len(m.Slots) == n {
			return m
		}
	}
	return nil
}

// newSitePlan makes the plan of co for pushKw's site at kwp (the names
// tuple constant) passing n values, nil when callPyBind would not bind
// the call (so no plan may vouch for it) or kwp is no names tuple.
//
//go:noinline
func (vm *VM) newSitePlan(co *heap.CodeObj, kwp *Value, n int) *heap.KwMap {
	code := co.Code
	if code.Flags&(compile.FlagVarArgs|compile.FlagVarKw|compile.FlagGenerator|compile.FlagCoroutine|compile.FlagAsyncGenerator) != 0 {
		return nil
	}
	t, ok := vm.H.Get(*kwp).(*heap.Tuple)
	if !ok || len(t.Items) == 0 || len(t.Items) > n || n-len(t.Items) > code.ArgCount {
		return nil
	}
	if co.Simple == 0 {
		shapeOf(co)
	}
	return vm.kwPlan(co, kwp, t.Items, n-len(t.Items))
}

// pushKw is the loop's CALL with the keyword names constant at kwp
// (argc values, f.PC and f.SP written back). When the callee is a Python
// function whose plan for this site binds, and no limit check,
// preemption or pending throw is due, it pushes the callee's frame by
// the plan (see pushByPlan), empties f's call region (f.SP its base) and
// returns the new frame for the loop to enter as it does after
// pushSimple. Any other call it hands to callKw, whose results it
// returns with a nil frame.
func (vm *VM) pushKw(f *heap.Frame, argc int, kwp *Value) (*heap.Frame, bool, error) {
	sp := int(f.SP)
	base := sp - argc - 2
	callee, lo := f.Slots[base], base+1
	if callee.K == heap.KUndef {
		callee, lo = f.Slots[base+1], base+2
	}
	fn, _ := vm.H.Get(callee).(*heap.Function)
	if fn == nil || fn.C == nil || !vm.enterReady() || vm.fastPushDeclined() {
		return vm.callKwNoFrame(f, argc, *kwp)
	}
	m := sitePlan(fn.C, kwp, sp-lo)
	if m == nil {
		m = vm.newSitePlan(fn.C, kwp, sp-lo)
	}
	if m == nil || m.Bad {
		return vm.callKwNoFrame(f, argc, *kwp)
	}
	nf := vm.pushByPlan(f, base, lo, fn, m)
	if nf == nil {
		return vm.callKwNoFrame(f, argc, *kwp)
	}
	return nf, true, nil
}

// callKwNoFrame is callKw with pushKw's results.
//
//go:noinline
func (vm *VM) callKwNoFrame(f *heap.Frame, argc int, kw Value) (*heap.Frame, bool, error) {
	done, err := vm.callKw(f, argc, kw)
	return nil, done, err
}

// pushByPlan pushes the frame of the call of fn whose arguments are
// f's slots[lo:f.SP], bound by the plan m of fn's code: the positional
// values first, each keyword value to its plan slot, the plan's unbound
// parameters from fn's defaults (planDefaults). It returns nil, with
// nothing changed, when a default is missing (the general path raises
// the TypeError). The callee is the slot below the arguments in both
// of CALL's layouts, [NULL, callee, args...] and [func, self, args...].
//
// A plan exists only for a code that callPyBind binds (no *args,
// **kwargs, generator or coroutine) and with NPos at most its ArgCount,
// so finding it has made callPyBind's shape checks; fn.C is the code
// object at fn.Code (codeOf), and shapeOf has filled its frame sizes
// (newSitePlan).
func (vm *VM) pushByPlan(f *heap.Frame, base, lo int, fn *heap.Function, m *heap.KwMap) *heap.Frame {
	co := fn.C
	nf := vm.allocFrame(int(co.NSlots))
	if len(m.Fill) > 0 && !vm.planDefaults(nf.Slots, fn, m) {
		// Nothing was written past the fixed slots, which release clears.
		nf.SP = co.NFixed
		vm.releaseFrame(nf)
		return nil
	}
	// The frame's header first and the slots below the arguments
	// emptied, so that the copies below keep fewer values live.
	slots := f.Slots
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, co, slots[lo-1], fn.Globals
	nf.SP = co.NFixed
	src := slots[lo:f.SP]
	slots[base] = Value{}
	if lo > base+1 {
		slots[base+1] = Value{}
	}
	f.SP = int32(base)
	// The arguments move to the new frame, and f's call region empties in
	// the same pass.
	dst := nf.Slots
	npos := int(m.NPos)
	for i := range src[:npos] {
		dst[i] = src[i]
		src[i] = Value{}
	}
	kwv := src[npos:]
	for i, j := range m.Slots[:len(kwv)] {
		dst[j] = kwv[i]
		kwv[i] = Value{}
	}
	if len(co.Code.Cellvars) > 0 {
		vm.argCells(dst, co)
	}
	if cl := fn.Closure; len(cl) > 0 {
		cells := dst[co.NFixed-int32(len(cl)):]
		for i := range cl {
			cells[i] = cl[i]
		}
	}
	vm.steps++
	vm.frames = append(vm.frames, nf)
	return nf
}

// planDefaults stores in dst, a new frame's slots, the defaults of fn
// for the parameters m.Fill that the call leaves unbound: the positional
// ones from fn.Defaults' last values, the keyword-only ones from
// __kwdefaults__, both read now since either may have been replaced or
// changed since the plan was made. false when one has no default.
func (vm *VM) planDefaults(dst []Value, fn *heap.Function, m *heap.KwMap) bool {
	fill := m.Fill
	np := int(m.NFillPos)
	if np > 0 {
		// The positional parameters to fill are the last ones unbound,
		// in order: if fn.Defaults covers the first, it covers them all.
		defs := fn.Defaults
		off := int(fn.C.Code.ArgCount) - len(defs)
		if int(fill[0]) < off {
			return false
		}
		for _, j := range fill[:np] {
			dst[j] = defs[int(j)-off]
		}
	}
	if np == len(fill) {
		return true
	}
	// kwDefaults' loop, written out here: the call costs more than the
	// lookups on this path.
	kwd, _ := vm.H.Get(fn.KwDefaults).(*heap.Dict)
	if kwd == nil {
		return false
	}
	names := fn.C.Code.Varnames
	hints := m.Hint[:len(fill)]
	for k := np; k < len(fill); k++ {
		j := fill[k]
		if h := uint(hints[k]); h < uint(len(kwd.Entries)) {
			if e := &kwd.Entries[h]; e.Key.K == heap.KRef {
				if s, ok := vm.H.Get(e.Key).(*heap.Str); ok && s.S == names[j] {
					dst[j] = e.Val
					continue
				}
			}
		}
		if !vm.kwDefault(kwd, names[j], &hints[k], &dst[j]) {
			return false
		}
	}
	return true
}

// argCells stores in dst, a new frame's slots with its arguments bound,
// the fresh cells of co's cell variables, those made from arguments
// holding the argument's value.
func (vm *VM) argCells(dst []Value, co *heap.CodeObj) {
	code := co.Code
	cells := dst[co.NLocals:]
	for i := range code.Cellvars {
		c := &heap.Cell{V: heap.Undef}
		if code.CellArgs != nil && code.CellArgs[i] >= 0 {
			c.V = dst[code.CellArgs[i]]
		}
		cells[i] = vm.H.Alloc(c)
	}
}

// callKw is CALL's fast path for a keyword call (kw the names tuple) of
// a Python function that callPyBind binds, of a builtin or of a builtin
// class: handled=false, with nothing changed, leaves the call to opCall;
// otherwise the callee's frame is pushed and f's call region released,
// or err says why not (for a builtin, as callBuiltinStack's).
func (vm *VM) callKw(f *heap.Frame, argc int, kw Value) (handled bool, err error) {
	sp, base, callee, lo := callRegion(f, argc)
	if callee.K != heap.KRef {
		return false, nil
	}
	fn, ok := vm.H.Get(callee).(*heap.Function)
	if !ok {
		// sorted(xs, key=k), print(s, end=""), dict(a=1): opCall's cases.
		switch o := vm.H.Get(callee).(type) {
		case *heap.Builtin:
			return true, vm.callBuiltinStack(f, base, o, f.Slots[lo:sp], vm.kwNames(kw))
		case *heap.Class:
			if ctor := vm.plainCtor(callee, o); ctor != nil {
				return true, vm.callCtorStack(f, base, callee, o, ctor, f.Slots[lo:sp], vm.kwNames(kw))
			}
		}
		return false, nil
	}
	names := vm.H.Get(kw).(*heap.Tuple).Items
	npos := sp - lo - len(names)
	done, err := vm.callPyBind(callee, fn, f.Slots[lo:lo+npos], names, f.Slots[lo+npos:sp])
	if !done || err != nil {
		return done, err
	}
	clearSlots(f.Slots, base, sp)
	f.SP = int32(base)
	return true, nil
}

// callPyBind is callPyFast for any call of a plain Python function
// without *args or **kwargs parameters: it binds the positional values
// pos, the keyword values kwv named by the strs kwn, the defaults and the
// cells straight into the new frame, with no argument slice or keyword
// list. ok=false (nothing changed) leaves the call, and any binding
// error, to the general path.
func (vm *VM) callPyBind(fnv Value, fn *heap.Function, pos, kwn, kwv []Value) (bool, error) {
	co := vm.codeOf(fn)
	code := co.Code
	nargs := code.ArgCount
	if code.Flags&(compile.FlagVarArgs|compile.FlagVarKw|compile.FlagGenerator|compile.FlagCoroutine|compile.FlagAsyncGenerator) != 0 ||
		len(pos) > nargs {
		return false, nil
	}
	if len(kwn) == 0 && simpleCall(code, len(pos)) {
		return vm.callPyFast(fnv, fn, co, pos)
	}
	total := nargs + code.KwOnlyCount
	nloc := len(code.Varnames)
	ncell := len(code.Cellvars) + len(code.Freevars)
	f := vm.allocFrame(nloc + ncell + code.StackSize + 4)
	f.SP = int32(nloc + ncell) // so that releaseFrame clears what binding wrote
	slots := f.Slots
	// Loops, not copy: a few values each, below memmove's call cost.
	for i, v := range pos {
		slots[i] = v
	}
	if len(kwn) > 0 || len(pos) < total {
		var key *Value
		if len(kwn) > 0 {
			key = &kwn[0]
		}
		m := vm.kwPlan(co, key, kwn, len(pos))
		if m.Bad {
			vm.releaseFrame(f)
			return false, nil
		}
		for i, j := range m.Slots {
			slots[j] = kwv[i]
		}
		// One pass over the unbound parameters, in order: the
		// positional ones take fn.Defaults' last values, the
		// keyword-only ones __kwdefaults__; read now, as either may
		// have been replaced since the plan was made.
		off := nargs - len(fn.Defaults)
		np := int(m.NFillPos)
		for _, j := range m.Fill[:np] {
			if int(j) < off {
				vm.releaseFrame(f)
				return false, nil
			}
			slots[j] = fn.Defaults[int(j)-off]
		}
		if np < len(m.Fill) && !vm.kwDefaults(fn, code, m, np, slots) {
			vm.releaseFrame(f)
			return false, nil
		}
	}
	for i := range code.Cellvars {
		c := &heap.Cell{V: heap.Undef}
		if code.CellArgs != nil && code.CellArgs[i] >= 0 {
			c.V = slots[code.CellArgs[i]]
		}
		slots[nloc+i] = vm.H.Alloc(c)
	}
	for i, v := range fn.Closure {
		slots[nloc+len(code.Cellvars)+i] = v
	}
	f.Code, f.C, f.Func, f.Globals = fn.Code, co, fnv, fn.Globals
	f.Locals, f.Gen = heap.Undef, heap.Undef
	f.SP = int32(nloc + ncell)
	if !vm.fastPushDeclined() {
		// pushFrame's checks, as callSimple makes them: none is due.
		vm.steps++
		vm.frames = append(vm.frames, f)
		return true, nil
	}
	if err := vm.pushFrame(f); err != nil {
		vm.releaseFrame(f)
		return true, err
	}
	return true, nil
}

// kwPlan returns the binding plan (heap.KwMap) of a call of co's code
// with npos positional values and the keyword names kwn, remembered per
// call site, which key names (see findKwPlan): a site passes the same
// constant tuple every time. Only the code decides the plan (a function
// whose __code__ is replaced has a new code object, hence new plans).
// Plans are made only for calls that callPyBind binds, once its shape
// checks have passed (callPyBind, newSitePlan): pushByPlan relies on it.
func (vm *VM) kwPlan(co *heap.CodeObj, key *Value, kwn []Value, npos int) *heap.KwMap {
	if m := findKwPlan(co, key, npos, len(kwn)); m != nil {
		return m
	}
	code := co.Code
	total := code.ArgCount + code.KwOnlyCount
	m := heap.KwMap{Names: key, NPos: int32(npos), Slots: make([]int32, len(kwn))}
	bound := make([]bool, total)
	for i := range bound[:npos] {
		bound[i] = true
	}
	for i, k := range kwn {
		m.Slots[i] = -1
		if s, ok := vm.H.Get(k).(*heap.Str); ok {
			for j := code.PosOnlyCount; j < total; j++ {
				if code.Varnames[j] == s.S {
					m.Slots[i] = int32(j)
					break
				}
			}
		}
		if j := m.Slots[i]; j < 0 || bound[j] {
			m.Bad = true
		} else {
			bound[j] = true
		}
	}
	for j := npos; j < total; j++ {
		if !bound[j] {
			m.Fill = append(m.Fill, int32(j))
		}
	}
	m.Hint = make([]int32, len(m.Fill))
	for _, j := range m.Fill {
		if int(j) < code.ArgCount {
			m.NFillPos++
		}
	}
	// A few sites per function; past that, start over rather than grow.
	if len(co.KwMaps) >= 8 {
		co.KwMaps = co.KwMaps[:0]
	}
	co.KwMaps = append(co.KwMaps, m)
	return &co.KwMaps[len(co.KwMaps)-1]
}

// kwDefaults stores in slots the keyword-only defaults of fn (code
// code) for the parameters m.Fill[np:], false when one has none. For
// each the entry m.Hint[k], where the site found the name last, is
// tried before kwDefault's scan: the functions of one code share the
// plan while their dicts may differ, and a dict may have changed, so it
// is only a guess, checked.
func (vm *VM) kwDefaults(fn *heap.Function, code *compile.Code, m *heap.KwMap, np int, slots []Value) bool {
	d, ok := vm.H.Get(fn.KwDefaults).(*heap.Dict)
	if !ok {
		return false
	}
	names := code.Varnames
	fill := m.Fill
	hints := m.Hint[:len(fill)]
	for k := np; k < len(fill); k++ {
		j := fill[k]
		if h := uint(hints[k]); h < uint(len(d.Entries)) {
			if e := &d.Entries[h]; e.Key.K == heap.KRef {
				if s, ok := vm.H.Get(e.Key).(*heap.Str); ok && s.S == names[j] {
					slots[j] = e.Val
					continue
				}
			}
		}
		if !vm.kwDefault(d, names[j], &hints[k], &slots[j]) {
			return false
		}
	}
	return true
}

// kwDefault stores in *slot the value of the str key name in the
// keyword-only defaults d, and its entry's index in *hint for the next
// call. The dict is tiny, so a scan comparing the strings beats
// interning name and probing.
func (vm *VM) kwDefault(d *heap.Dict, name string, hint *int32, slot *Value) bool {
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Key.K != heap.KRef {
			continue
		}
		if s, ok := vm.H.Get(e.Key).(*heap.Str); ok && s.S == name {
			*slot = e.Val
			*hint = int32(i)
			return true
		}
	}
	return false
}
