package vm

import (
	"strconv"
	"unsafe"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// maxTailConsts bounds the constant parts formatTail looks past between
// an f-string's last field and its BUILD_STRING.
const maxTailConsts = 4

// formatTail runs an f-string's last field together with the rest of
// the f-string: FORMAT_VALUE (arg its argument, f.PC just after it)
// followed by up to maxTailConsts LOAD_CONSTs of strs and BUILD_STRING.
// The field's text goes straight into the result, without a str object
// of its own. It answers only for a field whose formatting cannot run
// Python code or fail: a machine int or an exact str, no conversion or
// !s or !r, no spec; or a plain spec that appendPlain lays out (machine
// int or float, exact ASCII str). The instructions it covers do nothing
// else, so running them here is what running them one by one does; the
// frame is never seen between them. ok is false, and nothing done, for
// anything else.
func (vm *VM) formatTail(f *heap.Frame, arg int) bool {
	if f.C.Quick == nil {
		return false
	}
	instrs := *f.C.Quick
	consts := f.C.Consts
	pc := int(f.PC)
	k := 0
	for pc < len(instrs) && instrs[pc].Op() == compile.LOAD_CONST && k < maxTailConsts {
		if _, ok := vm.refObj(consts[instrs[pc].Arg()]).(*heap.Str); !ok {
			return false
		}
		pc++
		k++
	}
	if pc >= len(instrs) || instrs[pc].Op() != compile.BUILD_STRING {
		return false
	}
	n := instrs[pc].Arg()
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
	before := n - 1 - k // parts already on the stack, below the value
	if before < 0 || vi-before < 0 {
		return false
	}
	v := slots[vi]
	conv := arg & 3
	var tmp [plainMax]byte
	var field []byte
	var fieldStr string
	fieldRunes := -1
	switch {
	case spec != "":
		if conv != 0 {
			return false
		}
		b, ok, err := vm.appendPlain(tmp[:0], v, spec)
		if !ok || err != nil {
			return false
		}
		field, fieldRunes = b, len(b)
	case v.K == heap.KInt && conv != 3:
		field = strconv.AppendInt(tmp[:0], v.I(), 10)
		fieldRunes = len(field)
	case v.K == heap.KRef && conv != 3:
		o, ok := vm.H.Get(v).(*heap.Str)
		if !ok {
			return false
		}
		fieldStr = o.S
		if conv == 2 {
			fieldStr = pystr.Repr(o.S)
		} else {
			fieldRunes = strRunes(o)
		}
	default:
		return false
	}
	total := len(field) + len(fieldStr)
	runes := fieldRunes
	lo := vi - before
	for _, p := range slots[lo:vi] {
		o := vm.H.Get(p).(*heap.Str)
		total += len(o.S)
		runes = addRunes(runes, strRunes(o))
	}
	for i := pc - k; i < pc; i++ {
		o := vm.H.Get(consts[instrs[i].Arg()]).(*heap.Str)
		total += len(o.S)
		runes = addRunes(runes, strRunes(o))
	}
	if !vm.fastRoom(int64(total)) {
		return false
	}
	// The result's bytes in their own allocation, as BUILD_STRING's.
	buf := make([]byte, total)
	w := 0
	for _, p := range slots[lo:vi] {
		w += copy(buf[w:], vm.H.Get(p).(*heap.Str).S)
	}
	w += copy(buf[w:], field)
	w += copy(buf[w:], fieldStr)
	for i := pc - k; i < pc; i++ {
		w += copy(buf[w:], vm.H.Get(consts[instrs[i].Arg()]).(*heap.Str).S)
	}
	o := new(heap.Str)
	o.S = unsafe.String(unsafe.SliceData(buf), total)
	o.N = runes
	o.ASCII = runes == total
	r := vm.H.Alloc(o)
	for i := lo; i < int(f.SP); i++ {
		slots[i] = heap.Undef
	}
	slots[lo] = r
	f.SP = int32(lo + 1)
	f.PC = int32(pc + 1)
	return true
}

// addRunes is the code-point count of two strs joined, -1 when either
// is not known.
func addRunes(a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	return a + b
}
