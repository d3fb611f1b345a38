package vm

// dict and its views: merging helpers, methods and the constructor.

import (
	"errors"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// dictCopyInto appends the entries of src to the empty dict dst.
// The copy is accounted against the memory limit: past it, the limit's
// error, with dst holding the copy (the caller drops it).
func (vm *VM) dictCopyInto(dst, src *heap.Dict) error {
	if err := vm.reserve(int64(src.Size())); err != nil {
		return err
	}
	before := dst.Size()
	if len(dst.Entries) == 0 {
		dst.CopyFrom(src)
	} else {
		for i := 0; i < len(src.Entries); i++ {
			e := src.Entries[i]
			if e.Key.K != heap.KUndef {
				dst.Append(e.Key, e.Val, e.Hash)
			}
		}
	}
	return vm.grew(before, dst.Size())
}

// dictMergeDict sets every entry of src in dst (later values win).
func (vm *VM) dictMergeDict(dst, src *heap.Dict) error {
	if dst == src {
		return nil
	}
	if len(dst.Entries) == 0 {
		before := dst.Size()
		dst.CopyFrom(src)
		return vm.grew(before, dst.Size())
	}
	// Comparing keys may run user code that changes src: each entry is
	// read afresh, and a change of size stops the merge as in CPython.
	n := len(src.Entries)
	for i := 0; i < n; i++ {
		if len(src.Entries) != n {
			return vm.Errorf(TRuntimeError, "dict mutated during update")
		}
		e := src.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		if err := vm.dictSetHashed(dst, e.Key, e.Val, e.Hash); err != nil {
			return err
		}
	}
	return nil
}

// dictSetHashed is DictSet for a key whose hash h is known. One lookup:
// replacing a value allocates nothing; a new key is appended within the
// memory limit, and accounted.
func (vm *VM) dictSetHashed(d *heap.Dict, k, v Value, h int64) error {
	i, err := d.Lookup(k, h, vm.keyEq)
	if err != nil {
		return err
	}
	if i >= 0 {
		d.SetAt(i, v)
		return nil
	}
	return vm.dictAppend(d, k, v, h)
}

// plainDict returns the dict behind v when a merge (update, dict(x),
// {**x}, f(**x)) reads its entries directly: a dict, or an instance of a
// dict subclass that does not override __iter__ in Python. As in
// CPython, overriding keys() or __getitem__ alone does not count.
func (vm *VM) plainDict(v Value) (*heap.Dict, bool) {
	d, ok := vm.DictOf(v)
	if !ok {
		return nil, false
	}
	if vm.userReflects(v, "__iter__") {
		return nil, false
	}
	return d, true
}

// dictUpdateFrom is dict.update(other) on the dict d whose value is dv:
// other is a mapping (anything with keys()) or an iterable of pairs.
func (vm *VM) dictUpdateFrom(dv Value, d *heap.Dict, other Value) error {
	defer vm.H.Touch(dv)
	if src, ok := vm.plainDict(other); ok {
		return vm.dictMergeDict(d, src)
	}
	if vm.hasKeysMethod(other) {
		keys, err := vm.CallMethod(other, "keys")
		if err != nil {
			return err
		}
		ks, err := vm.Unpack(keys)
		if err != nil {
			return err
		}
		for _, k := range ks {
			v, err := vm.GetItem(other, k)
			if err != nil {
				return err
			}
			if err := vm.DictSet(d, k, v); err != nil {
				return err
			}
		}
		return nil
	}
	return vm.dictUpdatePairs(d, other)
}

// hasKeysMethod reports whether v has a keys attribute (a mapping).
func (vm *VM) hasKeysMethod(v Value) bool {
	if _, ok := vm.DictOf(v); ok {
		return true
	}
	if v.K != heap.KRef {
		return false
	}
	if _, ok := vm.H.Get(v).(*heap.Instance); !ok {
		return false
	}
	_, err := vm.GetAttr(v, "keys")
	return err == nil
}

// dictUpdatePairs adds the key/value pairs of an iterable to d.
func (vm *VM) dictUpdatePairs(d *heap.Dict, other Value) error {
	it, err := vm.GetIter(other)
	if err != nil {
		return err
	}
	for i := 0; ; i++ {
		x, ok, err := vm.Next(it)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		var pair []Value
		if items, ok := vm.seqItemsOf(x); ok {
			pair = items
		} else {
			if !vm.isIterableValue(x) {
				return vm.TypeError("cannot convert dictionary update sequence element #%d to a sequence", i)
			}
			if pair, err = vm.Unpack(x); err != nil {
				return err
			}
		}
		if len(pair) != 2 {
			return vm.ValueError("dictionary update sequence element #%d has length %d; 2 is required", i, len(pair))
		}
		if err := vm.DictSet(d, pair[0], pair[1]); err != nil {
			return err
		}
	}
}

// dictFill adds to d (the dict at dv) what dict(*a) holds: the items of
// its positional argument, if any, then its keyword arguments as str
// keys. The callers have checked that there is at most one positional.
func (vm *VM) dictFill(dv Value, d *heap.Dict, a Args) error {
	if len(a.Pos) == 1 {
		if err := vm.dictUpdateFrom(dv, d, a.Pos[0]); err != nil {
			return err
		}
	}
	for i, k := range a.KwNames {
		if err := vm.DictSet(d, vm.NewStr(k), a.KwVals[i]); err != nil {
			return err
		}
	}
	return nil
}

// selfDict returns the dict behind a method's receiver and its value.
func (vm *VM) selfDict(self Value, fname string) (*heap.Dict, Value, error) {
	d, ok := vm.DictOf(self)
	if !ok {
		return nil, heap.Undef, vm.TypeError("descriptor '%s' for 'dict' objects doesn't apply to a '%s' object", fname, vm.TypeName(self))
	}
	return d, vm.Prim(self), nil
}

// dictMethod builds a dict method (see receiverMethod).
func dictMethod(name string, required, nargs int, f func(vm *VM, self Value, d *heap.Dict, dv Value, args [2]Value) (Value, error)) BuiltinFn {
	return receiverMethod((*VM).selfDict, name, name, required, nargs, f)
}

func dictView(kind heap.IterKind, name string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		if err := vm.UnpackArgs(name, a, nil, 0); err != nil {
			return heap.Undef, err
		}
		if _, _, err := vm.selfDict(self, name); err != nil {
			return heap.Undef, err
		}
		// The view keeps the receiver itself (every reader goes through
		// DictOf), so set operations can tell a plain dict from a subclass
		// as CPython's dictviews_to_set does.
		return vm.H.Alloc(&heap.DictView{Dict: self, Kind: kind}), nil
	}
}

