package heap

// Page codec: how heap objects are written out and read back.
//
// A page is the objects of handles [p*PageSize, (p+1)*PageSize). Its blob is
//
//	uvarint nslots, then per slot: a type tag (0 = free slot) and the
//	object's fields.
//
// Integers are varints (signed ones zigzag), strings and byte strings are
// uvarint length + bytes, value lists are uvarint count + values. A Value
// is a tag byte (see the val* constants) and, for ints a zigzag varint, for
// floats 8 little-endian bytes, for references a uvarint handle.
//
// Caches are never written (Str length and hash, Class.Version, Dict's
// index, Frame.C, Opaque.Aux), and nothing is iterated in map order, so
// the same objects always give the same bytes.
//
// Lists and tuples longer than SegmentLen are written as a header in their
// page (tag, length) and their items as separate segment blobs of
// SegmentLen items each (EncodeSegment), so a change to one element
// re-encodes one segment, not the list.
//
// Decoding treats its input as hostile: every length is checked against
// the bytes left before anything is allocated, every tag and enum must be
// known, and Loader.Finish checks that every reference names a live object
// of the kind its field requires and that code and frames are well formed,
// since the eval loop trusts them.

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"

	"github.com/amber-sandbox/amber/core/internal/compile"
)

// ErrCorrupt is wrapped by every decoding error.
var ErrCorrupt = errors.New("corrupt heap data")

func corrupt(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
}

// Value tags.
const (
	valUndef byte = iota
	valNone
	valFalse
	valTrue
	valInt
	valFloat
	valRef
	valNotImplemented
	valEllipsis
)

// Object tags.
const (
	tagFree byte = iota
	tagStr
	tagBytes
	tagBigInt
	tagComplex
	tagList
	tagTuple
	tagRange
	tagSlice
	tagCell
	tagCode
	tagFunction
	tagBuiltin
	tagBoundMethod
	tagClass
	tagInstance
	tagModule
	tagProperty
	tagClassMethod
	tagStaticMethod
	tagSuper
	tagIter
	tagDictView
	tagGenerator
	tagHostObject
	tagOpaque
	tagDict
	tagSet
	tagSegList  // a list longer than SegmentLen: items in segments
	tagSegTuple // the same for a tuple
	numTags
)

// Builtins translates between builtin IDs (process-local) and their
// qualified names (what a dump stores).
type Builtins interface {
	BuiltinName(id int32) (string, bool)
	BuiltinID(name string) (int32, bool)
}

// --- encoder ---------------------------------------------------------------

// Encoder appends the encoding of values and objects to B.
type Encoder struct {
	B []byte
	// Builtins names builtin functions; required if the heap has any.
	Builtins Builtins
	// Interned reports whether the str at a handle is the VM's interned
	// copy; the flag is written so a loader can rebuild the intern table.
	Interned func(Handle) bool

	// Offs holds the slot offsets of the last EncodePage.
	Offs []int

	sources [][]string // source-line tables written in this page
	err     error
}

// Err is the first encoding error (an unknown object or builtin).
func (e *Encoder) Err() error { return e.err }

