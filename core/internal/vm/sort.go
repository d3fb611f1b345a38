package vm

// Stable sorting for list.sort and sorted(), and the builtins min, max,
// sum, any and all.

import (
	"math"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// sortOptions validates list.sort / sorted keyword arguments (Undef when
// absent): key is Undef for no key function.
func (vm *VM) sortOptions(key, reverse Value) (Value, bool, error) {
	if key.K == heap.KNone {
		key = heap.Undef
	}
	rev := false
	if reverse.K != heap.KUndef {
		switch reverse.K {
		case heap.KBool:
			rev = reverse.B()
		case heap.KInt:
			rev = reverse.I() != 0
		default:
			if !vm.IsInt(reverse) {
				return heap.Undef, false, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(reverse))
			}
			b, _ := vm.BigOf(reverse)
			rev = b.Sign() != 0
		}
	}
	return key, rev, nil
}

// sortValues returns items sorted stably by key (Undef: the items
// themselves), largest first when reverse, like CPython's list.sort. The
// input slice is not modified.
func (vm *VM) sortValues(items []Value, key Value, reverse bool) ([]Value, error) {
	n := len(items)
	vals := append([]Value(nil), items...)
	if n == 0 || (n == 1 && key.K == heap.KUndef) {
		return vals, nil
	}
	keys := vals
	if key.K != heap.KUndef {
		keys = make([]Value, n)
		for i, it := range vals {
			k, err := vm.Call(key, it)
			if err != nil {
				return nil, err
			}
			keys[i] = k
		}
	}
	return vm.sortWithKeys(vals, keys, reverse)
}

// sortWithKeys stably sorts vals by the parallel keys (CPython's
// list.sort semantics, reverse included). vals is reordered in a new slice.
func (vm *VM) sortWithKeys(vals, keys []Value, reverse bool) ([]Value, error) {
	n := len(vals)
	if n < 2 {
		return append([]Value(nil), vals...), nil
	}
	// The copies, the permutation and the result: reserved first, before
	// anything is allocated, so that reserve may still collect.
	if err := vm.reserveMul(40, int64(n)); err != nil {
		return nil, err
	}
	// Sort a permutation so keys and values move together.
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	if reverse {
		ctReverseInts(idx)
	}
	less, err := vm.sortLess(keys)
	if err != nil {
		return nil, err
	}
	var cmpErr error
	var compared uint32
	wrapped := func(a, b int) bool {
		if cmpErr != nil {
			return false
		}
		// A long sort meets the deadline between comparisons.
		if compared++; compared&4095 == 0 {
			if err := vm.DeadlineErr(); err != nil {
				cmpErr = err
				return false
			}
		}
		r, err := less(a, b)
		if err != nil {
			cmpErr = err
			return false
		}
		return r
	}
	ctMergeSort(idx, wrapped)
	if cmpErr != nil {
		return nil, cmpErr
	}
	if reverse {
		ctReverseInts(idx)
	}
	out := make([]Value, n)
	for i, j := range idx {
		out[i] = vals[j]
	}
	return out, nil
}

