package vm

// The str type: its methods and constructor, its hooks in the generic
// operations (concatenation, repetition, comparison, indexing,
// membership), and the builtins chr, ord, ascii and format.

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// This file holds the methods of str, the str constructor and the
// builtins chr, ord, ascii and format.

// selfStr returns the string of a str method's receiver.
func (vm *VM) selfStr(self Value, name string) (string, error) {
	if s, ok := vm.StrOf(self); ok {
		return s, nil
	}
	return "", vm.TypeError("descriptor '%s' for 'str' objects doesn't apply to a '%s' object", name, vm.TypeName(self))
}

// intArg converts an argument that must be an integer (width, count ...).
func (vm *VM) intArg(v Value) (int, error) {
	n, ok, err := vm.indexKey(vm.Prim(v))
	if err != nil {
		if vm.IsInt(vm.Prim(v)) {
			return 0, vm.Errorf(TOverflowError, "Python int too large to convert to C ssize_t")
		}
		return 0, err
	}
	if !ok {
		return 0, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(v))
	}
	if n > math.MaxInt32*1024 {
		n = math.MaxInt32 * 1024
	}
	return int(n), nil
}

// optInt is intArg with a default for absent (Undef) arguments.
func (vm *VM) optInt(v Value, def int) (int, error) {
	if v.K == heap.KUndef {
		return def, nil
	}
	return vm.intArg(v)
}

// startEnd converts optional start/end arguments (None allowed).
func (vm *VM) startEnd(start, end Value) (int, int, error) {
	s, err := vm.sliceBound(start, 0)
	if err != nil {
		return 0, 0, err
	}
	e, err := vm.sliceBound(end, math.MaxInt64/2)
	if err != nil {
		return 0, 0, err
	}
	return int(s), int(e), nil
}

// fillArg converts the fill character of center/ljust/rjust.
func (vm *VM) fillArg(v Value) (rune, error) {
	if v.K == heap.KUndef {
		return ' ', nil
	}
	s, ok := vm.StrOf(v)
	if !ok {
		return 0, vm.TypeError("The fill character must be a unicode character, not %s", vm.TypeName(v))
	}
	if utf8.RuneCountInString(s) != 1 {
		return 0, vm.TypeError("The fill character must be exactly one character long")
	}
	r, _ := utf8.DecodeRuneInString(s)
	return r, nil
}

// strArgs binds a str method's positional arguments (max is at most 3);
// those not given are Undef. An array rather than a slice, so that the
// call allocates nothing.
func (vm *VM) strArgs(name string, self Value, a Args, min, max int) (string, [3]Value, error) {
	var out [3]Value
	s, err := vm.selfStr(self, name)
	if err != nil {
		return "", out, err
	}
	if len(a.KwNames) > 0 {
		return "", out, vm.NoKwargs("str."+name, a)
	}
	n := len(a.Pos)
	if n < min || n > max {
		switch {
		case max == 0:
			return "", out, vm.TypeError("str.%s() takes no arguments (%d given)", name, n)
		case min == max:
			return "", out, vm.TypeError("str.%s() takes exactly %s argument%s (%d given)", name, argWord(min), plural(min, "", "s"), n)
		case n < min:
			return "", out, vm.TypeError("%s() takes at least %d argument%s (%d given)", name, min, plural(min, "", "s"), n)
		default:
			return "", out, vm.TypeError("%s() takes at most %d arguments (%d given)", name, max, n)
		}
	}
	copy(out[:], a.Pos)
	return s, out, nil
}

func argWord(n int) string {
	if n == 1 {
		return "one"
	}
	return string(rune('0' + n))
}

// strArg converts a str argument ("must be str, not int").
func (vm *VM) strArg(v Value) (string, error) {
	if s, ok := vm.StrOf(v); ok {
		return s, nil
	}
	return "", vm.TypeError("must be str, not %s", vm.TypeName(v))
}

func (vm *VM) strList(ss []string) Value { return vm.strPieces(heap.Undef, ss) }

// strNoArg builds a method that maps the receiver through f.
func strNoArg(name string, f func(string) string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, _, err := vm.strArgs(name, self, a, 0, 0)
		if err != nil {
			return heap.Undef, err
		}
		if err := vm.meetDeadline(len(s)); err != nil {
			return heap.Undef, err
		}
		return vm.strResult(self, s, f(s)), nil
	}
}

// strPred builds a str predicate method.
func strPred(name string, f func(string) bool) BuiltinFn {
	return strUnary(name, f, func(_ *VM, b bool) Value { return heap.Bool(b) })
}

// strUnary builds a method of no arguments whose result is f of the
// receiver, made a value by box.
func strUnary[R any](name string, f func(string) R, box func(*VM, R) Value) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, _, err := vm.strArgs(name, self, a, 0, 0)
		if err != nil {
			return heap.Undef, err
		}
		if err := vm.meetDeadline(len(s)); err != nil {
			return heap.Undef, err
		}
		return box(vm, f(s)), nil
	}
}

// strPad pads for center, ljust and rjust (textKind.padMethod).
func strPad(f func(string, int, rune) string) func(vm *VM, s string, w int, fill Value) (string, error) {
	return func(vm *VM, s string, w int, fill Value) (string, error) {
		r, err := vm.fillArg(fill)
		if err != nil {
			return "", err
		}
		if err := vm.reserveMul(int64(utf8.RuneLen(r)), int64(w)); err != nil {
			return "", err
		}
		if err := vm.reserve(int64(len(s))); err != nil {
			return "", err
		}
		return f(s, w, r), nil
	}
}

