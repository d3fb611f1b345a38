d = {'a': 1}
print(3 in range(0, 10, 3), 4 in range(0, 10, 3), 3.0 in range(5), 'a' in d, 2 in {1, 2}, (1, 2) in [(1, 2)], 'a' in d.keys(), ('a', 1) in d.items(), 1 in d.values(), {1} in {frozenset({1})})
try:
    [] in {1}
except TypeError as e:
    print(e)