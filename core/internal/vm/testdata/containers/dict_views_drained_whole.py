# list(), sorted(), sum(), tuple() and * of a dict and its keys and values
# views read the entries directly: order, deletions, subclasses and a
# subclass's own __iter__ behave as in CPython.
d = {}
for i in range(40):
    d[i * 3 % 40] = i * i
for i in range(0, 40, 4):
    del d[i]
print(sum(d.values()), sum(d.keys()), sum(d))
print(list(d)[:6], list(d.keys())[-3:], list(d.values())[:4])
print(sorted(d.values())[:5], tuple(d.keys())[:3], [*d.values()][-2:])
print(list({}.values()), list({}), sum({}.keys()), sum({1: 2.5, 2: 0.5}.values()))
print(sum({"a": 1 << 62, "b": 1 << 62}.values()))
try:
    sum({"a": "x"}.values())
except TypeError as e:
    print("TypeError", e)


class D(dict):
    def __iter__(self):
        yield "own"

    def keys(self):
        return ["k"]

    def values(self):
        return [42]


e = D(a=1, b=2)
print(list(e), sum(e.values()), list(e.keys()), list(dict.values(e)), list(dict.keys(e)))


class Plain(dict):
    pass


p = Plain({3: 4, 5: 6})
print(list(p), sum(p.values()), list(p.keys()), list(p.items()))
v = d.values()
d.clear()
print(list(v), len(v))
big = {i: i for i in range(5000)}
print(sum(big.values()), len(list(big.keys())), list(big.items())[-1])
