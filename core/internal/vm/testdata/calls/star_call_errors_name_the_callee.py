def f(*a, **k): pass
class C:
    def m(self, *a): pass
for call in [lambda: f(*5), lambda: f(1, *5), lambda: print(*5), lambda: f(**5),
             lambda: f(1, **{"a": 1}, **{"a": 2}), lambda: C().m(**5)]:
    try:
        call()
    except TypeError as e:
        print(e)
