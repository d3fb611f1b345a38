package protocol

// The JSON encoding of Python values (docs/values.schema.json).
//
// JSON's own types stand for themselves: null, true/false, an int within
// ±(2^53-1), a finite float (always written with a "." or an exponent, so
// 1.0 stays a float), a str, a list, and a dict whose keys are all strs not
// starting with "$". Everything else is an object with one "$" tag:
//
//	{"$int": "123456789012345678901234567890"}
//	{"$float": "nan" | "inf" | "-inf"}
//	{"$bytes": "<standard base64>"}
//	{"$tuple": [...]}, {"$set": [...]}, {"$frozenset": [...]}
//	{"$dict": [[key, value], ...]}
//	{"$exception": {"type": "ValueError", "message": "..."}}
//	{"$host": 7}   (a host object's id, or a stand-in's name as a string)
//	{"$repr": "<generator object f at 0x...>", "$type": "generator"}
//
// Decoding is strict: unknown tags, keys starting with "$" beside a tag,
// duplicate keys, nesting deeper than MaxValueDepth, inputs larger than
// MaxValueBytes and ints longer than MaxIntDigits are refused with a
// *ValueError. A plain JSON integer outside ±(2^53-1) (which the encoder
// never writes) is decoded exactly: int64 when it fits, else *big.Int.
//
// What does not round-trip, by design: an exception travels as its type
// and str() (KeyError('k') comes back as KeyError("'k'")); a $repr value
// comes back as a core.Opaque, not as the object; a str holding invalid
// UTF-8 (lone surrogates) is written with U+FFFD in their place; a Go map
// has no order, so it is written in sorted key order. The decoder is in
// value_decode.go.

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core"
)

// Limits of the value encoding.
const (
	// MaxValueDepth is how deeply containers may nest.
	MaxValueDepth = 200
	// MaxValueBytes is the largest encoded value DecodeValue reads.
	MaxValueBytes = 64 << 20
	// MaxIntDigits is the most digits of a $int (CPython's default limit
	// on int/str conversion).
	MaxIntDigits = 4300
	// MaxSafeInt is the largest int written as a plain JSON number.
	MaxSafeInt = 1<<53 - 1
)

// Value tags.
const (
	TagInt       = "$int"
	TagFloat     = "$float"
	TagBytes     = "$bytes"
	TagTuple     = "$tuple"
	TagSet       = "$set"
	TagFrozenSet = "$frozenset"
	TagDict      = "$dict"
	TagException = "$exception"
	TagHost      = "$host"
	TagRepr      = "$repr"
	TagType      = "$type"
)

// Tags lists every tag the encoding uses.
var Tags = []string{TagInt, TagFloat, TagBytes, TagTuple, TagSet, TagFrozenSet, TagDict, TagException, TagHost, TagRepr, TagType}

// Errors a *ValueError may wrap; test with errors.Is.
var (
	ErrValueTooDeep  = errors.New("value nested too deeply")
	ErrValueTooLarge = errors.New("value too large")
)

// ValueError is a value that cannot be encoded or decoded. Path locates it
// inside the value ("$" is the root, then [i] and .key steps).
type ValueError struct {
	Path   string
	Reason string
	Err    error // ErrValueTooDeep, ErrValueTooLarge, or a parse error; may be nil
}

func (e *ValueError) Error() string {
	msg := "value " + e.Path + ": " + e.Reason
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *ValueError) Unwrap() error { return e.Err }

// --- encoding ------------------------------------------------------------------

// EncodeValue encodes a Go value as core hands it out (core.Object.Go), or as
// a host passes it, in the JSON value encoding. A core.Object encodes its Go
// form. Go values with no Python counterpart (structs, pointers, funcs)
// encode as {"$repr", "$type"}.
func EncodeValue(v any) (json.RawMessage, error) {
	e := encoder{}
	if err := e.value(v, 0); err != nil {
		return nil, err
	}
	if e.err != nil {
		return nil, e.err
	}
	return json.RawMessage(e.buf.Bytes()), nil
}

// EncodeObject encodes a value core handed out. A value the encoding
// cannot carry (nested too deeply) is sent as {"$repr", "$type"} with its
// repr, so a reply always has a value.
func EncodeObject(o core.Object) json.RawMessage {
	raw, err := EncodeValue(o.Go)
	if err == nil {
		return raw
	}
	e := encoder{}
	e.opaque(pyTypeName(o.Go), o.Repr)
	return json.RawMessage(e.buf.Bytes())
}

// pyTypeName names the Python type of a Go value core hands out.
func pyTypeName(v any) string {
	switch v.(type) {
	case []any:
		return "list"
	case core.Tuple:
		return "tuple"
	case core.Set:
		return "set"
	case core.FrozenSet:
		return "frozenset"
	case core.Dict, map[string]any:
		return "dict"
	case core.Opaque:
		return v.(core.Opaque).Type
	case *core.Exception:
		return v.(*core.Exception).Type
	}
	return "object"
}

