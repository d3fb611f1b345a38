package core_test

// Hostile single operations: each program tries to take the process down
// with one operation (a huge allocation, a long builtin call, Go recursion
// over deep data). Each must end with a Python exception or a limit error,
// within the duration limit plus 0.5 s and the memory limit plus a margin,
// both measured here, and never crash the process.

import (
	"errors"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

const (
	hostileMaxMemory   = 32 << 20
	hostileMaxDuration = time.Second
	// hostileGCPercent makes Go collect after every 10% of growth while
	// the table runs, so the measured heap tracks the live heap instead of
	// the garbage a default GOGC lets float up to the size of the heap.
	hostileGCPercent = 10
)

// deep builds a value nested n deep by repeating wrap (x is the value).
func deep(wrap string) string {
	return "x = None\nfor i in range(10**6):\n    x = " + wrap + "\n"
}

var hostilePrograms = []struct {
	name string
	src  string
	want string // "Type" of the Python exception, "limit:kind", or "" for either
	// big: the program first builds a value nested a million deep, which
	// takes more memory and time than the other programs are given.
	big bool
}{
	// 1. Every allocation is accounted before it happens.
	{"str repeat", "x = 'a' * 10**11", "limit:memory", false},
	{"str repeat under the limit then over", "x = 'a' * (20 * 2**20)\ny = x * 2", "limit:memory", false},
	{"str ljust", "x = 'ab'.ljust(10**11)", "limit:memory", false},
	{"str rjust multibyte fill", "x = 'a'.rjust(10**10, '€')", "limit:memory", false},
	{"str center", "x = 'x'.center(10**11)", "limit:memory", false},
	{"str zfill", "x = '1'.zfill(10**11)", "limit:memory", false},
	{"str expandtabs", "x = ('\\t' * 1000).expandtabs(10**8)", "limit:memory", false},
	{"str replace", "x = ('a' * 10000).replace('a', 'b' * 10**6)", "limit:memory", false},
	{"str join", "x = ('a' * 10**6,) * 1000\ny = ''.join(x)", "limit:memory", false},
	{"str join of an iterator", "y = ''.join('a' * 10**6 for i in range(1000))", "limit:memory", false},
	{"str concat doubling", "s = 'ab'\nwhile True:\n    s = s + s", "limit:memory", false},
	{"str concat into room, kept", "l = []\nwhile True:\n    s = 'a' * 10**5\n    s += 'b'\n    s += 'c'\n    l.append(s)", "limit:memory", false},
	{"str concat in a loop", "s = ''\nwhile True:\n    s += 'abc' * 1000", "limit:memory", false},
	{"bytes repeat", "x = b'a' * 10**11", "limit:memory", false},
	{"bytearray repeat", "x = bytearray(b'ab') * 10**11", "limit:memory", false},
	{"bytes ljust", "x = b'a'.ljust(10**11)", "limit:memory", false},
	{"bytes zfill", "x = b'1'.zfill(10**11)", "limit:memory", false},
	{"bytes replace", "x = (b'a' * 10000).replace(b'a', b'b' * 10**6)", "limit:memory", false},
	{"bytes join", "x = b''.join([b'a' * 10**6] * 1000)", "limit:memory", false},
	{"bytes(n)", "x = bytes(10**11)", "limit:memory", false},
	{"bytearray(n)", "x = bytearray(10**11)", "limit:memory", false},
	{"list repeat", "x = [None] * 10**11", "limit:memory", false},
	{"tuple repeat", "x = (1, 2) * 10**10", "limit:memory", false},
	{"list doubling", "x = [0]\nwhile True:\n    x = x + x", "limit:memory", false},
	{"list from a huge range", "x = list(range(10**9))", "limit:memory", false},
	{"dict.fromkeys huge", "x = dict.fromkeys(range(10**9))", "limit:memory", false},
	{"format width", "x = format(1, '10000000000')", "limit:memory", false},
	{"format precision", "x = format(1.5, '.10000000000f')", "limit:memory", false},
	{"f-string width", "w = 10**10\nx = f'{\"a\":>{w}}'", "limit:memory", false},
	{"percent width", "x = '%10000000000d' % 1", "limit:memory", false},
	{"percent star width", "x = '%*s' % (10**10, 'a')", "limit:memory", false},
	{"bytes percent width", "x = b'%10000000000d' % 1", "limit:memory", false},
	{"str.format width", "x = '{:10000000000}'.format('a')", "limit:memory", false},
	{"str.format repeating a long field", "x = ('{0}' * 10**5).format('a' * 10**4)", "limit:memory", false},
	{"percent repeating a long argument", "x = ('%s' * 10**5) % (('a' * 10**4,) * 10**5)", "limit:memory", false},
	{"bytes percent repeating", "x = (b'%s' * 10**5) % ((b'a' * 10**4,) * 10**5)", "limit:memory", false},
	{"re.sub with a long template", "import re\nx = re.sub('a', 'b' * 10**6, 'a' * 1000)", "limit:memory", false},
	{"str.translate to long strings", "x = ('a' * 1000).translate({97: 'b' * 10**6})", "limit:memory", false},
	{"repr of escaped bytes", "x = repr(b'\\x00' * 10**7)", "limit:memory", false},
	{"int.to_bytes", "x = (1).to_bytes(10**11, 'big')", "limit:memory", false},
	{"power", "x = 2 ** (10**11)", "", false},
	{"pow()", "x = pow(3, 10**10)", "limit:memory", false},
	{"left shift", "x = 1 << 10**11", "", false},
	{"factorial", "import math\nx = math.factorial(10**9)", "limit:memory", false},
	{"comb", "import math\nx = math.comb(10**10, 5 * 10**9)", "limit:memory", false},
	{"exec of a huge source", "exec('1+' * 10**7 + '1')", "limit:memory", false},
	{"zlib bomb", "import zlib\nz = zlib.compress(b'\\0' * (4 * 2**20))\nx = [zlib.decompress(z) for i in range(100)]", "limit:memory", false},
	// 2. Every long operation is interruptible.
	{"big power", "x = 10 ** (10 ** 7)\nx = x * x * x", "", false},
	{"big product", "x = 7 ** (2 * 10**6)\nwhile True:\n    y = x * x", "limit:duration", false},
	{"modular power", "x = pow(3, 10**30000, 10**3000 + 7)", "", false},
	{"int to str", "x = str(2 ** (10**6))", "ValueError", false},
	{"str to int", "x = int('1' * 10**6)", "ValueError", false},
	{"int format", "x = f'{2 ** (10**6):d}'", "ValueError", false},
	{"percent int", "x = '%d' % 2 ** (10**6)", "ValueError", false},
	{"sort", "x = [(i * 7919) % 1000003 for i in range(3 * 10**5)]\nwhile True:\n    x.sort()\n    x.reverse()", "limit:duration", false},
	{"sorted strings", "x = [str((i * 7919) % 1000003) for i in range(3 * 10**5)]\nwhile True:\n    y = sorted(x)", "limit:duration", false},
	{"regex backtracking", "import re\nre.match('(a*)*b', 'a' * 5000)", "", false},
	{"hashing large data", "import hashlib\nx = b'a' * (8 * 2**20)\nwhile True:\n    hashlib.sha256(x * 2).hexdigest()", "", false},
	{"big division", "x = int.from_bytes(bytes(range(1, 256)) * 20000, 'big')\ny = int.from_bytes(bytes(range(7, 250)) * 10000, 'big')\nwhile True:\n    z = x // y", "limit:duration", false},
	{"int to str with the digit limit lifted", "import sys\nsys.set_int_max_str_digits(0)\nx = 1 << (2 * 10**7)\ns = str(x)", "limit:duration", false},
	{"str to int with the digit limit lifted", "import sys\nsys.set_int_max_str_digits(0)\nx = int('7' * 10**7)", "limit:duration", false},
	{"gcd of huge ints", "import math\nx = 3 ** (2 * 10**6)\ny = 2 ** (3 * 10**6) + 1\nmath.gcd(x, y)", "limit:duration", false},
	{"factorial time", "import math\nwhile True:\n    x = math.factorial(10**5)", "limit:duration", false},
	{"isqrt of a huge int", "import math\nx = math.isqrt(1 << (4 * 10**7))", "limit:duration", false},
	{"modular inverse of huge ints", "x = pow(3 ** (10**6) + 1, -1, 2 ** (3 * 10**6) + 1)", "limit:duration", false},
	{"lcm of huge ints", "import math\nx = 3 ** (2 * 10**6)\nmath.lcm(x, 2 ** (3 * 10**6) + 1)", "limit:duration", false},
	{"divmod of huge ints", "x = 7 ** (3 * 10**6)\ny = 3 ** (10**6) + 1\nwhile True:\n    z = divmod(x, y)", "limit:duration", false},
	{"modulo of huge ints", "x = 7 ** (3 * 10**6)\ny = 3 ** (10**6) + 1\nwhile True:\n    z = x % y", "limit:duration", false},
	{"percent d with the digit limit lifted", "import sys\nsys.set_int_max_str_digits(0)\nx = 1 << (2 * 10**7)\nwhile True:\n    s = '%d' % x", "limit:duration", false},
	{"format with the digit limit lifted", "import sys\nsys.set_int_max_str_digits(0)\nx = 1 << (2 * 10**7)\nwhile True:\n    s = f'{x:,}'", "limit:duration", false},
	{"repr with the digit limit lifted", "import sys\nsys.set_int_max_str_digits(0)\nx = repr([1 << (2 * 10**7)])", "limit:duration", false},
	{"int of a huge hex str", "import sys\nsys.set_int_max_str_digits(0)\nx = int('f' * 10**7, 16)\nwhile True:\n    y = x * x", "limit:duration", false},
	{"bit_count and to_bytes of huge ints", "x = (1 << (3 * 10**7)) // 7\nwhile True:\n    y = int.from_bytes(x.to_bytes(x.bit_length() // 8 + 1, 'big'), 'big').bit_count()", "limit:duration", false},
	{"float of a huge str", "x = float('1' * (3 * 10**6))\nassert x == float('inf')\nraise ValueError", "ValueError", false},
	// Other families, tried as an attacker would.
	{"format nested width", "x = '{:>{w}}'.format('', w=10**11)", "limit:memory", false},
	{"percent star width of an int", "x = '%*d' % (10**11, 1)", "limit:memory", false},
	{"tuple of one repeated", "x = (1,) * 10**11", "limit:memory", false},
	{"join of a huge list", "x = 'a'.join(['b'] * 10**8)", "limit:memory", false},
	{"re.sub group template", "import re\nx = re.sub('(a)', r'\\1' * 10**6, 'a' * 1000)", "limit:memory", false},
	{"bytes.hex with a separator", "x = (b'a' * (12 * 2**20)).hex(':')", "limit:memory", false},
	{"base64 of big data", "import base64\nx = base64.b64encode(b'a' * (3 * 10**7))", "limit:memory", false},
	{"itertools.product listed", "import itertools\nx = list(itertools.product(range(100), repeat=5))", "", false},
	{"itertools.permutations listed", "import itertools\nx = list(itertools.permutations(range(12)))", "", false},
	{"sorted of a huge range", "x = sorted(range(10**8))", "limit:memory", false},
	{"textwrap.fill", "import textwrap\nx = textwrap.fill('a ' * 10**7, 5)", "", false},
	{"deque of a huge range", "import collections\nd = collections.deque(range(10**9))", "", false},
	{"splitlines of many lines", "x = ('a\\n' * 10**7).splitlines()", "limit:memory", false},
	{"encode to utf-16", "x = ('x' * (16 * 2**20)).encode('utf-16')", "limit:memory", false},
	{"int of a long str under the digit limit", "x = int('1' * 5000)", "ValueError", false},
	{"factorial of ten million", "import math\nx = math.factorial(10**7)", "", false},
	{"comb of huge arguments", "import math\nx = math.comb(10**7, 5 * 10**6)", "", false},
	{"perm of huge arguments", "import math\nx = math.perm(10**7, 5 * 10**6)", "", false},
	{"float's error message quotes a huge str", "float(' ' * (12 * 10**6))", "", false},
	{"float with a huge exponent", "x = float('1e' + '9' * 10**6)\nassert x == float('inf')\nraise ValueError", "ValueError", false},
	{"hash of a huge int", "x = (1 << 10**7) // 7\nwhile True:\n    hash(x)", "limit:duration", false},
	{"json.dumps of a huge list", "import json\nx = json.dumps(list(range(10**7)))", "limit:memory", false},
	{"deepcopy of a wide structure", "import copy\nx = copy.deepcopy([[i] for i in range(10**6)])", "limit:memory", false},
	{"sum of lists", "x = sum([[1]] * 10**5, [])", "", false},
	{"set of a huge range", "x = set(range(10**9))", "limit:memory", false},
	{"min over a huge generator", "x = min(i for i in range(10**12))", "limit:duration", false},
	{"zip of many iterators", "x = list(zip(*[[1, 2]] * 10**6))", "", false},
	{"str of a long list", "x = str(list(range(10**7)))", "limit:memory", false},
	{"repr of escaped str", "x = repr('\\x00' * 10**7)", "limit:memory", false},
	{"dict comprehension", "x = {i: i for i in range(10**8)}", "limit:memory", false},
	{"split into many strs", "x = ('ab' * 10**7).split('a')", "limit:memory", false},
	{"list of a long str", "x = list('a' * 10**7)", "limit:memory", false},
	{"bytearray in-place repeat", "x = bytearray(10**6)\nx *= 10**5", "limit:memory", false},
	{"list in-place repeat", "x = [1]\nx *= 10**11", "limit:memory", false},
	{"str.replace of the empty string", "x = ('a' * 10**7).replace('', 'bb')", "limit:memory", false},
	{"bytes of a huge range", "x = bytes(range(256)) * 10**5\ny = x.decode('latin-1').encode('utf-8')", "limit:memory", false},
	{"center with a wide fill", "x = 'a'.center(10**9, '\\u20ac')", "limit:memory", false},
	{"struct.pack of a huge field", "import struct\nx = struct.pack('1000000000s', b'')", "", false},
	{"random.randbytes", "import random\nx = random.randbytes(10**11)", "", false},
	{"os.urandom", "import os\nx = os.urandom(10**11)", "", false},
	{"random.choices of a huge k", "import random\nx = random.choices([1], k=10**9)", "", false},
	{"itertools.repeat listed", "import itertools\nx = list(itertools.repeat(1, 10**9))", "", false},
	{"itertools.accumulate listed", "import itertools\nx = list(itertools.accumulate(range(10**9)))", "", false},
	{"list.insert at the front", "x = []\nfor i in range(10**6):\n    x.insert(0, i)", "", false},
	{"bytearray extended by itself repeated", "x = bytearray(range(256))\nx.extend(x * 10**6)", "", false},
	{"join of a huge map", "x = ' '.join(map(str, range(10**8)))", "", false},
	{"str of a big dict", "x = str({i: i for i in range(10**6)})", "", false},
	{"secrets.token_hex", "import secrets\nx = secrets.token_hex(10**9)", "", false},
	{"chained case changes", "x = 'ab' * 10**5\nwhile True:\n    y = x.swapcase().title().upper().lower()", "", false},
	{"array repeat", "import array\nx = array.array('d', [0]) * 10**9", "", false},
	{"percent precision", "x = '%.1000000000f' % 1.5", "", false},
	{"bytes percent star width", "x = b'%*b' % (10**10, b'a')", "", false},
	{"format with a nested width", "x = '{0:{1}}'.format('a', 10**10)", "", false},
	{"statistics.median of a huge range", "import statistics\nx = statistics.median(range(10**9))", "", false},
	{"sorted with long keys", "x = sorted(range(10**6), key=lambda v: str(v) * 100)", "", false},
	{"reversed range listed", "x = list(reversed(range(10**9)))", "", false},
	{"tuple of a huge range", "x = tuple(range(10**9))", "", false},
	{"frozenset of a huge range", "x = frozenset(range(10**9))", "", false},
	{"dict of enumerate", "x = dict(enumerate(range(10**9)))", "", false},
	{"max of a huge range", "x = max(range(10**12))", "", false},
	{"json.loads of a long list", "import json\nx = json.loads('[' + '1,' * 10**7 + '1]')", "", false},
	{"csv of a long row", "import csv, io\nx = list(csv.reader(io.StringIO('a,' * 10**7)))", "", false},
	{"unicode_escape encode", "x = ('\\x00' * 10**7).encode('unicode_escape')", "", false},
	{"latin-1 decode", "x = (b'\\xff' * (15 * 2**20)).decode('latin-1')", "", false},
	{"zlib.compress of a huge input", "import zlib\nx = zlib.compress(bytes(10**8))", "", false},
	{"b85encode", "import base64\nx = base64.b85encode(bytes(3 * 10**7))", "", false},
	{"a85decode of folded zeros", "import base64\nx = base64.a85decode(b'z' * 10**7)", "", false},
	{"pickle.loads of a huge announced length", "import pickle\nx = pickle.loads(b'\\x8e' + (2**62).to_bytes(8, 'little'))", "UnpicklingError", false},
	{"pickle.dumps of a deep nest", "import pickle\nx = []\nfor i in range(10**5):\n    x = [x]\npickle.dumps(x)", "", false},
	// 4. No Go panic (issue 22): each of these once panicked in a builtin
	// and reached the user as an internal error with a Go stack.
	{"id() without its argument", "id()", "TypeError", false},
	{"sys.intern() without its argument", "import sys\nsys.intern()", "TypeError", false},
	{"__import__() without its argument", "__import__()", "TypeError", false},
	{"from m import * of an int in sys.modules", "import sys\nsys.modules['m'] = 5\nfrom m import *", "ImportError", false},
	{"type() with an int key in the class dict", "A = type('A', (), {1: 2})\nraise ValueError(A.__dict__[1])", "ValueError", false},
	{"__class__ set to a builtin exception", "class A: pass\na = A()\na.__class__ = ValueError\nrepr(a)", "TypeError", false},
	{"center to -2**63", "x = 'a'.center(-2**63) + b'a'.zfill(-2**63).decode()\nraise ValueError(x)", "ValueError", false},
	{"struct.unpack_from at a negative offset", "import struct\nstruct.unpack_from('i', b'\\0' * 8, -2)", "error", false},
	{"del l[K()] where K empties l", "class K:\n    def __index__(self):\n        l.clear()\n        return 0\nl = [1, 2, 3]\ndel l[K()]", "IndexError", false},
	{"l[K()] where K empties l", "class K:\n    def __index__(self):\n        l.clear()\n        return 0\nl = [1, 2, 3]\nx = l[K()]", "IndexError", false},
	{"bytearray slice bound that empties it", "class K:\n    def __index__(self):\n        b.clear()\n        return 2\nb = bytearray(b'abcd')\nb[K():] = b'xyz'\nraise ValueError(b)", "ValueError", false},
	{"an empty slice ending before its start", "x = (b'a' * 8)[6:2] + bytearray(8)[-2:2]\nraise ValueError(x)", "ValueError", false},
	{"asyncio wait for no host call", "import _amber_async\n_amber_async.wait([])", "RuntimeError", false},
	// 5. Long builtins meet the deadline by time, and results and text
	// their limits as they grow (issue 22). See issue22Programs too.
	{"count over a 20 MB str in a loop", "s = 'ab' * 10**7\nwhile True:\n    s.count('ab')", "limit:duration", false},
	{"count with a start over a large str", "s = 'ab' * 10**7\nwhile True:\n    s.count('ab', 1)", "limit:duration", false},
	{"find in a large non-ASCII str", "s = '\u00e9' * 10**7\nwhile True:\n    s.find('b', 3)", "limit:duration", false},
	{"rfind in a large str", "s = 'ab' * 10**7\nwhile True:\n    s.rfind('c')", "limit:duration", false},
	{"index in a large str", "s = 'ab' * 5 * 10**6 + 'c'\nwhile True:\n    s.index('c')", "limit:duration", false},
	{"in over a large str", "s = '\u00e9' * 10**7\nwhile True:\n    'b' in s", "limit:duration", false},
	{"startswith a long tuple", "x = ('\u00e9' * 10**6).startswith(tuple(['b'] * 2000))\nraise ValueError", "ValueError", false},
	{"endswith a long tuple in a range", "s = '\u00e9' * 10**6\nwhile True:\n    s.endswith(tuple(['b'] * 2000), 5, -3)", "limit:duration", false},
	{"bytes count in a loop", "b = b'ab' * 10**7\nwhile True:\n    b.count(b'ab')", "limit:duration", false},
	{"bytearray find in a loop", "b = bytearray(b'ab' * 10**7)\nwhile True:\n    b.find(b'c')", "limit:duration", false},
	{"replace over a large str in a loop", "s = 'ab' * 5 * 10**6\nwhile True:\n    t = s.replace('a', 'c')", "limit:duration", false},
	{"split of a large str in a loop", "s = 'ab' * 10**5\nwhile True:\n    t = s.split('a')", "limit:duration", false},
	{"translate of a large str", "s = 'ab' * 5 * 10**6\nt = {97: 98}\nwhile True:\n    u = s.translate(t)", "limit:duration", false},
	{"expandtabs of a large str in a loop", "s = 'a\\tb' * 10**6\nwhile True:\n    t = s.expandtabs(2)", "limit:duration", false},
	{"join of many strs in a loop", "x = ['ab'] * 10**6\nwhile True:\n    y = ''.join(x)", "limit:duration", false},
	{"isalpha of a large str in a loop", "s = '\u00e9' * 5 * 10**6\nwhile True:\n    s.isalpha()", "limit:duration", false},
	{"strip of a large blank str in a loop", "s = ' ' * 10**7\nwhile True:\n    s.strip()", "limit:duration", false},
	{"list.count over a long list in a loop", "x = [0.5] * 10**6\nwhile True:\n    x.count(-1)", "limit:duration", false},
	{"in over a long list in a loop", "x = [0.5] * 10**6\nwhile True:\n    -1 in x", "limit:duration", false},
	{"tuple.index over a long tuple in a loop", "x = (0.5,) * 10**6 + (1,)\nwhile True:\n    x.index(1)", "limit:duration", false},
	{"re.compile nested 40000 deep", "import re\nre.compile('(' * 40000 + ')' * 40000)", "RecursionError", false},
	{"re.compile of a huge flat pattern", "import re\nre.compile('(?:a|b)' * 10**6)", "limit:memory", false},
	{"re.findall of the empty pattern", "import re\nre.findall('', 'a' * 3 * 10**7)", "limit:memory", false},
	{"re.findall of many empty matches", "import re\nx = re.findall('', 'a' * 10**7)", "limit:memory", false},
	{"re.split at every position", "import re\nx = re.split('', 'a' * 10**7)", "limit:memory", false},
	{"re.sub at every position", "import re\nx = re.sub('', '-', 'a' * 10**7)", "", false},
	{"re.search over a large str in a loop", "import re\ns = 'a' * 2 * 10**6\nwhile True:\n    re.search('b', s)", "limit:duration", false},
	// The match's own step budget may end a search first (a catchable
	// RuntimeError, sooner on a fast machine without the race detector):
	// caught, so the duration limit must still stop the loop in time.
	{"re.search with a long backreference", "import re\ns = 'a' * 10**6\nwhile True:\n    try:\n        re.search('(a+)\\\\1b', s)\n    except RuntimeError:\n        pass", "limit:duration", false},
	{"traceback of groups nested 100000 deep", "e = ValueError(1)\nfor i in range(10**5):\n    e = ExceptionGroup('g', [e])\nraise e", "ExceptionGroup", false},
	{"traceback.format_exception of groups nested 8000 deep", "import traceback\ne = ValueError(1)\nfor i in range(8000):\n    e = ExceptionGroup('g', [e])\ns = traceback.format_exception(e)\nassert len(''.join(s)) < 10**4\nraise ValueError", "ValueError", false},
	{"traceback of a group 15 wide and 10 deep, shared", "e = ValueError(1)\nfor i in range(10):\n    e = ExceptionGroup('g', [e] * 15)\nraise e", "ExceptionGroup", false},
	{"traceback of a context chain 50,000 long", "e = None\nfor i in range(5 * 10**4):\n    n = ValueError(i)\n    n.__context__ = e\n    e = n\nraise e", "ValueError", false},
	// 3. No Go recursion that Python data can drive deep.
	{"repr of nested lists", deep("[x]") + "repr(x)", "RecursionError", true},
	{"str of nested dicts", deep("{1: x}") + "str(x)", "RecursionError", true},
	{"print nested tuples", deep("(x,)") + "print(x)", "RecursionError", true},
	{"hash of nested tuples", deep("(x,)") + "hash(x)", "RecursionError", true},
	{"== of nested lists", deep("[x]") + "y = None\nfor i in range(10**6):\n    y = [y]\nx == y", "RecursionError", true},
	{"< of nested lists", deep("[x]") + "y = None\nfor i in range(10**6):\n    y = [y]\nx < y", "RecursionError", true},
	{"isinstance with nested tuples", "x = int\nfor i in range(10**6):\n    x = (x,)\nisinstance(1, x)", "RecursionError", true},
	{"nested map iterators", "x = iter([1])\nfor i in range(10**5):\n    x = map(abs, x)\nnext(x)", "RecursionError", true},
	{"nested generators", "g = iter([1])\nfor i in range(10**5):\n    g = (v for v in g)\nnext(g)", "RecursionError", true},
	{"copy.deepcopy", "import copy\n" + deep("[x]") + "copy.deepcopy(x)", "RecursionError", true},
	{"json.dumps", "import json\n" + deep("[x]") + "json.dumps(x)", "RecursionError", true},
	{"json.loads", "import json\njson.loads('[' * 10**6 + ']' * 10**6)", "RecursionError", false},
	{"pprint", "import pprint\n" + deep("[x]") + "pprint.pformat(x)", "RecursionError", true},
	{"recursive __repr__", "class A:\n    def __init__(self, c): self.c = c\n    def __repr__(self): return repr(self.c)\nx = None\nfor i in range(10**5):\n    x = A(x)\nrepr(x)", "RecursionError", true},
	// Sources of 10**4 levels fit the compile reservation, so that the
	// parser meets its depth limit; 10**5 levels are 200 KB of source,
	// which costs about 50 MB to parse: the reservation refuses it first.
	{"deep binary expression", "eval('1+' * 10**4 + '1')", "SyntaxError", false},
	{"deep attribute chain", "eval('x.' * 10**4 + 'y')", "SyntaxError", false},
	{"deep call chain", "eval('f' + '()' * 10**4)", "SyntaxError", false},
	{"deep parentheses", "eval('(' * 10**4 + ')' * 10**4)", "SyntaxError", false},
	{"deep binary expression of 200 KB", "eval('1+' * 10**5 + '1')", "limit:memory", false},
	{"deep attribute chain of 200 KB", "eval('x.' * 10**5 + 'y')", "limit:memory", false},
	{"deep call chain of 200 KB", "eval('f' + '()' * 10**5)", "limit:memory", false},
	{"deep parentheses of 200 KB", "eval('(' * 10**5 + ')' * 10**5)", "limit:memory", false},
	{"recursion", "def f():\n    return f()\nf()", "RecursionError", false},
	// 6. An int is never a reference (issue 22): a handle computed from
	// id(), or any int, given where an object is expected, is refused.
	{"forged handle: type.mro of a class's id", "import json\ntype.mro((id(json.JSONEncoder) - 0x7f0000000000) // 0x30)", "TypeError", false},
	{"forged handle: type.mro(7)", "type.mro(7)", "TypeError", false},
	{"forged handle: every small handle", "for n in range(20000):\n    try:\n        type.mro(n)\n    except TypeError:\n        pass\nlist.append(12345, 1)", "TypeError", false},
	{"forged handle: dict methods on every small handle", "for n in range(20000):\n    try:\n        dict.clear(n)\n    except TypeError:\n        pass\ndict.__setitem__(1551, 'k', 1)", "TypeError", false},
	{"forged handle: through types.MethodType", "import types\ntypes.MethodType(list.clear, 1551)()", "TypeError", false},
	{"object.__eq__ without its operand", "object.__eq__(1)", "TypeError", false},
	{"BaseException.__str__ of an int", "BaseException.__str__(1)", "TypeError", false},
	{"list.__repr__ of an int", "list.__repr__(5)", "TypeError", false},
	{"object.__delattr__ of an int", "object.__delattr__(5, 'x')", "AttributeError", false},
	{"object.__getattribute__ with an int name", "object.__getattribute__(5, 5)", "TypeError", false},
	// 7. The base image is read-only (issue 22): writes to the builtin
	// world are refused; writes to a pre-built module change the
	// session's own copy (TestIsolation checks the next session).
	{"builtin type attribute store", "int.x = 1", "TypeError", false},
	{"builtin type dunder store through type.__setattr__", "type.__setattr__(list, '__repr__', len)", "TypeError", false},
	{"builtin exception attribute store", "ValueError.__str__ = lambda self: 'x'", "TypeError", false},
	{"builtin type __bases__", "int.__bases__ = (str,)", "TypeError", false},
	{"module rewrites then a forged read", "import json\njson.JSONEncoder.item_separator = 'X'\njson.dumps.__kwdefaults__ = {}\nvars(json).clear()\ntype.mro(1551)", "TypeError", false},
}

// memMargin is what the Go heap may grow past a memory limit of lim. The
// interpreter lets its count of the heap reach an eighth past the limit
// between collections; the rest is what it cannot count: Go's garbage
// that a collection cycle has not reclaimed yet (a loop that drops a
// large value each time round leaves one or two behind even at a low GC
// percent), the temporaries of one builtin call (math/big's, a parser's
// tokens), and the runtime's own growth. Measured, the table's programs
// grow at most 24 MB past the limit, and 29 MB under the race detector
// with other tests running (zip of many iterators), in five runs; on a
// machine shared with two other engineers' builds, where Go's collector
// runs late, the programs that drop a 16 MB temporary each time round
// (hashing large data, str concat in a loop) reached 40.2 MB in about
// one run in three. What the margin is for is a heap that grows without
// bound past the limit (it grew to 2 GB before issue 22), which no
// margin of tens of MB hides.
func memMargin(lim int64) int64 { return lim/4 + 48<<20 }

// measureRun runs run from a collected Go heap and measures how long it
// took and how far the Go heap grew past where it started at its peak.
// The caller sets the GC percent (see hostileGCPercent).
//
// elapsed is the smaller of the wall time and the process's CPU time:
// on an oversubscribed machine a run waits for a core far longer than
// it computes, and what a limit must bound is the work done past it.
// Unloaded, a run's CPU time (collector threads included) is at least
// its wall time, so elapsed is the wall time. starved says the run got
// less than three quarters of a core.
func measureRun(run func()) (elapsed time.Duration, grew int64, starved bool) {
	runtime.GC()
	base := heapBytes()
	stop := heapPeak()
	cpu0 := processCPU()
	start := time.Now()
	run()
	wall := time.Since(start)
	cpu := processCPU() - cpu0
	return min(wall, cpu), stop() - base, cpu < wall*3/4
}

// processCPU is the user and system time the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 1<<63 - 1 // unknown: elapsed falls back to the wall time
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// heapBytes reads the Go heap's object bytes without stopping the world.
func heapBytes() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// heapPeak samples the Go heap every millisecond until the returned
// function is called, which gives the highest value seen.
func heapPeak() func() int64 {
	var peak int64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, heapBytes())
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	return func() int64 {
		close(stop)
		wg.Wait()
		return max(peak, heapBytes())
	}
}

