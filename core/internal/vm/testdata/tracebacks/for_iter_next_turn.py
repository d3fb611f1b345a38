# The for loop's closing jump runs the next turn's FOR_ITER itself
# (JUMP__FOR_ITER): an error raised by the iterator on a later turn must
# still point at the for line, and loops of every iterator kind must see
# the same items.
import traceback


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n == 0:
            raise ValueError("boom")
        self.n -= 1
        return self.n


def gen(n):
    for i in range(n):
        yield i * 2
    raise KeyError("gen done")


def run(it):
    total = 0
    for x in it:
        total += x
    return total


for it in (range(5), [1, 2, 3], (4, 5), "ab", {"k": 1, "j": 2}, enumerate([7, 8])):
    seen = []
    for x in it:
        seen.append(x)
    print(seen)

for make in (lambda: Countdown(3), lambda: gen(3)):
    try:
        run(make())
    except Exception as e:
        lines = [l.strip() for l in traceback.format_exc().splitlines()]
        print([l[l.index("line"):] if l.startswith("File") else l for l in lines[1:-1]])
        print(traceback.format_exc().splitlines()[-1])

# A list growing during the loop, and a break/continue mix.
xs = [1]
for x in xs:
    if len(xs) < 5:
        xs.append(x + 1)
    if x == 2:
        continue
    if x == 4:
        break
print(xs)
