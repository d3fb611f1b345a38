# for (a, b), [c, d] in rows / (x, y), z = seq: nested unpacking into locals
# stores the items of exact tuples and lists of the right lengths at once;
# from the first other value on (subclass, iterator, wrong length, non
# sequence) it unpacks step by step, as CPython, with the earlier stores
# made.


class T(tuple):
    def __iter__(self):
        return iter([self[1], self[0]])


class L(list):
    def __iter__(self):
        yield from ["x", "y"]


def main():
    rows = [
        ((1, 2), [3, 4]),
        [[5, 6], (7, 8)],
        (T((9, 10)), [11, 12]),
        ((13, 14), L([15, 16])),
        ("ab", range(2)),
        ((17, 18), {19: 0, 20: 0}),
        (iter([21, 22]), (23, 24)),
    ]
    for (a, b), [c, d] in rows:
        print(a, b, c, d)
    P = [(([1.0, 2.0, 3.0], [4.0], 5), ([6.0, 7.0, 8.0], [9.0], 10))] * 2
    for ([x1, y1, z1], v1, m1), ([x2, y2, z2], v2, m2) in P:
        print(x1, y1, z1, v1, m1, x2, y2, z2, v2, m2)
    for r, [vx, vy, vz], m in [([0], (1, 2, 3), 4), ([5], [6, 7, 8], 9)]:
        print(r, vx, vy, vz, m)
    (p, (q, (r, (s, (t, (u, (v, (w, (x, y))))))))) = (1, (2, (3, (4, (5, (6, (7, (8, (9, 10)))))))))
    print(p, q, r, s, t, u, v, w, x, y)
    (p, (q, (r, (s, (t, (u, (v, (w, (x, y))))))))) = (1, (2, (3, (4, (5, (6, (7, [8, T((9, 10))])))))))
    print(p, q, r, s, t, u, v, w, x, y)
    a = b = c = d = None
    for bad in [((1, 2), (3,)), ((1,), (2, 3)), ((1, 2), 5), (None, (1, 2)), ((1, 2), (3, 4), 5), [(1, 2)], 7,
                ((1, 2), (3, 4, 5))]:
        a = b = c = d = None
        try:
            (a, b), (c, d) = bad
        except (ValueError, TypeError) as e:
            print(type(e).__name__ + ":", e)
        print(a, b, c, d)

    def g():
        yield (1, 2)
        yield [3, 4]

    (e, f), (h, k) = g()
    print(e, f, h, k)
    try:
        (e, f), (h, k) = ((0, 1), g2())
    except KeyError as exc:
        print("KeyError:", exc, e, f, h, k)
    (m, n), *rest = [(1, 2), 3, 4]
    print(m, n, rest)
    (m, *n), o = [(1, 2, 3), 4]
    print(m, n, o)


def g2():
    yield 1
    raise KeyError("from the iterator")


main()
