# Functions read module globals through per-instruction caches: the cache
# must follow a global rebound by `global`, deleted, written through
# globals(), and a function run under another globals dict (exec with its
# own dict, types.FunctionType over the same code object).
import types

K = 1


def read_k():
    return K + 0


def set_k(v):
    global K
    K = v


out = []
for i in range(6):
    out.append(read_k())
    if i == 1:
        set_k(10)
    if i == 3:
        globals()["K"] = 100
print(out)

del K
try:
    read_k()
except NameError as e:
    print("NameError:", e)
K = 5
print(read_k())

# A builtin shadowed by a global and the shadow deleted again.
def length(x):
    return len(x)


print(length("abc"))
len = lambda x: -1
print(length("abc"))
del len
print(length("abc"))

# The same code object under two globals dicts.
g2 = {"K": 42, "__builtins__": __builtins__}
read_k2 = types.FunctionType(read_k.__code__, g2)
print([(read_k(), read_k2()) for _ in range(3)])
g2["K"] = 43
K = 6
print([(read_k(), read_k2()) for _ in range(3)])
del g2["K"]
try:
    read_k2()
except NameError as e:
    print("NameError:", e)
print(read_k())

# exec with a fresh globals dict each time: the same source's functions
# see their own module's names, calling each other through them.
src = """
def inner(x):
    return x * SCALE

def outer(x):
    return inner(x) + inner(1)
"""
results = []
for scale in (1, 2, 3):
    ns = {"SCALE": scale}
    exec(src, ns)
    results.append(ns["outer"](10))
    ns["SCALE"] = scale * 100
    results.append(ns["outer"](10))
print(results)

# A function calling a helper defined in another globals dict, and back.
ns = {}
exec("def helper(x):\n    return x + OFF\n", ns)
ns["OFF"] = 1000


def via(x):
    return ns["helper"](x) + K


print([via(i) for i in range(3)])
ns["OFF"] = -1000
K = 0
print([via(i) for i in range(3)])

# Rebinding a recursive function's own name mid-recursion.
def countdown(n):
    if n == 0:
        return "done"
    if n == 3:
        globals()["countdown"] = lambda n: "swapped at " + str(n)
    return countdown(n - 1)


print(countdown(6))
print(countdown(2))
