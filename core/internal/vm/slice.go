package vm

// Slices: the slice type and the index arithmetic every sequence uses.

import (
	"math"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

func sliceField(which int) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, ok := vm.ctSliceOf(self)
		if !ok {
			return heap.Undef, vm.TypeError("descriptor requires a 'slice' object")
		}
		switch which {
		case 0:
			return s.Start, nil
		case 1:
			return s.Stop, nil
		}
		return s.Step, nil
	}
}

func sliceIndicesM(vm *VM, self Value, a Args) (Value, error) {
	var lengthArg Value
	if err := vm.UnpackArgs("indices", a, nil, 1, &lengthArg); err != nil {
		return heap.Undef, err
	}
	if sl, ok := vm.refObj(self).(*heap.Slice); ok {
		if r, ok, err := vm.bigSliceIndices(sl, lengthArg); ok || err != nil {
			return r, err // bigindex.go
		}
	}
	n, err := vm.ctIntArg(lengthArg)
	if err != nil {
		return heap.Undef, err
	}
	if n < 0 {
		return heap.Undef, vm.ValueError("length should not be negative")
	}
	start, stop, step, _, err := vm.SliceIndices(self, int(n))
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewTuple([]Value{heap.Int(int64(start)), heap.Int(int64(stop)), heap.Int(int64(step))}), nil
}

func sliceCtor(vm *VM, cls Value, a Args) (Value, error) {
	if err := vm.NoKwargs("slice", a); err != nil {
		return heap.Undef, err
	}
	if err := vm.ArgCount("slice", a, 1, 3); err != nil {
		return heap.Undef, err
	}
	s := &heap.Slice{Start: heap.None, Stop: heap.None, Step: heap.None}
	switch len(a.Pos) {
	case 1:
		s.Stop = a.Pos[0]
	case 2:
		s.Start, s.Stop = a.Pos[0], a.Pos[1]
	case 3:
		s.Start, s.Stop, s.Step = a.Pos[0], a.Pos[1], a.Pos[2]
	}
	return vm.H.Alloc(s), nil
}

// startStopStep is the start, stop and step properties of slice and
// range; field(i) reads the i-th of them.
func startStopStep(field func(which int) BuiltinFn) []MethodDef {
	return []MethodDef{
		{Name: "start", Fn: field(0), Kind: KindProperty},
		{Name: "stop", Fn: field(1), Kind: KindProperty},
		{Name: "step", Fn: field(2), Kind: KindProperty},
	}
}

func init() {
	AddMethods(TSlice, append(startStopStep(sliceField), []MethodDef{
		{Name: "indices", Fn: sliceIndicesM},
		{Name: "__repr__", Fn: ctReprMethod},
	}...))
	RegisterConstructor(TSlice, sliceCtor)
}

// sliceOf returns the slice object behind v.
func (vm *VM) ctSliceOf(v Value) (s *heap.Slice, ok bool) { s, ok = vm.refObj(v).(*heap.Slice); return }

// sliceBound converts one field of a slice (not None) to an int64,
// clamping huge ints like CPython's _PyEval_SliceIndex.
func (vm *VM) ctSliceBound(v Value) (int64, error) {
	if v.K == heap.KInt { // the common case, without a call
		return v.I(), nil
	}
	if v.K == heap.KRef {
		if b, ok := vm.BigOf(v); ok && !b.IsInt64() {
			if b.Sign() < 0 {
				return math.MinInt64, nil
			}
			return math.MaxInt64, nil
		}
	}
	i, ok := vm.IndexOf(v)
	if !ok {
		return 0, vm.TypeError("slice indices must be integers or None or have an __index__ method")
	}
	return i, nil
}

// sliceUnpack is PySlice_Unpack: the raw start, stop and step with None
// replaced by the defaults for the step's direction.
func (vm *VM) sliceUnpack(s *heap.Slice) (start, stop, step int64, err error) {
	return vm.sliceUnpackBounds(s.Start, s.Stop, s.Step)
}

