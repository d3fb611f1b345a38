# `in` and `not in` on exact dicts and strs, subclasses and errors.
d = {1: 2, "a": None}
print(1 in d, 2 in d, "a" not in d, 1.0 in d, True in d)
try:
    [] in d
except TypeError as e:
    print("TypeError", e)
print("b" in "abc", "" in "", "bc" not in "abcd", "é" in "café")
try:
    1 in "abc"
except TypeError as e:
    print("TypeError", e)
class S(str):
    def __contains__(self, x):
        return True
class D(dict):
    def __contains__(self, x):
        return x == 7
print(5 in S("a"), 7 in D(), 1 in D({1: 1}))
