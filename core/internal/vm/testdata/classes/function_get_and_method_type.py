import types
class A:
    def m(self): return "ok"
a = A()
print(types.MethodType(A.m, a)(), A.m.__get__(a)(), A.m.__get__(a, A)(), A.m.__get__(None, A) is A.m)
try: A.m.__get__(None)
except TypeError as e: print(e)
try: types.MethodType(1, a)
except TypeError as e: print(e)
try: types.MethodType(A.m, None)
except TypeError as e: print(e)
try: types.MethodType(A.m)
except TypeError as e: print(e)
print(types.MethodType(len, [1,2])())
f = lambda self, x: (self, x)
print(f.__get__(5)(6), hasattr(f, '__get__'))
