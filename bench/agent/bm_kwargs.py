# Agent-style: closures and functions called with keyword and default
# arguments.


def make_scaler(factor, offset=0):
    def scale(value, *, clamp=None, bias=0):
        r = value * factor + offset + bias
        if clamp is not None and r > clamp:
            return clamp
        return r
    return scale


def record(name, value, unit="ms", tags=None, weight=1):
    return value * weight + len(unit) + (len(tags) if tags else 0)


def main():
    s2 = make_scaler(2, offset=1)
    s3 = make_scaler(3)
    total = 0
    for i in range(600000):
        total += s2(i, clamp=1000)
        total += s3(i, bias=1)
        total += record("x", i, weight=2)
        total += record(name="y", value=i, unit="s")
    print("kwargs checksum:", total)


main()
