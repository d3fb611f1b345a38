# LOAD_GLOBAL's cache: a name found in the module's globals shadows the
# builtins whatever happens to them; a name found in the builtins must
# see a global made later, its deletion, and a change of the builtin.
import builtins


def f(n):
    return n + 1


def use_f(x):
    return f(x)


def use_len(x):
    return len(x)


def use_abs(x):
    return abs(x)


results = []
for i in range(3):
    results.append(use_f(i))
# A builtin of the same name appears after the global was cached.
builtins.f = lambda n: -n
results.append(use_f(10))
# The global goes: the builtin is seen.
del f
results.append(use_f(10))
# The builtin changes while it is the one found.
builtins.f = lambda n: n * 100
results.append(use_f(10))
del builtins.f
try:
    use_f(1)
except NameError as e:
    results.append(str(e))

# A builtin cached, then shadowed by a global, then unshadowed.
for i in range(3):
    results.append(use_len("ab" * i))
len = lambda x: "shadow"
results.append(use_len("abc"))
del len
results.append(use_len("abc"))
# The builtin itself is replaced and restored.
orig = builtins.len
builtins.len = lambda x: "patched"
results.append(use_len("abc"))
builtins.len = orig
results.append(use_len("abc"))

# A global defined via globals() after the builtin was cached.
results.append(use_abs(-3))
globals()["abs"] = lambda x: "g-abs"
results.append(use_abs(-3))
# A global cached, the builtins change (unrelated name), still global.
builtins.abs_other = 1
results.append(use_abs(-3))
del globals()["abs"]
results.append(use_abs(-3))
del builtins.abs_other

print(results)
