# LOAD_METHOD of a builtin method on an exact str, list, tuple, dict,
# set or frozenset answers from the site cache; a site that sees several
# receiver types, subclasses with overrides, or attributes that are not
# methods must behave as the general path.


class MyList(list):
    def count(self, x):
        return "MyList.count"


class MyStr(str):
    pass


class Obj:
    def count(self, x):
        return "Obj.count"


def counts(xs):
    out = []
    for x, v in xs:
        out.append(x.count(v))
    return out


def main():
    print(counts([([1, 1, 2], 1), ((1, 2, 1, 1), 1), ("1x1", "1"), (MyList([1]), 1), (Obj(), 1), ([1], 1), (MyStr("11"), "1"), (b"\x01\x01", 1), (bytearray(b"\x01"), 1)]))
    # Every call of a loop at one site: dict, set and frozenset methods.
    for c in (set, frozenset):
        s = c([1, 2, 3])
        print(c.__name__, [s.issubset({1, 2, 3, 4}) for _ in range(3)], s.union({9}) == c([1, 2, 3, 9]))
    d = {"a": 1}
    print([d.get("a") for _ in range(3)], [d.keys() == {"a"} for _ in range(2)])
    t = (3, 1, 2)
    print([t.index(v) for v in t])
    words = "a b c".split()
    print(["-".join(words) for _ in range(2)], ["x".upper() for _ in range(2)])
    # A method that is really a class attribute of another kind.
    for v in ([], {}, ""):
        try:
            v.nosuch()
        except AttributeError as e:
            print(e)
    print([].__class__.__name__, {}.fromkeys("ab"), str.maketrans("a", "b") == {97: 98}, dict.fromkeys([1]))
    m = [].append
    m(1)
    print(type(m).__name__, m.__self__)


main()
