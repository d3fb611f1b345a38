# sep.join(generator) drains the generator in place: the same result,
# errors and order of side effects as CPython, which materializes the
# items before it checks them.


class S(str):
    pass


def words(n):
    for i in range(n):
        yield "w%d" % i


def noisy(items, log):
    for x in items:
        log.append(x)
        yield x


def boom(n):
    for i in range(n):
        yield str(i)
    raise KeyError("late")


def main():
    print(",".join(words(5)))
    print("".join(words(0)), "|".join(str(i) for i in range(4)))
    one = "only"
    print("-".join(x for x in [one]) is one)
    print(repr(S("+").join(words(3))), type(S("+").join(words(3))).__name__)
    print(", ".join(S(w) for w in ["a", "b"]), type(", ".join(S(w) for w in ["a"])).__name__)
    log = []
    try:
        ",".join(noisy(["a", 1, "b", 2], log))
    except TypeError as e:
        print("TypeError:", e, log)
    try:
        ",".join(boom(3))
    except KeyError as e:
        print("KeyError:", e)
    g = words(4)
    next(g)
    print("/".join(g), "/".join(g))
    print("é".join(c for c in "añb"), len("é".join(c for c in "añb")))
    nested = ";".join(",".join(str(j) for j in range(i)) for i in range(4))
    print(nested)

    def selfjoin():
        yield "a"
        yield ",".join(me)

    me = selfjoin()
    try:
        print(list(me))
    except ValueError as e:
        print("ValueError:", e)
    print(sum(len(p) for p in "a|bb|ccc".split("|")))


main()