// positionalFast runs f directly for the common call of a dict method
// with one or two positional arguments on an exact dict, and the general
// method otherwise (keywords, arity errors, subclasses, other receivers).
func positionalFast(general BuiltinFn, f func(vm *VM, self Value, d *heap.Dict, dv Value, args [2]Value) (Value, error)) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		if n := len(a.Pos); (n == 1 || n == 2) && len(a.KwNames) == 0 && self.K == heap.KRef {
			switch o := vm.H.Get(self).(type) {
			case *heap.Dict:
				var args [2]Value
				copy(args[:], a.Pos)
				return f(vm, self, o, self, args)
			case *heap.Instance:
				// A dict subclass's instance (defaultdict, Counter's
				// self.get): dict's method works on its dict, as
				// selfDict would find it.
				if o.Prim.K == heap.KRef {
					if d, ok := vm.H.Get(o.Prim).(*heap.Dict); ok {
						var args [2]Value
						copy(args[:], a.Pos)
						return f(vm, self, d, o.Prim, args)
					}
				}
			}
		}
		return general(vm, self, a)
	}
}

func dictGetM(vm *VM, self Value, d *heap.Dict, _ Value, args [2]Value) (Value, error) {
	// counts.get(w, 0): dictFind written out, one call less.
	if s, ok := vm.strKey(args[0]); ok {
		if i, known := d.FindPlain(vm.H, args[0], s, strHashOf(s)); known {
			if i >= 0 {
				return d.Entries[i].Val, nil
			}
			return orNone(args[1]), nil
		}
	} else if h, ok := smallIntKey(args[0]); ok {
		if i, known := d.FindPlain(vm.H, args[0], nil, h); known {
			if i >= 0 {
				return d.Entries[i].Val, nil
			}
			return orNone(args[1]), nil
		}
	}
	v, found, err := vm.DictGet(d, args[0])
	if err != nil || found {
		return v, err
	}
	return orNone(args[1]), nil
}

func dictSetDefaultM(vm *VM, self Value, d *heap.Dict, dv Value, args [2]Value) (Value, error) {
	key, def := args[0], args[1]
	i, h, known := vm.dictFind(d, key)
	if !known {
		return dictSetDefaultSlow(vm, d, dv, key, def)
	}
	return vm.setDefaultAt(d, dv, key, def, i, h)
}

// setDefaultAt ends d.setdefault(key, def) once one lookup found key at
// entry i, or absent (i < 0) with hash h: it adds it without a second.
func (vm *VM) setDefaultAt(d *heap.Dict, dv, key, def Value, i int, h int64) (Value, error) {
	if i >= 0 {
		return d.Entries[i].Val, nil
	}
	if def.K == heap.KUndef {
		def = heap.None
	}
	if err := vm.dictAppend(d, key, def, h); err != nil {
		return heap.Undef, err
	}
	vm.H.Touch(dv)
	return def, nil
}

