package vm

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
)

// Value re-exports heap.Value for brevity inside the package.
type Value = heap.Value

// Limits bound a run. Zero means unlimited (except MaxRecursion, whose
// zero value means the default of 1000).
type Limits struct {
	MaxDuration    int64 // nanoseconds of run time
	MaxMemory      int64 // bytes
	MaxAllocations int64
	MaxRecursion   int
	MaxOutput      int64 // bytes written to stdout and stderr
}

// Clock returns monotonic nanoseconds. The host supplies it; sandboxed
// code never reads a clock directly.
type Clock func() int64

// VM is one interpreter instance: a heap, a frame stack and the builtin
// world. It is not safe for concurrent use.
type VM struct {
	H *heap.Heap

	// sliceTmp is the list slice temporaries are made in (see
	// sliceScratch in slice.go).
	sliceTmp sliceScratch

	frames []*heap.Frame

	// Builtins is the builtins module's dict.
	Builtins Value
	// Types holds the builtin classes, by TypeID. It is never written
	// after the world is built, so the VMs cloned from the template (or
	// loaded with its world) share the template's table.
	Types *[NumTypes]Value
	// Modules maps module names to module objects (sys.modules).
	Modules Value

	interned map[string]Value
	// sharedInterned are the template's interned strs, read-only and
	// shared by every VM cloned from it.
	sharedInterned map[string]Value
	// handled is the exception currently being handled (sys.exc_info()).
	handled Value

	Limits   Limits
	Clock    Clock
	deadline int64
	// TimeUsed accumulates run time across suspensions and restores.
	TimeUsed int64
	runStart int64
	steps    uint32
	// PreemptAt, when non-zero, is a Clock reading past which a run pauses
	// at the next safe point (a backward jump or a frame switch, outside
	// nested runs) with a SuspendPreempt suspension: a step budget.
	PreemptAt  int64
	preemptDue bool

	// Output receives print() output; stream is "stdout" or "stderr".
	Output      func(stream, text string)
	OutputBytes int64
	// PanicLog, when set, receives the Go stack of every panic the VM
	// turned into a SystemError (see panics.go).
	PanicLog PanicLog

	// Host is consulted for host functions and undefined names.
	Host Host
	// FS serves the mounts of the current feed (nil: none).
	FS FS
	// genScanClean: no generator suspended inside a try or with block
	// exists, so CloseUnreachableGenerators has nothing to look for.
	genScanClean bool

	nested     int // depth of nested Go-driven runs
	cache      map[cacheKey]Value
	codeCache  map[*compile.Code]Value
	pending    *Suspension
	emptyTuple Value
	// tailOK lets a builtin deliver its result through a pushed frame
	// (tailRet says how); set while the eval loop calls a builtin.
	tailOK   bool
	tailRet  heap.RetKind
	tailName string // the builtin being called, so only it may tail-call
	// frameBase offsets the recursion limit for nested runs of the host.
	frameBase  int
	genResult  Value
	nextCallID int64
	// epoch changes whenever a class changes or the heap is collected;
	// instruction-site attribute caches are valid only within one epoch.
	epoch uint32
	// asciiStrs caches the interned one-character ASCII strs (see
	// asciiStr), ctorNames the names callClass looks up. VMs cloned
	// from a sealed template share the template's table, which it
	// filled before sealing: its entries stay valid in every clone
	// (base strs are never freed or replaced), so no clone writes it.
	asciiStrs *[128]Value
	// emptyStr remembers the interned "" (see internAt; formatRun).
	emptyStr Value
	// strc holds the str methods' Go-only caches (see strCaches).
	strc strCaches
	// intStrs remembers the strs of the small ints (see intStr); made on
	// first use, so a session that never converts an int pays nothing.
	intStrs   *[smallIntStrs]Value
	ctorNames [numCtorNames]Value
	amber     amberFuncs // see amberFunc
	// framePool recycles frames of finished calls.
	framePool []*heap.Frame
	// argArena holds the arguments of builtin calls in progress, argTop
	// being its first free slot (see callScratch).
	argArena []Value
	argTop   int
	// opRoots hold the operands of the operation in progress at the top
	// level, and safeAllocs one more than the heap's allocation count
	// when it started (0 outside one): while nothing has been allocated
	// since, reserve may collect (see collectForReserve).
	opRoots    [2]Value
	safeAllocs int64
	// bigTemps is the state of computing big-int results into their
	// operands' objects (see bigtemp.go).
	bigTemps bigTemps
	// churnCheck is the heap's Churn at which checkLimits next looks at
	// the limits whatever the step count.
	churnCheck int64
	// quietChurn is the heap's Churn when quietCheckpoint last found
	// nothing due without a memory limit: until the Churn moves, a
	// backward jump that is not a 256th step need not call it (-1, set
	// by enforceLimits, matches no Churn). Not persisted: a fresh VM's 0
	// matches only a heap that has allocated nothing.
	quietChurn int64
	// pctFormat and pctPieces are the last str % format parsed.
	pctFormat string
	pctPieces []pyfmt.PercentPiece
	// fmtFormat and fmtPieces are the last str.format format parsed.
	fmtFormat string
	fmtPieces []pyfmt.Piece
	// specs remembers the last parsed format specs (see parseSpec).
	specs     [4]specMemo
	specsNext int
	// collectAsked is set by gc.collect(): the collection runs at the
	// next instruction boundary (settle). weakDead holds the cleared weak
	// references whose callbacks gc.collect() has yet to call (see
	// weak.go); they are roots until then.
	collectAsked bool
	weakDead     []Value
	// recursionCeiling is the host's recursion limit, which
	// sys.setrecursionlimit cannot exceed.
	recursionCeiling int
	// ExtraRoots are values the embedding session keeps alive.
	ExtraRoots   []Value
	pendingThrow error
	buildClassFn Value
	Filename     string
	// reprActive holds the containers whose repr is in progress.
	reprActive map[heap.Handle]bool
	// intMaxDigits is sys.set_int_max_str_digits' value: 0 for the
	// default, -1 for no limit (see intdigits.go).
	intMaxDigits int
	// cdepth is the depth of Go recursion over Python data (depth.go),
	// cwalk counts its steps.
	cdepth     int
	cwalk      uint32
	walkBudget int64
	// snap is the dump state: the last manifest and the session's meta.
	snap snapState
	// base is the registry of pre-built modules (modbase.go); bound says
	// which of them this VM bound, priv which base handles it privatized
	// or found immutable. rec is set while the template imports.
	base  *moduleBase
	bound []bool
	priv  []uint64
	rec   *importRecorder
	// subDicts caches which item dunders dict subclasses leave to dict
	// (see subDictOf), by class handle. (Last, so that it moves no
	// other field.)
	subDicts [4]subDictEntry
	// dunderName is the interned "__name__" (Undef until first needed),
	// which every function definition looks up in its globals.
	dunderName Value
	// boxes24 holds the rest of the block strBuf hands small strs out
	// of (Go memory only: nothing of it is session state).
	boxes24 []strBox24
}

