# COMPARE_OP followed by a conditional jump runs fused for two ints or two
# floats; every other operand pair must behave exactly as the unfused pair.

def last_line(e):
    tb = e.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_lineno


class Lt(int):
    def __lt__(self, other):
        print("Lt.__lt__", int(self), other)
        return int(self) > other

    def __ge__(self, other):
        print("Lt.__ge__")
        return []


class Truthy:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        print("Truthy.__bool__", self.v)
        return self.v


class Cmp:
    def __lt__(self, other):
        return Truthy(True)

    def __gt__(self, other):
        raise ValueError("no order")


def lt(a, b):
    if a < b:
        return "yes"
    return "no"


def ge_while(a, b):
    n = 0
    while a >= b:
        n += 1
        if n > 2:
            break
    return n


def not_lt(a, b):
    if not a < b:
        return "not"
    return "lt"


for a, b in [(1, 2), (2, 1), (-5, -5), (1.5, 2.5), (2.5, 1.5), (1, 1.5), (2.0, 2),
             (True, 2), (False, True), (2**63, 1), (1, 2**64), (-(2**63), -(2**63) + 1),
             (float("nan"), 1.0), (1.0, float("nan")), (float("inf"), 1e308),
             (Lt(3), 2), (2, Lt(3)), ("a", "b"), ((1, 2), (1, 3))]:
    print(repr(a), repr(b), lt(a, b), not_lt(a, b))

nan = float("nan")
for x in [nan, 1.0]:
    for y in [nan, 1.0]:
        print(x < y, x <= y, x == y, x != y, x > y, x >= y,
              "t" if x == y else "f", "t" if x != y else "f", "t" if x >= y else "f")

print(ge_while(1, 1), ge_while(0, 1), ge_while(1.0, 0.5), ge_while(Lt(1), 0))
print(lt(Cmp(), 1))

for a, b in [(1, "a"), (None, 1), (Cmp(), 5)]:
    try:
        if (a
                >
                b):
            print("never")
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e, last_line(e))

# Comparisons whose result is kept rather than jumped on.
vals = [1, 2, 1.0, 2.5, nan, float("inf"), True, 2**64, Lt(1)]
for x in vals:
    print([x < y for y in vals], [x == y for y in vals], [x >= y for y in vals])
