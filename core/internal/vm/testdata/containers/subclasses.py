class D(dict):
    def __missing__(self, k):
        return k * 2
d = D(a=1)
print(d['a'], d['zz'], d)
class L(list):
    pass
l = L([3, 1, 2]); l.sort(); print(l, l + [1], type(l + [1]).__name__)
class S(set):
    pass
print(S([1]), S(), type(S([1]) | {2}).__name__)