// dictSetDefaultSlow is d.setdefault(key, def) for a key whose lookup
// may run code (its hash, or == with an entry's key).
func dictSetDefaultSlow(vm *VM, d *heap.Dict, dv, key, def Value) (Value, error) {
	h, err := vm.Hash(key)
	if err != nil {
		return heap.Undef, err
	}
	ver := d.Ver
	i, err := d.Lookup(key, h, vm.keyEq)
	if err != nil {
		return heap.Undef, err
	}
	if d.Ver != ver {
		// Comparing keys ran code that changed d, so i may be stale:
		// the general path looks again.
		v, found, err := vm.DictGet(d, key)
		if err != nil || found {
			return v, err
		}
		if def.K == heap.KUndef {
			def = heap.None
		}
		if err := vm.DictSet(d, key, def); err != nil {
			return heap.Undef, err
		}
		vm.H.Touch(dv)
		return def, nil
	}
	return vm.setDefaultAt(d, dv, key, def, i, h)
}

// dictAppend adds key, known to be absent from d, with its hash h, as
// DictSet would: within the memory limit, and accounted.
func (vm *VM) dictAppend(d *heap.Dict, key, val Value, h int64) error {
	if vm.Limits.MaxMemory == 0 && d.AppendInRoom(key, val, h) {
		// No limit, and room for the key: reserve(0) and grew would
		// have had nothing to refuse, nor (d's size unchanged) any
		// growth to account.
		return nil
	}
	if err := vm.dictRoom(d); err != nil {
		return err
	}
	before := d.Size()
	d.Append(key, val, h)
	return vm.grew(before, d.Size())
}

func dictPopM(vm *VM, self Value, d *heap.Dict, dv Value, args [2]Value) (Value, error) {
	key, dflt := args[0], args[1]
	if d.Used == 0 {
		// As CPython: an empty dict answers without hashing the key.
		if dflt.K != heap.KUndef {
			return dflt, nil
		}
		return heap.Undef, vm.ErrorArgs(TKeyError, key)
	}
	v, found, err := vm.dictDel(d, key)
	switch {
	case err != nil:
		return heap.Undef, err
	case found:
		vm.H.Touch(dv)
		return v, nil
	case dflt.K != heap.KUndef:
		return dflt, nil
	}
	return heap.Undef, vm.ErrorArgs(TKeyError, key)
}

func dictPopItemM(vm *VM, self Value, d *heap.Dict, dv Value, args [2]Value) (Value, error) {
	for i := len(d.Entries) - 1; i >= 0; i-- {
		e := d.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		d.DeleteAt(i)
		vm.H.Touch(dv)
		return vm.NewTuple([]Value{e.Key, e.Val}), nil
	}
	return heap.Undef, vm.ErrorArgs(TKeyError, vm.NewStr("popitem(): dictionary is empty"))
}

// dictFillM is update(mapping_or_iterable=(), **kwargs), or __init__ with
// the same arguments; what names the callable in the arity error.
func dictFillM(name, what string) BuiltinFn {
	return func(vm *VM, self Value, a Args) (Value, error) {
		if len(a.Pos) > 1 {
			return heap.Undef, vm.TypeError("%s expected at most 1 argument, got %d", what, len(a.Pos))
		}
		d, dv, err := vm.selfDict(self, name)
		if err != nil {
			return heap.Undef, err
		}
		if err := vm.dictFill(dv, d, a); err != nil {
			return heap.Undef, err
		}
		vm.H.Touch(dv)
		return heap.None, nil
	}
}

func dictClearM(vm *VM, self Value, d *heap.Dict, dv Value, args [2]Value) (Value, error) {
	d.Clear()
	vm.H.Touch(dv)
	return heap.None, nil
}

func dictCopyM(vm *VM, self Value, d *heap.Dict, _ Value, args [2]Value) (Value, error) {
	rv := vm.NewDict()
	if err := vm.dictCopyInto(vm.H.Get(rv).(*heap.Dict), d); err != nil {
		return heap.Undef, err
	}
	return rv, nil
}

func dictFromKeysM(vm *VM, cls Value, a Args) (Value, error) {
	var iterable, value Value
	if err := vm.UnpackArgs("fromkeys", a, nil, 1, &iterable, &value); err != nil {
		return heap.Undef, err
	}
	val := heap.None
	if value.K != heap.KUndef {
		val = value
	}
	keys, err := vm.Unpack(iterable)
	if err != nil {
		return heap.Undef, err
	}
	if cls == vm.Types[TDict] {
		rv := vm.NewDict()
		d := vm.H.Get(rv).(*heap.Dict)
		for _, k := range keys {
			if err := vm.DictSet(d, k, val); err != nil {
				return heap.Undef, err
			}
		}
		return rv, nil
	}
	rv, err := vm.Call(cls)
	if err != nil {
		return heap.Undef, err
	}
	for _, k := range keys {
		if err := vm.SetItem(rv, k, val); err != nil {
			return heap.Undef, err
		}
	}
	return rv, nil
}

func dictLenM(vm *VM, self Value, a Args) (Value, error) {
	d, _, err := vm.selfDict(self, "__len__")
	if err != nil {
		return heap.Undef, err
	}
	return heap.Int(int64(d.Len())), nil
}

