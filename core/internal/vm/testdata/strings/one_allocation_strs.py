# Concatenations, joins, f-strings and str(int) whose bytes share their
# object's allocation: every size around the 24/56/88-byte boxes, ASCII
# and not, with lengths, indexing, hashing and equality checked.
for n in [0, 1, 23, 24, 25, 55, 56, 57, 87, 88, 89, 200]:
    a = "x" * (n // 2)
    b = "y" * (n - n // 2)
    s = a + b
    print(n, len(s), s == "x" * (n // 2) + "y" * (n - n // 2), s[-1:], hash(s) == hash(str(s)))
    u = a + "é" + b
    print(len(u), u[n // 2], u.isascii(), s.isascii())
    j = "-".join([a, b, "z"])
    print(len(j), j[-3:], "|".join([u, s]).count("é"))
    f = f"{a}{n}{b}é"
    print(len(f), f[-1], f.isascii(), f"{a}{b}" == s)
d = {}
for i in range(300):
    k = "k" + str(i * 1000003)
    d[k] = i
    d[str(-i) + "é"] = -i
print(len(d), d["k" + str(299 * 1000003)], d["-7é"])
print(str(-9223372036854775808), len(str(10**18)), str(-1)[0])
print(len("".join([])), ",".join(["solo"]), "ab".join(["", ""]))
parts = [str(i) for i in range(50)]
print(len(", ".join(parts)), ", ".join(parts)[-6:])
print("x0123".rstrip("0123456789"), "99abc12".strip("0123456789"), "é12".rstrip("0123456789"))
print("abcé".rstrip("é"), "ab".lstrip(""), "aaab".lstrip("a"), "zz".strip("z") == "")
print("abcXYZabc".strip("abcdefghijklmnopqrstuvwxyz"), "..x..".strip("."))