func ctReverseInts(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// sortLess picks a comparison for keys: native for all small ints, all
// floats or all strs, Python's < otherwise.
func (vm *VM) sortLess(keys []Value) (func(a, b int) (bool, error), error) {
	allInt, allFloat, allStr := true, true, true
	var strs []string
	for _, k := range keys {
		if k.K != heap.KInt {
			allInt = false
		}
		if k.K != heap.KFloat {
			allFloat = false
		}
		if allStr {
			if k.K == heap.KRef {
				if s, ok := vm.H.Get(k).(*heap.Str); ok {
					if strs == nil {
						// Sized once: within sortWithKeys' reservation.
						strs = make([]string, 0, len(keys))
					}
					strs = append(strs, s.S)
					continue
				}
			}
			allStr = false
		}
	}
	switch {
	case allInt:
		return func(a, b int) (bool, error) { return keys[a].I() < keys[b].I(), nil }, nil
	case allFloat:
		return func(a, b int) (bool, error) { return keys[a].F() < keys[b].F(), nil }, nil
	case allStr:
		// UTF-8 byte order is code point order.
		return func(a, b int) (bool, error) { return strs[a] < strs[b], nil }, nil
	}
	if less := vm.tupleKeysLess(keys); less != nil {
		return less, nil
	}
	if less := vm.instanceKeysLess(keys); less != nil {
		return less, nil
	}
	return func(a, b int) (bool, error) {
		return vm.Compare(compile.CmpLt, keys[a], keys[b])
	}, nil
}

// mergeSort sorts s stably using only less (calls less(x, y) to ask
// whether x must come before y).
func ctMergeSort(s []int, less func(a, b int) bool) {
	if len(s) <= 12 {
		ctInsertionSort(s, less)
		return
	}
	buf := make([]int, len(s))
	ctMergeSortRec(s, buf, less)
}

func ctInsertionSort(s []int, less func(a, b int) bool) {
	for i := 1; i < len(s); i++ {
		x := s[i]
		j := i
		for j > 0 && less(x, s[j-1]) {
			s[j] = s[j-1]
			j--
		}
		s[j] = x
	}
}

func ctMergeSortRec(s, buf []int, less func(a, b int) bool) {
	if len(s) <= 12 {
		ctInsertionSort(s, less)
		return
	}
	mid := len(s) / 2
	ctMergeSortRec(s[:mid], buf[:mid], less)
	ctMergeSortRec(s[mid:], buf[mid:], less)
	// Already in order: nothing to merge.
	if !less(s[mid], s[mid-1]) {
		return
	}
	copy(buf, s)
	i, j, k := 0, mid, 0
	for i < mid && j < len(s) {
		if less(buf[j], buf[i]) {
			s[k] = buf[j]
			j++
		} else {
			s[k] = buf[i]
			i++
		}
		k++
	}
	for i < mid {
		s[k] = buf[i]
		i++
		k++
	}
	for j < len(s) {
		s[k] = buf[j]
		j++
		k++
	}
}

// sortKwargs binds the key and reverse keyword arguments of sorted() and
// list.sort() with CPython's message for any other keyword.
func (vm *VM) sortKwargs(a Args) (key, reverse Value, err error) {
	for _, k := range a.KwNames {
		if k != "key" && k != "reverse" {
			return key, reverse, vm.TypeError("'%s' is an invalid keyword argument for sort()", k)
		}
	}
	err = vm.UnpackArgs("sort", a, []string{"key", "reverse"}, 0, &key, &reverse)
	return key, reverse, err
}

// --- builtins ---------------------------------------------------------------------

func builtinSortedFn(vm *VM, self Value, a Args) (Value, error) {
	if len(a.Pos) != 1 {
		return heap.Undef, vm.TypeError("sorted expected 1 argument, got %d", len(a.Pos))
	}
	keyArg, reverseArg, err := vm.sortKwargs(Args{KwNames: a.KwNames, KwVals: a.KwVals})
	if err != nil {
		return heap.Undef, err
	}
	key, reverse, err := vm.sortOptions(keyArg, reverseArg)
	if err != nil {
		return heap.Undef, err
	}
	if vm.anyNeedsFrames(a.Pos[0], key) {
		if r, ok, err := vm.tailPy("sorted", "sorted_", a.Pos[0], orNone(key), heap.Bool(reverse)); ok {
			return r, err
		}
	}
	var items []Value
	if src, ok := vm.seqItemsOf(a.Pos[0]); ok {
		items = src
	} else if items, err = vm.Unpack(a.Pos[0]); err != nil {
		return heap.Undef, err
	}
	out, err := vm.sortValues(items, key, reverse)
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewList(out), nil
}

// minMax implements min() and max(); op is CmpLt for min, CmpGt for max.
func ctMinMax(name string, op int) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		key, def := heap.Undef, heap.Undef
		for i, k := range a.KwNames {
			switch k {
			case "key":
				key = a.KwVals[i]
			case "default":
				def = a.KwVals[i]
			default:
				return heap.Undef, vm.TypeError("%s() got an unexpected keyword argument '%s'", name, k)
			}
		}
		if key.K == heap.KNone {
			key = heap.Undef
		}
		if len(a.Pos) > 0 && vm.anyNeedsFrames(append([]Value{key}, a.Pos...)...) {
			box := vm.NewTuple(nil)
			if def.K != heap.KUndef {
				box = vm.NewTuple([]Value{def})
			}
			if r, ok, err := vm.tailPy(name, "min_max", vm.NewStr(name), heap.Bool(op == compile.CmpGt), vm.NewTuple(append([]Value(nil), a.Pos...)), orNone(key), box); ok {
				return r, err
			}
		}
		var items []Value
		switch {
		case len(a.Pos) == 0:
			return heap.Undef, vm.TypeError("%s expected at least 1 argument, got 0", name)
		case len(a.Pos) == 1:
			var err error
			if items, err = vm.ownItems(a.Pos[0]); err != nil {
				return heap.Undef, err
			}
			if len(items) == 0 {
				if def.K != heap.KUndef {
					return def, nil
				}
				return heap.Undef, vm.ValueError("%s() arg is an empty sequence", name)
			}
		default:
			if def.K != heap.KUndef {
				return heap.Undef, vm.TypeError("Cannot specify a default for %s() with multiple positional arguments", name)
			}
			items = a.Pos
		}
		best := items[0]
		bestKey := best
		if key.K != heap.KUndef {
			var err error
			if bestKey, err = vm.Call(key, best); err != nil {
				return heap.Undef, err
			}
		}
		for _, it := range items[1:] {
			k := it
			if key.K != heap.KUndef {
				var err error
				if k, err = vm.Call(key, it); err != nil {
					return heap.Undef, err
				}
			}
			better, err := vm.quickCompare(op, k, bestKey)
			if err != nil {
				return heap.Undef, err
			}
			if better {
				best, bestKey = it, k
			}
		}
		return best, nil
	}
}

