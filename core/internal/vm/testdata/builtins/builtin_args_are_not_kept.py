# Values a builtin keeps from its arguments must survive later calls.
import sys

try:
    sys.exit(3)
except SystemExit as e:
    code = e
print(len("abc"), max(4, 5, 6), min([7, 8]))
print(code.code, code.args)
errs = []
for i in range(3):
    try:
        sys.exit(i)
    except SystemExit as e:
        errs.append(e)
    print(abs(-i), divmod(7, 2))
print([e.args for e in errs])
m = map(pow, [2, 3], [3, 2])
z = zip("ab", [1, 2])
print(sum([1, 2, 3]), list(m), list(z), "-".join(["x", "y"]))
