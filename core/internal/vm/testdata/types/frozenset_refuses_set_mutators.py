f = frozenset()
try:
    set.add(f, 1)
except TypeError as e:
    print("TypeError", e)
print(f)
for name, args in [("discard", (1,)), ("update", ([2],)), ("clear", ()), ("pop", ()), ("remove", (1,)), ("__ior__", ({3},))]:
    try:
        getattr(set, name)(frozenset({1}), *args)
        print(name, "ok")
    except (TypeError, KeyError) as e:
        print(name, type(e).__name__, e)
try:
    list.append((1,), 2)
except TypeError as e:
    print("TypeError", e)
d = {frozenset({1}): 'one'}
k = next(iter(d))
try:
    set.add(k, 2)
except TypeError as e:
    print("TypeError", e)
print(d[frozenset({1})], k)
class S(set): pass
s = S(); set.add(s, 5); print(s)