// Host is what the embedding program provides.
type Host interface {
	// IsHostFunction reports whether name is a host function.
	IsHostFunction(name string) bool
	// LookupName is asked for an undefined global name; ok=false means
	// NameError. Returning suspend=true pauses the run with a NameLookup.
	LookupName(name string) (suspend bool)
}

// Exception is a Python exception travelling through Go code.
type Exception struct {
	Value Value // the exception instance
	vm    *VM
	// reraised marks a re-raise, which adds no traceback entry.
	reraised bool
	// thrown holds the arguments of the generator.throw() that made
	// this exception, as given: a sub-iterator's own throw method gets
	// them unnormalized, as in CPython.
	thrown []Value
}

func (e *Exception) Error() string {
	return e.vm.ExcString(e.Value)
}

// Fatal is an error that sandboxed code cannot catch: a limit was
// exceeded or the VM itself failed. It ends the run.
type Fatal struct {
	Kind string // "duration", "memory", "allocations", "output", "internal"
	Msg  string
}

func (f *Fatal) Error() string { return f.Msg }

// cacheKey caches method resolution on a class, invalidated by version.
type cacheKey struct {
	class heap.Handle
	name  heap.Handle
}

// New creates a VM with the builtin world set up.
//
// Building the builtin world (some two thousand objects) is the expensive
// part of a new VM, so it is built once per process as a template and each
// New clones it: immutable objects are shared, mutable ones copied.
func New() *VM {
	t := templateVM()
	ascii := t.asciiStrs
	if t.H.Floor() == 0 {
		// Unsealed, the template's strs may be collected in a clone and
		// their handles reused: each clone needs a table it can write.
		ascii = new([128]Value)
		*ascii = *t.asciiStrs
	}
	// The builtin types and their dicts are immutable to Python code
	// (see findSetter), so only the namespaces programs may change get
	// private copies (with a module base, also the __main__ module the
	// template made for every session).
	private := []heap.Handle{t.Builtins.H(), t.Modules.H()}
	if t.base != nil && len(t.base.private) > 0 {
		private = t.base.private
	}
	vm := &VM{
		asciiStrs:      ascii,
		H:              t.H.Clone(private...),
		Builtins:       t.Builtins,
		Types:          t.Types,
		Modules:        t.Modules,
		sharedInterned: t.interned,
		cache:          map[cacheKey]Value{},
		codeCache:      map[*compile.Code]Value{},
		Limits:         Limits{MaxRecursion: 1000},
		epoch:          1,
		// The template holds no generator that could need closing, so a
		// fresh session need not look for one before its first feed ends.
		genScanClean: t.genScanClean,
		emptyTuple:   t.emptyTuple,
		buildClassFn: t.buildClassFn,
		base:         t.base,
	}
	return vm
}

