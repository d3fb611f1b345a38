package stdlib

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	py "github.com/amber-sandbox/amber/core/internal/vm"
	"hash/adler32"
	"hash/crc32"
	"io"
	"math"
	"strings"
	"unicode"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// _amber_extra holds the few primitives the Python-written modules in
// stdlib_extra_*.go cannot express in Python: traceback text, the caller's
// source position (warnings), IEEE float packing (struct), zlib, and
// Unicode categories.

func initAmberExtra(vm *py.VM, m py.Value) error {
	vm.ModuleFunc(m, "_amber_extra.format_exception", extraFormatException)
	vm.ModuleFunc(m, "_amber_extra.caller", extraCaller)
	vm.ModuleFunc(m, "_amber_extra.float_pack", extraFloatPack)
	vm.ModuleFunc(m, "_amber_extra.float_unpack", extraFloatUnpack)
	vm.ModuleFunc(m, "_amber_extra.zlib_compress", extraZlibCompress)
	vm.ModuleFunc(m, "_amber_extra.zlib_decompress", extraZlibDecompress)
	vm.ModuleFunc(m, "_amber_extra.crc32", extraChecksum(false))
	vm.ModuleFunc(m, "_amber_extra.adler32", extraChecksum(true))
	vm.ModuleFunc(m, "_amber_extra.category", extraCategory)
	vm.ModuleFunc(m, "_amber_extra.code_info", extraCodeInfo)
	return nil
}

// extraFormatException(exc[, width, depth, chain, no_stack, limit])
// renders exc (with its chain unless chain is false, without its own
// traceback entries if no_stack) exactly as the VM prints an uncaught
// exception; width and depth are max_group_width and max_group_depth;
// limit (an int, or None for all) keeps the first limit entries of each
// exception, or the last -limit when it is negative.
func extraFormatException(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	var exc, width, depth, chain, noStack, limit py.Value
	if err := vm.UnpackArgs("format_exception", a, nil, 1, &exc, &width, &depth, &chain, &noStack, &limit); err != nil {
		return heap.Undef, err
	}
	if vm.ExcOf(exc) == nil {
		return heap.Undef, vm.TypeError("format_exception() expects an exception instance")
	}
	var opt py.TracebackOptions
	for _, f := range []struct {
		v   py.Value
		dst *int
	}{{width, &opt.GroupWidth}, {depth, &opt.GroupDepth}} {
		if f.v.K == heap.KUndef || f.v.K == heap.KNone {
			continue
		}
		n, ok := vm.IndexOf(f.v)
		if !ok || n < 0 || n > 1<<20 {
			return heap.Undef, vm.ValueError("max_group_width and max_group_depth must be ints from 0 to 2**20")
		}
		// (0 is the options' "unset": a negative value asks for 0.)
		*f.dst = int(n)
		if n == 0 {
			*f.dst = -1
		}
	}
	if chain.K != heap.KUndef {
		on, err := vm.Truth(chain)
		if err != nil {
			return heap.Undef, err
		}
		opt.NoChain = !on
	}
	if noStack.K != heap.KUndef {
		on, err := vm.Truth(noStack)
		if err != nil {
			return heap.Undef, err
		}
		opt.NoStack = on
	}
	if limit.K != heap.KUndef && limit.K != heap.KNone {
		b, isInt := vm.BigOf(limit)
		if !isInt {
			return heap.Undef, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(limit))
		}
		n := int64(1 << 30) // past any traceback: everything
		if b.IsInt64() {
			n = b.Int64()
		} else if b.Sign() < 0 {
			n = -n
		}
		opt.Limited, opt.Limit = true, int(max(min(n, 1<<30), -1<<30))
	}
	return vm.NewStr(vm.FormatTracebackWith(exc, opt)), nil
}

