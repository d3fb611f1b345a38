package vm

// How strs get their Go memory: the short ones built byte by byte share
// one allocation with their object (strBuf, sealStr, newStrN), and the
// pieces of a split come out of blocks of headers (strHeaders).

import (
	"unsafe"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// newStrN allocates a str whose code-point length is already known. A
// short s (often a slice or strip of a longer str) is copied into a box
// of strBuf's: the str then holds its bytes in its own small block
// instead of a header of its own pointing into (and keeping alive) the
// text it came from.
func (vm *VM) newStrN(s string, n int) Value {
	if len(s) <= 24 && s != "" {
		o, buf := vm.strBuf(len(s))
		copy(buf, s)
		return vm.sealStr(o, buf, n)
	}
	return vm.H.AllocStr(&heap.Str{S: s, N: n, ASCII: n == len(s)})
}

// Short strs built here byte by byte (concatenations, f-strings, joins,
// str(int)) keep their bytes in the same Go allocation as their object:
// one allocation per str instead of two. The sizes fill Go's 64, 96 and
// 128-byte size classes (a heap.Str is 40 bytes).
type (
	strBox24 struct {
		o heap.Str
		b [24]byte
	}
	strBox56 struct {
		o heap.Str
		b [56]byte
	}
	strBox88 struct {
		o heap.Str
		b [88]byte
	}
)

// strBoxMax is the longest str strBuf puts in a box.
const strBoxMax = 88

// strBoxBlock is how many of the smallest str boxes strBuf allocates
// together: one Go allocation (256 bytes) for four short strs instead of
// one each, while a str that outlives its neighbours keeps at most the
// block alive (eight saved a little more time but kept a third more
// memory when every eighth str of a loop survived).
const strBoxBlock = 4

// strBuf returns a new str object and n bytes for its contents; the
// caller fills the bytes and then calls sealStr, and never writes them
// again (the str's Go string is made over them without a copy).
func (vm *VM) strBuf(n int) (*heap.Str, []byte) {
	switch {
	case n <= 24:
		if len(vm.boxes24) == 0 {
			vm.boxes24 = make([]strBox24, strBoxBlock)
		}
		b := &vm.boxes24[0]
		vm.boxes24 = vm.boxes24[1:]
		return &b.o, b.b[:n]
	case n <= 56:
		b := new(strBox56)
		return &b.o, b.b[:n]
	case n <= 88:
		b := new(strBox88)
		return &b.o, b.b[:n]
	}
	return new(heap.Str), make([]byte, n)
}

// sealStr gives o the contents written into buf (from strBuf) with runes
// code points (-1 when not counted) and puts it on the heap.
func (vm *VM) sealStr(o *heap.Str, buf []byte, runes int) Value {
	// buf is never written after this point, so the string may share it.
	o.S = unsafe.String(unsafe.SliceData(buf), len(buf))
	o.N = runes
	o.ASCII = runes == len(buf)
	return vm.H.AllocStr(o)
}

// strBlock is how many str objects strPieces allocates together: one Go
// allocation instead of one per piece, while a piece that outlives the
// others keeps at most this many small headers alive.
const strBlock = 32

// strHeaders hands out str objects from blocks of strBlock, so that
// making many pieces at once costs a few allocations, not one a piece.
type strHeaders struct{ block []heap.Str }

// put puts s on the heap in the next header (ASCII-flagged when the
// source was ASCII); left counts the strs still to make, s included,
// and sizes a new block.
func (hs *strHeaders) put(vm *VM, s string, ascii bool, left int) Value {
	if len(hs.block) == 0 {
		hs.block = make([]heap.Str, min(strBlock, left))
	}
	o := &hs.block[0]
	hs.block = hs.block[1:]
	o.S, o.N = s, -1
	if ascii {
		o.N, o.ASCII = len(s), true
	}
	return vm.H.AllocStr(o)
}

// strPieces is the list of the pieces ss of the str from (or of strs of
// unknown origin when from is not a str): split and friends make many
// small strs at once, so their headers are allocated in blocks, and the
// pieces of an ASCII str are known to be ASCII, which saves each a count
// of its code points later (len, indexing, slicing).
func (vm *VM) strPieces(from Value, ss []string) Value {
	ascii := false
	if o, ok := vm.strObj(from); ok {
		ascii = strIsASCII(o)
	}
	items := make([]Value, len(ss))
	var hs strHeaders
	for i, s := range ss {
		items[i] = hs.put(vm, s, ascii, len(ss)-i)
	}
	return vm.NewList(items)
}
