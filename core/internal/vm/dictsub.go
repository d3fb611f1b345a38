package vm

import "github.com/amber-sandbox/amber/core/internal/heap"

// Instances of dict subclasses (defaultdict, Counter, OrderedDict and the
// program's own) keep their items in the dict at Instance.Prim. Their
// d[k], d[k] = v and k in d look up __getitem__/__setitem__/__contains__
// on the class, bind it and call it; when the class leaves the dunder to
// dict itself, the fast paths below do what dict's would, on the dict
// directly, for keys whose lookup runs no code (plainKeyHash/plainKeyEq).
// Anything else (an override anywhere in the MRO, a miss that may call
// __missing__, a key whose == may be Python's) takes the general path.

// Which of dict's item dunders a class leaves to dict.
const (
	subDictGet uint8 = 1 << iota
	subDictSet
	subDictContains
)

// subDictEntry remembers the subDict flags of one class for one epoch
// (which changes whenever any class changes or the heap is collected,
// so a freed and reused class handle never matches). Derived state: a
// new or loaded VM starts with none.
type subDictEntry struct {
	cls   Value
	epoch uint32
	flags uint8
	// missing is the class's __missing__ when it is a plain Python
	// function (Undef otherwise), which a miss calls as a frame.
	missing Value
}

// subDictNames are the dunders of the subDict flags, in flag order.
var subDictNames = [...]string{"__getitem__", "__setitem__", "__contains__"}

// subDictFlags looks up, in cls's MRO, which item dunders are dict's own.
func (vm *VM) subDictFlags(cls Value) uint8 {
	var flags uint8
	dictT := vm.Types[TDict]
	for i, name := range subDictNames {
		n := vm.Intern(name)
		if fn := vm.cachedClassLookup(cls, n); fn.K == heap.KRef && fn == vm.cachedClassLookup(dictT, n) {
			flags |= 1 << i
		}
	}
	return flags
}

// subDictOf returns the dict of o, an instance of a dict subclass whose
// class leaves every dunder of need to dict, and the dict's value (to
// mark it changed). ok is false for anything else.
func (vm *VM) subDictOf(o *heap.Instance, need uint8) (d *heap.Dict, dv Value, ok bool) {
	if o.Prim.K != heap.KRef || o.Class.K != heap.KRef {
		return nil, heap.Undef, false
	}
	d, isDict := vm.H.Get(o.Prim).(*heap.Dict)
	if !isDict {
		return nil, heap.Undef, false
	}
	e := vm.subDictClass(o.Class)
	return d, o.Prim, e.flags&need == need
}

// subDictClass is the cache entry of cls, a class whose instances have
// a primitive dict, filled for this epoch.
func (vm *VM) subDictClass(cls Value) *subDictEntry {
	e := &vm.subDicts[cls.N&uint64(len(vm.subDicts)-1)]
	if e.cls != cls || e.epoch != vm.epoch {
		*e = subDictEntry{cls: cls, epoch: vm.epoch, flags: vm.subDictFlags(cls)}
		if m := vm.cachedClassLookup(cls, vm.Intern("__missing__")); vm.isPyFunc(m) {
			e.missing = m
		}
	}
	return e
}

// subDictSubscr is BINARY_SUBSCR's obj[key] for an instance of a dict
// subclass that leaves __getitem__ to dict and a key (an int or exact
// str) looked up without running code: a hit pushes the value; a miss
// pushes the frame of the class's __missing__ when that is a plain
// Python function, whose return is the result, as dict's __getitem__
// would call it. handled is false, with nothing done, otherwise (a miss
// without such a __missing__ raises on the general path).
func (vm *VM) subDictSubscr(f *heap.Frame, obj Value, o *heap.Instance, key Value) (handled bool, err error) {
	d, _, ok := vm.subDictOf(o, subDictGet)
	if !ok {
		return false, nil
	}
	i, ok := vm.plainLookup(d, key)
	switch {
	case !ok:
		return false, nil
	case i >= 0:
		push(f, d.Entries[i].Val)
		return true, nil
	}
	m := vm.subDictClass(o.Class).missing
	if m.K == heap.KUndef {
		return false, nil
	}
	return true, vm.pushPyCall(m, []Value{obj, key}, heap.RetPush, 0, heap.Undef, heap.Undef)
}

// subDictSet is obj[key] = v for o, an instance of a dict subclass that
// leaves __setitem__ to dict, as dictSetPlain: done is false, with
// nothing changed, unless key's lookup runs no code.
func (vm *VM) subDictSet(o *heap.Instance, key, v Value) (done bool, err error) {
	d, dv, ok := vm.subDictOf(o, subDictSet)
	if !ok {
		return false, nil
	}
	done, err = vm.dictSetPlain(d, key, v)
	if done {
		vm.H.Touch(dv)
	}
	return done, err
}

// subDictContains is key in obj for o, an instance of a dict subclass that
// leaves __contains__ to dict, when key's lookup runs no code.
func (vm *VM) subDictContains(o *heap.Instance, key Value) (found, ok bool) {
	d, _, ok := vm.subDictOf(o, subDictContains)
	if !ok {
		return false, false
	}
	i, ok := vm.plainLookup(d, key)
	if !ok {
		return false, false
	}
	return i >= 0, true
}

// plainLookup is the index of key in d (-1 if absent) when the lookup
// runs no code (plainKeyHash/plainKeyEq; ints and exact strs in one
// pass, by dictFind); ok is false otherwise.
func (vm *VM) plainLookup(d *heap.Dict, key Value) (i int, ok bool) {
	if i, _, known := vm.dictFind(d, key); known {
		return i, true
	}
	h, ok := vm.plainKeyHash(key)
	if !ok {
		return -1, false
	}
	i, err := d.Lookup(key, h, vm.plainKeyEq)
	if err != nil {
		return -1, false
	}
	return i, true
}
