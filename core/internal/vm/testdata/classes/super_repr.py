# repr(super(...)) names the class it starts after and the type it is bound to.
class A:
    def f(self):
        print(repr(super()))
        print(str(super(A, A)))
        print("%s" % super(A, self))


class B(A):
    pass


B().f()
A().f()
