
dict_keys = type({}.keys())
dict_values = type({}.values())
dict_items = type({}.items())
list_iterator = type(iter([]))
dict_keyiterator = type(iter({}))
function = type(lambda: 0)
builtin_function = type(len)


def _gen():
    yield


generator = type(_gen())

kwlist = ['False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await',
          'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except',
          'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is',
          'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try',
          'while', 'with', 'yield']
_kwset = frozenset(kwlist)


def iskeyword(s):
    return s in _kwset


def second(pair):
    return pair[1]


class _tuplegetter:
    # CPython's collections._tuplegetter: a read-only field of a namedtuple.
    __slots__ = ('_index', '__doc__')

    def __init__(self, index, doc):
        self._index = index
        self.__doc__ = doc

    def __get__(self, obj, cls=None):
        if obj is None:
            return self
        return obj[self._index]

    def __set__(self, obj, value):
        raise AttributeError("can't set attribute")

    def __delete__(self, obj):
        raise AttributeError("can't delete attribute")


def field_property(index, name, typename):
    return _tuplegetter(index, f'Alias for field number {index}')
