package stdlib

// The json module: a thin Python layer (json, with JSONDecodeError and
// JSONEncoder) over _json, an encoder and decoder in Go that walk heap
// values directly and reproduce CPython 3.11's output and error messages.

import (
	py "github.com/amber-sandbox/amber/core/internal/vm"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyfmt"
)

// jsonMaxDepth bounds nesting, as CPython's recursion limit does.
const jsonMaxDepth = 1000

type jsonEncoder struct {
	vm         *py.VM
	buf        []byte
	indent     string
	hasIndent  bool
	itemSep    string
	keySep     string
	sortKeys   bool
	ensureASCI bool
	skipKeys   bool
	allowNaN   bool
	circular   bool
	dflt       py.Value
	markers    map[heap.Handle]struct{}
}

func (e *jsonEncoder) enter(v py.Value) error {
	if !e.circular || v.K != heap.KRef {
		return nil
	}
	if _, ok := e.markers[v.H()]; ok {
		return e.vm.ValueError("Circular reference detected")
	}
	e.markers[v.H()] = struct{}{}
	return nil
}

func (e *jsonEncoder) leave(v py.Value) {
	if e.circular && v.K == heap.KRef {
		delete(e.markers, v.H())
	}
}

func (e *jsonEncoder) float(f float64) error {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		if !e.allowNaN {
			return e.vm.ValueError("Out of range float values are not JSON compliant")
		}
		switch {
		case math.IsNaN(f):
			e.buf = append(e.buf, "NaN"...)
		case f > 0:
			e.buf = append(e.buf, "Infinity"...)
		default:
			e.buf = append(e.buf, "-Infinity"...)
		}
	default:
		e.buf = append(e.buf, pyfmt.FloatRepr(f)...)
	}
	return nil
}

const hexDigits = "0123456789abcdef"

// jsonEscapes holds the letter after the backslash of the ASCII characters
// with a short escape; the other control characters are written \u00XX.
var jsonEscapes = [0x80]byte{'"': '"', '\\': '\\', '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f'}

