package heap

// How each object type is written to a page, read back and validated.
// Most types are a tag and then their fields: a type's fields method lists
// them once, in page order, and both directions follow from it (encode
// writes the tag and the fields, decodePlain reads them back). The types
// whose form needs more (interning, segments, tables, validation of kinds)
// have their own encode and decoder below. Every decoder is listed by tag
// in decoders at the end; a type that can be inconsistent with the rest
// of a loaded heap also has a check method. objtypes_test.go checks that
// every type is covered.

import (
	"errors"
	"fmt"
	"math"
)

// coder reads or writes fields: with e set it writes each field, with d
// set it reads each into place.
type coder struct {
	e *Encoder
	d *Decoder
}

// field writes or reads each of ps with put or get.
func field[T any](c coder, ps []*T, put func(*Encoder, T), get func(*Decoder) T) {
	for _, p := range ps {
		if c.e != nil {
			put(c.e, *p)
		} else {
			*p = get(c.d)
		}
	}
}

func (c coder) value(ps ...*Value)    { field(c, ps, (*Encoder).Value, (*Decoder).Value) }
func (c coder) values(ps ...*[]Value) { field(c, ps, (*Encoder).Values, (*Decoder).Values) }
func (c coder) varint(ps ...*int64)   { field(c, ps, (*Encoder).Varint, (*Decoder).Varint) }
func (c coder) float(ps ...*float64)  { field(c, ps, (*Encoder).Float, (*Decoder).Float) }
func (c coder) str(p *string)         { field(c, []*string{p}, (*Encoder).String, (*Decoder).String) }
func (c coder) bytes(p *[]byte)       { field(c, []*[]byte{p}, (*Encoder).Bytes, (*Decoder).Bytes) }
func (c coder) bool(p *bool)          { field(c, []*bool{p}, (*Encoder).Bool, (*Decoder).Bool) }

// int32 is a varint that must fit.
func (c coder) int32(p *int32) {
	field(c, []*int32{p}, func(e *Encoder, v int32) { e.Varint(int64(v)) }, (*Decoder).Int32)
}

// uint32 is a uvarint that must fit.
func (c coder) uint32(p *uint32) {
	field(c, []*uint32{p}, func(e *Encoder, v uint32) { e.Uvarint(uint64(v)) },
		func(d *Decoder) uint32 { return uint32(d.Small(math.MaxUint32)) })
}

// plainObject is an object type whose page form is its tag and then the
// fields its fields method lists.
type plainObject[T any] interface {
	*T
	Object
	fields(c coder)
}

func decodePlain[T any, P plainObject[T]](l *Loader, d *Decoder, hd Handle, _ byte) Object {
	x := P(new(T))
	x.fields(coder{d: d})
	return x
}

// checker is an object whose fields must agree with the loaded heap
// (their types, counts, owners); check says how they do not.
type checker interface {
	check(l *Loader, hd Handle) error
}

// --- the plain types: their fields, in page order ---

func (x *Bytes) fields(c coder)        { c.bool(&x.Mutable); c.bytes(&x.B) }
func (x *Complex) fields(c coder)      { c.float(&x.Re, &x.Im) }
func (x *Range) fields(c coder)        { c.varint(&x.Start, &x.Stop, &x.Step) }
func (x *Slice) fields(c coder)        { c.value(&x.Start, &x.Stop, &x.Step) }
func (x *Cell) fields(c coder)         { c.value(&x.V) }
func (x *BoundMethod) fields(c coder)  { c.value(&x.Self, &x.Func) }
func (x *Module) fields(c coder)       { c.value(&x.Name, &x.Dict) }
func (x *Property) fields(c coder)     { c.value(&x.Get, &x.Set, &x.Del, &x.Doc) }
func (x *ClassMethod) fields(c coder)  { c.value(&x.F) }
func (x *StaticMethod) fields(c coder) { c.value(&x.F) }
func (x *Super) fields(c coder)        { c.value(&x.Type, &x.Obj, &x.ObjType) }
func (x *Opaque) fields(c coder)       { c.str(&x.Kind); c.values(&x.Vals); c.bytes(&x.Data) }

func (x *Function) fields(c coder) {
	c.value(&x.Code, &x.Globals, &x.Name, &x.Qualname)
	c.values(&x.Defaults)
	c.value(&x.KwDefaults)
	c.values(&x.Closure)
	c.value(&x.Dict, &x.Doc, &x.Module, &x.Annotations)
}