// quickCompare compares small ints and floats natively, anything else
// through vm.Compare.
func (vm *VM) quickCompare(op int, a, b Value) (bool, error) {
	if a.K == heap.KInt && b.K == heap.KInt {
		return cmpInt(op, a.I(), b.I()), nil
	}
	if a.K == heap.KFloat && b.K == heap.KFloat {
		x, y := a.F(), b.F()
		if op == compile.CmpLt {
			return x < y, nil
		}
		return x > y, nil
	}
	return vm.Compare(op, a, b)
}

func builtinSumFn(vm *VM, self Value, a Args) (Value, error) {
	if len(a.Pos) == 0 {
		return heap.Undef, vm.TypeError("sum() takes at least 1 positional argument (0 given)")
	}
	if len(a.Pos) > 2 {
		return heap.Undef, vm.TypeError("sum() takes at most 2 arguments (%d given)", len(a.Pos))
	}
	acc := heap.Int(0)
	if len(a.Pos) == 2 {
		acc = a.Pos[1]
	}
	for i, k := range a.KwNames {
		if k != "start" || len(a.Pos) == 2 {
			if k == "start" {
				return heap.Undef, vm.TypeError("argument for sum() given by name ('start') and position (2)")
			}
			return heap.Undef, vm.TypeError("sum() got an unexpected keyword argument '%s'", k)
		}
		acc = a.KwVals[i]
	}
	if acc.K == heap.KRef {
		switch o := vm.H.Get(vm.Prim(acc)).(type) {
		case *heap.Str:
			return heap.Undef, vm.TypeError("sum() can't sum strings [use ''.join(seq) instead]")
		case *heap.Bytes:
			if o.Mutable {
				return heap.Undef, vm.TypeError("sum() can't sum bytearray [use b''.join(seq) instead]")
			}
			return heap.Undef, vm.TypeError("sum() can't sum bytes [use b''.join(seq) instead]")
		}
	}
	if vm.needsFrames(a.Pos[0]) {
		if r, ok, err := vm.tailPy("sum", "sum_", a.Pos[0], acc); ok {
			return r, err
		}
	}
	items, err := vm.ownItems(a.Pos[0])
	if err != nil {
		return heap.Undef, err
	}
	i := 0
	// Fast path: small ints while they do not overflow.
	if acc.K == heap.KInt {
		s := acc.I()
		for ; i < len(items); i++ {
			xi, ok := ctSmallIntOf(items[i])
			if !ok || (xi > 0 && s > math.MaxInt64-xi) || (xi < 0 && s < math.MinInt64-xi) {
				break
			}
			s += xi
		}
		acc = heap.Int(s)
		if i < len(items) {
			var err error
			if acc, err = vm.BinaryOp(compile.BinAdd, acc, items[i]); err != nil {
				return heap.Undef, err
			}
			i++
		}
	}
	// Fast path: floats (and small ints mixed in), left to right.
	if acc.K == heap.KFloat {
		f := acc.F()
		for ; i < len(items); i++ {
			x := items[i]
			if x.K == heap.KFloat {
				f += x.F()
			} else if xi, ok := ctSmallIntOf(x); ok {
				f += float64(xi)
			} else {
				break
			}
		}
		acc = heap.Float(f)
	}
	for ; i < len(items); i++ {
		var err error
		if acc, err = vm.BinaryOp(compile.BinAdd, acc, items[i]); err != nil {
			return heap.Undef, err
		}
	}
	return acc, nil
}

// anyAll implements any() (want=true) and all() (want=false).
func ctAnyAll(name string, want bool) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		var other Value
		if err := vm.UnpackArgs(name, a, nil, 1, &other); err != nil {
			return heap.Undef, err
		}
		if vm.needsFrames(other) {
			if r, ok, err := vm.tailPy(name, name+"_", other); ok {
				return r, err
			}
		}
		if items, ok := vm.seqItemsOf(other); ok {
			items = append([]Value(nil), items...)
			for _, x := range items {
				t, err := vm.Truth(x)
				if err != nil {
					return heap.Undef, err
				}
				if t == want {
					return heap.Bool(want), nil
				}
			}
			return heap.Bool(!want), nil
		}
		it, err := vm.GetIter(other)
		if err != nil {
			return heap.Undef, err
		}
		for {
			x, ok, err := vm.Next(it)
			if err != nil {
				return heap.Undef, err
			}
			if !ok {
				return heap.Bool(!want), nil
			}
			t, err := vm.Truth(x)
			if err != nil {
				return heap.Undef, err
			}
			if t == want {
				return heap.Bool(want), nil
			}
		}
	}
}

// smallIntOf returns the value of a small int or bool.
func ctSmallIntOf(v Value) (int64, bool) {
	switch v.K {
	case heap.KInt:
		return v.I(), true
	case heap.KBool:
		return int64(v.N), true
	}
	return 0, false
}

func init() {
	RegisterBuiltinFunc("sorted", builtinSortedFn)
	RegisterBuiltinFunc("min", ctMinMax("min", compile.CmpLt))
	RegisterBuiltinFunc("max", ctMinMax("max", compile.CmpGt))
	RegisterBuiltinFunc("sum", builtinSumFn)
	RegisterBuiltinFunc("any", ctAnyAll("any", true))
	RegisterBuiltinFunc("all", ctAnyAll("all", false))
}
