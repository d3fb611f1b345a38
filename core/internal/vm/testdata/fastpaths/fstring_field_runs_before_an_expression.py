# An f-string's run of fields of locals and constant parts is laid out at
# once even when an expression field follows; anything a run cannot do
# (unbound locals, specs that raise, __format__, bools, subclasses,
# nested specs) is left to its own instruction, in order.


class Fmt:
    def __format__(self, spec):
        print("format called", repr(spec))
        return "<%s>" % spec


class I(int):
    def __format__(self, spec):
        return "I" + spec


def show(*a):
    print(*a)
    return "s"


def main():
    name, sq, w = "item3", 7, 5
    for i in (0, 5, -12, 123456):
        print(f"{name}:{i:>6}|{sq:03d}|{i / 7:.2f}")
        print(f"{i}{i:+}{i: }{i:x}{i!r}{name!r}-{show(i)}-{name:>{w}}")
    x = -3
    print(f"[{x:05d}|{x:<4}|{x:^7}|{x:=+6}|{x / 2:8.3f}]{len(name)}")
    f = 2.5
    print(f"{f:.2f} {f:10.1f} {f} {name:.3} {sq:,} {sq:_b}|{[f]}|")
    print(f"{name}{True}{sq:d}{False!r}{show(1)}")
    print(f"{name}|{Fmt()}|{sq}|{Fmt():abc}|{name + 'x'}")
    print(f"{name}:{I(4)}:{I(4):zz}:{sq}{show(2)}")
    try:
        print(f"{name}:{sq:>4}:{name:d}:{show(3)}")
    except ValueError as e:
        print("ValueError:", e)
    try:
        print(f"{name}:{sq}:{later}:{show(4)}")
    except UnboundLocalError as e:
        print("UnboundLocalError:", e)
    later = "L"
    print(f"{name}:{sq}:{later}:{show(5)}")
    nan, inf = float("nan"), float("-inf")
    print(f"{nan:.2f}|{inf:8.1f}|{sq:x>5}|{0.5 + sq}")
    many = f"{sq}a{sq}b{sq}c{sq}d{sq}e{sq}f{sq}g{sq}h{sq}i{sq}j{sq}k{sq}l{sq}m{sq}n{sq}o{sq}p{sq}q{sq}{show(6)}"
    print(many, len(many))
    big = "z" * 3000
    print(len(f"{big}{big}{sq}{show(7)}{big}"))
    print(f"{'é'}{name}{sq}{len('é')}")
    # Constant strs and formatted locals that start an expression field
    # are not parts of the outer f-string.
    names = ["area", "perimeter"]
    s = "s"
    print(f"with method{s} {', '.join(names)}")
    print(f"{name}{f'{sq}'.upper()}|{name}{f'{name}x'.upper()}")
    print(f"{name}|{'x' < f'{sq}'}|{'ab' * 2}|{'-' + f'{sq}{name}' + '-'}")
    print(f"{name}|{sq if sq else name}|{name or 'z'}|{[f'{sq}', 'q'][0]}")
    print(f"{name}:{sq}:{(name, f'{sq}')}:{name[1:3]}:{-sq}:{not sq}")
    print(f"{name}{'k'}{names[0]!r:>8}{len(names)}")
    print(f"{name}{sq}{'%s-%s' % (name, sq)}{sq}")
    print(f"{name}{sq}{dict(a=f'{sq}')}")
    # !r of strs: plain ones in single quotes, the rest as repr() does.
    for v in ["", "plain text", "it's", "say \"hi\"", "both ' and \"", "back\\slash",
              "tab\there", "nl\n", "del\x7f", "é", "\x00", "~ }{"]:
        print(f"{sq}={v!r}", f"{v!r}|{name}")


main()
