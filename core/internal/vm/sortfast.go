package vm

// Fast comparisons for sorting keys that are tuples, the shape of most
// key= functions (sort by (len(w), w), by (score, name), ...).

import (
	"runtime/debug"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// tupleKeysLess returns a less for keys that are all exact tuples, or nil.
// It compares like Python's tuple <: the first position where the items
// are not equal decides, by <; a tuple that is a prefix of the other is
// smaller. Items that are small ints, floats or exact strs are compared
// natively; anything else takes the general == and <.
func (vm *VM) tupleKeysLess(keys []Value) func(a, b int) (bool, error) {
	tuples := make([][]Value, len(keys))
	for i, k := range keys {
		if k.K != heap.KRef {
			return nil
		}
		t, ok := vm.H.Get(k).(*heap.Tuple)
		if !ok {
			return nil
		}
		tuples[i] = t.Items
	}
	if less := vm.tupleColumnsLess(tuples); less != nil {
		return less
	}
	return func(a, b int) (bool, error) { return vm.itemsLess(tuples[a], tuples[b]) }
}

// tupleColumnsLess returns a less for tuples of one length (at most 8)
// whose every position holds only small ints or only exact strs, or nil.
// The items are read out of the heap once, into a column per position,
// so a comparison touches no heap object; it decides exactly as
// itemsLess would: the first position that differs, by <.
func (vm *VM) tupleColumnsLess(tuples [][]Value) func(a, b int) (bool, error) {
	width := len(tuples[0])
	if width == 0 || width > 8 {
		return nil
	}
	var isStr [8]bool
	for p := 0; p < width; p++ {
		if v := tuples[0][p]; v.K == heap.KRef {
			if _, ok := vm.H.Get(v).(*heap.Str); !ok {
				return nil
			}
			isStr[p] = true
		} else if v.K != heap.KInt {
			return nil
		}
	}
	for _, t := range tuples {
		if len(t) != width {
			return nil
		}
		for p, v := range t {
			if isStr[p] {
				if v.K != heap.KRef {
					return nil
				}
				if _, ok := vm.H.Get(v).(*heap.Str); !ok {
					return nil
				}
			} else if v.K != heap.KInt {
				return nil
			}
		}
	}
	// The columns: 16 bytes an item at most, beyond sortWithKeys' reservation.
	if vm.reserveMul(16*int64(width), int64(len(tuples))) != nil {
		return nil
	}
	n := len(tuples)
	var ints [8][]int64
	var strs [8][]string
	for p := 0; p < width; p++ {
		if isStr[p] {
			col := make([]string, n)
			for i, t := range tuples {
				col[i] = vm.H.Get(t[p]).(*heap.Str).S
			}
			strs[p] = col
		} else {
			col := make([]int64, n)
			for i, t := range tuples {
				col[i] = t[p].I()
			}
			ints[p] = col
		}
	}
	if width == 1 || (width >= 2 && !isStr[0]) {
		// The usual shape leads with an int: decided there most of the time.
		first := ints[0]
		return func(a, b int) (bool, error) {
			if first != nil {
				if x, y := first[a], first[b]; x != y {
					return x < y, nil
				}
			}
			return columnsLess(&ints, &strs, width, a, b), nil
		}
	}
	return func(a, b int) (bool, error) { return columnsLess(&ints, &strs, width, a, b), nil }
}

// columnsLess compares rows a and b of the columns of tupleColumnsLess.
func columnsLess(ints *[8][]int64, strs *[8][]string, width, a, b int) bool {
	for p := 0; p < width; p++ {
		if col := ints[p]; col != nil {
			if x, y := col[a], col[b]; x != y {
				return x < y
			}
			continue
		}
		col := strs[p]
		if x, y := col[a], col[b]; x != y {
			return x < y // UTF-8 byte order is code point order
		}
	}
	return false
}

// itemsLess is x < y for the items of two tuples.
func (vm *VM) itemsLess(x, y []Value) (bool, error) {
	n := min(len(x), len(y))
	for i := 0; i < n; i++ {
		a, b := x[i], y[i]
		if a == b {
			continue // identical items are equal, as in CPython's containers
		}
		switch {
		case a.K == heap.KInt && b.K == heap.KInt:
			return a.I() < b.I(), nil
		case a.K == heap.KFloat && b.K == heap.KFloat:
			if fa, fb := a.F(), b.F(); fa != fb {
				return fa < fb, nil
			}
			continue
		case a.K == heap.KRef && b.K == heap.KRef:
			sa, oka := vm.H.Get(a).(*heap.Str)
			sb, okb := vm.H.Get(b).(*heap.Str)
			if oka && okb {
				if sa.S != sb.S {
					return sa.S < sb.S, nil // UTF-8 byte order is code point order
				}
				continue
			}
		}
		eq, err := vm.Eq(a, b)
		if err != nil {
			return false, err
		}
		if !eq {
			return vm.Compare(compile.CmpLt, a, b)
		}
	}
	return len(x) < len(y), nil
}

// instanceKeysLess returns a less for keys that are all instances of
// user classes sharing one plain Python __lt__ and none overriding
// __gt__, or nil. Then a < b is exactly that function's verdict (the
// reflected __gt__ CPython tries first for a subclass operand is
// object's, which declines), so it is called directly: no dunder
// lookups and no bound method per comparison. NotImplemented ends as
// CPython does, in the TypeError of the default comparison.
func (vm *VM) instanceKeysLess(keys []Value) func(a, b int) (bool, error) {
	ltName, gtName := vm.Intern("__lt__"), vm.Intern("__gt__")
	var lt Value
	var classes []Value
	for _, k := range keys {
		if k.K != heap.KRef {
			return nil
		}
		o, ok := vm.H.Get(k).(*heap.Instance)
		if !ok || o.Prim.K != heap.KUndef || o.Exc != nil {
			return nil
		}
		known := false
		for _, c := range classes {
			if c == o.Class {
				known = true
				break
			}
		}
		if known {
			continue
		}
		if len(classes) == 8 {
			return nil
		}
		fn := vm.cachedClassLookup(o.Class, ltName)
		if !vm.isPyFunc(fn) || (lt.K != heap.KUndef && fn != lt) {
			return nil
		}
		if g := vm.cachedClassLookup(o.Class, gtName); g.K != heap.KUndef && !vm.isBuiltinOf(g, TObject) {
			return nil
		}
		lt = fn
		classes = append(classes, o.Class)
	}
	if lt.K == heap.KUndef {
		return nil
	}
	fn, _ := vm.H.Get(lt).(*heap.Function)
	// co is fn's code when its frame is made straight from the two keys
	// (simpleCall); fn.C changes only if __code__ is assigned, which
	// callLtNested then answers.
	co := fn.C
	if co == nil {
		co = vm.codeOf(fn)
	}
	if co.Simple == 0 {
		shapeOf(co)
	}
	if co.Simple != 3 {
		co = nil
	}
	ep := vm.epoch
	var buf [2]Value
	return func(a, b int) (bool, error) {
		if vm.epoch != ep {
			// A class changed during the sort (__lt__ replaced,
			// __gt__ added ...): the general comparison from now on.
			return vm.Compare(compile.CmpLt, keys[a], keys[b])
		}
		var r Value
		var err error
		if fn.C == co && co != nil && vm.enterCQuick() {
			// callLtNested's common case, inline.
			depth := len(vm.frames)
			vm.nested++
			vm.safeAllocs = 0 // Python code may drop what the operation holds (see openSafe)
			if vm.pushLt(lt, fn, co, keys[a], keys[b]) {
				r, err = vm.runUnguarded(depth)
			} else {
				buf[0], buf[1] = keys[a], keys[b]
				if err = vm.pushQuick(lt, fn, co, buf[:], heap.RetNested); err == nil {
					r, err = vm.runUnguarded(depth)
				}
			}
			vm.nested--
			vm.leaveC()
		} else {
			buf[0], buf[1] = keys[a], keys[b]
			r, err = vm.callLtNested(lt, fn, buf[:])
		}
		if err != nil {
			return false, err
		}
		switch r.K {
		case heap.KBool:
			return r.N != 0, nil
		case heap.KNotImplemented:
			_, err := vm.compareDefault(compile.CmpLt, keys[a], keys[b])
			return false, err
		}
		return vm.Truth(r)
	}
}

// pushLt is pushQuick(fnv, fn, co, [x, y], RetNested) for a sort's
// __lt__ (fn at fnv, whose code co takes exactly its two operands) when
// no limit check is due (fastPushDeclined) and a pooled frame has room:
// the two operands go straight into the frame, without pushQuick's
// argument slice or allocFrame's call. false (nothing done) leaves the
// push to pushQuick.
func (vm *VM) pushLt(fnv Value, fn *heap.Function, co *heap.CodeObj, x, y Value) bool {
	k, n := len(vm.framePool), len(vm.frames)
	if k == 0 || cap(vm.framePool[k-1].Slots) < int(co.NSlots) || n == cap(vm.frames) || vm.fastPushDeclined() {
		return false
	}
	vm.steps++
	// A pooled frame has Locals and Gen Undef and its slots empty
	// (releaseFrame).
	nf := vm.framePool[k-1]
	vm.framePool = vm.framePool[:k-1]
	nf.Slots = nf.Slots[:co.NSlots]
	vm.frames = vm.frames[:n+1]
	vm.frames[n] = nf
	nf.Code, nf.C, nf.Func, nf.Globals = fn.Code, co, fnv, fn.Globals
	nf.Ret = heap.RetNested
	s := nf.Slots[:2]
	s[0], s[1] = x, y
	if cl := fn.Closure; len(cl) > 0 {
		cells := nf.Slots[co.NLocals:]
		for i := range cl {
			cells[i] = cl[i]
		}
	}
	nf.SP = co.NFixed
	return true
}

// callLtNested is callNested(fnv, args) for the Python function fn at
// fnv, with its frame made directly when the arguments are exactly its
// parameters (simpleCall): a sort's comparisons skip the general call's
// dispatch and binding. Its frames run in runUnguarded: it is called only
// under sortGuarded, which recovers a Go panic once per sort.
func (vm *VM) callLtNested(fnv Value, fn *heap.Function, args []Value) (Value, error) {
	co := fn.C
	if co == nil {
		co = vm.codeOf(fn)
	}
	if co.Simple == 0 {
		shapeOf(co)
	}
	if int(co.Simple) != len(args)+1 {
		return vm.callNested(fnv, args, nil)
	}
	depth := len(vm.frames)
	if !vm.enterCQuick() {
		if err := vm.enterC(" while calling a Python object"); err != nil {
			return heap.Undef, err
		}
	}
	vm.nested++
	vm.safeAllocs = 0 // Python code may drop what the operation holds (see openSafe)
	var r Value
	err := vm.pushQuick(fnv, fn, co, args, heap.RetNested)
	if err == nil {
		r, err = vm.runUnguarded(depth)
	}
	vm.nested--
	vm.leaveC()
	return r, err
}

// runUnguarded is run without guardedLoop's recovery, which costs a
// deferred closure and a copy of the call state per call: a sort calling
// __lt__ a million times pays that once instead, in sortGuarded. Only
// code running under sortGuarded may call it.
func (vm *VM) runUnguarded(base int) (Value, error) {
	for {
		v, done, err := vm.loop(base)
		if done {
			return v, err
		}
		if err != nil {
			switch e := err.(type) {
			case *Fatal, *Suspended:
				return heap.Undef, err
			case *panicError:
				// A guarded nested run below (a dunder called from
				// Go) made it: an exception like any other here.
				err = e.Exception
			}
			if v, done, err2 := vm.unwind(base, err); done {
				return v, err2
			}
		}
	}
}

// sortGuarded is ctSort(idx, less) for a less that runs Python code in
// runUnguarded. A Go panic below (a bug of ours, see panics.go) is
// recovered here, once per sort, and the sort fails with a SystemError
// that names the sort, raised in the frame that called it. Compared with
// the per-call recovery of guardedLoop, what Python code can observe of
// such a panic differs in this only: the frames the comparison had
// running (its __lt__ and what that called) are discarded without
// running their except or finally blocks, so the SystemError cannot be
// caught inside __lt__ and its traceback starts at the sort's caller.
func (vm *VM) sortGuarded(idx []int, less func(a, b int) bool) (err error) {
	depth := len(vm.frames)
	saved := vm.saveCallState()
	nested, handled := vm.nested, vm.handled
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		stack := debug.Stack()
		vm.discardFrames(depth)
		vm.restoreCallState(saved)
		vm.nested, vm.handled = nested, handled
		site := vm.panicSite()
		vm.logPanic(site, r, stack)
		err = vm.systemError(site)
		if pe, ok := err.(*panicError); ok {
			err = pe.Exception
		}
	}()
	ctSort(idx, less)
	return nil
}