// strStrip implements strip/lstrip/rstrip.
func strStrip(name string, f func(string, string, bool) string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, args, err := vm.strArgs(name, self, a, 0, 1)
		if err != nil {
			return heap.Undef, err
		}
		if err := vm.meetDeadline(len(s)); err != nil {
			return heap.Undef, err
		}
		chars, has := "", false
		if args[0].K != heap.KUndef && args[0].K != heap.KNone {
			c, ok := vm.StrOf(args[0])
			if !ok {
				return heap.Undef, vm.TypeError("%s arg must be None or str", name)
			}
			chars, has = c, true
		}
		r := f(s, chars, has)
		return vm.strResult(self, s, r), nil
	}
}

func strAffix(name string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, args, err := vm.strArgs(name, self, a, 1, 1)
		if err != nil {
			return heap.Undef, err
		}
		p, err := vm.funcStrArg(name, args[0])
		if err != nil {
			return heap.Undef, err
		}
		r := s
		if name == "removeprefix" {
			r = strings.TrimPrefix(s, p)
		} else {
			r = strings.TrimSuffix(s, p)
		}
		return vm.strResult(self, s, r), nil
	}
}

func strReplace(vm *VM, self Value, a Args) (Value, error) {
	s, args, err := vm.strArgs("replace", self, a, 2, 3)
	if err != nil {
		return heap.Undef, err
	}
	var olds [2]string
	for i := 0; i < 2; i++ {
		v, ok := vm.StrOf(args[i])
		if !ok {
			return heap.Undef, vm.TypeError("replace() argument %d must be str, not %s", i+1, vm.TypeName(args[i]))
		}
		olds[i] = v
	}
	count, err := vm.optInt(args[2], -1)
	if err != nil {
		return heap.Undef, err
	}
	if err := vm.meetDeadline(len(s)); err != nil {
		return heap.Undef, err
	}
	if olds[0] != "" {
		return vm.replaceCounted(self, s, olds[0], olds[1], count)
	}
	if err := vm.reserveReplace(len(s), len(olds[1]), func() int64 {
		return int64(utf8.RuneCountInString(s)) + 1
	}, count); err != nil {
		return heap.Undef, err
	}
	return vm.NewStr(pystr.Replace(s, olds[0], olds[1], count)), nil
}

// replaceCounted is s.replace(old, new, count) for a non-empty old: the
// occurrences are found once, for the reservation and the result's size
// both (the first maxReplacePos of them keep their offsets, so laying out
// the result searches only past those), and the result is laid out in
// one buffer that becomes the str's bytes (ASCII-flagged when both texts
// are known to be ASCII). With nothing replaced an exact str is its own
// result, as in CPython.
func (vm *VM) replaceCounted(self Value, s, old, repl string, count int) (Value, error) {
	var stack [32]int
	pos := stack[:0]
	k := 0
	for rest, done := s, 0; count < 0 || k < count; {
		i := strings.Index(rest, old)
		if i < 0 {
			break
		}
		if len(pos) < maxReplacePos {
			pos = append(pos, len(s)-len(rest)+i)
		}
		k++
		rest = rest[i+len(old):]
		if done += i + len(old); done >= longPiece {
			done = 0
			if err := vm.DeadlineErr(); err != nil {
				return heap.Undef, err
			}
		}
	}
	if err := vm.reserveReplace(len(s), len(repl), func() int64 { return int64(k) }, count); err != nil {
		return heap.Undef, err
	}
	o, exact := vm.H.Get(self).(*heap.Str)
	if k == 0 {
		if exact && vm.rec == nil {
			return self, nil
		}
		// (While the module base is built, a new str as before, so that
		// its image, whose ID every dump names, stays as it was.)
		return vm.NewStr(s), nil
	}
	buf := make([]byte, 0, len(s)+k*(len(repl)-len(old)))
	at := 0 // the end of the last occurrence replaced, in s
	for _, i := range pos {
		buf = append(buf, s[at:i]...)
		buf = append(buf, repl...)
		at = i + len(old)
	}
	rest := s[at:]
	for done, left := 0, k-len(pos); left > 0; left-- {
		i := strings.Index(rest, old)
		buf = append(buf, rest[:i]...)
		buf = append(buf, repl...)
		rest = rest[i+len(old):]
		if done += i + len(old); done >= longPiece {
			done = 0
			if err := vm.DeadlineErr(); err != nil {
				return heap.Undef, err
			}
		}
	}
	buf = append(buf, rest...)
	runes := -1
	if exact && o.ASCII && o.N == len(o.S) && isASCIIString(repl) {
		runes = len(buf)
	}
	return vm.sealStr(new(heap.Str), buf, runes), nil
}

// maxReplacePos bounds the offsets replaceCounted keeps (8 bytes each):
// past them it searches again.
const maxReplacePos = 1 << 16

