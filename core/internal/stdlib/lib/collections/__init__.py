
import collections.abc as abc
import _collections_helpers as _h

__all__ = ['ChainMap', 'Counter', 'OrderedDict', 'UserDict', 'UserList',
           'UserString', 'defaultdict', 'deque', 'namedtuple']

_sentinel = object()


class deque:
    """A list-backed double-ended queue: items live in _a[_h:]."""

    __slots__ = ('_a', '_h', '_maxlen')

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError('an integer is required')
            if maxlen < 0:
                raise ValueError('maxlen must be non-negative')
        self._a = []
        self._h = 0
        self._maxlen = maxlen
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def __len__(self):
        return len(self._a) - self._h

    def __bool__(self):
        return len(self._a) > self._h

    def _compact(self):
        if self._h > 16 and self._h * 2 > len(self._a):
            del self._a[:self._h]
            self._h = 0

    def append(self, x):
        self._a.append(x)
        if self._maxlen is not None and len(self._a) - self._h > self._maxlen:
            self.popleft()

    def appendleft(self, x):
        if self._maxlen == 0:
            return
        if self._h == 0:
            pad = max(8, len(self._a))
            self._a[0:0] = [None] * pad
            self._h = pad
        self._h -= 1
        self._a[self._h] = x
        if self._maxlen is not None and len(self._a) - self._h > self._maxlen:
            self._a.pop()

    def pop(self):
        if len(self._a) == self._h:
            raise IndexError('pop from an empty deque')
        x = self._a.pop()
        if len(self._a) == self._h:
            self._a = []
            self._h = 0
        return x

    def popleft(self):
        if len(self._a) == self._h:
            raise IndexError('pop from an empty deque')
        x = self._a[self._h]
        self._a[self._h] = None
        self._h += 1
        if self._h == len(self._a):
            self._a = []
            self._h = 0
        else:
            self._compact()
        return x

    def extend(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        if iterable is self:
            iterable = list(iterable)
        for x in iterable:
            self.appendleft(x)

    def clear(self):
        self._a = []
        self._h = 0

    def copy(self):
        return self.__class__(self, self._maxlen)

    __copy__ = copy

    def count(self, x):
        n = 0
        for y in self._a[self._h:]:
            if y is x or y == x:
                n += 1
        return n

    def index(self, x, start=0, stop=None):
        items = self._a[self._h:]
        n = len(items)
        if stop is None:
            stop = n
        if start < 0:
            start = max(0, start + n)
        if stop < 0:
            stop += n
        for i in range(start, min(stop, n)):
            y = items[i]
            if y is x or y == x:
                return i
        raise ValueError(f'{x!r} is not in deque')

    def insert(self, i, x):
        if self._maxlen is not None and len(self) >= self._maxlen:
            raise IndexError('deque already at its maximum size')
        items = self._a[self._h:]
        items.insert(i, x)
        self._a = items
        self._h = 0

    def remove(self, value):
        items = self._a[self._h:]
        for i, y in enumerate(items):
            if y is value or y == value:
                del items[i]
                self._a = items
                self._h = 0
                return
        raise ValueError(f'{value!r} is not in deque')

    def reverse(self):
        items = self._a[self._h:]
        items.reverse()
        self._a = items
        self._h = 0

    def rotate(self, n=1):
        size = len(self)
        if size <= 1:
            return
        n %= size
        if n:
            items = self._a[self._h:]
            self._a = items[-n:] + items[:-n]
            self._h = 0

    def _index(self, i):
        if not isinstance(i, int):
            if hasattr(i, '__index__'):
                i = i.__index__()
            else:
                raise TypeError(f"sequence index must be integer, not '{type(i).__name__}'")
        n = len(self._a) - self._h
        if i < 0:
            i += n
        if i < 0 or i >= n:
            raise IndexError('deque index out of range')
        return self._h + i

    def __getitem__(self, i):
        return self._a[self._index(i)]

    def __setitem__(self, i, x):
        self._a[self._index(i)] = x

    def __delitem__(self, i):
        j = self._index(i)
        del self._a[j]
        if self._h == len(self._a):
            self._a = []
            self._h = 0

    def __iter__(self):
        return iter(self._a[self._h:])

    def __reversed__(self):
        return reversed(self._a[self._h:])

    def __contains__(self, x):
        for y in self._a[self._h:]:
            if y is x or y == x:
                return True
        return False

    def __repr__(self):
        items = self._a[self._h:]
        if self._maxlen is None:
            return f'{type(self).__name__}({items!r})'
        return f'{type(self).__name__}({items!r}, maxlen={self._maxlen})'

    def _cmp_items(self, other):
        if not isinstance(other, deque):
            return None
        return self._a[self._h:], other._a[other._h:]

    def __eq__(self, other):
        p = self._cmp_items(other)
        return NotImplemented if p is None else p[0] == p[1]

    def __ne__(self, other):
        p = self._cmp_items(other)
        return NotImplemented if p is None else p[0] != p[1]

    def __lt__(self, other):
        p = self._cmp_items(other)
        return NotImplemented if p is None else p[0] < p[1]

    def __le__(self, other):
        p = self._cmp_items(other)
        return NotImplemented if p is None else p[0] <= p[1]

    def __gt__(self, other):
        p = self._cmp_items(other)
        return NotImplemented if p is None else p[0] > p[1]

    def __ge__(self, other):
        p = self._cmp_items(other)
        return NotImplemented if p is None else p[0] >= p[1]

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError(f'can only concatenate deque (not "{type(other).__name__}") to deque')
        r = self.copy()
        r.extend(other)
        return r

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        return self.__class__(self._a[self._h:] * n, self._maxlen)

    __rmul__ = __mul__

    def __imul__(self, n):
        items = self._a[self._h:] * n
        self.clear()
        self.extend(items)
        return self

    def __class_getitem__(cls, item):
        return cls


abc.MutableSequence.register(deque)


class defaultdict(dict):
    def __init__(self, default_factory=None, /, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError('first argument must be callable or None')
        self.default_factory = default_factory
        if args or kwargs:
            dict.update(self, *args, **kwargs)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def __repr__(self):
        f = self.default_factory
        return f'{type(self).__name__}({f!r}, {dict.__repr__(self)})'

    def copy(self):
        return type(self)(self.default_factory, self)

    __copy__ = copy

    def __reduce__(self):
        return (type(self), (self.default_factory,), None, None, iter(self.items()))

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = self.copy()
        new.update(other)
        return new

    def __class_getitem__(cls, item):
        return cls


class OrderedDict(dict):
    def __init__(self, other=(), /, **kwds):
        dict.update(self, other, **kwds)

    def move_to_end(self, key, last=True):
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
        else:
            rest = list(dict.items(self))
            dict.clear(self)
            dict.__setitem__(self, key, value)
            dict.update(self, rest)

    def popitem(self, last=True):
        if not self:
            raise KeyError('dictionary is empty')
        if last:
            return dict.popitem(self)
        key = next(iter(self))
        return key, dict.pop(self, key)

    def __reversed__(self):
        return reversed(list(dict.keys(self)))

    def __repr__(self):
        if not self:
            return f'{type(self).__name__}()'
        return f'{type(self).__name__}({list(self.items())!r})'

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(self) == list(other)
        return dict.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = None

    def copy(self):
        return type(self)(self)

    __copy__ = copy

    @classmethod
    def fromkeys(cls, iterable, value=None):
        self = cls()
        for key in iterable:
            self[key] = value
        return self

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        new = type(self)(self)
        new.update(other)
        return new

    def __class_getitem__(cls, item):
        return cls


class Counter(dict):
    def __init__(self, iterable=None, /, **kwds):
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        items = sorted(self.items(), key=_h.second, reverse=True)
        if n is None:
            return items
        return items[:max(n, 0)]

    def elements(self):
        for elem, count in self.items():
            for _ in range(count):
                yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            'Counter.fromkeys() is undefined.  Use Counter(iterable) instead.')

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, abc.Mapping):
                if self:
                    self_get = self.get
                    for elem, count in iterable.items():
                        self[elem] = count + self_get(elem, 0)
                else:
                    dict.update(self, iterable)
            else:
                self_get = self.get
                for elem in iterable:
                    self[elem] = self_get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            self_get = self.get
            if isinstance(iterable, abc.Mapping):
                for elem, count in iterable.items():
                    self[elem] = self_get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self_get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    __copy__ = copy

    def __reduce__(self):
        return self.__class__, (dict(self),)

    def __delitem__(self, elem):
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return f'{self.__class__.__name__}()'
        try:
            d = dict(self.most_common())
        except TypeError:
            d = dict(self)
        return f'{self.__class__.__name__}({d!r})'

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    def __le__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] <= other[e] for c in (self, other) for e in c)

    def __lt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self <= other and self != other

    def __ge__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] >= other[e] for c in (self, other) for e in c)

    def __gt__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return self >= other and self != other

    __hash__ = None

    def _merged(self, other, both, only_other):
        # A Counter of both(mine, theirs) for my elements and, unless
        # only_other is None, only_other(theirs) for elements only in
        # other; counts that are not positive are left out.
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            merged = both(count, other[elem])
            if merged > 0:
                result[elem] = merged
        if only_other is not None:
            for elem, count in other.items():
                if elem not in self:
                    merged = only_other(count)
                    if merged > 0:
                        result[elem] = merged
        return result

    def __add__(self, other):
        return self._merged(other, lambda a, b: a + b, lambda b: b)

    def __sub__(self, other):
        return self._merged(other, lambda a, b: a - b, lambda b: 0 - b)

    def __or__(self, other):
        return self._merged(other, lambda a, b: b if a < b else a, lambda b: b)

    def __and__(self, other):
        return self._merged(other, lambda a, b: a if a < b else b, None)

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def _keep_positive(self):
        nonpositive = [elem for elem, count in self.items() if not count > 0]
        for elem in nonpositive:
            dict.__delitem__(self, elem)
        return self

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()

    def __ior__(self, other):
        for elem, other_count in other.items():
            count = self[elem]
            if other_count > count:
                self[elem] = other_count
        return self._keep_positive()

    def __iand__(self, other):
        for elem, count in list(self.items()):
            other_count = other[elem]
            if other_count < count:
                self[elem] = other_count
        return self._keep_positive()

    def __class_getitem__(cls, item):
        return cls