// tableSlack is how far past its duration limit a program of the hostile
// table may end: the step's last check interval and the error's
// unwinding, 0.5 s. The race detector instruments every large copy
// (re.sub's 32 MB result took 0.75 s under it on an idle machine, 1.5 s
// on a loaded CI one, 0.09 s without it), so there it is 2 s. Issue 22's
// programs keep 0.5 s under the detector too.
func tableSlack() time.Duration {
	if raceEnabled {
		return 2 * time.Second
	}
	return 500 * time.Millisecond
}

func TestHostileOperations(t *testing.T) {
	if len(hostilePrograms) < 40 {
		t.Fatalf("only %d programs", len(hostilePrograms))
	}
	defer debug.SetGCPercent(debug.SetGCPercent(hostileGCPercent))
	var worst int64
	worstName := ""
	for _, tt := range hostilePrograms {
		t.Run(tt.name, func(t *testing.T) {
			mem, dur := int64(hostileMaxMemory), hostileMaxDuration
			if tt.big {
				mem, dur = 160<<20, 3*time.Second
			}
			if grew := runHostile(t, tt.src, tt.want, core.Limits{MaxMemory: mem, MaxDuration: dur}, tableSlack()); grew-mem > worst {
				worst, worstName = grew-mem, tt.name
			}
		})
	}
	t.Logf("largest growth past the limit: %.1f MB (%s)", float64(worst)/(1<<20), worstName)
}