func dictGetItemM(vm *VM, self Value, a Args) (Value, error) {
	var key Value
	if err := vm.UnpackArgs("__getitem__", a, nil, 1, &key); err != nil {
		return heap.Undef, err
	}
	return vm.dictGetItem(self, key)
}

func dictSetItemM(vm *VM, self Value, d *heap.Dict, dv Value, args [2]Value) (Value, error) {
	key, value := args[0], args[1]
	if err := vm.DictSet(d, key, value); err != nil {
		return heap.Undef, err
	}
	vm.H.Touch(dv)
	return heap.None, nil
}

func dictDelItemM(vm *VM, self Value, d *heap.Dict, dv Value, args [2]Value) (Value, error) {
	key := args[0]
	_, found, err := vm.dictDel(d, key)
	if err := vm.removed(found, err, key, dv); err != nil {
		return heap.Undef, err
	}
	return heap.None, nil
}

func dictContainsM(vm *VM, self Value, d *heap.Dict, _ Value, args [2]Value) (Value, error) {
	key := args[0]
	_, found, err := vm.DictGet(d, key)
	return heap.Bool(found), err
}

// --- views ----------------------------------------------------------------------------

func viewLenM(vm *VM, self Value, a Args) (Value, error) {
	return heap.Int(int64(vm.setLikeLen(self))), nil
}

func valuesLenM(vm *VM, self Value, a Args) (Value, error) {
	if v, ok := vm.ctViewOf(self); ok {
		if d, ok := vm.DictOf(v.Dict); ok {
			return heap.Int(int64(d.Len())), nil
		}
	}
	return heap.Int(0), nil
}

func viewContainsM(vm *VM, self Value, a Args) (Value, error) {
	var key Value
	if err := vm.UnpackArgs("__contains__", a, nil, 1, &key); err != nil {
		return heap.Undef, err
	}
	v, ok := vm.ctViewOf(self)
	if !ok {
		return heap.False, nil
	}
	r, err := vm.viewContains(v, key)
	return heap.Bool(r), err
}

func viewIsDisjointM(vm *VM, self Value, a Args) (Value, error) {
	var other Value
	if err := vm.UnpackArgs("isdisjoint", a, nil, 1, &other); err != nil {
		return heap.Undef, err
	}
	return vm.disjointFrom(other, func(x Value) (bool, error) { return vm.Contains(self, x) })
}

func dictCtor(vm *VM, cls Value, a Args) (Value, error) {
	if len(a.Pos) > 1 {
		return heap.Undef, vm.TypeError("dict expected at most 1 argument, got %d", len(a.Pos))
	}
	rv := vm.NewDict()
	d := vm.H.Get(rv).(*heap.Dict)
	if err := vm.dictFill(rv, d, a); err != nil {
		return heap.Undef, err
	}
	return rv, nil
}

func init() {
	AddMethods(TDict, []MethodDef{
		{Name: "__init__", Fn: dictFillM("__init__", "dict")},
		{Name: "keys", Fn: dictView(heap.IterDictKeys, "keys")},
		{Name: "values", Fn: dictView(heap.IterDictValues, "values")},
		{Name: "items", Fn: dictView(heap.IterDictItems, "items")},
		{Name: "get", Fn: positionalFast(dictMethod("get", 1, 2, dictGetM), dictGetM)},
		{Name: "setdefault", Fn: positionalFast(dictMethod("setdefault", 1, 2, dictSetDefaultM), dictSetDefaultM)},
		{Name: "pop", Fn: dictMethod("pop", 1, 2, dictPopM)},
		{Name: "popitem", Fn: dictMethod("popitem", 0, 0, dictPopItemM)},
		{Name: "update", Fn: dictFillM("update", "update")},
		{Name: "clear", Fn: dictMethod("clear", 0, 0, dictClearM)},
		{Name: "copy", Fn: dictMethod("copy", 0, 0, dictCopyM)},
		{Name: "fromkeys", Fn: dictFromKeysM, Kind: KindClassMethod},
		{Name: "__len__", Fn: dictLenM},
		{Name: "__getitem__", Fn: dictGetItemM},
		{Name: "__setitem__", Fn: dictMethod("__setitem__", 2, 2, dictSetItemM)},
		{Name: "__delitem__", Fn: dictMethod("__delitem__", 1, 1, dictDelItemM)},
		{Name: "__contains__", Fn: dictMethod("__contains__", 1, 1, dictContainsM)},
		{Name: "__eq__", Fn: ctCmpMethod(compile.CmpEq, "__eq__")},
		{Name: "__ne__", Fn: ctCmpMethod(compile.CmpNe, "__ne__")},
		{Name: "__repr__", Fn: ctReprMethod},
		{Name: "__or__", Fn: ctBinMethod(compile.BinOr, "__or__", false)},
		{Name: "__ror__", Fn: ctBinMethod(compile.BinOr, "__ror__", true)},
		{Name: "__ior__", Fn: ctInplaceMethod(compile.BinOr, "__ior__")},
	})
	setLike := func() []MethodDef {
		defs := []MethodDef{
			{Name: "__len__", Fn: viewLenM},
			{Name: "__contains__", Fn: viewContainsM},
			{Name: "isdisjoint", Fn: viewIsDisjointM},
			{Name: "__repr__", Fn: ctReprMethod},
		}
		return append(defs, ctSetOperatorDefs()...)
	}
	AddMethods(TDictKeys, setLike())
	AddMethods(TDictItems, setLike())
	AddMethods(TDictValues, []MethodDef{
		{Name: "__len__", Fn: valuesLenM},
		{Name: "__contains__", Fn: viewContainsM},
		{Name: "__repr__", Fn: ctReprMethod},
	})
	RegisterConstructor(TDict, dictCtor)
}

