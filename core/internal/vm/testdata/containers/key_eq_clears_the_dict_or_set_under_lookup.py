# A key whose __eq__ clears the dict or set being probed: the lookup
# starts over (as in CPython) instead of reading a table that is gone.
class K:
    def __init__(self, n, d=None):
        self.n, self.d = n, d
    def __hash__(self):
        return 5
    def __eq__(self, other):
        if self.d is not None:
            self.d.clear()
        return False

d = {i: i for i in range(100)}
for i in range(20):
    d[K(i)] = i
try:
    print(K(999, d) in d, len(d))
except Exception as e:
    print(type(e).__name__, e)
d = {i: i for i in range(100)}
for i in range(20):
    d[K(i)] = i
print(d.get(K(998, d)), len(d))
d = {K(i): i for i in range(20)}
print(d.setdefault(K(997, d), "x"), len(d))
class K:
    def __init__(self, n, s=None):
        self.n, self.s = n, s
    def __hash__(self):
        return 5
    def __eq__(self, other):
        if self.s is not None:
            self.s.clear()
        return False

s = set(range(100))
for i in range(20):
    s.add(K(i))
print(K(999, s) in s, len(s))
s = set(range(100))
for i in range(20):
    s.add(K(i))
s.add(K(998, s))
print(len(s))
s = set(range(100))
s.discard(K(997, s))
print(len(s))