// issue22Programs are the programs of issue 22's limits (one operation
// that outlived the duration limit or the memory limit); its Done-when
// runs them under exactly these limits: --max-duration 2s --max-memory
// 100000000.
var issue22Programs = []struct{ name, src, want string }{
	{"traceback of 100,000 nested groups", "e = ValueError(1)\nfor i in range(10**5):\n    e = ExceptionGroup('g', [e])\nraise e", "ExceptionGroup"},
	{"traceback of 8,000 nested groups", "e = ValueError(1)\nfor i in range(8000):\n    e = ExceptionGroup('g', [e])\nraise e", "ExceptionGroup"},
	{"count over a 20 MB str", "s = 'ab' * 10**7\nwhile True: s.count('ab')", "limit:duration"},
	{"startswith a tuple of 2000", "('\u00e9'*10**6).startswith(tuple(['b']*2000))\nraise ValueError", "ValueError"},
	{"re.compile nested 40000 deep", "import re\nre.compile('(' * 40000 + ')' * 40000)", "RecursionError"},
	{"re.findall of the empty pattern", "import re\nre.findall('', 'a' * 3 * 10**7)", "limit:memory"},
	{"a group 15 wide and 10 deep, shared", "e = ValueError(1)\nfor i in range(10):\n    e = ExceptionGroup('g', [e] * 15)\nraise e", "ExceptionGroup"},
	{"a context chain 200,000 long", "e = None\nfor i in range(2 * 10**5):\n    n = ValueError(i)\n    n.__context__ = e\n    e = n\nraise e", "ValueError"},
}