func (e *Encoder) Byte(b byte)      { e.B = append(e.B, b) }
func (e *Encoder) Uvarint(u uint64) { e.B = binary.AppendUvarint(e.B, u) }
func (e *Encoder) Varint(i int64)   { e.B = binary.AppendVarint(e.B, i) }
func (e *Encoder) Bytes(b []byte)   { e.Uvarint(uint64(len(b))); e.B = append(e.B, b...) }
func (e *Encoder) String(s string)  { e.Uvarint(uint64(len(s))); e.B = append(e.B, s...) }
func (e *Encoder) Bool(b bool)      { e.Byte(boolByte(b)) }
func (e *Encoder) Strings(s []string) {
	e.Uvarint(uint64(len(s)))
	for _, x := range s {
		e.String(x)
	}
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// Value appends v.
func (e *Encoder) Value(v Value) {
	switch v.K {
	case KUndef:
		e.Byte(valUndef)
	case KNone:
		e.Byte(valNone)
	case KBool:
		if v.N != 0 {
			e.Byte(valTrue)
		} else {
			e.Byte(valFalse)
		}
	case KInt:
		e.B = append(e.B, valInt)
		e.B = binary.AppendVarint(e.B, int64(v.N))
	case KFloat:
		e.B = append(e.B, valFloat)
		e.B = binary.LittleEndian.AppendUint64(e.B, v.N)
	case KRef:
		e.B = append(e.B, valRef)
		e.B = binary.AppendUvarint(e.B, v.N)
	case KNotImplemented:
		e.Byte(valNotImplemented)
	case KEllipsis:
		e.Byte(valEllipsis)
	default:
		if e.err == nil {
			e.err = fmt.Errorf("heap: cannot encode value kind %d", v.K)
		}
		e.Byte(valUndef)
	}
}

// Values appends a counted list of values.
func (e *Encoder) Values(vs []Value) {
	e.Uvarint(uint64(len(vs)))
	for _, v := range vs {
		e.Value(v)
	}
}

// BigSeq returns the items of o if it is a list or tuple long enough to be
// written in segments.
func BigSeq(o Object) ([]Value, bool) {
	switch x := o.(type) {
	case *List:
		if len(x.Items) > SegmentLen {
			return x.Items, true
		}
	case *Tuple:
		if len(x.Items) > SegmentLen {
			return x.Items, true
		}
	}
	return nil, false
}

// Segments is the number of segments of a sequence of n items.
func Segments(n int) int { return (n + SegmentLen - 1) / SegmentLen }

// EncodeSegment appends segment s of items.
func EncodeSegment(dst []byte, items []Value, s int) []byte {
	lo := s * SegmentLen
	hi := min(lo+SegmentLen, len(items))
	e := Encoder{B: dst}
	e.Values(items[lo:hi])
	return e.B
}

// Page modes: the first byte of a page blob.
const (
	pageFull  byte = 0 // every slot follows
	pageDelta byte = 1 // a bitmap of slots equal to the base page's, then the others
)

// EncodePage appends the encoding of objs, the slots of one page whose
// first handle is first. Offs receives the offset of each slot from the
// start of the page's bytes (and the end offset last).
func (e *Encoder) EncodePage(objs []Object, first Handle) {
	start := len(e.B)
	e.sources = e.sources[:0]
	e.Offs = e.Offs[:0]
	e.Byte(pageFull)
	e.Uvarint(uint64(len(objs)))
	for i, o := range objs {
		e.Offs = append(e.Offs, len(e.B)-start)
		e.Object(o, first+Handle(i))
	}
	e.Offs = append(e.Offs, len(e.B)-start)
}

// PageImage is a page's full encoding with its slot offsets: what a delta
// page is written against.
type PageImage struct {
	B    []byte
	Offs []int // Offs[i] is where slot i starts in B; the last is len(B)
}

func (img *PageImage) slot(i int) []byte { return img.B[img.Offs[i]:img.Offs[i+1]] }

// Delta rewrites a full page encoding (full, with slot offsets offs) as a
// delta against base when some slots are byte-identical to base's: the
// result lists only the slots that differ. Code objects are never taken
// from the base (their source tables are page-relative). It returns full
// unchanged when nothing is shared.
func Delta(full []byte, offs []int, base *PageImage) []byte {
	nslots := len(offs) - 1
	n := min(nslots, len(base.Offs)-1)
	bits := make([]byte, (n+7)/8)
	shared := 0
	for i := 0; i < n; i++ {
		a := full[offs[i]:offs[i+1]]
		if a[0] != tagCode && string(a) == string(base.slot(i)) {
			bits[i/8] |= 1 << (i % 8)
			shared++
		}
	}
	if shared == 0 {
		return full
	}
	out := make([]byte, 0, len(full)-shared+len(bits)+8)
	out = append(out, pageDelta)
	out = binary.AppendUvarint(out, uint64(nslots))
	out = append(out, bits...)
	for i := 0; i < nslots; i++ {
		if i < n && bits[i/8]&(1<<(i%8)) != 0 {
			continue
		}
		out = append(out, full[offs[i]:offs[i+1]]...)
	}
	return out
}

// Object appends one slot: its tag and fields (tagFree for nil).
func (e *Encoder) Object(o Object, hd Handle) {
	switch x := o.(type) {
	case nil:
		e.Byte(tagFree)
	case *Str:
		e.Byte(tagStr)
		e.Bool(e.Interned != nil && e.Interned(hd))
		e.String(x.S)
	case *Bytes:
		e.Byte(tagBytes)
		e.Bool(x.Mutable)
		e.Bytes(x.B)
	case *BigInt:
		e.Byte(tagBigInt)
		e.Bool(x.V.Sign() < 0)
		e.Bytes(x.V.Bytes())
	case *Complex:
		e.Byte(tagComplex)
		e.B = binary.LittleEndian.AppendUint64(e.B, math.Float64bits(x.Re))
		e.B = binary.LittleEndian.AppendUint64(e.B, math.Float64bits(x.Im))
	case *List:
		if len(x.Items) > SegmentLen {
			e.Byte(tagSegList)
			e.Uvarint(uint64(len(x.Items)))
		} else {
			e.Byte(tagList)
			e.Values(x.Items)
		}
	case *Tuple:
		if len(x.Items) > SegmentLen {
			e.Byte(tagSegTuple)
			e.Uvarint(uint64(len(x.Items)))
		} else {
			e.Byte(tagTuple)
			e.Values(x.Items)
		}
	case *Range:
		e.Byte(tagRange)
		e.Varint(x.Start)
		e.Varint(x.Stop)
		e.Varint(x.Step)
	case *Slice:
		e.Byte(tagSlice)
		e.Value(x.Start)
		e.Value(x.Stop)
		e.Value(x.Step)
	case *Cell:
		e.Byte(tagCell)
		e.Value(x.V)
	case *CodeObj:
		e.Byte(tagCode)
		e.code(x.Code)
		e.Values(x.Consts)
	case *Function:
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
	case *Builtin:
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
	case *BoundMethod:
		e.Byte(tagBoundMethod)
		e.Value(x.Self)
		e.Value(x.Func)
	case *Class:
		e.Byte(tagClass)
		e.Value(x.Name)
		e.Value(x.Qualname)
		e.Values(x.Bases)
		e.Values(x.MRO)
		e.Value(x.Dict)
		e.Value(x.Meta)
		e.Varint(int64(x.Builtin))
		e.Uvarint(uint64(x.Flags))
	case *Instance:
		e.Byte(tagInstance)
		e.Value(x.Class)
		e.Value(x.Dict)
		e.Value(x.Prim)
		if x.Exc == nil {
			e.Byte(0)
			break
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
	case *Module:
		e.Byte(tagModule)
		e.Value(x.Name)
		e.Value(x.Dict)
	case *Property:
		e.Byte(tagProperty)
		e.Value(x.Get)
		e.Value(x.Set)
		e.Value(x.Del)
		e.Value(x.Doc)
	case *ClassMethod:
		e.Byte(tagClassMethod)
		e.Value(x.F)
	case *StaticMethod:
		e.Byte(tagStaticMethod)
		e.Value(x.F)
	case *Super:
		e.Byte(tagSuper)
		e.Value(x.Type)
		e.Value(x.Obj)
		e.Value(x.ObjType)
	case *Iter:
		e.Byte(tagIter)
		e.Byte(byte(x.Kind))
		e.Value(x.Seq)
		e.Varint(x.I)
		e.Varint(x.N)
		e.Varint(x.Step)
		e.Values(x.Vals)
	case *DictView:
		e.Byte(tagDictView)
		e.Value(x.Dict)
		e.Byte(byte(x.Kind))
	case *Generator:
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
	case *HostObject:
		e.Byte(tagHostObject)
		e.String(x.Name)
	case *Opaque:
		e.Byte(tagOpaque)
		e.String(x.Kind)
		e.Values(x.Vals)
		e.Bytes(x.Data)
	case *Dict:
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
	case *Set:
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
	default:
		if e.err == nil {
			e.err = fmt.Errorf("heap: cannot encode %T", o)
		}
		e.Byte(tagFree)
	}
}

// Frame appends a frame. Only the live part of the operand stack
// (Slots[:SP]) is written; the rest is Undef by construction.
func (e *Encoder) Frame(f *Frame) {
	e.Value(f.Code)
	e.Value(f.Func)
	e.Value(f.Globals)
	e.Value(f.Locals)
	e.Varint(int64(f.PC))
	e.Uvarint(uint64(len(f.Slots)))
	sp := min(max(int(f.SP), 0), len(f.Slots))
	e.Values(f.Slots[:sp])
	e.Uvarint(uint64(len(f.Blocks)))
	for _, b := range f.Blocks {
		e.Varint(int64(b.Handler))
		e.Varint(int64(b.Level))
	}
	e.Byte(byte(f.Ret))
	e.Varint(int64(f.RetArg))
	for _, a := range f.Aux {
		e.Value(a)
	}
	e.Value(f.Gen)
}

func (e *Encoder) code(c *compile.Code) {
	e.String(c.Name)
	e.String(c.QualName)
	e.String(c.Filename)
	e.Varint(int64(c.FirstLine))
	e.Uvarint(uint64(c.ArgCount))
	e.Uvarint(uint64(c.PosOnlyCount))
	e.Uvarint(uint64(c.KwOnlyCount))
	e.Uvarint(uint64(c.Flags))
	e.Strings(c.Varnames)
	e.Strings(c.Cellvars)
	e.Uvarint(uint64(len(c.CellArgs)))
	for _, a := range c.CellArgs {
		e.Varint(int64(a))
	}
	e.Strings(c.Freevars)
	e.Strings(c.Names)
	e.Uvarint(uint64(len(c.Consts)))
	e.Uvarint(uint64(len(c.Instrs)))
	for _, in := range c.Instrs {
		e.B = binary.LittleEndian.AppendUint32(e.B, uint32(in))
	}
	prev := int32(0)
	for _, l := range c.Lines {
		e.Varint(int64(l - prev))
		prev = l
	}
	e.Uvarint(uint64(c.StackSize))
	switch d := c.Docstring.(type) {
	case string:
		e.Byte(1)
		e.String(d)
	default:
		e.Byte(0)
	}
	// Source lines are shared by the codes of a file: within a page,
	// later codes refer back to the first copy.
	for i, s := range e.sources {
		if sameLines(s, c.Source) {
			e.Uvarint(uint64(i + 1))
			return
		}
	}
	e.Byte(0)
	e.Strings(c.Source)
	e.sources = append(e.sources, c.Source)
}

func sameLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] {
		return true
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// --- decoder ---------------------------------------------------------------

// Decoder reads what an Encoder wrote. Errors are sticky: after the first,
// every read returns zero values and Err reports it.
type Decoder struct {
	b   []byte
	off int
	err error
	// MaxHandle bounds references: every handle must be below it.
	MaxHandle uint64
	sources   [][]string
	s         string // the input as a string, for String
}

// NewDecoder reads b; references must be below maxHandle.
func NewDecoder(b []byte, maxHandle int) *Decoder {
	return &Decoder{b: b, MaxHandle: uint64(maxHandle)}
}

// Err is the first error.
func (d *Decoder) Err() error { return d.err }

// Left is the number of unread bytes.
func (d *Decoder) Left() int { return len(d.b) - d.off }

// Done fails unless all input was read.
func (d *Decoder) Done() error {
	if d.err == nil && d.off != len(d.b) {
		d.Fail("%d trailing bytes", len(d.b)-d.off)
	}
	return d.err
}

// Fail records an error (the first one wins).
func (d *Decoder) Fail(format string, args ...any) {
	if d.err == nil {
		d.err = corrupt(format+" at offset %d", append(args, d.off)...)
	}
}

func (d *Decoder) Byte() byte {
	if d.err != nil {
		return 0
	}
	if d.off >= len(d.b) {
		d.Fail("truncated")
		return 0
	}
	b := d.b[d.off]
	d.off++
	return b
}

func (d *Decoder) Bool() bool {
	switch d.Byte() {
	case 0:
		return false
	case 1:
		return true
	}
	d.Fail("bad bool")
	return false
}

func (d *Decoder) Uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	u, n := binary.Uvarint(d.b[d.off:])
	if n <= 0 {
		d.Fail("bad uvarint")
		return 0
	}
	d.off += n
	return u
}

func (d *Decoder) Varint() int64 {
	if d.err != nil {
		return 0
	}
	i, n := binary.Varint(d.b[d.off:])
	if n <= 0 {
		d.Fail("bad varint")
		return 0
	}
	d.off += n
	return i
}

// Int32 reads a varint that must fit in an int32.
func (d *Decoder) Int32() int32 {
	i := d.Varint()
	if i < math.MinInt32 || i > math.MaxInt32 {
		d.Fail("int32 out of range")
		return 0
	}
	return int32(i)
}

// Count reads a count of items each taking at least minSize bytes, and
// fails if the input cannot hold that many.
func (d *Decoder) Count(minSize int) int {
	n := d.Uvarint()
	if d.err != nil {
		return 0
	}
	if minSize < 1 {
		minSize = 1
	}
	if n > uint64(d.Left()/minSize) {
		d.Fail("count %d exceeds input", n)
		return 0
	}
	return int(n)
}

// Small reads a uvarint that must be at most max.
func (d *Decoder) Small(max int) int {
	n := d.Uvarint()
	if n > uint64(max) {
		d.Fail("value %d out of range", n)
		return 0
	}
	return int(n)
}

func (d *Decoder) Raw(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || n > d.Left() {
		d.Fail("truncated")
		return nil
	}
	b := d.b[d.off : d.off+n]
	d.off += n
	return b
}

// Bytes reads a counted byte string (a copy).
func (d *Decoder) Bytes() []byte {
	n := d.Count(1)
	b := d.Raw(n)
	if b == nil {
		return nil
	}
	return append([]byte(nil), b...)
}

// String reads a counted string. Strings share one copy of the input
// (made on first use), so decoding a page of strs allocates once.
func (d *Decoder) String() string {
	n := d.Count(1)
	if d.err != nil || n == 0 {
		return ""
	}
	if d.s == "" {
		d.s = string(d.b)
	}
	s := d.s[d.off : d.off+n]
	d.off += n
	return s
}

func (d *Decoder) Strings() []string {
	n := d.Count(1)
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.String()
	}
	return out
}

