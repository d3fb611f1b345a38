import copy
a = {'x': [1, [2]], 't': (1, [3])}
b = copy.copy(a); c = copy.deepcopy(a)
a['x'][1].append(9)
print(b, c, b['x'] is a['x'], c['t'][1] is a['t'][1])
class N:
    def __init__(self, v): self.v = v; self.kids = []
n = N(1); n.kids.append(N(2)); n.kids.append(n)
m = copy.deepcopy(n)
print(m.v, m.kids[0].v, m.kids[1] is m, m.kids[0] is n.kids[0])
class H:
    def __copy__(self): return 'copied'
    def __deepcopy__(self, memo): return 'deep'
print(copy.copy(H()), copy.deepcopy([H()]))
