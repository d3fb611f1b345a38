package vm

// The bytes and bytearray types: methods, constructors, and their hooks
// in indexing and item assignment.

import (
	"bytes"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// This file holds the methods and constructors of bytes and bytearray.

// selfBytes returns the receiver of a bytes/bytearray method.
func (vm *VM) selfBytes(self Value, name string) (*heap.Bytes, error) {
	if b, ok := vm.bytesObj(self); ok {
		return b, nil
	}
	return nil, vm.TypeError("descriptor '%s' requires a 'bytes' object but received a '%s'", name, vm.TypeName(self))
}

// bytesArgs binds a bytes method's positional arguments.
func (vm *VM) bytesArgs(name string, self Value, a Args, min, max int) (*heap.Bytes, [3]Value, error) {
	var out [3]Value
	b, err := vm.selfBytes(self, name)
	if err != nil {
		return nil, out, err
	}
	if err := vm.NoKwargs(name, a); err != nil {
		return nil, out, err
	}
	n := len(a.Pos)
	if n < min || n > max {
		switch {
		case max == 0:
			return nil, out, vm.TypeError("%s() takes no arguments (%d given)", name, n)
		case n < min:
			return nil, out, vm.TypeError("%s() takes at least %d argument%s (%d given)", name, min, plural(min, "", "s"), n)
		default:
			return nil, out, vm.TypeError("%s() takes at most %d arguments (%d given)", name, max, n)
		}
	}
	copy(out[:], a.Pos)
	return b, out, nil
}

// bytesKwArgs binds a bytes method's optional arguments, which may also
// be passed by keyword.
func (vm *VM) bytesKwArgs(name string, self Value, a Args, names []string, dst ...*Value) (*heap.Bytes, error) {
	b, err := vm.selfBytes(self, name)
	if err != nil {
		return nil, err
	}
	if err := vm.UnpackArgs(name, a, names, 0, dst...); err != nil {
		return nil, err
	}
	return b, nil
}

// needBytesPair converts two arguments that must be bytes-like, in order.
func (vm *VM) needBytesPair(x, y Value) ([]byte, []byte, error) {
	bx, err := vm.needBytes(x)
	if err != nil {
		return nil, nil, err
	}
	by, err := vm.needBytes(y)
	return bx, by, err
}

// needBytes converts an argument that must be bytes-like.
func (vm *VM) needBytes(v Value) ([]byte, error) {
	if b, ok, err := vm.bufferOf(v); ok || err != nil {
		return b, err
	}
	return nil, vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(v))
}

// subArg converts the sub argument of find/count/index: bytes-like or int.
func (vm *VM) subArg(v Value) ([]byte, error) {
	if b, ok, err := vm.bufferOf(v); ok || err != nil {
		return b, err
	}
	if vm.IsInt(vm.Prim(v)) {
		c, err := vm.byteValue(v)
		if err != nil {
			return nil, err
		}
		return []byte{c}, nil
	}
	return nil, vm.TypeError("argument should be integer or bytes-like object, not '%s'", vm.TypeName(v))
}

// newBytesLike allocates a result of the same kind (bytes or bytearray).
func (vm *VM) newBytesLike(b *heap.Bytes, p []byte) Value {
	return vm.NewBytes(append([]byte(nil), p...), b.Mutable)
}

func (vm *VM) bytesList(b *heap.Bytes, parts [][]byte) Value {
	items := make([]Value, len(parts))
	for i, p := range parts {
		items[i] = vm.newBytesLike(b, p)
	}
	return vm.NewList(items)
}

func bytesStrip(name string, f func([]byte, []byte, bool) []byte) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		b, args, err := vm.bytesArgs(name, self, a, 0, 1)
		if err != nil {
			return heap.Undef, err
		}
		var chars []byte
		has := false
		if args[0].K != heap.KUndef && args[0].K != heap.KNone {
			if chars, err = vm.needBytes(args[0]); err != nil {
				return heap.Undef, err
			}
			has = true
		}
		r := f(b.B, chars, has)
		if len(r) == len(b.B) && !b.Mutable {
			if o, ok := vm.H.Get(self).(*heap.Bytes); ok && o == b {
				return self, nil // nothing stripped: the same bytes, as CPython
			}
		}
		return vm.newBytesLike(b, r), nil
	}
}

func bytesMap(name string, f func([]byte) []byte) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		b, _, err := vm.bytesArgs(name, self, a, 0, 0)
		if err != nil {
			return heap.Undef, err
		}
		return vm.newBytesLike(b, f(b.B)), nil
	}
}

func bytesPred(name string, f func(c byte) bool, cased bool) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		b, _, err := vm.bytesArgs(name, self, a, 0, 0)
		if err != nil {
			return heap.Undef, err
		}
		if len(b.B) == 0 {
			return heap.False, nil
		}
		if cased {
			// islower / isupper: at least one cased byte, none of the other case.
			seen := false
			for _, c := range b.B {
				if isASCIILetter(c) {
					if !f(c) {
						return heap.False, nil
					}
					seen = true
				}
			}
			return heap.Bool(seen), nil
		}
		for _, c := range b.B {
			if !f(c) {
				return heap.False, nil
			}
		}
		return heap.True, nil
	}
}

func isASCIILetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isASCIIDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isASCIISpace(c byte) bool  { return c == ' ' || (c >= '\t' && c <= '\r') }

func swapCaseBytes(p []byte) []byte {
	out := make([]byte, len(p))
	for i, c := range p {
		switch {
		case c >= 'a' && c <= 'z':
			c -= 32
		case c >= 'A' && c <= 'Z':
			c += 32
		}
		out[i] = c
	}
	return out
}

// bytesRSplit splits p on sep from the right, at most maxsplit times.
func bytesRSplit(p, sep []byte, maxsplit int) ([][]byte, error) {
	if len(sep) == 0 {
		return nil, &pystr.Error{Type: "ValueError", Msg: "empty separator"}
	}
	var rev [][]byte
	end := len(p)
	for maxsplit != 0 {
		i := bytes.LastIndex(p[:end], sep)
		if i < 0 {
			break
		}
		rev = append(rev, p[i+len(sep):end])
		end = i
		maxsplit--
	}
	rev = append(rev, p[:end])
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev, nil
}

// bytesRSplitWhitespace is bytes.rsplit() without a separator.
func bytesRSplitWhitespace(p []byte, maxsplit int) [][]byte {
	var rev [][]byte
	i := len(p)
	for {
		for i > 0 && isASCIISpace(p[i-1]) {
			i--
		}
		if i == 0 {
			break
		}
		if maxsplit == 0 {
			rev = append(rev, p[:i])
			break
		}
		j := i
		for j > 0 && !isASCIISpace(p[j-1]) {
			j--
		}
		rev = append(rev, p[j:i])
		i = j
		maxsplit--
	}
	for a, b := 0, len(rev)-1; a < b; a, b = a+1, b-1 {
		rev[a], rev[b] = rev[b], rev[a]
	}
	return rev
}

func bytesReplace(vm *VM, self Value, a Args) (Value, error) {
	b, args, err := vm.bytesArgs("replace", self, a, 2, 3)
	if err != nil {
		return heap.Undef, err
	}
	old, nw, err := vm.needBytesPair(args[0], args[1])
	if err != nil {
		return heap.Undef, err
	}
	count, err := vm.optInt(args[2], -1)
	if err != nil {
		return heap.Undef, err
	}
	if err := vm.meetDeadline(len(b.B)); err != nil {
		return heap.Undef, err
	}
	if err := vm.reserveReplace(len(b.B), len(nw), func() int64 {
		if len(old) == 0 {
			return int64(len(b.B)) + 1
		}
		return int64(bytes.Count(b.B, old))
	}, count); err != nil {
		return heap.Undef, err
	}
	return vm.newBytesLike(b, pystr.BytesReplace(b.B, old, nw, count)), nil
}

func bytesJoin(vm *VM, self Value, a Args) (Value, error) {
	b, args, err := vm.bytesArgs("join", self, a, 1, 1)
	if err != nil {
		return heap.Undef, err
	}
	var out []byte
	i := 0
	err = vm.Iterate(args[0], func(v Value) error {
		p, ok := vm.BufferBytes(v)
		if !ok {
			return vm.TypeError("sequence item %d: expected a bytes-like object, %s found", i, vm.TypeName(v))
		}
		var err error
		if i&1023 == 1023 {
			if err := vm.meetDeadline(len(out)); err != nil {
				return err
			}
		}
		if i > 0 {
			if out, err = AppendAccounted(vm, out, b.B); err != nil {
				return err
			}
		}
		if out, err = AppendAccounted(vm, out, p); err != nil {
			return err
		}
		i++
		return nil
	})
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewBytes(out, b.Mutable), nil
}

func bytesDecode(vm *VM, self Value, a Args) (Value, error) {
	var encoding, errorsArg Value
	b, err := vm.bytesKwArgs("decode", self, a, []string{"encoding", "errors"}, &encoding, &errorsArg)
	if err != nil {
		return heap.Undef, err
	}
	return vm.decodeWith("decode", b.B, encoding, errorsArg)
}