func (d *Decoder) Float() float64 {
	b := d.Raw(8)
	if b == nil {
		return 0
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b))
}

// Value reads a value; references must be non-zero and below MaxHandle.
func (d *Decoder) Value() Value {
	switch t := d.Byte(); t {
	case valUndef:
		return Undef
	case valNone:
		return None
	case valFalse:
		return False
	case valTrue:
		return True
	case valInt:
		return Int(d.Varint())
	case valFloat:
		b := d.Raw(8)
		if b == nil {
			return Undef
		}
		return Value{K: KFloat, N: binary.LittleEndian.Uint64(b)}
	case valRef:
		h := d.Uvarint()
		if d.err == nil && (h == 0 || h >= d.MaxHandle) {
			d.Fail("handle %d out of range", h)
			return Undef
		}
		return Ref(Handle(h))
	case valNotImplemented:
		return NotImplemented
	case valEllipsis:
		return Ellipsis
	default:
		d.Fail("unknown value tag %d", t)
		return Undef
	}
}

// Values reads a counted list of values.
func (d *Decoder) Values() []Value {
	n := d.Count(1)
	if n == 0 {
		return nil
	}
	out := make([]Value, n)
	for i := range out {
		out[i] = d.Value()
	}
	return out
}

// Frame reads a frame. Shape checks that need the code object are made by
// Loader.Finish (CheckFrame).
func (d *Decoder) Frame(budget *int64) *Frame {
	f := &Frame{}
	f.Code = d.Value()
	f.Func = d.Value()
	f.Globals = d.Value()
	f.Locals = d.Value()
	f.PC = d.Int32()
	nslots := d.Uvarint()
	if d.err != nil {
		return nil
	}
	if nslots > uint64(*budget) || nslots > 1<<24 {
		d.Fail("frame of %d slots exceeds the load budget", nslots)
		return nil
	}
	*budget -= int64(nslots)
	f.Slots = make([]Value, nslots)
	sp := d.Count(1)
	if sp > len(f.Slots) {
		d.Fail("stack pointer %d beyond %d slots", sp, len(f.Slots))
		return nil
	}
	for i := 0; i < sp; i++ {
		f.Slots[i] = d.Value()
	}
	f.SP = int32(sp)
	nb := d.Count(2)
	if nb > 0 {
		f.Blocks = make([]Block, nb)
		for i := range f.Blocks {
			f.Blocks[i] = Block{Handler: d.Int32(), Level: d.Int32()}
		}
	}
	r := d.Byte()
	if r > byte(RetAwaitNext) {
		d.Fail("unknown return kind %d", r)
	}
	f.Ret = RetKind(r)
	f.RetArg = d.Int32()
	for i := range f.Aux {
		f.Aux[i] = d.Value()
	}
	f.Gen = d.Value()
	if d.err != nil {
		return nil
	}
	return f
}

