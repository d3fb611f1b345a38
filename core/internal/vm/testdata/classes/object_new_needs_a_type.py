# object.__new__ allocates an instance without running __init__; its first
# argument must be a class.


class Foo:
    def __init__(self):
        self.attr = "set"


o = object.__new__(Foo)
print(type(o).__name__, hasattr(o, "attr"))
o.__init__()
print(o.attr)
for bad in [(1,), ("Foo",), (None,), ()]:
    try:
        object.__new__(*bad)
    except TypeError as e:
        print(e)