// discardFrames pops the frames above depth that a panic left, ending
// the generators among them as an exception leaving them would.
func (vm *VM) discardFrames(depth int) {
	for len(vm.frames) > depth {
		f := vm.frames[len(vm.frames)-1]
		vm.popFrame()
		if f == nil || f.Gen.K != heap.KRef {
			continue
		}
		if g, ok := vm.H.Get(f.Gen).(*heap.Generator); ok {
			g.State = heap.GenDone
			g.Frame = nil
			g.ExcSave = heap.Undef
			vm.H.Touch(f.Gen)
		}
	}
}

// sortedByAttr is sorted(seq, key=lambda x: x.NAME) for an exact list or
// tuple whose every item keyAttr answers: the keys are read from the
// items' dicts, exactly what the key function would return, without a
// call per item. ok=false (nothing done) leaves the sort to the general
// path, which calls the key function.
func (vm *VM) sortedByAttr(seq, key Value, reverse bool) (out []Value, ok bool, err error) {
	if seq.K != heap.KRef {
		return nil, false, nil
	}
	var items []Value
	switch o := vm.H.Get(seq).(type) {
	case *heap.List:
		items = o.Items
	case *heap.Tuple:
		items = o.Items
	default:
		return nil, false, nil
	}
	keys, ok := vm.attrKeys(items, key)
	if !ok {
		return nil, false, nil
	}
	out, err = vm.sortWithKeys(append([]Value(nil), items...), keys, reverse)
	return out, true, err
}