func (d *Decoder) code() (*compile.Code, int) {
	c := &compile.Code{}
	c.Name = d.String()
	c.QualName = d.String()
	c.Filename = d.String()
	c.FirstLine = int(d.Int32())
	c.ArgCount = d.Small(compile.MaxArg)
	c.PosOnlyCount = d.Small(compile.MaxArg)
	c.KwOnlyCount = d.Small(compile.MaxArg)
	c.Flags = compile.Flags(d.Small(math.MaxUint32))
	c.Varnames = d.Strings()
	c.Cellvars = d.Strings()
	if n := d.Count(1); n > 0 {
		c.CellArgs = make([]int, n)
		for i := range c.CellArgs {
			c.CellArgs[i] = int(d.Int32())
		}
	}
	c.Freevars = d.Strings()
	c.Names = d.Strings()
	nconsts := d.Count(1) // each const is at least one value tag in Consts
	ninstr := d.Count(5)  // 4 bytes + at least one line byte
	if ninstr > 0 {
		raw := d.Raw(4 * ninstr)
		if raw != nil {
			c.Instrs = make([]compile.Instr, ninstr)
			for i := range c.Instrs {
				c.Instrs[i] = compile.Instr(binary.LittleEndian.Uint32(raw[4*i:]))
			}
			c.Lines = make([]int32, ninstr)
			prev := int64(0)
			for i := range c.Lines {
				prev += d.Varint()
				if prev < math.MinInt32 || prev > math.MaxInt32 {
					d.Fail("line out of range")
					break
				}
				c.Lines[i] = int32(prev)
			}
		}
	}
	c.StackSize = d.Small(1 << 24)
	switch d.Byte() {
	case 0:
	case 1:
		c.Docstring = d.String()
	default:
		d.Fail("bad docstring flag")
	}
	return c, nconsts
}

