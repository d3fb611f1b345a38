package pystr

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// CodecName is the canonical name of the codec an encoding name names
// ("utf-8", "utf-16-le", "ascii", "latin-1", ...), or "" when the codec
// is not supported.
func CodecName(name string) string { return normCodec(name) }

// normCodec maps an encoding name to the codec's canonical name, or ""
// when unsupported: lowercased, its '-' and ' ' made '_', it is looked up
// among the aliases, without an allocation for the usual short names.
func normCodec(name string) string {
	name = strings.TrimSpace(name)
	var tmp [24]byte
	if len(name) > len(tmp) {
		return ""
	}
	k := tmp[:len(name)]
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '-' || c == ' ':
			c = '_'
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case c >= utf8.RuneSelf:
			// Python lowercases beyond ASCII too, but no alias has
			// such a letter, so the name is not one.
			return ""
		}
		k[i] = c
	}
	return codecByAlias[string(k)]
}

// asciiOnly reports whether every byte of s is below 0x80.
func asciiOnly(s []byte) bool { return asciiPrefix(s) == len(s) }

// ASCIIPrefix is the length of the longest prefix of s whose bytes are
// all below 0x80: most text is ASCII, so it reads 16 bytes at a time
// (one load each for eight of them, with no copy of s).
func ASCIIPrefix(s string) int {
	return asciiPrefix(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// ASCIIPrefixBytes is ASCIIPrefix of a byte slice.
func ASCIIPrefixBytes(b []byte) int { return asciiPrefix(b) }

func asciiPrefix(b []byte) int {
	const high = 0x8080808080808080
	i := 0
	for ; i+16 <= len(b); i += 16 {
		w := binary.LittleEndian.Uint64(b[i : i+8])
		x := binary.LittleEndian.Uint64(b[i+8 : i+16])
		if (w|x)&high != 0 {
			break
		}
	}
	for ; i < len(b) && b[i] < utf8.RuneSelf; i++ {
	}
	return i
}

// codecAliases lists the names Python accepts for each codec, lowercased
// and with '-' and ' ' turned into '_'.
var codecAliases = map[string][]string{
	"utf-8": {"utf_8", "utf8", "u8", "utf", "cp65001"}, "utf-8-sig": {"utf_8_sig", "utf8_sig"},
	"utf-16": {"utf_16", "utf16", "u16"}, "utf-16-le": {"utf_16_le", "utf_16le", "utf16le"}, "utf-16-be": {"utf_16_be", "utf_16be", "utf16be"},
	"utf-32": {"utf_32", "utf32", "u32"}, "utf-32-le": {"utf_32_le", "utf_32le", "utf32le"}, "utf-32-be": {"utf_32_be", "utf_32be", "utf32be"},
	"ascii": {"ascii", "us_ascii", "646", "us"}, "cp1252": {"cp1252", "windows_1252", "1252"},
	"latin-1": {"latin_1", "latin1", "latin", "l1", "iso_8859_1", "iso8859_1", "8859", "cp819", "iso_ir_100", "csisolatin1"},
}

var codecByAlias = func() map[string]string {
	m := map[string]string{}
	for codec, aliases := range codecAliases {
		for _, a := range aliases {
			m[a] = codec
		}
	}
	return m
}()

// cp1252High maps bytes 0x80-0x9f of Windows-1252 to runes; 0 marks the
// five undefined bytes. Every other byte is its Latin-1 code point.
var cp1252High = [32]rune{
	0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
	0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
}

// cp1252Byte encodes r in Windows-1252.
func cp1252Byte(r rune) (byte, bool) {
	if r < 0x80 || (r >= 0xa0 && r < 0x100) {
		return byte(r), true
	}
	for i, c := range cp1252High {
		if c != 0 && c == r {
			return byte(0x80 + i), true
		}
	}
	return 0, false
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
// utf8Lead is a range of lead bytes in Unicode's table 3-7 of well-formed
// UTF-8: how many bytes follow them, and the range of the first of those
// (the others are 0x80 to 0xbf).
type utf8Lead struct{ first, last, need, lo, hi byte }

var utf8Leads = [...]utf8Lead{
	{0xc2, 0xdf, 1, 0x80, 0xbf},
	{0xe0, 0xe0, 2, 0xa0, 0xbf},
	{0xe1, 0xec, 2, 0x80, 0xbf},
	{0xed, 0xed, 2, 0x80, 0x9f},
	{0xee, 0xef, 2, 0x80, 0xbf},
	{0xf0, 0xf0, 3, 0x90, 0xbf},
	{0xf1, 0xf3, 3, 0x80, 0xbf},
	{0xf4, 0xf4, 3, 0x80, 0x8f},
}

func utf8Invalid(p []byte, i int) (int, string) {
	c := p[i]
	k := slices.IndexFunc(utf8Leads[:], func(l utf8Lead) bool { return c >= l.first && c <= l.last })
	if k < 0 {
		return 1, "invalid start byte"
	}
	need, lo, hi := utf8Leads[k].need, utf8Leads[k].lo, utf8Leads[k].hi
	n := 1
	for range need {
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

// decodeHandler returns what decoding p with codec does with the bad
// bytes p[start:end] under the error handler errors: write their
// replacement to b, or return the error.
func decodeHandler(b *strings.Builder, codec string, p []byte, errors string) func(start, end int, reason string) error {
	return func(start, end int, reason string) error {
		switch errors {
		case "strict":
			return decodeError(codec, p, start, end, reason)
		case "ignore":
		case "replace":
			b.WriteRune(utf8.RuneError)
		case "backslashreplace":
			for _, c := range p[start:end] {
				fmt.Fprintf(b, `\x%02x`, c)
			}
		default:
			return handlerError(errors)
		}
		return nil
	}
}

// Decode implements bytes.decode(encoding, errors) for the UTF-8, ASCII
// and Latin-1 codecs with the 'strict', 'ignore' and 'replace' handlers.
func Decode(p []byte, encoding, errors string) (string, error) {
	codec := normCodec(encoding)
	if codec == "" {
		return "", lookupError(encoding)
	}
	if codec == "utf-8-sig" {
		if len(p) >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf {
			p = p[3:]
		}
		codec = "utf-8"
	}
	switch codec {
	case "utf-8":
		if utf8.Valid(p) {
			return string(p), nil
		}
	case "ascii", "latin-1", "cp1252":
		// ASCII bytes are the same code points in all three.
		if asciiOnly(p) {
			return string(p), nil
		}
	}
	var b strings.Builder
	bad := decodeHandler(&b, codec, p, errors)
	switch codec {
	case "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be":
		return decodeWide(p, codec, errors)
	case "latin-1":
		for _, c := range p {
			b.WriteRune(rune(c))
		}
	case "cp1252":
		for i, c := range p {
			r := rune(c)
			if c >= 0x80 && c < 0xa0 {
				r = cp1252High[c-0x80]
			}
			if r != 0 || c == 0 {
				b.WriteRune(r)
				continue
			}
			// CPython names the charmap codec in cp1252's errors.
			bad := decodeHandler(&b, "charmap", p, errors)
			if err := bad(i, i+1, "character maps to <undefined>"); err != nil {
				return "", err
			}
		}
	case "ascii":
		for i, c := range p {
			if c < 0x80 {
				b.WriteByte(c)
			} else if err := bad(i, i+1, "ordinal not in range(128)"); err != nil {
				return "", err
			}
		}
	case "utf-8":
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
	switch codec {
	case "utf-8":
		return []byte(s), nil
	case "utf-8-sig":
		return append([]byte{0xef, 0xbb, 0xbf}, s...), nil
	case "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be":
		return encodeWide(s, codec), nil
	}
	if ASCIIPrefix(s) == len(s) {
		// ASCII text is its own bytes in ASCII, Latin-1 and cp1252.
		return []byte(s), nil
	}
	limit := rune(0x80)
	if codec == "latin-1" {
		limit = 0x100
	}
	byteOf := func(r rune) (byte, bool) { return byte(r), r < limit }
	reason := fmt.Sprintf("ordinal not in range(%d)", limit)
	if codec == "cp1252" {
		byteOf = cp1252Byte
		codec, reason = "charmap", "character maps to <undefined>"
	}
	rs := []rune(s)
	out := make([]byte, 0, len(rs))
	for i := 0; i < len(rs); {
		if c, ok := byteOf(rs[i]); ok {
			out = append(out, c)
			i++
			continue
		}
		j := i
		for j < len(rs) {
			if _, ok := byteOf(rs[j]); ok {
				break
			}
			j++
		}
		switch errors {
		case "strict":
			var msg string
			if j-i == 1 {
				msg = fmt.Sprintf("'%s' codec can't encode character '%s' in position %d: %s",
					codec, escapeRune(rs[i]), i, reason)
			} else {
				msg = fmt.Sprintf("'%s' codec can't encode characters in position %d-%d: %s",
					codec, i, j-1, reason)
			}
			return nil, &Error{Type: "UnicodeEncodeError", Msg: msg}
		case "ignore":
		case "replace":
			for k := i; k < j; k++ {
				out = append(out, '?')
			}
		case "backslashreplace":
			for k := i; k < j; k++ {
				out = append(out, escapeRune(rs[k])...)
			}
		case "xmlcharrefreplace":
			for k := i; k < j; k++ {
				out = append(out, fmt.Sprintf("&#%d;", rs[k])...)
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

// wideCodec describes a UTF-16 or UTF-32 codec: its unit size, byte order
// (for the plain "utf-16"/"utf-32" the order comes from a BOM, default
// little-endian) and whether it writes a BOM.
func wideCodec(codec string) (size int, bigEndian, bom bool) {
	size = 2
	if strings.HasPrefix(codec, "utf-32") {
		size = 4
	}
	return size, strings.HasSuffix(codec, "-be"), codec == "utf-16" || codec == "utf-32"
}

func putUnit(out []byte, u uint32, size int, bigEndian bool) []byte {
	for k := 0; k < size; k++ {
		shift := 8 * k
		if bigEndian {
			shift = 8 * (size - 1 - k)
		}
		out = append(out, byte(u>>shift))
	}
	return out
}

func getUnit(p []byte, size int, bigEndian bool) uint32 {
	var u uint32
	for k := 0; k < size; k++ {
		shift := 8 * k
		if bigEndian {
			shift = 8 * (size - 1 - k)
		}
		u |= uint32(p[k]) << shift
	}
	return u
}

// encodeWide encodes s as UTF-16 or UTF-32.
func encodeWide(s, codec string) []byte {
	size, be, bom := wideCodec(codec)
	var out []byte
	if bom {
		out = putUnit(out, 0xfeff, size, be)
	}
	for _, r := range s {
		if size == 2 && r >= 0x10000 {
			r -= 0x10000
			out = putUnit(out, uint32(0xd800+(r>>10)), 2, be)
			out = putUnit(out, uint32(0xdc00+(r&0x3ff)), 2, be)
			continue
		}
		out = putUnit(out, uint32(r), size, be)
	}
	return out
}

// decodeWide decodes UTF-16 or UTF-32 with CPython's error reasons.
func decodeWide(p []byte, codec, errors string) (string, error) {
	size, be, bom := wideCodec(codec)
	i := 0 // after any BOM; error positions count from the start of p
	if bom {
		be = false
		switch {
		case size == 2 && len(p) >= 2 && p[0] == 0xff && p[1] == 0xfe:
			i = 2
		case size == 2 && len(p) >= 2 && p[0] == 0xfe && p[1] == 0xff:
			i, be = 2, true
		case size == 4 && len(p) >= 4 && getUnit(p, 4, false) == 0xfeff:
			i = 4
		case size == 4 && len(p) >= 4 && getUnit(p, 4, true) == 0xfeff:
			i, be = 4, true
		}
		codec += "-le"
		if be {
			codec = codec[:len(codec)-3] + "-be"
		}
	}
	var b strings.Builder
	bad := decodeHandler(&b, codec, p, errors)
	for i+size <= len(p) {
		u := getUnit(p[i:], size, be)
		switch {
		case size == 4 && u >= 0xd800 && u < 0xe000:
			if err := bad(i, i+4, "code point in surrogate code point range(0xd800, 0xe000)"); err != nil {
				return "", err
			}
		case size == 4 && u > 0x10ffff:
			if err := bad(i, i+4, "code point not in range(0x110000)"); err != nil {
				return "", err
			}
		case size == 4 || u < 0xd800 || u >= 0xe000:
			b.WriteRune(rune(u))
		case u >= 0xdc00:
			if err := bad(i, i+2, "illegal encoding"); err != nil {
				return "", err
			}
		case i+4 > len(p):
			end := len(p)
			if err := bad(i, end, "unexpected end of data"); err != nil {
				return "", err
			}
			return b.String(), nil
		default:
			lo := getUnit(p[i+2:], 2, be)
			if lo < 0xdc00 || lo >= 0xe000 {
				if err := bad(i, i+2, "illegal UTF-16 surrogate"); err != nil {
					return "", err
				}
				break
			}
			b.WriteRune(0x10000 + rune(u-0xd800)<<10 + rune(lo-0xdc00))
			i += 2
		}
		i += size
	}
	if i < len(p) {
		if err := bad(i, len(p), "truncated data"); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}