// jsonQuote appends s as a JSON string literal.
func jsonQuote(buf []byte, s string, ascii bool) []byte {
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < 0x7f || c >= 0x7f && !ascii {
			i++
			continue
		}
		buf = append(buf, s[start:i]...)
		if c < 0x80 {
			if esc := jsonEscapes[c]; esc != 0 {
				buf = append(buf, '\\', esc)
			} else {
				buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		start = i
		if r >= 0x10000 {
			r1, r2 := utf16.EncodeRune(r)
			buf = appendU4(buf, r1)
			buf = appendU4(buf, r2)
		} else {
			buf = appendU4(buf, r)
		}
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

func appendU4(buf []byte, r rune) []byte {
	return append(buf, '\\', 'u', hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
}

func (e *jsonEncoder) newline(level int) {
	e.buf = append(e.buf, '\n')
	for i := 0; i < level; i++ {
		e.buf = append(e.buf, e.indent...)
	}
}

func (e *jsonEncoder) encode(v py.Value, level int) error {
	if level > jsonMaxDepth {
		return e.vm.Errorf(py.TRecursionError, "maximum recursion depth exceeded while encoding a JSON object")
	}
	switch v.K {
	case heap.KNone:
		e.buf = append(e.buf, "null"...)
		return nil
	case heap.KBool:
		if v.B() {
			e.buf = append(e.buf, "true"...)
		} else {
			e.buf = append(e.buf, "false"...)
		}
		return nil
	case heap.KInt:
		e.buf = strconv.AppendInt(e.buf, v.I(), 10)
		return nil
	case heap.KFloat:
		return e.float(v.F())
	case heap.KRef:
		switch o := e.vm.H.Get(v).(type) {
		case *heap.Str:
			e.buf = jsonQuote(e.buf, o.S, e.ensureASCI)
			return nil
		case *heap.BigInt:
			e.buf = o.V.Append(e.buf, 10)
			return nil
		case *heap.Instance:
			if o.Prim.K != heap.KUndef && o.Exc == nil {
				// A subclass of list, tuple or dict is encoded as its
				// base, but v is what the cycle check tracks.
				if ok, err := e.container(v, e.vm.H.Get(o.Prim), level); ok {
					return err
				}
				if o.Prim.K != heap.KRef || !e.isBytes(o.Prim) {
					return e.encode(o.Prim, level)
				}
			}
		default:
			if ok, err := e.container(v, o, level); ok {
				return err
			}
		}
	}
	if e.dflt.K == heap.KUndef || e.dflt.K == heap.KNone {
		return e.vm.TypeError("Object of type %s is not JSON serializable", e.vm.TypeName(v))
	}
	if err := e.enter(v); err != nil {
		return err
	}
	r, err := e.vm.Call(e.dflt, v)
	if err != nil {
		return err
	}
	if err := e.encode(r, level+1); err != nil {
		return err
	}
	e.leave(v)
	return nil
}

// container encodes o, v's object or the value of a subclass instance v,
// when it is a list, tuple or dict; ok reports whether it was one.
func (e *jsonEncoder) container(v py.Value, o heap.Object, level int) (ok bool, err error) {
	switch o := o.(type) {
	case *heap.List:
		return true, e.array(v, o.Items, level)
	case *heap.Tuple:
		return true, e.array(v, o.Items, level)
	case *heap.Dict:
		return true, e.object(v, o, level)
	}
	return false, nil
}

// open, next and close write a container's punctuation: its opening
// bracket, the separator before each item but the first, and its closing
// bracket; with an indent each item stands on its own line.
func (e *jsonEncoder) open(bracket byte, level int) {
	e.buf = append(e.buf, bracket)
	if e.hasIndent {
		e.newline(level + 1)
	}
}

func (e *jsonEncoder) next(level int) {
	e.buf = append(e.buf, e.itemSep...)
	if e.hasIndent {
		e.newline(level + 1)
	}
}

func (e *jsonEncoder) close(v py.Value, bracket byte, level int) {
	if e.hasIndent {
		e.newline(level)
	}
	e.buf = append(e.buf, bracket)
	e.leave(v)
}

func (e *jsonEncoder) isBytes(v py.Value) bool {
	_, ok := e.vm.H.Get(v).(*heap.Bytes)
	return ok
}

func (e *jsonEncoder) array(v py.Value, items []py.Value, level int) error {
	if lim := e.vm.Limits.MaxMemory; lim > 0 && int64(len(e.buf)) > int64(lim) {
		return e.vm.TooBig()
	}
	if len(items) == 0 {
		e.buf = append(e.buf, "[]"...)
		return nil
	}
	if err := e.enter(v); err != nil {
		return err
	}
	e.open('[', level)
	for i, it := range items {
		if i > 0 {
			e.next(level)
		}
		if err := e.encode(it, level+1); err != nil {
			return err
		}
	}
	e.close(v, ']', level)
	return nil
}

// key renders a dict key as a JSON object key; ok=false skips it.
func (e *jsonEncoder) key(k py.Value) (string, bool, error) {
	vm := e.vm
	if s, ok := vm.StrOf(k); ok {
		return s, true, nil
	}
	p := vm.Prim(k)
	switch p.K {
	case heap.KFloat:
		f := p.F()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			save := e.buf
			e.buf = nil
			err := e.float(f)
			s := string(e.buf)
			e.buf = save
			return s, true, err
		}
		return pyfmt.FloatRepr(f), true, nil
	case heap.KBool:
		if p.B() {
			return "true", true, nil
		}
		return "false", true, nil
	case heap.KNone:
		return "null", true, nil
	case heap.KInt:
		return strconv.FormatInt(p.I(), 10), true, nil
	case heap.KRef:
		if b, ok := vm.H.Get(p).(*heap.BigInt); ok {
			return b.V.String(), true, nil
		}
	}
	if e.skipKeys {
		return "", false, nil
	}
	return "", false, vm.TypeError("keys must be str, int, float, bool or None, not %s", vm.TypeName(k))
}

func (e *jsonEncoder) object(v py.Value, d *heap.Dict, level int) error {
	if d.Len() == 0 {
		e.buf = append(e.buf, "{}"...)
		return nil
	}
	if err := e.enter(v); err != nil {
		return err
	}
	entries := make([]heap.DictEntry, 0, d.Len())
	for _, en := range d.Entries {
		if en.Key.K != heap.KUndef {
			entries = append(entries, en)
		}
	}
	if e.sortKeys {
		if err := e.sortEntries(entries); err != nil {
			return err
		}
	}
	e.open('{', level)
	first := true
	for _, en := range entries {
		ks, ok, err := e.key(en.Key)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if !first {
			e.next(level)
		}
		first = false
		e.buf = jsonQuote(e.buf, ks, e.ensureASCI)
		e.buf = append(e.buf, e.keySep...)
		if err := e.encode(en.Val, level+1); err != nil {
			return err
		}
	}
	e.close(v, '}', level)
	return nil
}

// sortEntries orders dict entries by key with Python's < (stable).
func (e *jsonEncoder) sortEntries(entries []heap.DictEntry) error {
	vm := e.vm
	allStr := true
	for _, en := range entries {
		if !vm.IsExactStr(en.Key) {
			allStr = false
			break
		}
	}
	if allStr {
		sort.SliceStable(entries, func(i, j int) bool {
			return vm.MustStr(entries[i].Key) < vm.MustStr(entries[j].Key)
		})
		return nil
	}
	var firstErr error
	sort.SliceStable(entries, func(i, j int) bool {
		if firstErr != nil {
			return false
		}
		lt, err := vm.Compare(compile.CmpLt, entries[i].Key, entries[j].Key)
		if err != nil {
			firstErr = err
		}
		return lt
	})
	return firstErr
}

func jsonEncode(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	var obj, indent, sortKeys, itemSep, keySep, ensureASCII, dflt, skipKeys, allowNaN, checkCircular py.Value
	err := vm.UnpackArgs("encode", a, []string{"obj", "indent", "sort_keys", "item_sep", "key_sep", "ensure_ascii", "default", "skipkeys", "allow_nan", "check_circular"}, 10,
		&obj, &indent, &sortKeys, &itemSep, &keySep, &ensureASCII, &dflt, &skipKeys, &allowNaN, &checkCircular)
	if err != nil {
		return heap.Undef, err
	}
	e := &jsonEncoder{vm: vm, markers: map[heap.Handle]struct{}{}, dflt: dflt}
	if ind := indent; ind.K != heap.KNone {
		e.hasIndent = true
		if s, ok := vm.StrOf(ind); ok {
			e.indent = s
		} else if n, ok := vm.IndexOf(ind); ok {
			e.indent = strings.Repeat(" ", int(max(0, min(n, 1<<20))))
		} else {
			return heap.Undef, vm.TypeError("can't multiply sequence by non-int of type '%s'", vm.TypeName(ind))
		}
	}
	if e.sortKeys, err = vm.Truth(sortKeys); err != nil {
		return heap.Undef, err
	}
	var ok bool
	if e.itemSep, ok = vm.StrOf(itemSep); !ok {
		return heap.Undef, vm.TypeError("make_encoder() argument 6 must be str, not %s", vm.TypeName(itemSep))
	}
	if e.keySep, ok = vm.StrOf(keySep); !ok {
		return heap.Undef, vm.TypeError("make_encoder() argument 5 must be str, not %s", vm.TypeName(keySep))
	}
	flags := []struct {
		dst *bool
		arg py.Value
	}{{&e.ensureASCI, ensureASCII}, {&e.skipKeys, skipKeys}, {&e.allowNaN, allowNaN}, {&e.circular, checkCircular}}
	for _, f := range flags {
		if *f.dst, err = vm.Truth(f.arg); err != nil {
			return heap.Undef, err
		}
	}
	if err := e.encode(obj, 0); err != nil {
		return heap.Undef, err
	}
	return vm.NewStr(string(e.buf)), nil
}

// --- decoding ---------------------------------------------------------------

type jsonDecoder struct {
	vm          *py.VM
	s           string
	errCls      py.Value
	objectHook  py.Value
	pairsHook   py.Value
	parseFloat  py.Value
	parseInt    py.Value
	parseConst  py.Value
	strict      bool
	keys        map[string]py.Value
	depth       int
	pendingFail error
}

// fail raises JSONDecodeError(msg, doc, pos) with pos in characters.
func (d *jsonDecoder) fail(msg string, off int) error {
	vm := d.vm
	pos := utf8.RuneCountInString(d.s[:off])
	exc, err := vm.Call(d.errCls, vm.NewStr(msg), vm.NewStr(d.s), heap.Int(int64(pos)))
	if err != nil {
		return err
	}
	return vm.Raise(exc)
}

func (d *jsonDecoder) ws(i int) int {
	for i < len(d.s) {
		switch d.s[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

func (d *jsonDecoder) value(i int) (py.Value, int, error) {
	if i >= len(d.s) {
		return heap.Undef, i, d.fail("Expecting value", i)
	}
	switch c := d.s[i]; c {
	case '"':
		s, j, err := d.str(i + 1)
		if err != nil {
			return heap.Undef, j, err
		}
		return d.vm.NewStr(s), j, nil
	case '{':
		return d.object(i + 1)
	case '[':
		return d.array(i + 1)
	case 'n':
		if strings.HasPrefix(d.s[i:], "null") {
			return heap.None, i + 4, nil
		}
	case 't':
		if strings.HasPrefix(d.s[i:], "true") {
			return heap.True, i + 4, nil
		}
	case 'f':
		if strings.HasPrefix(d.s[i:], "false") {
			return heap.False, i + 5, nil
		}
	case 'N':
		if strings.HasPrefix(d.s[i:], "NaN") {
			return d.constant("NaN", math.NaN(), i+3)
		}
	case 'I':
		if strings.HasPrefix(d.s[i:], "Infinity") {
			return d.constant("Infinity", math.Inf(1), i+8)
		}
	case '-':
		if strings.HasPrefix(d.s[i:], "-Infinity") {
			return d.constant("-Infinity", math.Inf(-1), i+9)
		}
		return d.number(i)
	default:
		if c >= '0' && c <= '9' {
			return d.number(i)
		}
	}
	return heap.Undef, i, d.fail("Expecting value", i)
}

func (d *jsonDecoder) constant(name string, f float64, end int) (py.Value, int, error) {
	if d.parseConst.K != heap.KNone {
		r, err := d.vm.Call(d.parseConst, d.vm.NewStr(name))
		return r, end, err
	}
	return heap.Float(f), end, nil
}

func (d *jsonDecoder) number(i int) (py.Value, int, error) {
	s := d.s
	j := i
	if s[j] == '-' {
		j++
	}
	if j >= len(s) || s[j] < '0' || s[j] > '9' {
		return heap.Undef, i, d.fail("Expecting value", i)
	}
	if s[j] == '0' {
		j++
	} else {
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
	}
	isFloat := false
	if j+1 < len(s) && s[j] == '.' && s[j+1] >= '0' && s[j+1] <= '9' {
		isFloat = true
		j += 2
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && s[k] >= '0' && s[k] <= '9' {
			for k < len(s) && s[k] >= '0' && s[k] <= '9' {
				k++
			}
			isFloat = true
			j = k
		}
	}
	text := s[i:j]
	vm := d.vm
	if isFloat {
		if d.parseFloat.K != heap.KNone {
			r, err := vm.Call(d.parseFloat, vm.NewStr(text))
			return r, j, err
		}
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && !math.IsInf(f, 0) {
			return heap.Undef, j, vm.ValueError("could not convert string to float: '%s'", text)
		}
		return heap.Float(f), j, nil
	}
	if d.parseInt.K != heap.KNone {
		r, err := vm.Call(d.parseInt, vm.NewStr(text))
		return r, j, err
	}
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		return heap.Int(n), j, nil
	}
	if len(text) > 4300 {
		return heap.Undef, j, vm.ValueError("Exceeds the limit (4300 digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", len(strings.TrimPrefix(text, "-")))
	}
	b, _ := new(big.Int).SetString(text, 10)
	return vm.NewBigInt(b), j, nil
}

// str parses a string body starting after the opening quote at i-1.
func (d *jsonDecoder) str(i int) (string, int, error) {
	s := d.s
	begin := i - 1
	j := i
	for j < len(s) {
		c := s[j]
		if c == '"' {
			return s[i:j], j + 1, nil
		}
		if c == '\\' || (c < 0x20 && d.strict) {
			break
		}
		j++
	}
	var sb strings.Builder
	sb.WriteString(s[i:j])
	for {
		if j >= len(s) {
			return "", j, d.fail("Unterminated string starting at", begin)
		}
		c := s[j]
		switch {
		case c == '"':
			return sb.String(), j + 1, nil
		case c < 0x20 && d.strict:
			return "", j, d.fail("Invalid control character at", j)
		case c != '\\':
			sb.WriteByte(c)
			j++
			continue
		}
		j++
		if j >= len(s) {
			return "", j, d.fail("Unterminated string starting at", begin)
		}
		esc := s[j]
		switch esc {
		case '"', '\\', '/':
			sb.WriteByte(esc)
		case 'b':
			sb.WriteByte('\b')
		case 'f':
			sb.WriteByte('\f')
		case 'n':
			sb.WriteByte('\n')
		case 'r':
			sb.WriteByte('\r')
		case 't':
			sb.WriteByte('\t')
		case 'u':
			r, ok := hex4(s, j+1)
			if !ok {
				return "", j, d.fail("Invalid \\uXXXX escape", j)
			}
			j += 4
			if r >= 0xd800 && r <= 0xdbff && j+6 < len(s)+0 && s[j+1] == '\\' && s[j+2] == 'u' {
				if r2, ok := hex4(s, j+3); ok && r2 >= 0xdc00 && r2 <= 0xdfff {
					r = utf16.DecodeRune(r, r2)
					j += 6
				}
			}
			sb.WriteRune(r)
		default:
			return "", j, d.fail("Invalid \\escape", j-1)
		}
		j++
	}
}

func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for k := i; k < i+4; k++ {
		c := s[k]
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

func (d *jsonDecoder) key(s string) py.Value {
	if v, ok := d.keys[s]; ok {
		return v
	}
	v := d.vm.NewStr(s)
	d.keys[s] = v
	return v
}

func (d *jsonDecoder) object(i int) (py.Value, int, error) {
	vm := d.vm
	d.depth++
	defer func() { d.depth-- }()
	if d.depth > jsonMaxDepth {
		return heap.Undef, i, vm.Errorf(py.TRecursionError, "maximum recursion depth exceeded while decoding a JSON object from a unicode string")
	}
	dict := &heap.Dict{}
	var pairs []py.Value
	i = d.ws(i)
	if i < len(d.s) && d.s[i] == '}' {
		return d.finishObject(dict, pairs, i+1)
	}
	for {
		if i >= len(d.s) || d.s[i] != '"' {
			return heap.Undef, i, d.fail("Expecting property name enclosed in double quotes", i)
		}
		ks, j, err := d.str(i + 1)
		if err != nil {
			return heap.Undef, j, err
		}
		k := d.key(ks)
		i = d.ws(j)
		if i >= len(d.s) || d.s[i] != ':' {
			return heap.Undef, i, d.fail("Expecting ':' delimiter", i)
		}
		i = d.ws(i + 1)
		v, j, err := d.value(i)
		if err != nil {
			return heap.Undef, j, err
		}
		if d.pairsHook.K != heap.KNone {
			pairs = append(pairs, vm.NewTuple([]py.Value{k, v}))
		} else if err := dict.Set(k, v, vm.StrHash(k), vm.StrEq); err != nil {
			return heap.Undef, j, err
		}
		i = d.ws(j)
		if i < len(d.s) && d.s[i] == '}' {
			return d.finishObject(dict, pairs, i+1)
		}
		if i >= len(d.s) || d.s[i] != ',' {
			return heap.Undef, i, d.fail("Expecting ',' delimiter", i)
		}
		i = d.ws(i + 1)
	}
}

func (d *jsonDecoder) finishObject(dict *heap.Dict, pairs []py.Value, end int) (py.Value, int, error) {
	vm := d.vm
	if d.pairsHook.K != heap.KNone {
		r, err := vm.Call(d.pairsHook, vm.NewList(pairs))
		return r, end, err
	}
	v := vm.H.Alloc(dict)
	if d.objectHook.K != heap.KNone {
		r, err := vm.Call(d.objectHook, v)
		return r, end, err
	}
	return v, end, nil
}

func (d *jsonDecoder) array(i int) (py.Value, int, error) {
	d.depth++
	defer func() { d.depth-- }()
	if d.depth > jsonMaxDepth {
		return heap.Undef, i, d.vm.Errorf(py.TRecursionError, "maximum recursion depth exceeded while decoding a JSON array from a unicode string")
	}
	var items []py.Value
	i = d.ws(i)
	if i < len(d.s) && d.s[i] == ']' {
		return d.vm.NewList(items), i + 1, nil
	}
	for {
		v, j, err := d.value(i)
		if err != nil {
			return heap.Undef, j, err
		}
		items = append(items, v)
		i = d.ws(j)
		if i < len(d.s) && d.s[i] == ']' {
			return d.vm.NewList(items), i + 1, nil
		}
		if i >= len(d.s) || d.s[i] != ',' {
			return heap.Undef, i, d.fail("Expecting ',' delimiter", i)
		}
		i = d.ws(i + 1)
	}
}

func jsonDecode(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	var sArg, errcls, objectHookArg, objectPairsHook, parseFloatArg, parseIntArg, parseConstant, strictArg, rawIdx py.Value
	if err := vm.UnpackArgs("decode", a, []string{"s", "errcls", "object_hook", "object_pairs_hook", "parse_float", "parse_int", "parse_constant", "strict", "raw_idx"}, 8, &sArg, &errcls, &objectHookArg, &objectPairsHook, &parseFloatArg, &parseIntArg, &parseConstant, &strictArg, &rawIdx); err != nil {
		return heap.Undef, err
	}
	s, ok := vm.StrOf(sArg)
	if !ok {
		return heap.Undef, vm.TypeError("the JSON object must be str, bytes or bytearray, not %s", vm.TypeName(sArg))
	}
	d := &jsonDecoder{vm: vm, s: s, errCls: errcls, objectHook: objectHookArg, pairsHook: objectPairsHook,
		parseFloat: parseFloatArg, parseInt: parseIntArg, parseConst: parseConstant, keys: map[string]py.Value{}}
	var err error
	if d.strict, err = vm.Truth(strictArg); err != nil {
		return heap.Undef, err
	}
	if rawIdx.K != heap.KUndef && rawIdx.K != heap.KNone {
		// raw_decode: one value starting exactly at char index raw_idx;
		// returns (value, end char index).
		idx, ok := vm.IndexOf(rawIdx)
		if !ok {
			return heap.Undef, vm.TypeError("idx must be an integer")
		}
		if idx < 0 {
			return heap.Undef, vm.ValueError("idx cannot be negative")
		}
		off := len(s)
		for n, bi := int64(0), 0; bi <= len(s); n++ {
			if n == idx {
				off = bi
				break
			}
			if bi == len(s) {
				break
			}
			_, size := utf8.DecodeRuneInString(s[bi:])
			bi += size
		}
		v, j, err := d.value(off)
		if err != nil {
			return heap.Undef, err
		}
		end := utf8.RuneCountInString(s[:j])
		return vm.NewTuple([]py.Value{v, heap.Int(int64(end))}), nil
	}
	i := d.ws(0)
	v, j, err := d.value(i)
	if err != nil {
		return heap.Undef, err
	}
	j = d.ws(j)
	if j != len(s) {
		return heap.Undef, d.fail("Extra data", j)
	}
	return v, nil
}

func initJSON(vm *py.VM, m py.Value) error {
	vm.ModuleFunc(m, "_json.encode", func(vm *py.VM, self py.Value, a py.Args) (py.Value, error) { return jsonEncode(vm, self, a) })
	vm.ModuleFunc(m, "_json.decode", func(vm *py.VM, self py.Value, a py.Args) (py.Value, error) { return jsonDecode(vm, self, a) })
	return nil
}
