package pystr

import "testing"

// TestCodecs checks Decode (bytes.decode) and Encode (str.encode) against
// what CPython 3.11 gives: the result or the error.
func TestCodecs(t *testing.T) {
	for _, tc := range []struct{ op, in, enc, errs, want, err string }{
		{"decode", "\xff", "utf-8", "strict", "", "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"},
		{"decode", "a\x80b", "utf-8", "replace", "a\ufffdb", ""},
		{"decode", "a\x80b", "UTF8", "ignore", "ab", ""},
		{"decode", "\xe2\x82", "utf-8", "strict", "", "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"},
		{"decode", "\xe2\x82", "utf-8", "replace", "\ufffd", ""},
		{"decode", "\xe2\x82x", "utf-8", "strict", "", "'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte"},
		{"decode", "\xe2\x82x", "utf-8", "replace", "\ufffdx", ""},
		{"decode", "\xe2x", "utf-8", "strict", "", "'utf-8' codec can't decode byte 0xe2 in position 0: invalid continuation byte"},
		{"decode", "\xed\xa0\x80", "utf-8", "strict", "", "'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte"},
		{"decode", "\xed\xa0\x80", "utf-8", "replace", "\ufffd\ufffd\ufffd", ""},
		{"decode", "\xf0\x80\x80\x80", "utf-8", "replace", "\ufffd\ufffd\ufffd\ufffd", ""},
		{"decode", "\xf4\x90\x80\x80", "utf-8", "strict", "", "'utf-8' codec can't decode byte 0xf4 in position 0: invalid continuation byte"},
		{"decode", "\xc0\xaf", "utf-8", "replace", "\ufffd\ufffd", ""},
		{"decode", "ok\xf0\x9f\x98", "utf-8", "strict", "", "'utf-8' codec can't decode bytes in position 2-4: unexpected end of data"},
		{"decode", "ok\xf0\x9f\x98", "utf-8", "replace", "ok\ufffd", ""},
		{"decode", "\xc3", "utf-8", "strict", "", "'utf-8' codec can't decode byte 0xc3 in position 0: unexpected end of data"},
		{"decode", "h\xc3\xa9\xf0\x9f\x98\x80", "utf-8", "strict", "hé😀", ""},
		{"decode", "a\xe9b", "ascii", "strict", "", "'ascii' codec can't decode byte 0xe9 in position 1: ordinal not in range(128)"},
		{"decode", "a\xe9b", "ascii", "replace", "a\ufffdb", ""},
		{"decode", "a\xe9b", "latin-1", "strict", "aéb", ""},
		{"decode", "x", "foo", "strict", "", "unknown encoding: foo"},
		{"encode", "a\xe9\xe9b", "ascii", "strict", "", "'ascii' codec can't encode characters in position 1-2: ordinal not in range(128)"},
		{"encode", "aééb", "latin-1", "strict", "a\xe9\xe9b", ""},
		{"encode", "€", "ascii", "strict", "", "'ascii' codec can't encode character '\\u20ac' in position 0: ordinal not in range(128)"},
		{"encode", "€", "latin1", "strict", "", "'latin-1' codec can't encode character '\\u20ac' in position 0: ordinal not in range(256)"},
		{"encode", "x😀", "ascii", "strict", "", "'ascii' codec can't encode character '\\U0001f600' in position 1: ordinal not in range(128)"},
		{"encode", "aé€b", "ascii", "replace", "a??b", ""},
		{"encode", "aé€b", "latin-1", "ignore", "a\xe9b", ""},
		{"encode", "é", "utf-8", "strict", "\xc3\xa9", ""},
	} {
		var got string
		var err error
		if tc.op == "decode" {
			got, err = Decode([]byte(tc.in), tc.enc, tc.errs)
		} else {
			var b []byte
			b, err = Encode(tc.in, tc.enc, tc.errs)
			got = string(b)
		}
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s(%q, %s, %s) error = %v, want %q", tc.op, tc.in, tc.enc, tc.errs, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s(%q, %s, %s) = %q, %v; want %q", tc.op, tc.in, tc.enc, tc.errs, got, err, tc.want)
		}
	}
}

func TestBytes(t *testing.T) {
	if got := BytesRepr([]byte("a'\x00\t\xff\\")); got != `b"a'\x00\t\xff\\"` {
		t.Errorf("BytesRepr = %s", got)
	}
	if got := BytesRepr([]byte(`'"`)); got != `b'\'"'` {
		t.Errorf("BytesRepr = %s", got)
	}
	if got := Hex([]byte{1, 0xab}); got != "01ab" {
		t.Errorf("Hex = %s", got)
	}
	if got, err := FromHex(" 01 02\t0a "); err != nil || string(got) != "\x01\x02\n" {
		t.Errorf("FromHex = %q, %v", got, err)
	}
	for in, msg := range map[string]string{
		"0g":  "non-hexadecimal number found in fromhex() arg at position 1",
		"0 1": "non-hexadecimal number found in fromhex() arg at position 1",
		"abc": "non-hexadecimal number found in fromhex() arg at position 3",
	} {
		if _, err := FromHex(in); err == nil || err.Error() != msg {
			t.Errorf("FromHex(%q) error = %v", in, err)
		}
	}
	if got := string(BytesReplace([]byte("ab"), nil, []byte("-"), -1)); got != "-a-b-" {
		t.Errorf("BytesReplace = %q", got)
	}
	if got := string(BytesStrip([]byte(" \x1cab\v "), nil, false)); got != "\x1cab" {
		t.Errorf("BytesStrip = %q", got)
	}
	if got := BytesSplitWhitespace([]byte(" a  b c "), 1); len(got) != 2 || string(got[1]) != "b c " {
		t.Errorf("BytesSplitWhitespace = %q", got)
	}
	if got := BytesFind([]byte("abcabc"), []byte("c"), 3, 100); got != 5 {
		t.Errorf("BytesFind = %d", got)
	}
	if got := string(BytesUpper([]byte("aé z"))); got != "Aé Z" {
		t.Errorf("BytesUpper = %q", got)
	}
}
