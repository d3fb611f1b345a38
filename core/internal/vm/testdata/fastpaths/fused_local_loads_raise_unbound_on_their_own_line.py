# Pairs of local loads and stores run fused; an unbound local still raises
# UnboundLocalError naming it, on the line of its own load.

def last_line(e):
    tb = e.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_lineno


def second_unbound(flag):
    a = 1
    if flag:
        b = 2
    return (a,
            b)


def first_unbound(flag):
    if flag:
        a = 1
    b = 2
    return (a,
            b)


def store_then_load(flag):
    if flag:
        c = 3
    x = 5
    return x + c


def load_binop(flag):
    a = 1
    if flag:
        b = 2
    return a + b


def first_of_binop(flag):
    if flag:
        a = 1
    b = 2
    return (a
            - b, a + 1)


def returns_local(flag):
    if flag:
        r = "r"
    return r


def load_const(flag):
    if flag:
        a = 1
    return (a, 7)


for fn in [second_unbound, first_unbound, store_then_load, load_binop, first_of_binop, returns_local, load_const]:
    print(fn(True))
    try:
        fn(False)
    except UnboundLocalError as e:
        print(fn.__name__, e, last_line(e))


def swap(a, b):
    a, b = b, a
    return a, b


print(swap(1, 2))


def loop_sum(xs):
    t = 0
    for x in xs:
        t = t + x
    return t


print(loop_sum([1, 2, 3]), loop_sum(range(10)), loop_sum([0.5, 0.25]), loop_sum([2**62, 2**62]))


class P:
    def __init__(self):
        self.a = 1

    @property
    def prop(self):
        return self.a + 10

    def m(self, k):
        return self.a * k


def attrs(flag):
    if flag:
        p = P()
    q = P()
    r = [q.a, q.prop, q.m(3)]
    r.append(0 if flag else
             q.missing)
    return r, p.a


for flag in [True, False]:
    try:
        print(attrs(flag))
    except (AttributeError, UnboundLocalError) as e:
        print(type(e).__name__, e, last_line(e))


if len(__name__) < 0:
    missing_function = None  # bound for the type checker, never at run time


def calls_missing():
    return len([1]) + (
        missing_function(1))


try:
    calls_missing()
except NameError as e:
    print(type(e).__name__, e, last_line(e))
