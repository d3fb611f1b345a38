# After a %(key) conversion the mapping is used up for positional ones, as
# in CPython; before it, a positional conversion takes the whole mapping.
for f in ["%(foo)s %s %(foo)s", "%(foo)s %s", "%s %(foo)s", "%(foo)s %s %s", "%s %s %(foo)s",
          "%(foo)s %(foo)r", "%s", "plain", "%(foo)s %%"]:
    try:
        print(repr(f % {"foo": 1}))
    except TypeError as e:
        print(f, "->", e)
for f, args in [("%(a)s", ({},)), ("%(a)s", 1), ("%s %s", (1,)), ("%s", (1, 2)), ("x", ()), ("x", 5)]:
    try:
        print(repr(f % args))
    except TypeError as e:
        print(f, "->", e)
