package vm

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// This file holds the str/bytes/bytearray hooks of the generic operations
// (concatenation, repetition, comparison, repr, indexing, membership) and
// small helpers shared by the string method files.

// maxStrLen bounds the result of a repetition or concatenation; beyond it
// CPython would fail to allocate, so MemoryError is raised.
const maxStrLen = 1 << 40

// pystrErr turns a *pystr.Error (or *pyfmt.Error, the same type) into a
// Python exception; other errors pass through unchanged.
func (vm *VM) pystrErr(err error) error {
	var pe *pystr.Error
	if !errors.As(err, &pe) {
		return err
	}
	for _, s := range typeSpecs {
		if s.name == pe.Type {
			return vm.Errorf(s.id, "%s", pe.Msg)
		}
	}
	return vm.Errorf(TValueError, "%s", pe.Msg)
}

// bytesObj returns the bytes/bytearray object behind v, unwrapping
// instances of bytes and bytearray subclasses.
func (vm *VM) bytesObj(v Value) (*heap.Bytes, bool) {
	if v.K != heap.KRef {
		return nil, false
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.Bytes:
		return o, true
	case *heap.Instance:
		if o.Prim.K == heap.KRef {
			b, ok := vm.H.Get(o.Prim).(*heap.Bytes)
			return b, ok
		}
	}
	return nil, false
}

// strObj returns the *heap.Str behind v (unwrapping str subclasses).
func (vm *VM) strObj(v Value) (*heap.Str, bool) {
	if v.K != heap.KRef {
		return nil, false
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.Str:
		return o, true
	case *heap.Instance:
		if o.Prim.K == heap.KRef {
			s, ok := vm.H.Get(o.Prim).(*heap.Str)
			return s, ok
		}
	}
	return nil, false
}

// strRuneLen returns (and caches) the code-point length of s.
func strRuneLen(s *heap.Str) int {
	if s.N > 0 || (s.N == 0 && s.S == "") {
		return s.N
	}
	s.N = utf8.RuneCountInString(s.S)
	s.ASCII = s.N == len(s.S)
	return s.N
}

// strIsASCII reports whether s holds only ASCII (computing the length cache).
func strIsASCII(s *heap.Str) bool {
	return strRuneLen(s) == len(s.S)
}

// strLen is len() of a str (code points) or bytes-like object.
func (vm *VM) strLen(v Value) (int, bool) {
	if s, ok := vm.strObj(v); ok {
		return strRuneLen(s), true
	}
	if b, ok := vm.bytesObj(v); ok {
		return len(b.B), true
	}
	return 0, false
}

// asciiChars are the one-character ASCII strings, as Go strings, used as
// intern keys so that iteration does not allocate for ASCII text.
var asciiChars = func() (t [128]string) {
	for i := range t {
		t[i] = string(rune(i))
	}
	return
}()

// charStr returns a 1-character str for r; ASCII characters are interned.
func (vm *VM) charStr(r rune) Value {
	if r >= 0 && r < 128 {
		return vm.Intern(asciiChars[r])
	}
	return vm.H.Alloc(&heap.Str{S: string(r), N: 1})
}

// strCharAt decodes the code point at UTF-8 byte offset off of s and
// returns it as a 1-character str, with the offset of the next one.
func (vm *VM) strCharAt(s *heap.Str, byteOffset int) (ch Value, next int) {
	if byteOffset >= len(s.S) {
		return heap.Undef, byteOffset
	}
	if c := s.S[byteOffset]; c < utf8.RuneSelf {
		return vm.Intern(asciiChars[c]), byteOffset + 1
	}
	_, n := utf8.DecodeRuneInString(s.S[byteOffset:])
	return vm.H.Alloc(&heap.Str{S: s.S[byteOffset : byteOffset+n], N: 1}), byteOffset + n
}

// newStrN allocates a str whose code-point length is already known.
func (vm *VM) newStrN(s string, n int) Value {
	return vm.H.Alloc(&heap.Str{S: s, N: n, ASCII: n == len(s)})
}

