class Custom:
    def __dir__(self):
        return ["zeta", "alpha", "mid"]


class FromTuple:
    def __dir__(self):
        return ("b", "a")


class NotIterable:
    def __dir__(self):
        return 5


class Raises:
    def __dir__(self):
        raise KeyError("inside __dir__")


print(dir(Custom()), dir(FromTuple()))
print("alpha" in dir(Custom), "__dir__" in dir(Custom))
obj = Custom()
obj.__dir__ = lambda: ["instance attribute is not used"]
print(dir(obj))
for o in (NotIterable(), Raises()):
    try:
        dir(o)
    except (TypeError, KeyError) as e:
        print(type(e).__name__, e)
