package vm

import (
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// runContainerSnippet runs src as a module on a fresh VM and returns what
// it printed (plus the exception, if one escaped).
func runContainerSnippet(t *testing.T, src string) string {
	t.Helper()
	mod, err := syntax.Parse("t.py", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	code, err := compile.Compile(mod, "t.py", []byte(src), compile.Options{})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	m := New()
	var out strings.Builder
	m.Output = func(_, text string) { out.WriteString(text) }
	main := m.MainModule()
	if err := m.StartModule(code, m.ModuleDict(main)); err != nil {
		t.Fatalf("start: %v", err)
	}
	if _, err := m.Resume(); err != nil {
		out.WriteString("EXC " + err.Error() + "\n")
	}
	return out.String()
}

func TestContainerPrograms(t *testing.T) {
	for _, c := range containerCases {
		t.Run(c.name, func(t *testing.T) {
			if got := runContainerSnippet(t, c.src); got != c.want {
				t.Errorf("program:\n%s\ngot:\n%s\nwant:\n%s", c.src, got, c.want)
			}
		})
	}
}

func TestSliceIndices(t *testing.T) {
	vm := New()
	n := heap.None
	i := heap.Int
	cases := []struct {
		start, stop, step Value
		length            int
		want              [4]int
	}{
		// Expected values: slice(...).indices(length) and len(range(length)[s]).
		{n, n, n, 5, [4]int{0, 5, 1, 5}},
		{n, n, i(-1), 5, [4]int{4, -1, -1, 5}},
		{i(-100), i(100), i(2), 5, [4]int{0, 5, 2, 3}},
		{i(3), i(1), n, 5, [4]int{3, 1, 1, 0}},
		{i(-2), n, i(-2), 7, [4]int{5, -1, -2, 3}},
		{i(10), i(-10), i(-3), 4, [4]int{3, -1, -3, 2}},
		{heap.True, i(3), n, 4, [4]int{1, 3, 1, 2}},
	}
	for _, c := range cases {
		sv := vm.H.Alloc(&heap.Slice{Start: c.start, Stop: c.stop, Step: c.step})
		a, b, s, cnt, err := vm.SliceIndices(sv, c.length)
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		if got := [4]int{a, b, s, cnt}; got != c.want {
			t.Errorf("slice(%v,%v,%v) len %d: got %v want %v", c.start, c.stop, c.step, c.length, got, c.want)
		}
	}
	sv := vm.H.Alloc(&heap.Slice{Start: n, Stop: n, Step: i(0)})
	if _, _, _, _, err := vm.SliceIndices(sv, 3); err == nil || !vm.ErrIs(err, TValueError) {
		t.Errorf("step 0: got %v, want ValueError", err)
	}
}

func TestTupleHashMatchesCPython(t *testing.T) {
	vm := New()
	cases := []struct {
		items []Value
		want  int64
	}{
		// hash(()), hash((1, 2)), hash((-1,)), hash((None, True)) in CPython 3.11 — None
		// only int/bool items, whose hashes are not randomised.
		{nil, 5740354900026072187},
		{[]Value{heap.Int(1), heap.Int(2)}, -3550055125485641917},
		{[]Value{heap.Int(-1)}, 8078679518589016365},
		{[]Value{heap.True, heap.Int(0)}, -5164621852614943976},
	}
	for _, c := range cases {
		h, err := vm.tupleHash(c.items)
		if err != nil {
			t.Fatal(err)
		}
		if h != c.want {
			t.Errorf("hash%v = %d, want %d", c.items, h, c.want)
		}
	}
}

var containerCases = []struct{ name, src, want string }{
	{"concat", "print([1, 2] + [3], (1,) + (2, 3), [0] * 3, 2 * [1, 2], (1, 2) * 2, [1] * -1)", "[1, 2, 3] (1, 2, 3) [0, 0, 0] [1, 2, 1, 2] (1, 2, 1, 2) []\n"},
	{"concat_err", "try:\n    [1] + (1,)\nexcept TypeError as e:\n    print(e)\ntry:\n    (1,) + [1]\nexcept TypeError as e:\n    print(e)\ntry:\n    [1] * 1.5\nexcept TypeError as e:\n    print(e)", "can only concatenate list (not \"tuple\") to list\ncan only concatenate tuple (not \"list\") to tuple\ncan't multiply sequence by non-int of type 'float'\n"},
	{"repr", "l = [1]; l.append(l); d = {}; d['d'] = d\nprint(l, d, (), (1,), set(), frozenset(), frozenset({1, 2}), range(5), range(0, 10, 2), slice(1, 2))\nprint({'a': 1}.keys(), {'a': 1}.values(), {'a': 1}.items())", "[1, [...]] {'d': {...}} () (1,) set() frozenset() frozenset({1, 2}) range(0, 5) range(0, 10, 2) slice(1, 2, None)\ndict_keys(['a']) dict_values([1]) dict_items([('a', 1)])\n"},
	{"hash", "print(hash((1, 2)), hash(()), hash((1, (2, 3), None is None)), hash(frozenset({1, 2, 3})), hash(frozenset()), hash(frozenset([frozenset([1])])))", "-3550055125485641917 5740354900026072187 -967618612459855757 -272375401224217160 133146708735736 5515263749738256364\n"},
	{"index", "print([1, 2, 3][-1], (1, 2, 3)[0], range(10)[-3], [1, 2, 3][::-1], (1, 2, 3)[1:], range(10)[2:8:3], range(10)[::-1], [1, 2][True])", "3 1 7 [3, 2, 1] (2, 3) range(2, 8, 3) range(9, -1, -1) 2\n"},
	{"index_err", "for f in (lambda: [1][5], lambda: (1,)[5], lambda: range(3)[5], lambda: [1]['a'], lambda: (1,)['a'], lambda: range(3)['a'], lambda: [1][::0], lambda: [1]['a':], lambda: {}['k']):\n    try:\n        f()\n    except Exception as e:\n        print(type(e).__name__, repr(e))", "IndexError IndexError('list index out of range')\nIndexError IndexError('tuple index out of range')\nIndexError IndexError('range object index out of range')\nTypeError TypeError('list indices must be integers or slices, not str')\nTypeError TypeError('tuple indices must be integers or slices, not str')\nTypeError TypeError('range indices must be integers or slices, not str')\nValueError ValueError('slice step cannot be zero')\nTypeError TypeError('slice indices must be integers or None or have an __index__ method')\nKeyError KeyError('k')\n"},
	{"setitem", "x = [0, 1, 2, 3, 4, 5]; x[1:3] = [9, 9, 9]; print(x)\nx[::2] = 'abcd'; print(x)\ndel x[::2]; print(x)\ndel x[0]; print(x)\nx[1:1] = range(3); print(x)\ntry:\n    x[::2] = [1]\nexcept ValueError as e:\n    print(e)\ntry:\n    x[0:1] = 5\nexcept TypeError as e:\n    print(e)\ntry:\n    x[99] = 1\nexcept IndexError as e:\n    print(e)", "[0, 9, 9, 9, 3, 4, 5]\n['a', 9, 'b', 9, 'c', 4, 'd']\n[9, 9, 4]\n[9, 4]\n[9, 0, 1, 2, 4]\nattempt to assign sequence of size 1 to extended slice of size 3\ncan only assign an iterable\nlist assignment index out of range\n"},
	{"compare", "print([1, 2] < [1, 3], [1, 2] < [1, 2, 0], (1, 2) == (1, 2), [1] == (1,), [1] != (1,), {1} < {1, 2}, {1, 2} >= {1}, {1} == frozenset({1}), {'a': 1} == {'a': 1}, {'a': 1} == {'a': 2}, range(0) == range(5, 2), range(0, 3, 2) == range(0, 4, 2))\nprint({'a': 1}.keys() == {'a'}, {'a': 1}.items() <= {('a', 1), 2})\ntry:\n    [1] < (1,)\nexcept TypeError as e:\n    print(e)", "True True True False True True True True True False True True\nTrue True\n'<' not supported between instances of 'list' and 'tuple'\n"},
	{"contains", "d = {'a': 1}\nprint(3 in range(0, 10, 3), 4 in range(0, 10, 3), 3.0 in range(5), 'a' in d, 2 in {1, 2}, (1, 2) in [(1, 2)], 'a' in d.keys(), ('a', 1) in d.items(), 1 in d.values(), {1} in {frozenset({1})})\ntry:\n    [] in {1}\nexcept TypeError as e:\n    print(e)", "True False True True True True True True True True\nunhashable type: 'list'\n"},
	{"setops", "print({1, 2} | {3}, frozenset({1}) | {2}, {1, 2} & {2, 3}, {1, 2} - {2}, {1, 2} ^ {2, 3}, set([33, 1, 65, 17]).copy(), set([33, 1, 65, 17]) | set())\nd = {'a': 1}\nprint({'a': 1} | {'b': 2}, sorted(d.keys() & {'a', 'b'}), sorted(d.keys() | ['z']), d.items() - set(), {'a', 'b'} - d.keys())", "{1, 2, 3} frozenset({1, 2}) {2} {1} {1, 3} {65, 33, 1, 17} {65, 33, 1, 17}\n{'a': 1, 'b': 2} ['a'] ['a', 'z'] {('a', 1)} {'b'}\n"},
	{"inplace", "a = [1, 2]; b = a; a += (3,); a *= 2; print(b)\ns = {1}; t = s; s |= {2}; s &= {2, 5}; s ^= {3}; s -= {3}; print(t)\nd = {1: 2}; e = d; d |= [(3, 4)]; print(e)", "[1, 2, 3, 1, 2, 3]\n{2}\n{1: 2, 3: 4}\n"},
	{"listmethods", "x = [3, 1, 2]; x.append(4); x.extend(range(2)); x.insert(-100, 9); x.insert(1, 7); print(x, x.pop(), x.pop(0), x)\nx.remove(7); print(x, x.index(2), x.count(1), x.copy(), x.reverse(), x)\nx.clear(); print(x)\nfor f in (lambda: [].pop(), lambda: [1].pop(5), lambda: [1].remove(2), lambda: [1].index(5), lambda: (1,).index(5), lambda: range(3).index(5)):\n    try:\n        f()\n    except Exception as e:\n        print(type(e).__name__, e)", "[7, 3, 1, 2, 4, 0] 1 9 [7, 3, 1, 2, 4, 0]\n[0, 4, 2, 1, 3] 2 1 [3, 1, 2, 4, 0] None [0, 4, 2, 1, 3]\n[]\nIndexError pop from empty list\nIndexError pop index out of range\nValueError list.remove(x): x not in list\nValueError 5 is not in list\nValueError tuple.index(x): x not in tuple\nValueError 5 is not in range\n"},
	{"sort", "print(sorted([3, 1, 2]), sorted('bca'), sorted([2.5, 1.0], reverse=True), sorted([(1, 'b'), (0, 'z'), (1, 'a')]))\nprint(sorted(range(20), key=lambda v: v % 3), sorted(range(20), key=lambda v: v % 3, reverse=True))\nl = [5, 3, 1, 4]; l.sort(); print(l); l.sort(key=lambda v: -v); print(l)\ntry:\n    sorted([1, 'a'])\nexcept TypeError as e:\n    print(e)\nl = [3, 2, 1]\ndef k(v):\n    l.append(v)\n    return v\ntry:\n    l.sort(key=k)\nexcept ValueError as e:\n    print(e, l)", "[1, 2, 3] ['a', 'b', 'c'] [2.5, 1.0] [(0, 'z'), (1, 'a'), (1, 'b')]\n[0, 3, 6, 9, 12, 15, 18, 1, 4, 7, 10, 13, 16, 19, 2, 5, 8, 11, 14, 17] [2, 5, 8, 11, 14, 17, 1, 4, 7, 10, 13, 16, 19, 0, 3, 6, 9, 12, 15, 18]\n[1, 3, 4, 5]\n[5, 4, 3, 1]\n'<' not supported between instances of 'str' and 'int'\nlist modified during sort [1, 2, 3]\n"},
	{"builtins", "print(min(3, 1, 2), max([1, 5, 2]), min([], default=0), max('abc', key=ord), max(1, 2.5), sum([1, 2, 3]), sum([0.1] * 10), sum([[1], [2]], []), sum([1, 2.5]), sum([2**62] * 3), any([0, 1]), all([1, 0]), all([]))\nfor f in (lambda: min([]), lambda: max(1, 2, default=3), lambda: sum(['a'], ''), lambda: sum([], b''), lambda: min()):\n    try:\n        f()\n    except Exception as e:\n        print(type(e).__name__, e)", "1 5 0 c 2.5 6 0.9999999999999999 [1, 2] 3.5 13835058055282163712 True False True\nValueError min() arg is an empty sequence\nTypeError Cannot specify a default for max() with multiple positional arguments\nTypeError sum() can't sum strings [use ''.join(seq) instead]\nTypeError sum() can't sum bytes [use b''.join(seq) instead]\nTypeError min expected at least 1 argument, got 0\n"},
	{"dictmethods", "d = {'a': 1, 'b': 2}\nprint(d.pop('a'), d, d.popitem(), d, d.setdefault('z', 5), d.get('q'), d.get('z'), d.pop('q', 0))\nd.update({'c': 3}, d=4); d.update([('e', 5)]); print(d, dict.fromkeys('ab', 0), d.copy() == d)\nfor f in (lambda: {}.popitem(), lambda: {}.pop(1), lambda: dict([(1, 2, 3)]), lambda: dict([1]), lambda: dict(1, 2)):\n    try:\n        f()\n    except Exception as e:\n        print(type(e).__name__, repr(e))", "1 {'z': 5} ('b', 2) {'z': 5} 5 None 5 0\n{'z': 5, 'c': 3, 'd': 4, 'e': 5} {'a': 0, 'b': 0} True\nKeyError KeyError('popitem(): dictionary is empty')\nKeyError KeyError(1)\nValueError ValueError('dictionary update sequence element #0 has length 3; 2 is required')\nTypeError TypeError('cannot convert dictionary update sequence element #0 to a sequence')\nTypeError TypeError('dict expected at most 1 argument, got 2')\n"},
	{"setmethods", "s = {1, 2, 3}; s.add(4); s.discard(1); s.remove(2); print(s, s.pop(), s)\nprint({1, 2}.union([3], [4]), {1, 2, 3}.intersection([2, 3], [3]), {1, 2, 3}.difference([1], [2]), {1, 2}.symmetric_difference([2, 3]), {1}.issubset([1, 2]), {1, 2}.issuperset([1]), {1}.isdisjoint([2]))\nfor f in (lambda: set().pop(), lambda: {1}.remove(2), lambda: set(1, 2)):\n    try:\n        f()\n    except Exception as e:\n        print(type(e).__name__, repr(e))", "{4} 3 {4}\n{1, 2, 3, 4} {3} {3} {1, 3} True True True\nKeyError KeyError('pop from an empty set')\nKeyError KeyError(2)\nTypeError TypeError('set expected at most 1 argument, got 2')\n"},
	{"constructors", "t = (1, 2)\nprint(list(range(3)), tuple([1]), tuple(t) is t, dict([(1, 2)], a=3), set('aab') == {'a', 'b'}, frozenset([1]), range(2, 5), range(5, 0, -2), slice(3), slice(1, 2, 3))\nfor f in (lambda: range(1.0), lambda: range(1, 2, 0), lambda: range(), lambda: list(1, 2), lambda: list(x=1), lambda: slice()):\n    try:\n        f()\n    except Exception as e:\n        print(type(e).__name__, e)", "[0, 1, 2] (1,) True {1: 2, 'a': 3} True frozenset({1}) range(2, 5) range(5, 0, -2) slice(None, 3, None) slice(1, 2, 3)\nTypeError 'float' object cannot be interpreted as an integer\nValueError range() arg 3 must not be zero\nTypeError range expected at least 1 argument, got 0\nTypeError list expected at most 1 argument, got 2\nTypeError list() takes no keyword arguments\nTypeError slice expected at least 1 argument, got 0\n"},
	{"rangeslice", "r = range(1, 10, 2)\nprint(r.start, r.stop, r.step, len(r), r[1:3], r.count(3), r.index(5), slice(1, 10, 2).indices(5), slice(None).indices(3), slice(None, None, -1).indices(5), slice(1, 2).start)", "1 10 2 5 range(3, 7, 2) 1 2 (1, 5, 2) (0, 3, 1) (4, -1, -1) 1\n"},
	{"subclasses", "class D(dict):\n    def __missing__(self, k):\n        return k * 2\nd = D(a=1)\nprint(d['a'], d['zz'], d)\nclass L(list):\n    pass\nl = L([3, 1, 2]); l.sort(); print(l, l + [1], type(l + [1]).__name__)\nclass S(set):\n    pass\nprint(S([1]), S(), type(S([1]) | {2}).__name__)", "1 zzzz {'a': 1}\n[1, 2, 3] [1, 2, 3, 1] list\nS({1}) S() set\n"},
}
