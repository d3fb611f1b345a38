package compile

// Slice temporaries: in a[i:j] = b[p:q:r] the slice of b is a new list
// that only the value stack holds until the slice store copies its items
// into a, and that nothing can reach after it. Quicken marks such a pair
// so that the VM may make the temporary in a list it reuses.

const (
	// QuickSliceTemp is set in the arg of a quickened BUILD_SLICE that
	// is followed by BINARY_SUBSCR whose result is only ever consumed as
	// the value of the STORE_SUBSCR after the BUILD_SLICE marked with
	// QuickSliceTempUse: every instruction between them pushes or works
	// on values above it, with no jumps, calls of the result or stores.
	QuickSliceTemp = 4
	// QuickSliceTempUse is set in the arg of the quickened BUILD_SLICE
	// that, with the STORE_SUBSCR after it, stores a QuickSliceTemp
	// temporary.
	QuickSliceTempUse = 8
	// QuickSliceArgs masks a quickened BUILD_SLICE's arg to its count.
	QuickSliceArgs = 3
)

// sliceTempUse returns the index of the BUILD_SLICE before the
// STORE_SUBSCR that consumes, as its value, the result of the slice
// that the BUILD_SLICE at i and the BINARY_SUBSCR after it make, when
// the instructions between only push or combine values above it.
func sliceTempUse(instrs []Instr, i int) (int, bool) {
	if i+1 >= len(instrs) || instrs[i+1].Op() != BINARY_SUBSCR {
		return 0, false
	}
	d := 0 // values above the temporary
	for k := i + 2; k+1 < len(instrs) && k < i+24; k++ {
		in := instrs[k]
		switch in.Op() {
		case NOP:
		case LOAD_CONST, LOAD_FAST, LOAD_DEREF, LOAD_GLOBAL, LOAD_NAME:
			d++
		case BINARY_OP:
			if d < 2 {
				return 0, false
			}
			d--
		case UNARY_NEGATIVE, UNARY_POSITIVE, UNARY_INVERT, LOAD_ATTR:
			if d < 1 {
				return 0, false
			}
		case BUILD_SLICE:
			n := in.Arg()
			if d != n+1 || instrs[k+1].Op() != STORE_SUBSCR {
				return 0, false
			}
			return k, true
		default:
			return 0, false
		}
	}
	return 0, false
}

// storesFollow reports whether the n >= 2 instructions after the one at i
// are all STORE_FAST (an unpacking into locals).
func storesFollow(instrs []Instr, i, n int) bool {
	if n < 2 || n > 8 || i+n >= len(instrs) {
		return false
	}
	for k := i + 1; k <= i+n; k++ {
		if instrs[k].Op() != STORE_FAST {
			return false
		}
	}
	return true
}
