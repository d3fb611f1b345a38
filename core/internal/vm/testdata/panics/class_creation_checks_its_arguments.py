# type(name, bases, ns) and __build_class__ check what they are given, and
# a class dict may hold keys that are not strs.
def show(f):
    try:
        print(f())
    except TypeError as e:
        print('TypeError:', e)


A = type('A', (), {1: 2, 'x': 3})
print(A.__dict__[1], A.x)
show(lambda: type(1, (), {}))
show(lambda: type('A', [], {}))
show(lambda: type('A', (), []))
show(lambda: type('A', (), {'__qualname__': 5}))
show(lambda: type.__new__(int, 'A', (), {}).__name__)
show(lambda: type.__new__(5, 'A', (), {}))
show(lambda: __build_class__(b'x', 'A'))
show(lambda: __build_class__(lambda: None, 5))
show(lambda: __build_class__(lambda: None, 'B').__name__)
