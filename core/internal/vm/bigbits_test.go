package vm_test

import "testing"

// Big-int <<, &, | and ^ (bigBitOp: scratch operands for machine ints,
// pooled result words, computing into temporaries) and unary - and ~
// (bigUnary, normalised to machine ints) and // and % by a divisor of
// more than one word (bigDivModPooled) give CPython's values
// and errors, with bools, negative operands in two's complement, an
// operand computed into that another name still holds, and int
// subclasses whose dunders win; expected output from python3.
func TestBigBitOps(t *testing.T) {
	cases := []struct{ src, want string }{
		{"print(1 << 64, 1 << 100, -1 << 70, 3 << 0, (2**64 + 1) << 1, 0 << 1000)", "18446744073709551616 1267650600228229401496703205376 -1180591620717411303424 3 36893488147419103234 0\n"},
		{"m = 0\nfor k in range(0, 300, 7):\n    m |= 1 << k\nprint(m, m & (1 << 70), m & (1 << 71), m ^ (m >> 3))", "32079306713928914744384971471013829307897140057731279537577014950462697634068294585565313 1180591620717411303424 0 36089220053170029087433092904890557971384282564947689479774141819270534838326831408760977\n"},
		{"x = 3 ** 100\ny = -(7 ** 60)\nprint(x & y, x | y, x ^ y, -x & y, -x | -y, -x ^ y, x & -1, y | 0, x ^ x)", "365514857819082543289610041618441131628503761745 -507871998076710436534441346564069321631360921075745 -508237512934529519077730956605687762762989424837490 -508387375597442447865477807693834942904063028597745 -365514857819082543289610041618441131628503761745 508237512934529519077730956605687762762989424837488 515377520732011331036461129765621272702107522001 -508021860739623365322188197652216501772434524836001 0\n"},
		{"x = 2 ** 64 - 1\nprint(x & 2 ** 64, x | -2 ** 64, x ^ -1, (1 << 63) & -(1 << 63), -(1 << 64) | 5)", "0 -1 -18446744073709551616 9223372036854775808 -18446744073709551611\n"},
		{"a = 1 << 100\nb = a\na |= 5\nprint(a, b, a is b)\nc = (1 << 90) | 3\nprint(c, (c << 2) | 1, (c * 2) ^ (c + 1), (c - 1) & (c >> 1))", "1267650600228229401496703205381 1267650600228229401496703205376 False\n1237940039285380274899124227 4951760157141521099596496909 3713820117856140824697372674 0\n"},
		{"for s in [-1, 2**63, 2**100]:\n    try:\n        1 << s\n    except (ValueError, OverflowError, MemoryError) as e:\n        print(type(e).__name__, e)", "ValueError negative shift count\nMemoryError \nOverflowError too many digits in integer\n"},
		{"class I(int):\n    def __or__(self, o): return 'or'\n    def __lshift__(self, o): return 'lshift'\n    def __rand__(self, o): return 'rand'\nprint(I(2**70) | 1, I(1) << 100, (1 << 100) & I(3), I(2**70) ^ (1 << 80))", "or lshift rand 1210106411235346586009600\n"},
		{"print(True << 70, (1 << 70) | True, (2**70) & True, False ^ (1 << 65))", "1180591620717411303424 1180591620717411303425 0 36893488147419103232\n"},
		{"vals = [2**63, -2**63, 2**63-1, -(2**63)-1, 2**64, -2**64, 2**64-1, 3**100, -3**100]\nfor v in vals:\n    a, b = -v, ~v\n    print(a, b, type(a).__name__, type(b).__name__)", "-9223372036854775808 -9223372036854775809 int int\n9223372036854775808 9223372036854775807 int int\n-9223372036854775807 -9223372036854775808 int int\n9223372036854775809 9223372036854775808 int int\n-18446744073709551616 -18446744073709551617 int int\n18446744073709551616 18446744073709551615 int int\n-18446744073709551615 -18446744073709551616 int int\n-515377520732011331036461129765621272702107522001 -515377520732011331036461129765621272702107522002 int int\n515377520732011331036461129765621272702107522001 515377520732011331036461129765621272702107522000 int int\n"},
		{"x = 5 ** 80\ny = x\nz = -x\nprint(x is y, -z == x, ~z, -(x * 3))\nclass I(int):\n    def __neg__(self): return 'neg'\n    def __invert__(self): return 'inv'\nprint(-I(2**70), ~I(2**70), -(I(2**70) + 0))", "True True 82718061255302767487140869206996285356581211090087890624 -248154183765908302461422607620988856069743633270263671875\nneg inv -1180591620717411303424\n"},
		{"x, y = 3 ** 100, 7 ** 30\nfor a, b in [(x, y), (-x, y), (x, -y), (-x, -y), (y, x), (-y, x), (y, -x), (x * y, y), (-(x * y), y), (2**128, 2**64), (2**128, 2**64 + 1)]:\n    q, r = a // b, a % b\n    print(q, r, type(q).__name__, type(r).__name__)", "22865687907681985382892 2651420799928054707385893 int int\n-22865687907681985382893 19887919490764203380477356 int int\n-22865687907681985382893 -19887919490764203380477356 int int\n22865687907681985382892 -2651420799928054707385893 int int\n0 22539340290692258087863249 int int\n-1 515377520732011331036438590425330580444019658752 int int\n-1 -515377520732011331036438590425330580444019658752 int int\n515377520732011331036461129765621272702107522001 0 int int\n-515377520732011331036461129765621272702107522001 0 int int\n18446744073709551616 0 int int\n18446744073709551615 1 int int\n"},
		{"a, m = 3 ** 200, 10 ** 40 + 7\nacc = 1\nfor i in range(50):\n    acc = (acc * a) % m\n    acc = acc // 3 + (a % (m + i))\nprint(acc)\ntry:\n    a % (0 * a)\nexcept ZeroDivisionError as e:\n    print(e)\nclass I(int):\n    def __mod__(self, o): return 'mod'\n    def __rfloordiv__(self, o): return 'rfloordiv'\nprint(I(2**70) % 2**65, 2**90 // I(2**65))", "7540624371960510401596063550746966377884\ninteger modulo by zero\nmod rfloordiv\n"},
	}
	for _, c := range cases {
		s := newSnapSession(t)
		s.run(c.src + "\n")
		if got := s.out.String(); got != c.want {
			t.Errorf("%s\ngot  %q\nwant %q", c.src, got, c.want)
		}
	}
}
