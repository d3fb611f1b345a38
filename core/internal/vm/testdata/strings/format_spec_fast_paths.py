# Format specs the fast paths take (plain pads of ints and fixed floats,
# %d) against every flag around them.
ints = [0, 7, -7, 123456, -123456, 2**63 - 1, -2**63, 2**64, -2**70, True, False]
floats = [0.0, -0.0, 1.5, -1.5, 2.675, 1e22, -1e-7, 123456.789, float("inf"), float("-inf"), float("nan"), 1e300]
specs = ["", "d", ">6", "<6", "^7", "=8", "06", "+", " ", "-", "+08", " 8", "*>9", "x^9", "0=8", "08d", "#d", "#08d", ",", "_", "010,", "é>8", "03d", "3"]
for x in ints:
    print(x, [format(x, s) for s in specs])
    print(f"{x:>6}|{x:03d}|{x:<4}|{x:+}|{x:=+6}")
fspecs = [".2f", "10.2f", "<10.2f", "^11.3f", "=+12.1f", "010.2f", "+.0f", "#.0f", " .3f", ".2F", "10.2F", "*<10.1f", "é>10.1f", "z.2f", ",.2f", "f", "F", ".0f", "20.10f", "-.2f", "08.2f", "0<8.2f"]
for x in floats:
    print(x, [format(x, s) for s in fspecs])
for x in ints:
    print("%d|%5d|%-5d|%05d|%+d|% d|%+05d|%i|%u|%.3d|%x" % (x, x, x, x, x, x, x, x, x, x, x))
print("%d %d" % (3.7, -3.7), "%5d|" % 2**64, "%-+6d|" % 5, "% 06d" % -5, "%*d|" % (6, 42), "%-*d|" % (6, 42))


class I(int):
    def __format__(self, spec):
        return "I(" + spec + ")"

    def __str__(self):
        return "I!"


class J(int):
    pass


class F(float):
    def __repr__(self):
        return "F!"


print(f"{I(5):>6}", f"{I(5)}", format(I(5), "03d"), "%d" % I(5), f"{J(5):>6}", f"{J(-5):05d}", f"{F(2.5):.2f}", f"{F(2.5)}")
for bad in ["s", "c>", ",d", "=", "d-", "1.1d", "e", "%"]:
    try:
        print(bad, format(42, bad))
    except (ValueError, TypeError) as e:
        print(bad, type(e).__name__, e)
for bad in ["d", "s", "x", ".2d"]:
    try:
        print(bad, format(1.5, bad))
    except (ValueError, TypeError) as e:
        print(bad, type(e).__name__, e)