// dictGetItem is d[key] for a dict or an instance of a dict subclass,
// calling the subclass's __missing__ when the key is absent.
func (vm *VM) dictGetItem(dv Value, key Value) (Value, error) {
	d, ok := vm.DictOf(dv)
	if !ok {
		return heap.Undef, vm.TypeError("descriptor '__getitem__' requires a 'dict' object but received a '%s'", vm.TypeName(dv))
	}
	v, found, err := vm.DictGet(d, key)
	if err != nil {
		return heap.Undef, err
	}
	if found {
		return v, nil
	}
	if dv.K == heap.KRef {
		if _, inst := vm.H.Get(dv).(*heap.Instance); inst {
			if m := vm.LookupClassStr(vm.TypeOf(dv), "__missing__"); m.K != heap.KUndef {
				return vm.CallMethod(dv, "__missing__", key)
			}
		}
	}
	return heap.Undef, vm.ErrorArgs(TKeyError, key)
}

func (vm *VM) reprDict(d *heap.Dict) (string, error) {
	var b strings.Builder
	b.WriteByte('{')
	first := true
	for i := 0; i < len(d.Entries); i++ {
		e := d.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		ks, err := vm.Repr(e.Key)
		if err != nil {
			return "", err
		}
		vs, err := vm.Repr(e.Val)
		if err != nil {
			return "", err
		}
		b.WriteString(ks)
		b.WriteString(": ")
		b.WriteString(vs)
	}
	b.WriteByte('}')
	return b.String(), nil
}

// dictEqual is dict == dict.
func (vm *VM) dictEqual(a, b *heap.Dict) (bool, error) {
	if a == b {
		return true, nil
	}
	if a.Len() != b.Len() {
		return false, nil
	}
	for i := 0; i < len(a.Entries); i++ {
		e := a.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		// keyEq is identity, then str contents, then ==: the nested
		// records json and config data compare are mostly str.
		bv, found, err := b.Get(e.Key, e.Hash, vm.keyEq)
		if err != nil {
			return false, err
		}
		if !found {
			return false, nil
		}
		eq, err := vm.sameOrEq(e.Val, bv)
		if err != nil || !eq {
			return false, err
		}
	}
	return true, nil
}

// viewCompare compares a dict keys/items view with a set or another view.
func (vm *VM) viewCompare(op int, a, b Value) (bool, error) {
	la, lb := vm.setLikeLen(a), vm.setLikeLen(b)
	switch op {
	case compile.CmpEq, compile.CmpNe:
		r := la == lb
		if r {
			var err error
			if r, err = vm.allContainedIn(a, b); err != nil {
				return false, err
			}
		}
		return r == (op == compile.CmpEq), nil
	case compile.CmpLt:
		if la >= lb {
			return false, nil
		}
		return vm.allContainedIn(a, b)
	case compile.CmpLe:
		if la > lb {
			return false, nil
		}
		return vm.allContainedIn(a, b)
	case compile.CmpGt:
		if la <= lb {
			return false, nil
		}
		return vm.allContainedIn(b, a)
	}
	if la < lb {
		return false, nil
	}
	return vm.allContainedIn(b, a)
}

func (vm *VM) viewContains(v *heap.DictView, x Value) (bool, error) {
	d, ok := vm.DictOf(v.Dict)
	if !ok {
		return false, nil
	}
	switch v.Kind {
	case heap.IterDictKeys:
		_, found, err := vm.DictGet(d, x)
		return found, err
	case heap.IterDictItems:
		t, ok := vm.TupleOf(x)
		if !ok || len(t.Items) != 2 {
			return false, nil
		}
		val, found, err := vm.DictGet(d, t.Items[0])
		if err != nil || !found {
			return false, err
		}
		return vm.sameOrEq(val, t.Items[1])
	}
	for i := 0; i < len(d.Entries); i++ {
		e := d.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		eq, err := vm.sameOrEq(e.Val, x)
		if err != nil || eq {
			return eq, err
		}
	}
	return false, nil
}

