# CONTAINS_OP answers exact dicts, sets, lists, tuples and strs in the
# loop; subclasses, user __eq__/__hash__ and errors behave as CPython's.

s = {1, 2, "a", (1, 2), frozenset({3})}
print(1 in s, 3 in s, "a" in s, "b" not in s, (1, 2) in s)
print({3} in s, frozenset({3}) in s)  # a set is looked up as a frozenset
try:
    [1] in s
except TypeError as e:
    print("TypeError:", e)
l = [1, 2.0, "x", None, (1,)]
print(2 in l, 1.0 in l, "x" in l, None in l, (1,) in l, 5 not in l)
t = (1, "two", 3.5)
print("two" in t, 3.5 in t, 4 in t)
nan = float("nan")
print(nan in [nan], nan in {nan}, nan in (nan,), nan in [1.0])
print(True in {1}, 1 in [True], 0 in {False: 1})


class Eq:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        print("  __eq__", self.v, other)
        return self.v == other

    def __hash__(self):
        return hash(self.v)


print(3 in [1, Eq(3)], 3 in {Eq(3)}, 4 in (Eq(3),))


class Bad:
    def __eq__(self, other):
        raise ValueError("no comparing")

    __hash__ = object.__hash__


try:
    print(1 in [Bad()])
except ValueError as e:
    print("ValueError:", e)


class MyList(list):
    def __contains__(self, x):
        return x == "always"


class MySet(set):
    pass


print("always" in MyList([1]), 1 in MyList([1]), 1 in MySet([1]), 2 in MySet([1]))


class Seq:
    def __iter__(self):
        return iter([7, 8])


print(7 in Seq(), 9 in Seq())
try:
    1 in 5
except TypeError as e:
    print("TypeError:", e)
hits = 0
for i in range(100):
    if i in {3, 5, 7} or i in (10, 20) or i not in [i]:
        hits += 1
print("hits", hits)
