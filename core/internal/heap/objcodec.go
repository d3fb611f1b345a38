package heap

// How each object type is written to a page, read back and validated,
// one section per type: its encode and check methods (part of the Object
// interface, so the compiler asks for them) and its decoder, listed by tag
// in decoders at the end. objtypes_test.go checks that every type is
// covered.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// --- Str ---

func (x *Str) encode(e *Encoder, hd Handle) {
	e.Byte(tagStr)
	e.Bool(e.Interned != nil && e.Interned(hd))
	e.String(x.S)
}

func decodeStr(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	if d.Bool() {
		l.Interned = append(l.Interned, hd)
	}
	if len(l.strs) == 0 {
		l.strs = make([]Str, 64)
	}
	o := &l.strs[0]
	l.strs = l.strs[1:]
	*o = Str{S: d.String(), N: -1}
	return o
}

func (x *Str) check(l *Loader, hd Handle) error { return nil }

// --- Bytes ---

func (x *Bytes) encode(e *Encoder, hd Handle) {
	e.Byte(tagBytes)
	e.Bool(x.Mutable)
	e.Bytes(x.B)
}

func decodeBytes(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	m := d.Bool()
	return &Bytes{Mutable: m, B: d.Bytes()}
}

func (x *Bytes) check(l *Loader, hd Handle) error { return nil }

// --- BigInt ---

func (x *BigInt) encode(e *Encoder, hd Handle) {
	e.Byte(tagBigInt)
	e.Bool(x.V.Sign() < 0)
	e.Bytes(x.V.Bytes())
}

func decodeBigInt(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	neg := d.Bool()
	b := &BigInt{}
	b.V.SetBytes(d.Raw(d.Count(1)))
	if neg {
		b.V.Neg(&b.V)
	}
	return b
}

func (x *BigInt) check(l *Loader, hd Handle) error { return nil }

// --- Complex ---

func (x *Complex) encode(e *Encoder, hd Handle) {
	e.Byte(tagComplex)
	e.B = binary.LittleEndian.AppendUint64(e.B, math.Float64bits(x.Re))
	e.B = binary.LittleEndian.AppendUint64(e.B, math.Float64bits(x.Im))
}

func decodeComplex(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &Complex{Re: d.Float(), Im: d.Float()}
}

func (x *Complex) check(l *Loader, hd Handle) error { return nil }

// --- List ---

func (x *List) encode(e *Encoder, hd Handle) {
	if len(x.Items) > SegmentLen {
		e.Byte(tagSegList)
		e.Uvarint(uint64(len(x.Items)))
	} else {
		e.Byte(tagList)
		e.Values(x.Items)
	}
}

func decodeList(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &List{Items: d.Values()}
}

func decodeSegList(l *Loader, d *Decoder, hd Handle, t byte) Object {
	n := d.Uvarint()
	if d.err == nil && (n <= SegmentLen || n > 1<<31) {
		d.Fail("segmented sequence of %d items", n)
		return nil
	}
	l.seqs[hd] = int(n)
	if t == tagSegList {
		return &List{}
	}
	return &Tuple{}
}

func (x *List) check(l *Loader, hd Handle) error { return nil }

// --- Tuple ---

func (x *Tuple) encode(e *Encoder, hd Handle) {
	if len(x.Items) > SegmentLen {
		e.Byte(tagSegTuple)
		e.Uvarint(uint64(len(x.Items)))
	} else {
		e.Byte(tagTuple)
		e.Values(x.Items)
	}
}

func decodeTuple(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &Tuple{Items: d.Values()}
}

func (x *Tuple) check(l *Loader, hd Handle) error { return nil }

// --- Range ---

func (x *Range) encode(e *Encoder, hd Handle) {
	e.Byte(tagRange)
	e.Varint(x.Start)
	e.Varint(x.Stop)
	e.Varint(x.Step)
}

func decodeRange(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	r := &Range{Start: d.Varint(), Stop: d.Varint(), Step: d.Varint()}
	if r.Step == 0 {
		d.Fail("range step 0")
	}
	return r
}

func (x *Range) check(l *Loader, hd Handle) error { return nil }

// --- Slice ---

func (x *Slice) encode(e *Encoder, hd Handle) {
	e.Byte(tagSlice)
	e.Value(x.Start)
	e.Value(x.Stop)
	e.Value(x.Step)
}

func decodeSlice(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &Slice{Start: d.Value(), Stop: d.Value(), Step: d.Value()}
}

