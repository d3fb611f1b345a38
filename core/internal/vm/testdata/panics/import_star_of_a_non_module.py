# from m import * reads m.__all__, else m.__dict__, of whatever
# sys.modules holds; an object with neither is an ImportError.
import sys


def star(obj):
    sys.modules['victim'] = obj
    ns = {}
    try:
        exec('from victim import *', ns)
        print(sorted(k for k in ns if k != '__builtins__'))
    except (ImportError, TypeError, AttributeError) as e:
        print(type(e).__name__ + ':', e)


star(5)
star({})
star('text')


class A:
    pass


a = A()
a.x, a._y = 1, 2
star(a)


class M:
    __name__ = 'mm'
    __all__ = ['b', '_c']
    b, _c, d = 1, 2, 3


star(M())


class Bad:
    __name__ = 'mm'
    __all__ = [1]


star(Bad())


class Missing:
    __name__ = 'mm'
    __all__ = ['zz']


star(Missing())
m = M()
m.__dict__[5] = 1
del M.__all__
star(m)