// viewOf returns the dict view behind v.
func (vm *VM) ctViewOf(v Value) (d *heap.DictView, ok bool) {
	d, ok = vm.refObj(v).(*heap.DictView)
	return
}

// dictUnpack returns a fresh slice of what iterating v yields when v is
// an exact dict or a keys or values view (of any dict): the entries are
// read in one pass, with no iterator object and no per-item call. Items
// views and everything else answer ok=false (iteration makes their
// items).
func (vm *VM) dictUnpack(v Value) ([]Value, bool, error) {
	if v.K != heap.KRef {
		return nil, false, nil
	}
	var d *heap.Dict
	vals := false
	switch o := vm.H.Get(v).(type) {
	case *heap.Dict:
		d = o
	case *heap.DictView:
		if o.Kind == heap.IterDictItems {
			return nil, false, nil
		}
		var ok bool
		if d, ok = vm.DictOf(o.Dict); !ok {
			return nil, false, nil
		}
		vals = o.Kind == heap.IterDictValues
	default:
		return nil, false, nil
	}
	if err := vm.reserveValues(int64(d.Used)); err != nil {
		return nil, true, err
	}
	out := make([]Value, 0, d.Used)
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Key.K == heap.KUndef {
			continue
		}
		if vals {
			out = append(out, e.Val)
		} else {
			out = append(out, e.Key)
		}
	}
	return out, true, nil
}

// buildDict is BUILD_MAP (keys and values interleaved in one slice:
// step 2, off 1) and BUILD_CONST_KEY_MAP (step 1, off 0): a dict of the
// n pairs keys[i*step]: vals[i*step+off], later keys winning. A str or
// int key whose hash no earlier entry has is appended without a lookup,
// into entries allocated with the dict; any other key takes DictSet.
func (vm *VM) buildDict(n int, keys, vals []Value, step, off int) (Value, error) {
	dv := vm.newDictFor(n)
	d := vm.H.Get(dv).(*heap.Dict)
	i := vm.buildDictPlain(d, n, keys, vals, step, off)
	for ; i < n; i++ {
		k, v := keys[i*step], vals[i*step+off]
		switch k.K {
		case heap.KInt:
			if h, err := vm.Hash(k); err == nil && d.AppendFresh(k, v, h) {
				continue
			}
		case heap.KRef:
			if s, ok := vm.H.Get(k).(*heap.Str); ok && d.AppendFresh(k, v, strHashOf(s)) {
				continue
			}
		}
		if err := vm.DictSet(d, k, v); err != nil {
			return heap.Undef, err
		}
	}
	return dv, nil
}

// buildDictPlain adds to the fresh dict d, written in place and taken
// in one AdoptDistinct, the leading pairs of buildDict's n whose keys are
// ints or exact strs (their hashes run no code), when their hashes are
// distinct; it returns how many pairs it added, the rest being
// buildDict's. A float, bool or any other key ends the run, so hashes
// and insertions still happen in the literal's order.
func (vm *VM) buildDictPlain(d *heap.Dict, n int, keys, vals []Value, step, off int) int {
	es := d.Room(n)
	if len(es) < 2 {
		// One pair (or no room): AppendFresh costs no more.
		return 0
	}
	m := 0
	for ; m < len(es); m++ {
		k := keys[m*step]
		e := &es[m]
		switch k.K {
		case heap.KInt:
			if n := k.I(); n > -(1<<60) && n < 1<<60 && n != -1 {
				// Hash's value for the small ints, without its call.
				e.Hash = n
			} else {
				e.Hash, _ = vm.Hash(k)
			}
		case heap.KRef:
			s, ok := vm.H.Get(k).(*heap.Str)
			if !ok {
				goto done
			}
			e.Hash = strHashOf(s)
		default:
			goto done
		}
		e.Key, e.Val = k, vals[m*step+off]
	}
done:
	if m == 0 {
		return 0
	}
	if !d.AdoptDistinct(m) {
		return 0
	}
	return m
}

// emptyDefaultHit answers d.setdefault(k, []) and d.setdefault(k, {})
// without making the empty default when k is already in d: it runs at
// the BUILD_LIST 0 or BUILD_MAP 0 whose next instruction is the CALL 2,
// with [dict.setdefault, d, k] below on f's stack. It reports true,
// having replaced those three with d[k] and stepped past the CALL, only
// for an exact dict d, an int or exact str k and an entry found without
// running any code (an equal hash on a key of another kind, whose == may
// be Python's, or a float or bool that equals an int, leaves the call
// to the general path, as does a missing k). The default it skips is a
// fresh object no one else could see.
func (vm *VM) emptyDefaultHit(f *heap.Frame) bool {
	instrs := f.C.Code.Instrs
	pc := int(f.PC)
	if pc >= len(instrs) || instrs[pc].Op() != compile.CALL || instrs[pc].Arg() != 2 || f.SP < 3 {
		return false
	}
	// The frame's slots and SP in locals: stores through f.Slots would
	// make every later f.SP and f.Slots a reload.
	slots, sp := f.Slots, int(f.SP)
	fn, dv, k := slots[sp-3], slots[sp-2], slots[sp-1]
	if fn.K != heap.KRef || dv.K != heap.KRef {
		return false
	}
	b, ok := vm.H.Get(fn).(*heap.Builtin)
	if !ok || b.Self.K != heap.KUndef {
		return false
	}
	fastIDs.once.Do(loadFastIDs)
	if b.ID != fastIDs.dictSetDefault {
		return false
	}
	d, ok := vm.H.Get(dv).(*heap.Dict)
	if !ok {
		return false
	}
	v, found := vm.dictGetPlain(d, k)
	if !found {
		return false
	}
	slots[sp-3] = v
	slots[sp-2], slots[sp-1] = Value{}, Value{}
	f.SP = int32(sp - 2)
	f.PC++
	return true
}

