package vm

import "testing"

// typesProbeCases are programs agent code writes against the builtin
// types; each want is python3.11's stdout.
var typesProbeCases = []struct {
	name, src, want string
}{
	{"bytes pad and zfill", `
print(bytearray(b'abc').center(8, b'-'), b'a'.center(4), b'-12'.zfill(6), b'abc'.ljust(5, b'.'), b'abc'.rjust(2))
try:
    b'a'.center(5, b'xy')
except TypeError as e:
    print(e)
`, "bytearray(b'--abc---') b' a  ' b'-00012' b'abc..' b'abc'\ncenter() argument 2 must be a byte string of length 1, not bytes\n"},
	{"bytes splitlines expandtabs", `
print(b'a\nb\r\nc\rd\x0be\n'.splitlines(), b'x\ny'.splitlines(keepends=True))
print(b'a\tbc\td'.expandtabs(tabsize=2), b'a\tb'.expandtabs())
`, "[b'a', b'b', b'c', b'd\\x0be'] [b'x\\n', b'y']\nb'a bc  d' b'a       b'\n"},
	{"bytes partition removeprefix", `
print(bytearray(b'k=v=w').partition(b'='), b'k=v=w'.rpartition(b'='), b'k'.rpartition(b'='))
print(b'prefix_x'.removeprefix(b'prefix_'), bytearray(b'x.txt').removesuffix(b'.txt'))
try:
    b'a'.partition(b'')
except ValueError as e:
    print(e)
`, "(bytearray(b'k'), bytearray(b'='), bytearray(b'v=w')) (b'k=v', b'=', b'w') (b'', b'', b'k')\nb'x' bytearray(b'x')\nempty separator\n"},
	{"bytes case", `
print(b"they're BILL's".title(), b'hELLO'.capitalize(), b'Hello World'.istitle(), b'Hello world'.istitle(), b'\x80'.isascii())
`, "b\"They'Re Bill'S\" b'Hello' True False False\n"},
	{"bytes translate maketrans", `
t = bytes.maketrans(b'el', b'ip')
print(len(t), b'hello'.translate(t, b'o'), bytearray(b'abc').translate(None, delete=b'b'))
try:
    b'a'.translate(b'x')
except ValueError as e:
    print(e)
`, "256 b'hipp' bytearray(b'ac')\ntranslation table must be 256 characters long\n"},
	{"dict view set ops order", `
from collections import defaultdict
d = {1: 0, 3: 0, 5: 0, 7: 0, 9: 0, 0: 0}
e = {50: 1, 9: 2, 1: 3, 66: 4, -5: 0}
print(d.keys() | {-1, 50}, d.keys() & {1, 3, 50}, d.keys() - {0}, d.keys() ^ {50})
print({-1, 50} | d.keys(), [0, 1, 2] - d.keys(), (50, -3) ^ d.keys())
print(d.keys() & e.keys(), e.keys() & d.keys(), d.keys() | e.keys(), e.keys() - d.keys(), d.keys() ^ e.keys())
print(d.items() & {(1, 0), (9, 0), (50, 1)}, d.keys() & [9, 1, 33, 0])
dd = defaultdict(int, d)
print(dd.keys() | {-1, 50}, len(dd.keys()), 3 in dd.keys())
`, "{0, 1, 50, 3, 5, 7, 9, -1} {1, 3} {1, 3, 5, 7, 9} {0, 1, 50, 3, 5, 7, 9}\n" +
		"{0, 1, 3, 5, 7, 9, 50, -1} {2} {0, 1, 3, 5, 7, 9, 50, -3}\n" +
		"{9, 1} {9, 1} {0, 1, 66, 3, 5, 7, 9, 50, -5} {50, 66, -5} {0, 66, 3, 5, 7, 50, -5}\n" +
		"{(1, 0), (9, 0)} {0, 9, 1}\n" +
		"{0, 1, 3, 5, 7, 9, 50, -1} 6 True\n"},
	{"utf-16 utf-32 utf-8-sig codecs", `
print('ab\U0001f389'.encode('utf-16'), 'ab'.encode('utf-16-be'), 'a'.encode('utf-32'), 'a'.encode('utf-8-sig'))
print(b'\xef\xbb\xbfa'.decode('utf-8-sig'), 'x\u20ac\U0001f389'.encode('utf-16').decode('utf-16') == 'x\u20ac\U0001f389', b'\xfe\xff\x00a'.decode('utf-16'))
try:
    b'\xff\xfea\x00b'.decode('utf-16')
except UnicodeDecodeError as e:
    print(e)
print(repr(b'\x00\xd8a\x00'.decode('utf-16-le', 'replace')))
`, "b'\\xff\\xfea\\x00b\\x00<\\xd8\\x89\\xdf' b'\\x00a\\x00b' b'\\xff\\xfe\\x00\\x00a\\x00\\x00\\x00' b'\\xef\\xbb\\xbfa'\n" +
		"a True a\n" +
		"'utf-16-le' codec can't decode byte 0x62 in position 4: truncated data\n" +
		"'\ufffda'\n"},
	{"codec error handlers", `
print("\u20ac\xe9".encode("latin-1", errors="xmlcharrefreplace"), "\u20ac\U0001f389\xe9".encode("ascii", "backslashreplace"))
print(b"\xe2\x82".decode("utf-8", "backslashreplace"), b'a\x80'.decode('ascii', 'backslashreplace'))
`, "b'&#8364;\\xe9' b'\\\\u20ac\\\\U0001f389\\\\xe9'\n\\xe2\\x82 a\\x80\n"},
	{"sort keyword errors and single-item key", `
for f in (lambda: sorted([1], foo=1), lambda: [].sort(cmp=None), lambda: sorted([1], key=1)):
    try:
        f()
    except TypeError as e:
        print(e)
print(sorted([1], key=lambda x: print("key", x)))
`, "'foo' is an invalid keyword argument for sort()\n'cmp' is an invalid keyword argument for sort()\n'int' object is not callable\nkey 1\n[1]\n"},
	{"format of builtin subclasses with empty spec is str()", `
class I(int):
    def __repr__(self):
        return f"I({int(self)})"
class F(float):
    def __str__(self):
        return "F!"
class B(int):
    pass
i = I(5)
print(f"{i}", format(i), "{}".format(i), f"{i:03d}", f"{F(1.5)}", f"{F(1.5):.2f}", f"{B(3)}", f"{B(3):>3}")
`, "I(5) I(5) I(5) 005 F! 1.50 3   3\n"},
}

func TestTypesProbe(t *testing.T) {
	for _, c := range typesProbeCases {
		t.Run(c.name, func(t *testing.T) {
			if got := runContainerSnippet(t, c.src); got != c.want {
				t.Errorf("program:\n%s\ngot:\n%s\nwant:\n%s", c.src, got, c.want)
			}
		})
	}
}