func (x *Slice) check(l *Loader, hd Handle) error { return nil }

// --- Cell ---

func (x *Cell) encode(e *Encoder, hd Handle) {
	e.Byte(tagCell)
	e.Value(x.V)
}

func decodeCell(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &Cell{V: d.Value()}
}

func (x *Cell) check(l *Loader, hd Handle) error { return nil }

// --- CodeObj ---

func (x *CodeObj) encode(e *Encoder, hd Handle) {
	e.Byte(tagCode)
	e.code(x.Code)
	e.Values(x.Consts)
}

func decodeCode(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	c, nconsts := l.decodeCode(d)
	co := &CodeObj{Code: c, Consts: d.Values()}
	l.nconsts[hd] = nconsts
	return co
}

func (x *CodeObj) check(l *Loader, hd Handle) error {
	return l.checkCodeObj(hd, x)
}

// --- Function ---

func (x *Function) encode(e *Encoder, hd Handle) {
	e.Byte(tagFunction)
	e.Value(x.Code)
	e.Value(x.Globals)
	e.Value(x.Name)
	e.Value(x.Qualname)
	e.Values(x.Defaults)
	e.Value(x.KwDefaults)
	e.Values(x.Closure)
	e.Value(x.Dict)
	e.Value(x.Doc)
	e.Value(x.Module)
	e.Value(x.Annotations)
}

func decodeFunction(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	f := &Function{}
	f.Code = d.Value()
	f.Globals = d.Value()
	f.Name = d.Value()
	f.Qualname = d.Value()
	f.Defaults = d.Values()
	f.KwDefaults = d.Value()
	f.Closure = d.Values()
	f.Dict = d.Value()
	f.Doc = d.Value()
	f.Module = d.Value()
	f.Annotations = d.Value()
	return f
}

func (x *Function) check(l *Loader, hd Handle) error {
	objs := l.objs
	if !is[*CodeObj](objs, x.Code) || !is[*Dict](objs, x.Globals) || !is[*Str](objs, x.Name) || !is[*Str](objs, x.Qualname) {
		return errors.New("bad code, globals or name")
	}
	if !isOpt[*Dict](objs, x.KwDefaults) && x.KwDefaults.K != KNone || !isOpt[*Dict](objs, x.Dict) {
		return errors.New("bad kwdefaults or dict")
	}
	code := objs[x.Code.N].(*CodeObj).Code
	if len(x.Closure) != len(code.Freevars) {
		return fmt.Errorf("closure of %d cells for %d free variables", len(x.Closure), len(code.Freevars))
	}
	for _, c := range x.Closure {
		if !is[*Cell](objs, c) {
			return errors.New("closure item is no cell")
		}
	}
	return nil
}

// --- Builtin ---

func (x *Builtin) encode(e *Encoder, hd Handle) {
	e.Byte(tagBuiltin)
	var name string
	ok := false
	if e.Builtins != nil {
		name, ok = e.Builtins.BuiltinName(x.ID)
	}
	if !ok && e.err == nil {
		e.err = fmt.Errorf("heap: builtin %d has no name", x.ID)
	}
	e.String(name)
	e.Value(x.Self)
}

func decodeBuiltin(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	name := d.String()
	self := d.Value()
	if d.err != nil {
		return nil
	}
	var id int32
	ok := false
	if l.Builtins != nil {
		id, ok = l.Builtins.BuiltinID(name)
	}
	if !ok {
		d.Fail("unknown builtin %q", name)
		return nil
	}
	return &Builtin{ID: id, Self: self}
}

func (x *Builtin) check(l *Loader, hd Handle) error { return nil }

// --- BoundMethod ---

func (x *BoundMethod) encode(e *Encoder, hd Handle) {
	e.Byte(tagBoundMethod)
	e.Value(x.Self)
	e.Value(x.Func)
}

func decodeBoundMethod(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &BoundMethod{Self: d.Value(), Func: d.Value()}
}

func (x *BoundMethod) check(l *Loader, hd Handle) error { return nil }

// --- Class ---

func (x *Class) encode(e *Encoder, hd Handle) {
	e.Byte(tagClass)
	e.Value(x.Name)
	e.Value(x.Qualname)
	e.Values(x.Bases)
	e.Values(x.MRO)
	e.Value(x.Dict)
	e.Value(x.Meta)
	e.Varint(int64(x.Builtin))
	e.Uvarint(uint64(x.Flags))
}

