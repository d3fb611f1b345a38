package vm

// Allocation accounting before the fact.
//
// The heap counts an object's bytes when it is allocated, and the limits
// are checked between instructions. An operation whose result size is
// known before it builds the result ('a' * n, str.ljust(n), bytes(n),
// 2 ** n, a format width, ...) must not even try to build a result that
// cannot fit: Go cannot recover from running out of memory, so the
// process would die instead of the program getting MemoryError. Such an
// operation calls reserve (or reserveMul) with the size of what it is
// about to build: past the memory limit that is the limit's error (which
// the program cannot catch, like every limit), and without a limit
// MemoryError past maxOneAlloc.

// maxOneAlloc bounds a single object when the session has no memory limit:
// past it, MemoryError rather than asking the Go runtime for the memory.
import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

const maxOneAlloc = 1 << 33

// reserve reports the memory limit's error if n more bytes cannot be
// allocated under the memory limit. The heap's byte count includes
// garbage that only a collection would reclaim; the run collects at
// instruction boundaries once the count passes the limit (see settle), so
// the count stays near the live size, and a request fails when it would
// take the count past the ceiling. A builtin generally cannot collect (its
// operands may be held only by Go variables), except at the start of a
// top-level operation, before it allocated anything (collectForReserve).
func (vm *VM) reserve(n int64) error {
	if lim := vm.Limits.MaxMemory; lim > 0 {
		if n < 0 || n > lim {
			return errMemoryLimit()
		}
		if vm.H.Bytes+n > memCeiling(lim) && (!vm.collectForReserve() || vm.H.Bytes+n > memCeiling(lim)) {
			return errMemoryLimit()
		}
		return nil
	}
	if n < 0 || n > maxOneAlloc {
		return vm.Errorf(TMemoryError, "")
	}
	return nil
}

// memCeiling is what the heap's byte count may reach under a memory limit
// of lim between collections: the live heap must stay under lim, and an
// eighth of it more covers the garbage made since the last collection.
func memCeiling(lim int64) int64 { return lim + lim/8 }

// openSafe marks the start of a top-level operation on a and b (which
// must stay alive until closeSafe), during which reserve may collect
// until something is allocated.
func (vm *VM) openSafe(a, b Value) {
	if vm.nested == 0 && vm.Limits.MaxMemory > 0 {
		vm.opRoots = [2]Value{a, b}
		vm.safeAllocs = vm.H.Allocs + 1
	}
}

// closeSafe ends what openSafe started.
func (vm *VM) closeSafe() {
	vm.opRoots = [2]Value{}
	vm.safeAllocs = 0
}

// collectForReserve collects when that is safe: at the top level, in an
// operation that has allocated nothing and called nothing since it
// started (a call from Go closes the window where it raises vm.nested:
// the callee could make a value the operation holds unreachable), every
// value it can hold is a root (its operands in opRoots, a builtin's
// arguments in the argument arena). It reports whether it collected.
func (vm *VM) collectForReserve() bool {
	if vm.nested != 0 || vm.safeAllocs != vm.H.Allocs+1 {
		return false
	}
	vm.Collect()
	return true
}

// settle runs at an instruction boundary, where every live value is in a
// frame, after an operation that may have allocated much: it collects
// when collectDue says so, and past the limit still, it ends the run.
func (vm *VM) settle() error {
	if vm.collectAsked && vm.nested == 0 {
		vm.collectAsked = false
		vm.Collect()
	}
	lim := vm.Limits.MaxMemory
	if lim <= 0 || vm.nested != 0 || !vm.collectDue(lim) {
		return nil
	}
	vm.Collect()
	if vm.H.Bytes > lim {
		return errMemoryLimit()
	}
	return nil
}

// errMemoryLimit is the error that ends a run past its memory limit.
func errMemoryLimit() error { return &Fatal{Kind: "memory", Msg: "memory limit exceeded"} }

// tooBig is the error of a size that does not even fit the arithmetic:
// the memory limit's error when there is one, MemoryError otherwise.
func (vm *VM) tooBig() error {
	if vm.Limits.MaxMemory > 0 {
		return errMemoryLimit()
	}
	return vm.Errorf(TMemoryError, "")
}

// reserveMul is reserve(unit * count), safe from overflow; a negative or
// zero factor reserves nothing.
func (vm *VM) reserveMul(unit, count int64) error {
	if unit <= 0 || count <= 0 {
		return nil
	}
	if count > maxOneAlloc/unit {
		return vm.tooBig()
	}
	return vm.reserve(unit * count)
}

// reserveValues reserves a slice of n values (a list or tuple).
func (vm *VM) reserveValues(n int64) error { return vm.reserveMul(16, n) }

// Reserve is reserve for the native modules (package stdlib).
func (vm *VM) Reserve(n int64) error { return vm.reserve(n) }

