# list.sort(key=lambda x: x.NAME) reads the keys from the items' dicts
# when that is all the key function could do; anything else calls it.


class P:
    def __init__(self, name, score):
        self.name = name
        self.score = score

    def __repr__(self):
        return f"{self.name}:{self.score}"


def fresh():
    return [P("a", 3), P("b", 1), P("c", 2), P("d", 1), P("e", 3)]


ps = fresh()
print(ps.sort(key=lambda p: p.score), ps)
ps = fresh()
ps.sort(key=lambda p: p.score, reverse=True)
print(ps)
ps = fresh()
ps.sort(key=lambda p: p.name, reverse=True)
print(ps)
ps = fresh()
alias = ps
ps.sort(key=lambda p: p.score)
print(alias is ps, alias)
empty, one = [], [P("z", 0)]
empty.sort(key=lambda p: p.score)
one.sort(key=lambda p: p.score)
print(empty, one)

# A missing attribute: the key function raises; the list is unchanged.
ps = fresh() + [object()]
try:
    ps.sort(key=lambda p: p.score)
except AttributeError as e:
    print("AttributeError:", e, len(ps), ps[0])
ps = [P("x", 2), 5, P("y", 1)]
try:
    ps.sort(key=lambda p: p.score)
except AttributeError as e:
    print("AttributeError:", e, ps[0], ps[1])

# Keys that cannot be compared: TypeError, the list is left as it was
# (some order of the same items).
ps = [P("a", 1), P("b", "x"), P("c", 2)]
try:
    ps.sort(key=lambda p: p.score)
except TypeError as e:
    print("TypeError:", e, sorted(p.name for p in ps))


# __getattr__ answers what the dict lacks.
class G(P):
    def __getattr__(self, name):
        return 100


g = G("g", 0)
del g.score
ps = [P("p", 5), g, P("q", 200)]
ps.sort(key=lambda p: p.score)
print(ps[0].name, ps[1].name, ps[2].name)


# A property of the name wins over the instance dict.
class Q(P):
    @property
    def score(self):
        return -self.__dict__["score"]

    @score.setter
    def score(self, v):
        self.__dict__["score"] = v


ps = [Q("a", 1), Q("b", 3), Q("c", 2)]
ps.sort(key=lambda p: p.score)
print(ps)


# __getattribute__ overridden: called for every key.
class R(P):
    def __getattribute__(self, name):
        v = object.__getattribute__(self, name)
        return -v if name == "score" else v


ps = [R("a", 1), R("b", 3), R("c", 2)]
ps.sort(key=lambda p: p.score)
print([p.name for p in ps])


# Keys whose comparison runs Python code that empties or fills the list.
class K:
    def __init__(self, v, victim):
        self.v = v
        self.victim = victim

    def __lt__(self, other):
        self.victim.append(0)
        return self.v < other.v


victim = []
ps = [P(str(i), None) for i in range(4)]
for i, p in enumerate(ps):
    p.score = K(3 - i, ps)
try:
    ps.sort(key=lambda p: p.score)
except ValueError as e:
    print("ValueError:", e)


class Seen:
    def __init__(self, v, lst):
        self.v = v
        self.lst = lst

    def __lt__(self, other):
        print("during sort, len =", len(self.lst))
        return self.v < other.v


ps = [P("x", None), P("y", None)]
ps[0].score = Seen(2, ps)
ps[1].score = Seen(1, ps)
ps.sort(key=lambda p: p.score)
print([p.name for p in ps])

# Stability with many equal keys, reverse keeps equal items in order.
ps = [P(str(i), i % 3) for i in range(12)]
ps.sort(key=lambda p: p.score)
print([p.name for p in ps])
ps = [P(str(i), i % 3) for i in range(12)]
ps.sort(key=lambda p: p.score, reverse=True)
print([p.name for p in ps])

# Mixed item kinds: a dict subclass instance without the attribute, ints.
ps = [P("a", 2), P("b", 1)]
ps.sort(key=lambda p: p.name)
print(ps)
ns = [3, 1, 2]
ns.sort(key=lambda n: n.real)
print(ns)

# A list subclass sorts too.
class L(list):
    pass


ls = L(fresh())
ls.sort(key=lambda p: p.score)
print(type(ls).__name__, ls)
