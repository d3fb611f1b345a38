package vm

import (
	"github.com/amber-sandbox/amber/core/heap"
)

// Builtins written in Go cannot pause: a host call reached from inside
// them would lose the builtin's progress. When a builtin would call back
// into Python code (a key function, a generator to drain, a lambda to map),
// it hands the whole job to a Python twin from the _amber module instead,
// run as an ordinary frame, so the work can pause, be dumped and resume.
// The native path stays for builtin-only inputs, where nothing can pause.

// needsFrames reports whether calling or iterating v may run Python code.
func (vm *VM) needsFrames(v Value) bool {
	if v.K != heap.KRef {
		return false
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.Function, *heap.Generator, *heap.Instance:
		return true
	case *heap.BoundMethod:
		return vm.needsFrames(o.Func)
	case *heap.Class:
		return o.Flags&ClassUser != 0
	case *heap.Opaque:
		return o.Kind == "hostfn"
	case *heap.Iter:
		switch o.Kind {
		case heap.IterSeqProto, heap.IterCallable:
			return true
		case heap.IterMap, heap.IterFilter:
			if vm.needsFrames(o.Seq) {
				return true
			}
		}
		for _, x := range o.Vals {
			if vm.needsFrames(x) {
				return true
			}
		}
	}
	return false
}

// anyNeedsFrames is needsFrames over several values.
func (vm *VM) anyNeedsFrames(vs ...Value) bool {
	for _, v := range vs {
		if vm.needsFrames(v) {
			return true
		}
	}
	return false
}

// tailPy continues the builtin called name in the Python helper pyfn.
// ok=false means the builtin was not entered from a call site that can
// take a frame (it was called directly from Go), so it must do the work
// itself. Otherwise the builtin returns (r, err): r is Undef when a frame
// will deliver the result.
func (vm *VM) tailPy(name, pyfn string, args ...Value) (r Value, ok bool, err error) {
	if !vm.tailOK || vm.tailName != name {
		return heap.Undef, false, nil
	}
	vm.tailName = ""
	m, err := vm.Import("_amber")
	if err != nil {
		return heap.Undef, true, err
	}
	fn, err := vm.GetAttr(m, pyfn)
	if err != nil {
		return heap.Undef, true, err
	}
	r, err = vm.callValue(fn, args, nil, vm.tailRet, false)
	if err == errFramePushed {
		return heap.Undef, true, nil
	}
	return r, true, err
}

func init() {
	RegisterModule("_amber_native", func(vm *VM, m Value) error {
		vm.ModuleFunc(m, "_amber_native.sort_by_keys", func(vm *VM, _ Value, a Args) (Value, error) {
			items, keys := vm.listItems(a.Pos[0]), vm.listItems(a.Pos[1])
			rev, err := vm.Truth(a.Pos[2])
			if err != nil {
				return heap.Undef, err
			}
			out, err := vm.sortWithKeys(items, keys, rev)
			if err != nil {
				return heap.Undef, err
			}
			return vm.NewList(out), nil
		})
		return nil
	})
	RegisterPythonModule("_amber", amberSrc)
}

const amberSrc = `
from _amber_native import sort_by_keys

_missing = object()

def sorted_(iterable, key, reverse):
    items = [x for x in iterable]
    if key is None:
        return sort_by_keys(items, items, reverse)
    return sort_by_keys(items, [key(x) for x in items], reverse)

def list_sort(lst, key, reverse):
    # Like CPython, the list looks empty while it is being sorted.
    items = lst[:]
    lst.clear()
    try:
        keys = items if key is None else [key(x) for x in items]
        result = sort_by_keys(items, keys, reverse)
    except BaseException:
        lst[:] = items
        raise
    modified = len(lst) != 0
    lst[:] = result
    if modified:
        raise ValueError("list modified during sort")

def min_max(name, is_max, args, key, default_box):
    default = default_box[0] if default_box else _missing
    if len(args) == 1:
        it = args[0]
    else:
        if default is not _missing:
            raise TypeError(f"Cannot specify a default for {name}() with multiple positional arguments")
        it = args
    best = _missing
    best_key = None
    for x in it:
        k = x if key is None else key(x)
        if best is _missing or (k > best_key if is_max else k < best_key):
            best, best_key = x, k
    if best is _missing:
        if default is not _missing:
            return default
        raise ValueError(f"{name}() arg is an empty sequence")
    return best

def to_list(it):
    return [x for x in it]

def to_tuple(it):
    return tuple([x for x in it])

def to_set(it):
    return {x for x in it}

def to_frozenset(it):
    return frozenset([x for x in it])

def sum_(it, start):
    total = start
    for x in it:
        total = total + x
    return total

def any_(it):
    for x in it:
        if x:
            return True
    return False

def all_(it):
    for x in it:
        if not x:
            return False
    return True

def join(sep, it):
    return sep.join([x for x in it])

def map_(f, iterables):
    # iter() runs now, as the builtin does; the items come lazily.
    return _map([iter(i) for i in iterables], f)

def _map(iters, f):
    while True:
        args = []
        for i in iters:
            try:
                args.append(next(i))
            except StopIteration:
                return
        yield f(*args)

def filter_(f, it):
    return _filter(f, iter(it))

def _filter(f, it):
    for x in it:
        if (x if f is None else f(x)):
            yield x

def enumerate_(it, start):
    return _enumerate(iter(it), start)

def _enumerate(it, start):
    n = start
    for x in it:
        yield (n, x)
        n += 1

def zip_(iterables, strict):
    return _zip([iter(i) for i in iterables], strict)

def _zip(iters, strict):
    if not iters:
        return
    while True:
        items = []
        for n, i in enumerate(iters):
            try:
                items.append(next(i))
            except StopIteration:
                if strict:
                    if n:
                        s = "s" if n > 1 else ""
                        r = "" if n == 1 else "-" + str(n)
                        raise ValueError(f"zip() argument {n + 1} is shorter than argument{s} 1{r}")
                    for m, j in enumerate(iters[1:], 1):
                        for _ in j:
                            s = "s" if m > 1 else ""
                            r = "" if m == 1 else "-" + str(m)
                            raise ValueError(f"zip() argument {m + 1} is longer than argument{s} 1{r}")
                return
        yield tuple(items)
`

// orNone maps Undef (an omitted optional argument) to None.
func orNone(v Value) Value {
	if v.K == heap.KUndef {
		return heap.None
	}
	return v
}
