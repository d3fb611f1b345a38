# f-string fields of machine ints and floats with plain specs, laid out
# into a str that holds its bytes: every alignment, sign, fill, zero
# padding, widths around the result's length, and the specs that must
# take the general path (grouping, 'n', non-ASCII fill, wide fields).
ints = [0, 7, -7, 42, -123456, 2**63 - 1, -2**63, 10**17]
floats = [0.0, -0.0, 1.5, -2.25, 3.14159, 1e16, -1e-7, 123456.789, 1e300]
specs = ["", ">6", "<6", "^7", "=8", "06", "+", " ", "+08", "-", "*^9", "x>5",
         "03d", "d", ">1", "#>4", "=+10", ",", "_>12", "é>6", "0=5"]
fspecs = [".2f", "10.2f", "<10.3f", "^12.1F", "+.0f", "#.0f", " .4f", "=+12.2f",
          "08.3f", "f", "-.1f", "é>9.2f", ",.2f", ".20f", "70.1f", "z.1f"]
for i in ints:
    out = []
    for s in specs:
        r = f"{i:{s}}"
        out.append(r)
        assert len(r) == len(format(i, s)), (i, s)
    print("|".join(out), len("".join(out)), "".join(out).isascii())
for x in floats:
    out = []
    for s in fspecs:
        r = f"{x:{s}}"
        out.append(r)
    print("|".join(out)[:300], [len(o) for o in out])
print(f"{True:>6}|{False:03d}|{1.5:>8.2f}|{-1:08}|{3:<4}é|{-0.0:.1f}")
for bad in ["q", "3.2d", ".2s", "<<5"]:
    try:
        f"{5:{bad}}"
    except ValueError as e:
        print("ValueError", e)
s = f"{12:>5}{2.5:6.2f}"
print(s, len(s), s[3], s[-1], s.isascii(), s.upper(), s == "   12  2.50")
