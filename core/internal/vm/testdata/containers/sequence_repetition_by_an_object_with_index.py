class J:
    def __index__(self): return 2
print([0] * J(), J() * "ab", (1,) * J())
x = [1]
x *= J()
print(x)
class T(tuple): pass
print(T((1,)) * J())