// attrKeys is the keys key=lambda x: x.NAME would give items, read from
// the items' dicts (keyAttr), or ok=false when the function must be
// called for some item. It runs no Python code.
func (vm *VM) attrKeys(items []Value, key Value) ([]Value, bool) {
	ka := vm.newKeyAttr(key)
	if ka == nil {
		return nil, false
	}
	keys := make([]Value, len(items))
	for i, it := range items {
		v, ok := ka.get(vm, it)
		if !ok {
			return nil, false
		}
		keys[i] = v
	}
	return keys, true
}

// listSortByAttr is list.sort(key=lambda x: x.NAME) on l (the list lv)
// when attrKeys answers every item: the list is empty while the keys
// are compared (as CPython's is), and a comparison that filled it makes
// "list modified during sort". ok=false leaves the sort untouched.
func (vm *VM) listSortByAttr(l *heap.List, lv, key Value, reverse bool) (ok bool, err error) {
	keys, ok := vm.attrKeys(l.Items, key)
	if !ok {
		return false, nil
	}
	return true, vm.sortListInPlace(l, lv, func(items []Value) ([]Value, error) {
		return vm.sortWithKeys(items, keys, reverse)
	})
}

// keyAttr answers a key function whose whole body is `return x.NAME`
// (key=lambda s: s.score, the commonest key) without calling it, for
// items that are plain instances holding NAME in their dict: then the
// function could only have returned that entry. NAME is no dunder; the
// item's class keeps object's __getattribute__ and has no data
// descriptor named NAME. Any other item needs the call.
type keyAttr struct {
	name Value
	hash int64
	// The class last checked, and whether its instances qualify.
	cls Value
	ok  bool
}

