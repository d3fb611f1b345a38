package protocol

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core"
)

// The decoder is a small recursive-descent JSON parser that builds the Go
// values directly: it keeps object keys in order (a dict's order is part
// of its value), checks the encoding's rules as it goes, and is several
// times faster than walking encoding/json's tokens. Strings are read as
// encoding/json reads them: invalid UTF-8 and lone surrogate escapes
// become U+FFFD.

func decodeValue(raw json.RawMessage, ordered bool) (any, error) {
	if len(raw) > MaxValueBytes {
		return nil, &ValueError{Path: "$", Reason: fmt.Sprintf("%d bytes, more than %d", len(raw), MaxValueBytes), Err: ErrValueTooLarge}
	}
	p := &parser{data: raw, ordered: ordered}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.pos != len(p.data) {
		return nil, &ValueError{Path: "$", Reason: fmt.Sprintf("data after the value at offset %d", p.pos)}
	}
	return v, nil
}

// step is one step of the path to the value being parsed: a key, or an
// index when index >= 0.
type step struct {
	key   string
	index int
}

type parser struct {
	data    []byte
	pos     int
	ordered bool
	path    []step // built into a string only for errors
}

func (p *parser) where() string { return pathString(p.path) }

// pathString writes steps as a path: "$", then [i] and .key steps.
func pathString(steps []step) string {
	var b strings.Builder
	b.WriteString("$")
	for _, s := range steps {
		if s.index >= 0 {
			b.WriteString("[" + strconv.Itoa(s.index) + "]")
		} else {
			b.WriteString("." + s.key)
		}
	}
	return b.String()
}

func (p *parser) push(s step) { p.path = append(p.path, s) }
func (p *parser) pop()        { p.path = p.path[:len(p.path)-1] }

func (p *parser) fail(reason string) error { return &ValueError{Path: p.where(), Reason: reason} }

func (p *parser) tooDeep() error { return tooDeep(p.where()) }

// syntax reports malformed JSON at the current offset.
func (p *parser) syntax(what string) error {
	if p.pos >= len(p.data) {
		return p.fail("bad JSON: unexpected end of input")
	}
	return p.fail(fmt.Sprintf("bad JSON at offset %d: %s", p.pos, what))
}

