package vm_test

import "testing"

// int(text) of plain decimal digits (longDecimal's words) gives CPython's
// values at the machine-int and word boundaries, and every other text
// (spaces, underscores, non-ASCII digits, signs out of place, the digit
// limit, a str subclass's __int__) still goes the general way; expected
// output from python3.
func TestIntOfLongDecimalText(t *testing.T) {
	cases := []struct{ src, want string }{
		{`print(int("1234567890123456789"), int("-1234567890123456789"))`, "1234567890123456789 -1234567890123456789\n"},
		{`print(int("9223372036854775807"), int("9223372036854775808"))`, "9223372036854775807 9223372036854775808\n"},
		{`print(int("-9223372036854775808"), int("-9223372036854775809"))`, "-9223372036854775808 -9223372036854775809\n"},
		{`print(int("18446744073709551616"), int("+18446744073709551615"))`, "18446744073709551616 18446744073709551615\n"},
		{`print(int("0000000000000000000000000000001"), int("-00000000000000000000000"))`, "1 0\n"},
		{`x = int("9" * 39); print(x == 10 ** 39 - 1, int("1" + "0" * 57) == 10 ** 57)`, "True True\n"},
		{`print(int(str(3 ** 900)) == 3 ** 900, int(str(-7 ** 500), 10) == -7 ** 500)`, "True True\n"},
		{`print(int(" 123456789012345678901 "), int("\t99999999999999999999\n"))`, "123456789012345678901 99999999999999999999\n"},
		{`print(int("1_000_000_000_000_000_000_000"))`, "1000000000000000000000\n"},
		{`print(int("١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨٩٠"))`, "12345678901234567890\n"},
		{`
for s in ["12345678901234567890a", "--12345678901234567890", "+-1", "1e30", "", "-"]:
    try:
        int(s)
    except ValueError as e:
        print(e)
`, "invalid literal for int() with base 10: '12345678901234567890a'\ninvalid literal for int() with base 10: '--12345678901234567890'\ninvalid literal for int() with base 10: '+-1'\ninvalid literal for int() with base 10: '1e30'\ninvalid literal for int() with base 10: ''\ninvalid literal for int() with base 10: '-'\n"},
		{`
try:
    int("0123456789012345678901", 0)
except ValueError as e:
    print(e)
`, "invalid literal for int() with base 0: '0123456789012345678901'\n"},
		{`
class S(str):
    def __int__(self): return 42
class T(str): pass
print(int(S("12345678901234567890123")), int(T("12345678901234567890123")), int(T("-98765432109876543210"), 10))
`, "42 12345678901234567890123 -98765432109876543210\n"},
		{`
import sys
sys.set_int_max_str_digits(1000)
print(int("1" * 1000) % 97)
try:
    int("1" * 1001)
except ValueError as e:
    print(e)
sys.set_int_max_str_digits(0)
print(int("3" * 5000) % 97)
`, "10\nExceeds the limit (1000 digits) for integer string conversion: value has 1001 digits; use sys.set_int_max_str_digits() to increase the limit\n59\n"},
	}
	for _, c := range cases {
		s := newSnapSession(t)
		s.run(c.src)
		if got := s.out.String(); got != c.want {
			t.Errorf("%s\ngot  %q\nwant %q", c.src, got, c.want)
		}
	}
}
