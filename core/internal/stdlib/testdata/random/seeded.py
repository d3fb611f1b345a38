import random
random.seed(42)
print(random.random(), random.randint(1, 100), random.choice("abc"))
r = random.Random("seed")
xs = list(range(8))
r.shuffle(xs)
print(xs, r.sample(range(50), 4), r.getrandbits(40), r.uniform(0, 10))
