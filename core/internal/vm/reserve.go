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
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
)

const maxOneAlloc = 1 << 33

// reserve reports the memory limit's error if n more bytes cannot be allocated under the
// memory limit. The heap's byte count includes garbage that only a
// collection would reclaim, and a builtin cannot collect (its operands may
// be held only by Go variables); so a request fails when it alone exceeds
// the limit, or when it would take the heap past the point where the
// limits end the run anyway (twice the limit, see checkLimits).
func (vm *VM) reserve(n int64) error {
	if lim := vm.Limits.MaxMemory; lim > 0 {
		if n < 0 || n > lim || vm.H.Bytes+n > 2*lim {
			return errMemoryLimit()
		}
		return nil
	}
	if n < 0 || n > maxOneAlloc {
		return vm.Errorf(TMemoryError, "")
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

// CompileBytesPerSourceByte is what compiling may take per byte of source
// at most (a token per byte of "1+1+1..." and its syntax tree): exec,
// eval and compile of a string, and a feed, reserve it first.
const CompileBytesPerSourceByte = 160

// grew accounts a container's growth (its Size before and after a change)
// and reports the memory limit's error once the heap is clearly past it.
// Containers grow in place, so their growth reaches the heap's count only
// through here.
func (vm *VM) grew(before, after int) error {
	if after <= before {
		return nil
	}
	vm.H.Grew(after - before)
	if lim := vm.Limits.MaxMemory; lim > 0 && vm.H.Bytes > 2*lim {
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
		return vm.reserve(int64(len(o.S)) + 3)
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
