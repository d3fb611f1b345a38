package heap

import (
	"math/big"
	"unsafe"

	"github.com/amber-sandbox/amber/core/internal/compile"
)

// Object is anything stored in the heap. Refs calls visit for every Value
// the object holds, so the collector can trace it and the encoder can check
// it; Size is an estimate of the bytes it occupies, for the memory limit.
type Object interface {
	Refs(visit func(Value))
	Size() int
	// encode writes the object's tag and fields (see objcodec.go, where
	// each type also has its decoder, listed in decoders, and a check if
	// it can disagree with the rest of a loaded heap).
	encode(e *Encoder, hd Handle)
}

// Str is an immutable Python str. N caches the length in code points
// (-1 until computed); Hash caches the string hash (0 = not computed).
//
// Cat and Room are the interpreter's, never dumped: they let a loop of
// s += t append in place instead of copying s each time. Cat marks a str
// made by concatenation; Room is how many bytes past the end of S its Go
// buffer holds for the next concatenation onto it to write into. Only
// the longest str over a buffer has room (a concatenation into it takes
// the room over), so bytes that a str covers are never written again.
// Room counts in Size: the heap's count of memory includes it.
type Str struct {
	S     string
	N     int
	Hash  int64
	ASCII bool
	Cat   bool
	Room  uint32
}

func (*Str) Refs(func(Value)) {}
func (s *Str) Size() int      { return 40 + len(s.S) + int(s.Room) }

// Bytes is bytes (immutable) or bytearray (Mutable).
type Bytes struct {
	B       []byte
	Mutable bool
}

func (*Bytes) Refs(func(Value)) {}
func (b *Bytes) Size() int      { return 40 + len(b.B) }

// BigInt is an int that does not fit in an int64.
type BigInt struct {
	V big.Int
	// owner is the heap whose BigWords made it, which may reuse its
	// memory once its collector frees it (see bigpool.go); nil for the
	// rest.
	owner *Heap
}

func (*BigInt) Refs(func(Value)) {}
func (b *BigInt) Size() int      { return 48 + len(b.V.Bits())*8 }

// Complex is a complex number.
type Complex struct{ Re, Im float64 }

func (*Complex) Refs(func(Value)) {}
func (*Complex) Size() int        { return 32 }

// List is a Python list.
type List struct{ Items []Value }

func (l *List) Refs(visit func(Value)) { visitAll(l.Items, visit) }
func (l *List) Size() int              { return 40 + 16*cap(l.Items) }

// Tuple is a Python tuple.
type Tuple struct{ Items []Value }

func (t *Tuple) Refs(visit func(Value)) { visitAll(t.Items, visit) }
func (t *Tuple) Size() int              { return 40 + 16*len(t.Items) }

// Range is range(start, stop, step) with machine-sized bounds.
type Range struct{ Start, Stop, Step int64 }

func (*Range) Refs(func(Value)) {}
func (*Range) Size() int        { return 48 }

// Slice is slice(start, stop, step).
type Slice struct{ Start, Stop, Step Value }

func (s *Slice) Refs(visit func(Value)) { visit(s.Start); visit(s.Stop); visit(s.Step) }
func (*Slice) Size() int                { return 72 }

// Cell holds a variable shared between a function and its closures.
type Cell struct{ V Value }

func (c *Cell) Refs(visit func(Value)) { visit(c.V) }
func (*Cell) Size() int                { return 32 }

// CodeObj is compiled code placed in the heap, with its constants
// materialised as values.
type CodeObj struct {
	Code   *compile.Code
	Consts []Value
	// Sites are caches for the instructions that look names up
	// (LOAD_ATTR, LOAD_METHOD, STORE_ATTR, LOAD_GLOBAL); SiteIdx maps an
	// instruction to its site, -1 for the others. Derived, not persisted.
	Sites   []SiteCache
	SiteIdx []int32
	// SiteAt is each instruction's site in Sites, nil for the others:
	// the attribute hits' one load (and bounds check) where SiteIdx takes
	// two. Empty until Sites is made. Derived, not persisted.
	SiteAt []*SiteCache
	// KwMaps remember, for the keyword names of a few call sites, the
	// parameter each name binds. Derived, not persisted.
	KwMaps []KwMap
	// Simple is 1 + the number of positional arguments that a call binds
	// as they are (no defaults, keywords, *args, **kwargs, own cells,
	// not a generator), -1 when calls need binding, 0 until computed;
	// NLocals, NFixed and NSlots count its frames' fast locals, locals
	// and cells, and slots. Derived, not persisted.
	Simple  int32
	NLocals int32
	NFixed  int32
	NSlots  int32
	// Quick caches Code.Quickened(), one load nearer for the eval loop's
	// frame switch. Derived, not persisted.
	Quick *[]compile.Instr
	// FnName and FnQual are the interned name and qualified name that
	// MAKE_FUNCTION gives functions of this code. Derived, not persisted.
	FnName, FnQual Value
}

