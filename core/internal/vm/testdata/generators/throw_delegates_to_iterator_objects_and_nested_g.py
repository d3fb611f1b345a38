class It:
    def __iter__(self): return self
    def __next__(self): return 1
    def throw(self, e):
        print("It.throw", repr(e))
        return 99
def d():
    yield from It()
g = d(); next(g); print(g.throw(ValueError("x")))
def d2():
    yield from iter([1, 2, 3])
g = d2(); next(g)
try:
    g.throw(KeyError("q"))
except KeyError as e:
    print("KE", e)
def inner():
    yield 1
def outer():
    try:
        yield from inner()
    except ValueError:
        yield 5
def deep():
    yield from outer()
g = deep(); next(g); print(g.throw(ValueError))
def closer():
    try:
        yield
    finally:
        print("cleanup")
def deleg():
    yield from closer()
d = deleg(); next(d); d.close()
