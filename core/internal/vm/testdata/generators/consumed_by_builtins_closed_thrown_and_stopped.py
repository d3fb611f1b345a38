# Generators consumed by builtins (sum, list, zip, map, sorted, min,
# list.extend) while they are closed, thrown into, or raise StopIteration,
# and callbacks that raise StopIteration.
def g(n):
    try:
        for i in range(n):
            yield i
    finally:
        print("g finally")


it = g(5)
print(next(it), sum(it))
it = g(5)
next(it)
it.close()


def selfclose():
    yield 1
    me.close()
    yield 2


me = selfclose()
try:
    sum(me)
except ValueError as e:
    print("ValueError", e)


def stops():
    yield 1
    raise StopIteration


for consume in (sum, list, sorted, min, lambda x: list(zip(x, x)), lambda x: list(map(abs, x))):
    try:
        consume(stops())
    except RuntimeError as e:
        print("RuntimeError", e, type(e.__cause__).__name__)

try:
    sorted([1, 2], key=lambda x: next(iter([])))
except StopIteration:
    print("StopIteration from a key")
try:
    max([1, 2], key=lambda x: next(iter([])))
except StopIteration:
    print("StopIteration from a max key")
print(list(map(lambda x: next(iter([])) if x == 2 else x, [1, 2, 3])))


def gen2():
    try:
        yield 1
        yield 2
    except KeyError:
        yield "caught"
        yield "after"


a = gen2()
z = zip(a, "xyz")
print(next(z))
print(a.throw(KeyError))
print(list(z))

a = gen2()
z = zip("pq", a)
print(next(z))
a.close()
print(list(z))

out = []
src = g(3)
out.extend(x * 10 for x in src)
print(out)