func bytesHex(vm *VM, self Value, a Args) (Value, error) {
	var sepArg, bytesPerSep Value
	b, err := vm.bytesKwArgs("hex", self, a, []string{"sep", "bytes_per_sep"}, &sepArg, &bytesPerSep)
	if err != nil {
		return heap.Undef, err
	}
	// The hex text, and with a separator its groups (a string header
	// each at worst) and the joined result.
	n2 := 2 * int64(len(b.B))
	if sepArg.K != heap.KUndef {
		n2 += 16*int64(len(b.B)) + 3*int64(len(b.B))
	}
	if err := vm.reserve(n2); err != nil {
		return heap.Undef, err
	}
	h := pystr.Hex(b.B)
	if sepArg.K == heap.KUndef || len(b.B) == 0 {
		return vm.NewStr(h), nil
	}
	sep, ok := vm.strOrBytes(sepArg)
	if !ok {
		return heap.Undef, vm.TypeError("sep must be str or bytes.")
	}
	if len(sep) != 1 {
		return heap.Undef, vm.ValueError("sep must be length 1.")
	}
	per, err := vm.optInt(bytesPerSep, 1)
	if err != nil {
		return heap.Undef, err
	}
	if per == 0 {
		return vm.NewStr(h), nil
	}
	fromLeft := per < 0
	if per < 0 {
		per = -per
	}
	n := len(b.B)
	var groups []string
	if fromLeft {
		for i := 0; i < n; i += per {
			j := min(i+per, n)
			groups = append(groups, h[2*i:2*j])
		}
	} else {
		first := n % per
		if first > 0 {
			groups = append(groups, h[:2*first])
		}
		for i := first; i < n; i += per {
			groups = append(groups, h[2*i:2*(i+per)])
		}
	}
	return vm.NewStr(strings.Join(groups, sep)), nil
}

func bytesFromHex(vm *VM, cls Value, a Args) (Value, error) {
	s, err := vm.oneStrArg("fromhex", a)
	if err != nil {
		return heap.Undef, err
	}
	p, err := pystr.FromHex(s)
	if err != nil {
		return heap.Undef, vm.pystrErr(err)
	}
	mutable := cls.K == heap.KRef && vm.IsSubclass(cls, vm.Types[TByteArray])
	r := vm.NewBytes(p, mutable)
	if cls != vm.Types[TBytes] && cls != vm.Types[TByteArray] && cls.K == heap.KRef {
		return vm.Call(cls, r)
	}
	return r, nil
}

func bytesDunderLen(vm *VM, self Value, a Args) (Value, error) {
	b, _, err := vm.bytesArgs("__len__", self, a, 0, 0)
	if err != nil {
		return heap.Undef, err
	}
	return heap.Int(int64(len(b.B))), nil
}

func bytesDunderGetItem(vm *VM, self Value, a Args) (Value, error) {
	if _, _, err := vm.bytesArgs("__getitem__", self, a, 1, 1); err != nil {
		return heap.Undef, err
	}
	r, _, err := vm.strGetItem(self, a.Pos[0])
	return r, err
}

func bytesDunderContains(vm *VM, self Value, a Args) (Value, error) {
	if _, _, err := vm.bytesArgs("__contains__", self, a, 1, 1); err != nil {
		return heap.Undef, err
	}
	r, _, err := vm.strContains(self, a.Pos[0])
	return heap.Bool(r), err
}

// --- bytearray mutation -------------------------------------------------------

// mutableBytes returns the receiver of a bytearray-only method and the
// value to touch after mutating it.
func (vm *VM) mutableBytes(self Value, name string) (*heap.Bytes, Value, error) {
	b, ok := vm.bytesObj(self)
	if !ok || !b.Mutable {
		return nil, heap.Undef, vm.TypeError("descriptor '%s' requires a 'bytearray' object but received a '%s'", name, vm.TypeName(self))
	}
	return b, vm.Prim(self), nil
}

// bytearrayMethod builds a bytearray method that changes its receiver:
// it takes up to nargs (at most 2) positional arguments, the first
// required of them mandatory, and marks the receiver changed when f
// succeeds.
func bytearrayMethod(name string, required, nargs int, f func(vm *VM, b *heap.Bytes, args [2]Value) (Value, error)) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		b, h, err := vm.mutableBytes(self, name)
		if err != nil {
			return heap.Undef, err
		}
		var args [2]Value
		dst := [2]*Value{&args[0], &args[1]}
		if err := vm.UnpackArgs(name, a, nil, required, dst[:nargs]...); err != nil {
			return heap.Undef, err
		}
		r, err := f(vm, b, args)
		if err != nil {
			return heap.Undef, err
		}
		vm.H.Touch(h)
		return r, nil
	}
}

func bytearrayAppend(vm *VM, b *heap.Bytes, args [2]Value) (Value, error) {
	c, err := vm.byteArg(args[0])
	if err != nil {
		return heap.Undef, err
	}
	b.B = append(b.B, c)
	return heap.None, nil
}

// byteArg converts an int argument to a byte ("byte must be in range(0, 256)").
func (vm *VM) byteArg(v Value) (byte, error) {
	return vm.byteOf(v, "'%s' object cannot be interpreted as an integer")
}

// byteOf converts an int to a byte ("byte must be in range(0, 256)"); a
// non-int raises the TypeError notInt, formatted with its type's name.
func (vm *VM) byteOf(v Value, notInt string) (byte, error) {
	n, ok, err := vm.indexKey(vm.Prim(v))
	if err != nil {
		if vm.IsInt(vm.Prim(v)) {
			return 0, vm.ValueError("byte must be in range(0, 256)")
		}
		return 0, err
	}
	if !ok {
		return 0, vm.TypeError(notInt, vm.TypeName(v))
	}
	if n < 0 || n > 255 {
		return 0, vm.ValueError("byte must be in range(0, 256)")
	}
	return byte(n), nil
}