type encoder struct {
	buf bytes.Buffer
	// depth and steps locate the value being written (steps become a
	// path string only for an error); err is the first tagged scalar
	// written too deep.
	depth int
	steps []step
	err   error
}

func (e *encoder) where() string { return pathString(e.steps) }
func (e *encoder) push(s step)   { e.steps = append(e.steps, s) }
func (e *encoder) pop()          { e.steps = e.steps[:len(e.steps)-1] }

// comma separates the i-th item of an array or object from the one before.
func (e *encoder) comma(i int) {
	if i > 0 {
		e.buf.WriteByte(',')
	}
}

// valueAt encodes v as the part s of the current value, for error paths.
func (e *encoder) valueAt(s step, v any, depth int) error {
	e.push(s)
	err := e.value(v, depth)
	e.pop()
	return err
}

// open notes an object opened for a tagged scalar of the current value.
func (e *encoder) open() {
	if e.depth+1 > MaxValueDepth && e.err == nil {
		e.err = tooDeep(e.where())
	}
}

// tooDeep is the error for JSON nested more than MaxValueDepth levels.
func tooDeep(path string) error {
	return &ValueError{Path: path, Reason: fmt.Sprintf("more than %d levels of nesting", MaxValueDepth), Err: ErrValueTooDeep}
}

// value encodes v inside depth levels of JSON arrays and objects. Every
// array and object the encoder writes is at most MaxValueDepth deep, the
// limit DecodeValue enforces.
func (e *encoder) value(v any, depth int) error {
	if depth > MaxValueDepth {
		return tooDeep(e.where())
	}
	e.depth = depth
	switch x := v.(type) {
	case nil:
		e.buf.WriteString("null")
	case bool:
		if x {
			e.buf.WriteString("true")
		} else {
			e.buf.WriteString("false")
		}
	case int:
		e.int64(int64(x))
	case int64:
		e.int64(x)
	case int8, int16, int32, uint, uint8, uint16, uint32, uint64, float32:
		return e.reflect(reflect.ValueOf(x), depth)
	case *big.Int:
		if x == nil {
			e.buf.WriteString("null")
			return nil
		}
		e.bigInt(x)
	case big.Int:
		e.bigInt(&x)
	case float64:
		e.float(x)
	case complex64:
		e.opaque("complex", complexRepr(complex128(x)))
	case complex128:
		e.opaque("complex", complexRepr(x))
	case string:
		writeString(&e.buf, x)
	case []byte:
		e.taggedString(TagBytes, base64.StdEncoding.EncodeToString(x))
	case []any:
		return e.list(x, depth)
	case core.Tuple:
		return e.taggedList(TagTuple, x, depth)
	case core.Set:
		return e.taggedList(TagSet, x, depth)
	case core.FrozenSet:
		return e.taggedList(TagFrozenSet, x, depth)
	case core.Dict:
		return e.dict(x, depth)
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		d := make(core.Dict, len(keys))
		for i, k := range keys {
			d[i] = core.KV{Key: k, Value: x[k]}
		}
		return e.dict(d, depth)
	case *core.Exception:
		if x == nil {
			e.buf.WriteString("null")
			return nil
		}
		return e.exception(x.Type, x.Message, depth)
	case core.Exception:
		return e.exception(x.Type, x.Message, depth)
	case *Exception:
		if x == nil {
			e.buf.WriteString("null")
			return nil
		}
		return e.exception(x.Type, x.Message, depth)
	case core.Opaque:
		e.opaque(x.Type, x.Repr)
	case core.HostStandIn:
		e.tagged(TagHost)
		if isCanonicalInt(x.Name) {
			e.buf.WriteString(x.Name)
		} else {
			writeString(&e.buf, x.Name)
		}
		e.buf.WriteByte('}')
	case HostRef:
		e.tagged(TagHost)
		e.buf.WriteString(strconv.FormatInt(int64(x), 10))
		e.buf.WriteByte('}')
	case core.Object:
		return e.value(x.Go, depth)
	case *core.Object:
		if x == nil {
			e.buf.WriteString("null")
			return nil
		}
		return e.value(x.Go, depth)
	case json.RawMessage:
		// An already encoded value: check it, then copy it.
		if _, err := decodeValue(x, false); err != nil {
			var ve *ValueError
			if errors.As(err, &ve) {
				ve.Path = e.where() + strings.TrimPrefix(ve.Path, "$")
				return ve
			}
			return err
		}
		e.buf.Write(bytes.TrimSpace(x))
	default:
		return e.reflect(reflect.ValueOf(v), depth)
	}
	return nil
}

