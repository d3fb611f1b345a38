# lst.append(x) grows a full list on builtinFastK's path (listAppendM's
# growth and accounting) rather than the general call. The guards hold
# mid-loop: a receiver that turns into a subclass with its own append or
# a non-list, a list grown while iterated, unbound and wrong-arity calls,
# and appends of big ints and of the list to itself.
class L(list):
    def append(self, x):
        list.append(self, ("L", x))


class NotList:
    def __init__(self):
        self.items = []

    def append(self, x):
        self.items.append(-x)

    def __len__(self):
        return len(self.items)


chunks = []
cur = []
for i in range(40):
    cur.append(i * 2**62 if i % 9 == 0 else i)
    if len(cur) == 6:
        chunks.append(cur)
        cur = [] if i < 20 else (L() if i < 30 else NotList())
print(chunks, cur.items if isinstance(cur, NotList) else cur)
print([len(c) for c in chunks], [type(c).__name__ for c in chunks])

# Growing the list being iterated: the loop sees the new items.
xs = [1]
for x in xs:
    if x < 40:
        xs.append(x * 2)
        xs.append(x * 2 + 1)
print(len(xs), xs[-3:])

# The list appended to itself, and through list.append unbound.
s = []
for i in range(5):
    s.append(s if i == 2 else i)
    list.append(s, -i)
print(s)

for call in (
    lambda: [].append(),
    lambda: [].append(1, 2),
    lambda: list.append((), 1),
    lambda: list.append([]),
    lambda: [].append(x=1),
):
    try:
        print(call())
    except TypeError as e:
        print("TypeError", e)

# list.append replaced on a subclass mid-loop.
class M(list):
    pass


m = M()
for i in range(10):
    m.append(i)
    if i == 4:
        M.append = lambda self, x: list.append(self, str(x))
print(m)
