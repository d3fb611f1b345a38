
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


def field_property(index, name, typename):
    def get(self):
        return self[index]
    return property(get, doc=f'Alias for field number {index}')