// repeatCount converts the int operand of a repetition.
func (vm *VM) repeatCount(v Value) (int64, bool, error) {
	p := vm.Prim(v)
	switch p.K {
	case heap.KInt:
		return p.I(), true, nil
	case heap.KBool:
		return int64(p.N), true, nil
	}
	if b, ok := vm.BigOf(p); ok {
		if b.Sign() < 0 {
			return 0, true, nil
		}
		return 0, true, vm.Errorf(TOverflowError, "cannot fit 'int' into an index-sized integer")
	}
	if p.K == heap.KRef && vm.isUserInstance(v) && !vm.LookupClassStr(vm.TypeOf(v), "__index__").IsUndef() {
		n, ok := vm.IndexOf(v)
		if ok {
			return n, true, nil
		}
	}
	return 0, false, nil
}

// isUserInstance reports whether v is an instance of a Python-level class.
func (vm *VM) isUserInstance(v Value) bool {
	if v.K != heap.KRef {
		return false
	}
	_, ok := vm.H.Get(v).(*heap.Instance)
	return ok
}

func (vm *VM) repeatSize(unit int, n int64) error {
	if unit > 0 && n > 0 && n > maxStrLen/int64(unit) {
		return vm.Errorf(TMemoryError, "")
	}
	return nil
}

// strBinary implements + (concatenation), * (repetition with an int on
// either side) and % (printf-style formatting) for str, bytes and
// bytearray operands; heap.NotImplemented otherwise.
func (vm *VM) strBinary(op int, a, b Value) (Value, error) {
	op &^= compile.BinInplace
	sa, aStr := vm.strObj(a)
	ba, aBytes := vm.bytesObj(a)
	switch op {
	case compile.BinAdd:
		if aStr {
			if sb, ok := vm.strObj(b); ok {
				if sb.S == "" && vm.IsExactStr(a) {
					return a, nil
				}
				if sa.S == "" && vm.IsExactStr(b) {
					return b, nil
				}
				n := -1
				if (sa.N > 0 || sa.S == "") && (sb.N > 0 || sb.S == "") {
					n = sa.N + sb.N
				}
				return vm.H.Alloc(&heap.Str{S: sa.S + sb.S, N: n, ASCII: n == len(sa.S)+len(sb.S)}), nil
			}
			return heap.NotImplemented, nil
		}
		if aBytes {
			other, ok := vm.BufferBytes(b)
			if !ok {
				return heap.NotImplemented, nil
			}
			out := make([]byte, 0, len(ba.B)+len(other))
			out = append(append(out, ba.B...), other...)
			return vm.NewBytes(out, ba.Mutable), nil
		}
	case compile.BinMul:
		seq, cnt := a, b
		if !aStr && !aBytes {
			seq, cnt = b, a
		}
		n, ok, err := vm.repeatCount(cnt)
		if err != nil || !ok {
			return heap.NotImplemented, err
		}
		if n < 0 {
			n = 0
		}
		if s, ok := vm.strObj(seq); ok {
			if n == 1 && vm.IsExactStr(seq) {
				return seq, nil
			}
			if err := vm.repeatSize(len(s.S), n); err != nil {
				return heap.Undef, err
			}
			r := strings.Repeat(s.S, int(n))
			if s.N > 0 || s.S == "" {
				return vm.newStrN(r, s.N*int(n)), nil
			}
			return vm.NewStr(r), nil
		}
		if bs, ok := vm.bytesObj(seq); ok {
			if err := vm.repeatSize(len(bs.B), n); err != nil {
				return heap.Undef, err
			}
			return vm.NewBytes(bytes.Repeat(bs.B, int(n)), bs.Mutable), nil
		}
	case compile.BinMod:
		if aStr {
			s, err := vm.percentFormat(sa.S, b)
			if err != nil {
				return heap.Undef, err
			}
			return vm.NewStr(s), nil
		}
		if aBytes {
			out, err := vm.bytesPercentFormat(ba.B, b)
			if err != nil {
				return heap.Undef, err
			}
			return vm.NewBytes(out, ba.Mutable), nil
		}
	}
	return heap.NotImplemented, nil
}

// isExactStr reports whether v is a str (not a subclass instance).
func (vm *VM) IsExactStr(v Value) bool {
	if v.K != heap.KRef {
		return false
	}
	_, ok := vm.H.Get(v).(*heap.Str)
	return ok
}