func strJoin(vm *VM, self Value, a Args) (Value, error) {
	sep, args, err := vm.strArgs("join", self, a, 1, 1)
	if err != nil {
		return heap.Undef, err
	}
	if vm.needsFrames(args[0]) {
		if vm.plainGen(args[0]) {
			// Drained in place (driveJoin): the items gather in a list
			// after the separator, joined when the generator returns,
			// as CPython materializes the iterable before it checks
			// the items.
			sepv := self
			if !vm.IsExactStr(self) {
				sepv = vm.NewStr(sep)
			}
			if r, ok, err := vm.startDrive("str.join", args[0], driveJoin, vm.NewList([]Value{sepv})); ok {
				return r, err
			}
		}
		if r, ok, err := vm.tailPy("str.join", "join", self, args[0]); ok {
			return r, err
		}
	}
	var b strings.Builder
	i := 0
	if l, ok := vm.ListOf(args[0]); ok {
		return vm.joinValues(sep, l.Items)
	}
	if t, ok := vm.TupleOf(args[0]); ok {
		return vm.joinValues(sep, t.Items)
	}
	if _, ok := vm.strObj(args[0]); !ok && !vm.iterable(args[0]) {
		return heap.Undef, vm.TypeError("can only join an iterable")
	}
	err = vm.Iterate(args[0], func(v Value) error {
		s, ok := vm.StrOf(v)
		if !ok {
			return vm.TypeError("sequence item %d: expected str instance, %s found", i, vm.TypeName(v))
		}
		if i > 0 {
			if err := vm.writeText(&b, sep); err != nil {
				return err
			}
		}
		if err := vm.writeText(&b, s); err != nil {
			return err
		}
		i++
		return nil
	})
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewStr(b.String()), nil
}

// iterable reports whether v looks iterable (for join's error message).
func (vm *VM) iterable(v Value) bool {
	switch v.K {
	case heap.KRef:
		switch vm.H.Get(v).(type) {
		case *heap.Instance:
			return vm.hasMethod(v, "__iter__") || vm.hasMethod(v, "__getitem__")
		case *heap.Class, *heap.Function, *heap.Builtin, *heap.BoundMethod, *heap.BigInt, *heap.Complex:
			return false
		}
		return true
	}
	return false
}

// joinDriven is the result of str.join drained from a generator
// (driveJoin): acc is a list of the separator and then the items.
func (vm *VM) joinDriven(acc Value) (Value, error) {
	if l, ok := vm.refObj(acc).(*heap.List); ok && len(l.Items) > 0 {
		if sep, ok := vm.StrOf(l.Items[0]); ok {
			return vm.joinValues(sep, l.Items[1:])
		}
	}
	return heap.Undef, &Fatal{Kind: "internal", Msg: "str.join drain lost its list"}
}

func (vm *VM) joinValues(sep string, items []Value) (Value, error) {
	if len(items) == 1 && vm.IsExactStr(items[0]) {
		return items[0], nil
	}
	if err := vm.meetDeadline(len(items)); err != nil {
		return heap.Undef, err
	}
	var n int64
	if len(items) > 1 {
		n = int64(len(sep)) * int64(len(items)-1)
	}
	// The result's code-point count, while every item's is known, so
	// len() of the joined str does not count them again.
	runes := 0
	if len(items) > 0 {
		runes = utf8.RuneCountInString(sep) * (len(items) - 1)
	}
	// exact says every item is a str object itself (no subclass
	// instance), which the copy below then reads straight.
	exact := true
	for i, v := range items {
		o, ok := vm.H.Get(v).(*heap.Str)
		if !ok {
			if o, ok = vm.strObj(v); !ok {
				return heap.Undef, vm.TypeError("sequence item %d: expected str instance, %s found", i, vm.TypeName(v))
			}
			exact = false
		}
		n += int64(len(o.S))
		if n >= longWork && i&1023 == 0 {
			// Long items: the copy below is as long as their total.
			if err := vm.meetDeadline(int(n)); err != nil {
				return heap.Undef, err
			}
		}
		if runes >= 0 {
			if o.N >= 0 && (o.N > 0 || o.S == "") {
				runes += o.N
			} else {
				runes = -1
			}
		}
	}
	if err := vm.reserve(n); err != nil {
		return heap.Undef, err
	}
	o, buf := vm.strBuf(int(n))
	at := 0
	if exact {
		h := vm.H
		switch len(sep) {
		case 0:
			for _, v := range items {
				at += copy(buf[at:], h.Get(v).(*heap.Str).S)
			}
		case 1:
			c := sep[0]
			for i, v := range items {
				if i > 0 {
					buf[at] = c
					at++
				}
				at += copy(buf[at:], h.Get(v).(*heap.Str).S)
			}
		default:
			for i, v := range items {
				if i > 0 {
					at += copy(buf[at:], sep)
				}
				at += copy(buf[at:], h.Get(v).(*heap.Str).S)
			}
		}
		return vm.sealStr(o, buf, runes), nil
	}
	if len(sep) == 1 {
		// " ".join, "\n".join...: the separator is a byte store.
		c := sep[0]
		for i, v := range items {
			if i > 0 {
				buf[at] = c
				at++
			}
			s, _ := vm.StrOf(v)
			at += copy(buf[at:], s)
		}
		return vm.sealStr(o, buf, runes), nil
	}
	for i, v := range items {
		if i > 0 {
			at += copy(buf[at:], sep)
		}
		s, _ := vm.StrOf(v)
		at += copy(buf[at:], s)
	}
	return vm.sealStr(o, buf, runes), nil
}

func strEncode(vm *VM, self Value, a Args) (Value, error) {
	s, err := vm.selfStr(self, "encode")
	if err != nil {
		return heap.Undef, err
	}
	var encoding, errorsArg Value
	if err := vm.UnpackArgs("encode", a, []string{"encoding", "errors"}, 0, &encoding, &errorsArg); err != nil {
		return heap.Undef, err
	}
	o, _ := vm.strObj(self)
	b, err := vm.encodeWith("encode", s, encoding, errorsArg, o != nil && o.ASCII)
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewBytes(b, false), nil
}