// extraCaller(depth) returns (filename, line, function name, source, module name) of the Python
// frame depth levels above the one calling this builtin, and the stripped
// source line there, or None.
func extraCaller(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	var depthArg py.Value
	if err := vm.UnpackArgs("caller", a, nil, 1, &depthArg); err != nil {
		return heap.Undef, err
	}
	depth, ok := vm.IndexOf(depthArg)
	if !ok || depth < 0 {
		return heap.Undef, vm.TypeError("caller() depth must be a non-negative int")
	}
	f := vm.FrameAt(int(depth))
	if f == nil {
		return heap.None, nil
	}
	pc := int(f.PC) - 1
	if pc < 0 {
		pc = 0
	}
	modName := heap.None
	if d, ok := vm.DictOf(f.Globals); ok {
		if v, found, _ := vm.DictGet(d, vm.Intern("__name__")); found {
			modName = v
		}
	}
	return vm.NewTuple([]py.Value{
		vm.NewStr(f.C.Code.Filename),
		heap.Int(int64(f.C.Code.LineAt(pc))),
		vm.NewStr(f.C.Code.Name),
		vm.NewStr(strings.TrimSpace(f.C.Code.SourceLine(f.C.Code.LineAt(pc)))),
		modName,
	}), nil
}

// extraFloatPack(x, size, little) packs a float into 4 or 8 IEEE bytes.
func extraFloatPack(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	var xArg, sizeArg, littleArg py.Value
	if err := vm.UnpackArgs("float_pack", a, nil, 3, &xArg, &sizeArg, &littleArg); err != nil {
		return heap.Undef, err
	}
	x, err := vm.ToFloatValue(xArg)
	if err != nil {
		return heap.Undef, err
	}
	size, _ := vm.IndexOf(sizeArg)
	little := littleArg == heap.True
	var order binary.ByteOrder = binary.BigEndian
	if little {
		order = binary.LittleEndian
	}
	switch size {
	case 4:
		if !math.IsInf(x, 0) && !math.IsNaN(x) && math.Abs(x) > math.MaxFloat32 {
			return heap.Undef, vm.Errorf(py.TOverflowError, "float too large to pack with f format")
		}
		b := make([]byte, 4)
		order.PutUint32(b, math.Float32bits(float32(x)))
		return vm.NewBytes(b, false), nil
	case 8:
		b := make([]byte, 8)
		order.PutUint64(b, math.Float64bits(x))
		return vm.NewBytes(b, false), nil
	}
	return heap.Undef, vm.ValueError("float_pack: size must be 4 or 8")
}

// extraFloatUnpack(b, little) reads a 4- or 8-byte IEEE float.
func extraFloatUnpack(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	var data, little py.Value
	if err := vm.UnpackArgs("float_unpack", a, nil, 2, &data, &little); err != nil {
		return heap.Undef, err
	}
	bo, ok := vm.BytesOf(data)
	if !ok {
		return heap.Undef, vm.TypeError("float_unpack() expects bytes")
	}
	var order binary.ByteOrder = binary.BigEndian
	if little == heap.True {
		order = binary.LittleEndian
	}
	switch len(bo.B) {
	case 4:
		return heap.Float(float64(math.Float32frombits(order.Uint32(bo.B)))), nil
	case 8:
		return heap.Float(math.Float64frombits(order.Uint64(bo.B))), nil
	}
	return heap.Undef, vm.ValueError("float_unpack: need 4 or 8 bytes")
}

// bytesAndArg unpacks the two arguments (data, arg) of fname, data bytes.
func bytesAndArg(vm *py.VM, fname string, a py.Args) ([]byte, py.Value, error) {
	var dataArg, arg py.Value
	if err := vm.UnpackArgs(fname, a, nil, 2, &dataArg, &arg); err != nil {
		return nil, heap.Undef, err
	}
	data, err := bytesArg(vm, fname, dataArg)
	return data, arg, err
}

func bytesArg(vm *py.VM, fname string, v py.Value) ([]byte, error) {
	if bo, ok := vm.BytesOf(v); ok {
		return bo.B, nil
	}
	return nil, vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(v))
}

func extraZlibCompress(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	data, levelArg, err := bytesAndArg(vm, "compress", a)
	if err != nil {
		return heap.Undef, err
	}
	level, _ := vm.IndexOf(levelArg)
	if level < -1 || level > 9 {
		return heap.Undef, vm.Errorf(py.TValueError, "Bad compression level")
	}
	var buf bytes.Buffer
	w, gerr := zlib.NewWriterLevel(&buf, int(level))
	if gerr != nil {
		return heap.Undef, vm.ValueError("Bad compression level")
	}
	_, _ = w.Write(data)
	_ = w.Close()
	return vm.NewBytes(buf.Bytes(), false), nil
}

