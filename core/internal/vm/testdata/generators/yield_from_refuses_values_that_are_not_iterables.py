# yield from of values that are no references (ints of every size, None,
# floats, bools) and of objects that are no generators must raise
# TypeError from the delegating generator, never reach another object.


def numbers():
    yield "secret"


def deleg(x):
    r = yield from x
    return r


for x in (0, 5, 255, 256, 10**6, 2**40, -1, None, 1.5, True, False, object()):
    try:
        print(list(deleg(x)))
    except TypeError as e:
        print("TypeError", e)

# Ints next to a live generator's id stay ints.
g = numbers()
h = id(g)
seen = []
for n in range(max(0, h - 300), h + 300):
    try:
        seen.extend(deleg(n))
    except TypeError:
        pass
print(seen, next(g))

# A delegation site that meets a generator, then a non-iterable, then a
# generator again.
for src in (numbers(), 7, iter([1, 2]), None, numbers(), range(3)):
    try:
        print(list(deleg(src)))
    except TypeError as e:
        print("TypeError", e)


def tb_line():
    try:
        list(deleg(42))
    except TypeError as e:
        tb = e.__traceback__
        lines = []
        while tb is not None:
            lines.append(tb.tb_frame.f_code.co_name)
            tb = tb.tb_next
        print(lines)


tb_line()