// newKeyAttr returns the keyAttr of the key function fn, or nil.
func (vm *VM) newKeyAttr(fn Value) *keyAttr {
	name, ok := vm.accessorName(fn, false)
	if !ok {
		return nil
	}
	if s := vm.MustStr(name); len(s) >= 2 && s[:2] == "__" {
		return nil
	}
	return &keyAttr{name: name, hash: vm.StrHash(name)}
}

// get is x.NAME read from the item's dict, ok=false if the key function
// must be called. No Python code runs between the calls of one keyAttr,
// so a class's verdict holds for all of them.
func (ka *keyAttr) get(vm *VM, x Value) (Value, bool) {
	if x.K != heap.KRef {
		return heap.Undef, false
	}
	o, ok := vm.H.Get(x).(*heap.Instance)
	if !ok || o.Exc != nil || o.Prim.K != heap.KUndef {
		return heap.Undef, false
	}
	if o.Class != ka.cls {
		c := vm.ClassOf(o.Class)
		ka.cls = o.Class
		ka.ok = c != nil && c.Flags&ClassGetattribute == 0 && !vm.isDataDescriptor(vm.cachedClassLookup(o.Class, ka.name))
	}
	if !ka.ok {
		return heap.Undef, false
	}
	d := vm.instDict(o)
	if d == nil {
		return heap.Undef, false
	}
	i, _ := d.Lookup(ka.name, ka.hash, vm.StrEq)
	if i < 0 {
		return heap.Undef, false
	}
	return d.Entries[i].Val, true
}
