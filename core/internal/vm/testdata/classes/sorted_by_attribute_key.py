# sorted(xs, key=lambda x: x.NAME) reads the keys from the items' dicts
# when that is all the key function could do; anything else calls it.


class P:
    def __init__(self, name, score):
        self.name = name
        self.score = score

    def __repr__(self):
        return f"{self.name}:{self.score}"


ps = [P("a", 3), P("b", 1), P("c", 2), P("d", 1), P("e", 3)]
print(sorted(ps, key=lambda p: p.score))
print(sorted(ps, key=lambda p: p.score, reverse=True))
print(sorted(tuple(ps), key=lambda p: p.name, reverse=True))


def by_name(p):
    return p.name


print(sorted(ps, key=by_name))
print(sorted(ps, key=lambda p, k=1: p.score))
print(sorted([], key=lambda p: p.score), sorted([P("z", 0)], key=lambda p: p.score))

# A missing attribute: the key function raises, with its traceback line.
try:
    sorted(ps + [object()], key=lambda p: p.score)
except AttributeError as e:
    print("AttributeError:", e)
try:
    sorted([P("x", 1), 5], key=lambda p: p.score)
except AttributeError as e:
    print("AttributeError:", e)


# __getattr__ answers what the dict lacks.
class G(P):
    def __getattr__(self, name):
        return 100


g = G("g", 0)
del g.score
print(sorted([P("p", 5), g], key=lambda p: p.score))


# A property of the name wins over the instance dict.
class Q(P):
    @property
    def score(self):
        return -self.__dict__["score"]

    @score.setter
    def score(self, v):
        self.__dict__["score"] = v


print(sorted([Q("q1", 1), Q("q2", 2), P("p3", 0)], key=lambda p: p.score))


# A method of the name is shadowed by the instance dict entry.
class M(P):
    def score(self):
        return "method"


print(sorted([M("m1", 2), M("m2", 1)], key=lambda p: p.score))


# __getattribute__ overridden.
class H(P):
    def __getattribute__(self, name):
        if name == "score":
            return -object.__getattribute__(self, name)
        return object.__getattribute__(self, name)


print(sorted([H("h1", 1), H("h2", 2)], key=lambda p: p.score))


# A list subclass iterates through its __iter__.
class L(list):
    def __iter__(self):
        return iter([self[-1], self[-2]])


print(sorted(L(ps), key=lambda p: p.score))


# Keys that compare through a Python __lt__.
class K:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v > other.v

    def __repr__(self):
        return f"K{self.v}"


class W:
    def __init__(self, k):
        self.k = K(k)

    def __repr__(self):
        return f"W({self.k})"


print(sorted([W(1), W(3), W(2)], key=lambda w: w.k))
try:
    sorted([P("a", 1), P("b", "x")], key=lambda p: p.score)
except TypeError as e:
    print("TypeError:", e)

# Dunder names go through the call.
print(sorted([P("b", 1), 3, "s"], key=lambda p: p.__class__.__name__))


# Exceptions and builtin subclasses as items.
class E(Exception):
    def __init__(self, n):
        self.n = n


class I(int):
    pass


i1, i2 = I(5), I(6)
i1.n, i2.n = 2, 1
print([e.n for e in sorted([E(3), E(1), E(2)], key=lambda e: e.n)], sorted([i1, i2], key=lambda x: x.n))
