def f(): pass
f.__name__ = "g"; print(f.__name__)
class S(str): pass
for attr, val in (("__name__", 1), ("__qualname__", None), ("__name__", S("x")), ("__globals__", {}), ("__closure__", None)):
    try:
        setattr(f, attr, val); print("set", attr)
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
for v in ({}.keys(), {}.items(), {1: 2}.items()):
    try: hash(v)
    except TypeError as e: print(e)
print(type(hash({}.values())))
