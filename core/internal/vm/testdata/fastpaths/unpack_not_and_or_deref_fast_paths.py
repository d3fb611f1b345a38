# Fast paths for UNPACK_SEQUENCE, UNARY_NOT, JUMP_IF_*_OR_POP, LOAD_DEREF
# and KW_NAMES, next to the cases they leave to the generic code.
a, b = 1, 2
print(a, b)
a, b, c = [1, 2, 3]
print(a, b, c)
class T(tuple):
    def __iter__(self):
        yield from "xy"
a, b = T((1, 2))
print(a, b)
class L(list):
    def __iter__(self):
        yield from "pq"
a, b = L([1, 2])
print(a, b)
for bad in [(1, 2, 3), [1], (), "abc", 5]:
    try:
        a, b = bad
        print(a, b)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
l = [1, 2]
x, y = l
print(x, y)
print(not 0, not 1, not None, not True, not False, not [], not [0], not 0.0, not -0.0, not "", not 2**70)
print(0 or 5, 3 and 4, None or 0, False and 1, [] or [1], 0.0 or "z", -0.0 or "w", 2**70 and 1, "" and 2)
def outer():
    k = 3
    def inner():
        return k * 2
    r = inner()
    del k
    try:
        inner()
    except NameError as e:
        print(type(e).__name__, e)
    return r
print(outer())
def kw(a, b=1, *, c=2):
    return a, b, c
print(kw(1, c=5), kw(a=2, b=3))
class B:
    def __bool__(self):
        print("bool")
        return False
print(B() or "x", not B(), type(B() and 1).__name__)
