# f-strings formatted a run at a time (formatTail): the same f-string at
# the same place sees values whose formatting can or cannot be done
# there, turn by turn, so the run it does changes length mid-loop.


class Fmt:
    def __format__(self, spec):
        return "<Fmt %r>" % spec

    def __repr__(self):
        return "Fmt()"

    def __str__(self):
        return "Fmt!"


def h(x):
    return "h" + str(x)


vals = [1, 2.5, "ab", None, True, Fmt(), -7, 1e300, float("nan"), "\u00e9\u00e9", 10**30, -0.0]
for v in vals:
    w = v
    print(f"{v}|{w!r}|{h(1)}|{v}")
    print(f"[{v}:{w}]{h(2):>5}|")
for i, v in enumerate(vals):
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        print(f"{i:>3}|{v:10}|{h(i):>4}|{v:<12}|{i * 1.5:8.2f}|")
    else:
        print(f"{i:>3}|{v!s:>10}|{h(i):>4}|{v!r:<12}|{i / 7:.3f}|")
for i in range(-3, 4):
    print(f"{i:+d}|{i:03d}|{i:x}|{i:^7}|{i: }|{i:_>6}|{i / 3:.2f}|{hex(i):>6}|")
specs = [">8", "<8", "^8", "08.3f", "e", ".0f", "g", "+.2%"]
for sp in specs:
    x = 12.5
    print(f"{x:{sp}}|{sp}|{x:{sp}}")
# Nested f-strings and expression fields after a run.
a, b = "x", "y"
print(f"{a}{b}{', '.join([a, b])}{f'{a}{b}'.upper()}{a:>3}")
print(f"{a}-{b}-{ {a: b}[a] }-{[a, b][1]}-{a}")