// --- loader ----------------------------------------------------------------

// Loader rebuilds a heap from page and segment blobs, then validates it.
type Loader struct {
	Builtins Builtins
	n        int      // handles in the heap
	objs     []Object // grows page by page, so memory follows the input
	// Interned lists the strs marked interned, in handle order.
	Interned []Handle
	seqs     map[Handle]int // handle -> expected length of a segmented sequence
	nconsts  map[Handle]int // CodeObj handle -> len(Code.Consts)
	pages    []bool
	strs     []Str // slab for decoded strs
	// Base returns the base image of page p (for delta pages), or nil.
	Base func(p int) *PageImage
	// Budget bounds slots allocated beyond what the input holds (frame
	// operand stacks); it shrinks as frames are decoded.
	Budget int64
	// NumBuiltinTypes bounds Class.Builtin; the VM sets it to its type
	// count.
	NumBuiltinTypes int32
}

// NewLoader prepares to load a heap of n handles.
func NewLoader(n int, b Builtins, inputBytes int) (*Loader, error) {
	if n < 1 || n > 1<<31 {
		return nil, corrupt("heap of %d handles", n)
	}
	return &Loader{
		Builtins: b,
		n:        n,
		objs:     make([]Object, 0, min(n, 1<<16)),
		seqs:     map[Handle]int{},
		nconsts:  map[Handle]int{},
		pages:    make([]bool, (n+PageSize-1)>>PageShift),
		Budget:   1<<20 + 4*int64(inputBytes),

		NumBuiltinTypes: 1 << 16,
	}, nil
}

// Len is the number of handles.
func (l *Loader) Len() int { return l.n }

// Objects returns the decoded objects (valid after Finish).
func (l *Loader) Objects() []Object { return l.objs }

// Page decodes page p.
func (l *Loader) Page(p int, b []byte) error {
	if p < 0 || p >= len(l.pages) {
		return corrupt("page %d out of range", p)
	}
	lo := p << PageShift
	if lo != len(l.objs) {
		return corrupt("page %d out of order", p)
	}
	l.pages[p] = true
	d := NewDecoder(b, l.n)
	want := min(PageSize, l.n-lo)
	// objs only grows, so the capacity beyond its length is still zero.
	l.objs = slices.Grow(l.objs, want)[:lo+want]
	mode := d.Byte()
	if n := d.Uvarint(); d.err == nil && n != uint64(want) {
		return corrupt("page %d has %d slots, want %d", p, n, want)
	}
	var bits []byte
	var base *PageImage
	nbase := 0
	switch {
	case d.err != nil:
	case mode == pageDelta:
		if l.Base != nil {
			base = l.Base(p)
		}
		if base == nil {
			return corrupt("page %d is a delta, but there is no base page", p)
		}
		nbase = min(want, len(base.Offs)-1)
		bits = d.Raw((nbase + 7) / 8)
	case mode != pageFull:
		d.Fail("unknown page mode %d", mode)
	}
	for i := 0; i < want && d.err == nil; i++ {
		hd := Handle(lo + i)
		var o Object
		if i < nbase && bits[i/8]&(1<<(i%8)) != 0 {
			bd := NewDecoder(base.slot(i), l.n)
			o = l.object(bd, hd)
			if err := bd.Done(); err != nil {
				d.Fail("base slot %d: %v", i, err)
			}
		} else {
			o = l.object(d, hd)
		}
		if hd == 0 && o != nil {
			d.Fail("handle 0 is used")
		}
		l.objs[hd] = o
	}
	if err := d.Done(); err != nil {
		return fmt.Errorf("page %d: %w", p, err)
	}
	return nil
}