// ReserveMul is reserveMul for the native modules.
func (vm *VM) ReserveMul(unit, count int64) error { return vm.reserveMul(unit, count) }

// reserveBits reserves an int of the given bit length.
func (vm *VM) reserveBits(bits int64) error {
	if bits < 0 {
		return vm.tooBig()
	}
	return vm.reserve(bits/8 + 48)
}

// reserveReplace reserves the result of replacing up to count (all if
// negative) of the occurrences of a substring in a string of n bytes by a
// string of newLen bytes; occurrences counts them only when needed.
func (vm *VM) reserveReplace(n, newLen int, occurrences func() int64, count int) error {
	if newLen <= 1 {
		return vm.reserve(int64(n))
	}
	k := occurrences()
	if count >= 0 && int64(count) < k {
		k = int64(count)
	}
	if err := vm.reserveMul(int64(newLen), k); err != nil {
		return err
	}
	return vm.reserve(int64(n) + k*int64(newLen))
}

// reserveSpec reserves what a format specification's width and precision
// make a result at least as long as: format(x, '>1000000000') must fail
// before it pads. A spec that does not parse is left to the formatter,
// which reports the error.
func (vm *VM) reserveSpec(spec string) error {
	if spec == "" {
		return nil
	}
	sp, err := pyfmt.ParseSpec(spec, "object")
	if err != nil {
		return nil
	}
	return vm.reserveSpecWidth(sp)
}

// reserveSpecWidth reserves what a parsed spec's width and precision make
// a result at least as long as.
func (vm *VM) reserveSpecWidth(sp pyfmt.Spec) error {
	fill := int64(1)
	if sp.Fill != 0 {
		fill = int64(utf8.RuneLen(sp.Fill))
	}
	if err := vm.reserveMul(fill, int64(max(sp.Width, 0))); err != nil {
		return err
	}
	return vm.reserve(int64(max(sp.Width, 0))*fill + int64(max(sp.Precision, 0)))
}

// reservePercent is reserveSpec for a printf-style conversion.
func (vm *VM) reservePercent(p *pyfmt.PercentPiece) error {
	return vm.reserve(int64(max(p.Width, 0)) + int64(max(p.Precision, 0)))
}

// CompileBytesPerSourceByte is what parsing and compiling may hold per
// byte of source at most (a token per byte or two of "1+1+1..." and its
// syntax tree, then the code): exec, eval and compile of a string, and a
// feed, reserve it first. Measured at its peak (compile_cost_test.go),
// a large source of the costliest shapes takes 250 to 260 bytes per
// byte, and up to about 320 in a noisy sample: this leaves a fifth more.
const CompileBytesPerSourceByte = 384

// grew accounts a container's growth (its Size before and after a change)
// and reports the memory limit's error once the heap is clearly past it.
// Containers grow in place, so their growth reaches the heap's count only
// through here.
func (vm *VM) grew(before, after int) error {
	if after <= before {
		return nil
	}
	vm.H.Grew(after - before)
	if lim := vm.Limits.MaxMemory; lim > 0 && vm.H.Bytes > memCeiling(lim) {
		return errMemoryLimit()
	}
	return nil
}

// TooBig is tooBig for the native modules.
func (vm *VM) TooBig() error { return vm.tooBig() }

// reserveRepr reserves the repr of a str (at least its length) or of
// bytes (exactly: four bytes for each escaped byte).
func (vm *VM) reserveRepr(o heap.Object) error {
	switch o := o.(type) {
	case *heap.Str:
		// An escaped rune takes up to ten bytes (\U0001xxxx) where it
		// took one to four.
		n := int64(len(o.S)) + 3
		for _, r := range o.S {
			if r < ' ' || r == 0x7f || (r >= 0x80 && !unicode.IsPrint(r)) {
				n += 9
			}
		}
		return vm.reserve(n)
	case *heap.Bytes:
		n := int64(len(o.B)) + 14
		for _, c := range o.B {
			if c < ' ' || c >= 0x7f {
				n += 3
			}
		}
		return vm.reserve(n)
	}
	return nil
}

// collectDue reports whether a run under a memory limit of lim should
// collect: garbage may take no more than a quarter of the limit, and once
// the count is past the limit, every sixteenth of it allocated since the
// last collection makes one. Both bound the cost of a heap that lives near
// its limit: a collection per sixteenth of the limit allocated at most.
func (vm *VM) collectDue(lim int64) bool {
	since := vm.H.SinceCollect()
	return since > lim/4 || (vm.H.Bytes > lim && since > lim/16)
}

// growCap is the capacity a buffer of capacity c grows to when it must
// hold need bytes: small buffers double, large ones grow by a quarter, so
// that a large result is not held at twice its size.
func growCap(c, need int) int {
	if c < 1<<16 {
		return max(need, 2*c)
	}
	return max(need, c+c/4)
}

