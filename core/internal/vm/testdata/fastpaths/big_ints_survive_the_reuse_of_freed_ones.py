# Freed big ints' memory is reused for new results: the big ints that
# stay alive (in lists, dicts, closures, generators, as small results
# of big arithmetic) must keep their values through many collections.
kept = []
texts = []
x = 3 ** 200
for i in range(60000):
    x = (x * 31 + i) // 7 + (x >> 5) - (x & 0xFFFF)
    if x.bit_length() > 3000:
        x >>= 2000
    if i % 997 == 0:
        kept.append(x)
        texts.append(str(x))
print(len(kept), all(str(k) == t for k, t in zip(kept, texts)))

# Results that fit a machine int give their words back at once.
big = 2 ** 100
small = [(big + i) - big for i in range(5000)]
print(small[:3], small[-1], sum(small))

# Negative results, sign changes and floor division of negatives.
y = -(5 ** 90)
seen = {}
for i in range(30000):
    y = y * 3 // 2 - i
    if y < -(10 ** 80):
        y = -y // (10 ** 40) - 7
    seen[i % 50] = y
print(len(seen), min(seen.values()) < 0 < max(seen.values()))
print((seen[0] + seen[49]) % 1000003, seen[7] * seen[8] % 1000003)

# A generator holding a big int across yields while others churn.
def climb(v):
    while True:
        v = v * 2 + 1
        yield v

g = climb(2 ** 70)
firsts = [next(g) for _ in range(3)]
junk = 0
for i in range(20000):
    junk ^= (2 ** 90 + i) * 3 // 5
print(firsts, next(g), junk % 99991)

# Fibonacci keeps two big ints alive and frees one per step.
a, b = 0, 1
for _ in range(3000):
    a, b = b, a + b
print(len(str(a)), a % 1000000007, str(a)[:20])
