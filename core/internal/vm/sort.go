package vm

// Stable sorting for list.sort and sorted(), and the builtins min, max,
// sum, any and all.

import (
	"math"
	"math/bits"
	"slices"

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
			k, err := vm.callOne(key, it)
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
	// The sorts below that make no comparisons do not poll the deadline
	// as they go: a loop of big sorts meets it here, once per sort.
	if n >= 4096 {
		if err := vm.DeadlineErr(); err != nil {
			return nil, err
		}
	}
	if out, ok := vm.sortInts(vals, keys, reverse); ok {
		return out, nil
	}
	if out, ok := vm.sortNumbers(vals, keys, reverse); ok {
		return out, nil
	}
	// Sort a permutation so keys and values move together.
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	if reverse {
		ctReverseInts(idx)
	}
	less, guard, err := vm.sortLess(keys)
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
	if guard {
		if err := vm.sortGuarded(idx, wrapped); err != nil {
			return nil, err
		}
	} else {
		ctSort(idx, wrapped)
	}
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

// sortInts sorts vals by keys that are all small ints whose spread and
// count fit one 64-bit word together, ok=false otherwise. Each key is
// packed above its position (the key's distance from the smallest, or
// from the largest under reverse), so a plain sort of the words gives
// the one stable order, with no comparison function at all.
func (vm *VM) sortInts(vals, keys []Value, reverse bool) ([]Value, bool) {
	n := len(keys)
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for _, k := range keys {
		if k.K != heap.KInt {
			return nil, false
		}
		x := k.I()
		lo, hi = min(lo, x), max(hi, x)
	}
	span := uint64(hi) - uint64(lo)
	shift := bits.Len(uint(n - 1))
	if bits.Len64(span)+shift > 64 {
		return nil, false
	}
	words := make([]uint64, n)
	for i, k := range keys {
		d := uint64(k.I()) - uint64(lo)
		if reverse {
			d = span - d
		}
		words[i] = d<<shift | uint64(i)
	}
	if kb := bits.Len64(span); n >= 256 && kb <= 44 {
		ctRadixSort(words, shift, kb)
	} else {
		slices.Sort(words)
	}
	mask := uint64(1)<<shift - 1
	out := make([]Value, n)
	for j, w := range words {
		out[j] = vals[w&mask]
	}
	return out, true
}

// sortNumbers sorts vals by keys that are all small ints or all floats
// other than NaN, ok=false otherwise (or when the memory limit leaves no
// room for its records). Those keys are totally ordered (-0.0 and 0.0
// are equal), so a stable radix sort of their order-preserving 64-bit
// images gives exactly the order of CPython's stable sort.
func (vm *VM) sortNumbers(vals, keys []Value, reverse bool) ([]Value, bool) {
	n := len(keys)
	if n < 2 || (keys[0].K != heap.KInt && keys[0].K != heap.KFloat) {
		return nil, false
	}
	kind := keys[0].K
	for _, k := range keys {
		if k.K != kind || (kind == heap.KFloat && math.IsNaN(k.F())) {
			return nil, false
		}
	}
	// The records and their copy, beyond sortWithKeys' reservation.
	if vm.reserveMul(32, int64(n)) != nil {
		return nil, false
	}
	recs := make([]ctRec, n)
	for i, k := range keys {
		var u uint64
		if kind == heap.KInt {
			u = uint64(k.I()) ^ 1<<63
		} else {
			f := k.F()
			if f == 0 {
				f = 0 // -0.0 sorts as 0.0
			}
			u = math.Float64bits(f)
			if u>>63 != 0 {
				u = ^u
			} else {
				u |= 1 << 63
			}
		}
		if reverse {
			u = ^u
		}
		recs[i] = ctRec{u, i}
	}
	recs = ctRadixRecs(recs)
	out := make([]Value, n)
	for j, r := range recs {
		out[j] = vals[r.i]
	}
	return out, true
}

// ctRec is a sort key and the position of its item.
type ctRec struct {
	k uint64
	i int
}

// ctRadixRecs sorts recs stably by key, eleven bits a pass from the
// lowest, skipping the passes where every key has the same digit; it
// returns the sorted slice (recs or its copy).
func ctRadixRecs(recs []ctRec) []ctRec {
	const digit = 11
	src, dst := recs, make([]ctRec, len(recs))
	for at := uint(0); at < 64; at += digit {
		var count [1<<digit + 1]int
		for _, r := range src {
			count[(r.k>>at)&(1<<digit-1)+1]++
		}
		if count[(src[0].k>>at)&(1<<digit-1)+1] == len(src) {
			continue
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, r := range src {
			d := (r.k >> at) & (1<<digit - 1)
			dst[count[d]] = r
			count[d]++
		}
		src, dst = dst, src
	}
	return src
}

// ctRadixSort sorts words by their keyBits bits above shift, stably (the
// bits below, the positions, are in order already), eleven bits a pass.
func ctRadixSort(words []uint64, shift, keyBits int) {
	const digit = 11
	tmp := make([]uint64, len(words))
	src, dst := words, tmp
	for b := 0; b < keyBits; b += digit {
		var count [1<<digit + 1]int
		at := uint(shift + b)
		for _, w := range src {
			count[(w>>at)&(1<<digit-1)+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, w := range src {
			d := (w >> at) & (1<<digit - 1)
			dst[count[d]] = w
			count[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &words[0] {
		copy(words, src)
	}
}

func ctReverseInts(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// sortLess picks a comparison for keys: native for all small ints, all
// floats or all strs, Python's < otherwise. guard says the comparison
// runs Python frames unguarded (callLtNested): the sort must run under
// sortGuarded.
func (vm *VM) sortLess(keys []Value) (less func(a, b int) (bool, error), guard bool, err error) {
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
		return func(a, b int) (bool, error) { return keys[a].I() < keys[b].I(), nil }, false, nil
	case allFloat:
		return func(a, b int) (bool, error) { return keys[a].F() < keys[b].F(), nil }, false, nil
	case allStr:
		// UTF-8 byte order is code point order. The first eight bytes of
		// each, big-endian in a word (zero-padded), decide most
		// comparisons with one integer compare; equal words (a common
		// prefix, or padding against NUL bytes) fall back to the strings.
		heads := make([]uint64, len(strs))
		for i, s := range strs {
			var h uint64
			for j := 0; j < 8; j++ {
				h <<= 8
				if j < len(s) {
					h |= uint64(s[j])
				}
			}
			heads[i] = h
		}
		return func(a, b int) (bool, error) {
			if x, y := heads[a], heads[b]; x != y {
				return x < y, nil
			}
			return strs[a] < strs[b], nil
		}, false, nil
	}
	if less := vm.tupleKeysLess(keys); less != nil {
		return less, false, nil
	}
	if less := vm.instanceKeysLess(keys); less != nil {
		return less, true, nil
	}
	return func(a, b int) (bool, error) {
		return vm.Compare(compile.CmpLt, keys[a], keys[b])
	}, false, nil
}

// ctSort sorts s stably using only less (less(x, y) asks whether x must
// come before y). It is a natural merge sort in the manner of CPython's
// timsort: ascending and strictly descending runs found in the data are
// kept, short ones are extended by binary insertion, runs are merged by a
// stack whose invariants keep the merges balanced, and a merge that sees
// one side win often gallops. Comparisons are what a user's __lt__ or key
// costs, so it spends about as few of them as CPython does: presorted
// and patterned data cost about n.
//
// less may turn inconsistent (a failing comparison answers false from
// then on): every index stays in bounds and s stays a permutation.
func ctSort(s []int, less func(a, b int) bool) {
	n := len(s)
	if n < 2 {
		return
	}
	if n < 64 {
		ctBinaryInsertion(s, ctCountRun(s, less), less)
		return
	}
	st := ctSorter{less: less, buf: make([]int, n/2+1), minGallop: ctMinGallop}
	minrun := ctMinRun(n)
	var stack []ctRun
	for lo := 0; lo < n; {
		r := ctCountRun(s[lo:], less)
		if r < minrun {
			force := min(minrun, n-lo)
			ctBinaryInsertion(s[lo:lo+force], r, less)
			r = force
		}
		stack = append(stack, ctRun{lo, r})
		// Merge until each run is longer than the two above it together
		// and than the one above it (the fourth from the top is checked
		// too, as the corrected algorithm does).
		for len(stack) > 1 {
			i := len(stack) - 2
			if (i > 0 && stack[i-1].n <= stack[i].n+stack[i+1].n) || (i > 1 && stack[i-2].n <= stack[i-1].n+stack[i].n) {
				if stack[i-1].n < stack[i+1].n {
					i--
				}
			} else if stack[i].n > stack[i+1].n {
				break
			}
			stack = st.mergeAt(s, stack, i)
		}
		lo += r
	}
	for len(stack) > 1 {
		i := len(stack) - 2
		if i > 0 && stack[i-1].n < stack[i+1].n {
			i--
		}
		stack = st.mergeAt(s, stack, i)
	}
}

// ctMinGallop is how many wins in a row start galloping.
const ctMinGallop = 7

// ctRun is a sorted run s[base:base+n] on the merge stack.
type ctRun struct{ base, n int }

// ctSorter is the state of one ctSort's merges.
type ctSorter struct {
	less      func(a, b int) bool
	buf       []int // half of the input: the shorter side of a merge
	minGallop int   // adapts to how well galloping pays on this data
}

// ctMinRun is timsort's minimum run length for n items: between 32 and
// 64, chosen so that n/minrun is a power of two or just below one.
func ctMinRun(n int) int {
	r := 0
	for n >= 64 {
		r |= n & 1
		n >>= 1
	}
	return n + r
}

// ctCountRun returns the length of the run at the start of s, reversing
// it in place when it is strictly descending (strictness keeps the sort
// stable).
func ctCountRun(s []int, less func(a, b int) bool) int {
	n := len(s)
	if n < 2 {
		return n
	}
	i := 2
	if less(s[1], s[0]) {
		for i < n && less(s[i], s[i-1]) {
			i++
		}
		ctReverseInts(s[:i])
		return i
	}
	for i < n && !less(s[i], s[i-1]) {
		i++
	}
	return i
}

// ctBinaryInsertion sorts s whose first sorted items are already in
// order, inserting each later one after any equal items.
func ctBinaryInsertion(s []int, sorted int, less func(a, b int) bool) {
	for i := max(sorted, 1); i < len(s); i++ {
		x := s[i]
		lo, hi := 0, i
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			if less(x, s[mid]) {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		copy(s[lo+1:i+1], s[lo:i])
		s[lo] = x
	}
}

// ctGallopRight is the first k with key < a[k] (len(a) if none): where
// key goes after its equals. It probes a[0], a[1], a[3], a[7] ... then
// searches the last gap, so an answer near the start is cheap.
func ctGallopRight(key int, a []int, less func(a, b int) bool) int {
	lo, hi := 0, len(a)
	for p := 0; p < len(a); p = 2*p + 1 {
		if less(key, a[p]) {
			hi = p
			break
		}
		lo = p + 1
	}
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if less(key, a[mid]) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// ctGallopLeft is the first k with !(a[k] < key): where key goes before
// its equals, probing from the start like ctGallopRight.
func ctGallopLeft(key int, a []int, less func(a, b int) bool) int {
	lo, hi := 0, len(a)
	for p := 0; p < len(a); p = 2*p + 1 {
		if !less(a[p], key) {
			hi = p
			break
		}
		lo = p + 1
	}
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if less(a[mid], key) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// ctGallopRightEnd is ctGallopRight probing from the end of a.
func ctGallopRightEnd(key int, a []int, less func(a, b int) bool) int {
	lo, hi := 0, len(a)
	for ofs := 1; ofs <= len(a); ofs *= 2 {
		p := len(a) - ofs
		if !less(key, a[p]) {
			lo = p + 1
			break
		}
		hi = p
	}
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if less(key, a[mid]) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// ctGallopLeftEnd is ctGallopLeft probing from the end of a.
func ctGallopLeftEnd(key int, a []int, less func(a, b int) bool) int {
	lo, hi := 0, len(a)
	for ofs := 1; ofs <= len(a); ofs *= 2 {
		p := len(a) - ofs
		if less(a[p], key) {
			lo = p + 1
			break
		}
		hi = p
	}
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if less(a[mid], key) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// mergeAt merges the adjacent runs stack[i] and stack[i+1].
func (st *ctSorter) mergeAt(s []int, stack []ctRun, i int) []ctRun {
	a, b := stack[i], stack[i+1]
	stack[i].n = a.n + b.n
	stack = append(stack[:i+1], stack[i+2:]...)
	x, y := s[a.base:a.base+a.n], s[b.base:b.base+b.n]
	// The items of x not after y[0], and of y not before x's last, are
	// in place already: only the rest is merged.
	k := ctGallopRight(y[0], x, st.less)
	if k == len(x) {
		return stack
	}
	m := ctGallopLeftEnd(x[len(x)-1], y, st.less)
	if m == 0 {
		return stack
	}
	x, y = x[k:], y[:m]
	out := s[a.base+k : a.base+k+len(x)+len(y)]
	if len(x) <= len(y) {
		st.mergeLo(x, y, out)
	} else {
		st.mergeHi(x, y, out)
	}
	return stack
}

// mergeLo merges x and y (x then y at the start of out) forward, from a
// copy of the shorter x.
func (st *ctSorter) mergeLo(x, y, out []int) {
	less := st.less
	t := st.buf[:len(x)]
	copy(t, x)
	i, j, o := 0, 0, 0
	defer func() { copy(out[o:], t[i:]) }()
	for {
		wa, wb := 0, 0 // wins in a row of t and of y
		for wa < st.minGallop && wb < st.minGallop {
			if less(y[j], t[i]) {
				out[o] = y[j]
				o, j, wb, wa = o+1, j+1, wb+1, 0
				if j == len(y) {
					return
				}
			} else {
				out[o] = t[i]
				o, i, wa, wb = o+1, i+1, wa+1, 0
				if i == len(t) {
					return
				}
			}
		}
		st.minGallop++
		for {
			if st.minGallop > 1 {
				st.minGallop--
			}
			wa = ctGallopRight(y[j], t[i:], less)
			copy(out[o:], t[i:i+wa])
			o, i = o+wa, i+wa
			if i == len(t) {
				return
			}
			out[o] = y[j]
			o, j = o+1, j+1
			if j == len(y) {
				return
			}
			wb = ctGallopLeft(t[i], y[j:], less)
			copy(out[o:], y[j:j+wb])
			o, j = o+wb, j+wb
			if j == len(y) {
				return
			}
			out[o] = t[i]
			o, i = o+1, i+1
			if i == len(t) {
				return
			}
			if wa < ctMinGallop && wb < ctMinGallop {
				break
			}
		}
		st.minGallop++
	}
}

// mergeHi merges x and y (x then y at the start of out) backward, from a
// copy of the shorter y.
func (st *ctSorter) mergeHi(x, y, out []int) {
	less := st.less
	t := st.buf[:len(y)]
	copy(t, y)
	i, j, o := len(x)-1, len(t)-1, len(out)-1
	defer func() { copy(out[:j+1], t[:j+1]) }()
	for {
		wa, wb := 0, 0 // wins in a row of x and of t
		for wa < st.minGallop && wb < st.minGallop {
			if less(t[j], x[i]) {
				out[o] = x[i]
				o, i, wa, wb = o-1, i-1, wa+1, 0
				if i < 0 {
					return
				}
			} else {
				out[o] = t[j]
				o, j, wb, wa = o-1, j-1, wb+1, 0
				if j < 0 {
					return
				}
			}
		}
		st.minGallop++
		for {
			if st.minGallop > 1 {
				st.minGallop--
			}
			// The items of x after t[j] move up together.
			wa = i + 1 - ctGallopRightEnd(t[j], x[:i+1], less)
			copy(out[o-wa+1:o+1], x[i-wa+1:i+1])
			o, i = o-wa, i-wa
			if i < 0 {
				return
			}
			out[o] = t[j]
			o, j = o-1, j-1
			if j < 0 {
				return
			}
			// The items of t not before x[i] move up together.
			wb = j + 1 - ctGallopLeftEnd(x[i], t[:j+1], less)
			copy(out[o-wb+1:o+1], t[j-wb+1:j+1])
			o, j = o-wb, j-wb
			if j < 0 {
				return
			}
			out[o] = x[i]
			o, i = o-1, i-1
			if i < 0 {
				return
			}
			if wa < ctMinGallop && wb < ctMinGallop {
				break
			}
		}
		st.minGallop++
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
	if r, ok, err := vm.startSortDrive(a.Pos[0], key, reverse); ok {
		return r, err
	}
	if vm.anyNeedsFrames(a.Pos[0], key) {
		if out, ok, err := vm.sortedByAttr(a.Pos[0], key, reverse); ok {
			if err != nil {
				return heap.Undef, err
			}
			return vm.NewList(out), nil
		}
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
				return heap.Undef, vm.TypeError("'%s' is an invalid keyword argument for %s()", k, name)
			}
		}
		if key.K == heap.KNone {
			key = heap.Undef
		}
		if len(a.Pos) == 1 && key.K != heap.KUndef {
			// A Python key over a builtin iterable: its frames run
			// from the eval loop (keydrive.go).
			if r, ok, err := vm.startKeyDrive(name, op, a.Pos[0], key, def); ok {
				return r, err
			}
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
			if bestKey, err = vm.callOne(key, best); err != nil {
				return heap.Undef, err
			}
		}
		for _, it := range items[1:] {
			k := it
			if key.K != heap.KUndef {
				var err error
				if k, err = vm.callOne(key, it); err != nil {
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
		return cmpOrdered(op, a.I(), b.I()), nil
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
		if vm.nativeNumber(acc) {
			if r, ok, err := vm.startDrive("sum", a.Pos[0], driveSum, acc); ok {
				return r, err
			}
		}
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
			kind := int32(driveAll)
			if want {
				kind = driveAny
			}
			if r, ok, err := vm.startDrive(name, other, kind, heap.Undef); ok {
				return r, err
			}
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