func extraZlibDecompress(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	data, _, err := bytesAndArg(vm, "decompress", a)
	if err != nil {
		return heap.Undef, err
	}
	limit := vm.Limits.MaxOutput
	if limit <= 0 {
		limit = 1 << 28
	}
	r, zerr := zlib.NewReader(bytes.NewReader(data))
	if zerr != nil {
		return heap.None, nil
	}
	// A small input can inflate to gigabytes: read in pieces, reserving
	// the output as it grows and meeting the deadline between pieces.
	var out []byte
	chunk := make([]byte, 1<<20)
	for {
		n, rerr := io.ReadFull(r, chunk)
		if int64(len(out)+n) > limit {
			return heap.Undef, vm.Errorf(py.TMemoryError, "decompressed data too large")
		}
		if out, err = py.AppendAccounted(vm, out, chunk[:n]); err != nil {
			return heap.Undef, err
		}
		if rerr == io.EOF || rerr == io.ErrUnexpectedEOF {
			break
		}
		if rerr != nil {
			return heap.None, nil
		}
		if err := vm.DeadlineErr(); err != nil {
			return heap.Undef, err
		}
	}
	return vm.NewBytes(out, false), nil
}

func extraChecksum(adler bool) py.BuiltinFn {
	return func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		data, value, err := bytesAndArg(vm, "checksum", a)
		if err != nil {
			return heap.Undef, err
		}
		start, _ := vm.IndexOf(value)
		if adler {
			// adler32 continued from start: recompute via the running sums.
			s1, s2 := uint32(start)&0xffff, uint32(start)>>16
			if start == 1 {
				return heap.Int(int64(adler32.Checksum(data))), nil
			}
			for _, c := range data {
				s1 = (s1 + uint32(c)) % 65521
				s2 = (s2 + s1) % 65521
			}
			return heap.Int(int64(s2<<16 | s1)), nil
		}
		return heap.Int(int64(crc32.Update(uint32(start), crc32.IEEETable, data))), nil
	}
}

// unicodeCategories lists the two-letter general categories in a fixed
// order, so lookups are deterministic.
var unicodeCategories = []string{
	"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No",
	"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So",
	"Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co",
}

func extraCategory(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	var chr py.Value
	if err := vm.UnpackArgs("category", a, nil, 1, &chr); err != nil {
		return heap.Undef, err
	}
	s, ok := vm.StrOf(chr)
	r := []rune(s)
	if !ok || len(r) != 1 {
		return heap.Undef, vm.TypeError("category() argument must be a unicode character, not %s", vm.TypeName(chr))
	}
	for _, c := range unicodeCategories {
		if t, ok := unicode.Categories[c]; ok && unicode.Is(t, r[0]) {
			return vm.NewStr(c), nil
		}
	}
	return vm.NewStr("Cn"), nil
}

// extraCodeInfo(code) returns (co_flags, co_posonlyargcount,
// co_kwonlyargcount) for a code object, with the flag bits CPython uses
// (VARARGS 4, VARKEYWORDS 8, GENERATOR 32, COROUTINE 128,
// ASYNC_GENERATOR 512). inspect builds signatures from it.
func extraCodeInfo(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	var codeArg py.Value
	if err := vm.UnpackArgs("code_info", a, nil, 1, &codeArg); err != nil {
		return heap.Undef, err
	}
	var co *heap.CodeObj
	if codeArg.K == heap.KRef {
		co, _ = vm.H.Get(codeArg).(*heap.CodeObj)
	}
	if co == nil {
		return heap.Undef, vm.TypeError("code_info() expects a code object")
	}
	c := co.Code
	flags := int64(3) // OPTIMIZED | NEWLOCALS, as CPython sets for functions
	for _, f := range []struct {
		ours compile.Flags
		bit  int64
	}{
		{compile.FlagVarArgs, 4}, {compile.FlagVarKw, 8}, {compile.FlagGenerator, 32},
		{compile.FlagCoroutine, 128}, {compile.FlagAsyncGenerator, 512},
	} {
		if c.Flags&f.ours != 0 {
			flags |= f.bit
		}
	}
	return vm.NewTuple([]py.Value{heap.Int(flags), heap.Int(int64(c.PosOnlyCount)), heap.Int(int64(c.KwOnlyCount))}), nil
}
