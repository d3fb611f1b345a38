
class UnionType:
    __module__ = 'types'
    __slots__ = ('__args__',)

    def __init__(self, args):
        self.__args__ = args

    def __repr__(self):
        return ' | '.join([_type_repr(a) for a in self.__args__])

    def __or__(self, other):
        return _union(self, other)

    def __ror__(self, other):
        return _union(other, self)

    def __eq__(self, other):
        return isinstance(other, UnionType) and set(self.__args__) == set(other.__args__)

    def __hash__(self):
        return hash(frozenset(self.__args__))

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__args__)

    def __subclasscheck__(self, cls):
        return issubclass(cls, self.__args__)


def _type_repr(a):
    if a is type(None):
        return 'None'
    if isinstance(a, type):
        if a.__module__ == 'builtins':
            return a.__qualname__
        return a.__module__ + '.' + a.__qualname__
    return repr(a)


def _union(a, b):
    args = []
    for x in (a, b):
        if x is None:
            x = type(None)
        for y in (x.__args__ if isinstance(x, UnionType) else (x,)):
            if y not in args:
                args.append(y)
    if len(args) == 1:
        return args[0]
    return UnionType(tuple(args))
