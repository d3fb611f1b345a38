package vm

import (
	"slices"
	"strconv"
	"unsafe"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
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
	// Find BUILD_STRING first, checking the instructions on the way.
	pc := int(f.PC)
	k := 0
	for ; ; k++ {
		if pc >= len(instrs) || k > maxTailItems {
			return false
		}
		in := instrs[pc]
		switch in.Op() {
		case compile.LOAD_CONST:
			if _, ok := vm.refObj(consts[in.Arg()]).(*heap.Str); !ok {
				return false
			}
			pc++
			continue
		case compile.LOAD_FAST:
			if slots[in.Arg()].K == heap.KUndef {
				return false
			}
			pc++
			if pc < len(instrs) && instrs[pc].Op() == compile.LOAD_CONST {
				pc++
			}
			if pc >= len(instrs) || instrs[pc].Op() != compile.FORMAT_VALUE {
				return false
			}
			pc++
			continue
		case compile.BUILD_STRING:
		default:
			return false
		}
		break
	}
	before := instrs[pc].Arg() - 1 - k // parts already on the stack, below the value
	if before < 0 || vi-before < 0 {
		return false
	}
	lo := vi - before
	var scratch [256]byte
	out := scratch[:0]
	for _, p := range slots[lo:vi] {
		o := vm.H.Get(p).(*heap.Str)
		if len(out)+len(o.S) > maxTailBytes {
			return false
		}
		out = append(out, o.S...)
	}
	out, ok := vm.fieldText(out, slots[vi], arg&3, spec)
	if !ok {
		return false
	}
	for i := int(f.PC); i < pc; i++ {
		in := instrs[i]
		if in.Op() == compile.LOAD_CONST {
			o := vm.H.Get(consts[in.Arg()]).(*heap.Str)
			if len(out)+len(o.S) > maxTailBytes {
				return false
			}
			out = append(out, o.S...)
			continue
		}
		// LOAD_FAST, maybe LOAD_CONST (the spec), FORMAT_VALUE.
		v := slots[in.Arg()]
		i++
		spec := ""
		if instrs[i].Op() == compile.LOAD_CONST {
			so, ok := vm.refObj(consts[instrs[i].Arg()]).(*heap.Str)
			if !ok {
				return false
			}
			spec = so.S
			i++
		}
		fa := instrs[i].Arg()
		if (fa&4 != 0) != (instrs[i-1].Op() == compile.LOAD_CONST) {
			return false
		}
		if out, ok = vm.fieldText(out, v, fa&3, spec); !ok {
			return false
		}
	}
	total := len(out)
	if !vm.fastRoom(int64(total)) {
		return false
	}
	// The result's bytes in their own allocation, as BUILD_STRING's.
	buf := make([]byte, total)
	copy(buf, out)
	// N and ASCII as BUILD_STRING leaves them (not counted): the str is
	// the same object either way, down to its dumped form.
	r := vm.H.Alloc(&heap.Str{S: unsafe.String(unsafe.SliceData(buf), total), N: -1})
	for i := lo; i < int(f.SP); i++ {
		slots[i] = heap.Undef
	}
	slots[lo] = r
	f.SP = int32(lo + 1)
	f.PC = int32(pc + 1)
	return true
}

// fieldText appends an f-string field's text (v, its conversion conv as
// FORMAT_VALUE numbers them and its spec) to out, for a field whose formatting can
// neither run Python code nor fail: a machine int or an exact str, with
// no conversion, !s or !r and no spec, or a plain spec that appendPlain
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
	case v.K == heap.KRef && conv != 3:
		o, ok := vm.H.Get(v).(*heap.Str)
		if !ok || len(out)+len(o.S) > maxTailBytes {
			return out, false
		}
		if conv == 2 {
			return append(out, pystr.Repr(o.S)...), true
		}
		return append(out, o.S...), true
	}
	return out, false
}
