class Lazy:
    def __init__(self, f): self.f = f
    def __set_name__(self, owner, name): self.name = name
    def __get__(self, obj, typ=None):
        if obj is None: return self
        v = self.f(obj); obj.__dict__[self.name] = v; print("computed"); return v
class C:
    @Lazy
    def x(self): return 42
c = C()
print(c.x, c.x)
