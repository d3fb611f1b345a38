class A:
    def __init__(self, x):
        super().__init__(x)
class B:
    def __new__(cls, *a):
        return super().__new__(cls)
class C: pass
for f in (lambda: A(1), lambda: B(1), lambda: C(1), lambda: object.__init__(C(), 1), lambda: object.__init__(B(), 1), lambda: object.__init__(C(), k=1)):
    try:
        print(type(f()).__name__)
    except TypeError as e:
        print("TypeError", e)