// templateVM returns the process's template, building it on first use:
// from the embedded base image when it is this build's (baseimage.go),
// else from scratch.
func templateVM() *VM {
	template.once.Do(func() {
		// built goes first, so that a DisableModuleBase racing with this
		// build either is seen below or reports that it came too late.
		template.built.Store(true)
		start := time.Now()
		var t *VM
		if !template.noModuleBase.Load() && !verifyModuleBase {
			var err error
			t, template.image, err = templateFromImage(embeddedImageBytes(), false)
			if err != nil && !errors.Is(err, errStaleImage) {
				// A broken binary: refuse to run on it.
				panic(fmt.Sprintf("vm: %v: rebuild the binary (go generate ./core/internal/vm)", err))
			}
		}
		if t == nil {
			t = buildTemplate(!template.noModuleBase.Load())
		}
		template.vm = t
		template.took = time.Since(start)
	})
	return template.vm
}

// TemplateFromImage reports whether this process's template came from
// the embedded base image (false: it was built from scratch).
func TemplateFromImage() bool {
	templateVM()
	return template.image != nil
}

var template struct {
	once         sync.Once
	vm           *VM
	took         time.Duration
	built        atomic.Bool
	noModuleBase atomic.Bool
	// image holds the pages of a template loaded from the base image.
	image *imagePages
}

// ErrTemplateBuilt is DisableModuleBase's error once the template exists.
var ErrTemplateBuilt = errors.New("the process already built its template")

// DisableModuleBase makes the process build its template without the
// module base: each import runs the module's body in the session, as if
// there were no base. It is for one-shot processes that neither dump nor
// load sessions shared with other processes (amber run): they skip the
// base's build at the first New. Dumps such a process makes name its own
// base image, so only a process built the same way loads them. It must
// be called before the first New or Load.
func DisableModuleBase() error {
	template.noModuleBase.Store(true)
	if template.built.Load() {
		return ErrTemplateBuilt
	}
	return nil
}

// TemplateBuildTime is how long this process took to build the template
// that New clones (the builtin world and the module base): a cost paid
// once per process, at its first New or Load.
func TemplateBuildTime() time.Duration {
	templateVM()
	return template.took
}

// newWorld builds a VM and its builtin world from scratch.
func newWorld() *VM {
	vm := &VM{
		H:        heap.New(),
		interned: make(map[string]Value, 1024), // the builtin world's names

		cache:     map[cacheKey]Value{},
		codeCache: map[*compile.Code]Value{},
		asciiStrs: new([128]Value),
		Types:     new([NumTypes]Value),
	}
	vm.Limits.MaxRecursion = 1000
	vm.epoch = 1
	vm.initTypes()
	vm.initBuiltins()
	return vm
}

// --- value construction -------------------------------------------------

// NewStr allocates a str.
func (vm *VM) NewStr(s string) Value {
	return vm.H.AllocStr(&heap.Str{S: s, N: -1})
}

// Intern returns the canonical str object for s (used for names).
func (vm *VM) Intern(s string) Value {
	if v, ok := vm.sharedInterned[s]; ok {
		return v
	}
	if v, ok := vm.interned[s]; ok {
		return v
	}
	v := vm.NewStr(s)
	if vm.interned == nil {
		// Made on first use: most feeds intern nothing the template did not.
		vm.interned = map[string]Value{}
	}
	vm.interned[s] = v
	return v
}

