# An f-string field of arithmetic on a local and a constant or another
# local ({i / 7:.2f}, {n + 1}) is laid out with the fields around it; any
# operand or operation the fast arithmetic does not cover (big ints,
# zero division, str operands, subclasses, bools, overflow) takes the
# instructions one by one, with CPython's results and errors.


class MyInt(int):
    def __add__(self, other):
        return "added"

    def __format__(self, spec):
        return "<" + spec + ">"


class MyFloat(float):
    def __truediv__(self, other):
        return MyFloat(1.5)


def f1(a, b, tag):
    return f"{tag}:{a + b}|{a - b}|{a * b}"


def f2(a, b, tag):
    return f"{tag}:{a / b:.2f}|{a // b}|{a % b}"


def f3(a, b, tag):
    return f"{tag}:{a + 1:>6}|{a * 3:03d}|{a / 7:.3f}"


def f4(a, b, tag):
    return f"{tag}:{a ** 2}|{a << 2}|{a >> 1}|{a & b}|{a | b}|{a ^ b}"


def f5(a, b, tag):
    return f"{tag}:{a - 0.5}|{a * 2.5!r}|{b / 4:10.1f}|end"


def f6(a, b, tag):
    return f"{tag}:{a + b + 1}|{a + b * 2}|{-a}"


def show(a, b, tag):
    out = []
    for f in (f1, f2, f3, f4, f5, f6):
        try:
            out.append(f(a, b, tag))
        except Exception as e:
            out.append(type(e).__name__ + ": " + str(e))
    print(" ;; ".join(out))


for a, b in [(10, 3), (-7, 2), (0, 5), (2**62, 2**62), (2**70, 3), (9, 0),
             (1.5, 0.25), (3, 2.0), (2.5, 0.0), (True, 2), (7, False),
             (MyInt(4), 2), (MyFloat(9.0), 3), ("s", "t"), (2**63 - 1, 1),
             (-(2**63), -1), (12345678901, 98765), (1e300, 1e300)]:
    show(a, b, type(a).__name__)


def loop():
    rows = []
    for i in range(0, 40, 3):
        sq = i * i % 97
        name = "item%d" % (i % 5)
        rows.append(f"{name}:{i:>6}|{sq:03d}|{i / 7:.2f}|{sq - i}|{i * 0.1:.1f}")
    print("\n".join(rows))


loop()


def unbound():
    try:
        return f"{1}:{x + 1}"
    except NameError as e:
        return type(e).__name__
    x = 1


print(unbound())
