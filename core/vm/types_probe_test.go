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