// KwMap is the binding plan of one call site: NPos positional values
// and the keyword names of its constant names tuple (known by the
// address of the first; nil for none). Slots holds the parameter slot
// each name binds and Fill, in order, the parameter slots that neither
// binds, to take defaults. Bad is set when the call cannot bind (a name
// that is no parameter or one already bound), so the general path
// raises the error. Only the code's parameters decide it, never the
// defaults, which binding reads from the function each time. The first
// NFillPos of Fill are positional parameters, the rest keyword-only
// ones; Hint[k] is where in the keyword-only defaults dict Fill[k]'s
// name was found last, a guess the lookup checks.
type KwMap struct {
	Names    *Value
	NPos     int32
	NFillPos int32
	Bad      bool
	Slots    []int32
	Fill     []int32
	Hint     []int32
}

// SiteWays is how many classes one instruction site remembers, so sites
// that see a few classes in turn (polymorphic code) still hit.
const SiteWays = 4

// SiteCache remembers what class lookups at one instruction found.
type SiteCache struct {
	Ways [SiteWays]SiteEntry
	Next uint8 // the way to replace next
	// For LOAD_GLOBAL: where the name was found, valid while the globals
	// dict is the same object (GDict, compared, never read) with the same
	// keys (GKeys) and the epoch is unchanged. GOwn says it was found in
	// the globals dict itself, at entry GIdx, which then shadows the
	// builtins; otherwise it is the builtins dict's (BDict, BKeys) entry
	// BIdx. For a global of its own, Global is the value read there as
	// of the dict's version GVer: while it holds it is returned as is,
	// and when only a value changed (a module's loop assigning its
	// globals keeps their keys) it is read again at the entry. A builtin
	// is always read at its entry.
	GOwn         bool
	GEpoch       uint32
	GDict, BDict *Dict
	GKeys, BKeys uint32
	GVer         uint32
	GIdx, BIdx   int32
	Global       Value
}

// siteKey is the head of a SiteEntry: its class and epoch, which the
// attribute sites' hits compare as one word (Find).
type siteKey struct {
	Class Handle
	Epoch uint32
}

// The head of a SiteEntry is a siteKey, read as one aligned word.
var (
	_ [unsafe.Offsetof(SiteEntry{}.Epoch) - unsafe.Sizeof(Handle(0))]struct{}
	_ [unsafe.Sizeof(Handle(0)) - unsafe.Offsetof(SiteEntry{}.Epoch)]struct{}
	_ [unsafe.Sizeof(siteKey{}) - 8]struct{}
	_ [8 - unsafe.Sizeof(siteKey{})]struct{}
	_ [unsafe.Alignof(SiteEntry{}) - 8]struct{}
	_ [SiteWays - 4]struct{} // Find looks at four ways
	_ [4 - SiteWays]struct{}
)

// Find is the way of s for the class at handle cls in the VM's cache
// epoch, or nil: the class and epoch of each way are compared as one word
// (siteKey, laid over the entry's first two fields), the four ways
// unrolled, which polymorphic sites (several classes in turn) scan at
// every access.
func (s *SiteCache) Find(cls Handle, epoch uint32) *SiteEntry {
	k := siteKey{cls, epoch}
	key := *(*uint64)(unsafe.Pointer(&k))
	w := &s.Ways
	switch key {
	case *(*uint64)(unsafe.Pointer(&w[0])):
		return &w[0]
	case *(*uint64)(unsafe.Pointer(&w[1])):
		return &w[1]
	case *(*uint64)(unsafe.Pointer(&w[2])):
		return &w[2]
	case *(*uint64)(unsafe.Pointer(&w[3])):
		return &w[3]
	}
	return nil
}

