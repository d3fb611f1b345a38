# str % x runs str's formatting directly unless x is an instance of a
# class (a str subclass's __rmod__ comes first; any other class's only
# when str's own formatting does not apply).


class S(str):
    def __rmod__(self, other):
        return "S.__rmod__(" + other + ")"


class P(str):
    pass


class R:
    def __rmod__(self, other):
        return "R.__rmod__"

    def __str__(self):
        return "R()"


print("a%sb" % S("x"), "a%sb" % P("x"), "a%sb" % R(), "%s|%s" % (R(), S("y")))
print("%d%%" % 5, "%s" % [1], "%(k)s" % {"k": 1}, "%s" % (1,), "%r" % "q", "%.1f" % 2.25)
s = "n=%d"
s %= 4
print(s)
for bad in [("%d", "x"), ("%d %d", (1,)), ("%s", ()), ("x", 1), ("%z", 1)]:
    try:
        print(bad[0] % bad[1])
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
print(b"%d" % 3, bytearray(b"%s") % b"z")
