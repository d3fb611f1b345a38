# UNARY_NEGATIVE and BINARY_SUBSCR fast paths next to their generic cases.
class N(int):
    def __neg__(self):
        return "N.__neg__"


class T(tuple):
    def __getitem__(self, i):
        return "T.__getitem__"


def neg(x):
    return -x


for v in [0, 5, -5, 2**63 - 1, -(2**63), 2**63, 0.0, -0.0, 1.5, float("inf"), True, False, N(3), 1j]:
    print(repr(neg(v)))
print(neg(float("nan")) != neg(float("nan")))
try:
    neg("s")
except TypeError as e:
    print(e)


def sub(s, i):
    try:
        return s[i]
    except (IndexError, TypeError, KeyError) as e:
        return type(e).__name__ + ": " + str(e)


t = (1, 2, 3)
for i in [0, 2, -1, -3, 3, -4, True, 2**70, "a"]:
    print(sub(t, i), sub([1, 2, 3], i), sub(T((1,)), i), sub("xyz", i))
print(sub({1: "a"}, 1), sub({1: "a"}, 2), sub(range(5), -1))
