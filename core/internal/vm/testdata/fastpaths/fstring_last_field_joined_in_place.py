# An f-string's last field is formatted straight into the result when it
# is a machine int, an exact str or a plain spec; anything else (instances
# with __format__, subclasses, bad specs, !a) takes the general path.
class S(str):
    def __format__(self, spec):
        return "S<" + spec + ">"


class I(int):
    def __format__(self, spec):
        return "I<" + spec + ">"


class R(str):
    def __repr__(self):
        return "R!"


class F:
    def __format__(self, spec):
        return "F" + spec


x = 5
s = "héllo"
a = "abc"
cases = [
    lambda: f"{x}|",
    lambda: f"a{x:>4}|b",
    lambda: f"{a!r}|",
    lambda: f"{s!r}..",
    lambda: f"{s}!",
    lambda: f"{s}é",
    lambda: f"{S('q')}|",
    lambda: f"{S('q'):>3}|",
    lambda: f"{I(3)}|",
    lambda: f"{I(3):05}|",
    lambda: f"{R('r')!r}|",
    lambda: f"{R('r')}|",
    lambda: f"{F():xy}|z",
    lambda: f"{x!a}|",
    lambda: f"{s!a}|",
    lambda: f"{s!s}|",
    lambda: f"{1.5:.2f}!",
    lambda: f"{1.5}!",
    lambda: f"{True}|",
    lambda: f"{None}|",
    lambda: f"{2**70}|",
    lambda: f"{-2**63}|",
    lambda: f"{-3:03d}|{s:>8}|",
    lambda: f"{x:}|",
    lambda: f"{a:{'>'}{x}}|",
    lambda: f"{x:zz}|",
    lambda: f"{a:d}|",
    lambda: f"{x:,}|",
    lambda: f"{x:>100}|",
    lambda: f"{'x' * 70:.3}|",
    lambda: f"{s:.2}|",
    lambda: f"{x:c}|",
    lambda: f"{x:{1}}|",
    lambda: f"{x:{a}}|",
]
for c in cases:
    try:
        r = c()
        print(repr(r), len(r), r.upper(), r.isascii())
    except Exception as e:
        print(type(e).__name__, e)

for i in range(3):
    print(f"{i}={a!r}", f"{a}{i:>3}", f"{i:}|", f"{i}{a}{s}{i:x}|{i}")


def g():
    y = yield
    return f"{y}|{(yield 1)}|"


it = g()
next(it)
print(it.send(7))
try:
    it.send("w")
except StopIteration as e:
    print(e.value)


# Fields of local variables after the first are joined in place too.
def locals_fields(k, v, w, n):
    print(f"{k}={v!r}", f"{k}: {v} {w:>5}|{n:03d}|{n}", f"{v}{k!s}{v!r}{k:>4}")
    print(f"{k}={v:{w}}" if False else f"{v}{w}")
    u = 1
    print(f"{k}{u}{n:.2f}")
    del u
    try:
        print(f"{k}{u}")
    except UnboundLocalError as e:
        print("UnboundLocalError", e)


locals_fields(3, "vé", "ab", 7)
locals_fields(3.5, S("s"), I(9), 2**65)
locals_fields(I(1), R("r"), F(), 4)
for args in [(None, ["x"], "w", -1), (1, "v", "w", 1.25)]:
    try:
        locals_fields(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)


def long_parts(big, k):
    r = [f"{big}|", f"{k}{big}", f"{big}{k}{big!r}", f"{k}{big:>5}"]
    print([len(x) for x in r], r[0][-3:], r[2][-4:])


long_parts("x" * 5000, 1)
long_parts("é" * 2100, 2)
