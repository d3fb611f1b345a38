# {**a, **b} copies a into the empty display, then sets b's keys: order,
# later values winning, equal keys of other types, errors from a key's
# __eq__, and a mapping that is not a dict, as in CPython.
a = {"x": 1, "y": 2, 3: "three"}
b = {"y": 20, "z": 30, 3.0: "float three", True: "t"}
print({**a, **b}, {**b, **a}, {**a}, {**{}}, {**a, "x": 0, **{"w": 9}})
big = {i: i * i for i in range(100)}
m = {**big, **{i: -i for i in range(50, 150)}}
print(len(m), m[10], m[60], m[149], list(m)[:3], list(m)[-2:])
del big[5]
print(len({**big}), 5 in {**big})


class Bad:
    def __hash__(self):
        return 1

    def __eq__(self, other):
        raise ValueError("no eq")


try:
    {**{Bad(): 1}, **{Bad(): 2}}
except ValueError as e:
    print("ValueError", e)


class M:
    def keys(self):
        return ["k", "j"]

    def __getitem__(self, k):
        return k * 2


print({**M(), "k": 0}, {"j": 1, **M()})
try:
    {**[1, 2]}
except TypeError as e:
    print("TypeError", e)


class D(dict):
    def keys(self):
        return ["only"]

    def __getitem__(self, k):
        return "sub"


print({**D(a=1, only=2)})


def f(**kw):
    return kw


print(f(**a) if all(isinstance(k, str) for k in a) else "skip", f(**{"p": 1}, **{"q": 2}))
try:
    f(**{"p": 1}, **{"p": 2})
except TypeError as e:
    print("TypeError", e)


class E(dict):
    def __iter__(self):
        return iter(["only"])

    def __getitem__(self, k):
        return "sub"


x = {}
x.update(E(a=1, only=2))
y = {}
y.update(D(a=1, only=2))
print(x, y, dict(E(a=1, only=2)), dict(D(a=1, only=2)), {**E(a=1, only=2)})
print(f(**D(a=1, only=2)), f(**E(a=1, only=2)))
