# Agent-style: builtins that call back into Python: map, filter, sum over
# lambdas, sorted/min/max with key=.


def main():
    data = [(i * 7919) % 10007 for i in range(20000)]
    words = ["w%d" % ((i * 31) % 997) for i in range(5000)]
    total = 0
    for rnd in range(30):
        total += sum(map(lambda x: x * 2 + 1, data))
        total += len(list(filter(lambda x: x % 3 == 0, data)))
        total += sorted(data, key=lambda x: -x)[0]
        total += max(data, key=lambda x: x % 1000)
        total += min(words, key=len).__len__()
        total += len(sorted(words, key=lambda w: (len(w), w))[0])
        total += sum([x for x in map(abs, data) if x > 5000])
        pairs = sorted(zip(data[:2000], words[:2000]), key=lambda p: p[1])
        total += pairs[0][0]
    print("callbacks checksum:", total)


main()
