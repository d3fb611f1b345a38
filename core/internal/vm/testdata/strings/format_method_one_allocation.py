# str.format and format_map laid out on the stack and copied once into
# their str: keyword and positional fields, nested specs, missing keys,
# numbering errors, long results and non-ASCII text.
print("{:<5}|{:>4}".format("ab", 7), "{a}-{b!r}".format(a="é", b="x"), "{0}{1}{0}".format(1, 2))
print("{:{w}.{p}f}".format(3.14159, w=9, p=2), "{x[1]}".format(x=[5, 6]), "{{}}".format())
print(len("{}".format("y" * 500)), "{:*^11}".format("mid"), "{:>3}".format("long text"))
print("{a}/{b}".format_map({"a": 1, "b": "é"}))
class D(dict):
    def __missing__(self, k):
        return k.upper()
print("{x} {y}".format_map(D(x=1)))
for fmt, args, kw in [("{z}", (), {"a": 1}), ("{0}{}", (1, 2), {}), ("{}{1}", (1, 2), {}),
                      ("{2}", (1,), {}), ("{:{:{:}}}", (1, 2, 3, 4), {}), ("{0}", (), {})]:
    try:
        print(fmt.format(*args, **kw))
    except (KeyError, ValueError, IndexError) as e:
        print(type(e).__name__, e)
try:
    "{0}".format_map({})
except ValueError as e:
    print("ValueError", e)
try:
    "{k}".format_map({})
except KeyError as e:
    print("KeyError", e)
s = "{}{}".format("ab", "é")
print(s, len(s), s[2], s.isascii(), "{}".format("abc").isascii())
