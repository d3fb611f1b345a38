package vm

// The tuple type: methods, constructor and hash.

import (
	"math"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

func (vm *VM) selfTuple(self Value, fname string) (*heap.Tuple, error) {
	t, ok := vm.TupleOf(self)
	if !ok {
		return nil, vm.TypeError("descriptor '%s' for 'tuple' objects doesn't apply to a '%s' object", fname, vm.TypeName(self))
	}
	return t, nil
}

func tupleIndexM(vm *VM, self Value, a Args) (Value, error) {
	t, err := vm.selfTuple(self, "index")
	if err != nil {
		return heap.Undef, err
	}
	return vm.seqIndexOfItem(func() []Value { return t.Items }, a, func(Value) error {
		return vm.ValueError("tuple.index(x): x not in tuple")
	})
}

func tupleCountM(vm *VM, self Value, a Args) (Value, error) {
	var value Value
	if err := vm.UnpackArgs("tuple.count", a, nil, 1, &value); err != nil {
		return heap.Undef, err
	}
	t, err := vm.selfTuple(self, "count")
	if err != nil {
		return heap.Undef, err
	}
	n, err := vm.countItems(func() []Value { return t.Items }, value)
	return heap.Int(n), err
}

func tupleHashM(vm *VM, self Value, a Args) (Value, error) {
	t, err := vm.selfTuple(self, "__hash__")
	if err != nil {
		return heap.Undef, err
	}
	h, err := vm.tupleHash(t.Items)
	return heap.Int(h), err
}

func init() {
	tupleDefs := []MethodDef{
		{Name: "index", Fn: tupleIndexM},
		{Name: "count", Fn: tupleCountM},
		{Name: "__len__", Fn: listLenM},
		{Name: "__getitem__", Fn: seqGetItemM},
		{Name: "__contains__", Fn: seqContainsM},
		{Name: "__add__", Fn: ctBinMethod(compile.BinAdd, "__add__", false)},
		{Name: "__mul__", Fn: ctBinMethod(compile.BinMul, "__mul__", false)},
		{Name: "__rmul__", Fn: ctBinMethod(compile.BinMul, "__rmul__", true)},
		{Name: "__hash__", Fn: tupleHashM},
		{Name: "__repr__", Fn: ctReprMethod},
	}
	AddMethods(TTuple, append(tupleDefs, ctComparisonDefs()...))
	RegisterConstructor(TTuple, seqCtor(TTuple, "tuple", "to_tuple", (*VM).NewTuple))
}

// tupleHash is CPython 3.11's xxHash-based tuple hash.
func (vm *VM) tupleHash(items []Value) (int64, error) {
	acc := xxPrime5
	for _, it := range items {
		h, err := vm.Hash(it)
		if err != nil {
			return 0, err
		}
		acc = tupleHashStep(acc, h)
	}
	return tupleHashEnd(acc, len(items)), nil
}

// tupleHashStep mixes an item's hash h into a tuple hash's accumulator
// (CPython's xxHash-based tuplehash; the accumulator starts at xxPrime5).
func tupleHashStep(acc uint64, h int64) uint64 {
	acc += uint64(h) * xxPrime2
	acc = acc<<31 | acc>>33
	return acc * xxPrime1
}

// tupleHashEnd is the hash of an n-item tuple whose items were mixed
// into acc.
func tupleHashEnd(acc uint64, n int) int64 {
	acc += uint64(n) ^ (xxPrime5 ^ 3527539)
	if acc == math.MaxUint64 {
		return 1546275796
	}
	return int64(acc)
}

const (
	xxPrime1 uint64 = 11400714785074694791
	xxPrime2 uint64 = 14029467366897019727
	xxPrime5 uint64 = 2870177450012600261
)

func ctShuffleBits(h uint64) uint64 {
	return ((h ^ 89869747) ^ (h << 16)) * 3644798167
}

// tuplePair is a two-item tuple together with its items, so that the
// pairs iterators make per step (enumerate, zip of two, dict items) cost
// one Go allocation rather than two. Tuples never change their items, so
// the slice over the inline array is never appended to or replaced.
type tuplePair struct {
	t     heap.Tuple
	items [2]Value
}

// newPair allocates the tuple (a, b).
func (vm *VM) newPair(a, b Value) Value {
	p := &tuplePair{items: [2]Value{a, b}}
	p.t.Items = p.items[:]
	return vm.H.Alloc(&p.t)
}

// reverseValues reverses vs in place: BUILD_TUPLE n then UNPACK_SEQUENCE
// n (compile.BUILD_TUPLE__UNPACK_SEQUENCE) leaves the n values so.
func reverseValues(vs []Value) {
	for i, j := 0, len(vs)-1; i < j; i, j = i+1, j-1 {
		vs[i], vs[j] = vs[j], vs[i]
	}
}

// unpackItems returns the items of v when it is an exact tuple or list of
// n items, the sequences UNPACK_SEQUENCE unpacks without iterating.
func (vm *VM) unpackItems(v Value, n int) ([]Value, bool) {
	if v.K != heap.KRef {
		return nil, false
	}
	var items []Value
	switch o := vm.H.Get(v).(type) {
	case *heap.Tuple:
		items = o.Items
	case *heap.List:
		items = o.Items
	}
	return items, len(items) == n
}

// unpackTree runs the UNPACK_SEQUENCE at pc and the nested unpacking into
// locals after it (compile.UNPACK_SEQUENCE__TREE, instrs the persisted
// code) as those instructions would, while each sequence to unpack is an
// exact tuple or list of the right length. It returns the pc of the first
// instruction not run, the unpacking's end or the UNPACK_SEQUENCE whose
// value needs the general path, and the stack pointer then.
func (vm *VM) unpackTree(slots []Value, instrs []compile.Instr, pc, sp int32) (int32, int32) {
	if end, ok := vm.unpackInto(slots, instrs, pc, slots[sp-1]); ok {
		sp--
		slots[sp] = Value{}
		return end, sp
	}
	// Some sequence needs the general path: the instructions run one
	// by one up to it, so that the stack holds what they leave. The
	// stores unpackInto made are made again, of the same values (no
	// code ran in between).
	return vm.unpackSteps(slots, instrs, pc, sp)
}

// unpackInto stores the items of v, unpacked by the UNPACK_SEQUENCE at
// pc, into the locals the STORE_FASTs after it name, following nested
// UNPACK_SEQUENCEs; it returns the pc after them. ok is false when some
// sequence is not an exact tuple or list of the right length.
func (vm *VM) unpackInto(slots []Value, instrs []compile.Instr, pc int32, v Value) (int32, bool) {
	items, ok := vm.unpackItems(v, instrs[pc].Arg())
	if !ok {
		return pc, false
	}
	pc++
	for _, item := range items {
		if in := instrs[pc]; in.Op() == compile.STORE_FAST {
			slots[in.Arg()] = item
			pc++
			continue
		}
		if pc, ok = vm.unpackInto(slots, instrs, pc, item); !ok {
			return pc, false
		}
	}
	return pc, true
}

// unpackSteps is unpackTree one instruction at a time, stopping at the
// first UNPACK_SEQUENCE whose value is not an exact tuple or list of the
// right length.
func (vm *VM) unpackSteps(slots []Value, instrs []compile.Instr, pc, sp int32) (int32, int32) {
	pending := 1
	for {
		in := instrs[pc]
		arg := in.Arg()
		switch in.Op() {
		case compile.UNPACK_SEQUENCE:
			items, ok := vm.unpackItems(slots[sp-1], arg)
			if !ok {
				return pc, sp
			}
			sp--
			for i := arg - 1; i >= 0; i-- {
				slots[sp] = items[i]
				sp++
			}
			pending += arg - 1
		case compile.STORE_FAST:
			sp--
			slots[arg] = slots[sp]
			slots[sp] = Value{}
			if pending--; pending == 0 {
				return pc + 1, sp
			}
		default:
			return pc, sp
		}
		pc++
	}
}
