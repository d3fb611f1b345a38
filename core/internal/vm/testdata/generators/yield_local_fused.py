# yield x runs as one fused instruction (LOAD_FAST__YIELD_VALUE): the
# value must reach every kind of resumer, the generator must resume after
# the yield, and an unbound local must raise UnboundLocalError at the
# yield's line.
import traceback


def squares(n):
    for i in range(n):
        x = i * i
        yield x


def echo():
    got = None
    while True:
        got = yield got
        if got == "stop":
            return "stopped"


def late():
    if False:
        x = 1
    yield x


def inner():
    a = 1
    yield a
    b = 2
    yield b


def outer():
    r = yield from inner()
    c = 3
    yield c


print(list(squares(5)))
print(sum(squares(10)), max(squares(4)), sorted(squares(3), reverse=True))
print([v for v in squares(4)])
e = echo()
print(next(e), e.send(1), e.send("two"))
try:
    e.send("stop")
except StopIteration as s:
    print("return", s.value)
print(list(outer()))
g = squares(3)
print(next(g), next(g), next(g), next(g, "end"))
try:
    next(late())
except UnboundLocalError as err:
    print(type(err).__name__, err)
    tb = [l.strip() for l in traceback.format_exc().splitlines()]
    print([l[l.index("line"):] if l.startswith("File") else l for l in tb[1:-1] if l.strip("^~")])
