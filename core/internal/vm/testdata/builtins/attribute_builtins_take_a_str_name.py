class C:
    pass


c = C()
setattr(c, "x", 1)
print(getattr(c, "x"), getattr(c, "y", 2), hasattr(c, "x"))
delattr(c, "x")
print(hasattr(c, "x"))
for f, args in [(getattr, (c, 1)), (setattr, (c, 1, 2)), (delattr, (c, 1)), (hasattr, (c, 1))]:
    try:
        f(*args)
    except TypeError as e:
        print(f.__name__, e)
