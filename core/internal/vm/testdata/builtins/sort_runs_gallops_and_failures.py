# list.sort and sorted over data with runs and many equal keys (the
# galloping merges), stability, comparisons that fail half way, and key
# functions that mutate the list.
import random

rng = random.Random(7)


class Rec:
    def __init__(self, k, i):
        self.k = k
        self.i = i

    def __lt__(self, other):
        return self.k < other.k

    def __repr__(self):
        return f"R({self.k},{self.i})"


for n in (0, 1, 2, 5, 63, 64, 65, 200, 1000, 3000):
    keys = [rng.randrange(8) for _ in range(n)]
    recs = [Rec(k, i) for i, k in enumerate(keys)]
    a = sorted(recs)
    ok = all((a[j].k, a[j].i) <= (a[j + 1].k, a[j + 1].i) for j in range(len(a) - 1))
    b = sorted(recs, reverse=True)
    okr = all(b[j].k > b[j + 1].k or (b[j].k == b[j + 1].k and b[j].i < b[j + 1].i) for j in range(len(b) - 1))
    c = sorted(range(n), key=lambda j: keys[j])
    print(n, ok, okr, c == sorted(range(n), key=lambda j: (keys[j], j)))

# Patterned data: runs up, down, sawtooth.
data = list(range(500)) + list(range(500, 0, -1)) + [i % 37 for i in range(2000)]
print(sorted(data) == sorted(data, key=lambda x: x), sum(sorted(data)[::97]))
pairs = [(i % 5, -i) for i in range(3000)]
print(sorted(pairs, key=lambda p: p[0])[:3], sorted(pairs)[-2:])


# A comparison that raises part way: the error comes out and the list
# still holds every item.
class Boom:
    calls = 0

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        Boom.calls += 1
        if Boom.calls == 500:
            raise ValueError("boom at 500")
        return self.v < other.v


items = [Boom(rng.randrange(100)) for _ in range(1000)]
ids = sorted(id(x) for x in items)
try:
    items.sort()
except ValueError as e:
    print("ValueError", e)
print(len(items), sorted(id(x) for x in items) == ids)


# A key that raises.
def key(x):
    if x == 77:
        raise KeyError(x)
    return -x


lst = list(range(100))
try:
    lst.sort(key=key)
except KeyError as e:
    print("KeyError", e, lst[:3], len(lst))

# A key that mutates the list under sort: the list looks empty.
lst = [3, 1, 2]
seen = []


def peek(x):
    seen.append(len(lst))
    return x


lst.sort(key=peek)
print(lst, seen)

lst = [3, 1, 2]


def grow(x):
    lst.append(x)
    return x


try:
    lst.sort(key=grow)
except ValueError as e:
    print("ValueError", e, lst)


# __lt__ returning NotImplemented ends in the TypeError.
class NoCmp:
    def __lt__(self, other):
        return NotImplemented


try:
    sorted([NoCmp(), NoCmp()])
except TypeError as e:
    print("TypeError", e)
