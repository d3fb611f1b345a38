# obj.name = v on an instance stores in place where the site last found
# name; anything that changes what the store means must be seen.


class P:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def bump(self, n):
        self.a = self.a + n
        self.b = n
        return self


ps = [P(i, -i) for i in range(4)]
for p in ps:
    for n in range(3):
        p.bump(n)
print([(p.a, p.b) for p in ps])

# A different key order, a deleted and re-added attribute.
q = P(0, 0)
del q.a
q.a = 5
q.bump(1)
print(q.__dict__)
r = P(1, 1)
r.__dict__ = {"b": 2, "a": 3, "z": 0}
r.bump(4)
print(r.__dict__)
r.__dict__.clear()
try:
    r.bump(1)
except AttributeError as e:
    print("AttributeError", e)
r.a = 10
r.bump(1)
print(r.__dict__)

# A __setattr__ added to the class after the sites have stored.
def setattr_log(self, k, v):
    print("set", k, v)
    object.__setattr__(self, k, v)


P.__setattr__ = setattr_log
P(1, 2).bump(3)
del P.__setattr__
print(P(1, 2).bump(3).__dict__)

# A data descriptor for the name added to the class, then removed.
P.b = property(lambda self: "prop", lambda self, v: print("prop set", v))
x = P(1, 2).bump(3)
print(x.b, x.__dict__)
del P.b
print(P(1, 2).bump(3).__dict__)

# A subclass at the same sites, with __setattr__, and an exception
# instance.
class S(P):
    def __setattr__(self, k, v):
        object.__setattr__(self, k, v * 10)


print([P(1, 1).bump(2).__dict__, S(1, 1).bump(2).__dict__, P(1, 1).bump(2).__dict__])


class E(Exception):
    def __init__(self, a):
        self.args = (a,)
        self.a = a


for i in range(3):
    e = E(i)
    e.args = ("x", i)
    e.a = i * 2
    print(e.args, e.a, str(e))


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self):
        self.a = 1
        self.b = 2


for i in range(2):
    s = Slotted()
    s.a = i
    print(s.a, s.b)

# __dict__ replaced by a dict, a dict subclass, or refused.
class DD(dict):
    pass


t = P(1, 2)
t.__dict__ = DD(a=5, b=6)
t.bump(1)
print(t.a, t.b, sorted(vars(t).items()))
try:
    t.__dict__ = [1]
except TypeError as e:
    print("TypeError", e)
print(t.a)
