import random
random.seed(12345)
print(random.choices('abcde', weights=[5, 1, 0, 3, 1], k=12))
print(random.choices(range(6), cum_weights=[1, 2, 3, 10, 11, 20], k=8))
print(random.sample(['red', 'blue'], counts=[4, 2], k=5))
print(random.choices('xyz', k=5))
r = random.Random(7)
print(r.choices([1, 2, 3], [0.2, 0.3, 0.5], k=6), r.sample('abc', counts=[1, 5, 2], k=8))