func TestHostileIssue22Limits(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(hostileGCPercent))
	for _, tt := range issue22Programs {
		t.Run(tt.name, func(t *testing.T) {
			runHostile(t, tt.src, tt.want, core.Limits{MaxMemory: 100000000, MaxDuration: 2 * time.Second}, 500*time.Millisecond)
		})
	}
}

// runHostile runs src in a new session under lim and checks that it ends
// with want (see hostilePrograms) within the duration limit plus slack
// and the memory limit plus memMargin; it returns the Go heap's growth.
func runHostile(t *testing.T, src, want string, lim core.Limits, slack time.Duration) int64 {
	t.Helper()
	mem, dur := lim.MaxMemory, lim.MaxDuration
	s := core.NewSession(core.Config{Limits: lim})
	var err error
	elapsed, grew, starved := measureRun(func() { _, err = s.FeedRun(src, nil) })
	got := ""
	var rt *core.RuntimeError
	var le *core.LimitError
	var se *core.SyntaxError
	switch {
	case errors.As(err, &rt):
		got = rt.Type
		if len(rt.Traceback) > tracebackCap {
			t.Errorf("a traceback of %d bytes, over %d", len(rt.Traceback), tracebackCap)
		}
	case errors.As(err, &le):
		got = "limit:" + le.Kind
	case errors.As(err, &se):
		got = "SyntaxError"
	default:
		t.Fatalf("ended with %T %v, want a Python exception or a limit error", err, err)
	}
	// Under the race detector, or starved of a core, a slow program may
	// reach the duration limit (wall time) before the error it is meant
	// to end with.
	if want != "" && got != want && !((raceEnabled || starved) && got == "limit:duration") {
		t.Errorf("ended with %s (%v), want %s", got, firstLine(err), want)
	}
	if elapsed > dur+slack {
		t.Errorf("took %v, over the duration limit %v + %v", elapsed, dur, slack)
	}
	if grew > mem+memMargin(mem) {
		t.Errorf("Go heap grew by %.1f MB, over the limit of %d MB + %d MB", float64(grew)/(1<<20), mem>>20, memMargin(mem)>>20)
	}
	t.Logf("%s in %v, Go heap +%.1f MB", got, elapsed.Round(time.Millisecond), float64(grew)/(1<<20))
	return grew
}

// tracebackCap is the most a traceback's text may take (the VM's own
// bound, 8 MB, and the closing line that says it was cut).
const tracebackCap = 8<<20 + 100

func firstLine(err error) string {
	s := err.Error()
	if i := strings.LastIndex(strings.TrimSpace(s), "\n"); i >= 0 {
		return strings.TrimSpace(s[i:])
	}
	return s
}