// sliceUnpackBounds is sliceUnpack of the slice lo:hi:by.
func (vm *VM) sliceUnpackBounds(lo, hi, by Value) (start, stop, step int64, err error) {
	step = 1
	if by.K != heap.KNone {
		if step, err = vm.ctSliceBound(by); err != nil {
			return
		}
		if step == 0 {
			err = vm.ValueError("slice step cannot be zero")
			return
		}
		if step < -math.MaxInt64 {
			step = -math.MaxInt64
		}
	}
	if lo.K == heap.KNone {
		if step < 0 {
			start = math.MaxInt64
		} else {
			start = 0
		}
	} else if start, err = vm.ctSliceBound(lo); err != nil {
		return
	}
	if hi.K == heap.KNone {
		if step < 0 {
			stop = math.MinInt64
		} else {
			stop = math.MaxInt64
		}
	} else if stop, err = vm.ctSliceBound(hi); err != nil {
		return
	}
	return
}

// opBuildSlice is BUILD_SLICE. For obj[a:b] of a list or tuple it
// slices here and skips the BINARY_SUBSCR that follows, rather than
// allocate a slice object for it. The quickened arg may carry
// compile.QuickSliceTemp or QuickSliceTempUse (see sliceScratch).
func (vm *VM) opBuildSlice(f *heap.Frame, arg int) {
	instrs := f.C.Code.Instrs
	var step Value = heap.None
	if arg&compile.QuickSliceArgs == 3 {
		step = pop(f)
	}
	stop := pop(f)
	start := pop(f)
	if int(f.PC) < len(instrs) {
		switch instrs[f.PC].Op() {
		case compile.BINARY_SUBSCR:
			if r, ok := vm.sliceSeqFast(f.Slots[f.SP-1], start, stop, step, arg&compile.QuickSliceTemp != 0); ok {
				f.Slots[f.SP-1] = r
				f.PC++
				return
			}
		case compile.STORE_SUBSCR:
			// [v, obj] are below the bounds.
			v := f.Slots[f.SP-2]
			if vm.sliceStoreFast(f.Slots[f.SP-1], v, start, stop, step) {
				if arg&compile.QuickSliceTempUse != 0 {
					vm.sliceTmp.release(v)
				}
				f.SP -= 2
				f.Slots[f.SP], f.Slots[f.SP+1] = Value{}, Value{}
				f.PC++
				return
			}
			if v == vm.sliceTmp.h {
				// The general store may keep the temporary: never
				// reuse it.
				vm.sliceTmp = sliceScratch{}
			}
		case compile.DELETE_SUBSCR:
			if vm.sliceDelFast(f.Slots[f.SP-1], start, stop, step) {
				f.SP--
				f.Slots[f.SP] = Value{}
				f.PC++
				return
			}
		}
	}
	push(f, vm.H.Alloc(&heap.Slice{Start: start, Stop: stop, Step: step}))
}

// sliceScratch is the list that the slice temporaries of a[i:j] =
// b[p:q] are made in (compile.QuickSliceTemp marks the slice of b, the
// store's BUILD_SLICE QuickSliceTempUse): once the fast slice store has
// copied its items, nothing can reach the temporary, so the next marked
// slice fills it again instead of allocating a list. It is an ordinary
// heap list on the stack in between, so dumps see nothing special; a
// collection that frees it (it is garbage once released) or a
// different heap makes it unusable, which reuse checks. Only the VM's
// Go state holds it: a loaded session starts without one.
type sliceScratch struct {
	h    Value
	l    *heap.List
	heap *heap.Heap
	// free says the temporary has been consumed and may be refilled.
	free bool
}

// sliceScratchCap is the capacity of a scratch list; longer slices are
// made as ordinary lists.
const sliceScratchCap = 16

// release frees the scratch list for reuse if v is it, just consumed by
// its marked store.
func (s *sliceScratch) release(v Value) {
	if v == s.h && s.l != nil {
		s.free = true
	}
}