// Segment decodes segment s of the segmented sequence at hd. Segments of
// one sequence must come in order.
func (l *Loader) Segment(hd Handle, s int, b []byte) error {
	want, ok := l.seqs[hd]
	if !ok || int(hd) >= len(l.objs) {
		return corrupt("segment for handle %d, which is no segmented sequence", hd)
	}
	items := l.seqItems(hd)
	if s != Segments(len(items)+1)-1 || len(items) != s*SegmentLen {
		return corrupt("segment %d of handle %d out of order", s, hd)
	}
	d := NewDecoder(b, l.n)
	n := d.Count(1)
	if d.err == nil && (n == 0 || n > SegmentLen || len(items)+n > want || (n < SegmentLen && len(items)+n != want)) {
		d.Fail("segment of %d items", n)
	}
	if items == nil && d.err == nil {
		// Size the sequence up front, but trust a hostile length claim
		// only so far: beyond 64K items the slice grows with the data.
		c := want
		if c > 1<<16 {
			c = 1 << 16
		}
		items = make([]Value, 0, c)
	}
	for i := 0; i < n && d.err == nil; i++ {
		items = append(items, d.Value())
	}
	if err := d.Done(); err != nil {
		return fmt.Errorf("segment %d of handle %d: %w", s, hd, err)
	}
	switch x := l.objs[hd].(type) {
	case *List:
		x.Items = items
	case *Tuple:
		x.Items = items
	}
	return nil
}

func (l *Loader) seqItems(hd Handle) []Value {
	switch x := l.objs[hd].(type) {
	case *List:
		return x.Items
	case *Tuple:
		return x.Items
	}
	return nil
}

// SegmentedSeqs returns the segmented sequences of the loaded pages as
// (handle, segment count) pairs in handle order.
func (l *Loader) SegmentedSeqs() [][2]int {
	var out [][2]int
	for hd := range l.objs {
		if n, ok := l.seqs[Handle(hd)]; ok {
			out = append(out, [2]int{hd, Segments(n)})
		}
	}
	return out
}

func (l *Loader) object(d *Decoder, hd Handle) Object {
	switch t := d.Byte(); t {
	case tagFree:
		return nil
	case tagStr:
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
	case tagBytes:
		m := d.Bool()
		return &Bytes{Mutable: m, B: d.Bytes()}
	case tagBigInt:
		neg := d.Bool()
		b := &BigInt{}
		b.V.SetBytes(d.Raw(d.Count(1)))
		if neg {
			b.V.Neg(&b.V)
		}
		return b
	case tagComplex:
		return &Complex{Re: d.Float(), Im: d.Float()}
	case tagList:
		return &List{Items: d.Values()}
	case tagTuple:
		return &Tuple{Items: d.Values()}
	case tagSegList, tagSegTuple:
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
	case tagRange:
		r := &Range{Start: d.Varint(), Stop: d.Varint(), Step: d.Varint()}
		if r.Step == 0 {
			d.Fail("range step 0")
		}
		return r
	case tagSlice:
		return &Slice{Start: d.Value(), Stop: d.Value(), Step: d.Value()}
	case tagCell:
		return &Cell{V: d.Value()}
	case tagCode:
		c, nconsts := l.decodeCode(d)
		co := &CodeObj{Code: c, Consts: d.Values()}
		l.nconsts[hd] = nconsts
		return co
	case tagFunction:
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
	case tagBuiltin:
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
	case tagBoundMethod:
		return &BoundMethod{Self: d.Value(), Func: d.Value()}
	case tagClass:
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
	case tagInstance:
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
	case tagModule:
		return &Module{Name: d.Value(), Dict: d.Value()}
	case tagProperty:
		return &Property{Get: d.Value(), Set: d.Value(), Del: d.Value(), Doc: d.Value()}
	case tagClassMethod:
		return &ClassMethod{F: d.Value()}
	case tagStaticMethod:
		return &StaticMethod{F: d.Value()}
	case tagSuper:
		return &Super{Type: d.Value(), Obj: d.Value(), ObjType: d.Value()}
	case tagIter:
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
	case tagDictView:
		v := &DictView{Dict: d.Value()}
		k := d.Byte()
		if k != byte(IterDictKeys) && k != byte(IterDictValues) && k != byte(IterDictItems) {
			d.Fail("bad dict view kind %d", k)
		}
		v.Kind = IterKind(k)
		return v
	case tagGenerator:
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
	case tagHostObject:
		return &HostObject{Name: d.String(), Index: -1}
	case tagOpaque:
		return &Opaque{Kind: d.String(), Vals: d.Values(), Data: d.Bytes()}
	case tagDict:
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
	case tagSet:
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
	default:
		d.Fail("unknown object tag %d", t)
		return nil
	}
}

