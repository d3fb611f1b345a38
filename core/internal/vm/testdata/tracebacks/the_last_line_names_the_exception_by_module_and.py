class Outer:
    class Inner(Exception): pass
class E(Exception): pass
E.__module__ = "mymod"
try:
    raise Outer.Inner("q")
except Exception as e:
    raise E("x") from e
