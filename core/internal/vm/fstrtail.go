package vm

import (
	"slices"
	"strconv"
	"unsafe"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// maxTailItems bounds the constant parts and fields formatTail looks
// past between an f-string's field and its BUILD_STRING.
const maxTailItems = 16

// maxTailBytes bounds the results formatTail builds (it lays them out in
// a scratch buffer first); longer ones take the instructions one by one.
const maxTailBytes = 4096

// formatTail runs an f-string's field together with the rest of the
// f-string: FORMAT_VALUE (arg its argument, f.PC just after it) followed
// by up to maxTailItems constant strs and fields of local variables
// (LOAD_FAST, an optional constant spec, FORMAT_VALUE), then
// BUILD_STRING. Each field's text goes straight into the result, without
// a str object of its own. It answers only when every field's
// formatting can neither run Python code nor fail (fieldText) and every
// local it reads is bound. The instructions it covers do nothing else,
// so running them here is what running them one by one does; the frame
// is never seen between them. ok is false, and nothing done, for
// anything else.
//
// When something else comes before BUILD_STRING (a field of an
// expression, f"{a}:{b}|{i / 7:.2f}"), the field and the run of items
// after it that it can do are still done at once: their text becomes
// one str, followed on the stack by an empty str for each item of the
// run, so BUILD_STRING, which only joins them, finds as many parts as it
// expects and makes the same str.
func (vm *VM) formatTail(f *heap.Frame, arg int) bool {
	if vm.rec != nil {
		// The module base is being built: it allocates exactly as the
		// instructions one by one do, so its image (whose ID every dump
		// names) does not depend on this shortcut.
		return false
	}
	instrs := f.C.Code.Instrs
	consts := f.C.Consts
	slots := f.Slots
	vi := int(f.SP) - 1
	spec := ""
	if arg&4 != 0 {
		so, ok := vm.refObj(slots[vi]).(*heap.Str)
		if !ok {
			return false
		}
		spec = so.S
		vi--
	}
	if vm.strc.tail == nil {
		vm.strc.tail = make([]byte, 0, maxTailBytes+2*plainMax)
	}
	// The items after the field, as far as they can be done here: the
	// plan has decoded their instructions, and what is left to check is
	// the values'.
	plan := vm.tailPlan(instrs, consts, int(f.PC))
	var out []byte
	var ok bool
	if h := &plan.head; h.parsed && len(spec) == len(h.text) && unsafe.StringData(spec) == unsafe.StringData(h.text) {
		// The field's spec is the constant the plan parsed (the same
		// Go string, so the same text).
		out, ok = vm.specText(vm.strc.tail[:0], slots[vi], arg&3, spec, h.sp)
	} else {
		out, ok = vm.fieldText(vm.strc.tail[:0], slots[vi], arg&3, spec)
	}
	if !ok {
		return false
	}
	k := 0
	for ; k < plan.n; k++ {
		it := &plan.items[k]
		if !it.field {
			if len(out)+len(it.text) > maxTailBytes {
				break
			}
			if len(it.text) == 1 {
				// A one-byte separator ("|", ","), without a call of
				// memmove.
				out = append(out, it.text[0])
			} else {
				out = append(out, it.text...)
			}
			continue
		}
		v := slots[it.slot]
		if v.K == heap.KUndef {
			break
		}
		if it.arith {
			// A field of arithmetic on the local and a constant or
			// another local ({i / 7:.2f}, {n + 1}).
			r, ok := tailArith(v, it.load, it.bop, slots, consts)
			if !ok {
				break
			}
			v = r
		}
		n := len(out)
		if it.parsed {
			out, ok = vm.specText(out, v, it.conv, it.text, it.sp)
		} else {
			out, ok = vm.fieldText(out, v, it.conv, it.text)
		}
		if !ok {
			out = out[:n]
			break
		}
	}
	pc := plan.end
	if k < plan.n {
		pc = plan.items[k].pc
	}
	if pc >= len(instrs) || instrs[pc].Op() != compile.BUILD_STRING || k >= maxTailItems {
		return k > 0 && vm.strc.reachesBuild(instrs, pc, k+1) && vm.formatRun(f, vi, k, pc, out)
	}
	before := instrs[pc].Arg() - 1 - k // parts already on the stack, below the value
	if before < 0 || vi-before < 0 {
		return false
	}
	lo := vi - before
	parts := slots[lo:vi]
	total := len(out)
	for _, p := range parts {
		total += len(vm.H.Get(p).(*heap.Str).S)
	}
	if total > maxTailBytes || !vm.fastRoom(int64(total)) {
		return false
	}
	// The result's bytes, in one allocation with the str when short.
	o, buf := vm.strBuf(total)
	at := 0
	for _, p := range parts {
		// Often an empty str (a run formatRun did leaves one for each
		// of its items): no copy to call.
		if s := vm.H.Get(p).(*heap.Str).S; s != "" {
			at += copy(buf[at:], s)
		}
	}
	copy(buf[at:], out)
	// N and ASCII as BUILD_STRING leaves them (not counted): the str is
	// the same object either way, down to its dumped form.
	slots[lo] = vm.sealStr(o, buf, -1)
	// A loop, not clear: most f-strings leave a slot or two, which a
	// call of memclr would cost more than.
	for i, sp := lo+1, int(f.SP); i < sp; i++ {
		slots[i] = heap.Undef
	}
	f.SP = int32(lo + 1)
	f.PC = int32(pc + 1)
	return true
}

// tailItem is an item of a tailPlan: a constant str (text) or a field
// (field) of the local slot, maybe with arithmetic (arith: the load and
// bop instructions), conversion conv and spec text.
type tailItem struct {
	pc        int // where the item's instructions start
	field     bool
	arith     bool
	conv      int
	slot      int
	load, bop compile.Instr
	text      string
	// parsed is whether text is a field's spec that parsed, as sp: a
	// constant spec is parsed once, with the plan.
	parsed bool
	sp     pyfmt.Spec
}

// tailPlan is the items formatTail may do after a field, decoded from
// the instructions once: up to maxTailItems constant strs and fields of
// local variables (LOAD_FAST, maybe arithmetic, an optional constant
// spec, FORMAT_VALUE), ending at end, the first instruction that is not
// one of them. Whether each item can be done depends on the values met.
type tailPlan struct {
	instrs *compile.Instr
	consts *heap.Value
	pc     int // the instruction after the field's FORMAT_VALUE
	n      int
	end    int
	items  [maxTailItems]tailItem
	// head is the field just before pc, when its spec is a constant:
	// its text, and its parse when it parsed.
	head tailItem
}

// tailPlanSlots is how many plans strCaches keeps, by pc.
const tailPlanSlots = 16

// tailPlan is the plan for the items from pc in the code of instrs and
// consts, remembered in strCaches (a loop formats the same f-string at every turn;
// a code's instructions and constants never change).
func (vm *VM) tailPlan(instrs []compile.Instr, consts []Value, pc int) *tailPlan {
	c := &vm.strc
	if c.plans == nil {
		c.plans = new([tailPlanSlots]tailPlan)
	}
	p := &c.plans[pc&(tailPlanSlots-1)]
	if p.instrs == unsafe.SliceData(instrs) && p.consts == unsafe.SliceData(consts) && p.pc == pc && p.instrs != nil {
		return p
	}
	p.instrs, p.consts, p.pc, p.n = unsafe.SliceData(instrs), unsafe.SliceData(consts), pc, 0
	constStr := func(in compile.Instr) (string, bool) {
		if v := consts[in.Arg()]; v.K == heap.KRef {
			if o, ok := vm.H.Get(v).(*heap.Str); ok {
				return o.S, true
			}
		}
		return "", false
	}
	// parse gives it the parse of its spec text, when that parses (the
	// type only words the errors, which are left to the general path).
	parse := func(it *tailItem) {
		if sp, err := pyfmt.ParseSpec(it.text, "int"); err == nil && it.text != "" {
			it.parsed, it.sp = true, sp
		}
	}
	p.head = tailItem{}
	if pc >= 2 && instrs[pc-1].Op() == compile.FORMAT_VALUE && instrs[pc-1].Arg()&4 != 0 && instrs[pc-2].Op() == compile.LOAD_CONST {
		if s, ok := constStr(instrs[pc-2]); ok {
			p.head.text = s
			parse(&p.head)
		}
	}
	for ; p.n < maxTailItems && pc < len(instrs); p.n++ {
		in := instrs[pc]
		it := tailItem{pc: pc}
		if in.Op() == compile.LOAD_CONST {
			s, ok := constStr(in)
			if !ok {
				break
			}
			it.text = s
			p.items[p.n] = it
			pc++
			continue
		}
		if in.Op() != compile.LOAD_FAST {
			break
		}
		it.field, it.slot = true, in.Arg()
		j := pc + 1
		if j+1 < len(instrs) && instrs[j+1].Op() == compile.BINARY_OP {
			if op := instrs[j].Op(); op != compile.LOAD_FAST && op != compile.LOAD_CONST {
				break // tailArith takes no other operand
			}
			it.arith, it.load, it.bop = true, instrs[j], instrs[j+1]
			j += 2
		}
		hasSpec := false
		if j < len(instrs) && instrs[j].Op() == compile.LOAD_CONST {
			s, ok := constStr(instrs[j])
			if !ok {
				break
			}
			it.text, hasSpec = s, true
			parse(&it)
			j++
		}
		if j >= len(instrs) || instrs[j].Op() != compile.FORMAT_VALUE {
			break
		}
		fa := instrs[j].Arg()
		if (fa&4 != 0) != hasSpec {
			break
		}
		it.conv = fa & 3
		p.items[p.n] = it
		pc = j + 1
	}
	p.end = pc
	return p
}

// tailArith is the BINARY_OP bop of a, a machine int or float, and the
// operand that load (LOAD_FAST or LOAD_CONST) pushes, when that is a
// machine int or float too and the operation one of the fast paths that
// can neither fail nor run code (intFast, floatFast, mixedFloatFast: the
// results the general BINARY_OP gives). ok is false for anything else.
func tailArith(a Value, load, bop compile.Instr, slots, consts []Value) (Value, bool) {
	var b Value
	switch load.Op() {
	case compile.LOAD_FAST:
		b = slots[load.Arg()]
	case compile.LOAD_CONST:
		b = consts[load.Arg()]
	default:
		return heap.Undef, false
	}
	op := bop.Arg() & 15
	switch {
	case a.K == heap.KInt && b.K == heap.KInt:
		return intFast(op, a.I(), b.I())
	case a.K == heap.KFloat && b.K == heap.KFloat:
		return floatFast(op, a.F(), b.F())
	}
	return mixedFloatFast(op, a, b)
}

// maxRunScan bounds the instructions runReachesBuild looks through.
const maxRunScan = 48

// runReachesBuild reports whether the n values a run leaves on the stack
// (the field and the items formatTail did) are parts of the f-string's
// BUILD_STRING, untouched until then, so that their text may be spread
// over them any way. A constant str or a formatted local is not always a
// part: it may be the start of an expression field (f"{a}{', '.join(x)}",
// f"{a}{f'{b}'.upper()}"). So the instructions from pc on must be
// straight-line code of known stack effects that never reaches below the
// run, up to a BUILD_STRING that takes all of it; anything else (jumps,
// stores, unknown instructions) says no.
func runReachesBuild(instrs []compile.Instr, pc, n int) bool {
	depth := 0 // values pushed above the run
	for end := min(len(instrs), pc+maxRunScan); pc < end; pc++ {
		in := instrs[pc]
		arg := int(in.Arg())
		pops, pushes := 0, 1
		switch in.Op() {
		case compile.BUILD_STRING:
			if arg >= depth+n {
				return true
			}
			pops = arg // an f-string nested in a field
		case compile.LOAD_FAST, compile.LOAD_CONST, compile.LOAD_GLOBAL, compile.LOAD_DEREF, compile.PUSH_NULL:
		case compile.LOAD_ATTR, compile.UNARY_NEGATIVE, compile.UNARY_POSITIVE, compile.UNARY_INVERT, compile.UNARY_NOT:
			pops = 1
		case compile.LOAD_METHOD:
			pops, pushes = 1, 2
		case compile.BINARY_OP, compile.BINARY_SUBSCR, compile.COMPARE_OP:
			pops = 2
		case compile.FORMAT_VALUE:
			pops = 1 + (arg>>2)&1
		case compile.CALL:
			pops = arg + 2
		case compile.BUILD_TUPLE, compile.BUILD_LIST:
			pops = arg
		case compile.KW_NAMES:
			pushes = 0
		default:
			return false
		}
		if pops > depth {
			return false
		}
		depth += pushes - pops
	}
	return false
}

// formatRun ends formatTail's partial case: the field at slot vi and the
// k items after it (up to pc) give out, which goes on the stack as one
// str and k empty ones, the frame continuing at pc.
func (vm *VM) formatRun(f *heap.Frame, vi, k, pc int, out []byte) bool {
	if !vm.fastRoom(int64(len(out))) {
		return false
	}
	slots := f.Slots
	o, buf := vm.strBuf(len(out))
	copy(buf, out)
	slots[vi] = vm.sealStr(o, buf, -1)
	empty := vm.internAt(&vm.emptyStr, "")
	for i := vi + 1; i <= vi+k; i++ {
		slots[i] = empty
	}
	f.SP = int32(vi + k + 1)
	f.PC = int32(pc)
	return true
}

// fieldText appends an f-string field's text (v, its conversion conv as
// FORMAT_VALUE numbers them and its spec) to out, for a field whose formatting can
// neither run Python code nor fail: a machine int, a float, a bool,
// None or an exact str, with no conversion, !s or !r and no spec, or a plain spec that appendPlain
// lays out (machine int or float, exact ASCII str). ok is false for
// anything else.
func (vm *VM) fieldText(out []byte, v Value, conv int, spec string) ([]byte, bool) {
	switch {
	case spec != "":
		if conv != 0 {
			return out, false
		}
		out = slices.Grow(out, plainMax)
		b, ok, err := vm.appendPlain(out, v, spec)
		if !ok || err != nil {
			return out, false
		}
		return b, true
	case v.K == heap.KInt && conv != 3:
		return strconv.AppendInt(out, v.I(), 10), true
	case v.K == heap.KFloat && conv != 3:
		// str and repr of a float are the same, and float's are fixed.
		return append(out, pyfmt.FloatRepr(v.F())...), true
	case v.K == heap.KBool && conv != 3:
		if v.N != 0 {
			return append(out, "True"...), true
		}
		return append(out, "False"...), true
	case v.K == heap.KNone && conv != 3:
		return append(out, "None"...), true
	case v.K == heap.KRef && conv != 3:
		o, ok := vm.H.Get(v).(*heap.Str)
		if !ok || len(out)+len(o.S) > maxTailBytes {
			return out, false
		}
		if conv == 2 {
			if plainReprASCII(o.S) {
				out = append(out, '\'')
				out = append(out, o.S...)
				return append(out, '\''), true
			}
			return append(out, pystr.Repr(o.S)...), true
		}
		return append(out, o.S...), true
	}
	return out, false
}

// specText is fieldText for a spec already parsed as sp.
func (vm *VM) specText(out []byte, v Value, conv int, spec string, sp pyfmt.Spec) ([]byte, bool) {
	var o *heap.Str
	switch v.K {
	case heap.KInt, heap.KFloat:
	case heap.KRef:
		s, ok := vm.H.Get(v).(*heap.Str)
		if !ok || !strIsASCII(s) {
			return out, false
		}
		o = s
	default:
		return out, false
	}
	if conv != 0 {
		return out, false
	}
	out = slices.Grow(out, plainMax)
	b, ok, err := vm.appendPlainSpec(out, v, o, spec, sp)
	if !ok || err != nil {
		return out, false
	}
	return b, true
}

// plainReprASCII reports whether repr(s) is s in single quotes: printable
// ASCII with no quote or backslash to escape.
func plainReprASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '\'' || c == '\\' {
			return false
		}
	}
	return true
}
