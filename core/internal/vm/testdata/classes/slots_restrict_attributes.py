class P:
    __slots__ = ('x', 'y')
    def __init__(self): self.x = 1
class Q(P):
    __slots__ = ('z',)
p = P()
try:
    p.z = 3
except AttributeError as e:
    print(e)
try:
    print(p.y)
except AttributeError as e:
    print(e)
q = Q(); q.z = 1; q.y = 2; print(q.x, q.y, q.z)
try:
    setattr(q, 'w', 1)
except AttributeError as e:
    print(e)
class Free(P):
    pass
fr = Free(); fr.w = 5; print(fr.w)
