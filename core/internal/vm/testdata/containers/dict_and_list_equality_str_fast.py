# == of dicts and lists compares exact strs by contents and keeps
# identity, NaN and user __eq__ (on str subclasses too) as in CPython.
a = {"x": "a" * 3, "y": ["p", "q"], "z": {"w": "v"}}
b = {"x": "aaa", "y": ["p", "q"], "z": {"w": "v"}}
print(a == b, a != b, [a] == [b], {"x": "aab"} == {"x": "aaa"})
print({"k": 1} == {"k": 1.0}, {"k": True} == {"k": 1}, {1: "a"} == {1.0: "a"})
nan = float("nan")
print({"n": nan} == {"n": nan}, [nan] == [nan])


class S(str):
    def __eq__(self, other):
        print("S.eq", str.__repr__(self), repr(other))
        return str.__eq__(self, other)

    __hash__ = str.__hash__


print({"k": S("v")} == {"k": "v"}, ["v"] == [S("v")], [S("v")] == ["w"])
print({S("k"): 1} == {"k": 1}, {"k": 1} == {S("k"): 1})


class Never:
    def __eq__(self, other):
        return False


n = Never()
print([n] == [n], {"n": n} == {"n": n}, [Never()] == [Never()])
print(["a", "b"] < ["a", "c"], ("x", "y") == ("x", "y"), [["z"]] == [["z"]])
