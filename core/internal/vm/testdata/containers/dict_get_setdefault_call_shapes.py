# dict.get/setdefault: positional fast calls and every other shape.
d = {"a": 1}
print(d.get("a"), d.get("b"), d.get("b", 5), d.setdefault("c"), d.setdefault("c", 9), d.setdefault("e", 3), d)
for call in (lambda: d.get(), lambda: d.get(1, 2, 3), lambda: d.setdefault(), lambda: d.setdefault(1, 2, 3), lambda: dict.get([], 1), lambda: d.get([]), lambda: d.setdefault({})):
    try:
        print(call())
    except TypeError as e:
        print("TypeError", e)
class D(dict):
    pass
x = D(a=1)
print(x.get("a"), x.setdefault("b", 2), x, dict.get(x, "a"), dict.setdefault(x, "z", 0))
