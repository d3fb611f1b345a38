package vm

// Fast paths for str operations that the eval loop and the call
// machinery take before their general paths: each answers only when its
// operands are exact strs (or machine ints) and the operation can neither
// call Python code nor need the memory-limit bookkeeping of the general
// path; otherwise it declines and the general path runs unchanged.

import (
	"errors"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// fastRoom reports whether a fast path may allocate n more bytes without
// what the general path does around an allocation: reserve (which may
// collect or fail) and settle (which may collect after it). Without a
// memory limit only the size of one allocation bounds it; under a limit,
// n must fit below the limit and leave no collection due.
func (vm *VM) fastRoom(n int64) bool {
	lim := vm.Limits.MaxMemory
	if lim <= 0 {
		return n <= maxOneAlloc
	}
	n += 64 // the str object around the bytes
	return vm.H.Bytes+n <= lim && vm.H.SinceCollect()+n <= lim/4
}

// strAddFast is a + b (BINARY_OP, arg its argument) when both are exact
// strs: str has no __add__ a subclass could override here, and str +
// str never calls Python code. ok is false when it does not apply, or
// when the result needs the general path's memory bookkeeping.
func (vm *VM) strAddFast(arg int, a, b Value) (r Value, ok bool) {
	if arg&15 != compile.BinAdd {
		return heap.Undef, false
	}
	sa, ok := vm.H.Get(a).(*heap.Str)
	if !ok {
		return heap.Undef, false
	}
	sb, ok := vm.H.Get(b).(*heap.Str)
	if !ok {
		return heap.Undef, false
	}
	switch {
	case sb.S == "":
		return a, true
	case sa.S == "":
		return b, true
	}
	if n := len(sa.S) + len(sb.S); n <= strBoxMax && sa.Room == 0 {
		// The short concatenations of most code, inline: their bytes
		// fit a box with the str (see strBuf).
		if !vm.fastRoom(int64(n)) {
			return heap.Undef, false
		}
		runes := -1
		if ra, rb := knownRunes(sa), knownRunes(sb); ra >= 0 && rb >= 0 {
			runes = ra + rb
		}
		o, buf := vm.strBuf(n)
		copy(buf[copy(buf, sa.S):], sb.S)
		o.Cat = true
		return vm.sealStr(o, buf, runes), true
	}
	r, ok, _ = vm.strCat(arg, sa, sb, false)
	return r, ok
}

// strAddReserved is strAddFast for opBinary, between openSafe and
// closeSafe: the sizes are reserved, which may collect or fail with the
// memory limit's error. done is false when a or b is not an exact str.
func (vm *VM) strAddReserved(arg int, a, b Value) (r Value, done bool, err error) {
	if arg&15 != compile.BinAdd {
		return heap.Undef, false, nil
	}
	sa, ok := vm.H.Get(a).(*heap.Str)
	if !ok {
		return heap.Undef, false, nil
	}
	sb, ok := vm.H.Get(b).(*heap.Str)
	if !ok || sa.S == "" || sb.S == "" {
		return heap.Undef, false, nil
	}
	r, _, err = vm.strCat(arg, sa, sb, true)
	return r, true, err
}

// strCat is sa + sb for BINARY_OP's arg, both non-empty. Without
// reserved, an allocation that fastRoom refuses makes ok false; with it,
// sizes are reserved and a refusal is the error.
func (vm *VM) strCat(arg int, sa, sb *heap.Str, reserved bool) (r Value, ok bool, err error) {
	n := len(sa.S) + len(sb.S)
	// Short uncounted operands (literals are uncounted until first
	// needed) are counted, once, as strRuneLen keeps the count: the
	// result's length and ASCII flag are then known, and indexing and
	// slicing it take the byte-offset fast paths. A long one is left
	// for len() to count, so that the concatenation stays one copy.
	runes := -1
	if ra, rb := knownRunes(sa), knownRunes(sb); ra >= 0 && rb >= 0 {
		runes = ra + rb
	}
	if int(sa.Room) >= len(sb.S) {
		// s += t with room left after s: t goes there, s's bytes stay.
		if err := vm.catRoom(int64(len(sb.S)), reserved); err != nil {
			return heap.Undef, false, err
		}
		return vm.strAppendRoom(sa, sb.S, runes), true, nil
	}
	if n > strBoxMax && sa.Cat && arg&compile.BinLeftTemp == 0 {
		// A concatenation onto a variable's str that was itself made
		// by one: the shape of s += t in a loop. The result gets room
		// for the next pieces, so that the loop copies each byte a
		// bounded number of times instead of once per turn. Refused
		// room leaves the exact size below to try.
		if c := strRoomCap(n); vm.catRoom(int64(c), reserved) == nil {
			return vm.strWithRoom(sa.S, sb.S, c, runes), true, nil
		}
	}
	if err := vm.catRoom(int64(n), reserved); err != nil {
		return heap.Undef, false, err
	}
	o, buf := vm.strBuf(n)
	copy(buf[copy(buf, sa.S):], sb.S)
	o.Cat = true
	return vm.sealStr(o, buf, runes), true, nil
}

// errNoFastRoom is catRoom's refusal on the fast path, which then
// declines; it never reaches Python code.
var errNoFastRoom = errors.New("no room on the fast path")

// catRoom is nil if n more bytes may be allocated: reserve's answer when
// reserved, else fastRoom's.
func (vm *VM) catRoom(n int64, reserved bool) error {
	if reserved {
		return vm.reserve(n)
	}
	if !vm.fastRoom(n) {
		return errNoFastRoom
	}
	return nil
}

// strRoomCap is the buffer size for a str of n bytes that will likely
// grow by concatenation: half as much again, a quarter past 1 MB, so the
// heap's count (which includes the room) stays near the text's size.
func strRoomCap(n int) int {
	if n >= 1<<20 {
		return min(n+n/4, n+math.MaxUint32)
	}
	return n + n/2
}

// strWithRoom is the str a + b in a new buffer of c bytes, the rest being
// room for the concatenations onto it.
func (vm *VM) strWithRoom(a, b string, c, runes int) Value {
	buf := make([]byte, len(a)+len(b), c)
	copy(buf[copy(buf, a):], b)
	o := &heap.Str{Cat: true, Room: uint32(c - len(buf))}
	return vm.sealStr(o, buf, runes)
}

// strAppendRoom is the str s + t for a str s with room for t: t is
// written into the room, and the new str, covering s's bytes and t's,
// takes over what is left of it.
func (vm *VM) strAppendRoom(s *heap.Str, t string, runes int) Value {
	buf := unsafe.Slice(unsafe.StringData(s.S), len(s.S)+int(s.Room))
	copy(buf[len(s.S):], t)
	o := &heap.Str{Cat: true, Room: s.Room - uint32(len(t))}
	s.Room = 0
	buf = buf[:len(s.S)+len(t)]
	o.S = unsafe.String(unsafe.SliceData(buf), len(buf))
	o.N = runes
	o.ASCII = runes == len(buf)
	// The heap counted the buffer with s: this str adds its header and
	// t's bytes until a collection counts it whole.
	return vm.H.AllocGrown(o, int64(o.Size()-len(s.S)-int(o.Room)))
}

// strMulFast is a * b (BINARY_OP's multiplication, in place or not) when
// one is an exact str s and the other a machine int n of at least 2 and
// the memory limit allows the result: laid out in one buffer (the first
// copy doubled until full) that becomes the str's bytes. ok is false
// when it does not apply (other operands, n < 2, large results), for the
// general path.
func (vm *VM) strMulFast(a, b Value) (r Value, ok bool) {
	s, n := a, b.I()
	switch {
	case a.K == heap.KRef && b.K == heap.KInt:
	case a.K == heap.KInt && b.K == heap.KRef:
		s, n = b, a.I()
	default:
		return heap.Undef, false
	}
	if n < 2 {
		return heap.Undef, false
	}
	o, ok := vm.H.Get(s).(*heap.Str)
	if !ok || o.S == "" || n > 1<<31 || int64(len(o.S)) > (1<<31)/n {
		return heap.Undef, false
	}
	total := int64(len(o.S)) * n
	if !vm.fastRoom(total) {
		return heap.Undef, false
	}
	runes := -1
	if k := knownRunes(o); k >= 0 {
		runes = k * int(n)
	}
	so, buf := vm.strBuf(int(total))
	at := copy(buf, o.S)
	for at < len(buf) {
		at += copy(buf[at:], buf[:at])
	}
	return vm.sealStr(so, buf, runes), true
}

// knownRunes is s's code-point count, counting it now if s is short.
func knownRunes(s *heap.Str) int {
	if n := strRunes(s); n >= 0 || len(s.S) > 4096 {
		return n
	}
	return strRuneLen(s)
}

// intBaseFast is hex(i), oct(i) and bin(i) of a machine int: its text
// laid out on the stack and copied once into a str holding its bytes
// (the general path builds two Go strings on the way).
func (vm *VM) intBaseFast(a Args, base int, prefix string) (Value, bool) {
	if len(a.Pos) != 1 || len(a.KwNames) != 0 || a.Pos[0].K != heap.KInt {
		return heap.Undef, false
	}
	i := a.Pos[0].I()
	var tmp [72]byte
	d := tmp[:0]
	u := uint64(i)
	if i < 0 {
		d = append(d, '-')
		u = uint64(-(i + 1)) + 1
	}
	d = append(d, prefix...)
	d = strconv.AppendUint(d, u, base)
	o, buf := vm.strBuf(len(d))
	copy(buf, d)
	return vm.sealStr(o, buf, len(d)), true
}

// strCaseMethod is str.upper or str.lower (f the full mapping): an ASCII
// receiver flips the letters from lo to hi straight into the result's
// single allocation, and an exact str with none of them is its own
// result; any other receiver maps through f.
func strCaseMethod(name string, lo, hi byte, f func(string) string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, _, err := vm.strArgs(name, self, a, 0, 0)
		if err != nil {
			return heap.Undef, err
		}
		o, exact := vm.H.Get(self).(*heap.Str)
		if !exact || !strIsASCII(o) {
			return vm.strResult(self, s, f(s)), nil
		}
		return vm.asciiCase(self, s, lo, hi), nil
	}
}