// tempList returns a list of n items for a marked slice temporary: the
// scratch list if it is free and still the heap's object at its handle,
// else a new one that becomes the scratch list.
func (vm *VM) tempList(n int) (Value, *heap.List) {
	s := &vm.sliceTmp
	if n > sliceScratchCap || vm.rec != nil {
		// While the module base is built (vm.rec), allocate as the
		// plain slice does, so that the base image does not depend on
		// the scratch list.
		l := heap.NewListLen(n)
		return vm.H.Alloc(l), l
	}
	if s.free && s.heap == vm.H && vm.H.At(s.h.H()) == heap.Object(s.l) {
		s.free = false
		s.l.Items = s.l.Items[:n]
		vm.H.Touch(s.h)
		return s.h, s.l
	}
	l := heap.NewListLen(sliceScratchCap)
	l.Items = l.Items[:n]
	v := vm.H.Alloc(l)
	*s = sliceScratch{h: v, l: l, heap: vm.H}
	return v, l
}

// sliceSeqFast is obj[lo:hi:by] for an exact list, tuple or str and bounds
// that are ints or None, made without the slice object BUILD_SLICE
// would allocate; ok is false, and nothing done, for anything else. temp
// says a list result is a marked temporary (see sliceScratch).
func (vm *VM) sliceSeqFast(obj, lo, hi, by Value, temp bool) (r Value, ok bool) {
	if !intOrNone(lo, hi, by) || obj.K != heap.KRef {
		return heap.Undef, false
	}
	var items []Value
	list := false
	switch o := vm.H.Get(obj).(type) {
	case *heap.List:
		items, list = o.Items, true
	case *heap.Tuple:
		items = o.Items
	case *heap.Str:
		return vm.strSliceFast(obj, o, lo, hi, by)
	default:
		return heap.Undef, false
	}
	start, stop, step, err := vm.sliceUnpackBounds(lo, hi, by)
	if err != nil {
		// A zero step: the general path raises.
		return heap.Undef, false
	}
	start, _, n := ctAdjustSlice(int64(len(items)), start, stop, step)
	if !list && step == 1 && int(n) == len(items) {
		return obj, true
	}
	if list {
		if temp {
			r, l := vm.tempList(int(n))
			ctSliceInto(l.Items, items, int(start), int(step))
			return r, true
		}
		l := heap.NewListLen(int(n))
		ctSliceInto(l.Items, items, int(start), int(step))
		return vm.H.Alloc(l), true
	}
	return vm.NewTuple(ctSliceItems(items, int(start), int(step), int(n))), true
}

// strSliceFast is s[lo:hi:by] for an exact str and int or None bounds,
// without a slice object; ok is false for a zero step. obj is s's value:
// as in CPython, a whole slice of an exact str is the str itself.
func (vm *VM) strSliceFast(obj Value, s *heap.Str, lo, hi, by Value) (Value, bool) {
	start, stop, step, err := vm.sliceUnpackBounds(lo, hi, by)
	if err != nil {
		return heap.Undef, false
	}
	n := strRuneLen(s)
	s64, e64, c64 := ctAdjustSlice(int64(n), start, stop, step)
	i, j, cnt := int(s64), int(e64), int(c64)
	switch {
	case cnt == 0:
		return vm.Intern(""), true
	case step == 1 && cnt == n:
		return obj, true
	case n != len(s.S):
		return vm.newStrN(pystr.Slice(s.S, i, j, int(step)), cnt), true
	case step == 1:
		return vm.newStrN(s.S[i:j], cnt), true
	}
	// An ASCII str with a step: the bytes go straight into the new
	// str's own buffer.
	o, buf := vm.strBuf(cnt)
	if step == -1 {
		// s[::-1] and friends: indices i down to i-cnt+1.
		src := s.S[i-cnt+1 : i+1]
		for k := range buf {
			buf[k] = src[len(src)-1-k]
		}
	} else {
		for k, p := 0, i; k < cnt; k, p = k+1, p+int(step) {
			buf[k] = s.S[p]
		}
	}
	return vm.sealStr(o, buf, cnt), true
}

// intOrNone reports whether every bound is an int or None, the bounds the
// fused slice paths resolve without a call.
func intOrNone(lo, hi, by Value) bool {
	return (lo.K == heap.KInt || lo.K == heap.KNone) &&
		(hi.K == heap.KInt || hi.K == heap.KNone) &&
		(by.K == heap.KInt || by.K == heap.KNone)
}