func decodeClass(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	c := &Class{}
	c.Name = d.Value()
	c.Qualname = d.Value()
	c.Bases = d.Values()
	c.MRO = d.Values()
	c.Dict = d.Value()
	c.Meta = d.Value()
	c.Builtin = d.Int32()
	c.Flags = uint32(d.Small(math.MaxUint32))
	return c
}

func (x *Class) check(l *Loader, hd Handle) error {
	objs := l.objs
	if !is[*Str](objs, x.Name) || !isOpt[*Str](objs, x.Qualname) || !is[*Dict](objs, x.Dict) || !isOpt[*Class](objs, x.Meta) {
		return errors.New("bad name, dict or metaclass")
	}
	for _, b := range x.Bases {
		if !is[*Class](objs, b) {
			return errors.New("base is no class")
		}
	}
	for _, b := range x.MRO {
		if !is[*Class](objs, b) {
			return errors.New("MRO entry is no class")
		}
	}
	if x.Builtin < 0 || x.Builtin >= l.NumBuiltinTypes {
		return fmt.Errorf("builtin type %d out of range", x.Builtin)
	}
	return nil
}

// --- Instance ---

func (x *Instance) encode(e *Encoder, hd Handle) {
	e.Byte(tagInstance)
	e.Value(x.Class)
	e.Value(x.Dict)
	e.Value(x.Prim)
	if x.Exc == nil {
		e.Byte(0)
		return
	}
	e.Byte(1)
	e.Value(x.Exc.Args)
	e.Value(x.Exc.Cause)
	e.Value(x.Exc.Context)
	e.Bool(x.Exc.SuppressContext)
	e.Uvarint(uint64(len(x.Exc.Traceback)))
	for _, t := range x.Exc.Traceback {
		e.Value(t.Code)
		e.Varint(int64(t.Line))
	}
}

func decodeInstance(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	o := &Instance{Class: d.Value(), Dict: d.Value(), Prim: d.Value()}
	if d.Bool() {
		e := &ExcData{Args: d.Value(), Cause: d.Value(), Context: d.Value(), SuppressContext: d.Bool()}
		if n := d.Count(2); n > 0 {
			e.Traceback = make([]TraceEntry, n)
			for i := range e.Traceback {
				e.Traceback[i] = TraceEntry{Code: d.Value(), Line: d.Int32()}
			}
		}
		o.Exc = e
	}
	return o
}

func (x *Instance) check(l *Loader, hd Handle) error {
	objs := l.objs
	if !is[*Class](objs, x.Class) || !isOpt[*Dict](objs, x.Dict) {
		return errors.New("bad class or dict")
	}
	if e := x.Exc; e != nil {
		if !is[*Tuple](objs, e.Args) {
			return errors.New("exception args are no tuple")
		}
		for _, t := range e.Traceback {
			if !is[*CodeObj](objs, t.Code) {
				return errors.New("traceback entry has no code")
			}
		}
	}
	return nil
}

// --- Module ---

func (x *Module) encode(e *Encoder, hd Handle) {
	e.Byte(tagModule)
	e.Value(x.Name)
	e.Value(x.Dict)
}

func decodeModule(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &Module{Name: d.Value(), Dict: d.Value()}
}

func (x *Module) check(l *Loader, hd Handle) error {
	objs := l.objs
	if !is[*Dict](objs, x.Dict) {
		return errors.New("module dict is no dict")
	}
	return nil
}

// --- Property ---

func (x *Property) encode(e *Encoder, hd Handle) {
	e.Byte(tagProperty)
	e.Value(x.Get)
	e.Value(x.Set)
	e.Value(x.Del)
	e.Value(x.Doc)
}

func decodeProperty(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &Property{Get: d.Value(), Set: d.Value(), Del: d.Value(), Doc: d.Value()}
}

func (x *Property) check(l *Loader, hd Handle) error { return nil }

// --- ClassMethod ---

func (x *ClassMethod) encode(e *Encoder, hd Handle) {
	e.Byte(tagClassMethod)
	e.Value(x.F)
}

func decodeClassMethod(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &ClassMethod{F: d.Value()}
}

func (x *ClassMethod) check(l *Loader, hd Handle) error { return nil }

// --- StaticMethod ---

func (x *StaticMethod) encode(e *Encoder, hd Handle) {
	e.Byte(tagStaticMethod)
	e.Value(x.F)
}

func decodeStaticMethod(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &StaticMethod{F: d.Value()}
}

