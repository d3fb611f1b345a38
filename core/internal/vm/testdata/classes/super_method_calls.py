# super().name(...) for every kind of class attribute, through a diamond.


class A:
    def __init__(self, tag):
        self.tags = [("A", tag)]

    def who(self):
        return "A.who"

    @classmethod
    def make(cls):
        return "A.make for " + cls.__name__

    @staticmethod
    def util(x):
        return "A.util %d" % x

    @property
    def prop(self):
        return "A.prop of " + type(self).__name__


class B(A):
    def __init__(self, tag):
        super().__init__(tag)
        self.tags.append(("B", tag))

    def who(self):
        return "B>" + super().who()


class C(A):
    def __init__(self, tag):
        super().__init__(tag)
        self.tags.append(("C", tag))

    def who(self):
        return "C>" + super().who()


class D(B, C):
    def __init__(self, tag):
        super().__init__(tag)
        self.tags.append(("D", tag))

    def who(self):
        return "D>" + super().who()

    @classmethod
    def make(cls):
        return "D>" + super().make()

    def all(self):
        return [super().util(3), super().prop, super(B, self).who()]


d = D(1)
print(d.tags)
print(d.who(), D.make(), d.make())
print(d.all())
try:
    super(D, d).missing()
except AttributeError as e:
    print("AttributeError:", e)


class W:
    x = property(None, lambda self, v: None)


class V(W):
    def get(self):
        return super().x


try:
    V().get()
except AttributeError as e:
    print("AttributeError:", e)
