import random
from collections import Counter
r = random.Random(4)
out = []
for t in range(300):
    a = Counter({k: r.randint(-3, 3) for k in r.sample('abcdef', r.randint(0, 6))})
    b = Counter({k: r.randint(-3, 3) for k in r.sample('abcdef', r.randint(0, 6))})
    out.append((sorted((a + b).items()), sorted((a - b).items()), sorted((a | b).items()), sorted((a & b).items()), list((a + b).keys())))
print(hash(str(out)) if False else len(str(out)), str(out)[:300])
print(Counter('abca') + Counter('bcd'), Counter('abca') - Counter('aab'), Counter(a=3, b=-1) | Counter(a=1, c=2), Counter(a=3, b=1) & Counter(a=1, b=5))
try:
    Counter() + 5
except TypeError as e:
    print(e)
