# list.append, dict.get, dict.setdefault, len and isinstance called the
# common way answer in a fast dispatch; every other shape must behave as
# the general path does.


class L(list):
    def append(self, x):
        list.append(self, x * 10)


class D(dict):
    def get(self, k, d=None):
        return ("D.get", k, d)


class D2(dict):
    pass


class K:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        print("K.__eq__", self.v, other)
        return other == self.v


class Meta(type):
    def __instancecheck__(cls, inst):
        print("instancecheck", inst)
        return True


class Any(metaclass=Meta):
    pass


class Sized:
    def __len__(self):
        return 7


class BadLen:
    def __len__(self):
        return -1


def main():
    # list.append: room and growth, subclasses, unbound, bound, errors.
    a = []
    for i in range(10):
        a.append(i)
    print(a, len(a))
    b = L()
    b.append(3)
    list.append(b, 4)
    print(b)
    app = a.append
    app(99)
    print(a[-1])
    list.append(a, 100)
    print(a[-1])
    a.append(a)
    print(len(a), a[-1] is a)
    for bad in ("a.append()", "a.append(1, 2)", "list.append(1, 2)", "a.append(x=1)", "list.append()"):
        try:
            eval(bad)
        except TypeError as e:
            print(bad, "->", e)

    # dict.get / setdefault: hits, misses, defaults, subclasses, user keys.
    d = {"x": 1, 2: "two", 1.5: None}
    print(d.get("x"), d.get("y"), d.get("y", 5), d.get(2), d.get(2.0), d.get(True, "t"), d.get(1.5, 0))
    print(d.setdefault("x", 9), d.setdefault("z"), d.setdefault("w", []), d)
    d.setdefault("w", []).append(1)
    d.setdefault("w", []).append(2)
    print(d["w"], dict.get(d, "x"), dict.setdefault(d, "q", 0))
    print(D(x=1).get("x"), D(x=1).get("x", 2))
    d2 = D2(x=1)
    print(d2.get("x"), d2.get("y", 3), d2.setdefault("y", 4), d2)
    kd = {K(1): "one"}
    print(kd.get(1), kd.get(K(2), "none"), kd.setdefault(1, "new"))
    for bad in ("d.get()", "d.get([])", "d.get(1, 2, 3)", "d.setdefault([], 1)", "dict.get(1, 2)", "d.setdefault()"):
        try:
            eval(bad)
        except TypeError as e:
            print(bad, "->", e)

    # list.pop: last, by index, errors, subclasses, non-int indexes.
    p = [1, 2, 3, 4, 5]
    print(p.pop(), p.pop(0), p.pop(-2), p, list.pop(p))
    q = L([7, 8])
    print(q.pop(), q)
    for bad in ("[].pop()", "p.pop(5)", "p.pop(-9)", "p.pop('x')", "p.pop(1.0)", "p.pop(1, 2)", "list.pop(())"):
        try:
            print(eval(bad))
        except (TypeError, IndexError) as e:
            print(bad, "->", type(e).__name__, e)
    p.extend([10, 20])
    print(p.pop(True), p)

    # set.add and dict.pop: hits, misses, defaults, subclasses, errors.
    s = set()
    for v in (1, 2, 1, "a", (1, 2), frozenset({3})):
        s.add(v)
    set.add(s, 9)
    print(sorted(map(repr, s)))
    class S(set):
        def add(self, x):
            set.add(self, -x)
    s2 = S()
    s2.add(4)
    print(s2)
    for bad in ("s.add([])", "s.add({1})", "frozenset().add(1)"):
        try:
            eval(bad)
        except (TypeError, AttributeError) as e:
            print(bad, "->", type(e).__name__, e)
    dp = {"a": 1, "b": 2, 3: 4}
    print(dp.pop("a"), dp.pop("zz", None), dp.pop(3, 0), dp, dict.pop(dp, "b"), dp)
    print(D2(x=5).pop("x"), kd.pop(1), kd)
    for bad in ("dp.pop('nope')", "dp.pop([])", "{1: 2}.pop([])", "{}.pop([], 7)", "dp.pop()", "dp.pop(1, 2, 3)", "dict.pop([], 1)"):
        try:
            eval(bad)
        except (TypeError, KeyError) as e:
            print(bad, "->", type(e).__name__, e)

    # min/max of two values: ints, floats, NaN, signed zeros, mixed kinds.
    nan = float("nan")
    for x, y in ((1, 2), (2, 1), (3, 3), (-1, -5), (2**70, 1), (1, 2**70), (1.5, 2.5), (2.5, 1.5),
                 (nan, 1.0), (1.0, nan), (0.0, -0.0), (-0.0, 0.0), (1, 1.0), (1.0, 1), (True, 1), (1, True),
                 (False, True), ("a", "b"), ([1], [0])):
        print(repr(x), repr(y), "->", repr(min(x, y)), repr(max(x, y)))
    print(min(3, 1, 2), max([4, 9]), min("bca"), max(1, 2, key=lambda v: -v), min((), default=0))
    for bad in ("min(1, 'a')", "max()", "min(1)"):
        try:
            eval(bad)
        except TypeError as e:
            print(bad, "->", e)

    # len: builtins, user __len__, errors.
    print(len([1, 2]), len((1,)), len({}), len("héllo"), len(b"ab"), len(range(5)), len({1, 2}), len(d.keys()), len(Sized()))
    for bad in ("len(1)", "len()", "len([], [])", "len(BadLen())", "len(x=[])"):
        try:
            eval(bad)
        except (TypeError, ValueError) as e:
            print(bad, "->", type(e).__name__, e)

    # isinstance: exact types, subclasses, tuples, __instancecheck__.
    print(isinstance(1, int), isinstance(True, int), isinstance("s", (int, str)), isinstance(b, list), isinstance([], L))
    print(isinstance(3, Any), isinstance(Any(), Any))
    for bad in ("isinstance(1, 2)", "isinstance(1)", "isinstance(1, int, 2)"):
        try:
            eval(bad)
        except TypeError as e:
            print(bad, "->", e)




def rebound():
    # Rebinding the builtins: the fast dispatch keys on the builtin itself.
    global len, isinstance
    len = lambda x: "mylen"
    isinstance = lambda x, t: "myisinstance"
    print(len([]), isinstance(1, int))
    del len, isinstance
    print(len([]), isinstance(1, int))


main()
rebound()
