# % formatting laid out on the stack and copied once into its str: short
# and long results, non-ASCII pieces, errors, str subclasses, mappings.
print("item%d" % 5, "%s-%r" % ("é", "x"), "%5.2f|%-4d|%x" % (1.5, 3, 255), "%%" % (), "%c" % 233)
s = "a%sb" % ("x" * 300)
print(len(s), s[-3:], ("%d" % 12)[0], len("%s" % "héllo"), "%s" % "héllo")
try:
    "%d" % "x"
except TypeError as e:
    print(e)
try:
    "%d %d" % (1,)
except TypeError as e:
    print(e)
class S(str): pass
print(type(S("%d") % 3).__name__, repr("%(a)s:%(b)05d" % {"a": "é", "b": 7}))
