# zip of two generators steps both in the loop: each pair, the end of
# either, errors from either, and a generator zipped with itself.
def gen(n, tag=""):
    for i in range(n):
        if tag:
            print(tag, i)
        yield i


print(list(zip(gen(3), gen(5))), list(zip(gen(5), gen(3))))
print(list(zip(gen(3, "a"), gen(2, "b"))))
print(list(zip(gen(2, "a"), gen(3, "b"))))
for a, b in zip(gen(3), gen(3)):
    print(a, b)
g = gen(6)
print(list(zip(g, g)))
g1, g2 = gen(4), gen(2)
print(list(zip(g1, g2)), list(g1), list(g2))
print(dict(zip(gen(3), gen(3))), sum(a * b for a, b in zip(gen(4), gen(4))))


def bad(at):
    for i in range(5):
        if i == at:
            raise ValueError(f"bad at {i}")
        yield i


for first, second in ((bad(1), gen(5)), (gen(5), bad(2))):
    try:
        for a, b in zip(first, second):
            print("pair", a, b)
    except ValueError as e:
        print("caught", e)


def reenter():
    yield 1
    yield next(z)


z = zip(gen(5), reenter())
try:
    print(list(z))
except ValueError as e:
    print("ValueError", e)
done = gen(0)
list(done)
print(list(zip(gen(3, "x"), done)))
e = zip(gen(3), gen(3))
print(next(e), next(e), next(e, "end"), next(e, "end"))
