# f-string fields whose constant specs are parsed once per code site (the
# first field's and those after it), met by values of changing types in
# the same loop: the plan must hold only the spec, never the value's
# kind.


class Fmt:
    def __format__(self, spec):
        return "<Fmt %s>" % spec

    def __repr__(self):
        return "Fmt()"


class MyInt(int):
    def __format__(self, spec):
        return "MyInt(" + spec + ")"


class MyStr(str):
    def __str__(self):
        return "MyStr.__str__"


values = [7, -42, 3.25, -0.0, True, False, 2**70, -(2**65), "ab", "\u00e9t\u00e9",
          "\u4e2d\u6587", MyInt(5), MyStr("xy"), Fmt(), 10**20 + 0.5, float("inf"), float("nan")]


def row(v):
    return f"{v:>8}|{v:<6}|{v:^7}|"


def row2(v, w):
    return f"[{v:>10}] [{w:08.3f}] [{v!r:>12}] [{w:+.1e}]"


for v in values:
    try:
        print(row(v))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
    try:
        print(row2(v, 1.5))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

# Every kind of spec on ints, bools, floats and big ints.
specs = ["d", "5d", "<5", "^9", "=+8", "x", "#X", "#o", "b", "_", ",", "08,", "+", " ",
         ".3f", "10.2f", "e", ".2%", "g", "n", "c", "z.1f", "*^12", "\u00b7>9"]
for spec in specs:
    out = []
    for v in (0, 65, -65, True, 2**64 + 1, 1234567.891, -0.0004):
        try:
            out.append(format(v, spec))
        except (TypeError, ValueError, OverflowError) as e:
            out.append(type(e).__name__ + ": " + str(e))
    print(repr(spec), out)


# The same f-string with ints, then floats, then a str: one code site.
def cells(xs):
    return [f"{x:5}:{x:>4}" for x in xs]


print(cells([1, 22, 333]))
print(cells([1.5, 2.25, -3.0]))
try:
    print(cells([1, "s", 2]))
except (TypeError, ValueError) as e:
    print(type(e).__name__, e)
print(cells(["s", "tt"]))


# Nested specs: built at run time, never the plan's.
for w in (3, 8, 12):
    for p in (0, 2, 5):
        x = 3.14159
        print(f"{x:{w}.{p}f}|{w:{w}}|{'s':>{w}}|")

# Conversions with and without a spec.
for v in ("a'b", "\u00e9", 5, 2.5, None, [1, "x"]):
    print(f"{v!r}|{v!s}|{v!a}|{v!r:>12}|{v!a:<14}|")

# Invalid specs raise CPython's errors, the same each time round.
for bad in ("=5", "+", "q", ".f"):
    for v in ("text", 5):
        try:
            print(f"{v:{bad}}")
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)
for v in ("text", 12):
    try:
        print(f"{v:=9}")
    except ValueError as e:
        print("ValueError", e)
    try:
        print(f"{v:,x}")
    except ValueError as e:
        print("ValueError", e)


# Redefinition: the new code has its own constants.
def tag(i):
    return f"{i:>4}|{i:<4}|"


print(tag(5), tag(-7))


def tag(i):
    return f"{i:04}|{i:x}|"


print(tag(5), tag(255))

# Wide results go past the plain layout's room.
print(f"{7:>70}|{'w':*<66}|{1.5:80.3f}|"[:40], len(f"{7:>200}{2.5:>300.1f}"))

# An exception inside a field, with the traceback's line.

def broken(v):
    return f"{v:>5}|{v / 0:.2f}|"


try:
    broken(3)
except ZeroDivisionError as e:
    tb, where = e.__traceback__, []
    while tb is not None:
        where.append((tb.tb_frame.f_code.co_name, tb.tb_lineno))
        tb = tb.tb_next
    print(repr(e), where)
