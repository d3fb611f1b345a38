# A big int and a machine int, in either order, through every binary
# operator: the word-loop shortcuts must agree with the general path.
big = 2**100
vals = [big, -big, big + 12345, -(big * 3 + 7), 2**64, -(2**64), 2**63, -(2**63) - 1]
smalls = [0, 1, -1, 7, -7, 2**62, -(2**63), 2**63 - 1, 64, 100, 200]
ops = ["+", "-", "*", "//", "%", ">>", "<<", "&", "|", "^", "**"]
out = []
for a in vals:
    for s in smalls:
        for op in ops:
            if op == "**" and (s < 0 or s > 3):
                continue
            if op in ("<<",) and (s < 0 or s > 300):
                continue
            try:
                r = eval(f"a {op} s")
            except Exception as e:
                r = type(e).__name__ + str(e)
            out.append(r)
            try:
                r = eval(f"s {op} a") if op not in ("**", "<<") else 0
            except Exception as e:
                r = type(e).__name__ + str(e)
            out.append(r)
for x in out[::7]: print(x)
print(sum(x for x in out if isinstance(x, int)) % 1000000007)
