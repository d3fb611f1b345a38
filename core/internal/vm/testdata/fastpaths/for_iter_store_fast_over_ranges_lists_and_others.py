# FOR_ITER followed by the STORE_FAST of its loop variable runs fused for
# ranges and lists; other iterables, generators and __next__ raising
# StopIteration take the generic path into the same STORE_FAST.
def loops():
    out = []
    for i in range(3):
        out.append(i)
    for i in range(10, 0, -4):
        out.append(i)
    for i in range(0):
        out.append("never")
    for x in [1, "a", None]:
        out.append(x)
    xs = [1, 2, 3]
    for x in xs:
        if x == 1:
            xs.append(4)
        out.append(x)
    for x in (5, 6):
        out.append(x)
    for c in "hi":
        out.append(c)
    for g in (k * 2 for k in range(3)):
        out.append(g)

    class It:
        def __init__(self):
            self.n = 0

        def __iter__(self):
            return self

        def __next__(self):
            self.n += 1
            if self.n > 2:
                raise StopIteration
            return self.n

    for v in It():
        out.append(v)
    for i in range(2**62, 2**62 + 2):
        out.append(i)
    for a, b in [(1, 2), (3, 4)]:
        out.append(a + b)
    return out


print(loops())


def unbound_after_loop():
    for i in range(0):
        pass
    try:
        return i
    except UnboundLocalError as e:
        return str(e)


print(unbound_after_loop())
