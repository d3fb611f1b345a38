# sys._getframe: the running frames' code, line, namespaces and callers.
# (Amber's frames are snapshots: f_lineno is read where _getframe ran.)
import sys


def where():
    f = sys._getframe(1)
    return f.f_code.co_name, f.f_lineno


def inner(a, b=2):
    c = a + b
    f = sys._getframe()
    print(sys._getframe().f_lineno)
    print(type(f).__name__, f.f_code.co_name, sorted((k, v) for k, v in f.f_locals.items() if k != 'f'))
    print(f.f_back.f_code.co_name, f.f_back.f_lineno, f.f_globals is globals(), f.f_builtins is __builtins__.__dict__ if hasattr(__builtins__, '__dict__') else type(f.f_builtins).__name__)
    print(where())
    chain = []
    while f is not None:
        chain.append(f.f_code.co_name)
        f = f.f_back
    print(chain)
    return sys._getframe(0).f_code.co_filename


def outer():
    x = 'closure'

    def nested():
        print(sorted(sys._getframe().f_locals), x)
        return sys._getframe(2).f_code.co_name
    print(nested())
    return inner(1)


print(outer())
print(sys._getframe().f_code.co_name, sys._getframe().f_locals is globals(), sys._getframe().f_back)
print(sys._getframe(-5).f_code.co_name)


class K:
    attr = 1
    here = sys._getframe()
    print(here.f_code.co_name, sorted(k for k in here.f_locals if not k.startswith('__')))


def gen():
    yield sys._getframe().f_code.co_name
    yield sys._getframe(1).f_code.co_name


print(list(gen()))
print(sorted(map(lambda _: sys._getframe(1).f_code.co_name, [0])))
for bad in ['1', 1.5, 2**40, 2**100, 100]:
    try:
        sys._getframe(bad)
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
try:
    sys._getframe(0, 1)
except TypeError as e:
    print('TypeError')