def _nt_error(name, missing):
    if len(missing) == 1:
        names = repr(missing[0])
    elif len(missing) == 2:
        names = f'{missing[0]!r} and {missing[1]!r}'
    else:
        names = ', '.join(repr(m) for m in missing[:-1]) + f', and {missing[-1]!r}'
    s = 's' if len(missing) > 1 else ''
    return TypeError(f'{name}.__new__() missing {len(missing)} required positional argument{s}: {names}')


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(',', ' ').split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or _h.iskeyword(name)
                    or name.startswith('_') or name in seen):
                field_names[index] = f'_{index}'
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError('Type names and field names must be strings')
        if not name.isidentifier():
            raise ValueError('Type names and field names must be valid '
                             f'identifiers: {name!r}')
        if _h.iskeyword(name):
            raise ValueError('Type names and field names cannot be a '
                             f'keyword: {name!r}')
    seen = set()
    for name in field_names:
        if name.startswith('_') and not rename:
            raise ValueError('Field names cannot start with an underscore: '
                             f'{name!r}')
        if name in seen:
            raise ValueError(f'Encountered duplicate field name: {name!r}')
        seen.add(name)

    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError('Got more default values than field names')
        field_defaults = dict(reversed(list(zip(reversed(field_names),
                                                reversed(defaults)))))
    fields = tuple(field_names)
    nfields = len(fields)

    def __new__(_cls, *args, **kwargs):
        if len(args) > nfields:
            least = nfields - len(field_defaults) + 1
            if least == nfields + 1:
                takes = f'{nfields + 1} positional argument{"s" if nfields else ""}'
            else:
                takes = f'from {least} to {nfields + 1} positional arguments'
            raise TypeError(f'{typename}.__new__() takes {takes} but {len(args) + 1} were given')
        if not kwargs and len(args) == nfields:
            return _tuple_new(_cls, args)
        values = list(args)
        for k, v in kwargs.items():
            if k not in fields:
                raise TypeError(f"{typename}.__new__() got an unexpected keyword argument '{k}'")
            i = fields.index(k)
            if i < len(args):
                raise TypeError(f"{typename}.__new__() got multiple values for argument '{k}'")
        missing = []
        for i in range(len(args), nfields):
            name = fields[i]
            if name in kwargs:
                values.append(kwargs[name])
            elif name in field_defaults:
                values.append(field_defaults[name])
            else:
                missing.append(name)
        if missing:
            raise _nt_error(typename, missing)
        return _tuple_new(_cls, values)

    @classmethod
    def _make(cls, iterable):
        result = _tuple_new(cls, iterable)
        if len(result) != nfields:
            raise TypeError(f'Expected {nfields} arguments, got {len(result)}')
        return result

    def _replace(self, /, **kwds):
        result = self._make([kwds.pop(name) if name in kwds else value
                             for name, value in zip(fields, self)])
        if kwds:
            raise ValueError(f'Got unexpected field names: {list(kwds)!r}')
        return result

    def __repr__(self):
        return self.__class__.__name__ + '(' + ', '.join(
            f'{name}={value!r}' for name, value in zip(fields, self)) + ')'

    def _asdict(self):
        return dict(zip(self._fields, self))

    def __getnewargs__(self):
        return tuple(self)

    namespace = {
        '__doc__': f'{typename}({", ".join(fields)})',
        '__slots__': (),
        '_fields': fields,
        '_field_defaults': field_defaults,
        '__new__': __new__,
        '_make': _make,
        '_replace': _replace,
        '__repr__': __repr__,
        '_asdict': _asdict,
        '__getnewargs__': __getnewargs__,
        '__match_args__': fields,
    }
    for index, name in enumerate(fields):
        namespace[name] = _h.field_property(index, name, typename)
    result = type(typename, (tuple,), namespace)
    result.__module__ = module if module is not None else '__main__'
    return result