// NewList allocates a list that takes ownership of items.
func (vm *VM) NewList(items []Value) Value { return vm.H.Alloc(&heap.List{Items: items}) }

// NewTuple allocates a tuple that takes ownership of items.
func (vm *VM) NewTuple(items []Value) Value {
	if len(items) == 0 && vm.emptyTuple.K == heap.KRef {
		return vm.emptyTuple
	}
	return vm.H.Alloc(&heap.Tuple{Items: items})
}

// NewDict allocates an empty dict.
func (vm *VM) NewDict() Value { return vm.H.Alloc(&heap.Dict{}) }

// newDictFor allocates an empty dict with room for the n entries of a
// dict display, so that filling it does not grow it step by step. Large
// displays grow as usual, each step reserved.
func (vm *VM) newDictFor(n int) Value {
	if n == 0 || n > 16 {
		return vm.NewDict()
	}
	return vm.H.Alloc(heap.NewDictSized(n))
}

// NewSet allocates an empty set (or frozenset).
func (vm *VM) NewSet(frozen bool) Value { return vm.H.Alloc(&heap.Set{Frozen: frozen}) }

// NewBytes allocates bytes (or a bytearray if mutable).
func (vm *VM) NewBytes(b []byte, mutable bool) Value {
	return vm.H.Alloc(&heap.Bytes{B: b, Mutable: mutable})
}

// NewBigInt returns an int value for x, small when it fits.
func (vm *VM) NewBigInt(x *big.Int) Value {
	if x.IsInt64() {
		return heap.Int(x.Int64())
	}
	b := &heap.BigInt{}
	b.V.Set(x)
	return vm.H.Alloc(b)
}

// --- value access ---------------------------------------------------------

// StrOf returns the Go string of a str value (or of a str subclass instance).
func (vm *VM) StrOf(v Value) (string, bool) {
	if v.K != heap.KRef {
		return "", false
	}
	switch o := vm.H.Get(v).(type) {
	case *heap.Str:
		return o.S, true
	case *heap.Instance:
		if o.Prim.K == heap.KRef {
			if s, ok := vm.H.Get(o.Prim).(*heap.Str); ok {
				return s.S, true
			}
		}
	}
	return "", false
}

// MustStr returns the string of a value known to be a str.
func (vm *VM) MustStr(v Value) string {
	return vm.H.Get(v).(*heap.Str).S
}

// refObj returns the heap object of v; nil for an immediate.
func (vm *VM) refObj(v Value) heap.Object {
	if v.K != heap.KRef {
		return nil
	}
	return vm.H.Get(v)
}

// primObj returns the heap object behind v, unwrapping an instance of a
// subclass of a builtin type to the builtin value it holds (an instance
// without one stays itself); nil for an immediate. It is small enough to
// inline, and so are the ListOf family built on it.
func (vm *VM) primObj(v Value) heap.Object {
	if v.K != heap.KRef {
		return nil
	}
	o := vm.H.Get(v)
	if in, ok := o.(*heap.Instance); ok && in.Prim.K == heap.KRef {
		return vm.H.Get(in.Prim)
	}
	return o
}

// ListOf returns the list object behind v (unwrapping subclass instances).
func (vm *VM) ListOf(v Value) (l *heap.List, ok bool) { l, ok = vm.primObj(v).(*heap.List); return }

// TupleOf returns the tuple object behind v.
func (vm *VM) TupleOf(v Value) (t *heap.Tuple, ok bool) { t, ok = vm.primObj(v).(*heap.Tuple); return }

// DictOf returns the dict object behind v.
func (vm *VM) DictOf(v Value) (d *heap.Dict, ok bool) { d, ok = vm.primObj(v).(*heap.Dict); return }

// SetOf returns the set object behind v.
func (vm *VM) SetOf(v Value) (s *heap.Set, ok bool) { s, ok = vm.primObj(v).(*heap.Set); return }

// BytesOf returns the bytes object behind v.
func (vm *VM) BytesOf(v Value) (b *heap.Bytes, ok bool) { b, ok = vm.refObj(v).(*heap.Bytes); return }