// SiteEntry is one class's lookup result, valid while the VM's class
// epoch is unchanged.
type SiteEntry struct {
	Class Handle
	Epoch uint32
	// Setattr is 0 if not computed yet, 1 if the class keeps object's
	// __setattr__, 2 if it overrides it.
	Setattr uint8
	// Getattr is the same for __getattr__: 1 if the class has none.
	Getattr uint8
	// Getattribute is 1 if the class keeps object's __getattribute__, 2
	// if it overrides it; DataDesc is 1 if Val is no data descriptor, 2
	// if it is one (0: not computed yet).
	Getattribute uint8
	DataDesc     uint8
	// For a property whose getter (LOAD_ATTR) or setter (STORE_ATTR) is
	// a plain accessor, `return self.NAME` or `self.NAME = v`: Acc is 1
	// if NAME (the str at AccName) may be read or written in the
	// instance dict without the accessor's frame, 2 if not (0: not
	// computed yet), and Slot is where NAME was last found (the site's
	// own name, a property, is never looked for in the dict).
	Acc uint8
	// Meth is 1 if Val is a plain Python function and the class keeps
	// object's __getattribute__ (LOAD_METHOD's common case), 2 if not
	// (0: not computed yet).
	Meth uint8
	// NameHash is the low 16 bits of the name's hash, set with Meth 1: a
	// filter for the scan proving the instance dict does not shadow it;
	// NameBloom is its BloomBits, for the dict's filter before the scan.
	NameHash  uint16
	NameBloom uint64
	// Slot is where the name was last found in an instance's dict:
	// instances of one class mostly add their attributes in one order,
	// so checking that entry first skips the hash probe.
	Slot    int32
	AccName Handle
	Val     Value
	// Want is the key that LOAD_ATTR's or STORE_ATTR's hit (instAttrHit,
	// storeAttrHit) may read or write at entry Slot of an instance's
	// dict, the class's answers for this name (the fields above) having
	// said it is a plain instance attribute: the site's name, or a plain
	// accessor's NAME (AccName). Undef until the miss path has seen that
	// (or for good, when it is not so).
	Want Value
}

func (c *CodeObj) Refs(visit func(Value)) { visitAll(c.Consts, visit) }
func (c *CodeObj) Size() int              { return 64 + 16*len(c.Consts) + 4*len(c.Code.Instrs) }

// Function is a Python function object.
type Function struct {
	Code        Value // CodeObj
	Globals     Value // Dict
	Name        Value // Str
	Qualname    Value // Str
	Defaults    []Value
	KwDefaults  Value // Dict or Undef
	Closure     []Value
	Dict        Value // Dict or Undef: function attributes
	Doc         Value
	Module      Value
	Annotations Value

	// C caches the CodeObj behind Code: calls skip the handle lookup.
	// Derived, not persisted; nil until first needed, and again when
	// __code__ is assigned.
	C *CodeObj
}

func (f *Function) Refs(visit func(Value)) {
	visit(f.Code)
	visit(f.Globals)
	visit(f.Name)
	visit(f.Qualname)
	visitAll(f.Defaults, visit)
	visit(f.KwDefaults)
	visitAll(f.Closure, visit)
	visit(f.Dict)
	visit(f.Doc)
	visit(f.Module)
	visit(f.Annotations)
}
func (f *Function) Size() int { return 160 + 16*(len(f.Defaults)+len(f.Closure)) }

// Builtin is a function implemented by the VM, identified by its index in
// the VM's builtin table (stable across builds of the same format version).
// Self is set for builtin methods bound to an object.
type Builtin struct {
	ID   int32
	Self Value
}

func (b *Builtin) Refs(visit func(Value)) { visit(b.Self) }
func (*Builtin) Size() int                { return 32 }

// BoundMethod is a function bound to an instance.
type BoundMethod struct{ Self, Func Value }

func (m *BoundMethod) Refs(visit func(Value)) { visit(m.Self); visit(m.Func) }
func (*BoundMethod) Size() int                { return 40 }

// Class is a Python class, builtin or user-defined.
type Class struct {
	Name     Value // Str
	Qualname Value // Str
	Bases    []Value
	MRO      []Value
	Dict     Value // Dict
	Meta     Value // metaclass, Undef for type
	// Builtin is the index of the builtin type this class is, or inherits
	// its instance layout from (0 = plain object).
	Builtin int32
	Flags   uint32
	// Version changes whenever the class or one of its bases is modified;
	// method caches key on it. Derived state, not persisted.
	Version uint32
	// Attrs is about how many attributes its instances get (the most a
	// dict of one outgrew, or 4 once one has any), so new instances come
	// with room for them (see NewInstance). Derived, not persisted.
	Attrs uint8
}