// encodeWith encodes s with the optional encoding and errors arguments of
// the callable fname; ascii says s is known to be ASCII.
func (vm *VM) encodeWith(fname, s string, encoding, errorsArg Value, ascii bool) ([]byte, error) {
	enc, errs, err := vm.codecArgs(fname, encoding, errorsArg)
	if err != nil {
		return nil, err
	}
	if err := vm.reserveCodec(len(s), enc, false); err != nil {
		return nil, err
	}
	if ascii && asciiAsBytes(pystr.CodecName(enc)) {
		return []byte(s), nil
	}
	b, err := pystr.Encode(s, enc, errs)
	if err != nil {
		return nil, vm.pystrErr(err)
	}
	return b, nil
}

// asciiAsBytes reports whether the codec (a canonical name) encodes
// ASCII text as its own bytes and decodes ASCII bytes as that text.
func asciiAsBytes(codec string) bool {
	switch codec {
	case "utf-8", "ascii", "latin-1", "cp1252":
		return true
	}
	return false
}

// decodeWith is str(b, encoding, errors) for the callable fname.
func (vm *VM) decodeWith(fname string, b []byte, encoding, errorsArg Value) (Value, error) {
	enc, errs, err := vm.codecArgs(fname, encoding, errorsArg)
	if err != nil {
		return heap.Undef, err
	}
	if err := vm.reserveCodec(len(b), enc, true); err != nil {
		return heap.Undef, err
	}
	if asciiAsBytes(pystr.CodecName(enc)) && pystr.ASCIIPrefixBytes(b) == len(b) {
		// ASCII bytes are their own text, one code point each.
		o, buf := vm.strBuf(len(b))
		copy(buf, b)
		return vm.sealStr(o, buf, len(b)), nil
	}
	s, err := pystr.Decode(b, enc, errs)
	if err != nil {
		return heap.Undef, vm.pystrErr(err)
	}
	return vm.NewStr(s), nil
}

// codecArgs converts optional encoding/errors arguments.
func (vm *VM) codecArgs(fname string, enc, errs Value) (string, string, error) {
	e, ok := "utf-8", true
	if enc.K != heap.KUndef {
		e, ok = vm.StrOf(enc)
	}
	if !ok {
		return "", "", vm.TypeError("%s() argument 'encoding' must be str, not %s", fname, vm.TypeName(enc))
	}
	r := "strict"
	if errs.K != heap.KUndef {
		r, ok = vm.StrOf(errs)
	}
	if !ok {
		return "", "", vm.TypeError("%s() argument 'errors' must be str, not %s", fname, vm.TypeName(errs))
	}
	return e, r, nil
}

// optStrArg converts an optional str argument: def when absent (Undef);
// one of another type raises the TypeError notStr, formatted with its
// type's name.
func (vm *VM) optStrArg(v Value, def, notStr string) (string, error) {
	if v.K == heap.KUndef {
		return def, nil
	}
	if s, ok := vm.StrOf(v); ok {
		return s, nil
	}
	return "", vm.TypeError(notStr, vm.TypeName(v))
}

func strZFill(vm *VM, self Value, a Args) (Value, error) {
	s, args, err := vm.strArgs("zfill", self, a, 1, 1)
	if err != nil {
		return heap.Undef, err
	}
	w, err := vm.intArg(args[0])
	if err != nil {
		return heap.Undef, err
	}
	if err := vm.reserveMul(1, int64(w)+int64(len(s))); err != nil {
		return heap.Undef, err
	}
	return vm.NewStr(pystr.ZFill(s, w)), nil
}

func strFormatMethod(vm *VM, self Value, a Args) (Value, error) {
	s, err := vm.selfStr(self, "format")
	if err != nil {
		return heap.Undef, err
	}
	f := strFormatter{args: a.Pos, kwNames: a.KwNames, kwVals: a.KwVals}
	return vm.strFormatValue(s, &f)
}

func strFormatMap(vm *VM, self Value, a Args) (Value, error) {
	s, args, err := vm.strArgs("format_map", self, a, 1, 1)
	if err != nil {
		return heap.Undef, err
	}
	f := strFormatter{mapOnly: true, mapping: args[0]}
	return vm.strFormatValue(s, &f)
}

// strMakeTrans implements the static method str.maketrans.
func strMakeTrans(vm *VM, self Value, a Args) (Value, error) {
	if err := vm.ArgCount("maketrans", a, 1, 3); err != nil {
		return heap.Undef, err
	}
	out := vm.NewDict()
	d := vm.H.Get(out).(*heap.Dict)
	if len(a.Pos) == 1 {
		src, ok := vm.DictOf(a.Pos[0])
		if !ok {
			return heap.Undef, vm.TypeError("if you give only one argument to maketrans it must be a dict")
		}
		for _, e := range src.Entries {
			if e.Key.K == heap.KUndef {
				continue
			}
			k := e.Key
			if s, ok := vm.StrOf(k); ok {
				if utf8.RuneCountInString(s) != 1 {
					return heap.Undef, vm.ValueError("string keys in translate table must be of length 1")
				}
				r, _ := utf8.DecodeRuneInString(s)
				k = heap.Int(int64(r))
			} else if !vm.IsInt(k) {
				return heap.Undef, vm.TypeError("keys in translate table must be strings or integers")
			}
			if err := vm.DictSet(d, k, e.Val); err != nil {
				return heap.Undef, err
			}
		}
		return out, nil
	}
	x, ok1 := vm.StrOf(a.Pos[0])
	y, ok2 := vm.StrOf(a.Pos[1])
	if !ok1 {
		return heap.Undef, vm.TypeError("maketrans() argument 1 must be str, not %s", vm.TypeName(a.Pos[0]))
	}
	if !ok2 {
		return heap.Undef, vm.TypeError("maketrans() argument 2 must be str, not %s", vm.TypeName(a.Pos[1]))
	}
	xs, ys := []rune(x), []rune(y)
	if len(xs) != len(ys) {
		return heap.Undef, vm.ValueError("the first two maketrans arguments must have equal length")
	}
	for i := range xs {
		if err := vm.DictSet(d, heap.Int(int64(xs[i])), heap.Int(int64(ys[i]))); err != nil {
			return heap.Undef, err
		}
	}
	if len(a.Pos) == 3 {
		z, ok := vm.StrOf(a.Pos[2])
		if !ok {
			return heap.Undef, vm.TypeError("maketrans() argument 3 must be str, not %s", vm.TypeName(a.Pos[2]))
		}
		for _, r := range z {
			if err := vm.DictSet(d, heap.Int(int64(r)), heap.None); err != nil {
				return heap.Undef, err
			}
		}
	}
	vm.H.Touch(out)
	return out, nil
}