// exactList returns the list behind v if v is an exact list (not an
// instance of a subclass, whose dunders may be overridden).
func (vm *VM) exactList(v Value) (*heap.List, bool) {
	if v.K != heap.KRef {
		return nil, false
	}
	l, ok := vm.H.Get(v).(*heap.List)
	return l, ok
}

// sliceStoreFast is obj[lo:hi:by] = v for an exact list obj, an exact
// list or tuple v and int or None bounds, done without a slice object
// and, where the list's storage allows, in place. ok is false, and
// nothing done, for anything else, including every case that raises, so
// that the general path reports it.
func (vm *VM) sliceStoreFast(obj, v, lo, hi, by Value) bool {
	if !intOrNone(lo, hi, by) {
		return false
	}
	l, ok := vm.exactList(obj)
	if !ok || v.K != heap.KRef {
		return false
	}
	var src []Value
	switch o := vm.H.Get(v).(type) {
	case *heap.List:
		src = o.Items
	case *heap.Tuple:
		src = o.Items
	default:
		return false
	}
	start, stop, step, err := vm.sliceUnpackBounds(lo, hi, by)
	if err != nil {
		return false // a zero step: the general path raises
	}
	s64, e64, n64 := ctAdjustSlice(int64(len(l.Items)), start, stop, step)
	return vm.listAssignSlice(obj, l, src, v == obj, int(s64), int(e64), int(step), int(n64))
}

// listAssignSlice stores src into the slice start:stop:step (n items,
// as ctAdjustSlice resolved it) of the list l (whose value is lv), in
// place where the list's storage allows, and reports true; aliased says
// src is l's own items. It reports false, having done nothing, for the
// cases its caller must handle: an extended slice of another size (an
// error) and l's own items assigned where moving them would change what
// src reads.
func (vm *VM) listAssignSlice(lv Value, l *heap.List, src []Value, aliased bool, start, stop, step, n int) bool {
	items := l.Items
	i := start
	if step != 1 {
		if len(src) != n || aliased {
			return false
		}
		if n > 0 && max(i, i+(n-1)*step) >= len(items) {
			// The list shrank while an iterable was unpacked: leave the
			// error to the caller rather than write past the end.
			return false
		}
		for k, j := 0, i; k < n; k, j = k+1, j+step {
			items[j] = src[k]
		}
		vm.H.Touch(lv)
		return true
	}
	// Clipped again, as CPython's list_ass_slice does, for a list that
	// changed size while an iterable was unpacked.
	i = min(i, len(items))
	j := min(max(stop, i), len(items))
	m := len(src)
	switch {
	case m == j-i:
		// Same length: overwrite in place; copy handles src being the
		// list's own items.
		copy(items[i:], src)
	case aliased:
		// a[i:j] = a changing its length moves the items src reads.
		return false
	case m < j-i:
		// Shrinks: close the gap, then clear the freed tail so that it
		// keeps nothing alive.
		copy(items[i:], src)
		tail := copy(items[i+m:], items[j:])
		newLen := i + m + tail
		clear(items[newLen:])
		l.Items = items[:newLen]
	default:
		newLen := len(items) + m - (j - i)
		if newLen <= cap(items) {
			grown := items[:newLen]
			copy(grown[i+m:], items[j:])
			copy(grown[i:], src)
			l.Items = grown
		} else {
			// Room to spare, as CPython's list_resize leaves, so that
			// growing a list by slice assignment is not quadratic.
			out := make([]Value, newLen, newLen+newLen>>3+6)
			copy(out, items[:i])
			copy(out[i:], src)
			copy(out[i+m:], items[j:])
			vm.H.Grew(16 * (cap(out) - cap(items)))
			l.Items = out
		}
	}
	vm.H.Touch(lv)
	return true
}

