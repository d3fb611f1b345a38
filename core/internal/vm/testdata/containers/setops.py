print({1, 2} | {3}, frozenset({1}) | {2}, {1, 2} & {2, 3}, {1, 2} - {2}, {1, 2} ^ {2, 3}, set([33, 1, 65, 17]).copy(), set([33, 1, 65, 17]) | set())
d = {'a': 1}
print({'a': 1} | {'b': 2}, sorted(d.keys() & {'a', 'b'}), sorted(d.keys() | ['z']), d.items() - set(), {'a', 'b'} - d.keys())