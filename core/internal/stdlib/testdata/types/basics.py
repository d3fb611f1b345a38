import types, sys
ns = types.SimpleNamespace(a=1, b="x")
print(ns, ns.a)
ns.c = [1]
print(ns, ns == types.SimpleNamespace(a=1, b="x", c=[1]), ns != types.SimpleNamespace())
print(types.SimpleNamespace(r=3))
def f(): pass
def g(): yield 1
print(isinstance(f, types.FunctionType), isinstance(g(), types.GeneratorType), isinstance(sys, types.ModuleType))
print(isinstance(len, types.BuiltinFunctionType), isinstance(lambda: 1, types.LambdaType))
class C:
    def m(self): pass
print(isinstance(C().m, types.MethodType), isinstance(f, types.MethodType))
mp = types.MappingProxyType({'a': 1})
print(mp['a'], len(mp), 'a' in mp, list(mp), mp)
try:
    mp['b'] = 2
except TypeError as e:
    print(e)
print(types.FunctionType.__name__, types.NoneType)
