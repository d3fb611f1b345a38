def make_counter():
    c = 0
    def f():
        nonlocal c
        c += 1
        return c
    return f
f = make_counter(); f()
print(f(), f.__closure__[0].cell_contents)
class A:
    @staticmethod
    def s(): pass
    @classmethod
    def c(cls): pass
print(repr(A.__dict__["s"]).startswith("<staticmethod(<function A.s at "))
print(repr(A.__dict__["c"]).startswith("<classmethod(<function A.c at "))