// bufferBytes returns the bytes of a bytes-like object (bytes, bytearray
// and their subclasses).
func (vm *VM) BufferBytes(v Value) ([]byte, bool) {
	if b, ok := vm.bytesObj(v); ok {
		return b.B, true
	}
	return nil, false
}

func cmpResult(op, c int) bool {
	switch op {
	case compile.CmpLt:
		return c < 0
	case compile.CmpLe:
		return c <= 0
	case compile.CmpEq:
		return c == 0
	case compile.CmpNe:
		return c != 0
	case compile.CmpGt:
		return c > 0
	case compile.CmpGe:
		return c >= 0
	}
	return false
}

// strCompare compares two str (or two bytes-like) values; ok=false otherwise.
func (vm *VM) strCompare(op int, a, b Value) (r bool, ok bool) {
	if sa, ok := vm.strObj(a); ok {
		sb, ok := vm.strObj(b)
		if !ok {
			return false, false
		}
		return cmpResult(op, strings.Compare(sa.S, sb.S)), true
	}
	if ba, ok := vm.bytesObj(a); ok {
		bb, ok := vm.bytesObj(b)
		if !ok {
			return false, false
		}
		return cmpResult(op, bytes.Compare(ba.B, bb.B)), true
	}
	return false, false
}

// reprString is repr() of str, bytes and bytearray; ok=false otherwise.
func (vm *VM) reprString(v Value) (string, bool) {
	if v.K != heap.KRef {
		return "", false
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.Str:
		return pystr.Repr(o.S), true
	case *heap.Bytes:
		if o.Mutable {
			return "bytearray(" + pystr.BytesRepr(o.B) + ")", true
		}
		return pystr.BytesRepr(o.B), true
	}
	return "", false
}

// strGetItem indexes or slices str, bytes and bytearray; handled=false otherwise.
func (vm *VM) strGetItem(obj, key Value) (r Value, handled bool, err error) {
	if s, ok := vm.strObj(obj); ok {
		r, err := vm.strIndex(s, key)
		return r, true, err
	}
	if b, ok := vm.bytesObj(obj); ok {
		r, err := vm.bytesIndex(b, key)
		return r, true, err
	}
	return heap.Undef, false, nil
}

// sliceOf returns the slice object behind key, if it is one.
func (vm *VM) sliceOf(key Value) (*heap.Slice, bool) {
	if key.K != heap.KRef {
		return nil, false
	}
	sl, ok := vm.H.Get(key).(*heap.Slice)
	return sl, ok
}

// indexKey converts an index key; ok=false when it is not an integer.
func (vm *VM) indexKey(key Value) (int64, bool, error) {
	switch key.K {
	case heap.KInt:
		return key.I(), true, nil
	case heap.KBool:
		return int64(key.N), true, nil
	case heap.KFloat, heap.KNone:
		return 0, false, nil
	}
	if b, ok := vm.BigOf(key); ok {
		_ = b
		return 0, true, vm.Errorf(TIndexError, "cannot fit 'int' into an index-sized integer")
	}
	if vm.isUserInstance(key) && !vm.LookupClassStr(vm.TypeOf(key), "__index__").IsUndef() {
		n, ok := vm.IndexOf(key)
		return n, ok, nil
	}
	return 0, false, nil
}

func (vm *VM) strIndex(s *heap.Str, key Value) (Value, error) {
	if _, ok := vm.sliceOf(key); ok {
		n := strRuneLen(s)
		start, stop, step, cnt, err := vm.SliceIndices(key, n)
		if err != nil {
			return heap.Undef, err
		}
		if cnt == 0 {
			return vm.Intern(""), nil
		}
		if strIsASCII(s) {
			if step == 1 {
				return vm.newStrN(s.S[start:stop], cnt), nil
			}
			buf := make([]byte, cnt)
			for i, j := 0, start; i < cnt; i, j = i+1, j+step {
				buf[i] = s.S[j]
			}
			return vm.newStrN(string(buf), cnt), nil
		}
		return vm.newStrN(pystr.Slice(s.S, start, stop, step), cnt), nil
	}
	i, ok, err := vm.indexKey(key)
	if err != nil {
		return heap.Undef, err
	}
	if !ok {
		return heap.Undef, vm.TypeError("string indices must be integers, not '%s'", vm.TypeName(key))
	}
	n := strRuneLen(s)
	if i < 0 {
		i += int64(n)
	}
	if i < 0 || i >= int64(n) {
		return heap.Undef, vm.Errorf(TIndexError, "string index out of range")
	}
	if n == len(s.S) {
		return vm.Intern(asciiChars[s.S[i]]), nil
	}
	r, _ := utf8.DecodeRuneInString(pystr.CharAt(s.S, int(i)))
	return vm.charStr(r), nil
}