def _tuple_new(cls, iterable):
    return tuple.__new__(cls, iterable)


class ChainMap:
    def __init__(self, *maps):
        self.maps = list(maps) or [{}]

    def __missing__(self, key):
        raise KeyError(key)

    def __getitem__(self, key):
        for mapping in self.maps:
            try:
                return mapping[key]
            except KeyError:
                pass
        return self.__missing__(key)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def _merged(self):
        d = {}
        for mapping in reversed(self.maps):
            for k in mapping:
                d[k] = None
        return d

    def __len__(self):
        return len(self._merged())

    def __iter__(self):
        return iter(self._merged())

    def __contains__(self, key):
        return any(key in m for m in self.maps)

    def __bool__(self):
        return any(self.maps)

    def keys(self):
        return self._merged().keys()

    def items(self):
        return [(k, self[k]) for k in self._merged()]

    def values(self):
        return [self[k] for k in self._merged()]

    def __repr__(self):
        return f'{self.__class__.__name__}({", ".join(map(repr, self.maps))})'

    @classmethod
    def fromkeys(cls, iterable, *args):
        return cls(dict.fromkeys(iterable, *args))

    def copy(self):
        return self.__class__(self.maps[0].copy(), *self.maps[1:])

    __copy__ = copy

    def new_child(self, m=None, **kwargs):
        if m is None:
            m = kwargs
        elif kwargs:
            m.update(kwargs)
        return self.__class__(m, *self.maps)

    @property
    def parents(self):
        return self.__class__(*self.maps[1:])

    def __setitem__(self, key, value):
        self.maps[0][key] = value

    def __delitem__(self, key):
        try:
            del self.maps[0][key]
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def popitem(self):
        try:
            return self.maps[0].popitem()
        except KeyError:
            raise KeyError('No keys found in the first mapping.')

    def pop(self, key, *args):
        try:
            return self.maps[0].pop(key, *args)
        except KeyError:
            raise KeyError(f'Key not found in the first mapping: {key!r}')

    def clear(self):
        self.maps[0].clear()

    def update(self, other=(), /, **kwds):
        self.maps[0].update(other, **kwds)

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def __eq__(self, other):
        try:
            return dict(self.items()) == dict(other.items())
        except AttributeError:
            return NotImplemented

    def __or__(self, other):
        m = self.copy()
        m.maps[0].update(other)
        return m


class UserDict(dict):
    def __init__(self, dict=None, /, **kwargs):
        self.data = self
        if dict is not None:
            self.update(dict)
        if kwargs:
            self.update(kwargs)


class UserList(list):
    def __init__(self, initlist=None):
        self.data = self
        if initlist is not None:
            list.extend(self, initlist)


class UserString(str):
    pass