// asciiCase is strCaseMethod's result for the ASCII text s of the exact
// str self.
func (vm *VM) asciiCase(self Value, s string, lo, hi byte) Value {
	i := 0
	for i < len(s) && (s[i] < lo || s[i] > hi) {
		i++
	}
	if i == len(s) {
		return self
	}
	r, buf := vm.strBuf(len(s))
	copy(buf, s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c >= lo && c <= hi {
			c ^= 0x20
		}
		buf[i] = c
	}
	return vm.sealStr(r, buf, len(buf))
}

// strModDirect is s % args for an exact str s (op without BinInplace)
// and args anything but an instance of a str subclass, whose __rmod__
// would come first: as in CPython, str's formatting answers before any
// other class's __rmod__ is asked. done is false when it does not apply.
func (vm *VM) strModDirect(op int, a, b Value) (r Value, done bool, err error) {
	if op != compile.BinMod || a.K != heap.KRef {
		return heap.Undef, false, nil
	}
	sa, ok := vm.H.Get(a).(*heap.Str)
	if !ok {
		return heap.Undef, false, nil
	}
	if _, isStr := vm.StrOf(b); isStr && vm.IsInstanceObj(b) {
		return heap.Undef, false, nil
	}
	r, err = vm.percentFormat(sa.S, b)
	return r, true, err
}

