# for a, b, c in rows / a, b = seq: an exact tuple or list goes straight
# into the locals; everything else unpacks by iteration, as CPython.


class T(tuple):
    def __iter__(self):
        return iter([self[2], self[1], self[0]])


class L(list):
    def __iter__(self):
        yield from ["x", "y"]


def main():
    rows = [(1, 2.5, "a"), [2, 3.5, "b"], T((3, 4.5, "c")), "xyz", range(3), {7: 0, 8: 0, 9: 0}]
    for i, x, name in rows:
        print(i, x, name)
    a, b = L([1, 2, 3])
    print(a, b)
    a, a = 1, 2
    print(a)
    p, q = [10, 20]
    print(p, q)
    seq = [5, 6]
    seq, n = seq
    print(seq, n)

    def g():
        yield 1
        yield 2

    u, v = g()
    print(u, v)
    for bad in [(1, 2, 3, 4), [1], (), 5, None]:
        try:
            i, x, name = bad
        except (ValueError, TypeError) as e:
            print(type(e).__name__ + ":", e)
    try:
        i, x = g2()
    except Exception as e:
        print(type(e).__name__ + ":", e)


def g2():
    yield 1
    raise KeyError("from the iterator")


main()