// Prim unwraps an instance of a builtin subclass to its builtin value.
func (vm *VM) Prim(v Value) Value {
	if v.K == heap.KRef {
		if o, ok := vm.H.Get(v).(*heap.Instance); ok && o.Prim.K != heap.KUndef {
			return o.Prim
		}
	}
	return v
}

// BigOf returns v as a big.Int if it is an int (or bool).
func (vm *VM) BigOf(v Value) (*big.Int, bool) {
	switch v.K {
	case heap.KInt:
		return big.NewInt(v.I()), true
	case heap.KBool:
		return big.NewInt(int64(v.N)), true
	case heap.KRef:
		switch o := vm.H.Get(v).(type) {
		case *heap.BigInt:
			return &o.V, true
		case *heap.Instance:
			if o.Prim.K != heap.KUndef {
				return vm.BigOf(o.Prim)
			}
		}
	}
	return nil, false
}

// IsInt reports whether v is an int (including bool and big ints).
func (vm *VM) IsInt(v Value) bool {
	switch v.K {
	case heap.KInt, heap.KBool:
		return true
	case heap.KRef:
		_, ok := vm.H.Get(v).(*heap.BigInt)
		return ok
	}
	return false
}

// --- errors ----------------------------------------------------------------

// Errorf creates a Python exception of builtin type t with a formatted
// message and returns it as a Go error.
func (vm *VM) Errorf(t TypeID, format string, args ...any) error {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return &Exception{Value: vm.NewException(vm.Types[t], []Value{vm.NewStr(msg)}), vm: vm}
}

// ErrorArgs creates an exception of builtin type t with the given args.
func (vm *VM) ErrorArgs(t TypeID, args ...Value) error {
	return &Exception{Value: vm.NewException(vm.Types[t], args), vm: vm}
}

// NewException allocates an exception instance of class cls with args.
func (vm *VM) NewException(cls Value, args []Value) Value {
	return vm.H.Alloc(&heap.Instance{
		Class: cls,
		// args may be a caller's scratch (a builtin's a.Pos): keep a copy.
		Exc: &heap.ExcData{Args: vm.NewTuple(append([]Value(nil), args...)), Cause: heap.None, Context: heap.None},
	})
}

// ExcOf returns the exception data of an exception instance.
func (vm *VM) ExcOf(v Value) *heap.ExcData {
	if v.K != heap.KRef {
		return nil
	}
	if o, ok := vm.H.Get(v).(*heap.Instance); ok {
		return o.Exc
	}
	return nil
}

// ExcString renders "Type: message" for an exception value.
func (vm *VM) ExcString(v Value) string {
	name := vm.TypeName(v)
	msg, err := vm.StrString(v)
	if err != nil {
		msg = "<exception str() failed>"
	}
	if msg == "" {
		return name
	}
	return name + ": " + msg
}

// TypeError is a shorthand for Errorf(TTypeError, ...).
func (vm *VM) TypeError(format string, args ...any) error {
	return vm.Errorf(TTypeError, format, args...)
}

// ValueError is a shorthand for Errorf(TValueError, ...).
func (vm *VM) ValueError(format string, args ...any) error {
	return vm.Errorf(TValueError, format, args...)
}

// IsInstanceOf reports whether the exception error err is an instance of t.
func (vm *VM) ErrIs(err error, t TypeID) bool {
	e, ok := err.(*Exception)
	return ok && vm.IsSubclass(vm.TypeOf(e.Value), vm.Types[t])
}

// --- names ----------------------------------------------------------------

// TypeName is type(v).__name__.
func (vm *VM) TypeName(v Value) string {
	c := vm.TypeOf(v)
	return vm.ClassName(c)
}

// ClassName is cls.__name__.
func (vm *VM) ClassName(cls Value) string {
	if c, ok := vm.H.Get(cls).(*heap.Class); ok {
		if s, ok := vm.StrOf(c.Name); ok {
			return s
		}
	}
	return "?"
}

// CallableName renders a callable's name for error messages ("f()").
func (vm *VM) CallableName(fn Value) string {
	if fn.K == heap.KRef {
		switch o := vm.H.Get(fn).(type) {
		case *heap.Function:
			return vm.MustStr(o.Qualname)
		case *heap.Builtin:
			return builtinDef(o.ID).Name
		case *heap.BoundMethod:
			return vm.CallableName(o.Func)
		case *heap.Class:
			return vm.ClassName(fn)
		}
	}
	return vm.TypeName(fn)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

var _ = strings.Builder{}
