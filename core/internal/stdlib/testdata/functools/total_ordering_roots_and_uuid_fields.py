import functools, uuid


def make(root):
    ns = {'__init__': lambda self, v: setattr(self, 'v', v),
          '__eq__': lambda self, o: self.v == o.v if isinstance(o, type(self)) else NotImplemented,
          '__repr__': lambda self: 'X(%r)' % self.v}
    ops = {'__lt__': lambda a, b: a.v < b.v, '__le__': lambda a, b: a.v <= b.v,
           '__gt__': lambda a, b: a.v > b.v, '__ge__': lambda a, b: a.v >= b.v}
    ns[root] = lambda a, b: ops[root](a, b) if isinstance(b, type(a)) else NotImplemented
    return functools.total_ordering(type('X' + root.strip('_'), (), ns))


for root in ('__lt__', '__le__', '__gt__', '__ge__'):
    X = make(root)
    a, b, c = X(1), X(2), X(1)
    print(root, [a < b, a <= b, a > b, a >= b, a <= c, a >= c, a < c, a > c, b > a], sorted([b, a, X(0)]))
    try:
        a < 3 if root != '__lt__' else a > 3
    except TypeError as e:
        print('TypeError')
try:
    functools.total_ordering(type('N', (), {}))
except ValueError as e:
    print(e)
u = uuid.UUID('12345678-9abc-def0-1234-56789abcdef0')
print(hex(u.time_low), hex(u.time_mid), hex(u.time_hi_version), hex(u.clock_seq_hi_variant), hex(u.clock_seq_low), hex(u.node), u.fields, hex(u.time), u.clock_seq)
u = uuid.UUID(int=(1 << 128) - 1)
print(u.fields)