// sliceDelFast is del obj[lo:hi:by] for an exact list and int or None
// bounds, without a slice object; ok is false, and nothing done, for
// anything else.
func (vm *VM) sliceDelFast(obj, lo, hi, by Value) bool {
	if !intOrNone(lo, hi, by) {
		return false
	}
	l, ok := vm.exactList(obj)
	if !ok {
		return false
	}
	start, stop, step, err := vm.sliceUnpackBounds(lo, hi, by)
	if err != nil {
		return false
	}
	s, _, n := ctAdjustSlice(int64(len(l.Items)), start, stop, step)
	if n == 0 {
		return true
	}
	l.Items = ctDeleteIndices(l.Items, int(s), int(step), int(n))
	vm.H.Touch(obj)
	return true
}

// ctClipSliceBound clips a slice's start or stop i to a sequence of the
// given length: a negative i counts from the end, and out of range it
// stops just outside the items, on the side step walks towards.
func ctClipSliceBound(i, length, step int64) int64 {
	if i < 0 {
		i += length
		if i < 0 {
			if step < 0 {
				return -1
			}
			return 0
		}
	} else if i >= length {
		if step < 0 {
			return length - 1
		}
		return length
	}
	return i
}

// adjustSlice is PySlice_AdjustIndices: it clips start and stop to a
// sequence of the given length and returns the number of items.
func ctAdjustSlice(length, start, stop, step int64) (int64, int64, int64) {
	start, stop = ctClipSliceBound(start, length, step), ctClipSliceBound(stop, length, step)
	var n int64
	if step < 0 {
		if stop < start {
			n = (start-stop-1)/(-step) + 1
		}
	} else if start < stop {
		n = (stop-start-1)/step + 1
	}
	return start, stop, n
}

// SliceIndices is CPython's PySlice_GetIndicesEx: it resolves a slice
// object against a sequence of the given length.
func (vm *VM) SliceIndices(slice Value, length int) (start, stop, step, n int, err error) {
	return vm.sliceIndicesOf(slice, func() int { return length })
}

// sliceIndicesOf is SliceIndices for a sequence Python code can change:
// length is read after the slice's bounds are converted, since their
// __index__ may change the sequence (see seqIndex).
func (vm *VM) sliceIndicesOf(slice Value, length func() int) (start, stop, step, n int, err error) {
	s, ok := vm.ctSliceOf(slice)
	if !ok {
		return 0, 0, 0, 0, vm.TypeError("expected slice, got %s", vm.TypeName(slice))
	}
	a, b, c, err := vm.sliceUnpack(s)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	a, b, cnt := ctAdjustSlice(int64(length()), a, b, c)
	return int(a), int(b), int(c), int(cnt), nil
}

// sliceItems returns items[start:stop:step] as a new slice.
func ctSliceItems(items []Value, start, step, n int) []Value {
	out := make([]Value, n)
	ctSliceInto(out, items, start, step)
	return out
}

// ctSliceInto fills out with the len(out) items of items[start::step].
func ctSliceInto(out, items []Value, start, step int) {
	n := len(out)
	if step == 1 {
		copy(out, items[start:start+n])
		return
	}
	for i, j := 0, start; i < n; i, j = i+1, j+step {
		out[i] = items[j]
	}
}

// sliceOf returns the slice object behind key, if it is one.
func (vm *VM) sliceOf(key Value) (*heap.Slice, bool) {
	if key.K != heap.KRef {
		return nil, false
	}
	sl, ok := vm.H.Get(key).(*heap.Slice)
	return sl, ok
}

// sliceBound converts one slice bound (None -> def) with CPython's
// clamping of huge values.
func (vm *VM) sliceBound(v Value, def int64) (int64, error) {
	switch v.K {
	case heap.KNone, heap.KUndef:
		return def, nil
	case heap.KInt:
		return v.I(), nil
	case heap.KBool:
		return int64(v.N), nil
	}
	if b, ok := vm.BigOf(v); ok {
		if b.Sign() < 0 {
			return math.MinInt64 / 2, nil
		}
		return math.MaxInt64 / 2, nil
	}
	if vm.isUserInstance(v) && !vm.LookupClassStr(vm.TypeOf(v), "__index__").IsUndef() {
		if n, ok := vm.IndexOf(v); ok {
			return n, nil
		}
	}
	return 0, vm.TypeError("slice indices must be integers or None or have an __index__ method")
}