// The str methods strMethodFast knows, by op code (0: none).
const (
	sfNone uint8 = iota
	sfJoin
	sfStrip
	sfRStrip
	sfLStrip
	sfUpper
	sfLower
	sfSplit
	sfPred // isdigit ... isupper
	sfStartsWith
	sfEndsWith
	sfCount
	sfFind
	sfIndex
	sfFormat
)

// strFastOps maps the registry IDs of str's methods (from lo) to their
// op codes; like fastIDs, it is the same for every VM of the process
// and is built on first use.
var strFastOps struct {
	once sync.Once
	lo   int32
	ops  []uint8
}

func loadStrFastOps() {
	names := map[string]uint8{
		"str.join": sfJoin, "str.strip": sfStrip, "str.rstrip": sfRStrip, "str.lstrip": sfLStrip,
		"str.upper": sfUpper, "str.lower": sfLower, "str.split": sfSplit,
		"str.isdigit": sfPred, "str.isalpha": sfPred, "str.isalnum": sfPred,
		"str.isspace": sfPred, "str.islower": sfPred, "str.isupper": sfPred,
		"str.startswith": sfStartsWith, "str.endswith": sfEndsWith,
		"str.count": sfCount, "str.find": sfFind, "str.index": sfIndex,
		"str.format": sfFormat,
	}
	lo, hi := int32(-1), int32(-1)
	ids := make(map[int32]uint8, len(names))
	for name, op := range names {
		id := mustBuiltinID(name)
		ids[id] = op
		if lo < 0 || id < lo {
			lo = id
		}
		hi = max(hi, id)
	}
	strFastOps.lo = lo
	strFastOps.ops = make([]uint8, hi-lo+1)
	for id, op := range ids {
		strFastOps.ops[id-lo] = op
	}
}

