# str(int) and the code-point length of joined strs.
class S(str):
    pass
print(str(5), str(-2**63), str(2**63), str(True), S(5), type(S(5)).__name__, str(0), len(str(-123)))
x = ["é", "ab", S("cd"), ""]
j = "-".join(x)
print(j, len(j), j[3], len("".join([])), len("日".join(["a", "b", "c"])), len(", ".join(str(i) for i in range(100))))
y = ["ab" * 3, "x"]
y2 = [s for s in "a b é".split()]
print(len(" ".join(y)), len("\u3000".join(y2)), " ".join(y2)[-1])