func (x *StaticMethod) check(l *Loader, hd Handle) error { return nil }

// --- Super ---

func (x *Super) encode(e *Encoder, hd Handle) {
	e.Byte(tagSuper)
	e.Value(x.Type)
	e.Value(x.Obj)
	e.Value(x.ObjType)
}

func decodeSuper(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &Super{Type: d.Value(), Obj: d.Value(), ObjType: d.Value()}
}

func (x *Super) check(l *Loader, hd Handle) error { return nil }

// --- Iter ---

func (x *Iter) encode(e *Encoder, hd Handle) {
	e.Byte(tagIter)
	e.Byte(byte(x.Kind))
	e.Value(x.Seq)
	e.Varint(x.I)
	e.Varint(x.N)
	e.Varint(x.Step)
	e.Values(x.Vals)
}

func decodeIter(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	it := &Iter{}
	k := d.Byte()
	if k > byte(IterDone) {
		d.Fail("unknown iterator kind %d", k)
	}
	it.Kind = IterKind(k)
	it.Seq = d.Value()
	it.I = d.Varint()
	it.N = d.Varint()
	it.Step = d.Varint()
	it.Vals = d.Values()
	return it
}

func (x *Iter) check(l *Loader, hd Handle) error {
	switch x.Kind {
	case IterEnumerate, IterFilter, IterCallable:
		if len(x.Vals) < 1 {
			return errors.New("iterator state too short")
		}
	}
	return nil
}

// --- DictView ---

func (x *DictView) encode(e *Encoder, hd Handle) {
	e.Byte(tagDictView)
	e.Value(x.Dict)
	e.Byte(byte(x.Kind))
}

func decodeDictView(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	v := &DictView{Dict: d.Value()}
	k := d.Byte()
	if k != byte(IterDictKeys) && k != byte(IterDictValues) && k != byte(IterDictItems) {
		d.Fail("bad dict view kind %d", k)
	}
	v.Kind = IterKind(k)
	return v
}

func (x *DictView) check(l *Loader, hd Handle) error { return nil }

// --- Generator ---

func (x *Generator) encode(e *Encoder, hd Handle) {
	e.Byte(tagGenerator)
	e.Byte(byte(x.Kind))
	e.Byte(byte(x.State))
	e.Value(x.Name)
	e.Value(x.Qual)
	e.Value(x.ExcSave)
	e.Value(x.Awaiting)
	if x.Frame == nil {
		e.Byte(0)
	} else {
		e.Byte(1)
		e.Frame(x.Frame)
	}
}

func decodeGenerator(l *Loader, d *Decoder, hd Handle, t byte) Object {
	g := &Generator{}
	k, s := d.Byte(), d.Byte()
	if k > byte(GenAsyncGenerator) || s > byte(GenDone) {
		d.Fail("bad generator kind/state %d/%d", k, s)
	}
	g.Kind, g.State = GenKind(k), GenState(s)
	g.Name = d.Value()
	g.Qual = d.Value()
	g.ExcSave = d.Value()
	g.Awaiting = d.Value()
	if d.Bool() {
		g.Frame = d.Frame(&l.Budget)
	}
	return g
}

func (x *Generator) check(l *Loader, hd Handle) error {
	objs := l.objs
	if x.Frame != nil {
		if err := CheckFrame(objs, x.Frame); err != nil {
			return err
		}
		if x.Frame.Gen != Ref(hd) {
			return errors.New("generator frame belongs to another generator")
		}
	}
	return nil
}

// --- HostObject ---

func (x *HostObject) encode(e *Encoder, hd Handle) {
	e.Byte(tagHostObject)
	e.String(x.Name)
	e.Varint(x.ID)
	e.Byte(boolByte(x.Class) | boolByte(x.Remote)<<1)
	e.Strings(x.Lazy)
}

func decodeHostObject(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	o := &HostObject{Name: d.String(), Index: -1, ID: d.Varint()}
	flags := d.Byte()
	if flags > 3 {
		d.Fail("bad host object flags %d", flags)
	}
	o.Class, o.Remote = flags&1 != 0, flags&2 != 0
	o.Lazy = d.Strings()
	return o
}

func (x *HostObject) check(l *Loader, hd Handle) error { return nil }

// --- Opaque ---

func (x *Opaque) encode(e *Encoder, hd Handle) {
	e.Byte(tagOpaque)
	e.String(x.Kind)
	e.Values(x.Vals)
	e.Bytes(x.Data)
}