func (x *Class) fields(c coder) {
	c.value(&x.Name, &x.Qualname)
	c.values(&x.Bases, &x.MRO)
	c.value(&x.Dict, &x.Meta)
	c.int32(&x.Builtin)
	c.uint32(&x.Flags)
}

// A plain type is written as its tag and then its fields.
func (x *Bytes) encode(e *Encoder, _ Handle)        { e.Byte(tagBytes); x.fields(coder{e: e}) }
func (x *Complex) encode(e *Encoder, _ Handle)      { e.Byte(tagComplex); x.fields(coder{e: e}) }
func (x *Range) encode(e *Encoder, _ Handle)        { e.Byte(tagRange); x.fields(coder{e: e}) }
func (x *Slice) encode(e *Encoder, _ Handle)        { e.Byte(tagSlice); x.fields(coder{e: e}) }
func (x *Cell) encode(e *Encoder, _ Handle)         { e.Byte(tagCell); x.fields(coder{e: e}) }
func (x *BoundMethod) encode(e *Encoder, _ Handle)  { e.Byte(tagBoundMethod); x.fields(coder{e: e}) }
func (x *Module) encode(e *Encoder, _ Handle)       { e.Byte(tagModule); x.fields(coder{e: e}) }
func (x *Property) encode(e *Encoder, _ Handle)     { e.Byte(tagProperty); x.fields(coder{e: e}) }
func (x *ClassMethod) encode(e *Encoder, _ Handle)  { e.Byte(tagClassMethod); x.fields(coder{e: e}) }
func (x *StaticMethod) encode(e *Encoder, _ Handle) { e.Byte(tagStaticMethod); x.fields(coder{e: e}) }
func (x *Super) encode(e *Encoder, _ Handle)        { e.Byte(tagSuper); x.fields(coder{e: e}) }
func (x *Opaque) encode(e *Encoder, _ Handle)       { e.Byte(tagOpaque); x.fields(coder{e: e}) }
func (x *Function) encode(e *Encoder, _ Handle)     { e.Byte(tagFunction); x.fields(coder{e: e}) }
func (x *Class) encode(e *Encoder, _ Handle)        { e.Byte(tagClass); x.fields(coder{e: e}) }

func decodeRange(l *Loader, d *Decoder, hd Handle, t byte) Object {
	r := decodePlain[Range](l, d, hd, t).(*Range)
	if r.Step == 0 {
		d.Fail("range step 0")
	}
	return r
}

// The checks of the plain types whose fields must agree with the heap.

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

func (x *Module) check(l *Loader, hd Handle) error {
	objs := l.objs
	if !is[*Dict](objs, x.Dict) {
		return errors.New("module dict is no dict")
	}
	return nil
}

// --- Str: the interned flag lets a loader rebuild the intern table ---

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

// --- BigInt: sign and magnitude ---

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

// --- List and Tuple: a long one is written in segments of its own ---

func (x *List) encode(e *Encoder, hd Handle)  { e.seq(tagList, tagSegList, x.Items) }
func (x *Tuple) encode(e *Encoder, hd Handle) { e.seq(tagTuple, tagSegTuple, x.Items) }

// seq writes a sequence's items after tag, or after segTag only its
// length when it is long enough to be segmented (see EncodeSegment).
func (e *Encoder) seq(tag, segTag byte, items []Value) {
	if len(items) > SegmentLen {
		e.Byte(segTag)
		e.Uvarint(uint64(len(items)))
	} else {
		e.Byte(tag)
		e.Values(items)
	}
}

func decodeList(l *Loader, d *Decoder, hd Handle, _ byte) Object  { return &List{Items: d.Values()} }
func decodeTuple(l *Loader, d *Decoder, hd Handle, _ byte) Object { return &Tuple{Items: d.Values()} }

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

// --- CodeObj: the code's tables, then its constants ---

func (x *CodeObj) encode(e *Encoder, hd Handle) {
	e.Byte(tagCode)
	e.code(x.Code)
	e.Values(x.Consts)
}

