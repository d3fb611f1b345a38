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

// subDictOf returns the dict of obj, an instance of a dict subclass
// whose class leaves every dunder of need to dict, and the dict's value
// (to mark it changed). ok is false for anything else.
func (vm *VM) subDictOf(obj Value, need uint8) (d *heap.Dict, dv Value, ok bool) {
	if obj.K != heap.KRef {
		return nil, heap.Undef, false
	}
	o, isInst := vm.H.Get(obj).(*heap.Instance)
	if !isInst || o.Prim.K != heap.KRef || o.Class.K != heap.KRef {
		return nil, heap.Undef, false
	}
	d, isDict := vm.H.Get(o.Prim).(*heap.Dict)
	if !isDict {
		return nil, heap.Undef, false
	}
	e := &vm.subDicts[o.Class.N&uint64(len(vm.subDicts)-1)]
	if e.cls != o.Class || e.epoch != vm.epoch {
		*e = subDictEntry{cls: o.Class, epoch: vm.epoch, flags: vm.subDictFlags(o.Class)}
	}
	return d, o.Prim, e.flags&need == need
}

// subDictGet is obj[key] for an instance of a dict subclass that leaves
// __getitem__ to dict, when key (an int or exact str) is found without
// running code. A miss is left to the general path, which calls the
// class's __missing__ if it has one.
func (vm *VM) subDictGet(obj, key Value) (Value, bool) {
	d, _, ok := vm.subDictOf(obj, subDictGet)
	if !ok {
		return heap.Undef, false
	}
	return vm.dictGetPlain(d, key)
}

// subDictSet is obj[key] = v for an instance of a dict subclass that
// leaves __setitem__ to dict, as dictSetPlain: done is false, with
// nothing changed, unless key's lookup runs no code.
func (vm *VM) subDictSet(obj, key, v Value) (done bool, err error) {
	d, dv, ok := vm.subDictOf(obj, subDictSet)
	if !ok {
		return false, nil
	}
	done, err = vm.dictSetPlain(d, key, v)
	if done {
		vm.H.Touch(dv)
	}
	return done, err
}

// subDictContains is key in obj for an instance of a dict subclass that
// leaves __contains__ to dict, when key's lookup runs no code.
func (vm *VM) subDictContains(obj, key Value) (found, ok bool) {
	d, _, ok := vm.subDictOf(obj, subDictContains)
	if !ok {
		return false, false
	}
	h, ok := vm.plainKeyHash(key)
	if !ok {
		return false, false
	}
	i, err := d.Lookup(key, h, vm.plainKeyEq)
	if err != nil {
		return false, false
	}
	return i >= 0, true
}
