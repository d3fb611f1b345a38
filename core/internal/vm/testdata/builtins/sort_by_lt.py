# Sorting instances by __lt__: one class, a hierarchy sharing __lt__,
# __lt__ returning non-bools and NotImplemented, a subclass with __gt__,
# and classes with different __lt__.


class V:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v < other.v

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.v)


class W(V):
    pass


class Truthy(V):
    def __lt__(self, other):
        return [1] if self.v < other.v else []


class G(V):
    def __gt__(self, other):
        print("G.__gt__", self.v, other.v)
        return self.v > other.v


class N:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return NotImplemented


class Other:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v > other.v


print(sorted([V(3), V(1), V(2)]))
print(sorted([W(3), V(1), W(2), V(0)], reverse=True))
print(sorted([Truthy(2), Truthy(1), Truthy(3)]))
print(sorted([V(2), G(1), V(0)]))
print(max([V(3), V(9), V(1)]), min([W(4), V(2)]))
try:
    sorted([N(1), N(2)])
except TypeError as e:
    print("TypeError:", e)
print([o.v for o in sorted([Other(1), Other(3), Other(2)])])
print([o.v for o in sorted([V(1), Other(2), V(0)], key=lambda x: x.v)])
calls = []


class Counted(V):
    def __lt__(self, other):
        calls.append(1)
        return self.v < other.v


sorted([Counted(i % 7) for i in range(50)])
print(len(calls) > 0)
