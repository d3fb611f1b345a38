# Calls of list.append, isinstance, min and max answered on the caller's
# stack, and every case that must take the general call.
class L(list):
    def append(self, x):
        super().append(x * 10)

class Meta(type):
    def __instancecheck__(cls, obj):
        return obj == 7

class Odd(metaclass=Meta):
    pass

class MyInt(int):
    pass

def run():
    out = []
    a = []
    for i in range(20):
        a.append(i)            # grows past capacity several times
        out.append(len(a))
    print(a, out[-1])
    sub = L()
    for i in range(3):
        sub.append(i)
    print(sub)
    f = a.append
    f(99)
    print(a[-1], len(a))
    try:
        a.append()
    except TypeError as e:
        print("TypeError", e)
    try:
        a.append(1, 2)
    except TypeError as e:
        print("TypeError", e)
    try:
        list.append(5, 1)
    except TypeError as e:
        print("TypeError", e)
    list.append(a, 100)
    print(a[-1])
    print(isinstance(3, int), isinstance(True, int), isinstance(3, str))
    print(isinstance(MyInt(3), int), isinstance(3, MyInt))
    print(isinstance(3, (str, int)), isinstance(7, Odd), isinstance(8, Odd))
    print(isinstance([], list), isinstance(L(), list), isinstance({}, list))
    try:
        isinstance(3, 4)
    except TypeError as e:
        print("TypeError", e)
    try:
        isinstance(3)
    except TypeError as e:
        print("TypeError", e)
    nan = float("nan")
    print(min(3, 5), max(3, 5), min(5, 3), max(5, 3), min(2, 2), max(-1, -2))
    print(min(1.5, 2.5), max(1.5, 2.5), min(nan, 1.0), min(1.0, nan), max(nan, 1.0), max(1.0, nan))
    print(min(0.0, -0.0), max(0.0, -0.0), min(-0.0, 0.0))
    print(min(1, 2.5), max(1, 2.5), min("b", "a"), max([1], [2]), min(True, 0), max(MyInt(4), 3))
    print(type(max(MyInt(4), 3)).__name__, min(3, 4, 1), max([4, 9, 2]), min((), default=-1))
    print(min(3, 5, key=lambda v: -v), max(2**70, 3))
    try:
        min(1, "a")
    except TypeError as e:
        print("TypeError", e)

run()
import builtins
builtins.isinstance = lambda x, t: "patched"
builtins.min = lambda *a: "patched min"
print(isinstance(1, int), min(1, 2))
def g():
    return isinstance(1, int), min(1, 2), max(1, 2)
print(g())