func (l *Loader) decodeCode(d *Decoder) (*compile.Code, int) {
	c, nconsts := d.code()
	// Sources: 0 = a new table follows, i>0 = the i-th table of this page.
	switch ref := d.Uvarint(); {
	case d.err != nil:
	case ref == 0:
		src := d.Strings()
		c.Source = src
		d.sources = append(d.sources, src)
	case ref <= uint64(len(d.sources)):
		c.Source = d.sources[ref-1]
	default:
		d.Fail("bad source table reference %d", ref)
	}
	return c, nconsts
}

// buildIndex builds the derived index of a decoded dict without compacting
// its entries (live iterators hold positions into them).
func (x *Dict) buildIndex() {
	if x.Used == 0 {
		// An all-deleted entry list is equivalent to an empty dict; keep
		// it only if needed by positions (harmless either way).
		x.index = nil
		return
	}
	n := 8
	for n*2 < (len(x.Entries)+1)*3 {
		n <<= 1
	}
	x.index = make([]int32, n)
	for i := range x.index {
		x.index[i] = slotEmpty
	}
	mask := uint64(n - 1)
	for i, e := range x.Entries {
		if e.Key.K == KUndef {
			continue
		}
		j := uint64(e.Hash) & mask
		for x.index[j] != slotEmpty {
			j = (j + 1) & mask
		}
		x.index[j] = int32(i)
	}
}

var _ = big.NewInt

// --- validation --------------------------------------------------------------

// Finish checks that every segmented sequence is complete, every reference
// names a live object, and every object is well formed (see CheckCode and
// CheckFrame); it rebuilds each code object's constant table.
func (l *Loader) Finish() error {
	for hd, want := range l.seqs {
		if got := len(l.seqItems(hd)); got != want {
			return corrupt("sequence at handle %d has %d of %d items", hd, got, want)
		}
	}
	for p, ok := range l.pages {
		if !ok {
			return corrupt("page %d missing", p)
		}
	}
	var bad Value
	visit := func(v Value) {
		if v.K == KRef && bad.K == KUndef && l.objs[v.N] == nil {
			bad = v
		}
	}
	for hd, o := range l.objs {
		if o == nil {
			continue
		}
		o.Refs(visit)
		if bad.K != KUndef {
			return corrupt("object %d refers to free handle %d", hd, bad.N)
		}
		if err := l.check(Handle(hd), o); err != nil {
			return fmt.Errorf("%w: object %d (%T): %v", ErrCorrupt, hd, o, err)
		}
	}
	return nil
}

// is reports whether v refers to an object of type T in objs.
func is[T Object](objs []Object, v Value) bool {
	if v.K != KRef || v.N >= uint64(len(objs)) {
		return false
	}
	_, ok := objs[v.N].(T)
	return ok
}

func isOpt[T Object](objs []Object, v Value) bool { return v.K == KUndef || is[T](objs, v) }

func (l *Loader) check(hd Handle, o Object) error {
	objs := l.objs
	switch x := o.(type) {
	case *CodeObj:
		return l.checkCodeObj(hd, x)
	case *Function:
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
	case *Class:
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
	case *Instance:
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
	case *Module:
		if !is[*Dict](objs, x.Dict) {
			return errors.New("module dict is no dict")
		}
	case *Iter:
		switch x.Kind {
		case IterEnumerate, IterFilter, IterCallable:
			if len(x.Vals) < 1 {
				return errors.New("iterator state too short")
			}
		}
	case *Generator:
		if x.Frame != nil {
			if err := CheckFrame(objs, x.Frame); err != nil {
				return err
			}
			if x.Frame.Gen != Ref(hd) {
				return errors.New("generator frame belongs to another generator")
			}
		}
	}
	return nil
}

func (l *Loader) checkCodeObj(hd Handle, x *CodeObj) error {
	objs := l.objs
	c := x.Code
	nconsts := l.nconsts[hd]
	if len(x.Consts) != nconsts+len(c.Names) {
		return fmt.Errorf("%d constants for %d consts and %d names", len(x.Consts), nconsts, len(c.Names))
	}
	for _, n := range x.Consts[nconsts:] {
		if !is[*Str](objs, n) {
			return errors.New("name constant is no str")
		}
	}
	if err := CheckCode(c, nconsts); err != nil {
		return err
	}
	for _, in := range c.Instrs {
		if in.Op() == compile.KW_NAMES {
			t, ok := objs[x.Consts[in.Arg()].N].(*Tuple)
			if !ok || x.Consts[in.Arg()].K != KRef {
				return errors.New("KW_NAMES constant is no tuple")
			}
			for _, k := range t.Items {
				if !is[*Str](objs, k) {
					return errors.New("keyword name is no str")
				}
			}
		}
	}
	c.Consts = make([]any, nconsts)
	for i, v := range x.Consts[:nconsts] {
		c.Consts[i] = constOf(objs, v, 0)
	}
	return nil
}

// constOf rebuilds a compile-time constant from its heap value.
func constOf(objs []Object, v Value, depth int) any {
	switch v.K {
	case KBool:
		return v.B()
	case KInt:
		return v.I()
	case KFloat:
		return v.F()
	case KEllipsis:
		return compile.Ellipsis{}
	case KRef:
		switch o := objs[v.N].(type) {
		case *Str:
			return o.S
		case *Bytes:
			return o.B
		case *BigInt:
			return new(big.Int).Set(&o.V)
		case *Complex:
			return complex(o.Re, o.Im)
		case *CodeObj:
			return o.Code
		case *Tuple:
			if depth > 32 {
				return nil
			}
			t := make(compile.Tuple, len(o.Items))
			for i, e := range o.Items {
				t[i] = constOf(objs, e, depth+1)
			}
			return t
		}
	}
	return nil
}

