# Builtin functions, methods and types called positionally from Python.
d = {"a": 1}
print(d.get("a", 0), d.get("b", 0), d.get("b"))
print(dict.get(d, "a"), dict.get(d, "z", 5))
g = getattr(d, "get")
print(g("a"), g("q", 7))
lst = []
for i in range(5):
    lst.append(i)
    d.setdefault(i % 2, []).append(i)
print(lst, d)
list.append(lst, 9)
print(lst)
for call in (lambda: d.get(), lambda: d.get(1, 2, 3), lambda: lst.append(),
             lambda: lst.append(1, 2), lambda: dict.get(), lambda: list.append(),
             lambda: dict.get(lst, 1), lambda: list.append(d, 1),
             lambda: len(), lambda: len(1, 2), lambda: len(5),
             lambda: isinstance(1), lambda: "x".startswith(),
             lambda: str.upper(), lambda: str.upper(5), lambda: int("z"),
             lambda: int(1, 2, 3), lambda: dict(1), lambda: list(1, 2),
             lambda: tuple(5), lambda: lst.append(x=1)):
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
    except ValueError as e:
        print("ValueError:", e)

class D(dict):
    def get(self, k, default=None):
        return ("sub", k, default)

class L(list):
    def append(self, x):
        super().append(x * 10)

sd = D(a=1)
print(sd.get("a", 0), dict.get(sd, "a", 0), sd.setdefault("n", 3), sd)
sl = L()
sl.append(2)
list.append(sl, 3)
print(sl)
print(str(12), str(), str(b"ab", "ascii"), str(object=5), int("12"), int("ff", 16), int(3.7), int())
print(list("abc"), list(), dict(), dict([(1, 2)]), dict(a=1), tuple([1, 2]), tuple())
print(str(2**70), int(2**70 + 0.0), len("hello"), len([1, 2]), isinstance(1, int), isinstance("s", (int, str)))
print("abc".startswith("a"), "abc".startswith(("x", "b"), 1), "abc".endswith("c"))

class S(str):
    pass

print(type(str(S("q"))), type(int(True)), type(list((1,))))
print(sorted([3, 1, 2], key=lambda x: -x), list(map(lambda x: x + 1, [1, 2])))

def gen():
    yield 1
    yield 2

it = gen()
print(next(it), next(it), next(it, "done"))
try:
    next(it)
except StopIteration:
    print("stop")
print(list(gen()), tuple(gen()), dict.fromkeys("ab", 0), sum(x for x in range(4)))
m = map(lambda x: x * 2, [1, 2])
print(next(m), next(m))
try:
    next(m)
except StopIteration:
    print("stop map")

def fails():
    return len(5)

try:
    fails()
except TypeError as e:
    print(e.__traceback__.tb_next.tb_lineno, e)
print(str(i) for i in range(0)) if False else print([str(i) for i in range(3)])
