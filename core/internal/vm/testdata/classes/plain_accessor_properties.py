# Properties whose getter is `return self.NAME` or whose setter is
# `self.NAME = v` are done in place when NAME is a plain instance dict
# entry; every other case must still call the accessor.


class Account:
    def __init__(self, b):
        self._balance = b

    @property
    def balance(self):
        return self._balance

    @balance.setter
    def balance(self, v):
        self._balance = v


a = Account(10)
for i in range(3):
    a.balance += 5
    a.balance = a.balance * 2
print(a.balance, a._balance, vars(a))

# NAME missing: the getter's AttributeError, with its own frame in the
# traceback, falls back to __getattr__ if there is one.
b = Account.__new__(Account)
try:
    b.balance
except AttributeError as e:
    print("AttributeError:", e)
b.balance = 3  # the setter makes the dict
print(b.balance, vars(b))


class WithGetattr(Account):
    def __getattr__(self, name):
        return "getattr " + name


w = WithGetattr.__new__(WithGetattr)
print(w.balance)
w.balance = 4
print(w.balance)


# NAME is itself a property (a data descriptor): it must run.
class Chained:
    def __init__(self):
        self.__dict__["_x"] = "shadowed in dict"
        self._store = 1

    @property
    def _x(self):
        return "inner property %d" % self._store

    @_x.setter
    def _x(self, v):
        self._store = v

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v


c = Chained()
print(c.x)
c.x = 42
print(c.x, c._store, c.__dict__["_x"])


# __slots__: the setter's store goes to the slot.
class Slotted:
    __slots__ = ("_v",)

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, val):
        self._v = val


s = Slotted()
s.v = 7
print(s.v)
try:
    Slotted().v
except AttributeError as e:
    print("AttributeError:", e)


# A custom __setattr__ or __getattribute__ sees the accessor's access.
class Logged(Account):
    def __setattr__(self, name, value):
        print("setattr", name, value)
        object.__setattr__(self, name, value)

    def __getattribute__(self, name):
        if name == "_balance":
            print("getattribute", name)
        return object.__getattribute__(self, name)


l = Logged(1)
l.balance = 2
print(l.balance)

# Monkeypatching the property or the class in between.
a.balance = 1
Account.balance = property(lambda self: "patched " + str(self._balance))
print(a.balance)
try:
    a.balance = 5
except AttributeError as e:
    print("AttributeError")  # the message differs: no __set_name__


def getter(self):
    return self._balance


Account.balance = property(getter, lambda self, v: setattr(self, "_balance", v * 10))
a.balance = 2
print(a.balance)
a.__dict__["_balance"] = "via dict"
print(a.balance)
del a._balance
try:
    a.balance
except AttributeError as e:
    print("AttributeError:", e)


# Exceptions keep some attributes outside their dict.
class E(Exception):
    @property
    def a(self):
        return self.args

    @a.setter
    def a(self, v):
        self.args = v


e = E(1, 2)
print(e.a)
e.a = (3,)
print(e.a, e.args)


# Subclasses with a different NAME layout share the sites.
class Sub(Account):
    def __init__(self, b):
        self.pad = 0
        super().__init__(b)


for o in (Account(1), Sub(2), Account(3), Sub(4)):
    o.balance = o.balance + 1
    print(type(o).__name__, o.balance)
