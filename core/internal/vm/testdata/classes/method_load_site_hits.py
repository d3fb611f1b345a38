# LOAD_METHOD pushes a plain method and its instance straight from the
# site cache; shadowing, patching and overrides must all be seen.


class A:
    def __init__(self, v):
        self.v = v

    def get(self):
        return ("A.get", self.v)

    @classmethod
    def cm(cls):
        return ("cm", cls.__name__)

    @staticmethod
    def sm():
        return "sm"


class B(A):
    def get(self):
        return ("B.get", self.v)


def calls(objs):
    return [o.get() for o in objs]


objs = [A(1), B(2), A(3)]
for _ in range(3):
    r = calls(objs)
print(r)
print([(o.cm(), o.sm()) for o in objs])

# An instance attribute shadows the method.
objs[0].get = lambda: "shadowed"
print(calls(objs))
del objs[0].get
print(calls(objs))
objs[2].__dict__["get"] = lambda: "via __dict__"
print(calls(objs))
vars(objs[2]).pop("get")
print(calls(objs))

# Patching the class.
A.get = lambda self: ("patched", self.v)
print(calls(objs))
del B.get
print(calls(objs))
A.get = staticmethod(lambda: "now static")
print(calls(objs))
A.get = property(lambda self: lambda: "property returning a function")
print(calls(objs))


# A callable instance as a class attribute: no binding.
class CallMe:
    def __call__(self, *a):
        return ("called with", len(a))


A.get = CallMe()
print(calls(objs))


# __getattribute__ sees method loads.
class Watch(A):
    def __getattribute__(self, name):
        if name == "get":
            return lambda: "watched"
        return object.__getattribute__(self, name)


print(calls([Watch(0)]))


# __getattr__ is not consulted for found methods.
class GA:
    def __getattr__(self, name):
        return lambda: "getattr " + name

    def real(self):
        return "real"


g = GA()
print([g.real(), g.other()])


# Methods of builtin objects and of instances of builtin subclasses.
class MyList(list):
    def total(self):
        return sum(self)


ml = MyList([1, 2, 3])
ml.append(4)
print(ml.total(), "a,b".split(","), {1: 2}.get(1), ml.copy())

# Errors raised inside the method have the right traceback.
class Boom:
    def go(self):
        return 1 / 0


try:
    Boom().go()
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e, e.__traceback__.tb_next.tb_frame.f_code.co_name if hasattr(e.__traceback__.tb_next, "tb_frame") else "go")
