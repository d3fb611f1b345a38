import inspect, functools
def f(a, b=2, *args, c, d=4, **kw): pass
def g(x: int, y: str = "s") -> bool: pass
def h(p, /, q, *, r): pass
async def co(): pass
def gen(): yield 1
class K:
    def __init__(self, v, w=1): pass
    def m(self, z): pass
print(inspect.signature(f), inspect.signature(g), inspect.signature(h), inspect.signature(lambda: 0))
print(inspect.signature(K), inspect.signature(K(1).m), inspect.signature(K.m))
sig = inspect.signature(f)
for name, p in sig.parameters.items():
    print(name, p.kind, p.default is inspect.Parameter.empty, p.default)
print(list(inspect.signature(g).parameters), inspect.signature(g).return_annotation)
ba = sig.bind(1, 5, 6, c=3, z=9)
print(ba.arguments)
ba.apply_defaults(); print(ba.arguments)
print(inspect.isfunction(f), inspect.isclass(K), inspect.isclass(f), inspect.isgenerator(gen()), inspect.isgeneratorfunction(gen), inspect.isgeneratorfunction(f))
print(inspect.iscoroutinefunction(co), inspect.iscoroutinefunction(f), inspect.ismethod(K(1).m), inspect.isbuiltin(len))
@functools.wraps(f)
def w(*a, **k): pass
print(inspect.signature(w))
print(inspect.getdoc(K), inspect.cleandoc("  a\n    b\n  c"))
print([n for n, _ in inspect.getmembers(K, inspect.isfunction)])
print(inspect.signature(functools.partial(g, 1)))
