package vm_test

// Table-driven tests of the standard modules written for Amber (math, json,
// itertools, collections, copy, heapq, bisect, operator, hashlib, base64,
// string, textwrap). Each program's expected output was produced by
// CPython 3.11.

import (
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/syntax"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

func stdlibTestRun(t *testing.T, src string) string {
	t.Helper()
	mod, err := syntax.Parse("main.py", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	code, err := compile.Compile(mod, "main.py", []byte(src), compile.Options{})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	m := vm.New()
	out := &strings.Builder{}
	m.Output = func(stream, text string) { out.WriteString(text) }
	if err := m.StartModule(code, m.ModuleDict(m.MainModule())); err != nil {
		t.Fatalf("start: %v", err)
	}
	if _, err := m.Resume(); err != nil {
		t.Fatalf("run: %v\noutput so far:\n%s", err, out.String())
	}
	return out.String()
}

func TestStdlibModules(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			name: "math basics",
			src: `import math
print(math.sqrt(16), math.floor(-2.5), math.ceil(2.1), math.factorial(25))
print(math.gcd(12, 18, 30), math.lcm(4, 6), math.isqrt(10**20 + 5), math.comb(52, 5), math.perm(5, 2))
print(math.fsum([0.1] * 10), math.hypot(3, 4), math.dist((0, 0), (1, 1)), math.log(8, 2))
print(math.floor(1e20), math.trunc(-3.7), math.copysign(2, -0.0), math.modf(2.5), math.frexp(10.0))
`,
			want: `4.0 -3 3 15511210043330985984000000
6 12 10000000000 2598960 20
1.0 5.0 1.4142135623730951 3.0
100000000000000000000 -3 -2.0 (0.5, 2.0) (0.625, 4)
`,
		},
		{
			name: "math errors",
			src: `import math
for f in [lambda: math.sqrt(-1), lambda: math.log(0), lambda: math.exp(1000), lambda: math.factorial(-1),
          lambda: math.factorial(2.5), lambda: math.isqrt(-1), lambda: math.comb(3, -1), lambda: math.sqrt('x'),
          lambda: math.fsum([math.inf, -math.inf]), lambda: math.floor(math.nan)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
`,
			want: `ValueError math domain error
ValueError math domain error
OverflowError math range error
ValueError factorial() not defined for negative values
TypeError 'float' object cannot be interpreted as an integer
ValueError isqrt() argument must be nonnegative
ValueError k must be a non-negative integer
TypeError must be real number, not str
ValueError -inf + inf in fsum
ValueError cannot convert float NaN to integer
`,
		},
		{
			name: "json dumps",
			src: `import json
print(json.dumps({"a": [1, 2.5, None, True], "b": "é\n"}))
print(json.dumps({"b": 1, "a": {"c": []}}, indent=2, sort_keys=True))
print(json.dumps([1, 2], separators=(",", ":")), json.dumps("é", ensure_ascii=False))
print(json.dumps({1: 2, None: 3, 1.5: 4, True: 5}), json.dumps(float("nan")), json.dumps(10**30))
for bad in [{1, 2}, {(1,): 2}]:
    try:
        json.dumps(bad)
    except TypeError as e:
        print("TypeError", e)
x = []
x.append(x)
try:
    json.dumps(x)
except ValueError as e:
    print("ValueError", e)
print(json.dumps({"s": {3, 1}}, default=sorted))
`,
			want: `{"a": [1, 2.5, null, true], "b": "\u00e9\n"}
{
  "a": {
    "c": []
  },
  "b": 1
}
[1,2] "é"
{"1": 5, "null": 3, "1.5": 4} NaN 1000000000000000000000000000000
TypeError Object of type set is not JSON serializable
TypeError keys must be str, int, float, bool or None, not tuple
ValueError Circular reference detected
{"s": [1, 3]}
`,
		},
		{
			name: "json loads",
			src: `import json
print(json.loads('{"a": [1, 2.5, -3e2, null, true, false], "b": "\\u00e9\\n"}'))
print(json.loads('123456789012345678901234567890'), json.loads('[]'), json.loads(' "x" '))
for doc in ['', '[1,', '{"a" 1}', '{"a": 1,}', '[1] x', '"abc', '{1: 2}']:
    try:
        json.loads(doc)
    except json.JSONDecodeError as e:
        print(repr(doc), e.msg, e.lineno, e.colno, e.pos)
print(json.loads('{"x": 1}', object_hook=lambda d: sorted(d.items())), json.loads('[1.5]', parse_float=str))
`,
			want: `{'a': [1, 2.5, -300.0, None, True, False], 'b': 'é\n'}
123456789012345678901234567890 [] x
'' Expecting value 1 1 0
'[1,' Expecting value 1 4 3
'{"a" 1}' Expecting ':' delimiter 1 6 5
'{"a": 1,}' Expecting property name enclosed in double quotes 1 9 8
'[1] x' Extra data 1 5 4
'"abc' Unterminated string starting at 1 1 0
'{1: 2}' Expecting property name enclosed in double quotes 1 2 1
[('x', 1)] ['1.5']
`,
		},
		{
			name: "itertools",
			src: `from itertools import *
print(list(islice(count(5, 2), 4)), list(islice(cycle('ab'), 5)), list(repeat(0, 3)))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([1, 2, 3], lambda a, b: a * b, initial=10)))
print(list(chain('ab', [1])), list(chain.from_iterable([[1], [2, 3]])), list(compress('abcd', [1, 0, 1, 0])))
print(list(dropwhile(lambda x: x < 3, [1, 3, 1])), list(takewhile(lambda x: x < 3, [1, 3, 1])), list(filterfalse(None, [0, 1, 2])))
print([(k, ''.join(g)) for k, g in groupby('aabccc')], list(pairwise('abc')), list(starmap(max, [(1, 2), (4, 3)])))
a, b = tee([1, 2, 3])
print(list(a), list(b), list(zip_longest('ab', 'c', fillvalue='-')))
print(list(product('ab', repeat=2)), list(permutations('abc', 2))[:3], list(combinations(range(4), 3)))
print(list(combinations_with_replacement('ab', 2)), list(islice(range(10), 2, 8, 3)))
`,
			want: `[5, 7, 9, 11] ['a', 'b', 'a', 'b', 'a'] [0, 0, 0]
[1, 3, 6, 10] [10, 10, 20, 60]
['a', 'b', 1] [1, 2, 3] ['a', 'c']
[3, 1] [1] [0]
[('a', 'aa'), ('b', 'b'), ('c', 'ccc')] [('a', 'b'), ('b', 'c')] [2, 4]
[1, 2, 3] [1, 2, 3] [('a', 'c'), ('b', '-')]
[('a', 'a'), ('a', 'b'), ('b', 'a'), ('b', 'b')] [('a', 'b'), ('a', 'c'), ('b', 'a')] [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
[('a', 'a'), ('a', 'b'), ('b', 'b')] [2, 5]
`,
		},
		{
			name: "collections",
			src: `from collections import deque, Counter, defaultdict, OrderedDict, namedtuple, ChainMap
d = deque([1, 2, 3], maxlen=4)
d.appendleft(0); d.append(4); d.rotate(1)
print(d, d[0], len(d), d.popleft(), d.pop(), deque())
c = Counter('abracadabra')
print(c, c.most_common(2), c['z'], c + Counter('zz'), c - Counter('aaaaaaa'))
dd = defaultdict(list)
dd['x'].append(1)
print(dd, dict(dd), defaultdict(int)['q'])
od = OrderedDict(a=1, b=2, c=3)
od.move_to_end('a'); print(od, od.popitem(last=False))
P = namedtuple('P', 'x y', defaults=[0])
p = P(1)
print(p, p._asdict(), p._replace(y=5), P._fields, p == (1, 0), p[0] + p.y)
try:
    P()
except TypeError as e:
    print(e)
cm = ChainMap({'a': 1}, {'a': 2, 'b': 3})
print(cm['a'], cm['b'], sorted(cm), len(cm))
`,
			want: `deque([1, 2], maxlen=4) 4 4 4 3 deque([])
Counter({'a': 5, 'b': 2, 'r': 2, 'c': 1, 'd': 1}) [('a', 5), ('b', 2)] 0 Counter({'a': 5, 'b': 2, 'r': 2, 'z': 2, 'c': 1, 'd': 1}) Counter({'b': 2, 'r': 2, 'c': 1, 'd': 1})
defaultdict(<class 'list'>, {'x': [1]}) {'x': [1]} 0
OrderedDict([('c', 3), ('a', 1)]) ('b', 2)
P(x=1, y=0) {'x': 1, 'y': 0} P(x=1, y=5) ('x', 'y') True 1
P.__new__() missing 1 required positional argument: 'x'
1 3 ['a', 'b'] 2
`,
		},
		{
			name: "collections abc",
			src: `from collections.abc import Iterable, Mapping, Sequence, Callable, Hashable, Iterator
print([isinstance(v, Iterable) for v in ([], {}, 1, 'a', iter([]))])
print([isinstance(v, Mapping) for v in ([], {}, 1)], [isinstance(v, Sequence) for v in ([], (), 'a', {})])
print(isinstance(len, Callable), isinstance(1, Callable), isinstance([], Hashable), isinstance((), Hashable), isinstance(iter(()), Iterator))
`,
			want: `[True, True, False, True, True]
[False, True, False] [True, True, True, False]
True False False True True
`,
		},
		{
			name: "copy",
			src: `import copy
a = {'x': [1, [2]], 't': (1, [3])}
b = copy.copy(a); c = copy.deepcopy(a)
a['x'][1].append(9)
print(b, c, b['x'] is a['x'], c['t'][1] is a['t'][1])
class N:
    def __init__(self, v): self.v = v; self.kids = []
n = N(1); n.kids.append(N(2)); n.kids.append(n)
m = copy.deepcopy(n)
print(m.v, m.kids[0].v, m.kids[1] is m, m.kids[0] is n.kids[0])
class H:
    def __copy__(self): return 'copied'
    def __deepcopy__(self, memo): return 'deep'
print(copy.copy(H()), copy.deepcopy([H()]))
`,
			want: `{'x': [1, [2, 9]], 't': (1, [3])} {'x': [1, [2]], 't': (1, [3])} True False
1 2 True False
copied ['deep']
`,
		},
		{
			name: "heapq bisect operator",
			src: `import heapq, bisect, operator
h = []
for x in [5, 1, 4, 2, 3]:
    heapq.heappush(h, x)
print([heapq.heappop(h) for _ in range(5)], heapq.nlargest(2, [3, 1, 4, 1, 5]), heapq.nsmallest(2, 'dcba'))
l = [3, 1, 2]; heapq.heapify(l); print(l[0], heapq.heappushpop(l, 0), heapq.heapreplace(l, 9), list(heapq.merge([1, 4], [2, 3])))
a = [1, 2, 2, 4]
print(bisect.bisect_left(a, 2), bisect.bisect_right(a, 2), bisect.bisect(a, 3))
bisect.insort(a, 3); print(a, bisect.bisect_left([(1, 'a'), (3, 'b')], 2, key=lambda t: t[0]))
print(operator.itemgetter(1)('abc'), operator.itemgetter(0, 2)('abc'), operator.attrgetter('real')(3))
print(operator.methodcaller('upper')('x'), operator.add(1, 2), operator.mul('a', 3), operator.neg(4), operator.contains([1], 1))
`,
			want: `[1, 2, 3, 4, 5] [5, 4] ['a', 'b']
1 0 1 [1, 2, 3, 4]
1 3 3
[1, 2, 2, 3, 4] 1
b ('a', 'c') 3
X 3 aaa -4 True
`,
		},
		{
			name: "hashlib base64",
			src: `import hashlib, base64
print(hashlib.md5(b'abc').hexdigest(), hashlib.sha1(b'').hexdigest())
h = hashlib.sha256(b'a'); h2 = h.copy(); h.update(b'b')
print(h.hexdigest()[:16], h2.hexdigest()[:16], h.digest_size, h.name, hashlib.new('sha512', b'x').hexdigest()[:8])
try:
    hashlib.sha256('text')
except TypeError as e:
    print(e)
print(base64.b64encode(b'hello'), base64.b64decode('aGVsbG8='), base64.urlsafe_b64encode(b'\xfb\xff'))
print(base64.b32encode(b'hi'), base64.b16encode(b'\x01\xff'), base64.b16decode('01FF'))
try:
    base64.b64decode('abc')
except ValueError as e:
    print(type(e).__name__, e)
`,
			want: `900150983cd24fb0d6963f7d28e17f72 da39a3ee5e6b4b0d3255bfef95601890afd80709
fb8e20fc2e4c3f24 ca978112ca1bbdca 32 sha256 a4abd444
Strings must be encoded before hashing
b'aGVsbG8=' b'hello' b'-_8='
b'NBUQ====' b'01FF' b'\x01\xff'
Error Incorrect padding
`,
		},
		{
			name: "string textwrap",
			src: `import string, textwrap
print(string.ascii_letters, string.digits, string.punctuation, string.capwords('hello  world'))
print(string.Template('$a and ${b}!').substitute(a=1, b='x'), string.Template('$a $z').safe_substitute(a=1))
print(textwrap.wrap('The quick brown fox jumps over the lazy dog', 10))
print(textwrap.fill('aaa bbb ccc ddd', 7))
print(repr(textwrap.dedent('    a\n      b\n    c')), repr(textwrap.indent('a\nb\n', '> ')))
print(textwrap.shorten('Hello  world, this is a test', 15))
`,
			want: `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789 !"#$%&'()*+,-./:;<=>?@[\]^_` + "`" + `{|}~ Hello World
1 and x! 1 $z
['The quick', 'brown fox', 'jumps over', 'the lazy', 'dog']
aaa bbb
ccc ddd
'a\n  b\nc' '> a\n> b\n'
Hello [...]
`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := stdlibTestRun(t, tc.src); got != tc.want {
				t.Errorf("output differs\n got: %q\nwant: %q", got, tc.want)
			}
		})
	}
}
