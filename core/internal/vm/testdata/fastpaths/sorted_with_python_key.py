# sorted(xs, key=f) with a Python f over a builtin iterable computes the
# keys from the eval loop; results and errors are CPython's.
def show(label, fn):
    try:
        print(label, fn())
    except BaseException as e:
        print(label, type(e).__name__, e)

data = [(i * 7919) % 101 for i in range(30)]
show("neg", lambda: sorted(data, key=lambda x: -x))
show("rev", lambda: sorted(data, key=lambda x: x % 7, reverse=True))
show("stable", lambda: sorted(data, key=lambda x: x % 3))
show("tuple keys", lambda: sorted(["bb", "a", "ccc", "ab"], key=lambda w: (len(w), w)))
show("zip", lambda: sorted(zip([3, 1, 2], "cab"), key=lambda p: p[1]))
show("empty", lambda: sorted([], key=lambda x: 1 / 0))
show("one", lambda: sorted([5], key=lambda x: 1 / 0))
show("range", lambda: sorted(range(6), key=lambda x: (x % 2, -x)))
show("str", lambda: sorted("banana", key=lambda c: -ord(c)))
show("dict", lambda: sorted({"b": 1, "a": 2, "c": 0}, key=lambda k: k))
show("set", lambda: sorted({4, 1, 9}, key=lambda k: -k))
show("tuple src", lambda: sorted((3, 1, 2), key=lambda x: x))
show("floats", lambda: sorted([1.5, -0.5, 2.25], key=lambda f: abs(f)))
show("nan", lambda: sorted([3, 1, 2], key=lambda x: float("nan") if x == 1 else x))
show("key raises", lambda: sorted(data, key=lambda x: 1 // (x - data[3])))
def stop(x):
    raise StopIteration("from key")
show("key stops", lambda: sorted([1, 2], key=stop))
show("uncomparable", lambda: sorted([1, 2, 3], key=lambda x: "a" if x == 2 else x))
class K:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return self.v > o.v
show("instance keys", lambda: sorted([3, 1, 2], key=lambda x: K(x)))
def kd(x, m=4):
    return x % m
show("default arg key", lambda: sorted(data, key=kd))
show("varargs key", lambda: sorted(data[:6], key=lambda *a: -a[0]))
show("key None", lambda: sorted(data[:6], key=None))
show("reverse int", lambda: sorted(data[:6], key=lambda x: x, reverse=1))
def gen():
    yield from [4, 8, 1]
show("generator", lambda: sorted(gen(), key=lambda x: -x))
lst = [3, 1, 2]
def grow(x):
    lst.append(x)
    return x
show("mutating", lambda: (sorted(lst, key=grow), lst))
it = iter([5, 6, 7, 8])
show("iterator", lambda: (sorted(it, key=lambda x: x % 2), list(it)))
show("bound method key", lambda: sorted(["b", "A", "c"], key=str.lower))
show("len key", lambda: sorted(["bbb", "a", "cc"], key=len))
def rec(n):
    return sorted([n, n + 1], key=lambda x: rec(n - 1)[0] if n > 0 else -x)
show("recursive", lambda: rec(8))