func strTranslate(vm *VM, self Value, a Args) (Value, error) {
	s, args, err := vm.strArgs("translate", self, a, 1, 1)
	if err != nil {
		return heap.Undef, err
	}
	table := args[0]
	// The result is usually about as long as s: reserved and allocated
	// once, rather than grown by doubling (garbage the heap never counts);
	// longer mappings are accounted as they are written (writeText).
	if err := vm.reserve(int64(len(s))); err != nil {
		return heap.Undef, err
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		// A lookup per character: a long text meets the deadline as it
		// goes.
		if i&(longWork-1) == 0 && i > 0 {
			if err := vm.DeadlineErr(); err != nil {
				return heap.Undef, err
			}
		}
		var v Value
		var err error
		if d, exact := vm.H.Get(table).(*heap.Dict); exact && table.K == heap.KRef {
			// An exact dict (subclasses are instances): a character it
			// does not map is kept without raising a KeyError for it.
			var found bool
			if v, found, err = vm.DictGet(d, heap.Int(int64(r))); err == nil && !found {
				b.WriteRune(r)
				continue
			}
		} else {
			v, err = vm.GetItem(table, heap.Int(int64(r)))
		}
		if err != nil {
			if vm.ErrIs(err, TLookupError) {
				b.WriteRune(r)
				continue
			}
			return heap.Undef, err
		}
		switch {
		case v.K == heap.KNone:
		case vm.IsInt(v):
			n, ok := vm.BigOf(v)
			if !ok || !n.IsInt64() || n.Int64() < 0 || n.Int64() > 0x10ffff {
				return heap.Undef, vm.ValueError("character mapping must be in range(0x110000)")
			}
			b.WriteRune(rune(n.Int64()))
		default:
			t, ok := vm.StrOf(v)
			if !ok {
				return heap.Undef, vm.TypeError("character mapping must return integer, None or str")
			}
			// A mapping to long strings multiplies the size.
			if err := vm.writeText(&b, t); err != nil {
				return heap.Undef, err
			}
		}
	}
	return vm.NewStr(b.String()), nil
}

// --- constructor and builtins ---------------------------------------------

// smallIntStrs is how many of the non-negative ints smallIntStr keeps
// the str of.
const smallIntStrs = 256

// smallIntText holds the decimal text of the ints below smallIntStrs.
var smallIntText = func() (t [smallIntStrs]string) {
	for i := range t {
		t[i] = strconv.Itoa(i)
	}
	return t
}()

// intStr is str(i) for a machine int: a str known to be ASCII, and for
// the small ints counters and keys are made of, the same object while it
// lives. The remembered value is not a root: it is checked against the
// heap before use, since the collector may have freed its handle (a
// freed slot is empty, a reused one holds some other object).
func (vm *VM) intStr(i int64) Value {
	if i < 0 || i >= smallIntStrs {
		// The digits go straight into the str's box.
		u, neg := uint64(i), i < 0
		if neg {
			u = -u
		}
		n := pyfmt.DecLen(u)
		if neg {
			n++
		}
		o, buf := vm.strBuf(n)
		pyfmt.PutDec(buf, u)
		if neg {
			buf[0] = '-'
		}
		return vm.sealStr(o, buf, n)
	}
	if vm.intStrs == nil {
		vm.intStrs = new([smallIntStrs]Value)
	}
	slot, text := &vm.intStrs[i], smallIntText[i]
	if v := *slot; v.K == heap.KRef {
		if o, ok := vm.H.At(v.H()).(*heap.Str); ok && o.S == text {
			return v
		}
	}
	v := vm.newStrN(text, len(text))
	*slot = v
	return v
}

func strConstructor(vm *VM, cls Value, a Args) (Value, error) {
	if len(a.Pos) == 1 && len(a.KwNames) == 0 {
		switch v := a.Pos[0]; {
		case v.K == heap.KInt:
			// str(i), the most common conversion.
			return vm.intStr(v.I()), nil
		case vm.IsExactStr(v):
			return v, nil
		}
	}
	var objectArg, encoding, errorsArg Value
	if err := vm.UnpackArgs("str", a, []string{"object", "encoding", "errors"}, 0, &objectArg, &encoding, &errorsArg); err != nil {
		return heap.Undef, err
	}
	obj := objectArg
	if encoding.K == heap.KUndef && errorsArg.K == heap.KUndef {
		if obj.K == heap.KUndef {
			return vm.Intern(""), nil
		}
		if vm.IsExactStr(obj) {
			return obj, nil
		}
		s, err := vm.StrString(obj)
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewStr(s), nil
	}
	if obj.K == heap.KUndef {
		return vm.Intern(""), nil
	}
	b, ok, err := vm.bufferOf(obj)
	if err != nil {
		return heap.Undef, err
	}
	if !ok {
		return heap.Undef, vm.TypeError("decoding to str: need a bytes-like object, %s found", vm.TypeName(obj))
	}
	return vm.decodeWith("str", b, encoding, errorsArg)
}