// strFastOp is the op code of the builtin id for strMethodFast.
func strFastOp(id int32) uint8 {
	strFastOps.once.Do(loadStrFastOps)
	if i := uint32(id - strFastOps.lo); i < uint32(len(strFastOps.ops)) {
		return strFastOps.ops[i]
	}
	return sfNone
}

// strMethodFast is the common case of a few hot str methods (the
// builtin def, found by its ID's op code) called on an exact str o (the
// receiver self) with positional arguments that are exact strs: it
// answers without the general binding (receiver checks, argument
// arrays, keyword checks) and looks each object up once. done is false
// for anything else, which then runs the method's general code.
func (vm *VM) strMethodFast(def *BuiltinDef, id int32, self Value, o *heap.Str, args []Value) (r Value, done bool) {
	op := strFastOp(id)
	if op == sfNone {
		return heap.Undef, false
	}
	if len(o.S) >= longWork && (op == sfCount || vm.DeadlineErr() != nil) {
		// The general path raises the deadline's error, and counts a
		// long text in pieces that meet it.
		return heap.Undef, false
	}
	if op == sfJoin {
		// sep.join(list or tuple): no Python code can run.
		if len(args) != 1 || args[0].K != heap.KRef {
			return heap.Undef, false
		}
		var items []Value
		switch seq := vm.H.Get(args[0]).(type) {
		case *heap.List:
			items = seq.Items
		case *heap.Tuple:
			items = seq.Items
		default:
			return heap.Undef, false
		}
		r, err := vm.joinValues(o.S, items)
		if err != nil {
			return heap.Undef, false // the general path meets it again
		}
		return r, true
	}
	if op == sfFormat {
		return vm.strFormatFast(o.S, args)
	}
	var arg *heap.Str
	if len(args) > 0 {
		if len(args) > 1 || args[0].K != heap.KRef {
			return heap.Undef, false
		}
		var ok bool
		if arg, ok = vm.H.Get(args[0]).(*heap.Str); !ok {
			return heap.Undef, false
		}
	}
	s := o.S
	switch op {
	case sfStrip, sfRStrip, sfLStrip:
		var t string
		if arg == nil {
			switch op {
			case sfStrip:
				t = pystr.Strip(s, "", false)
			case sfRStrip:
				t = pystr.RStrip(s, "", false)
			default:
				t = pystr.LStrip(s, "", false)
			}
		} else if set, ok := vm.strc.stripSet(arg.S); ok {
			// Bytewise: no byte of a multi-byte code point is in an
			// ASCII set.
			i, j := 0, len(s)
			if op != sfRStrip {
				for i < j && set.has(s[i]) {
					i++
				}
			}
			if op != sfLStrip {
				for j > i && set.has(s[j-1]) {
					j--
				}
			}
			t = s[i:j]
		} else {
			switch op {
			case sfStrip:
				t = pystr.Strip(s, arg.S, true)
			case sfRStrip:
				t = pystr.RStrip(s, arg.S, true)
			default:
				t = pystr.LStrip(s, arg.S, true)
			}
		}
		if len(t) == len(s) {
			return self, true
		}
		if strIsASCII(o) {
			return vm.newStrN(t, len(t)), true
		}
		return vm.NewStr(t), true
	case sfUpper, sfLower:
		if arg != nil || !strIsASCII(o) {
			return heap.Undef, false
		}
		if op == sfUpper {
			return vm.asciiCase(self, s, 'a', 'z'), true
		}
		return vm.asciiCase(self, s, 'A', 'Z'), true
	case sfSplit:
		if arg == nil && !strIsASCII(o) || arg != nil && arg.S == "" {
			return heap.Undef, false
		}
		sep := ""
		if arg != nil {
			sep = arg.S
		}
		r, err := vm.splitFast(o, sep)
		if err != nil {
			return heap.Undef, false // the general path meets it again
		}
		return r, true
	case sfPred:
		if arg != nil || !strIsASCII(o) {
			return heap.Undef, false
		}
		return heap.Bool(asciiPred(def.Name, s)), true
	case sfStartsWith:
		if arg == nil {
			return heap.Undef, false
		}
		return heap.Bool(strings.HasPrefix(s, arg.S)), true
	case sfEndsWith:
		if arg == nil {
			return heap.Undef, false
		}
		return heap.Bool(strings.HasSuffix(s, arg.S)), true
	case sfCount:
		if arg == nil || arg.S == "" {
			return heap.Undef, false
		}
		return heap.Int(int64(strings.Count(s, arg.S))), true
	case sfFind, sfIndex:
		if arg == nil || !strIsASCII(o) {
			return heap.Undef, false
		}
		i := strings.Index(s, arg.S)
		if i < 0 && op == sfIndex {
			return heap.Undef, false // the general path raises
		}
		return heap.Int(int64(i)), true
	}
	return heap.Undef, false
}

