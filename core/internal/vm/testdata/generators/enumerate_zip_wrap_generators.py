# enumerate(gen) and zip(gen, seq) / zip(seq, gen) step the generator in
# the loop (wrapForIter): order of consumption, exhaustion, errors,
# PEP 479, re-entrancy, unpacking and the fallbacks.
def gen(n, ret=None):
    for i in range(n):
        yield i * 10
    return ret

print(list(enumerate(gen(4))))
print(list(enumerate(gen(4), 5)))
for i, x in enumerate(gen(3), -2):
    print(i, x)
for p in enumerate(gen(3)):
    print(p)
e = enumerate(gen(3))
print(next(e), list(e), list(e))
print(list(zip(gen(4), [1, 2])))
print(list(zip([1, 2], gen(4))))
print(list(zip(range(5), gen(3))))
print(dict(zip(range(5), gen(3))))
for a, b in zip(gen(5), "ab"):
    print(a, b)
for a, b in zip(gen(2), (7, 8, 9)):
    print(a, b)
for a, b in zip((7, 8, 9), gen(2)):
    print(a, b)
it = iter([1, 2, 3, 4])
g = gen(2)
print(list(zip(g, it)), list(it))
it = iter([1, 2, 3, 4])
print(list(zip(it, gen(2))), list(it))
z = zip(gen(3), [1, 2])
print(next(z), next(z))
try:
    next(z)
except StopIteration as s:
    print("stop", s.args)
print(list(z))

def bad():
    yield 1
    raise ValueError("boom")

try:
    for i, x in enumerate(bad()):
        print(i, x)
except ValueError as ex:
    print("caught", ex)
try:
    for a, b in zip(range(9), bad()):
        print(a, b)
except ValueError as ex:
    print("caught", ex)

def stopper():
    yield 1
    raise StopIteration

try:
    for i, x in enumerate(stopper()):
        print(i, x)
except RuntimeError as ex:
    print("rt", ex)

def nested():
    for i, x in enumerate(gen(3)):
        yield i + x
    for a, b in zip(gen(3), range(2)):
        yield from [a, b]

print(list(nested()))

def reenter():
    yield next(ee)

ee = enumerate(reenter())
try:
    for x in ee:
        print(x)
except ValueError as ex:
    print("VE", ex)

def loopbreak():
    total = 0
    for i, x in enumerate(gen(100)):
        if i == 3:
            break
        total += x
    return total
print(loopbreak())
print([(i, x) for i, x in enumerate(gen(3)) if i != 1])
print(sum(i * x for i, x in enumerate(gen(5))))
try:
    for a, b in zip(gen(3), [1, 2, 3], [4]):
        print(a, b)
except ValueError:
    pass
print(list(zip(gen(3), [1, 2, 3], [4])))
print(list(zip(gen(3), [1, 2], strict=False)))
try:
    print(list(zip(gen(3), [1, 2], strict=True)))
except ValueError as ex:
    print(ex)
class L(list):
    def __iter__(self):
        return iter([99])
print(list(zip(gen(3), L([1, 2]))))
print(type(enumerate(gen(1))).__name__, type(zip(gen(1), [])).__name__)
def deep(n):
    if n == 0:
        yield from enumerate(gen(2))
    else:
        yield from deep(n - 1)
print(list(deep(20)))
g = gen(3)
for i, x in enumerate(g):
    if i == 1:
        break
print(list(g))
