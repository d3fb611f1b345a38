# sep.join(list or tuple) with a one-byte separator stores the separator
# byte by byte; other separators, empty and single items, non-ASCII items,
# str subclasses and errors as CPython.
class S(str):
    pass
for sep in [" ", "\n", ",", "", ", ", "é", "--"]:
    for items in [[], ["a"], ["a", "b"], ("x", "", "y"), ["héllo", "wörld", "!"], [S("p"), "q", S("r")], ["a"] * 5]:
        r = sep.join(items)
        print(repr(sep), repr(r), len(r), r.isascii(), type(r).__name__)
print(S("-").join(["a", "b"]), type(S("-").join(["a", "b"])).__name__)
one = "solo"
print(" ".join([one]) is one)
try:
    " ".join(["a", 1])
except TypeError as e:
    print(e)
big = " ".join(str(i) for i in range(1000))
print(len(big), big[-10:], len(" ".join(big.split())))