// writeText appends s to b after reserving what b's growth costs: while
// it copies, the old buffer and the new one are both live. The heap
// counts a str at its length, so b grows by growCap rather than by
// strings.Builder's doubling, whose spare half the str would keep.
func (vm *VM) writeText(b *strings.Builder, s string) error {
	if need := b.Len() + len(s); need > b.Cap() {
		nc := growCap(b.Cap(), need)
		if err := vm.reserve(int64(b.Cap()) + int64(nc)); err != nil {
			return err
		}
		old := b.String()
		b.Reset()
		b.Grow(nc)
		b.WriteString(old)
	}
	b.WriteString(s)
	return nil
}

// AppendAccounted is writeText for a byte slice (for the native modules
// too).
func AppendAccounted[S ~string | ~[]byte](vm *VM, buf []byte, p S) ([]byte, error) {
	if need := len(buf) + len(p); need > cap(buf) {
		nc := growCap(cap(buf), need)
		if err := vm.reserve(int64(cap(buf)) + int64(nc)); err != nil {
			return buf, err
		}
		nb := make([]byte, len(buf), nc)
		copy(nb, buf)
		buf = nb
	}
	return append(buf, p...), nil
}

// iterBytes is what a builtin iterator takes (heap.Iter's Size).
const iterBytes = 72

// pieceBytes is what one piece of a split costs: its string header while
// the pieces are gathered, its str object and its slot in the list.
const pieceBytes = 16 + 40 + 16

// reserveSplit reserves the pieces of splitting s where is reports the
// runes a piece can end at: at most one piece per such rune, and one
// more. The count is a scan, cheaper than the split it guards.
func reserveSplit[T text](vm *VM, s T, maxsplit int, is func(rune) bool) error {
	n := int64(1)
	for _, r := range string(s) {
		// An upper bound: every ASCII whitespace of str or bytes counts,
		// without a call per character.
		if r < utf8.RuneSelf {
			if r == ' ' || (r >= '\t' && r <= '\r') || (r >= 0x1c && r <= 0x1f) {
				n++
			}
			continue
		}
		if is(r) {
			n++
		}
	}
	if maxsplit >= 0 {
		n = min(n, int64(maxsplit)+1)
	}
	if err := vm.reserveMul(pieceBytes, n); err != nil {
		return err
	}
	return vm.reserve(n*pieceBytes + int64(len(s)))
}

// roomFor accounts an append to a heap object's slice of values of length
// n and capacity c before it happens: a full slice moves to a new array,
// which the heap counts from then on, as the object's Size does. The old
// array is already counted.
func (vm *VM) roomFor(n, c int) error {
	if n < c {
		return nil
	}
	nc := appendCap(c)
	if err := vm.reserveMul(16, int64(nc)); err != nil {
		return err
	}
	vm.H.Grew(16 * (nc - c))
	return nil
}

// appendCap is about the capacity Go's append moves a full slice of
// capacity c to: twice as large while small, a quarter larger after.
func appendCap(c int) int {
	if c < 256 {
		return 2*c + 1
	}
	return c + (c+768)/4
}

// sliceRoom is roomFor for a slice that only Go holds (the heap does not
// count it): while append copies, both arrays are live.
func (vm *VM) sliceRoom(n, c int) error {
	if n < c {
		return nil
	}
	return vm.reserveValues(int64(c) + int64(appendCap(c)))
}

// dictRoom reserves what adding a key to d may allocate (see
// heap.Dict.AppendCost: entries and index grow together).
func (vm *VM) dictRoom(d *heap.Dict) error {
	return vm.reserve(int64(d.AppendCost()))
}

// setRoom reserves the larger table adding a key to s may move it to
// (see heap.Set.Add): up to eight times its elements while small, four
// times after, at 32 bytes a slot.
func (vm *VM) setRoom(s *heap.Set) error {
	if (s.Fill+1)*5 < (len(s.Table)-1)*3 {
		return nil
	}
	k := int64(8)
	if s.Used > 50000 {
		k = 4
	}
	return vm.reserveMul(32*k, int64(s.Used)+1)
}

// reserveCodec reserves the result of encoding (or decoding) n bytes with
// the codec enc, by what one input byte becomes: utf-16 and utf-32 widen
// each byte of UTF-8 text up to two and four times; decoding UTF-8 or
// ASCII keeps the size (but for replaced malformed bytes), and any other
// codec takes a byte to at most three of UTF-8. The codecs build their
// results by appending, which leaves as much again behind while it
// copies.
func (vm *VM) reserveCodec(n int, enc string, decode bool) error {
	e := pystr.CodecName(enc)
	k := int64(1)
	switch {
	case !decode && strings.HasPrefix(e, "utf-32"):
		k = 4
	case !decode && strings.HasPrefix(e, "utf-16"):
		k = 2
	case decode && e != "utf-8" && e != "ascii":
		k = 3
	}
	return vm.reserveMul(2*k, int64(n))
}