func builtinChr(vm *VM, self Value, a Args) (Value, error) {
	var code Value
	if err := vm.UnpackArgs("chr", a, nil, 1, &code); err != nil {
		return heap.Undef, err
	}
	v := vm.Prim(code)
	n, ok, err := vm.indexKey(v)
	if err != nil {
		if vm.IsInt(v) {
			return heap.Undef, vm.Errorf(TOverflowError, "Python int too large to convert to C int")
		}
		return heap.Undef, err
	}
	if !ok {
		return heap.Undef, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(code))
	}
	if n < 0 || n > 0x10ffff {
		return heap.Undef, vm.ValueError("chr() arg not in range(0x110000)")
	}
	if n >= 0xd800 && n <= 0xdfff {
		// Go strings cannot hold lone surrogates; use U+FFFD.
		return vm.charStr(utf8.RuneError), nil
	}
	return vm.charStr(rune(n)), nil
}

func builtinOrd(vm *VM, self Value, a Args) (Value, error) {
	if len(a.Pos) == 1 && len(a.KwNames) == 0 && a.Pos[0].K == heap.KRef {
		// ord of a one-byte (ASCII) exact str, the common case, without
		// the argument unpacking.
		if o, ok := vm.H.Get(a.Pos[0]).(*heap.Str); ok && len(o.S) == 1 {
			return heap.Int(int64(o.S[0])), nil
		}
	}
	var c Value
	if err := vm.UnpackArgs("ord", a, nil, 1, &c); err != nil {
		return heap.Undef, err
	}
	v := c
	if s, ok := vm.StrOf(v); ok {
		if n := utf8.RuneCountInString(s); n != 1 {
			return heap.Undef, vm.TypeError("ord() expected a character, but string of length %d found", n)
		}
		r, _ := utf8.DecodeRuneInString(s)
		return heap.Int(int64(r)), nil
	}
	if b, ok := vm.BufferBytes(v); ok {
		if len(b) != 1 {
			return heap.Undef, vm.TypeError("ord() expected a character, but string of length %d found", len(b))
		}
		return heap.Int(int64(b[0])), nil
	}
	return heap.Undef, vm.TypeError("ord() expected string of length 1, but %s found", vm.TypeName(v))
}

func builtinFormat(vm *VM, self Value, a Args) (Value, error) {
	var valueArg, formatSpec Value
	if err := vm.UnpackArgs("format", a, []string{"value", "format_spec"}, 1, &valueArg, &formatSpec); err != nil {
		return heap.Undef, err
	}
	spec, err := vm.optStrArg(formatSpec, "", "format() argument 2 must be str, not %s")
	if err != nil {
		return heap.Undef, err
	}
	r, err := vm.Format(valueArg, spec)
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewStr(r), nil
}