// bytesFromIterable collects the ints of an iterable as bytes.
func (vm *VM) bytesFromIterable(v Value) ([]byte, error) {
	if p, ok := vm.BufferBytes(v); ok {
		return append([]byte(nil), p...), nil
	}
	var out []byte
	err := vm.Iterate(v, func(x Value) error {
		n, ok, err := vm.indexKey(vm.Prim(x))
		if err != nil {
			if vm.IsInt(vm.Prim(x)) {
				return vm.ValueError("bytes must be in range(0, 256)")
			}
			return err
		}
		if !ok {
			return vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(x))
		}
		if n < 0 || n > 255 {
			return vm.ValueError("bytes must be in range(0, 256)")
		}
		out = append(out, byte(n))
		return nil
	})
	return out, err
}

func bytearrayExtend(vm *VM, b *heap.Bytes, args [2]Value) (Value, error) {
	items := args[0]
	if _, ok := vm.StrOf(items); ok {
		return heap.Undef, vm.TypeError("expected iterable of integers; got: 'str'")
	}
	p, err := vm.bytesFromIterable(items)
	if err != nil {
		return heap.Undef, err
	}
	b.B = append(b.B, p...)
	return heap.None, nil
}

func bytearrayPop(vm *VM, b *heap.Bytes, args [2]Value) (Value, error) {
	i := -1
	if args[0].K != heap.KUndef {
		var err error
		if i, err = vm.intArg(args[0]); err != nil {
			return heap.Undef, err
		}
	}
	if len(b.B) == 0 {
		return heap.Undef, vm.Errorf(TIndexError, "pop from empty bytearray")
	}
	if i < 0 {
		i += len(b.B)
	}
	if i < 0 || i >= len(b.B) {
		return heap.Undef, vm.Errorf(TIndexError, "pop index out of range")
	}
	c := b.B[i]
	b.B = append(b.B[:i], b.B[i+1:]...)
	return heap.Int(int64(c)), nil
}

func bytearrayInsert(vm *VM, b *heap.Bytes, args [2]Value) (Value, error) {
	i, err := vm.intArg(args[0])
	if err != nil {
		return heap.Undef, err
	}
	c, err := vm.byteArg(args[1])
	if err != nil {
		return heap.Undef, err
	}
	n := len(b.B)
	if i < 0 {
		i = max(i+n, 0)
	}
	i = min(i, n)
	b.B = append(b.B, 0)
	copy(b.B[i+1:], b.B[i:n])
	b.B[i] = c
	return heap.None, nil
}

func bytearrayRemove(vm *VM, b *heap.Bytes, args [2]Value) (Value, error) {
	c, err := vm.byteArg(args[0])
	if err != nil {
		return heap.Undef, err
	}
	i := bytes.IndexByte(b.B, c)
	if i < 0 {
		return heap.Undef, vm.ValueError("value not found in bytearray")
	}
	b.B = append(b.B[:i], b.B[i+1:]...)
	return heap.None, nil
}

func bytearrayClear(vm *VM, b *heap.Bytes, _ [2]Value) (Value, error) {
	b.B = nil
	return heap.None, nil
}

func bytearrayCopy(vm *VM, self Value, a Args) (Value, error) {
	b, _, err := vm.mutableBytes(self, "copy")
	if err != nil {
		return heap.Undef, err
	}
	if err := vm.UnpackArgs("copy", a, nil, 0); err != nil {
		return heap.Undef, err
	}
	return vm.NewBytes(append([]byte(nil), b.B...), true), nil
}

func bytearrayReverse(vm *VM, b *heap.Bytes, _ [2]Value) (Value, error) {
	for i, j := 0, len(b.B)-1; i < j; i, j = i+1, j-1 {
		b.B[i], b.B[j] = b.B[j], b.B[i]
	}
	return heap.None, nil
}

func bytearrayDunderSetItem(vm *VM, self Value, a Args) (Value, error) {
	var key, value Value
	if err := vm.UnpackArgs("__setitem__", a, nil, 2, &key, &value); err != nil {
		return heap.Undef, err
	}
	b, h, err := vm.mutableBytes(self, "__setitem__")
	if err != nil {
		return heap.Undef, err
	}
	return heap.None, vm.byteArraySetItem(h, b, key, value)
}

func bytearrayDunderDelItem(vm *VM, self Value, a Args) (Value, error) {
	var key Value
	if err := vm.UnpackArgs("__delitem__", a, nil, 1, &key); err != nil {
		return heap.Undef, err
	}
	b, h, err := vm.mutableBytes(self, "__delitem__")
	if err != nil {
		return heap.Undef, err
	}
	return heap.None, vm.byteArrayDelItem(h, b, key)
}

