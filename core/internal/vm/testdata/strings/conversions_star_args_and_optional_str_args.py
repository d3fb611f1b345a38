class A:
    def __repr__(self): return "Aé"
    def __str__(self): return "a-str"
a = A()
print(f"{a!s}|{a!r}|{a!a}|{a!r:>8}|{'x'!a:5}|{3}|{'q'}")
print("%s %r %a %5s %-6r|" % (a, a, a, "é", "é"))
print("{0!s} {0!r} {0!a} {0!a:>12}".format(a))
print(b"%a %s" % ("é", b"x"))
def e(f):
    try: print(repr(f()))
    except Exception as x: print(type(x).__name__, x)
e(lambda: "%*d|%-*d|%.*f|%*.*f" % (5, 1, 4, 2, 2, 3.14159, 8, 3, 2.5)); e(lambda: "%*d" % (-5, 1)); e(lambda: "%.*f" % (-3, 1.5)); e(lambda: "%*d" % ("x", 1)); e(lambda: "%*d" % (5,))
e(lambda: format(3, 5)); e(lambda: format(3, ">4")); e(lambda: "é".encode(1)); e(lambda: "é".encode("ascii", 1)); e(lambda: "é".encode("ascii", "replace")); e(lambda: str(b"x", 1)); e(lambda: str(b"x", "utf-8", 2))
x = 5; e(lambda: f"{x:{'>3'}}")
