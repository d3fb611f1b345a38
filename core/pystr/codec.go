package pystr

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// normCodec maps an encoding name to "utf-8", "ascii" or "latin-1", or ""
// when unsupported.
func normCodec(name string) string {
	n := strings.NewReplacer("-", "_", " ", "_").Replace(strings.ToLower(strings.TrimSpace(name)))
	switch n {
	case "utf_8", "utf8", "u8", "utf", "cp65001":
		return "utf-8"
	case "ascii", "us_ascii", "646", "us":
		return "ascii"
	case "latin_1", "latin1", "latin", "l1", "iso_8859_1", "iso8859_1", "8859", "cp819", "iso_ir_100", "csisolatin1":
		return "latin-1"
	}
	return ""
}

func lookupError(name string) *Error {
	return &Error{Type: "LookupError", Msg: "unknown encoding: " + name}
}

func handlerError(name string) *Error {
	return &Error{Type: "LookupError", Msg: fmt.Sprintf("unknown error handler name '%s'", name)}
}

func decodeError(codec string, p []byte, start, end int, reason string) *Error {
	var msg string
	if end-start == 1 {
		msg = fmt.Sprintf("'%s' codec can't decode byte 0x%02x in position %d: %s", codec, p[start], start, reason)
	} else {
		msg = fmt.Sprintf("'%s' codec can't decode bytes in position %d-%d: %s", codec, start, end-1, reason)
	}
	return &Error{Type: "UnicodeDecodeError", Msg: msg}
}

// utf8Invalid examines the invalid or truncated sequence at p[i] and
// returns its length (the maximal prefix of a valid sequence, at least 1)
// and the reason CPython reports.
func utf8Invalid(p []byte, i int) (int, string) {
	c := p[i]
	var need int
	lo, hi := byte(0x80), byte(0xbf)
	switch {
	case c >= 0xc2 && c <= 0xdf:
		need = 1
	case c >= 0xe0 && c <= 0xef:
		need = 2
		if c == 0xe0 {
			lo = 0xa0
		} else if c == 0xed {
			hi = 0x9f
		}
	case c >= 0xf0 && c <= 0xf4:
		need = 3
		if c == 0xf0 {
			lo = 0x90
		} else if c == 0xf4 {
			hi = 0x8f
		}
	default:
		return 1, "invalid start byte"
	}
	n := 1
	for k := 0; k < need; k++ {
		if i+n >= len(p) {
			return n, "unexpected end of data"
		}
		b := p[i+n]
		if b < lo || b > hi {
			return n, "invalid continuation byte"
		}
		lo, hi = 0x80, 0xbf
		n++
	}
	return n, "" // valid; not reached for invalid input
}

// Decode implements bytes.decode(encoding, errors) for the UTF-8, ASCII
// and Latin-1 codecs with the 'strict', 'ignore' and 'replace' handlers.
func Decode(p []byte, encoding, errors string) (string, error) {
	codec := normCodec(encoding)
	if codec == "" {
		return "", lookupError(encoding)
	}
	var b strings.Builder
	bad := func(start, end int, reason string) error {
		switch errors {
		case "strict":
			return decodeError(codec, p, start, end, reason)
		case "ignore":
		case "replace":
			b.WriteRune(utf8.RuneError)
		default:
			return handlerError(errors)
		}
		return nil
	}
	switch codec {
	case "latin-1":
		for _, c := range p {
			b.WriteRune(rune(c))
		}
	case "ascii":
		for i, c := range p {
			if c < 0x80 {
				b.WriteByte(c)
			} else if err := bad(i, i+1, "ordinal not in range(128)"); err != nil {
				return "", err
			}
		}
	default:
		for i := 0; i < len(p); {
			if p[i] < utf8.RuneSelf {
				b.WriteByte(p[i])
				i++
				continue
			}
			r, n := utf8.DecodeRune(p[i:])
			if r != utf8.RuneError || n > 1 {
				b.WriteRune(r)
				i += n
				continue
			}
			n, reason := utf8Invalid(p, i)
			if err := bad(i, i+n, reason); err != nil {
				return "", err
			}
			i += n
		}
	}
	return b.String(), nil
}

// Encode implements str.encode(encoding, errors) for the UTF-8, ASCII and
// Latin-1 codecs with the 'strict', 'ignore' and 'replace' handlers.
func Encode(s, encoding, errors string) ([]byte, error) {
	codec := normCodec(encoding)
	if codec == "" {
		return nil, lookupError(encoding)
	}
	if codec == "utf-8" {
		return []byte(s), nil
	}
	limit := rune(0x80)
	if codec == "latin-1" {
		limit = 0x100
	}
	rs := []rune(s)
	out := make([]byte, 0, len(rs))
	for i := 0; i < len(rs); {
		if rs[i] < limit {
			out = append(out, byte(rs[i]))
			i++
			continue
		}
		j := i
		for j < len(rs) && rs[j] >= limit {
			j++
		}
		switch errors {
		case "strict":
			var msg string
			if j-i == 1 {
				msg = fmt.Sprintf("'%s' codec can't encode character '%s' in position %d: ordinal not in range(%d)",
					codec, escapeRune(rs[i]), i, limit)
			} else {
				msg = fmt.Sprintf("'%s' codec can't encode characters in position %d-%d: ordinal not in range(%d)",
					codec, i, j-1, limit)
			}
			return nil, &Error{Type: "UnicodeEncodeError", Msg: msg}
		case "ignore":
		case "replace":
			for k := i; k < j; k++ {
				out = append(out, '?')
			}
		default:
			return nil, handlerError(errors)
		}
		i = j
	}
	return out, nil
}

func escapeRune(r rune) string {
	switch {
	case r < 0x100:
		return fmt.Sprintf(`\x%02x`, r)
	case r < 0x10000:
		return fmt.Sprintf(`\u%04x`, r)
	}
	return fmt.Sprintf(`\U%08x`, r)
}