// --- constructors ---------------------------------------------------------------

func bytesConstructorFor(mutable bool) BuiltinFn {
	name := "bytes"
	if mutable {
		name = "bytearray"
	}
	return func(vm *VM, cls Value, a Args) (Value, error) {
		var source, encodingArg, errorsArg Value
		if err := vm.UnpackArgs(name, a, []string{"source", "encoding", "errors"}, 0, &source, &encodingArg, &errorsArg); err != nil {
			return heap.Undef, err
		}
		src := source
		hasEnc := encodingArg.K != heap.KUndef || errorsArg.K != heap.KUndef
		if src.K == heap.KUndef {
			if hasEnc {
				return heap.Undef, vm.TypeError("encoding or errors without sequence argument")
			}
			return vm.NewBytes(nil, mutable), nil
		}
		if s, ok := vm.StrOf(src); ok {
			if encodingArg.K == heap.KUndef {
				return heap.Undef, vm.TypeError("string argument without an encoding")
			}
			p, err := vm.encodeWith(name, s, encodingArg, errorsArg, false)
			if err != nil {
				return heap.Undef, err
			}
			return vm.NewBytes(p, mutable), nil
		}
		if hasEnc {
			if encodingArg.K != heap.KUndef {
				return heap.Undef, vm.TypeError("encoding without a string argument")
			}
			return heap.Undef, vm.TypeError("errors without a string argument")
		}
		if p, ok := vm.BufferBytes(src); ok {
			return vm.NewBytes(append([]byte(nil), p...), mutable), nil
		}
		if vm.isUserInstance(src) && !(!mutable && vm.hasMethod(src, "__bytes__")) {
			if p, ok, err := vm.bufferOf(src); err != nil {
				return heap.Undef, err
			} else if ok {
				return vm.NewBytes(append([]byte(nil), p...), mutable), nil
			}
		}
		if !mutable && vm.isUserInstance(src) && vm.hasMethod(src, "__bytes__") {
			r, err := vm.CallMethod(src, "__bytes__")
			if err != nil {
				return heap.Undef, err
			}
			p, ok := vm.BufferBytes(r)
			if !ok {
				return heap.Undef, vm.TypeError("__bytes__ returned non-bytes (type %s)", vm.TypeName(r))
			}
			return vm.NewBytes(append([]byte(nil), p...), false), nil
		}
		p := vm.Prim(src)
		if vm.IsInt(p) || (vm.isUserInstance(src) && vm.hasMethod(src, "__index__")) {
			n, ok, err := vm.indexKey(p)
			if err != nil {
				return heap.Undef, vm.Errorf(TOverflowError, "cannot fit 'int' into an index-sized integer")
			}
			if ok {
				if n < 0 {
					return heap.Undef, vm.ValueError("negative count")
				}
				if err := vm.reserveMul(1, int64(n)); err != nil {
					return heap.Undef, err
				}
				return vm.NewBytes(make([]byte, n), mutable), nil
			}
		}
		if !vm.iterable(src) {
			return heap.Undef, vm.TypeError("cannot convert '%s' object to %s", vm.TypeName(src), name)
		}
		out, err := vm.bytesFromIterable(src)
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewBytes(out, mutable), nil
	}
}

