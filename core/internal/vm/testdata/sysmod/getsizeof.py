import sys
class S:
    def __sizeof__(self): return 100
class Neg:
    def __sizeof__(self): return -1
class Bad:
    def __sizeof__(self): return "x"
print(sys.getsizeof(S()), sys.getsizeof([1, 2]) > 0, sys.getsizeof("abc") > 0, sys.getsizeof(1) > 0, sys.getsizeof(None) > 0)
for o in (Neg(), Bad()):
    try: sys.getsizeof(o)
    except (ValueError, TypeError) as e: print(type(e).__name__, e)
try: sys.getsizeof()
except TypeError as e: print("TypeError")