// asciiSet is a set of ASCII bytes, a bit each.
type asciiSet [2]uint64

func (as *asciiSet) has(c byte) bool {
	return c < 128 && as[c>>6]&(1<<(c&63)) != 0
}

// strCaches are what the str methods remember between calls, in Go
// only: each is derived from its key and checked against it before use,
// so a dump loses nothing.
type strCaches struct {
	// The last strip argument that made an ASCII set, and its set (a
	// loop strips with the same constant chars at every turn).
	stripChars string
	stripBits  asciiSet
	// tail is formatTail's scratch buffer, kept so that each f-string
	// does not clear one anew (formatTail never runs within itself).
	tail []byte
	// runs remembers runReachesBuild's answers by code and pc (a loop
	// asks for the same f-string at every turn); the code's
	// instructions never change.
	runs [4]runMemo
	// plans are formatTail's decoded f-string tails (see tailPlan).
	plans *[tailPlanSlots]tailPlan
}

// runMemo is one answer of runReachesBuild: for the run of n values
// before pc in the code whose instructions start at instrs.
type runMemo struct {
	instrs *compile.Instr
	pc, n  int
	ok     bool
}

// reachesBuild is runReachesBuild(instrs, pc, n), remembered.
func (c *strCaches) reachesBuild(instrs []compile.Instr, pc, n int) bool {
	m := &c.runs[pc&(len(c.runs)-1)]
	if m.instrs != unsafe.SliceData(instrs) || m.pc != pc || m.n != n || m.instrs == nil {
		*m = runMemo{unsafe.SliceData(instrs), pc, n, runReachesBuild(instrs, pc, n)}
	}
	return m.ok
}

