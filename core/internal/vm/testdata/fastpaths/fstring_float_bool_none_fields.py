# f-string fields of floats, bools and None (no spec, !s or !r) are laid
# out with the rest of the f-string; !a, specs and subclasses take the
# general path.


class F(float):
    def __str__(self):
        return "F!"

    def __repr__(self):
        return "Frepr"

    def __format__(self, spec):
        return "Ffmt" + spec


class B(int):
    def __format__(self, spec):
        return "Bfmt"


def show(x, y, flag, none):
    print(f"{x}|{y}|{flag}|{none}")
    print(f"a={x!r} b={y!s} c={flag!r} d={none!s} e={x!a} f={flag:>6} g={none!r:>6}")
    print(f"{flag}{x}{none}{y}")
    print(f"{x:.3}|{y:e}|{flag:d}|{x!s:>12}")


for x, y in [(1.5, -0.0), (1e16, 1e-5), (float("nan"), float("inf")), (-float("inf"), 0.1 + 0.2),
             (123456789.125, 2.0**60), (5e-324, 1.7976931348623157e308), (F(2.5), 3.0), (1.0, 2)]:
    for flag in (True, False, B(1)):
        show(x, y, flag, None)


def loop():
    out = []
    t = 0.0
    for i in range(12):
        t += 0.1
        ok = i % 3 == 0
        out.append(f"step {i}: t={t} ok={ok} last={None if ok else t}")
    print("\n".join(out))


loop()
