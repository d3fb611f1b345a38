# Generators resumed for the first time from a for loop, a yield from,
# zip and enumerate, and items a for loop stores straight into its
# variable: each way a loop can take the item, with the guards that send
# the resume or the store the slow way.
import sys
import traceback


def count(n):
    i = 0
    while i < n:
        yield i
        i += 1


def empty():
    return
    yield


def squares(it):
    for x in it:
        yield x * x


# First resumes: for, yield from, zip, enumerate, a genexpr, an empty one.
print(list(squares(count(5))))
print([x for x in empty()], sum(empty()))
print(list(zip(count(3), count(4))), list(enumerate(count(3), 10)))
print(sum(x for x in count(6) if x % 2))


def delegate(n):
    r = yield from count(n)
    yield ("done", r)


print(list(delegate(3)))

# The loop variable: a local, a cell of a closure, an attribute, an item
# and two names unpacked.
def kinds():
    out = []
    for a in count(3):
        out.append(a)
    for b in count(3):
        out.append(lambda: b)
    out[-3:] = [f() for f in out[-3:]]

    class O:
        pass

    o = O()
    for o.v in count(2):
        out.append(o.v)
    box = [None]
    for box[0] in count(2):
        out.append(box[0])
    for p, q in zip(count(2), count(2)):
        out.append(p + q)
    for p, q in ((x, -x) for x in count(2)):
        out.append(p - q)
    for a in count(2):
        pass
    else:
        out.append(("else", a))
    for a in count(5):
        if a == 2:
            break
    out.append(("break", a))
    return out


print(kinds())

# The item changes type mid-way; the loop variable is read after the loop
# and after a generator that yields nothing.
def mixed():
    yield 1
    yield 2**70
    yield "s"
    yield [1]
    yield None


print([type(v).__name__ for v in mixed()])
v = "unchanged"
for v in empty():
    pass
print(v)

# send() before the first resume, throw() into a fresh generator, close()
# of one never started.
g = count(3)
try:
    g.send(1)
except TypeError as e:
    print("TypeError:", e)
print(next(g))
g = count(3)
try:
    g.throw(KeyError("fresh"))
except KeyError as e:
    print("KeyError", e)
print(list(g))
g = count(3)
g.close()
print(list(g))

# A generator resumed while it runs, on its first resume and later.
def reenter():
    yield next(me)


me = reenter()
try:
    for _ in me:
        pass
except ValueError as e:
    print("ValueError:", e)


def reenter_later():
    yield 1
    for x in me2:
        yield x


me2 = reenter_later()
try:
    print(list(me2))
except ValueError as e:
    print("ValueError:", e)

# StopIteration raised inside (PEP 479), on the first resume and later.
def stops(first):
    if not first:
        yield 1
    raise StopIteration("inner")


for first in (True, False):
    try:
        for x in stops(first):
            print("got", x)
    except RuntimeError as e:
        print("RuntimeError:", e, "from", repr(e.__cause__))

# An exception in a generator's first run and in a later one, with its
# traceback through the loop that resumed it.
def fails(at):
    for i in count(3):
        if i == at:
            raise ValueError(i)
        yield i


for at in (0, 2):
    try:
        for x in fails(at):
            pass
    except ValueError:
        # The frames' lines, without the file's path.
        print([l.split(", ", 1)[-1].strip() for l in traceback.format_exc().splitlines()])

# gi_running as the generator starts, runs and ends.
def watch():
    yield gen.gi_running
    yield gen.gi_running


gen = watch()
print(gen.gi_running, list(gen), gen.gi_running)

# Recursion: a pipeline deeper than the limit refuses its first resume.
def nest(n):
    if n == 0:
        yield 0
        return
    for x in nest(n - 1):
        yield x + 1


print(list(nest(50)))
old = sys.getrecursionlimit()
sys.setrecursionlimit(100)
try:
    list(nest(200))
except RecursionError as e:
    print("RecursionError:", e)
sys.setrecursionlimit(old)
print(list(nest(20)))