// CheckCode validates compiled code for the eval loop: every opcode known,
// every argument in range for what it indexes, jump targets inside the
// code, one line per instruction, and counts that fit together.
func CheckCode(c *compile.Code, nconsts int) error {
	nloc, ncell, nnames := len(c.Varnames), len(c.Cellvars)+len(c.Freevars), len(c.Names)
	n := len(c.Instrs)
	if len(c.Lines) != n {
		return fmt.Errorf("%d lines for %d instructions", len(c.Lines), n)
	}
	if n == 0 {
		return errors.New("no instructions")
	}
	if c.CellArgs != nil && len(c.CellArgs) != len(c.Cellvars) {
		return errors.New("cell argument table does not match cells")
	}
	for _, a := range c.CellArgs {
		if a < -1 || a >= nloc {
			return fmt.Errorf("cell argument %d out of range", a)
		}
	}
	params := c.ArgCount + c.KwOnlyCount
	if c.Flags&compile.FlagVarArgs != 0 {
		params++
	}
	if c.Flags&compile.FlagVarKw != 0 {
		params++
	}
	if params > nloc || c.PosOnlyCount > c.ArgCount {
		return errors.New("more parameters than locals")
	}
	// The operand stack can only grow by what the instructions push: a
	// bound that keeps hostile code from asking for huge frames.
	limit := 64 + 2*n
	for pc, in := range c.Instrs {
		op, arg := in.Op(), in.Arg()
		var bound int
		switch op {
		case compile.LOAD_CONST, compile.KW_NAMES:
			bound = nconsts
		case compile.LOAD_FAST, compile.STORE_FAST, compile.DELETE_FAST:
			bound = nloc
		case compile.LOAD_DEREF, compile.STORE_DEREF, compile.DELETE_DEREF, compile.LOAD_CLOSURE:
			bound = ncell
		case compile.LOAD_GLOBAL, compile.STORE_GLOBAL, compile.DELETE_GLOBAL,
			compile.LOAD_NAME, compile.STORE_NAME, compile.DELETE_NAME,
			compile.LOAD_ATTR, compile.STORE_ATTR, compile.DELETE_ATTR, compile.LOAD_METHOD,
			compile.IMPORT_NAME, compile.IMPORT_FROM, compile.STORE_ANNOTATION:
			bound = nnames
		case compile.JUMP, compile.POP_JUMP_IF_FALSE, compile.POP_JUMP_IF_TRUE,
			compile.JUMP_IF_FALSE_OR_POP, compile.JUMP_IF_TRUE_OR_POP,
			compile.POP_JUMP_IF_NONE, compile.POP_JUMP_IF_NOT_NONE,
			compile.FOR_ITER, compile.SEND, compile.SETUP_FINALLY:
			bound = n
		case compile.UNPACK_SEQUENCE:
			limit += arg
			continue
		case compile.UNPACK_EX:
			limit += arg&0xff + arg>>8
			continue
		default:
			if op >= compile.NumOpcodes {
				return fmt.Errorf("unknown opcode %d at %d", op, pc)
			}
			continue
		}
		if arg >= bound {
			return fmt.Errorf("%v argument %d out of range at %d", op, arg, pc)
		}
	}
	if c.StackSize > limit {
		return fmt.Errorf("stack size %d too large", c.StackSize)
	}
	return nil
}

// CheckFrame validates a frame against its code: slot count, stack
// pointer, program counter, block stack and cell slots.
func CheckFrame(objs []Object, f *Frame) error {
	if !is[*CodeObj](objs, f.Code) || !is[*Dict](objs, f.Globals) || !isOpt[*Function](objs, f.Func) || !isOpt[*Generator](objs, f.Gen) {
		return errors.New("frame: bad code, globals, function or generator")
	}
	if f.Locals.K != KUndef && f.Locals.K != KRef {
		return errors.New("frame: bad locals")
	}
	co := objs[f.Code.N].(*CodeObj)
	c := co.Code
	nloc, ncell := len(c.Varnames), len(c.Cellvars)+len(c.Freevars)
	if len(f.Slots) != nloc+ncell+c.StackSize+4 {
		return fmt.Errorf("frame: %d slots, code needs %d", len(f.Slots), nloc+ncell+c.StackSize+4)
	}
	if int(f.SP) < nloc+ncell || int(f.SP) > len(f.Slots) {
		return fmt.Errorf("frame: stack pointer %d out of range", f.SP)
	}
	if f.PC < 0 || int(f.PC) > len(c.Instrs) {
		return fmt.Errorf("frame: pc %d out of range", f.PC)
	}
	for _, b := range f.Blocks {
		if b.Handler < 0 || int(b.Handler) >= len(c.Instrs) || b.Level < int32(nloc+ncell) || b.Level > f.SP {
			return fmt.Errorf("frame: block %+v out of range", b)
		}
	}
	for i := nloc; i < nloc+ncell; i++ {
		if !is[*Cell](objs, f.Slots[i]) {
			return errors.New("frame: cell slot holds no cell")
		}
	}
	f.C = co
	return nil
}
