# Agent-style: generator pipelines feeding f-strings and str.join.


def rows(n):
    for i in range(n):
        yield i, i * i % 97, "item%d" % (i % 50)


def evens(it):
    for r in it:
        if r[0] % 2 == 0:
            yield r


def fmt(it):
    for i, sq, name in it:
        yield f"{name}:{i:>6}|{sq:03d}|{i / 7:.2f}"


def main():
    total = 0
    for rnd in range(12):
        lines = list(fmt(evens(rows(40000))))
        text = "\n".join(lines)
        total += len(text)
        total += sum(len(p) for p in text.split("|"))
        csv = ",".join(str(i) for i in range(20000))
        total += len(csv)
        parts = [f"{k}={v!r}" for k, v in zip(range(5000), lines)]
        total += len("; ".join(parts))
    print("genstr checksum:", total)


main()
