package compile

// maxUnpackTree bounds the instructions one UNPACK_SEQUENCE__TREE covers.
const maxUnpackTree = 40

// UnpackTreeEnd returns the index after the last instruction of the
// unpacking that starts with the UNPACK_SEQUENCE at i, when that unpacking
// only stores into locals and nests at least one more UNPACK_SEQUENCE
// (for (a, b), [c, d] in pairs: UNPACK_SEQUENCE 2, UNPACK_SEQUENCE 2,
// STORE_FAST, STORE_FAST, UNPACK_SEQUENCE 2, STORE_FAST, STORE_FAST);
// otherwise 0. Each UNPACK_SEQUENCE n leaves n values for the targets
// after it, each STORE_FAST takes one.
func UnpackTreeEnd(instrs []Instr, i int) int {
	pending, nested := 1, false
	for k := i; k < len(instrs) && k-i < maxUnpackTree; k++ {
		switch in := instrs[k]; in.Op() {
		case UNPACK_SEQUENCE:
			n := in.Arg()
			if n < 1 {
				return 0
			}
			if k > i {
				nested = true
			}
			pending += n - 1
		case STORE_FAST:
			pending--
			if pending == 0 {
				if !nested {
					return 0
				}
				return k + 1
			}
		default:
			return 0
		}
	}
	return 0
}