func bytesMethodDefs() []MethodDef {
	return []MethodDef{
		{Name: "decode", Fn: bytesDecode},
		{Name: "hex", Fn: bytesHex},
		{Name: "fromhex", Fn: bytesFromHex, Kind: KindClassMethod},
		{Name: "count", Fn: bytesText.findMethod("count")},
		{Name: "find", Fn: bytesText.findMethod("find")},
		{Name: "index", Fn: bytesText.findMethod("index")},
		{Name: "rfind", Fn: bytesText.findMethod("rfind")},
		{Name: "rindex", Fn: bytesText.findMethod("rindex")},
		{Name: "startswith", Fn: bytesText.affixMethod("startswith")},
		{Name: "endswith", Fn: bytesText.affixMethod("endswith")},
		{Name: "replace", Fn: bytesReplace},
		{Name: "split", Fn: bytesText.splitMethod("split")},
		{Name: "rsplit", Fn: bytesText.splitMethod("rsplit")},
		{Name: "strip", Fn: bytesStrip("strip", pystr.BytesStrip)},
		{Name: "lstrip", Fn: bytesStrip("lstrip", pystr.BytesLStrip)},
		{Name: "rstrip", Fn: bytesStrip("rstrip", pystr.BytesRStrip)},
		{Name: "upper", Fn: bytesMap("upper", pystr.BytesUpper)},
		{Name: "lower", Fn: bytesMap("lower", pystr.BytesLower)},
		{Name: "swapcase", Fn: bytesMap("swapcase", swapCaseBytes)},
		{Name: "join", Fn: bytesJoin},
		{Name: "isdigit", Fn: bytesPred("isdigit", isASCIIDigit, false)},
		{Name: "isalpha", Fn: bytesPred("isalpha", isASCIILetter, false)},
		{Name: "isalnum", Fn: bytesPred("isalnum", func(c byte) bool { return isASCIILetter(c) || isASCIIDigit(c) }, false)},
		{Name: "isspace", Fn: bytesPred("isspace", isASCIISpace, false)},
		{Name: "islower", Fn: bytesPred("islower", func(c byte) bool { return c >= 'a' && c <= 'z' }, true)},
		{Name: "isupper", Fn: bytesPred("isupper", func(c byte) bool { return c >= 'A' && c <= 'Z' }, true)},
		{Name: "center", Fn: bytesText.padMethod("center", bytesPad("center", pystr.BytesCenter))},
		{Name: "ljust", Fn: bytesText.padMethod("ljust", bytesPad("ljust", pystr.BytesLJust))},
		{Name: "rjust", Fn: bytesText.padMethod("rjust", bytesPad("rjust", pystr.BytesRJust))},
		{Name: "zfill", Fn: bytesZFill},
		{Name: "expandtabs", Fn: bytesText.expandTabsMethod},
		{Name: "splitlines", Fn: bytesText.splitLinesMethod},
		{Name: "partition", Fn: bytesText.partitionMethod("partition")},
		{Name: "rpartition", Fn: bytesText.partitionMethod("rpartition")},
		{Name: "removeprefix", Fn: bytesRemoveAffix("removeprefix")},
		{Name: "removesuffix", Fn: bytesRemoveAffix("removesuffix")},
		{Name: "capitalize", Fn: bytesMap("capitalize", pystr.BytesCapitalize)},
		{Name: "title", Fn: bytesMap("title", pystr.BytesTitle)},
		{Name: "istitle", Fn: bytesIsTitle},
		{Name: "isascii", Fn: bytesIsASCII},
		{Name: "translate", Fn: bytesTranslate},
		{Name: "maketrans", Fn: bytesMakeTrans, Kind: KindStaticMethod},
		{Name: "__len__", Fn: bytesDunderLen},
		{Name: "__getitem__", Fn: bytesDunderGetItem},
		{Name: "__contains__", Fn: bytesDunderContains},
	}
}

func init() {
	AddMethods(TBytes, bytesMethodDefs())
	ba := append(bytesMethodDefs(),
		MethodDef{Name: "append", Fn: bytearrayMethod("append", 1, 1, bytearrayAppend)},
		MethodDef{Name: "extend", Fn: bytearrayMethod("extend", 1, 1, bytearrayExtend)},
		MethodDef{Name: "pop", Fn: bytearrayMethod("pop", 0, 1, bytearrayPop)},
		MethodDef{Name: "clear", Fn: bytearrayMethod("clear", 0, 0, bytearrayClear)},
		MethodDef{Name: "copy", Fn: bytearrayCopy},
		MethodDef{Name: "reverse", Fn: bytearrayMethod("reverse", 0, 0, bytearrayReverse)},
		MethodDef{Name: "insert", Fn: bytearrayMethod("insert", 2, 2, bytearrayInsert)},
		MethodDef{Name: "remove", Fn: bytearrayMethod("remove", 1, 1, bytearrayRemove)},
		MethodDef{Name: "__setitem__", Fn: bytearrayDunderSetItem},
		MethodDef{Name: "__delitem__", Fn: bytearrayDunderDelItem},
	)
	AddMethods(TByteArray, ba)
	RegisterConstructor(TBytes, bytesConstructorFor(false))
	RegisterConstructor(TByteArray, bytesConstructorFor(true))
}

// bytesPad pads for center, ljust and rjust (textKind.padMethod).
func bytesPad(name string, f func([]byte, int, byte) []byte) func(vm *VM, p []byte, w int, fill Value) ([]byte, error) {
	return func(vm *VM, p []byte, w int, fillArg Value) ([]byte, error) {
		fill := byte(' ')
		if fillArg.K != heap.KUndef {
			b, ok := vm.BufferBytes(fillArg)
			if !ok || len(b) != 1 {
				return nil, vm.TypeError("%s() argument 2 must be a byte string of length 1, not %s", name, vm.TypeName(fillArg))
			}
			fill = b[0]
		}
		if err := vm.reserveMul(1, int64(w)+int64(len(p))); err != nil {
			return nil, err
		}
		return f(p, w, fill), nil
	}
}

func bytesZFill(vm *VM, self Value, a Args) (Value, error) {
	b, err := vm.selfBytes(self, "zfill")
	if err != nil {
		return heap.Undef, err
	}
	if len(a.Pos) != 1 || len(a.KwNames) != 0 {
		return heap.Undef, vm.TypeError("%s.zfill() takes exactly one argument (%d given)", vm.TypeName(self), len(a.Pos)+len(a.KwNames))
	}
	w, err := vm.intArg(a.Pos[0])
	if err != nil {
		return heap.Undef, err
	}
	if err := vm.reserveMul(1, int64(w)+int64(len(b.B))); err != nil {
		return heap.Undef, err
	}
	return vm.newBytesLike(b, pystr.BytesZFill(b.B, w)), nil
}

