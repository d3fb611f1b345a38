# x + 1, a - b, z = x * y and the like run fused for small ints and floats;
# overflow to big ints, subclasses, mixed types and errors must not notice.

def last_line(e):
    tb = e.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_lineno


class Add(int):
    def __add__(self, other):
        return "Add.__add__"

    def __radd__(self, other):
        return "Add.__radd__"

    def __sub__(self, other):
        return "Add.__sub__"


class F(float):
    def __mul__(self, other):
        return "F.__mul__"


def inc(x):
    return x + 1


def dec(x):
    return x - 1


def add(a, b):
    z = a + b
    return z


def ops(a, b):
    r = []
    for op in range(13):
        try:
            if op == 0:
                v = a + b
            elif op == 1:
                v = a - b
            elif op == 2:
                v = a * b
            elif op == 3:
                v = a / b
            elif op == 4:
                v = a // b
            elif op == 5:
                v = a % b
            elif op == 6:
                v = a ** b
            elif op == 7:
                v = a << b
            elif op == 8:
                v = a >> b
            elif op == 9:
                v = a & b
            elif op == 10:
                v = a | b
            elif op == 11:
                v = a ^ b
            else:
                v = a
                v += b
            r.append(v)
        except Exception as e:
            r.append(type(e).__name__)
    return r


big = 2**63 - 1
small = -(2**63)
print(inc(1), inc(big), inc(-1), inc(1.5), inc(True), inc(Add(3)), inc(small))
print(dec(0), dec(small), dec(big), dec(0.5), dec(Add(1)))
print(add(big, 1), add(small, -1), add(big, small), add(1, 2.5), add(2.5, 1),
      add(Add(1), 2), add(2, Add(1)), add("a", "b"), add([1], [2]), add(0.1, 0.2))
for a, b in [(7, 3), (-7, 3), (7, -3), (0, 5), (7, 0), (small, -1), (big, 2), (3, 64),
             (1, 63), (-1, 100), (5, -1), (7.5, 2.0), (7.5, 0.0), (-0.0, 1.0), (2, 0.5),
             (F(1.5), 2.0), (True, True), (2**70, 3)]:
    print(a, b, ops(a, b))

x = 10
x += 5
x -= 20
x *= 3
print(x)
f = 1.0
for i in range(5):
    f = f * 1.5 + i
print(f)
n = 0
for i in range(100):
    n = n + i * i
print(n)
m = 1
for i in range(70):
    m = m * 3
print(m)


def div_line(a):
    b = 0
    return (a
            // b)


for v in [1, 1.0]:
    try:
        div_line(v)
    except ZeroDivisionError as e:
        print(e, last_line(e))
