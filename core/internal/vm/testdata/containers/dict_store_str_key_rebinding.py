# Rebinding a module-level name or an instance attribute finds the str
# key in one pass; a colliding non-str key in the dict still gets its ==.


class Loud:
    def __init__(self, name, eq):
        self.name, self.eq = name, eq

    def __hash__(self):
        return hash(self.name)

    def __eq__(self, other):
        calls.append(self.name)
        return self.eq


calls = []
total = 0
for i in range(5):
    total += i
    last = i
print(total, last)

globals()[Loud("collide", False)] = "odd"
collide = 1
collide = 2
print(collide, globals()["collide"])

globals()[Loud("shadow", True)] = "loud value"
shadow = 5
print([v for k, v in globals().items() if isinstance(k, Loud)])


class P:
    pass


p = P()
for i in range(3):
    p.x = i
    p.y = p.x * 2
print(p.x, p.y, vars(p))
p.__dict__[Loud("z", False)] = 0
p.z = 1
p.z = 2
print(p.z, len(vars(p)))
print(sorted(set(calls)))