func (p *parser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// peek returns the next byte after white space (0 at the end).
func (p *parser) peek() byte {
	p.skipSpace()
	if p.pos >= len(p.data) {
		return 0
	}
	return p.data[p.pos]
}

// expect consumes c after white space.
func (p *parser) expect(c byte, what string) error {
	if p.peek() != c {
		return p.syntax("want " + what)
	}
	p.pos++
	return nil
}

// value parses a value inside depth arrays and objects.
func (p *parser) value(depth int) (any, error) {
	c := p.peek()
	switch {
	case c == '"':
		return p.str()
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == '[':
		if depth+1 > MaxValueDepth {
			return nil, p.tooDeep()
		}
		p.pos++
		return p.items(depth + 1)
	case c == '{':
		if depth+1 > MaxValueDepth {
			return nil, p.tooDeep()
		}
		p.pos++
		return p.object(depth + 1)
	case c == 'n':
		return nil, p.literal("null")
	case c == 't':
		if err := p.literal("true"); err != nil {
			return nil, err
		}
		return true, nil
	case c == 'f':
		if err := p.literal("false"); err != nil {
			return nil, err
		}
		return false, nil
	}
	return nil, p.syntax(fmt.Sprintf("unexpected %q", c))
}

func (p *parser) literal(word string) error {
	if !bytes.HasPrefix(p.data[p.pos:], []byte(word)) {
		return p.syntax("bad literal")
	}
	p.pos += len(word)
	return nil
}

// items parses the rest of an array whose '[' was read; the array is at
// level depth.
func (p *parser) items(depth int) ([]any, error) {
	out := []any{}
	if p.peek() == ']' {
		p.pos++
		return out, nil
	}
	for i := 0; ; i++ {
		p.push(step{index: i})
		v, err := p.value(depth)
		p.pop()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		if end, err := p.more(']'); end || err != nil {
			return out, err
		}
	}
}

// more reads what follows an item of an array or object: a ',' before the
// next item, or close, which ends it (end true).
func (p *parser) more(close byte) (end bool, err error) {
	switch p.peek() {
	case ',':
		p.pos++
		return false, nil
	case close:
		p.pos++
		return true, nil
	}
	return false, p.syntax(fmt.Sprintf("want ',' or '%c'", close))
}

// key parses an object key and its ':'.
func (p *parser) key() (string, error) {
	if p.peek() != '"' {
		return "", p.syntax("want a key")
	}
	k, err := p.str()
	if err != nil {
		return "", err
	}
	return k, p.expect(':', "':'")
}

// object parses the rest of an object whose '{' was read: a plain dict,
// or a tag. The object is at level depth.
func (p *parser) object(depth int) (any, error) {
	if p.peek() == '}' {
		p.pos++
		if p.ordered {
			return core.Dict{}, nil
		}
		return map[string]any{}, nil
	}
	k, err := p.key()
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(k, "$") {
		return p.tag(k, depth)
	}
	var dict core.Dict
	var seen map[string]bool // past a few keys; fewer are checked by a scan
	for {
		if seen != nil {
			if seen[k] {
				return nil, p.fail("duplicate key " + strconv.Quote(k))
			}
			seen[k] = true
		} else {
			for _, kv := range dict {
				if kv.Key.(string) == k {
					return nil, p.fail("duplicate key " + strconv.Quote(k))
				}
			}
			if len(dict) == 8 {
				seen = make(map[string]bool)
				for _, kv := range dict {
					seen[kv.Key.(string)] = true
				}
				seen[k] = true
			}
		}
		p.push(step{key: k, index: -1})
		v, err := p.value(depth)
		p.pop()
		if err != nil {
			return nil, err
		}
		dict = append(dict, core.KV{Key: k, Value: v})
		end, err := p.more('}')
		if err != nil {
			return nil, err
		}
		if end {
			break
		}
		if k, err = p.key(); err != nil {
			return nil, err
		}
		if strings.HasPrefix(k, "$") {
			return nil, p.fail("key " + strconv.Quote(k) + " starts with $ in a plain dict (use $dict)")
		}
	}
	if p.ordered {
		return dict, nil
	}
	m := make(map[string]any, len(dict))
	for _, kv := range dict {
		m[kv.Key.(string)] = kv.Value
	}
	return m, nil
}

// strValue parses a string where one must be.
func (p *parser) strValue() (string, error) {
	if p.peek() != '"' {
		return "", p.fail("want a string")
	}
	return p.str()
}

// tag parses a tagged object whose first key, tag, and its ':' were read.
// The object is at level depth.
func (p *parser) tag(tag string, depth int) (any, error) {
	p.push(step{key: tag, index: -1})
	out, err := p.tagValue(tag, depth)
	p.pop()
	if err != nil {
		return nil, err
	}
	switch p.peek() {
	case '}':
		p.pos++
		return out, nil
	case ',':
		return nil, p.fail("another key beside " + tag)
	}
	return nil, p.syntax("want '}'")
}

func (p *parser) tagValue(tag string, depth int) (any, error) {
	switch tag {
	case TagInt:
		s, err := p.strValue()
		if err != nil {
			return nil, err
		}
		return p.bigInt(s)
	case TagFloat:
		s, err := p.strValue()
		if err != nil {
			return nil, err
		}
		switch s {
		case "nan":
			return math.NaN(), nil
		case "inf":
			return math.Inf(1), nil
		case "-inf":
			return math.Inf(-1), nil
		}
		return nil, p.fail(`want "nan", "inf" or "-inf", not ` + strconv.Quote(s))
	case TagBytes:
		s, err := p.strValue()
		if err != nil {
			return nil, err
		}
		b, err := base64.StdEncoding.Strict().DecodeString(s)
		if err != nil {
			return nil, &ValueError{Path: p.where(), Reason: "bad base64", Err: err}
		}
		return b, nil
	case TagTuple, TagSet, TagFrozenSet:
		if p.peek() != '[' {
			return nil, p.fail("want a list")
		}
		if depth+1 > MaxValueDepth {
			return nil, p.tooDeep()
		}
		p.pos++
		items, err := p.items(depth + 1)
		if err != nil {
			return nil, err
		}
		switch tag {
		case TagTuple:
			return core.Tuple(items), nil
		case TagSet:
			return core.Set(items), nil
		}
		return core.FrozenSet(items), nil
	case TagDict:
		return p.pairs(depth)
	case TagException:
		if depth+1 > MaxValueDepth {
			return nil, p.tooDeep()
		}
		return p.exception()
	case TagHost:
		switch c := p.peek(); {
		case c == '"':
			name, err := p.str()
			if err != nil {
				return nil, err
			}
			return core.HostStandIn{Name: name}, nil
		case c == '-' || c >= '0' && c <= '9':
			start := p.pos
			if _, err := p.number(); err != nil {
				return nil, err
			}
			n, err := strconv.ParseInt(string(p.data[start:p.pos]), 10, 64)
			if err != nil {
				return nil, &ValueError{Path: p.where(), Reason: "want an integer object id", Err: err}
			}
			return core.HostStandIn{Name: strconv.FormatInt(n, 10)}, nil
		}
		return nil, p.fail("want an integer object id or a name")
	case TagRepr, TagType:
		first, err := p.strValue()
		if err != nil {
			return nil, err
		}
		other := TagType
		if tag == TagType {
			other = TagRepr
		}
		if err := p.expect(',', "',' and "+other); err != nil {
			return nil, err
		}
		k, err := p.key()
		if err != nil {
			return nil, err
		}
		if k != other {
			return nil, p.fail(tag + " needs " + other + " beside it")
		}
		second, err := p.strValue()
		if err != nil {
			return nil, err
		}
		if tag == TagRepr {
			return core.Opaque{Repr: first, Type: second}, nil
		}
		return core.Opaque{Type: first, Repr: second}, nil
	}
	return nil, p.fail("unknown tag " + strconv.Quote(tag))
}

// pairs parses the [[key, value], ...] of a $dict whose object is at
// level depth.
func (p *parser) pairs(depth int) (core.Dict, error) {
	if p.peek() != '[' {
		return nil, p.fail("want a list of [key, value] pairs")
	}
	if depth+1 > MaxValueDepth {
		return nil, p.tooDeep()
	}
	p.pos++
	dict := core.Dict{}
	if p.peek() == ']' {
		p.pos++
		return dict, nil
	}
	for i := 0; ; i++ {
		p.push(step{index: i})
		if p.peek() != '[' {
			err := p.fail("want a [key, value] pair")
			p.pop()
			return nil, err
		}
		if depth+2 > MaxValueDepth {
			err := p.tooDeep()
			p.pop()
			return nil, err
		}
		p.pos++
		pair, err := p.items(depth + 2)
		if err == nil && len(pair) != 2 {
			err = p.fail(fmt.Sprintf("want a [key, value] pair, not %d items", len(pair)))
		}
		p.pop()
		if err != nil {
			return nil, err
		}
		dict = append(dict, core.KV{Key: pair[0], Value: pair[1]})
		if end, err := p.more(']'); end || err != nil {
			return dict, err
		}
	}
}

// exception parses the {"type", "message"} of an $exception.
func (p *parser) exception() (*core.Exception, error) {
	if p.peek() != '{' {
		return nil, p.fail(`want {"type", "message"}`)
	}
	p.pos++
	exc := &core.Exception{}
	var seenType, seenMsg bool
	if p.peek() == '}' {
		p.pos++
	} else {
		for {
			k, err := p.key()
			if err != nil {
				return nil, err
			}
			switch {
			case k == "type" && !seenType:
				seenType = true
				exc.Type, err = p.strValue()
			case k == "message" && !seenMsg:
				seenMsg = true
				exc.Message, err = p.strValue()
			default:
				err = p.fail("unexpected or repeated key " + strconv.Quote(k))
			}
			if err != nil {
				return nil, err
			}
			if p.peek() == ',' {
				p.pos++
				continue
			}
			if err := p.expect('}', "'}'"); err != nil {
				return nil, err
			}
			break
		}
	}
	if !isIdentifier(exc.Type) {
		return nil, p.fail("want an exception class name, not " + strconv.Quote(exc.Type))
	}
	return exc, nil
}

// number parses a JSON number: an integer exactly (int64, or *big.Int
// past int64), anything with a fraction or exponent as a float.
func (p *parser) number() (any, error) {
	start := p.pos
	d := p.data
	if p.pos < len(d) && d[p.pos] == '-' {
		p.pos++
	}
	switch {
	case p.pos < len(d) && d[p.pos] == '0':
		p.pos++
	case p.pos < len(d) && d[p.pos] >= '1' && d[p.pos] <= '9':
		p.skipDigits()
	default:
		return nil, p.syntax("bad number")
	}
	isFloat := false
	if p.pos < len(d) && d[p.pos] == '.' {
		p.pos++
		if p.skipDigits() == 0 {
			return nil, p.syntax("bad number")
		}
		isFloat = true
	}
	if p.pos < len(d) && (d[p.pos] == 'e' || d[p.pos] == 'E') {
		p.pos++
		if p.pos < len(d) && (d[p.pos] == '+' || d[p.pos] == '-') {
			p.pos++
		}
		if p.skipDigits() == 0 {
			return nil, p.syntax("bad number")
		}
		isFloat = true
	}
	s := string(d[start:p.pos])
	if !isFloat {
		return p.bigInt(s)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return nil, &ValueError{Path: p.where(), Reason: "bad number " + strconv.Quote(s), Err: err}
	}
	// Out of range: ±inf or 0, as Python's json module reads it.
	return f, nil
}

func (p *parser) skipDigits() int {
	start := p.pos
	for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
		p.pos++
	}
	return p.pos - start
}

