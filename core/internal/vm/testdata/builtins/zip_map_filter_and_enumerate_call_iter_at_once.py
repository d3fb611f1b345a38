class X:
    def __iter__(self): raise ValueError('boom')
for mk in (lambda: zip([1], X()), lambda: map(str, X()), lambda: filter(None, X()), lambda: enumerate(X())):
    try:
        mk()
        print("lazy")
    except ValueError as e:
        print(repr(e))
class Y:
    def __init__(self): self.n = 0
    def __iter__(self): return self
    def __next__(self):
        self.n += 1
        if self.n > 3: raise StopIteration
        return self.n
print(list(zip(Y(), "abc")), list(map(lambda a: a * 2, Y())), list(filter(lambda a: a % 2, Y())), list(enumerate(Y(), 1)))
try:
    zip([1], 2)
except TypeError as e:
    print(e)