// plainKeyHash is the hash of k when it is an int or an exact str, the
// keys whose lookups plainKeyEq answers without running code.
func (vm *VM) plainKeyHash(k Value) (h int64, ok bool) {
	switch k.K {
	case heap.KInt:
		h, _ = vm.Hash(k)
		return h, true
	case heap.KRef:
		// Asserted one after the other: cheaper than a type switch
		// for the commonest, strs.
		o := vm.H.Get(k)
		if s, isStr := o.(*heap.Str); isStr {
			return strHashOf(s), true
		}
		if t, isTuple := o.(*heap.Tuple); isTuple {
			return vm.plainTupleHash(t.Items)
		}
	}
	return 0, false
}

// plainTupleHash is tupleHash for the items of a tuple key made only of
// ints and exact strs (the commonest tuple keys: coordinates, pairs of
// names), whose hashes run no code; ok is false for any other item.
func (vm *VM) plainTupleHash(items []Value) (h int64, ok bool) {
	acc := xxPrime5
	for _, it := range items {
		var ih int64
		switch it.K {
		case heap.KInt:
			ih, _ = vm.Hash(it)
		case heap.KRef:
			s, isStr := vm.H.Get(it).(*heap.Str)
			if !isStr {
				return 0, false
			}
			ih = strHashOf(s)
		default:
			return 0, false
		}
		acc = tupleHashStep(acc, ih)
	}
	return tupleHashEnd(acc, len(items)), true
}

// plainTupleEq compares the items of two exact tuples when that runs no
// code: pairs that are the same value (the identity CPython's tuple ==
// checks first; not floats, whose NaNs are values here), two ints, two
// exact strs. ok is false, having run nothing, for any other pair: the
// general == decides.
func (vm *VM) plainTupleEq(a, b []Value) (eq, ok bool) {
	if len(a) != len(b) {
		return false, true
	}
	for i, x := range a {
		y := b[i]
		switch {
		case x == y && x.K != heap.KFloat:
			continue
		case x.K == heap.KInt && y.K == heap.KInt:
			return false, true
		case x.K == heap.KRef && y.K == heap.KRef:
			sx, ok1 := vm.H.Get(x).(*heap.Str)
			sy, ok2 := vm.H.Get(y).(*heap.Str)
			if !ok1 || !ok2 {
				return false, false
			}
			if sx.S != sy.S {
				return false, true
			}
		default:
			return false, false
		}
	}
	return true, true
}

// smallIntKey is Hash of an int key k whose hash is its value, the
// ints dictFind compares without code; ok is false for any other key.
// With strKey, it is dictFind's test for the callers that call
// FindPlain themselves (one call less on every lookup): too small a
// function to cost a call.
func smallIntKey(k Value) (h int64, ok bool) {
	n := k.I()
	return n, k.K == heap.KInt && n > -(1<<60) && n < 1<<60 && n != -1
}

// strKey returns the exact str k is, if it is one.
func (vm *VM) strKey(k Value) (*heap.Str, bool) {
	if k.K != heap.KRef {
		return nil, false
	}
	s, ok := vm.H.Get(k).(*heap.Str)
	return s, ok
}

// dictFind is d.FindPlain for an int or exact str k: the index of k's
// entry in d or -1, and k's hash; known is false for any other key, or
// for an entry that needs the general == to be compared with k.
func (vm *VM) dictFind(d *heap.Dict, k Value) (i int, h int64, known bool) {
	switch k.K {
	case heap.KInt:
		if n := k.I(); n > -(1<<60) && n < 1<<60 && n != -1 {
			// Hash's value for the small ints.
			i, known = d.FindPlain(vm.H, k, nil, n)
			return i, n, known
		}
	case heap.KRef:
		if s, ok := vm.H.Get(k).(*heap.Str); ok {
			h = strHashOf(s)
			i, known = d.FindPlain(vm.H, k, s, h)
			return i, h, known
		}
	}
	return -1, 0, false
}