// stripSet is asciiSetOf(chars), remembered for the next call with the
// same chars.
func (c *strCaches) stripSet(chars string) (asciiSet, bool) {
	if chars == c.stripChars && chars != "" {
		return c.stripBits, true
	}
	set, ok := asciiSetOf(chars)
	if ok {
		c.stripChars, c.stripBits = chars, set
	}
	return set, ok
}

// asciiSetOf is the set of the bytes of chars when they are all ASCII
// (and few: strip's argument), ok false otherwise.
func asciiSetOf(chars string) (as asciiSet, ok bool) {
	if len(chars) > 64 {
		return as, false
	}
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		if c >= 128 {
			return as, false
		}
		as[c>>6] |= 1 << (c & 63)
	}
	return as, true
}

// strIndexFast is o[i] (BINARY_SUBSCR) for a str known to be ASCII: the
// interned 1-character str of its byte. ok is false for other strs and
// for an index out of range (the general path raises).
func (vm *VM) strIndexFast(o *heap.Str, i int64) (Value, bool) {
	if !o.ASCII || o.N != len(o.S) {
		return heap.Undef, false
	}
	if i < 0 {
		i += int64(len(o.S))
	}
	if i < 0 || i >= int64(len(o.S)) {
		return heap.Undef, false
	}
	return vm.asciiStr(o.S[i]), true
}

// isStrASCIISpace is str's whitespace among ASCII characters (str.split
// with no separator splits at runs of it).
func isStrASCIISpace(c byte) bool {
	return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f)
}

// strSpaceTab[c] is 1 if isStrASCIISpace(c), else 0 (0 too for bytes
// past ASCII): the scans of split take one load a byte instead of three
// comparisons.
var strSpaceTab = func() (t [256]byte) {
	for c := range 0x80 {
		if isStrASCIISpace(byte(c)) {
			t[c] = 1
		}
	}
	return t
}()

// Masks of the eight bytes of a word (loaded little-endian, the first
// byte lowest): every byte 0x01, every byte 0x80.
const (
	swarOnes = 0x0101010101010101
	swarHigh = 0x8080808080808080
)

// load8 is the eight bytes of s from i as a little-endian word (the
// compiler makes this one load).
func load8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// spaceBytes has the high bit set in each byte of x that is str
// whitespace (isStrASCIISpace: 0x09 to 0x0d, 0x1c to 0x20) and clear in
// every other byte, bytes past ASCII included. (x|swarHigh) - k*swarOnes
// keeps each byte's high bit set exactly when its low seven bits are at
// least k: setting the high bits first stops any borrow from crossing
// into the next byte.
func spaceBytes(x uint64) uint64 {
	y := x | swarHigh
	ge1c := y - 0x1c*swarOnes
	ge21 := y - 0x21*swarOnes
	if ge1c&swarHigh == swarHigh {
		// No byte is below 0x1c (the common case of text without tabs
		// or newlines): the whitespace is what is below 0x21.
		return ^ge21 &^ x & swarHigh
	}
	ge09 := y - 0x09*swarOnes
	ge0e := y - 0x0e*swarOnes
	return (ge09&^ge0e | ge1c&^ge21) &^ x & swarHigh
}