func decodeCode(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	c, nconsts := l.decodeCode(d)
	var co *CodeObj
	if d.slabs != nil {
		co = &carve(&d.slabs.codeObjs, 1, 64)[0]
	} else {
		co = &CodeObj{}
	}
	co.Code, co.Consts = c, d.Values()
	if d.err != nil {
		return nil
	}
	// The constants are the code's (nconsts), then its names'.
	if len(co.Consts) != nconsts+len(c.Names) {
		d.Fail("%d constants for %d consts and %d names", len(co.Consts), nconsts, len(c.Names))
		return nil
	}
	// Finish fills the table (Loader.codeConsts), sized here: its
	// length is bounded by the values just read.
	if nconsts == 0 {
		c.Consts = []any{}
	} else if d.slabs != nil {
		c.Consts = carve(&d.slabs.consts, nconsts, 1024)
	} else {
		c.Consts = make([]any, nconsts)
	}
	return co
}

func (x *CodeObj) check(l *Loader, hd Handle) error {
	return l.checkCodeObj(hd, x)
}

// --- Builtin: by name, so ids may change between builds ---

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

// --- Instance: its fields, then an exception's data if it is one ---

func (x *Instance) fields(c coder) { c.value(&x.Class, &x.Dict, &x.Prim) }

func (x *ExcData) fields(c coder) {
	c.value(&x.Args, &x.Cause, &x.Context)
	c.bool(&x.SuppressContext)
}

func (x *Instance) encode(e *Encoder, hd Handle) {
	e.Byte(tagInstance)
	x.fields(coder{e: e})
	if x.Exc == nil {
		e.Byte(0)
		return
	}
	e.Byte(1)
	x.Exc.fields(coder{e: e})
	e.Uvarint(uint64(len(x.Exc.Traceback)))
	for _, t := range x.Exc.Traceback {
		e.Value(t.Code)
		e.Varint(int64(t.Line))
	}
}

func decodeInstance(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	o := &Instance{}
	o.fields(coder{d: d})
	if d.Bool() {
		e := &ExcData{}
		e.fields(coder{d: d})
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

// --- Iter, DictView and Generator: a kind byte a loader must validate ---

func (x *Iter) fields(c coder) {
	c.value(&x.Seq)
	c.varint(&x.I, &x.N, &x.Step)
	c.values(&x.Vals)
}

func (x *Iter) encode(e *Encoder, hd Handle) {
	e.Byte(tagIter)
	e.Byte(byte(x.Kind))
	x.fields(coder{e: e})
}

func decodeIter(l *Loader, d *Decoder, hd Handle, _ byte) Object {
	it := &Iter{}
	k := d.Byte()
	if k > byte(IterDone) {
		d.Fail("unknown iterator kind %d", k)
	}
	it.Kind = IterKind(k)
	it.fields(coder{d: d})
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

func (x *Generator) fields(c coder) { c.value(&x.Name, &x.Qual, &x.ExcSave, &x.Awaiting) }

func (x *Generator) encode(e *Encoder, hd Handle) {
	e.Byte(tagGenerator)
	e.Byte(byte(x.Kind))
	e.Byte(byte(x.State))
	x.fields(coder{e: e})
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
	g.fields(coder{d: d})
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

// --- HostObject: its flags in one byte; the host's index is not kept ---

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

// --- Dict and Set: their tables as they are, slot by slot ---

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

// decoders decode an object from its tag, which has been read.
var decoders = [numTags]func(l *Loader, d *Decoder, hd Handle, t byte) Object{
	tagStr:          decodeStr,
	tagBytes:        decodePlain[Bytes],
	tagBigInt:       decodeBigInt,
	tagComplex:      decodePlain[Complex],
	tagList:         decodeList,
	tagTuple:        decodeTuple,
	tagSegList:      decodeSegList,
	tagSegTuple:     decodeSegList,
	tagRange:        decodeRange,
	tagSlice:        decodePlain[Slice],
	tagCell:         decodePlain[Cell],
	tagCode:         decodeCode,
	tagFunction:     decodePlain[Function],
	tagBuiltin:      decodeBuiltin,
	tagBoundMethod:  decodePlain[BoundMethod],
	tagClass:        decodePlain[Class],
	tagInstance:     decodeInstance,
	tagModule:       decodePlain[Module],
	tagProperty:     decodePlain[Property],
	tagClassMethod:  decodePlain[ClassMethod],
	tagStaticMethod: decodePlain[StaticMethod],
	tagSuper:        decodePlain[Super],
	tagIter:         decodeIter,
	tagDictView:     decodeDictView,
	tagGenerator:    decodeGenerator,
	tagHostObject:   decodeHostObject,
	tagOpaque:       decodePlain[Opaque],
	tagDict:         decodeDict,
	tagSet:          decodeSet,
	tagWeakRef:      decodePlain[WeakRef],
}
