package vm

// What str and bytes (and bytearray) share: the methods both types have
// with the same shape, written once over the text's Go type T (string or
// []byte) and a textKind that supplies the type's own pieces.

import (
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pystr"
)

// text is the Go form of a str's or a bytes object's contents.
type text interface{ ~string | ~[]byte }

// textKind describes str (T string) or bytes (T []byte) to the shared
// methods.
type textKind[T text] struct {
	// recv converts a method's receiver.
	recv func(vm *VM, self Value, name string) (T, error)
	// args binds a method's self and positional arguments.
	args func(vm *VM, name string, self Value, a Args, min, max int) (T, [3]Value, error)
	// wrap and list build results of self's type (bytearray methods
	// return bytearrays).
	wrap func(vm *VM, self Value, t T) Value
	list func(vm *VM, self Value, ts []T) Value
	// needle converts the sub argument of find, count and index.
	needle func(vm *VM, v Value) (T, error)
	// affix converts a startswith/endswith candidate.
	affix func(vm *VM, v Value) (T, bool)
	// affixName names the accepted candidates in error messages
	// ("str" or "bytes").
	affixName string

	count, find, rfind   func(s, sub T, start, end int) int
	startsWith, endsWith func(s, affix T, start, end int) bool
	// notFound is the ValueError message of index and rindex.
	notFound string
	// window is the range start:end of the raw Python indices, false
	// when start is past end.
	window func(s T, start, end int) (T, bool)

	// sep converts the separator of partition and rpartition, splitSep
	// that of split and rsplit when it is not None.
	sep, splitSep func(vm *VM, v Value) (T, error)
	// index and lastIndex find a separator by byte offset.
	index, lastIndex func(s, sep T) int

	split, rsplit     func(s, sep T, maxsplit int) ([]T, error)
	splitWS, rsplitWS func(s T, maxsplit int) []T
	splitLines        func(s T, keepends bool) []T
	expandTabs        func(s T, tabsize int) T
	// current re-reads a mutable self's contents after the arguments
	// were converted (converting may run Python code that changes it);
	// nil for immutable types.
	current func(vm *VM, self Value) T
}

// ranged binds the arguments (first[, start[, end]]) of a method that
// looks at a range of the text: it converts first with convert (when not
// nil) before start and end, as CPython does, and reads a mutable text
// only after all conversions.
func (k *textKind[T]) ranged(vm *VM, name string, self Value, a Args, convert func(Value) error) (s T, first Value, start, end int, err error) {
	s, args, err := k.args(vm, name, self, a, 1, 3)
	if err != nil {
		return s, first, 0, 0, err
	}
	first = args[0]
	if convert != nil {
		if err = convert(first); err != nil {
			return s, first, 0, 0, err
		}
	}
	if start, end, err = vm.startEnd(args[1], args[2]); err != nil {
		return s, first, 0, 0, err
	}
	return k.fresh(vm, self, s), first, start, end, nil
}

// fresh re-reads a mutable self once a method's arguments are converted.
func (k *textKind[T]) fresh(vm *VM, self Value, s T) T {
	if k.current != nil {
		return k.current(vm, self)
	}
	return s
}

// splitMethod implements split and rsplit.
func (k *textKind[T]) splitMethod(name string) BuiltinFn {
	bySep, byWhitespace := k.split, k.splitWS
	if name == "rsplit" {
		bySep, byWhitespace = k.rsplit, k.rsplitWS
	}
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, err := k.recv(vm, self, name)
		if err != nil {
			return heap.Undef, err
		}
		var sepArg, maxsplitArg Value
		if err := vm.UnpackArgs(name, a, []string{"sep", "maxsplit"}, 0, &sepArg, &maxsplitArg); err != nil {
			return heap.Undef, err
		}
		maxsplit, err := vm.optInt(maxsplitArg, -1)
		if err != nil {
			return heap.Undef, err
		}
		if sepArg.K == heap.KUndef || sepArg.K == heap.KNone {
			s = k.fresh(vm, self, s)
			if err := vm.meetDeadline(len(s)); err != nil {
				return heap.Undef, err
			}
			if err := reserveSplit(vm, s, maxsplit, pystr.IsSpaceRune); err != nil {
				return heap.Undef, err
			}
			return k.list(vm, self, byWhitespace(s, maxsplit)), nil
		}
		sep, err := k.splitSep(vm, sepArg)
		if err != nil {
			return heap.Undef, err
		}
		s = k.fresh(vm, self, s)
		if err := vm.meetDeadline(len(s)); err != nil {
			return heap.Undef, err
		}
		if len(sep) > 0 {
			// At most one piece per separator, and one more.
			n := int64(k.count(s, sep, 0, len(s))) + 1
			if maxsplit >= 0 {
				n = min(n, int64(maxsplit)+1)
			}
			if err := vm.reserveMul(pieceBytes, n); err != nil {
				return heap.Undef, err
			}
		}
		parts, err := bySep(s, sep, maxsplit)
		if err != nil {
			return heap.Undef, vm.pystrErr(err)
		}
		return k.list(vm, self, parts), nil
	}
}

