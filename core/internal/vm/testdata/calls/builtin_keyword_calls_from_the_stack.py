# Builtin functions, methods and types called with keyword arguments.
d = dict(a=1, b=2)
print(d, dict([(1, 2)], c=3), int("ff", base=16), int("12", 10))
print("a,b,c".split(",", maxsplit=1), "a b".split(sep=" "), str.split("x-y", sep="-"))
print(sorted([3, 1, 2], key=lambda x: x, reverse=True), max([1, 5, 2], key=lambda x: -x), min("bca", default=0))
lst = [3, 1, 2]
list.sort(lst, key=lambda x: -x)
print(lst)
lst.sort(reverse=False)
print(lst)
dict.update(d, x=1, y=2)
d.update({"z": 0}, w=9)
print(d)
print(1, 2, sep="-", end="!\n")
print(str(object=5), str(b"hi", encoding="ascii"), str(b"hi", "ascii", errors="strict"))
print(int(x="7") if False else "skip", list(map(int, ["1", "2"])))

def gen():
    yield 3
    yield 1

print(sorted(gen(), key=lambda x: x), max(gen(), default=None, key=lambda x: x))
for call in (lambda: str.split(sep=","), lambda: int("1", bas=10), lambda: dict(1, a=2),
             lambda: sorted([1], kee=1), lambda: "x".split(",", sep=","), lambda: len(obj=1),
             lambda: list(iterable=[1]), lambda: print(1, sepp="")):
    try:
        print(call())
    except TypeError as e:
        print("TypeError:", e)
