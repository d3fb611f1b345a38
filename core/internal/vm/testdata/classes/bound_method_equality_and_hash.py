class A:
    def f(self):
        return 1

    def g(self):
        return 2


class Eq:
    # Equal by value, but methods compare their objects by identity.
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__

    def f(self):
        pass


a, b = A(), A()
print(a.f == a.f, a.f != a.f, a.f == a.g, a.f == b.f, a.f != b.f)
print(a.f == A.f, a.f == None, None == a.f, a.f in [a.f], a.f in [b.f])
print(hash(a.f) == hash(a.f), len({a.f, a.f, a.g}), {a.f: 1}[a.f])
e1, e2 = Eq(), Eq()
print(e1 == e2, e1.f == e2.f, e1.f == e1.f)
l = []
print(l.append == l.append, l.append == [].append, l.append == l.pop)
print(hash(l.append) == hash(l.append), len({l.append, l.append, l.pop}))
print((1).bit_length == (1).bit_length, "x".upper == "x".upper)