// recvOptArg binds the receiver and the one optional argument, param, of
// the method name.
func (k *textKind[T]) recvOptArg(vm *VM, self Value, a Args, name, param string) (s T, arg Value, err error) {
	if s, err = k.recv(vm, self, name); err != nil {
		return s, arg, err
	}
	err = vm.UnpackArgs(name, a, []string{param}, 0, &arg)
	return s, arg, err
}

// splitLinesMethod implements splitlines.
func (k *textKind[T]) splitLinesMethod(vm *VM, self Value, a Args) (Value, error) {
	s, keepends, err := k.recvOptArg(vm, self, a, "splitlines", "keepends")
	if err != nil {
		return heap.Undef, err
	}
	keep := false
	if keepends.K != heap.KUndef {
		if keep, err = vm.Truth(keepends); err != nil {
			return heap.Undef, err
		}
	}
	s = k.fresh(vm, self, s)
	if err := vm.meetDeadline(len(s)); err != nil {
		return heap.Undef, err
	}
	if err := reserveSplit(vm, s, -1, pystr.IsLineBreak); err != nil {
		return heap.Undef, err
	}
	return k.list(vm, self, k.splitLines(s, keep)), nil
}

// expandTabsMethod implements expandtabs.
func (k *textKind[T]) expandTabsMethod(vm *VM, self Value, a Args) (Value, error) {
	s, tabsize, err := k.recvOptArg(vm, self, a, "expandtabs", "tabsize")
	if err != nil {
		return heap.Undef, err
	}
	if err := vm.cIntCheck(tabsize); err != nil { // tabsize is a C int
		return heap.Undef, err
	}
	n, err := vm.optInt(tabsize, 8)
	if err != nil {
		return heap.Undef, err
	}
	s = k.fresh(vm, self, s)
	if err := vm.meetDeadline(len(s)); err != nil {
		return heap.Undef, err
	}
	// Each tab becomes at most n spaces: the result takes at most
	// len(s) + tabs*n bytes.
	if tabs := countByte(s, '\t'); tabs > 0 && n > 0 {
		if int64(n) > maxOneAlloc/int64(tabs) {
			return heap.Undef, vm.tooBig()
		}
		if err := vm.reserve(int64(len(s)) + int64(tabs)*int64(n)); err != nil {
			return heap.Undef, err
		}
	}
	return k.wrap(vm, self, k.expandTabs(s, n)), nil
}

// padMethod implements center, ljust and rjust; pad converts the fill
// argument (Undef when absent), checks the result's size and pads.
func (k *textKind[T]) padMethod(name string, pad func(vm *VM, s T, width int, fill Value) (T, error)) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, err := k.recv(vm, self, name)
		if err != nil {
			return heap.Undef, err
		}
		if err := vm.ArgCount(name, a, 1, 2); err != nil {
			return heap.Undef, err
		}
		w, err := vm.intArg(a.Pos[0])
		if err != nil {
			return heap.Undef, err
		}
		var fill Value = heap.Undef
		if len(a.Pos) > 1 {
			fill = a.Pos[1]
		}
		r, err := pad(vm, k.fresh(vm, self, s), w, fill)
		if err != nil {
			return heap.Undef, err
		}
		return k.wrap(vm, self, r), nil
	}
}