// countWords is how many runs of non-whitespace the ASCII s has (the
// length of s.split()): the bytes that are not whitespace and follow
// whitespace or the start, counted eight at a time.
func countWords(s string) int {
	n := 0
	prev := uint64(1) // whether the byte before the word is whitespace
	i := 0
	for ; i+8 <= len(s); i += 8 {
		sp := spaceBytes(load8(s, i))
		// A byte starts a word when it is not whitespace and the byte
		// before it is: the mask moved up a byte, with the last byte
		// of the previous word coming in at the bottom.
		before := sp<<8 | prev<<7
		n += bits.OnesCount64(^sp & before & swarHigh)
		prev = sp >> 63
	}
	for ; i < len(s); i++ {
		sp := uint64(strSpaceTab[s[i]])
		n += int(prev &^ sp)
		prev = sp
	}
	return n
}

// wordEnd is where the run of non-whitespace at s[i:] ends in the ASCII
// s: the index of the next whitespace byte, or len(s).
func wordEnd(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if sp := spaceBytes(load8(s, i)); sp != 0 {
			return i + bits.TrailingZeros64(sp)>>3
		}
	}
	for i < len(s) && strSpaceTab[s[i]] == 0 {
		i++
	}
	return i
}

// splitFast is o.split() for an ASCII o, or o.split(sep) for a non-empty
// sep: it counts the pieces, reserves them, and makes each piece's str
// in place (headers allocated in blocks, as strPieces does), with no
// intermediate slice of Go strings.
func (vm *VM) splitFast(o *heap.Str, sep string) (Value, error) {
	s := o.S
	ascii := strIsASCII(o)
	n := 0
	if sep == "" {
		n = countWords(s)
	} else {
		n = strings.Count(s, sep) + 1
	}
	if err := vm.reserveMul(pieceBytes, int64(n)); err != nil {
		return heap.Undef, err
	}
	if sep == "" {
		// As the general path reserves (see reserveSplit).
		if err := vm.reserve(int64(n)*pieceBytes + int64(len(s))); err != nil {
			return heap.Undef, err
		}
	}
	items := make([]Value, n)
	var hs strHeaders
	if sep == "" {
		for i, k := 0, 0; k < n; k++ {
			// Words are usually apart by one space: a byte's test finds
			// the next one's start, and a word's end is found eight
			// bytes at a time.
			for strSpaceTab[s[i]] != 0 {
				i++
			}
			j := wordEnd(s, i)
			items[k] = hs.put(vm, s[i:j], ascii, n-k)
			i = j
		}
	} else {
		k := 0
		for ; k < n-1; k++ {
			j := strings.Index(s, sep)
			items[k] = hs.put(vm, s[:j], ascii, n-k)
			s = s[j+len(sep):]
		}
		items[k] = hs.put(vm, s, ascii, n-k)
	}
	return vm.NewList(items), nil
}

// asciiPred is the str predicate name (str.isdigit ... str.isupper) of
// the ASCII text s.
func asciiPred(name string, s string) bool {
	switch name {
	case "str.islower", "str.isupper":
		lo, hi := byte('a'), byte('z') // the case that must appear
		if name == "str.isupper" {
			lo, hi = 'A', 'Z'
		}
		cased := false
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c >= lo && c <= hi {
				cased = true
			} else if isASCIILetter(c) {
				return false
			}
		}
		return cased
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		var ok bool
		switch name {
		case "str.isdigit":
			ok = isASCIIDigit(c)
		case "str.isalpha":
			ok = isASCIILetter(c)
		case "str.isalnum":
			ok = isASCIIDigit(c) || isASCIILetter(c)
		default:
			ok = isStrASCIISpace(c)
		}
		if !ok {
			return false
		}
	}
	return true
}