func (c *Class) Refs(visit func(Value)) {
	visit(c.Name)
	visit(c.Qualname)
	visitAll(c.Bases, visit)
	visitAll(c.MRO, visit)
	visit(c.Dict)
	visit(c.Meta)
}
func (c *Class) Size() int { return 120 + 16*(len(c.Bases)+len(c.MRO)) }

// Instance is an instance of a user-defined class (or of object). Prim
// holds the underlying builtin value when the class derives from a builtin
// such as list, dict, int or str. Exc is set for exception instances.
type Instance struct {
	Class Value
	Dict  Value // Dict or Undef
	Prim  Value
	Exc   *ExcData
	// D saves attribute accesses the handle lookup of Dict. While Dict
	// is a reference, D is nil or the *Dict at that handle (set only by
	// the VM when it makes the dict, so never for an instance that may
	// be shared with another heap); while Dict is Undef, D is nil or
	// room for the dict allocated with the instance (see NewInstance).
	// Derived, not persisted: copies and decoded instances have none.
	D *Dict
}

// instanceBlock4 and instanceBlock8 are an instance allocated together
// with its future dict and that dict's first entries: one allocation
// instead of three, and the attributes sit next to the instance.
type instanceBlock4 struct {
	inst Instance
	dict Dict
	ents [4]DictEntry
}

type instanceBlock8 struct {
	inst Instance
	dict Dict
	ents [8]DictEntry
}

// NewInstance returns a new instance of cls, not yet in the heap, with
// room for a dict of about n attributes in its own allocation (n <= 0:
// no room; the dict is made when needed).
func NewInstance(cls Value, n int) *Instance {
	switch {
	case n <= 0 || n > 8:
		return &Instance{Class: cls, Prim: Undef}
	case n <= 4:
		b := &instanceBlock4{inst: Instance{Class: cls, Prim: Undef}}
		b.dict.Entries = b.ents[:0]
		b.inst.D = &b.dict
		return &b.inst
	default:
		b := &instanceBlock8{inst: Instance{Class: cls, Prim: Undef}}
		b.dict.Entries = b.ents[:0]
		b.inst.D = &b.dict
		return &b.inst
	}
}

// TakeDict returns an empty dict for o, which has none yet: the room
// allocated with it if there is some, else a new dict with room for n
// entries. The caller puts it in the heap and sets o.Dict and o.D.
func (o *Instance) TakeDict(n int) *Dict {
	if d := o.D; d != nil && o.Dict.K != KRef {
		o.D = nil
		return d
	}
	return &Dict{Entries: make([]DictEntry, 0, max(n, smallFirst))}
}

// ExcData is the state of a BaseException instance.
type ExcData struct {
	Args            Value // Tuple
	Cause           Value
	Context         Value
	SuppressContext bool
	Traceback       []TraceEntry
}

// TraceEntry is one line of a traceback: the code and the line in it.
type TraceEntry struct {
	Code Value // CodeObj
	Line int32
}

func (o *Instance) Refs(visit func(Value)) {
	visit(o.Class)
	visit(o.Dict)
	visit(o.Prim)
	if e := o.Exc; e != nil {
		visit(e.Args)
		visit(e.Cause)
		visit(e.Context)
		for _, t := range e.Traceback {
			visit(t.Code)
		}
	}
}
func (o *Instance) Size() int {
	if o.Exc != nil {
		return 120 + 24*len(o.Exc.Traceback)
	}
	return 56
}

// Module is an imported module.
type Module struct {
	Name Value
	Dict Value
}

func (m *Module) Refs(visit func(Value)) { visit(m.Name); visit(m.Dict) }
func (*Module) Size() int                { return 48 }

// Property is a property descriptor.
type Property struct{ Get, Set, Del, Doc Value }

func (p *Property) Refs(visit func(Value)) { visit(p.Get); visit(p.Set); visit(p.Del); visit(p.Doc) }
func (*Property) Size() int                { return 80 }

// ClassMethod and StaticMethod wrap a callable.
type ClassMethod struct{ F Value }

func (m *ClassMethod) Refs(visit func(Value)) { visit(m.F) }
func (*ClassMethod) Size() int                { return 32 }

