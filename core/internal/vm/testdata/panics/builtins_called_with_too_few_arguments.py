# Builtins that read their first argument with no check of their own:
# the call path checks the count first (arity.go), whatever the call form.
import sys


def show(f, *args, **kwargs):
    try:
        print(f(*args, **kwargs) is not None)
    except TypeError as e:
        print('TypeError:', e)


show(id)
show(id, 1)
show(sys.intern)
show(sys.intern, 'abc')
show(__import__)
show(__import__, 'math')
f = id
show(lambda: f())
show(list(map(id, [1, 2])).__len__)
show(sys.setrecursionlimit)
p = property()
show(p.getter)
show(p.setter)
show(p.deleter)
show(p.getter, len)
