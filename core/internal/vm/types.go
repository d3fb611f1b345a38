package vm

import (
	"reflect"
	"sort"
	"sync"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// TypeID names a builtin class.
type TypeID int32

const (
	TObject TypeID = iota
	TType
	TNoneType
	TBool
	TInt
	TFloat
	TComplex
	TStr
	TBytes
	TByteArray
	TList
	TTuple
	TDict
	TSet
	TFrozenSet
	TRange
	TSlice
	TFunction
	TBuiltinFunction
	TMethod
	TCell
	TCode
	TModule
	TProperty
	TClassMethod
	TStaticMethod
	TSuper
	TGenerator
	TCoroutine
	TAsyncGenerator
	TNotImplementedType
	TEllipsisType
	TDictKeys
	TDictValues
	TDictItems
	TListIterator
	TTupleIterator
	TStrIterator
	TBytesIterator
	TRangeIterator
	TDictKeyIterator
	TDictValueIterator
	TDictItemIterator
	TSetIterator
	TReversed
	TEnumerate
	TZip
	TMap
	TFilter
	TSeqIterator
	TCallableIterator
	THostObject
	TOpaque

	// Exceptions.
	TBaseException
	TSystemExit
	TKeyboardInterrupt
	TGeneratorExit
	TException
	TStopIteration
	TStopAsyncIteration
	TArithmeticError
	TFloatingPointError
	TOverflowError
	TZeroDivisionError
	TAssertionError
	TAttributeError
	TBufferError
	TEOFError
	TImportError
	TModuleNotFoundError
	TLookupError
	TIndexError
	TKeyError
	TMemoryError
	TNameError
	TUnboundLocalError
	TOSError
	TFileNotFoundError
	TFileExistsError
	TPermissionError
	TTimeoutError
	TIsADirectoryError
	TNotADirectoryError
	TConnectionError
	TReferenceError
	TRuntimeError
	TNotImplementedError
	TRecursionError
	TSyntaxError
	TIndentationError
	TTabError
	TSystemError
	TTypeError
	TValueError
	TUnicodeError
	TUnicodeDecodeError
	TUnicodeEncodeError
	TWarning
	TUserWarning
	TDeprecationWarning
	TRuntimeWarning
	TFutureWarning
	TPendingDeprecationWarning
	TSyntaxWarning
	TImportWarning
	TResourceWarning
	TBytesWarning
	TUnicodeWarning
	TEncodingWarning
	TBaseExceptionGroup
	TExceptionGroup
	NumTypes
)

type typeSpec struct {
	id   TypeID
	name string
	base TypeID
	// noSubclass marks types that cannot be subclassed.
	noSubclass bool
}

var typeSpecs = []typeSpec{
	{TObject, "object", -1, false},
	{TType, "type", TObject, false},
	{TNoneType, "NoneType", TObject, true},
	{TInt, "int", TObject, false},
	{TBool, "bool", TInt, true},
	{TFloat, "float", TObject, false},
	{TComplex, "complex", TObject, false},
	{TStr, "str", TObject, false},
	{TBytes, "bytes", TObject, false},
	{TByteArray, "bytearray", TObject, false},
	{TList, "list", TObject, false},
	{TTuple, "tuple", TObject, false},
	{TDict, "dict", TObject, false},
	{TSet, "set", TObject, false},
	{TFrozenSet, "frozenset", TObject, false},
	{TRange, "range", TObject, true},
	{TSlice, "slice", TObject, true},
	{TFunction, "function", TObject, true},
	{TBuiltinFunction, "builtin_function_or_method", TObject, true},
	{TMethod, "method", TObject, true},
	{TCell, "cell", TObject, true},
	{TCode, "code", TObject, true},
	{TModule, "module", TObject, false},
	{TProperty, "property", TObject, false},
	{TClassMethod, "classmethod", TObject, false},
	{TStaticMethod, "staticmethod", TObject, false},
	{TSuper, "super", TObject, false},
	{TGenerator, "generator", TObject, true},
	{TCoroutine, "coroutine", TObject, true},
	{TAsyncGenerator, "async_generator", TObject, true},
	{TNotImplementedType, "NotImplementedType", TObject, true},
	{TEllipsisType, "ellipsis", TObject, true},
	{TDictKeys, "dict_keys", TObject, true},
	{TDictValues, "dict_values", TObject, true},
	{TDictItems, "dict_items", TObject, true},
	{TListIterator, "list_iterator", TObject, true},
	{TTupleIterator, "tuple_iterator", TObject, true},
	{TStrIterator, "str_ascii_iterator", TObject, true},
	{TBytesIterator, "bytes_iterator", TObject, true},
	{TRangeIterator, "range_iterator", TObject, true},
	{TDictKeyIterator, "dict_keyiterator", TObject, true},
	{TDictValueIterator, "dict_valueiterator", TObject, true},
	{TDictItemIterator, "dict_itemiterator", TObject, true},
	{TSetIterator, "set_iterator", TObject, true},
	{TReversed, "reversed", TObject, false},
	{TEnumerate, "enumerate", TObject, false},
	{TZip, "zip", TObject, false},
	{TMap, "map", TObject, false},
	{TFilter, "filter", TObject, false},
	{TSeqIterator, "iterator", TObject, true},
	{TCallableIterator, "callable_iterator", TObject, true},
	{THostObject, "host_object", TObject, true},
	{TOpaque, "opaque", TObject, true},

	{TBaseException, "BaseException", TObject, false},
	{TSystemExit, "SystemExit", TBaseException, false},
	{TKeyboardInterrupt, "KeyboardInterrupt", TBaseException, false},
	{TGeneratorExit, "GeneratorExit", TBaseException, false},
	{TException, "Exception", TBaseException, false},
	{TStopIteration, "StopIteration", TException, false},
	{TStopAsyncIteration, "StopAsyncIteration", TException, false},
	{TArithmeticError, "ArithmeticError", TException, false},
	{TFloatingPointError, "FloatingPointError", TArithmeticError, false},
	{TOverflowError, "OverflowError", TArithmeticError, false},
	{TZeroDivisionError, "ZeroDivisionError", TArithmeticError, false},
	{TAssertionError, "AssertionError", TException, false},
	{TAttributeError, "AttributeError", TException, false},
	{TBufferError, "BufferError", TException, false},
	{TEOFError, "EOFError", TException, false},
	{TImportError, "ImportError", TException, false},
	{TModuleNotFoundError, "ModuleNotFoundError", TImportError, false},
	{TLookupError, "LookupError", TException, false},
	{TIndexError, "IndexError", TLookupError, false},
	{TKeyError, "KeyError", TLookupError, false},
	{TMemoryError, "MemoryError", TException, false},
	{TNameError, "NameError", TException, false},
	{TUnboundLocalError, "UnboundLocalError", TNameError, false},
	{TOSError, "OSError", TException, false},
	{TFileNotFoundError, "FileNotFoundError", TOSError, false},
	{TFileExistsError, "FileExistsError", TOSError, false},
	{TPermissionError, "PermissionError", TOSError, false},
	{TTimeoutError, "TimeoutError", TOSError, false},
	{TIsADirectoryError, "IsADirectoryError", TOSError, false},
	{TNotADirectoryError, "NotADirectoryError", TOSError, false},
	{TConnectionError, "ConnectionError", TOSError, false},
	{TReferenceError, "ReferenceError", TException, false},
	{TRuntimeError, "RuntimeError", TException, false},
	{TNotImplementedError, "NotImplementedError", TRuntimeError, false},
	{TRecursionError, "RecursionError", TRuntimeError, false},
	{TSyntaxError, "SyntaxError", TException, false},
	{TIndentationError, "IndentationError", TSyntaxError, false},
	{TTabError, "TabError", TIndentationError, false},
	{TSystemError, "SystemError", TException, false},
	{TTypeError, "TypeError", TException, false},
	{TValueError, "ValueError", TException, false},
	{TUnicodeError, "UnicodeError", TValueError, false},
	{TUnicodeDecodeError, "UnicodeDecodeError", TUnicodeError, false},
	{TUnicodeEncodeError, "UnicodeEncodeError", TUnicodeError, false},
	{TWarning, "Warning", TException, false},
	{TUserWarning, "UserWarning", TWarning, false},
	{TDeprecationWarning, "DeprecationWarning", TWarning, false},
	{TRuntimeWarning, "RuntimeWarning", TWarning, false},
	{TFutureWarning, "FutureWarning", TWarning, false},
	{TPendingDeprecationWarning, "PendingDeprecationWarning", TWarning, false},
	{TSyntaxWarning, "SyntaxWarning", TWarning, false},
	{TImportWarning, "ImportWarning", TWarning, false},
	{TResourceWarning, "ResourceWarning", TWarning, false},
	{TBytesWarning, "BytesWarning", TWarning, false},
	{TUnicodeWarning, "UnicodeWarning", TWarning, false},
	{TEncodingWarning, "EncodingWarning", TWarning, false},
	{TBaseExceptionGroup, "BaseExceptionGroup", TBaseException, false},
	{TExceptionGroup, "ExceptionGroup", TBaseExceptionGroup, false},
}

// Class flags.
const (
	ClassNoSubclass uint32 = 1 << iota
	ClassUser
	// ClassHasGetattr, ClassHasSetattr, ... are derived caches of whether a
	// user class overrides a hook; recomputed when the class changes.
)

func (vm *VM) initTypes() {
	vm.emptyTuple = vm.H.Alloc(&heap.Tuple{})
	for _, s := range typeSpecs {
		c := &heap.Class{
			Name:     vm.Intern(s.name),
			Qualname: vm.Intern(s.name),
			Dict:     vm.NewDict(),
			Builtin:  int32(s.id),
			Meta:     heap.Undef,
		}
		if s.noSubclass {
			c.Flags |= ClassNoSubclass
		}
		cv := vm.H.Alloc(c)
		vm.Types[s.id] = cv
		if s.base >= 0 {
			c.Bases = []Value{vm.Types[s.base]}
			base := vm.H.Get(vm.Types[s.base]).(*heap.Class)
			c.MRO = append([]Value{cv}, base.MRO...)
		} else {
			c.MRO = []Value{cv}
		}
		// Builtin exception classes inherit their layout from BaseException.
		if s.id >= TBaseException {
			c.Builtin = int32(TBaseException)
		}
	}
	for _, s := range typeSpecs {
		vm.setClassAttr(vm.Types[s.id], "__module__", vm.Intern("builtins"))
	}
	for _, m := range sortedMethodTables() {
		cls := vm.Types[m.typ]
		for _, d := range m.defs {
			id := registerMethod(typeSpecName(m.typ)+"."+d.Name, d.Fn, d.Kind, m.typ)
			var v Value
			bv := vm.H.Alloc(&heap.Builtin{ID: id})
			switch d.Kind {
			case KindClassMethod:
				v = vm.H.Alloc(&heap.ClassMethod{F: bv})
			case KindStaticMethod:
				v = vm.H.Alloc(&heap.StaticMethod{F: bv})
			case KindProperty:
				v = vm.H.Alloc(&heap.Property{Get: bv, Set: heap.None, Del: heap.None, Doc: heap.None})
			default:
				v = bv
			}
			vm.setClassAttr(cls, d.Name, v)
		}
	}
}

// TypeOf returns the class of v.
func (vm *VM) TypeOf(v Value) Value {
	switch v.K {
	case heap.KNone:
		return vm.Types[TNoneType]
	case heap.KBool:
		return vm.Types[TBool]
	case heap.KInt:
		return vm.Types[TInt]
	case heap.KFloat:
		return vm.Types[TFloat]
	case heap.KNotImplemented:
		return vm.Types[TNotImplementedType]
	case heap.KEllipsis:
		return vm.Types[TEllipsisType]
	case heap.KRef:
		switch o := vm.H.Get(v).(type) {
		case *heap.Instance:
			return o.Class
		case *heap.Class:
			if o.Meta.K == heap.KRef {
				return o.Meta
			}
			return vm.Types[TType]
		case *heap.Opaque:
			return vm.opaqueClass(o)
		default:
			return vm.Types[vm.typeIDOfObject(o)]
		}
	}
	return vm.Types[TObject]
}

func (vm *VM) typeIDOfObject(o heap.Object) TypeID {
	switch o := o.(type) {
	case *heap.Str:
		return TStr
	case *heap.List:
		return TList
	case *heap.Tuple:
		return TTuple
	case *heap.Dict:
		return TDict
	case *heap.Instance:
		return -1
	case *heap.BigInt:
		return TInt
	case *heap.Function:
		return TFunction
	case *heap.BoundMethod:
		return TMethod
	case *heap.Builtin:
		return TBuiltinFunction
	case *heap.Class:
		return -2
	case *heap.Set:
		if o.Frozen {
			return TFrozenSet
		}
		return TSet
	case *heap.Bytes:
		if o.Mutable {
			return TByteArray
		}
		return TBytes
	case *heap.Complex:
		return TComplex
	case *heap.Range:
		return TRange
	case *heap.Slice:
		return TSlice
	case *heap.Cell:
		return TCell
	case *heap.CodeObj:
		return TCode
	case *heap.Module:
		return TModule
	case *heap.Property:
		return TProperty
	case *heap.ClassMethod:
		return TClassMethod
	case *heap.StaticMethod:
		return TStaticMethod
	case *heap.Super:
		return TSuper
	case *heap.Generator:
		switch o.Kind {
		case heap.GenCoroutine:
			return TCoroutine
		case heap.GenAsyncGenerator:
			return TAsyncGenerator
		}
		return TGenerator
	case *heap.DictView:
		switch o.Kind {
		case heap.IterDictKeys:
			return TDictKeys
		case heap.IterDictValues:
			return TDictValues
		}
		return TDictItems
	case *heap.Iter:
		return iterTypes[o.Kind]
	case *heap.HostObject:
		return THostObject
	case *heap.Opaque:
		return -3
	}
	return TObject
}

var iterTypes = [...]TypeID{
	heap.IterList:         TListIterator,
	heap.IterTuple:        TTupleIterator,
	heap.IterStr:          TStrIterator,
	heap.IterBytes:        TBytesIterator,
	heap.IterRange:        TRangeIterator,
	heap.IterDictKeys:     TDictKeyIterator,
	heap.IterDictValues:   TDictValueIterator,
	heap.IterDictItems:    TDictItemIterator,
	heap.IterSet:          TSetIterator,
	heap.IterReversedList: TReversed,
	heap.IterReversedSeq:  TReversed,
	heap.IterEnumerate:    TEnumerate,
	heap.IterZip:          TZip,
	heap.IterMap:          TMap,
	heap.IterFilter:       TFilter,
	heap.IterSeqProto:     TSeqIterator,
	heap.IterCallable:     TCallableIterator,
	heap.IterDone:         TSeqIterator,
}

func typeSpecName(t TypeID) string {
	for _, s := range typeSpecs {
		if s.id == t {
			return s.name
		}
	}
	return "?"
}

// IsSubclass reports whether class a derives from class b.
func (vm *VM) IsSubclass(a, b Value) bool {
	if a == b {
		return true
	}
	ca, ok := vm.H.Get(a).(*heap.Class)
	if !ok {
		return false
	}
	for _, m := range ca.MRO {
		if m == b {
			return true
		}
	}
	return false
}

// IsInstance reports whether v is an instance of builtin type t.
func (vm *VM) IsInstance(v Value, t TypeID) bool {
	return vm.IsSubclass(vm.TypeOf(v), vm.Types[t])
}

// ClassOf returns the *heap.Class of cls.
func (vm *VM) ClassOf(cls Value) *heap.Class {
	c, _ := vm.H.Get(cls).(*heap.Class)
	return c
}

// setClassAttr stores name in a class dict.
func (vm *VM) setClassAttr(cls Value, name string, v Value) {
	c := vm.H.Get(cls).(*heap.Class)
	d := vm.H.Get(c.Dict).(*heap.Dict)
	k := vm.Intern(name)
	d.Set(k, v, vm.StrHash(k), vm.identityEq)
	vm.H.Touch(c.Dict)
	c.Version++
}

// LookupClass finds name along cls's MRO, returning Undef if absent.
func (vm *VM) LookupClass(cls Value, name Value) Value {
	c := vm.H.Get(cls).(*heap.Class)
	h := vm.StrHash(name)
	for _, m := range c.MRO {
		mc := vm.H.Get(m).(*heap.Class)
		d := vm.H.Get(mc.Dict).(*heap.Dict)
		if v, ok, _ := d.Get(name, h, vm.StrEq); ok {
			return v
		}
	}
	return heap.Undef
}

// LookupClassStr is LookupClass with a Go string name.
func (vm *VM) LookupClassStr(cls Value, name string) Value {
	return vm.LookupClass(cls, vm.Intern(name))
}

// --- builtin function table ---------------------------------------------------

// Args are the arguments of a call into a builtin: positional values, then
// keyword names and values.
type Args struct {
	Pos     []Value
	KwNames []string
	KwVals  []Value
}

// BuiltinFn implements a builtin function or method. self is the bound
// object for methods (Undef for plain functions).
type BuiltinFn func(vm *VM, self Value, a Args) (Value, error)

// BuiltinDef describes one builtin function or method.
type BuiltinDef struct {
	Name   string
	Fn     BuiltinFn
	Method bool
	Kind   MethodKind
	// Owner is the builtin type a method belongs to, -1 for functions.
	Owner TypeID
	// MinPos is how many positional arguments the call path checks for
	// before calling Fn (see arity.go); 0 leaves the checks to Fn.
	MinPos int8
}

// MethodKind says how a builtin sits in a class dict.
type MethodKind uint8

const (
	KindMethod MethodKind = iota
	KindClassMethod
	KindStaticMethod
	KindProperty
)

// The builtin registry holds every builtin function and method, in
// registration order. Dumps refer to builtins by name, so IDs only need to
// be stable within one process. Sessions in several goroutines share it:
// registration takes a lock, and entries live in fixed chunks that never
// move, so a reader holding an ID it was given needs no lock.
const builtinChunk = 256

var builtinReg struct {
	mu     sync.RWMutex
	chunks [1 << 12]*[builtinChunk]BuiltinDef
	n      int32
	byName map[string]int32
}

// builtinDef returns the builtin with the given ID.
func builtinDef(id int32) *BuiltinDef {
	return &builtinReg.chunks[id/builtinChunk][id%builtinChunk]
}

// builtinID finds a builtin by the name builtinName gives it. Module
// functions register when their module is first imported, so a dump made
// by a process that imported a module can name builtins this process has
// not registered yet: on a miss, every module is registered once.
func builtinID(name string) (int32, bool) {
	builtinReg.mu.RLock()
	id, ok := builtinReg.byName[name]
	builtinReg.mu.RUnlock()
	if ok {
		return id, true
	}
	registerAllModules()
	builtinReg.mu.RLock()
	defer builtinReg.mu.RUnlock()
	id, ok = builtinReg.byName[name]
	return id, ok
}

var allModules sync.Once

// registerAllModules imports every module into a scratch VM, which
// registers all their builtin functions in this process.
func registerAllModules() {
	allModules.Do(func() {
		names := make([]string, 0, len(moduleInits))
		for n := range moduleInits {
			names = append(names, n)
		}
		sort.Strings(names)
		scratch := New()
		for _, n := range names {
			scratch.Import(n) // a module that fails to build registers what it got to
		}
	})
}

// builtinName is the name a dump records for a builtin: its qualified
// name, or, for the rarer second builtin of the same name (a function and
// a method), the name with a suffix.
func builtinName(id int32) (string, bool) {
	builtinReg.mu.RLock()
	defer builtinReg.mu.RUnlock()
	if id < 0 || id >= builtinReg.n {
		return "", false
	}
	d := builtinDef(id)
	if builtinReg.byName[d.Name] == id {
		return d.Name, true
	}
	return d.Name + "\x00method", true
}

// mustBuiltinID returns the ID of a builtin registered at init time.
func mustBuiltinID(name string) int32 {
	id, ok := builtinID(name)
	if !ok {
		panic("vm: builtin " + name + " is not registered")
	}
	return id
}

func registerBuiltin(name string, fn BuiltinFn, method bool) int32 {
	return registerOwned(name, fn, method, -1, KindMethod)
}

// registerMethod registers a method of the builtin type owner, of the
// given kind; a plain method's receiver is checked against owner at
// every call (see checkSelf).
func registerMethod(name string, fn BuiltinFn, kind MethodKind, owner TypeID) int32 {
	return registerOwned(name, fn, kind != KindStaticMethod, owner, kind)
}

// registerOwned registers a builtin; owner is the builtin type whose
// method it is (-1 for functions). Registering the same name and kind
// again returns the existing ID.
func registerOwned(name string, fn BuiltinFn, method bool, owner TypeID, kind MethodKind) int32 {
	key := name
	builtinReg.mu.RLock()
	id, ok := builtinReg.byName[key]
	if ok && builtinDef(id).Method != method {
		key = name + "\x00method"
		id, ok = builtinReg.byName[key]
	}
	builtinReg.mu.RUnlock()
	if ok {
		sameFn(name, id, fn)
		return id
	}
	builtinReg.mu.Lock()
	defer builtinReg.mu.Unlock()
	if id, ok := builtinReg.byName[key]; ok {
		sameFn(name, id, fn)
		return id
	}
	if builtinReg.byName == nil {
		builtinReg.byName = map[string]int32{}
	}
	id = builtinReg.n
	c := id / builtinChunk
	if int(c) >= len(builtinReg.chunks) {
		panic("vm: too many builtins")
	}
	if builtinReg.chunks[c] == nil {
		builtinReg.chunks[c] = new([builtinChunk]BuiltinDef)
	}
	*builtinDef(id) = BuiltinDef{Name: name, Fn: fn, Method: method, Kind: kind, Owner: owner, MinPos: minPositional[name].n}
	builtinReg.byName[key] = id
	builtinReg.n++
	return id
}

// sameFn panics when a name already registered is registered again with
// other code: the registry keeps one function per name for the whole
// process, so the later one would be dropped without a word. Module
// functions must therefore not capture per-VM state (a test checks the
// function literals passed to ModuleFunc).
func sameFn(name string, id int32, fn BuiltinFn) {
	if fn == nil {
		return
	}
	if old := builtinDef(id).Fn; old != nil && reflect.ValueOf(old).Pointer() != reflect.ValueOf(fn).Pointer() {
		panic("vm: builtin " + name + " registered twice with different functions")
	}
}

// MethodDef declares a method of a builtin type.
type MethodDef struct {
	Name string
	Fn   BuiltinFn
	Kind MethodKind
}

type methodTable struct {
	typ  TypeID
	defs []MethodDef
}

var methodTables []methodTable

// sortedMethodTables orders the method tables by type, then by their first
// method's name, so the builtin world (and the base image's ID) does not
// depend on which file declares a table or on init order.
func sortedMethodTables() []methodTable {
	ts := append([]methodTable(nil), methodTables...)
	sort.Slice(ts, func(i, j int) bool {
		if ts[i].typ != ts[j].typ {
			return ts[i].typ < ts[j].typ
		}
		return ts[i].defs[0].Name < ts[j].defs[0].Name
	})
	for i := 1; i < len(ts); i++ {
		if ts[i].typ == ts[i-1].typ && ts[i].defs[0].Name == ts[i-1].defs[0].Name {
			panic("vm: two method tables of " + typeSpecName(ts[i].typ) + " start with " + ts[i].defs[0].Name)
		}
	}
	return ts
}

// AddMethods declares methods of a builtin type. Call it from an init
// function; the order of calls and of defs must be deterministic.
func AddMethods(t TypeID, defs []MethodDef) {
	methodTables = append(methodTables, methodTable{t, defs})
}