type StaticMethod struct{ F Value }

func (m *StaticMethod) Refs(visit func(Value)) { visit(m.F) }
func (*StaticMethod) Size() int                { return 32 }

// Super is the object returned by super().
type Super struct{ Type, Obj, ObjType Value }

func (s *Super) Refs(visit func(Value)) { visit(s.Type); visit(s.Obj); visit(s.ObjType) }
func (*Super) Size() int                { return 64 }

// Iter is a builtin iterator. Kind says what it walks; Seq, A and B are
// its state (an index, a count, a second iterator ...), all plain data.
type Iter struct {
	Kind IterKind
	Seq  Value
	I    int64
	N    int64
	Step int64
	Vals []Value
}

// IterKind distinguishes builtin iterator types.
type IterKind uint8

const (
	IterList IterKind = iota
	IterTuple
	IterStr
	IterBytes
	IterRange
	IterDictKeys
	IterDictValues
	IterDictItems
	IterSet
	IterReversedList
	IterReversedSeq // via __len__/__getitem__ on a builtin sequence
	IterEnumerate   // Vals[0] = inner iterator, I = count
	IterZip         // Vals = inner iterators
	IterMap         // Seq = function, Vals = iterators
	IterFilter      // Seq = function or None, Vals[0] = iterator
	IterSeqProto    // old __getitem__ protocol: Seq = object, I = index
	IterCallable    // iter(callable, sentinel): Seq = callable, Vals[0] = sentinel
	IterDone
)

func (it *Iter) Refs(visit func(Value)) { visit(it.Seq); visitAll(it.Vals, visit) }
func (it *Iter) Size() int              { return 72 + 16*len(it.Vals) }

// DictView is dict.keys(), dict.values() or dict.items().
type DictView struct {
	Dict Value
	Kind IterKind
}

func (d *DictView) Refs(visit func(Value)) { visit(d.Dict) }
func (*DictView) Size() int                { return 32 }

// Generator is a generator, coroutine or async generator: a suspended frame.
type Generator struct {
	Frame   *Frame // nil once finished
	Kind    GenKind
	State   GenState
	Name    Value
	Qual    Value
	ExcSave Value // the handled-exception state saved while suspended
	// Awaiting is the object a coroutine is currently delegating to.
	Awaiting Value
}

// GenKind distinguishes generators, coroutines and async generators.
type GenKind uint8

const (
	GenGenerator GenKind = iota
	GenCoroutine
	GenAsyncGenerator
)

// GenState tracks a generator's life.
type GenState uint8

const (
	GenCreated GenState = iota
	GenSuspended
	GenRunning
	GenDone
)

func (g *Generator) Refs(visit func(Value)) {
	if g.Frame != nil {
		g.Frame.Refs(visit)
	}
	visit(g.Name)
	visit(g.Qual)
	visit(g.ExcSave)
	visit(g.Awaiting)
}
func (g *Generator) Size() int {
	if g.Frame != nil {
		return 64 + g.Frame.Size()
	}
	return 64
}

// HostObject stands for a Go value the host handed into the sandbox. The
// Go value is not persisted: after a restore the object is a proxy that
// refuses use, unless it is Remote (the host keeps it, and decides).
type HostObject struct {
	Name  string
	Index int32 // index in the host's table for this run; -1 after restore
	// ID is the object id the host sees in calls on the object.
	ID int64
	// Lazy lists the attributes whose reads the host answers.
	Lazy []string
	// Class marks a host class: calling it constructs an object.
	Class bool
	// Remote marks an object a client keeps by ID (the wire's {"$host": id}):
	// it stays callable across restores.
	Remote bool
}

func (*HostObject) Refs(func(Value)) {}
func (*HostObject) Size() int        { return 32 }

// Opaque is an object that a builtin module keeps (a compiled regex, a
// random generator state, a future ...). Kind names it; Vals and Data hold
// its state as plain data.
type Opaque struct {
	Kind string
	Vals []Value
	Data []byte
	Aux  any // derived cache, rebuilt from Data on demand; not persisted
}

func (o *Opaque) Refs(visit func(Value)) { visitAll(o.Vals, visit) }
func (o *Opaque) Size() int              { return 64 + 16*len(o.Vals) + len(o.Data) }

func visitAll(vs []Value, visit func(Value)) {
	for _, v := range vs {
		if v.K == KRef {
			visit(v)
		}
	}
}
