# min and max with a Python key over a builtin iterable run the key's
# frames from the eval loop; results and errors are CPython's.
def show(label, fn):
    try:
        print(label, fn())
    except BaseException as e:
        print(label, type(e).__name__, e)

data = [(i * 7919) % 101 for i in range(50)]
show("max", lambda: max(data, key=lambda x: x % 10))
show("min", lambda: min(data, key=lambda x: x % 10))
show("first of equals max", lambda: max([(1, "a"), (1, "b"), (0, "c")], key=lambda p: p[0]))
show("first of equals min", lambda: min([(1, "a"), (0, "b"), (0, "c")], key=lambda p: p[0]))
show("tuple keys", lambda: min(["bb", "a", "ccc", "ab"], key=lambda w: (len(w), w)))
show("str keys", lambda: max(["x", "yy", "z"], key=lambda w: w[-1]))
show("floats", lambda: max([1.5, -2.5, 2.0], key=lambda f: abs(f)))
show("nan", lambda: max([1, 2, 3], key=lambda x: float("nan") if x == 1 else x))
show("mixed", lambda: max([1, 2, 3], key=lambda x: 2.5 if x == 2 else x))
show("empty", lambda: max([], key=lambda x: x))
show("empty min", lambda: min((), key=lambda x: x))
show("default", lambda: max([], key=lambda x: x, default="d"))
show("default unused", lambda: min([3, 1], key=lambda x: x, default="d"))
show("one", lambda: max([7], key=lambda x: 1 / 0))
show("range", lambda: max(range(10), key=lambda x: -abs(x - 4)))
show("str", lambda: min("hello", key=lambda c: ord(c)))
show("dict", lambda: max({"a": 3, "b": 9, "c": 1}, key=lambda k: k))
show("set", lambda: max({3}, key=lambda k: k))
show("key raises", lambda: max(data, key=lambda x: 1 // (x - data[5])))
def stop(x):
    raise StopIteration("from key")
show("key stops", lambda: max([1, 2], key=stop))
show("key stops later", lambda: min([1, 2], key=lambda x: stop(x) if x == 2 else x))
show("uncomparable", lambda: max([1, 2], key=lambda x: "a" if x == 2 else 1))
class K:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return self.v < o.v
    def __gt__(self, o): return self.v > o.v
show("instance keys", lambda: max([3, 1, 2], key=lambda x: K(-x)))
show("instance keys min", lambda: min([3, 1, 2], key=lambda x: K(-x)))
def kd(x, m=3):
    return x % m
show("default arg key", lambda: max(data, key=kd))
show("varargs key", lambda: max(data, key=lambda *a: -a[0]))
show("key None", lambda: max(data, key=None))
show("bad kw", lambda: max(data, keyy=len))
show("two args", lambda: max(3, 9, key=lambda x: -x))
show("not iterable", lambda: max(5, key=lambda x: x))
def gen():
    yield from [4, 8, 1]
show("generator", lambda: max(gen(), key=lambda x: -x))
lst = [1, 2, 3]
def grow(x):
    if len(lst) < 6:
        lst.append(x + 10)
    return x
show("mutating", lambda: (max(lst, key=grow), lst))
it = iter([5, 6, 7, 8])
show("iterator", lambda: (min(it, key=lambda x: x % 2), list(it)))
class L(list):
    pass
show("list subclass", lambda: max(L([1, 5, 2]), key=lambda x: x))
def rec(n):
    return max([n], key=lambda x: rec(n - 1) if n > 0 else x)
show("recursive", lambda: rec(40))
