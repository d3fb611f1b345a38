# Loads of global functions and builtins hit a per-site cache; every
# rebinding (module global, globals() dict, builtins module) must show.
import builtins


def helper(x):
    return ("helper", x)


def use(x):
    return helper(x), len([x])


for i in range(3):
    print(use(i))
helper = lambda x: ("rebound", x)  # noqa: E731
print(use(1))
globals()["helper"] = lambda x: ("via globals()", x)
print(use(2))
len = lambda x: -1  # noqa: E731 shadows the builtin
print(use(3))
del len
print(use(4))
builtins.len = lambda x: 99
print(use(5))
del builtins.len
try:
    print(use(6))
except NameError as e:
    print("NameError:", e)
