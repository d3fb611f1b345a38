for s in ["a b  c", " x\ty\n", "", "a,b,,c"]:
    for t in (s, s.encode(), bytearray(s.encode())):
        print(repr(t.split()), repr(t.rsplit(None, 1)), repr(t.split(t[:0] + (b"," if not isinstance(t, str) else ","))), repr(t.rsplit((b"," if not isinstance(t, str) else ","), 1)))
        print(repr(t.splitlines()), repr(t.splitlines(True)), repr(t.expandtabs(4)), repr(t.center(10)), repr(t.ljust(8, "*" if isinstance(t, str) else b"*")), repr(t.rjust(9)))
        sep = "," if isinstance(t, str) else b","
        print(repr(t.partition(sep)), repr(t.rpartition(sep)), type(t.partition(sep)[0]).__name__)
def e(f):
    try: print(f())
    except Exception as x: print(type(x).__name__, x)
e(lambda: "a".split(1)); e(lambda: b"a".split(1)); e(lambda: b"a".rsplit(b"")); e(lambda: "a".rsplit("")); e(lambda: "a".partition("")); e(lambda: b"a".partition(b""))
e(lambda: "a".partition(1)); e(lambda: b"a".partition(1)); e(lambda: b"a".center(5, "x")); e(lambda: "a".center(5, "xy")); e(lambda: bytearray(b"a").center(5, b"xy"))
e(lambda: "a".center()); e(lambda: b"a".ljust()); e(lambda: str.expandtabs(b"x"))
class S(str): pass
class B(bytes): pass
print(type(S("a b").split()[0]), type(B(b"a b").split()[0]), type(B(b"a b").partition(b" ")[0]))