// reflect encodes Go data of types not named above, like core does on the
// way in: named basic types, slices and arrays, maps (in sorted key order).
func (e *encoder) reflect(rv reflect.Value, depth int) error {
	switch rv.Kind() {
	case reflect.Bool:
		return e.value(rv.Bool(), depth)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		e.int64(rv.Int())
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		e.uint64(rv.Uint())
		return nil
	case reflect.Float32, reflect.Float64:
		e.float(rv.Float())
		return nil
	case reflect.String:
		writeString(&e.buf, rv.String())
		return nil
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() == reflect.Uint8 {
			return e.value(rv.Bytes(), depth)
		}
		if rv.Kind() == reflect.Slice && rv.IsNil() {
			e.buf.WriteString("[]")
			return nil
		}
		items := make([]any, rv.Len())
		for i := range items {
			items[i] = rv.Index(i).Interface()
		}
		return e.list(items, depth)
	case reflect.Map:
		keys := rv.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return core.MapKeyLess(keys[i], keys[j]) })
		d := make(core.Dict, len(keys))
		for i, k := range keys {
			d[i] = core.KV{Key: k.Interface(), Value: rv.MapIndex(k).Interface()}
		}
		return e.dict(d, depth)
	case reflect.Invalid:
		e.buf.WriteString("null")
		return nil
	}
	// Anything else is a host object: the sandbox could hold it but JSON
	// cannot carry it.
	t := rv.Type().String()
	e.opaque(t, fmt.Sprintf("<%s object>", t))
	return nil
}

// tagged opens a one-tag object: {"$tag":
func (e *encoder) tagged(tag string) {
	e.open()
	e.buf.WriteString(`{"`)
	e.buf.WriteString(tag)
	e.buf.WriteString(`":`)
}

// taggedString writes {"$tag":"s"} for an s that needs no escaping.
func (e *encoder) taggedString(tag, s string) {
	e.tagged(tag)
	e.buf.WriteByte('"')
	e.buf.WriteString(s)
	e.buf.WriteString(`"}`)
}

func (e *encoder) int64(n int64) {
	if n >= -MaxSafeInt && n <= MaxSafeInt {
		e.buf.WriteString(strconv.FormatInt(n, 10))
		return
	}
	e.taggedString(TagInt, strconv.FormatInt(n, 10))
}

func (e *encoder) uint64(n uint64) {
	if n <= MaxSafeInt {
		e.buf.WriteString(strconv.FormatUint(n, 10))
		return
	}
	e.taggedString(TagInt, strconv.FormatUint(n, 10))
}

func (e *encoder) bigInt(n *big.Int) {
	if n.IsInt64() {
		e.int64(n.Int64())
		return
	}
	e.taggedString(TagInt, n.String())
}

func (e *encoder) float(f float64) {
	switch {
	case math.IsNaN(f):
		e.taggedString(TagFloat, "nan")
	case math.IsInf(f, 1):
		e.taggedString(TagFloat, "inf")
	case math.IsInf(f, -1):
		e.taggedString(TagFloat, "-inf")
	default:
		e.buf.WriteString(FormatFloat(f))
	}
}

// FormatFloat writes a finite float the way Python's repr does (the
// shortest digits that round-trip; exponent form below 1e-4 and from 1e16),
// which is always valid JSON with a "." or an exponent.
func FormatFloat(f float64) string { return core.FloatRepr(f) }

// complexRepr is Python's repr of a complex number.
func complexRepr(c complex128) string {
	re, im := real(c), imag(c)
	if re == 0 && !math.Signbit(re) {
		return complexPart(im) + "j"
	}
	ims := complexPart(im)
	if !strings.HasPrefix(ims, "-") {
		ims = "+" + ims
	}
	return "(" + complexPart(re) + ims + "j)"
}

// complexPart is one part of a complex's repr: a float's repr without ".0".
func complexPart(f float64) string {
	return strings.TrimSuffix(core.FloatRepr(f), ".0")
}

// taggedList writes {"$tag": [items]} inside depth levels.
func (e *encoder) taggedList(tag string, items []any, depth int) error {
	e.tagged(tag)
	e.push(step{key: tag, index: -1})
	err := e.list(items, depth+1)
	e.pop()
	if err != nil {
		return err
	}
	e.buf.WriteByte('}')
	return nil
}

// list writes items as an array inside depth levels.
func (e *encoder) list(items []any, depth int) error {
	if depth+1 > MaxValueDepth {
		return tooDeep(e.where())
	}
	e.buf.WriteByte('[')
	for i, x := range items {
		e.comma(i)
		if err := e.valueAt(step{index: i}, x, depth+1); err != nil {
			return err
		}
	}
	e.buf.WriteByte(']')
	return nil
}