// bigInt parses a decimal int: int64 when it fits, else *big.Int.
func (p *parser) bigInt(s string) (any, error) {
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		if len(s) > 1 && (s[0] == '0' || s[0] == '+' || strings.HasPrefix(s, "-0") && s != "-0") {
			return nil, p.fail("bad int " + strconv.Quote(s))
		}
		return i, nil
	}
	digits := strings.TrimPrefix(s, "-")
	if len(digits) > MaxIntDigits {
		return nil, &ValueError{Path: p.where(), Reason: fmt.Sprintf("int of %d digits, more than %d", len(digits), MaxIntDigits), Err: ErrValueTooLarge}
	}
	if digits == "" || strings.Trim(digits, "0123456789") != "" || digits[0] == '0' {
		return nil, p.fail("bad int " + strconv.Quote(s))
	}
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return nil, p.fail("bad int " + strconv.Quote(s))
	}
	return b, nil
}

// str parses a JSON string at its opening quote.
func (p *parser) str() (string, error) {
	p.pos++
	start := p.pos
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		if c == '"' {
			s := string(p.data[start:p.pos])
			p.pos++
			return s, nil
		}
		if c == '\\' || c < 0x20 || c >= utf8.RuneSelf {
			break
		}
		p.pos++
	}
	b := append([]byte(nil), p.data[start:p.pos]...)
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			return string(b), nil
		case c < 0x20:
			return "", p.syntax("control character in a string")
		case c == '\\':
			if p.pos+1 >= len(p.data) {
				return "", p.syntax("unterminated string")
			}
			e := p.data[p.pos+1]
			p.pos += 2
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", p.syntax(`bad \u escape`)
				}
				if utf16.IsSurrogate(r) {
					r2 := utf8.RuneError
					save := p.pos
					if p.pos+1 < len(p.data) && p.data[p.pos] == '\\' && p.data[p.pos+1] == 'u' {
						p.pos += 2
						if lo, ok := p.hex4(); ok {
							r2 = utf16.DecodeRune(r, lo)
						}
					}
					if r2 == utf8.RuneError {
						p.pos = save // a lone surrogate; what follows is read on its own
					}
					r = r2
				}
				b = utf8.AppendRune(b, r)
			default:
				return "", p.syntax("bad escape")
			}
		case c < utf8.RuneSelf:
			b = append(b, c)
			p.pos++
		default:
			r, size := utf8.DecodeRune(p.data[p.pos:])
			if r == utf8.RuneError && size == 1 {
				b = utf8.AppendRune(b, utf8.RuneError)
			} else {
				b = append(b, p.data[p.pos:p.pos+size]...)
			}
			p.pos += size
		}
	}
	return "", p.syntax("unterminated string")
}

// hex4 reads the four hex digits of a \u escape.
func (p *parser) hex4() (rune, bool) {
	if p.pos+4 > len(p.data) {
		return 0, false
	}
	var r rune
	for _, c := range p.data[p.pos : p.pos+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	p.pos += 4
	return r, true
}

// isIdentifier reports whether s is an ASCII Python identifier, optionally
// dotted (module.Class).
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" || part[0] >= '0' && part[0] <= '9' {
			return false
		}
		for i := 0; i < len(part); i++ {
			c := part[i]
			if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
				return false
			}
		}
	}
	return true
}