func init() {
	AddMethods(TStr, []MethodDef{
		{Name: "capitalize", Fn: strNoArg("capitalize", pystr.Capitalize)},
		{Name: "casefold", Fn: strNoArg("casefold", pystr.Casefold)},
		{Name: "center", Fn: strText.padMethod("center", strPad(pystr.Center))},
		{Name: "count", Fn: strText.findMethod("count")},
		{Name: "encode", Fn: strEncode},
		{Name: "endswith", Fn: strText.affixMethod("endswith")},
		{Name: "expandtabs", Fn: strText.expandTabsMethod},
		{Name: "find", Fn: strText.findMethod("find")},
		{Name: "format", Fn: strFormatMethod},
		{Name: "format_map", Fn: strFormatMap},
		{Name: "index", Fn: strText.findMethod("index")},
		{Name: "isalnum", Fn: strPred("isalnum", pystr.IsAlnum)},
		{Name: "isalpha", Fn: strPred("isalpha", pystr.IsAlpha)},
		{Name: "isascii", Fn: strPred("isascii", pystr.IsASCII)},
		{Name: "isdecimal", Fn: strPred("isdecimal", pystr.IsDecimal)},
		{Name: "isdigit", Fn: strPred("isdigit", pystr.IsDigit)},
		{Name: "isidentifier", Fn: strPred("isidentifier", pystr.IsIdentifier)},
		{Name: "islower", Fn: strPred("islower", pystr.IsLower)},
		{Name: "isnumeric", Fn: strPred("isnumeric", pystr.IsNumeric)},
		{Name: "isprintable", Fn: strPred("isprintable", pystr.IsPrintable)},
		{Name: "isspace", Fn: strPred("isspace", pystr.IsSpace)},
		{Name: "istitle", Fn: strPred("istitle", pystr.IsTitle)},
		{Name: "isupper", Fn: strPred("isupper", pystr.IsUpper)},
		{Name: "join", Fn: strJoin},
		{Name: "ljust", Fn: strText.padMethod("ljust", strPad(pystr.LJust))},
		{Name: "lower", Fn: strCaseMethod("lower", 'A', 'Z', pystr.Lower)},
		{Name: "lstrip", Fn: strStrip("lstrip", pystr.LStrip)},
		{Name: "maketrans", Fn: strMakeTrans, Kind: KindStaticMethod},
		{Name: "partition", Fn: strText.partitionMethod("partition")},
		{Name: "removeprefix", Fn: strAffix("removeprefix")},
		{Name: "removesuffix", Fn: strAffix("removesuffix")},
		{Name: "replace", Fn: strReplace},
		{Name: "rfind", Fn: strText.findMethod("rfind")},
		{Name: "rindex", Fn: strText.findMethod("rindex")},
		{Name: "rjust", Fn: strText.padMethod("rjust", strPad(pystr.RJust))},
		{Name: "rpartition", Fn: strText.partitionMethod("rpartition")},
		{Name: "rsplit", Fn: strText.splitMethod("rsplit")},
		{Name: "rstrip", Fn: strStrip("rstrip", pystr.RStrip)},
		{Name: "split", Fn: strText.splitMethod("split")},
		{Name: "splitlines", Fn: strText.splitLinesMethod},
		{Name: "startswith", Fn: strText.affixMethod("startswith")},
		{Name: "strip", Fn: strStrip("strip", pystr.Strip)},
		{Name: "swapcase", Fn: strNoArg("swapcase", pystr.SwapCase)},
		{Name: "title", Fn: strNoArg("title", pystr.Title)},
		{Name: "translate", Fn: strTranslate},
		{Name: "upper", Fn: strCaseMethod("upper", 'a', 'z', pystr.Upper)},
		{Name: "zfill", Fn: strZFill},
		{Name: "__len__", Fn: strDunderLen},
		{Name: "__getitem__", Fn: strDunderGetItem},
		{Name: "__contains__", Fn: strDunderContains},
		{Name: "__add__", Fn: strDunderBinary("__add__", compile.BinAdd, false)},
		{Name: "__mul__", Fn: strDunderBinary("__mul__", compile.BinMul, false)},
		{Name: "__rmul__", Fn: strDunderBinary("__rmul__", compile.BinMul, true)},
		{Name: "__mod__", Fn: strDunderBinary("__mod__", compile.BinMod, false)},
		{Name: "__eq__", Fn: strDunderCompare("__eq__", compile.CmpEq)},
		{Name: "__ne__", Fn: strDunderCompare("__ne__", compile.CmpNe)},
		{Name: "__lt__", Fn: strDunderCompare("__lt__", compile.CmpLt)},
		{Name: "__le__", Fn: strDunderCompare("__le__", compile.CmpLe)},
		{Name: "__gt__", Fn: strDunderCompare("__gt__", compile.CmpGt)},
		{Name: "__ge__", Fn: strDunderCompare("__ge__", compile.CmpGe)},
		{Name: "__hash__", Fn: strDunderHash},
		{Name: "__str__", Fn: strDunderStr},
		{Name: "__repr__", Fn: strDunderRepr},
		{Name: "__format__", Fn: strDunderFormat},
	})
	RegisterConstructor(TStr, strConstructor)
	RegisterBuiltinFunc("chr", builtinChr)
	RegisterBuiltinFunc("ord", builtinOrd)
	RegisterBuiltinFunc("ascii", strBuiltin("ascii", (*VM).Ascii))
	RegisterBuiltinFunc("format", builtinFormat)
}

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

// strObj returns the *heap.Str behind v (unwrapping str subclasses).
func (vm *VM) strObj(v Value) (s *heap.Str, ok bool) { s, ok = vm.primObj(v).(*heap.Str); return }

// strRuneLen returns (and caches) the code-point length of s.
func strRuneLen(s *heap.Str) int {
	if s.N > 0 || (s.N == 0 && s.S == "") {
		return s.N
	}
	s.N = runeCount(s.S)
	s.ASCII = s.N == len(s.S)
	return s.N
}

// runeCount is utf8.RuneCountInString, 16 bytes at a time over ASCII
// (most text): len() of a long joined or read str counts it once, and
// that count was a byte at a time.
func runeCount(s string) int {
	i := pystr.ASCIIPrefix(s)
	return i + utf8.RuneCountInString(s[i:])
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
		return vm.asciiStr(byte(r))
	}
	return vm.H.AllocStr(&heap.Str{S: string(r), N: 1})
}

// strCharAt decodes the code point at UTF-8 byte offset off of s and
// returns it as a 1-character str, with the offset of the next one.
func (vm *VM) strCharAt(s *heap.Str, byteOffset int) (ch Value, next int) {
	if byteOffset >= len(s.S) {
		return heap.Undef, byteOffset
	}
	if c := s.S[byteOffset]; c < utf8.RuneSelf {
		return vm.asciiStr(c), byteOffset + 1
	}
	_, n := utf8.DecodeRuneInString(s.S[byteOffset:])
	return vm.H.AllocStr(&heap.Str{S: s.S[byteOffset : byteOffset+n], N: 1}), byteOffset + n
}

// strRunes is a str's known code-point count, or -1 when it has not
// been counted (N is 0 for an uncounted str made by a literal).
func strRunes(o *heap.Str) int {
	if o.N > 0 || o.S == "" {
		return o.N
	}
	return -1
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
		// Either sign: CPython converts the count to a Py_ssize_t first.
		_ = b
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
	return vm.reserveMul(int64(unit), n)
}