// containsFast is item in container for an exact str container and
// an exact str item, and for an exact dict and an int or exact str key
// (found without running code); ok is false for everything else, left
// to opContains (errors included).
func (vm *VM) containsFast(item, container Value) (r, ok bool) {
	if container.K != heap.KRef {
		return false, false
	}
	switch o := vm.H.Get(container).(type) {
	case *heap.Str:
		if item.K != heap.KRef {
			return false, false
		}
		sub, isStr := vm.H.Get(item).(*heap.Str)
		if !isStr {
			return false, false
		}
		if len(o.S) >= longWork && vm.DeadlineErr() != nil {
			return false, false // strContains raises it
		}
		if len(sub.S) == 1 {
			// One byte is an ASCII character, never part of another
			// character's encoding.
			return strings.IndexByte(o.S, sub.S[0]) >= 0, true
		}
		return strings.Contains(o.S, sub.S), true
	case *heap.Dict:
		i, _, known := vm.dictFind(o, item)
		return i >= 0, known
	}
	return false, false
}

// strFormatFast is format.format(*args) when every field is a plain
// positional one ({} or {0}: no attribute, index, conversion or nested
// spec) whose value appendPlain lays out (a machine int or float or an
// ASCII str with a plain spec) and the result is short: it goes straight
// from the parsed pieces (remembered as appendStrFormat does) into a
// stack buffer and the result str, with no formatter state and no
// general argument binding. done is false, with nothing done, for
// anything else (errors included), which str.format's general code
// formats or reports.
func (vm *VM) strFormatFast(format string, args []Value) (r Value, done bool) {
	pieces := vm.fmtPieces
	if format != vm.fmtFormat || pieces == nil {
		var err error
		if pieces, err = pyfmt.ParseFormatString(format); err != nil {
			return heap.Undef, false
		}
		vm.fmtFormat, vm.fmtPieces = format, pieces
	}
	var small [128]byte
	b := small[:0]
	auto, mode := 0, 0 // mode: 0 unknown, 1 automatic, 2 manual
	for i := range pieces {
		p := &pieces[i]
		if !p.Field {
			if len(b)+len(p.Literal) > cap(b) {
				return heap.Undef, false
			}
			b = append(b, p.Literal...)
			continue
		}
		if len(p.Path) > 0 || p.Conversion != 0 || strings.IndexByte(p.Spec, '{') >= 0 {
			return heap.Undef, false
		}
		var idx int
		switch {
		case p.Name == "":
			if mode == 2 {
				return heap.Undef, false
			}
			mode, idx = 1, auto
			auto++
		case len(p.Name) == 1 && p.Name[0] >= '0' && p.Name[0] <= '9':
			if mode == 1 {
				return heap.Undef, false
			}
			mode, idx = 2, int(p.Name[0]-'0')
		default:
			return heap.Undef, false
		}
		if idx >= len(args) || len(b)+plainMax > cap(b) {
			return heap.Undef, false
		}
		nb, ok, err := vm.appendPlain(b, args[idx], p.Spec)
		if !ok || err != nil {
			return heap.Undef, false
		}
		b = nb
	}
	o, buf := vm.strBuf(len(b))
	copy(buf, b)
	return vm.sealStr(o, buf, -1), true
}

// strCmpFast is a cmp b (COMPARE_OP's < <= == != > >=) for two exact
// strs, which no Python code can take part in; ok is false for any other
// operands, left to the general comparison. Byte order is code-point
// order in UTF-8.
func (vm *VM) strCmpFast(cmp int, a, b Value) (t, ok bool) {
	if a.K != heap.KRef || b.K != heap.KRef {
		return false, false
	}
	sa, ok := vm.H.Get(a).(*heap.Str)
	if !ok {
		return false, false
	}
	sb, ok := vm.H.Get(b).(*heap.Str)
	if !ok {
		return false, false
	}
	switch cmp {
	case compile.CmpEq:
		return sa.S == sb.S, true
	case compile.CmpNe:
		return sa.S != sb.S, true
	}
	return numCmpResult(cmp, strings.Compare(sa.S, sb.S)), true
}
