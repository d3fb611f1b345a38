l = [1]; l.append(l); d = {}; d['d'] = d
print(l, d, (), (1,), set(), frozenset(), frozenset({1, 2}), range(5), range(0, 10, 2), slice(1, 2))
print({'a': 1}.keys(), {'a': 1}.values(), {'a': 1}.items())