func bytesRemoveAffix(name string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		b, args, err := vm.bytesArgs(name, self, a, 1, 1)
		if err != nil {
			return heap.Undef, err
		}
		affix, err := vm.needBytes(args[0])
		if err != nil {
			return heap.Undef, err
		}
		if name == "removeprefix" {
			return vm.newBytesLike(b, bytes.TrimPrefix(b.B, affix)), nil
		}
		return vm.newBytesLike(b, bytes.TrimSuffix(b.B, affix)), nil
	}
}

func bytesIsTitle(vm *VM, self Value, a Args) (Value, error) {
	b, _, err := vm.bytesArgs("istitle", self, a, 0, 0)
	if err != nil {
		return heap.Undef, err
	}
	return heap.Bool(pystr.BytesIsTitle(b.B)), nil
}

func bytesIsASCII(vm *VM, self Value, a Args) (Value, error) {
	b, _, err := vm.bytesArgs("isascii", self, a, 0, 0)
	if err != nil {
		return heap.Undef, err
	}
	for _, c := range b.B {
		if c >= 0x80 {
			return heap.False, nil
		}
	}
	return heap.True, nil
}

func bytesTranslate(vm *VM, self Value, a Args) (Value, error) {
	b, err := vm.selfBytes(self, "translate")
	if err != nil {
		return heap.Undef, err
	}
	if len(a.Pos) > 2 {
		return heap.Undef, vm.TypeError("translate() takes at most 2 arguments (%d given)", len(a.Pos))
	}
	var arg0, deleteArg Value
	if err := vm.UnpackArgs("translate", a, []string{"", "delete"}, 1, &arg0, &deleteArg); err != nil {
		return heap.Undef, err
	}
	var table []byte
	if arg0.K != heap.KNone {
		if table, err = vm.needBytes(arg0); err != nil {
			return heap.Undef, err
		}
		if len(table) != 256 {
			return heap.Undef, vm.ValueError("translation table must be 256 characters long")
		}
	}
	var del [256]bool
	if deleteArg.K != heap.KUndef {
		d, err := vm.needBytes(deleteArg)
		if err != nil {
			return heap.Undef, err
		}
		for _, c := range d {
			del[c] = true
		}
	}
	out := make([]byte, 0, len(b.B))
	for _, c := range b.B {
		if del[c] {
			continue
		}
		if table != nil {
			c = table[c]
		}
		out = append(out, c)
	}
	return vm.newBytesLike(b, out), nil
}

func bytesMakeTrans(vm *VM, _ Value, a Args) (Value, error) {
	if err := vm.NoKwargs("maketrans", a); err != nil {
		return heap.Undef, err
	}
	if len(a.Pos) != 2 {
		return heap.Undef, vm.TypeError("maketrans expected 2 arguments, got %d", len(a.Pos))
	}
	from, to, err := vm.needBytesPair(a.Pos[0], a.Pos[1])
	if err != nil {
		return heap.Undef, err
	}
	if len(from) != len(to) {
		return heap.Undef, vm.ValueError("maketrans arguments must have same length")
	}
	table := make([]byte, 256)
	for i := range table {
		table[i] = byte(i)
	}
	for i, c := range from {
		table[c] = to[i]
	}
	return vm.NewBytes(table, false), nil
}

// byteArraySetItem implements ba[key] = v for an index or a slice, both
// for the subscript statement and for an explicit __setitem__ call.
func (vm *VM) byteArraySetItem(bv Value, b *heap.Bytes, key, v Value) error {
	if _, isSlice := vm.ctSliceOf(key); !isSlice {
		i, err := vm.seqIndex(key, func() int { return len(b.B) }, "bytearray")
		if err != nil {
			return err
		}
		c, err := vm.ctByteValue(v)
		if err != nil {
			return err
		}
		b.B[i] = c
		vm.H.Touch(bv)
		return nil
	}
	start, stop, step, n, err := vm.sliceIndicesOf(key, func() int { return len(b.B) })
	if err != nil {
		return err
	}
	var src []byte
	switch {
	case v.K == heap.KRef && ctIsBytesObj(vm.H.Get(v)):
		src = append([]byte(nil), vm.H.Get(v).(*heap.Bytes).B...)
	case vm.IsInt(v):
		return vm.TypeError("can assign only bytes, buffers, or iterables of ints in range(0, 256)")
	default:
		if _, isStr := vm.StrOf(v); isStr {
			return vm.TypeError("can assign only bytes, buffers, or iterables of ints in range(0, 256)")
		}
		items, err := vm.Unpack(v)
		if err != nil {
			return err
		}
		for _, it := range items {
			c, err := vm.ctByteValue(it)
			if err != nil {
				return err
			}
			src = append(src, c)
		}
	}
	if step != 1 && len(src) == 0 {
		// bytearray, unlike list, takes an empty value for an extended
		// slice as its deletion.
		return vm.byteArrayDelItem(bv, b, key)
	}
	out, err := assignSlice(vm, b.B, src, start, stop, step, n, "bytes")
	if err != nil {
		return err
	}
	b.B = out
	vm.H.Touch(bv)
	return nil
}