// dictGetPlain is d[k] for an int or exact str k found in d without
// running any code (plainKeyEq); found is false for a missing k, any
// other kind of key and any lookup that would need the general ==, all
// left to the general path, which has nothing to undo.
func (vm *VM) dictGetPlain(d *heap.Dict, k Value) (v Value, found bool) {
	// dictFind written out (d["name"], r["tags"], d[i]): one call less
	// on every subscript.
	if s, ok := vm.strKey(k); ok {
		if i, known := d.FindPlain(vm.H, k, s, strHashOf(s)); known {
			if i < 0 {
				return heap.Undef, false
			}
			return d.Entries[i].Val, true
		}
	} else if h, ok := smallIntKey(k); ok {
		if i, known := d.FindPlain(vm.H, k, nil, h); known {
			if i < 0 {
				return heap.Undef, false
			}
			return d.Entries[i].Val, true
		}
	}
	h, ok := vm.plainKeyHash(k)
	if !ok {
		return heap.Undef, false
	}
	v, found, err := d.Get(k, h, vm.plainKeyEq)
	return v, found && err == nil
}

// dictSetPlain is d[k] = v for an int or exact str k whose lookup runs
// no code (plainKeyEq): done is false, with nothing changed, for any
// other key or a lookup that would need the general ==. A new key is
// appended within the memory limit as DictSet does; err is its refusal
// (done is then true: the general path must not run again).
func (vm *VM) dictSetPlain(d *heap.Dict, k, v Value) (done bool, err error) {
	// dictFind written out (counts[w] = n), one call less.
	if s, ok := vm.strKey(k); ok {
		h := strHashOf(s)
		if i, known := d.FindPlain(vm.H, k, s, h); known {
			if i >= 0 {
				d.SetAt(i, v)
				return true, nil
			}
			return true, vm.dictAppend(d, k, v, h)
		}
	} else if h, ok := smallIntKey(k); ok {
		if i, known := d.FindPlain(vm.H, k, nil, h); known {
			if i >= 0 {
				d.SetAt(i, v)
				return true, nil
			}
			return true, vm.dictAppend(d, k, v, h)
		}
	}
	h, ok := vm.plainKeyHash(k)
	if !ok {
		return false, nil
	}
	i, lerr := d.Lookup(k, h, vm.plainKeyEq)
	if lerr != nil {
		return false, nil
	}
	if i >= 0 {
		d.SetAt(i, v)
		return true, nil
	}
	return true, vm.dictAppend(d, k, v, h)
}

// errNotPlain is plainKeyEq's refusal: deciding needs the general ==.
var errNotPlain = errors.New("key comparison needs the general ==")

// plainKeyEq is keyEq for emptyDefaultHit's int or exact str key a or b:
// it answers when no code can run (the same value, two exact strs, two
// ints) and refuses, with errNotPlain, anything else.
func (vm *VM) plainKeyEq(a, b Value) (bool, error) {
	if a == b {
		return true, nil
	}
	if a.K == heap.KInt && b.K == heap.KInt {
		return false, nil
	}
	if a.K == heap.KRef && b.K == heap.KRef {
		oa, ob := vm.H.Get(a), vm.H.Get(b)
		if sa, ok := oa.(*heap.Str); ok {
			if sb, ok := ob.(*heap.Str); ok {
				return sa.S == sb.S, nil
			}
		} else if ta, ok := oa.(*heap.Tuple); ok {
			if tb, ok := ob.(*heap.Tuple); ok {
				if eq, ok := vm.plainTupleEq(ta.Items, tb.Items); ok {
					return eq, nil
				}
			}
		}
	}
	return false, errNotPlain
}

// opBuildMap is BUILD_MAP arg (the n pairs on f's stack, keys and values
// interleaved) run from the loop rather than slowOp: dict literals of
// records ({"id": i, "name": s}) are built in inner loops. As slowOp's
// case, BUILD_MAP 0 before setdefault's CALL may answer the call itself
// (emptyDefaultHit). f.PC and f.SP are the loop's, written back.
func (vm *VM) opBuildMap(f *heap.Frame, arg int) error {
	if arg == 0 && vm.emptyDefaultHit(f) {
		return nil
	}
	sp := int(f.SP)
	items := f.Slots[sp-2*arg : sp]
	dv, err := vm.buildDict(arg, items, items, 2, 1)
	if err != nil {
		return err
	}
	// The pairs popped and the dict pushed in their place.
	clear(items)
	f.Slots[sp-2*arg] = dv
	f.SP = int32(sp - 2*arg + 1)
	return nil
}

// opMapAdd is MAP_ADD arg (a dict comprehension's d[k] = v, the dict arg
// slots below the pair) run from the loop rather than slowOp.
func (vm *VM) opMapAdd(f *heap.Frame, arg int) error {
	v := pop(f)
	k := pop(f)
	dv := f.Slots[f.SP-int32(arg)]
	if err := vm.DictSet(vm.H.Get(dv).(*heap.Dict), k, v); err != nil {
		return err
	}
	vm.H.Touch(dv)
	return nil
}