// dict writes a dict as a plain object when every key is a str not
// starting with "$" (and no key repeats, which a Go-built core.Dict could
// do), else as a $dict.
func (e *encoder) dict(d core.Dict, depth int) error {
	if plainKeys(d) {
		if depth+1 > MaxValueDepth {
			return tooDeep(e.where())
		}
		e.buf.WriteByte('{')
		for i, kv := range d {
			e.comma(i)
			k := kv.Key.(string)
			writeString(&e.buf, k)
			e.buf.WriteByte(':')
			if err := e.valueAt(step{key: k, index: -1}, kv.Value, depth+1); err != nil {
				return err
			}
		}
		e.buf.WriteByte('}')
		return nil
	}
	if depth+3 > MaxValueDepth {
		return tooDeep(e.where())
	}
	e.tagged(TagDict)
	e.buf.WriteByte('[')
	for i, kv := range d {
		e.comma(i)
		e.buf.WriteByte('[')
		e.push(step{key: TagDict, index: -1})
		e.push(step{index: i})
		e.push(step{index: 0})
		err := e.value(kv.Key, depth+3)
		if err == nil {
			e.buf.WriteByte(',')
			e.steps[len(e.steps)-1].index = 1
			err = e.value(kv.Value, depth+3)
		}
		e.steps = e.steps[:len(e.steps)-3]
		if err != nil {
			return err
		}
		e.buf.WriteByte(']')
	}
	e.buf.WriteString("]}")
	return nil
}

func plainKeys(d core.Dict) bool {
	var seen map[string]bool
	if len(d) > 8 {
		seen = make(map[string]bool, len(d))
	}
	for i, kv := range d {
		k, ok := kv.Key.(string)
		if !ok || strings.HasPrefix(k, "$") {
			return false
		}
		if seen != nil {
			if seen[k] {
				return false
			}
			seen[k] = true
			continue
		}
		for _, prev := range d[:i] {
			if prev.Key.(string) == k {
				return false
			}
		}
	}
	return true
}

func (e *encoder) exception(typ, msg string, depth int) error {
	if depth+2 > MaxValueDepth {
		return tooDeep(e.where())
	}
	e.tagged(TagException)
	e.buf.WriteString(`{"type":`)
	writeString(&e.buf, typ)
	e.buf.WriteString(`,"message":`)
	writeString(&e.buf, msg)
	e.buf.WriteString("}}")
	return nil
}

func (e *encoder) opaque(typ, repr string) {
	e.open()
	e.buf.WriteString(`{"$repr":`)
	writeString(&e.buf, repr)
	e.buf.WriteString(`,"$type":`)
	writeString(&e.buf, typ)
	e.buf.WriteByte('}')
}

const hexDigits = "0123456789abcdef"

// writeString writes s as a JSON string. Invalid UTF-8 (a Python str with
// lone surrogates) becomes U+FFFD; <, > and & are left alone.
func writeString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b.WriteString(s[start:i])
			switch c {
			case '"', '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			default:
				b.WriteString(`\u00`)
				b.WriteByte(hexDigits[c>>4])
				b.WriteByte(hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString(s[start:i])
			b.WriteString(`\ufffd`)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b.WriteString(s[start:i])
			b.WriteString(`\u202`)
			b.WriteByte(hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b.WriteString(s[start:])
	b.WriteByte('"')
}

// isCanonicalInt reports whether s is an int64 written the way
// strconv.FormatInt writes it.
func isCanonicalInt(s string) bool {
	n, err := strconv.ParseInt(s, 10, 64)
	return err == nil && strconv.FormatInt(n, 10) == s
}

// HostRef is a host object by the id its client gave it: {"$host": id}.
// DecodeValue returns core.HostStandIn{Name: "<id>"} for it, so that the
// reference survives a dump as data; EncodeValue accepts both.
type HostRef int64

// --- decoding ------------------------------------------------------------------

// DecodeValue decodes one value of the JSON value encoding into the Go
// forms core accepts as inputs and resume values: nil, bool, int64 or
// *big.Int, float64, string, []byte, []any, core.Tuple, core.Set,
// core.FrozenSet, core.Dict ($dict), map[string]any (a plain JSON object),
// *core.Exception, core.HostStandIn ($host) and core.Opaque ($repr).
//
// A plain JSON object becomes a map[string]any, which loses its key order;
// DecodeValueOrdered keeps it.
func DecodeValue(raw json.RawMessage) (any, error) { return decodeValue(raw, false) }

// DecodeValueOrdered is DecodeValue, except that a plain JSON object
// becomes a core.Dict in the order of its keys, as Python would keep it.
// The step engine hands values to the sandbox with this.
func DecodeValueOrdered(raw json.RawMessage) (any, error) { return decodeValue(raw, true) }
