# LOAD_GLOBAL's cache keeps the entry it found: module loops that assign
# their globals, names that start or stop shadowing a builtin, builtins
# replaced, and one code object run with other globals dicts.
import builtins

n = 0
total = 0
for i in range(50):
    n = n + i          # a value's replacement: the cache reads it again
    total += n
print(n, total)

out = []
for i in range(6):
    out.append(len("abc"))
    if i == 1:
        len = lambda s: 100      # a global now shadows the builtin
    if i == 3:
        del len                  # and no longer does
print(out)

def f():
    return abs(-3), max(1, 2)

print(f())
saved = builtins.abs
builtins.abs = lambda x: "patched"
print(f())
builtins.abs = saved
print(f())

code = compile("r = a + b", "<g>", "exec")
for g in ({"a": 1, "b": 2}, {"b": 20, "a": 10}, {"a": "x", "b": "y", "c": 0}):
    exec(code, g)
    print(g["r"])

src = compile("def get():\n    return x\n", "<m>", "exec")
for k in range(3):
    g = {"x": k}
    exec(src, g)
    print(g["get"](), end=" ")
    g["x"] = k * 10
    print(g["get"](), end=" ")
    del g["x"]
    try:
        g["get"]()
    except NameError as e:
        print("NameError", e)

many = {}
for i in range(40):
    globals()["v%d" % i] = i          # new keys: the dict grows and reindexes
    total = total + v0 + (v1 if i >= 1 else 0)
print(total, v39)
