from collections import defaultdict
d = {1: 0, 3: 0, 5: 0, 7: 0, 9: 0, 0: 0}
e = {50: 1, 9: 2, 1: 3, 66: 4, -5: 0}
print(d.keys() | {-1, 50}, d.keys() & {1, 3, 50}, d.keys() - {0}, d.keys() ^ {50})
print({-1, 50} | d.keys(), [0, 1, 2] - d.keys(), (50, -3) ^ d.keys())
print(d.keys() & e.keys(), e.keys() & d.keys(), d.keys() | e.keys(), e.keys() - d.keys(), d.keys() ^ e.keys())
print(d.items() & {(1, 0), (9, 0), (50, 1)}, d.keys() & [9, 1, 33, 0])
dd = defaultdict(int, d)
print(dd.keys() | {-1, 50}, len(dd.keys()), 3 in dd.keys())