func (vm *VM) bytesIndex(b *heap.Bytes, key Value) (Value, error) {
	if _, ok := vm.sliceOf(key); ok {
		start, stop, step, cnt, err := vm.SliceIndices(key, len(b.B))
		if err != nil {
			return heap.Undef, err
		}
		out := make([]byte, cnt)
		if step == 1 {
			copy(out, b.B[start:stop])
		} else {
			for i, j := 0, start; i < cnt; i, j = i+1, j+step {
				out[i] = b.B[j]
			}
		}
		return vm.NewBytes(out, b.Mutable), nil
	}
	i, ok, err := vm.indexKey(key)
	if err != nil {
		return heap.Undef, err
	}
	name := "byte"
	if b.Mutable {
		name = "bytearray"
	}
	if !ok {
		return heap.Undef, vm.TypeError("%s indices must be integers or slices, not %s", name, vm.TypeName(key))
	}
	if i < 0 {
		i += int64(len(b.B))
	}
	if i < 0 || i >= int64(len(b.B)) {
		if b.Mutable {
			return heap.Undef, vm.Errorf(TIndexError, "bytearray index out of range")
		}
		return heap.Undef, vm.Errorf(TIndexError, "index out of range")
	}
	return heap.Int(int64(b.B[i])), nil
}

// sliceBound converts one slice bound (None -> def) with CPython's
// clamping of huge values.
func (vm *VM) sliceBound(v Value, def int64) (int64, error) {
	switch v.K {
	case heap.KNone, heap.KUndef:
		return def, nil
	case heap.KInt:
		return v.I(), nil
	case heap.KBool:
		return int64(v.N), nil
	}
	if b, ok := vm.BigOf(v); ok {
		if b.Sign() < 0 {
			return math.MinInt64 / 2, nil
		}
		return math.MaxInt64 / 2, nil
	}
	if vm.isUserInstance(v) && !vm.LookupClassStr(vm.TypeOf(v), "__index__").IsUndef() {
		if n, ok := vm.IndexOf(v); ok {
			return n, nil
		}
	}
	return 0, vm.TypeError("slice indices must be integers or None or have an __index__ method")
}

// strContains implements `item in s` for str/bytes/bytearray; handled=false otherwise.
func (vm *VM) strContains(container, item Value) (r bool, handled bool, err error) {
	if s, ok := vm.strObj(container); ok {
		sub, ok := vm.StrOf(item)
		if !ok {
			return false, true, vm.TypeError("'in <string>' requires string as left operand, not %s", vm.TypeName(item))
		}
		return strings.Contains(s.S, sub), true, nil
	}
	if b, ok := vm.bytesObj(container); ok {
		if sub, ok := vm.BufferBytes(item); ok {
			return bytes.Contains(b.B, sub), true, nil
		}
		c, err := vm.byteValue(item)
		if err != nil {
			return false, true, err
		}
		return bytes.IndexByte(b.B, c) >= 0, true, nil
	}
	return false, false, nil
}

// byteValue converts an int operand to a byte ("byte must be in
// range(0, 256)"); non-ints raise "a bytes-like object is required".
func (vm *VM) byteValue(v Value) (byte, error) {
	n, ok, err := vm.indexKey(vm.Prim(v))
	if err != nil {
		if vm.IsInt(vm.Prim(v)) {
			return 0, vm.ValueError("byte must be in range(0, 256)")
		}
		return 0, err
	}
	if !ok {
		return 0, vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(v))
	}
	if n < 0 || n > 255 {
		return 0, vm.ValueError("byte must be in range(0, 256)")
	}
	return byte(n), nil
}

// bigToFloat is a helper for %-formatting of huge ints as floats.
func bigToFloat(b *big.Int) float64 {
	f, _ := new(big.Float).SetInt(b).Float64()
	return f
}
