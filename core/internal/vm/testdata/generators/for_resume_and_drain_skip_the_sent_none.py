# A generator resumed by for or drained by sum/list gets None sent in:
# where it drops it (yield as a statement) the VM may skip the push, where
# it keeps it (x = yield ...) it must see None; send() still delivers.


def echo(n):
    got = []
    for i in range(n):
        x = yield i
        got.append(x)
    yield got


def plain(n):
    for i in range(n):
        yield i * 2


def mixed(n):
    for i in range(n):
        yield i
        x = yield -i
        if x is not None:
            yield ("sent", x)


def handled():
    try:
        raise KeyError("k")
    except KeyError:
        yield 1
        import sys
        yield type(sys.exc_info()[1]).__name__
    yield 3


def deleg(n):
    yield from plain(n)
    r = yield from echo(2)
    yield r


def main():
    print(list(echo(3)))
    print([v for v in echo(3)])
    print(sum(plain(5)), list(plain(4)), tuple(plain(3)))
    g = mixed(3)
    print(next(g), next(g), g.send("a"), next(g))
    print(list(g))
    for v in mixed(2):
        print("mixed", v)
    print(list(handled()))
    try:
        raise ValueError("outer")
    except ValueError:
        import sys
        for v in handled():
            print(v, type(sys.exc_info()[1]).__name__)
    print(list(deleg(3)))
    e = echo(4)
    print(next(e))
    print(e.send("s1"))
    for v in e:
        print("e", v)
    p = plain(3)
    for v in p:
        print("p", v)
    for v in p:
        print("never", v)
    print(next(p, "done"))


main()