// byteArrayDelItem implements del ba[key].
func (vm *VM) byteArrayDelItem(bv Value, b *heap.Bytes, key Value) error {
	if _, isSlice := vm.ctSliceOf(key); !isSlice {
		i, err := vm.seqIndex(key, func() int { return len(b.B) }, "bytearray")
		if err != nil {
			return err
		}
		b.B = append(b.B[:i], b.B[i+1:]...)
		vm.H.Touch(bv)
		return nil
	}
	start, _, step, n, err := vm.sliceIndicesOf(key, func() int { return len(b.B) })
	if err != nil || n == 0 {
		return err
	}
	if step < 0 {
		start += (n - 1) * step
		step = -step
	}
	out := b.B[:start]
	next := start
	for j := start; j < len(b.B); j++ {
		if n > 0 && j == next {
			n--
			next += step
			continue
		}
		out = append(out, b.B[j])
	}
	b.B = out
	vm.H.Touch(bv)
	return nil
}

// byteValue converts v to a byte for bytearray assignment.
func (vm *VM) ctByteValue(v Value) (byte, error) {
	i, err := vm.ctIndexValue(v, "'%s' object cannot be interpreted as an integer")
	if err != nil {
		if vm.ErrIs(err, TIndexError) {
			return 0, vm.ValueError("byte must be in range(0, 256)")
		}
		return 0, err
	}
	if i < 0 || i > 255 {
		return 0, vm.ValueError("byte must be in range(0, 256)")
	}
	return byte(i), nil
}

func ctIsBytesObj(o heap.Object) bool {
	_, ok := o.(*heap.Bytes)
	return ok
}

// bytesObj returns the bytes/bytearray object behind v, unwrapping
// instances of bytes and bytearray subclasses.
func (vm *VM) bytesObj(v Value) (b *heap.Bytes, ok bool) { b, ok = vm.primObj(v).(*heap.Bytes); return }

func (vm *VM) bytesIndex(b *heap.Bytes, key Value) (Value, error) {
	if _, ok := vm.sliceOf(key); ok {
		start, _, step, cnt, err := vm.sliceIndicesOf(key, func() int { return len(b.B) })
		if err != nil {
			return heap.Undef, err
		}
		out := make([]byte, cnt)
		if step == 1 {
			// start+cnt, not stop: an empty slice's stop may lie before
			// its start (b[6:2]).
			copy(out, b.B[start:start+cnt])
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

// byteValue converts an int operand to a byte ("byte must be in
// range(0, 256)"); non-ints raise "a bytes-like object is required".
func (vm *VM) byteValue(v Value) (byte, error) {
	return vm.byteOf(v, "a bytes-like object is required, not '%s'")
}

// bytesText is bytes and bytearray to the methods they share with str
// (text.go).
var bytesText = &textKind[[]byte]{
	recv: func(vm *VM, self Value, name string) ([]byte, error) {
		b, err := vm.selfBytes(self, name)
		if err != nil {
			return nil, err
		}
		return b.B, nil
	},
	wrap: func(vm *VM, self Value, p []byte) Value {
		b, _ := vm.bytesObj(self)
		return vm.newBytesLike(b, p)
	},
	list: func(vm *VM, self Value, parts [][]byte) Value {
		b, _ := vm.bytesObj(self)
		return vm.bytesList(b, parts)
	},
	args: func(vm *VM, name string, self Value, a Args, min, max int) ([]byte, [3]Value, error) {
		b, args, err := vm.bytesArgs(name, self, a, min, max)
		if err != nil {
			return nil, args, err
		}
		return b.B, args, nil
	},
	needle:     (*VM).subArg,
	affix:      (*VM).BufferBytes,
	affixName:  "bytes",
	count:      pystr.BytesCount,
	window:     pystr.BytesWindow,
	find:       pystr.BytesFind,
	rfind:      pystr.BytesRFind,
	startsWith: pystr.BytesStartsWith,
	endsWith:   pystr.BytesEndsWith,
	notFound:   "subsection not found",
	sep:        (*VM).needBytes,
	splitSep:   (*VM).needBytes,
	index:      bytes.Index,
	lastIndex:  bytes.LastIndex,
	split:      pystr.BytesSplit,
	rsplit:     bytesRSplit,
	splitWS:    pystr.BytesSplitWhitespace,
	rsplitWS:   bytesRSplitWhitespace,
	splitLines: pystr.BytesSplitLines,
	expandTabs: pystr.BytesExpandTabs,
	current: func(vm *VM, self Value) []byte {
		b, _ := vm.selfBytes(self, "")
		return b.B
	},
}
