# list.extend from generators and iterator classes: items are appended
# as they come, a subclass's append is not called, and an error part way
# leaves what came before it.
def g(n):
    for i in range(n):
        yield i
a = [9]
print(a.extend(g(3)), a)
class L(list):
    def append(self, x):
        raise RuntimeError("no")
b = L([1])
b.extend(g(2)); print(b)
seen = []
def watch(lst):
    for i in range(3):
        seen.append(len(lst))
        yield i
c = []
c.extend(watch(c)); print(c, seen)
def bad():
    yield 1
    raise KeyError(2)
d = []
try:
    d.extend(bad())
except KeyError as e:
    print("KeyError", e, d)
try:
    d.extend(5)
except TypeError as e:
    print(e)
class It:
    def __init__(self): self.n = 0
    def __iter__(self): return self
    def __next__(self):
        self.n += 1
        if self.n > 2: raise StopIteration
        return self.n
d.extend(It()); print(d)
d.extend(x * 2 for x in range(3)); print(d)
