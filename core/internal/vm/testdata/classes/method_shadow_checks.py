# LOAD_METHOD's site answers a class's method only while the instance
# dict does not shadow it; every way of shadowing is seen.


class T:
    def __init__(self, n):
        self.n = n

    def go(self):
        return "method", self.n


def call_all(objs):
    return [o.go() for o in objs]


objs = [T(i) for i in range(4)]
print(call_all(objs))

# A key whose hash agrees with go's in its low bits, not shadowing.
objs[1].kmvvd = 1
print(call_all(objs))

# Shadowing through STORE_ATTR, setattr, a str made at run time in
# __dict__, and vars().
objs[0].go = lambda: "attr"
setattr(objs[1], "g" + "o", lambda: "setattr")
objs[2].__dict__["".join(["g", "o"])] = lambda: "dict"
vars(objs[3])["go"] = lambda: "vars"
print(call_all(objs))

# Removed again: the method is back.
for o in objs:
    del o.__dict__["go"]
print(call_all(objs))

# A big dict (past the small scan) shadowing and not.
big = T(9)
for i in range(20):
    setattr(big, "a%d" % i, i)
print(call_all([big]))
big.__dict__["go"] = lambda: "big"
print(call_all([big, T(5)]))

# Non-str keys in the instance dict.
w = T(7)
w.__dict__[1] = "one"
w.__dict__[(1, 2)] = "pair"
print(call_all([w]))


# The class's method replaced, and the instance dict replaced.
T.go = lambda self: ("new", self.n)
print(call_all([T(1)]))
r = T(2)
r.__dict__ = {"n": 3, "go": lambda: "replaced"}
print(call_all([T(1), r]))
