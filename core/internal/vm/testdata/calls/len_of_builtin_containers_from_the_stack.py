# len(x) of exact lists, tuples, dicts, sets and frozensets answers at the
# call; everything else (subclasses overriding __len__, strs, objects with
# __len__, errors, a rebound len) takes the general call.
import builtins


class L(list):
    def __len__(self):
        return 42


class D(dict):
    pass


class S(str):
    def __len__(self):
        return 3


class Sized:
    def __len__(self):
        return 7


class BadLen:
    def __len__(self):
        return -1


def measure(x):
    return len(x)


def as_value(x):
    f = len
    return f(x)


out = []
for x in [[], [1, 2, 3], (), (1,), {}, {"a": 1, "b": 2}, set(), {1, 2},
          frozenset([1, 2, 3]), L([1]), D(a=1), Sized(), "héllo", "", "ab" * 50, S("abcdefg"), b"ab",
          range(10), {"k": 1}.keys()]:
    out.append((measure(x), as_value(x)))
print(out)

# Mutation between calls is seen.
lst = [1]
d = {}
for i in range(4):
    lst.append(i)
    d[i] = i
    print(measure(lst), measure(d), len([lst, d]))
del d[0]
print(measure(d))

for bad in [BadLen(), 5, None]:
    try:
        measure(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    len()
except TypeError as e:
    print("TypeError", e)
try:
    len([1], [2])
except TypeError as e:
    print("TypeError", e)

# A rebound len, globally then in builtins.
len = lambda x: "mine"
print(measure([1, 2]))
del len
orig = builtins.len
builtins.len = lambda x: "patched"
print(measure([1, 2]), measure((1,)))
builtins.len = orig
print(measure([1, 2]))