// partitionMethod implements partition and rpartition.
func (k *textKind[T]) partitionMethod(name string) BuiltinFn {
	last := name == "rpartition"
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, args, err := k.args(vm, name, self, a, 1, 1)
		if err != nil {
			return heap.Undef, err
		}
		sep, err := k.sep(vm, args[0])
		if err != nil {
			return heap.Undef, err
		}
		if len(sep) == 0 {
			return heap.Undef, vm.ValueError("empty separator")
		}
		s = k.fresh(vm, self, s)
		if err := vm.meetDeadline(len(s)); err != nil {
			return heap.Undef, err
		}
		var none T
		before, after := s, none
		i := k.index(s, sep)
		if last {
			before, after = none, s
			i = k.lastIndex(s, sep)
		}
		if i >= 0 {
			before, after = s[:i], s[i+len(sep):]
		} else {
			sep = none
		}
		return vm.NewTuple([]Value{k.wrap(vm, self, before), k.wrap(vm, self, sep), k.wrap(vm, self, after)}), nil
	}
}

func countByte[T text](s T, c byte) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
		}
	}
	return n
}

// findMethod implements find, rfind, index, rindex and count.
func (k *textKind[T]) findMethod(name string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		var sub T
		s, _, start, end, err := k.ranged(vm, name, self, a, func(v Value) (err error) {
			sub, err = k.needle(vm, v)
			return err
		})
		if err != nil {
			return heap.Undef, err
		}
		if err := vm.meetDeadline(len(s)); err != nil {
			return heap.Undef, err
		}
		var r int
		switch name {
		case "count":
			if len(s) >= longWork && len(sub) > 0 {
				w, ok := k.window(s, start, end)
				if !ok {
					return heap.Int(0), nil
				}
				n, err := countLong(vm, w, sub, k.index)
				return heap.Int(int64(n)), err
			}
			return heap.Int(int64(k.count(s, sub, start, end))), nil
		case "find", "index":
			r = k.find(s, sub, start, end)
		default:
			r = k.rfind(s, sub, start, end)
		}
		if r < 0 && (name == "index" || name == "rindex") {
			return heap.Undef, vm.ValueError("%s", k.notFound)
		}
		return heap.Int(int64(r)), nil
	}
}

// affixMethod implements startswith and endswith: the first argument is
// one candidate or a tuple of them.
func (k *textKind[T]) affixMethod(name string) BuiltinFn {
	test := k.endsWith
	if name == "startswith" {
		test = k.startsWith
	}
	return func(vm *VM, self Value, a Args) (Value, error) {
		s, first, start, end, err := k.ranged(vm, name, self, a, nil)
		if err != nil {
			return heap.Undef, err
		}
		if p, ok := k.affix(vm, first); ok {
			if err := vm.meetDeadline(len(s)); err != nil {
				return heap.Undef, err
			}
			return heap.Bool(test(s, p, start, end)), nil
		}
		t, ok := vm.TupleOf(first)
		if !ok {
			return heap.Undef, vm.TypeError("%s first arg must be %s or a tuple of %s, not %s", name, k.affixName, k.affixName, vm.TypeName(first))
		}
		// The range is found once for all the candidates (finding it in
		// a non-ASCII str is a pass over it); each test then costs what
		// its candidate does.
		if err := vm.meetDeadline(len(s)); err != nil {
			return heap.Undef, err
		}
		w, inRange := k.window(s, start, end)
		work := 0
		for _, it := range t.Items {
			p, ok := k.affix(vm, it)
			if !ok {
				return heap.Undef, k.badTupleItem(vm, name, it)
			}
			if work += len(p); work >= longWork {
				work = 0
				if err := vm.DeadlineErr(); err != nil {
					return heap.Undef, err
				}
			}
			if inRange && test(w, p, 0, len(w)) {
				return heap.True, nil
			}
		}
		return heap.False, nil
	}
}

func (k *textKind[T]) badTupleItem(vm *VM, name string, it Value) error {
	if k.affixName == "str" {
		return vm.TypeError("tuple for %s must only contain str, not %s", name, vm.TypeName(it))
	}
	return vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(it))
}