func decodeOpaque(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	return &Opaque{Kind: d.String(), Vals: d.Values(), Data: d.Bytes()}
}

func (x *Opaque) check(l *Loader, hd Handle) error { return nil }

// --- Dict ---

func (x *Dict) encode(e *Encoder, hd Handle) {
	e.Byte(tagDict)
	// Deleted entries are kept (as Undef keys) so that the positions
	// live dict iterators hold stay valid.
	e.Uvarint(uint64(len(x.Entries)))
	for i := range x.Entries {
		en := &x.Entries[i]
		if en.Key.K == KUndef {
			e.Byte(valUndef)
			continue
		}
		e.Value(en.Key)
		e.Varint(en.Hash)
		e.Value(en.Val)
	}
}

func decodeDict(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	n := d.Count(1)
	x := &Dict{}
	if n > 0 {
		x.Entries = make([]DictEntry, n)
	}
	for i := 0; i < n && d.err == nil; i++ {
		k := d.Value()
		if k.K == KUndef {
			continue
		}
		x.Entries[i] = DictEntry{Key: k, Hash: d.Varint(), Val: d.Value()}
		x.Used++
	}
	x.buildIndex()
	return x
}

func (x *Dict) check(l *Loader, hd Handle) error { return nil }

// --- Set ---

func (x *Set) encode(e *Encoder, hd Handle) {
	e.Byte(tagSet)
	e.Bool(x.Frozen)
	e.Uvarint(uint64(x.Finger))
	e.Uvarint(uint64(len(x.Table)))
	for i := range x.Table {
		en := &x.Table[i]
		switch {
		case en.State == slotDummy:
			e.Byte(1)
		case en.Key.K == KUndef:
			e.Byte(0)
		default:
			e.Byte(2)
			e.Varint(en.Hash)
			e.Value(en.Key)
		}
	}
}

func decodeSet(l *Loader, d *Decoder, hd Handle, t byte) Object {
	s := &Set{Frozen: d.Bool()}
	finger := d.Uvarint()
	n := d.Count(1)
	if d.err == nil && n != 0 && (n < setMinSize || n&(n-1) != 0) {
		d.Fail("set table of %d slots", n)
		return nil
	}
	if d.err != nil {
		return nil
	}
	if finger > math.MaxInt32 {
		d.Fail("bad set finger")
	}
	s.Finger = int(finger)
	if n > 0 {
		s.Table = make([]SetEntry, n)
	}
	for i := 0; i < n && d.err == nil; i++ {
		switch st := d.Byte(); st {
		case 0:
		case 1:
			s.Table[i] = SetEntry{Hash: -1, State: slotDummy}
			s.Fill++
		case 2:
			h := d.Varint()
			k := d.Value()
			if k.K == KUndef {
				d.Fail("set key undef")
			}
			s.Table[i] = SetEntry{Hash: h, Key: k}
			s.Fill++
			s.Used++
		default:
			d.Fail("bad set slot state %d", st)
		}
	}
	if n > 0 && s.Fill >= n {
		d.Fail("set table has no empty slot")
	}
	return s
}

func (x *Set) check(l *Loader, hd Handle) error { return nil }

// decoders decode an object from its tag, which has been read.
var decoders = [numTags]func(l *Loader, d *Decoder, hd Handle, t byte) Object{
	tagStr:          decodeStr,
	tagBytes:        decodeBytes,
	tagBigInt:       decodeBigInt,
	tagComplex:      decodeComplex,
	tagList:         decodeList,
	tagTuple:        decodeTuple,
	tagSegList:      decodeSegList,
	tagSegTuple:     decodeSegList,
	tagRange:        decodeRange,
	tagSlice:        decodeSlice,
	tagCell:         decodeCell,
	tagCode:         decodeCode,
	tagFunction:     decodeFunction,
	tagBuiltin:      decodeBuiltin,
	tagBoundMethod:  decodeBoundMethod,
	tagClass:        decodeClass,
	tagInstance:     decodeInstance,
	tagModule:       decodeModule,
	tagProperty:     decodeProperty,
	tagClassMethod:  decodeClassMethod,
	tagStaticMethod: decodeStaticMethod,
	tagSuper:        decodeSuper,
	tagIter:         decodeIter,
	tagDictView:     decodeDictView,
	tagGenerator:    decodeGenerator,
	tagHostObject:   decodeHostObject,
	tagOpaque:       decodeOpaque,
	tagDict:         decodeDict,
	tagSet:          decodeSet,
}