// strBinary implements + (concatenation), * (repetition with an int on
// either side) and % (printf-style formatting) for str, bytes and
// bytearray operands; heap.NotImplemented otherwise.
func (vm *VM) strBinary(op int, a, b Value) (Value, error) {
	op &^= compile.BinInplace
	sa, aStr := vm.strObj(a)
	var ba *heap.Bytes
	aBytes := false
	if !aStr {
		ba, aBytes = vm.bytesObj(a)
	}
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
				if err := vm.reserve(int64(len(sa.S)) + int64(len(sb.S))); err != nil {
					return heap.Undef, err
				}
				n := -1
				if (sa.N > 0 || sa.S == "") && (sb.N > 0 || sb.S == "") {
					n = sa.N + sb.N
				}
				o, buf := vm.strBuf(len(sa.S) + len(sb.S))
				copy(buf[copy(buf, sa.S):], sb.S)
				return vm.sealStr(o, buf, n), nil
			}
			return heap.NotImplemented, nil
		}
		if aBytes {
			other, ok, err := vm.bufferOf(b)
			if err != nil {
				return heap.Undef, err
			}
			if !ok {
				return heap.NotImplemented, nil
			}
			if err := vm.reserve(int64(len(ba.B)) + int64(len(other))); err != nil {
				return heap.Undef, err
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
			return vm.percentFormat(sa.S, b)
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

// funcStrArg returns the text of fname's argument v, which must be a str.
func (vm *VM) funcStrArg(fname string, v Value) (string, error) {
	if s, ok := vm.StrOf(v); ok {
		return s, nil
	}
	return "", vm.TypeError("%s() argument must be str, not %s", fname, vm.TypeName(v))
}

// oneStrArg binds fname's one positional argument, which must be a str.
func (vm *VM) oneStrArg(fname string, a Args) (string, error) {
	var v Value
	if err := vm.UnpackArgs(fname, a, nil, 1, &v); err != nil {
		return "", err
	}
	return vm.funcStrArg(fname, v)
}

// strOrBytes returns the text of a str, or the bytes of a bytes-like
// object as a string, for arguments that take either.
func (vm *VM) strOrBytes(v Value) (string, bool) {
	if s, ok := vm.StrOf(v); ok {
		return s, true
	}
	if b, ok := vm.BufferBytes(v); ok {
		return string(b), true
	}
	return "", false
}

// bufferBytes returns the bytes of a bytes-like object (bytes, bytearray
// and their subclasses).
func (vm *VM) BufferBytes(v Value) ([]byte, bool) {
	if b, ok := vm.bytesObj(v); ok {
		return b.B, true
	}
	return nil, false
}

// strCompare compares two str (or two bytes-like) values; ok=false otherwise.
func (vm *VM) strCompare(op int, a, b Value) (r bool, ok bool) {
	if sa, ok := vm.strObj(a); ok {
		sb, ok := vm.strObj(b)
		if !ok {
			return false, false
		}
		return numCmpResult(op, strings.Compare(sa.S, sb.S)), true
	}
	if ba, ok := vm.bytesObj(a); ok {
		bb, ok := vm.bytesObj(b)
		if !ok {
			return false, false
		}
		return numCmpResult(op, bytes.Compare(ba.B, bb.B)), true
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
		return vm.asciiStr(s.S[i]), nil
	}
	r, _ := utf8.DecodeRuneInString(pystr.CharAt(s.S, int(i)))
	return vm.charStr(r), nil
}

// strContains implements `item in s` for str/bytes/bytearray; handled=false otherwise.
func (vm *VM) strContains(container, item Value) (r bool, handled bool, err error) {
	if s, ok := vm.strObj(container); ok {
		sub, ok := vm.StrOf(item)
		if !ok {
			return false, true, vm.TypeError("'in <string>' requires string as left operand, not %s", vm.TypeName(item))
		}
		if err := vm.meetDeadline(len(s.S)); err != nil {
			return false, true, err
		}
		return strings.Contains(s.S, sub), true, nil
	}
	if b, ok := vm.bytesObj(container); ok {
		if err := vm.meetDeadline(len(b.B)); err != nil {
			return false, true, err
		}
		if sub, ok, err := vm.bufferOf(item); ok || err != nil {
			return err == nil && bytes.Contains(b.B, sub), true, err
		}
		c, err := vm.byteValue(item)
		if err != nil {
			return false, true, err
		}
		return bytes.IndexByte(b.B, c) >= 0, true, nil
	}
	return false, false, nil
}

// bigToFloat is a helper for %-formatting of huge ints as floats.
func bigToFloat(b *big.Int) float64 {
	f, _ := new(big.Float).SetInt(b).Float64()
	return f
}

// strText is str to the methods it shares with bytes (text.go).
var strText = &textKind[string]{
	recv:       (*VM).selfStr,
	args:       (*VM).strArgs,
	wrap:       func(vm *VM, _ Value, s string) Value { return vm.NewStr(s) },
	list:       (*VM).strPieces,
	needle:     (*VM).strArg,
	affix:      (*VM).StrOf,
	affixName:  "str",
	count:      pystr.Count,
	window:     pystr.Window,
	find:       pystr.Find,
	rfind:      pystr.RFind,
	startsWith: pystr.StartsWith,
	endsWith:   pystr.EndsWith,
	notFound:   "substring not found",
	sep:        (*VM).strArg,
	splitSep: func(vm *VM, v Value) (string, error) {
		if s, ok := vm.StrOf(v); ok {
			return s, nil
		}
		return "", vm.TypeError("must be str or None, not %s", vm.TypeName(v))
	},
	index:      strings.Index,
	lastIndex:  strings.LastIndex,
	split:      pystr.Split,
	rsplit:     pystr.RSplit,
	splitWS:    pystr.SplitWhitespace,
	rsplitWS:   pystr.RSplitWhitespace,
	splitLines: pystr.SplitLines,
	expandTabs: pystr.ExpandTabs,
}
