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
	tagWeakRef
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
func (e *Encoder) Float(f float64)  { e.B = binary.LittleEndian.AppendUint64(e.B, math.Float64bits(f)) }
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
// result lists only the slots that differ. A code object's source table
// reference counts the tables of the page's slots before it, base slots
// included (the loader decodes them in order with one table list), so an
// identical code slot means the same code. It returns full unchanged when
// nothing is shared.
func Delta(full []byte, offs []int, base *PageImage) []byte {
	nslots := len(offs) - 1
	n := min(nslots, len(base.Offs)-1)
	bits := make([]byte, (n+7)/8)
	shared := 0
	for i := 0; i < n; i++ {
		a := full[offs[i]:offs[i+1]]
		if string(a) == string(base.slot(i)) {
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
	if o == nil {
		e.Byte(tagFree)
		return
	}
	o.encode(e, hd)
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
	slabs     *slabs // a trusted load's (see Loader.Trust), else nil
}

// slabs are the blocks a trusted load carves small slices and code
// objects from, instead of allocating each (see Loader.Trust).
type slabs struct {
	strs     []string
	vals     []Value
	instrs   []compile.Instr
	lines    []int32
	codes    []compile.Code
	codeObjs []CodeObj
	consts   []any
}

// carve returns n zeroed items of *buf with capacity n (as make would),
// taking a new block of chunk items when *buf runs short; a request
// larger than a quarter block gets its own allocation. It returns nil for
// n == 0.
func carve[T any](buf *[]T, n, chunk int) []T {
	if n <= 0 {
		return nil
	}
	if n > len(*buf) {
		if n > chunk/4 {
			return make([]T, n)
		}
		*buf = make([]T, chunk)
	}
	out := (*buf)[:n:n]
	*buf = (*buf)[n:]
	return out
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

// Fail records an error (the first one wins). It is kept out of line:
// the reads that call it stay small enough to inline.
//
//go:noinline
func (d *Decoder) Fail(format string, args ...any) {
	if d.err == nil {
		d.err = corrupt(format+" at offset %d", append(args, d.off)...)
	}
}

func (d *Decoder) Byte() byte {
	if d.off < len(d.b) && d.err == nil {
		d.off++
		return d.b[d.off-1]
	}
	d.truncated()
	return 0
}

//go:noinline
func (d *Decoder) truncated() { d.Fail("truncated") }

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

// Uvarint and Varint read most varints, which are one byte, inline.

func (d *Decoder) Uvarint() uint64 {
	if d.off < len(d.b) && d.b[d.off] < 0x80 && d.err == nil {
		d.off++
		return uint64(d.b[d.off-1])
	}
	return d.uvarint()
}

func (d *Decoder) Varint() int64 {
	if d.off < len(d.b) && d.b[d.off] < 0x80 && d.err == nil {
		d.off++
		b := d.b[d.off-1]
		return int64(b>>1) ^ -int64(b&1) // zigzag
	}
	return d.varint()
}

// uvarint and varint read a longer varint, or fail.

func (d *Decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b[d.off:])
	if n <= 0 {
		d.Fail("bad uvarint")
		return 0
	}
	d.off += n
	return v
}

func (d *Decoder) varint() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b[d.off:])
	if n <= 0 {
		d.Fail("bad varint")
		return 0
	}
	d.off += n
	return v
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
	if left := d.Left(); minSize <= 1 && n > uint64(left) || minSize > 1 && n > uint64(left/minSize) {
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
	if d.slabs != nil {
		return readList(d, d.String, &d.slabs.strs)
	}
	return readList(d, d.String, nil)
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
	if d.slabs != nil {
		return readList(d, d.Value, &d.slabs.vals)
	}
	return readList(d, d.Value, nil)
}

// readList reads a count and then that many items with read, carved from
// slab when it is set.
func readList[T any](d *Decoder, read func() T, slab *[]T) []T {
	n := d.Count(1)
	if n == 0 {
		return nil
	}
	var out []T
	if slab != nil {
		out = carve(slab, n, 512)
	} else {
		out = make([]T, n)
	}
	for i := range out {
		out[i] = read()
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
	if r > byte(RetMapDrive) {
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
	var c *compile.Code
	if d.slabs != nil {
		c = &carve(&d.slabs.codes, 1, 32)[0]
	} else {
		c = &compile.Code{}
	}
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
			if d.slabs != nil {
				c.Instrs = carve(&d.slabs.instrs, ninstr, 8192)
				c.Lines = carve(&d.slabs.lines, ninstr, 8192)
			} else {
				c.Instrs = make([]compile.Instr, ninstr)
				c.Lines = make([]int32, ninstr)
			}
			for i := range c.Instrs {
				c.Instrs[i] = compile.Instr(binary.LittleEndian.Uint32(raw[4*i:]))
			}
			prev := int64(0)
			for i := range c.Lines {
				// Most deltas are one byte: read them here.
				if j := d.off; j < len(d.b) && d.b[j] < 0x80 && d.err == nil {
					d.off++
					prev += int64(d.b[j]>>1) ^ -int64(d.b[j]&1)
				} else {
					prev += d.Varint()
				}
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

// --- validation --------------------------------------------------------------
