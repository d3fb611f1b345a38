# The typing module, written in Python and run in the sandbox.
#
# Subscripted forms (List[int], Optional[str], Callable[[int], str], ...)
# are _GenericAlias objects whose repr, equality and hashing follow
# CPython's. Generic and Protocol are real classes whose subscription
# returns the class itself, because the VM has no __mro_entries__:
# class Box(Generic[T]) therefore derives from Generic directly.
# NamedTuple and TypedDict are classes that build their subclasses in
# __init_subclass__.
TYPE_CHECKING = False

_NoneType = type(None)


def _type_repr(obj):
    if isinstance(obj, type):
        if obj.__module__ == 'builtins':
            return obj.__qualname__
        return f'{obj.__module__}.{obj.__qualname__}'
    if obj is ...:
        return '...'
    if isinstance(obj, _Function):
        return repr(obj)
    return repr(obj)


def _type_check(arg):
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg)
    return arg


class ForwardRef:
    def __init__(self, arg):
        self.__forward_arg__ = arg

    def __repr__(self):
        return f'ForwardRef({self.__forward_arg__!r})'

    def __eq__(self, other):
        if isinstance(other, ForwardRef):
            return self.__forward_arg__ == other.__forward_arg__
        return NotImplemented

    def __hash__(self):
        return hash(('ForwardRef', self.__forward_arg__))


class _Function:
    pass


class _Final:
    pass


class _SpecialForm(_Final):
    def __init__(self, name, getitem=None):
        self._name = name
        self._getitem = getitem
        self._amber_classvar = name == 'ClassVar'

    def __repr__(self):
        return 'typing.' + self._name

    def __getitem__(self, params):
        if self._getitem is None:
            raise TypeError(f'{self} is not subscriptable')
        return self._getitem(self, params)

    def __call__(self, *args, **kwds):
        raise TypeError(f'Cannot instantiate {self!r}')

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __reduce__(self):
        return self._name


class _GenericAlias(_Final):
    def __init__(self, origin, args, name=None, special=False):
        self.__origin__ = origin
        if not isinstance(args, tuple):
            args = (args,)
        self.__args__ = args
        self._name = name
        self._special = special
        self._amber_classvar = name == 'ClassVar'
        params = []
        for a in args:
            if isinstance(a, TypeVar) and a not in params:
                params.append(a)
            elif isinstance(a, _GenericAlias):
                for p in a.__parameters__:
                    if p not in params:
                        params.append(p)
        self.__parameters__ = tuple(params)

    def __repr__(self):
        name = 'typing.' + self._name if self._name else _type_repr(self.__origin__)
        if self._special:
            return name
        if self._name == 'Callable' and len(self.__args__) == 2 and self.__args__[0] is not ...:
            params = self.__args__[0]
            if isinstance(params, tuple):
                inner = '[' + ', '.join([_type_repr(a) for a in params]) + ']'
                return f'{name}[{inner}, {_type_repr(self.__args__[1])}]'
        if self._name == 'Tuple' and self.__args__ == ((),):
            return name + '[()]'
        return name + '[' + ', '.join([_type_repr(a) for a in self.__args__]) + ']'

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        if self._name == 'Union' and other._name == 'Union':
            return set(self.__args__) == set(other.__args__)
        return (self.__origin__ == other.__origin__ and self.__args__ == other.__args__
                and self._special == other._special and self._name == other._name)

    def __hash__(self):
        if self._name == 'Union':
            return hash(frozenset(self.__args__))
        return hash((self._name, self.__origin__, self.__args__))

    def __getitem__(self, params):
        if self._name == 'Tuple' and params == ():
            params = ((),)
        if not isinstance(params, tuple):
            params = (params,)
        if self._special:
            return _subscript(self, params)
        subst = {}
        for i, p in enumerate(self.__parameters__):
            if i < len(params):
                subst[p] = params[i]
        return _GenericAlias(self.__origin__, tuple([_substitute(a, subst) for a in self.__args__]), self._name)

    def __call__(self, *args, **kwargs):
        origin = self.__origin__
        if not isinstance(origin, type):
            raise TypeError(f'Type {self._name} cannot be instantiated; use {_type_repr(origin)}() instead')
        return origin(*args, **kwargs)

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]

    def __getattr__(self, name):
        if name.startswith('__') and name.endswith('__'):
            raise AttributeError(name)
        return getattr(self.__origin__, name)

    def __instancecheck__(self, obj):
        if self._special and isinstance(self.__origin__, type):
            return isinstance(obj, self.__origin__)
        raise TypeError('Subscripted generics cannot be used with class and instance checks')


def _substitute(arg, subst):
    if isinstance(arg, TypeVar):
        return subst.get(arg, arg)
    if isinstance(arg, _GenericAlias) and arg.__parameters__:
        return arg[tuple([subst.get(p, p) for p in arg.__parameters__])]
    return arg


_arity = {}


def _subscript(alias, params):
    name = alias._name
    if name == 'Callable':
        if len(params) != 2:
            raise TypeError('Callable must be used as Callable[[arg, ...], result].')
        args, result = params
        if args is ...:
            return _GenericAlias(alias.__origin__, (..., _type_check(result)), name)
        if not isinstance(args, list):
            raise TypeError(f'Callable[args, result]: args must be a list. Got {_type_repr(args)}')
        return _GenericAlias(alias.__origin__, (tuple([_type_check(a) for a in args]), _type_check(result)), name)
    if name == 'Tuple':
        if params == ((),):
            return _GenericAlias(alias.__origin__, ((),), name)
        return _GenericAlias(alias.__origin__, tuple([a if a is ... else _type_check(a) for a in params]), name)
    n = _arity.get(name)
    if n is not None and len(params) != n:
        raise TypeError(f'Too {"many" if len(params) > n else "few"} arguments for {alias!r}; actual {len(params)}, expected {n}')
    return _GenericAlias(alias.__origin__, tuple([_type_check(a) for a in params]), name)


def _special(origin, name, nparams):
    _arity[name] = nparams
    return _GenericAlias(origin, (), name, special=True)


def _flatten_union(params):
    out = []
    for p in params:
        p = _type_check(p)
        if isinstance(p, _GenericAlias) and p._name == 'Union':
            items = p.__args__
        else:
            items = (p,)
        for it in items:
            if it not in out:
                out.append(it)
    return tuple(out)


class _UnionAlias(_GenericAlias):
    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[1] is _NoneType:
                return f'typing.Optional[{_type_repr(args[0])}]'
            if args[0] is _NoneType:
                return f'typing.Optional[{_type_repr(args[1])}]'
        return 'typing.Union[' + ', '.join([_type_repr(a) for a in args]) + ']'


def _union_getitem(form, params):
    if params == ():
        raise TypeError('Cannot take a Union of no types.')
    if not isinstance(params, tuple):
        params = (params,)
    args = _flatten_union(params)
    if len(args) == 1:
        return args[0]
    return _UnionAlias(Union, args, 'Union')


def _optional_getitem(form, param):
    return Union[param, None]


def _literal_getitem(form, params):
    if not isinstance(params, tuple):
        params = (params,)
    return _GenericAlias(Literal, params, 'Literal')


def _wrap_one(form, param):
    if isinstance(param, tuple):
        if len(param) != 1:
            raise TypeError(f'{form} accepts only single type.')
        param = param[0]
    return _GenericAlias(form, (_type_check(param),), form._name)


def _annotated_getitem(form, params):
    if not isinstance(params, tuple) or len(params) < 2:
        raise TypeError('Annotated[...] should be used with at least two arguments (a type and an annotation).')
    return _GenericAlias(form, (_type_check(params[0]),) + tuple(params[1:]), 'Annotated')


def _concat_getitem(form, params):
    if not isinstance(params, tuple):
        params = (params,)
    return _GenericAlias(form, params, form._name)


def _not_subscriptable(form, params):
    raise TypeError(f'{form} is not subscriptable')


Any = _SpecialForm('Any')
NoReturn = _SpecialForm('NoReturn')
Never = _SpecialForm('Never')
Self = _SpecialForm('Self')
LiteralString = _SpecialForm('LiteralString')
TypeAlias = _SpecialForm('TypeAlias')
Union = _SpecialForm('Union', _union_getitem)
Optional = _SpecialForm('Optional', _optional_getitem)
Literal = _SpecialForm('Literal', _literal_getitem)
ClassVar = _SpecialForm('ClassVar', _wrap_one)
Final = _SpecialForm('Final', _wrap_one)
TypeGuard = _SpecialForm('TypeGuard', _wrap_one)
Required = _SpecialForm('Required', _wrap_one)
NotRequired = _SpecialForm('NotRequired', _wrap_one)
Unpack = _SpecialForm('Unpack', _wrap_one)
Annotated = _SpecialForm('Annotated', _annotated_getitem)
Concatenate = _SpecialForm('Concatenate', _concat_getitem)


class _AbstractOrigin:
    def __init__(self, name):
        self.__name__ = name
        self.__qualname__ = name
        self.__module__ = 'collections.abc'

    def __repr__(self):
        return f"<class 'collections.abc.{self.__name__}'>"


def _abc(name):
    return _AbstractOrigin(name)


class _LazyOrigin:
    def __init__(self, module, name):
        self.__module__ = module
        self.__name__ = name
        self.__qualname__ = name

    def __call__(self, *args, **kwargs):
        mod = __import__(self.__module__)
        return getattr(mod, self.__name__)(*args, **kwargs)

    def __repr__(self):
        return f"<class '{self.__module__}.{self.__name__}'>"


List = _special(list, 'List', 1)
Dict = _special(dict, 'Dict', 2)
Set = _special(set, 'Set', 1)
FrozenSet = _special(frozenset, 'FrozenSet', 1)
Tuple = _special(tuple, 'Tuple', -1)
Type = _special(type, 'Type', 1)
Callable = _special(_abc('Callable'), 'Callable', -1)
DefaultDict = _special(_LazyOrigin('collections', 'defaultdict'), 'DefaultDict', 2)
OrderedDict = _special(_LazyOrigin('collections', 'OrderedDict'), 'OrderedDict', 2)
Counter = _special(_LazyOrigin('collections', 'Counter'), 'Counter', 1)
Deque = _special(_LazyOrigin('collections', 'deque'), 'Deque', 1)
ChainMap = _special(_LazyOrigin('collections', 'ChainMap'), 'ChainMap', 2)
Iterable = _special(_abc('Iterable'), 'Iterable', 1)
Iterator = _special(_abc('Iterator'), 'Iterator', 1)
Reversible = _special(_abc('Reversible'), 'Reversible', 1)
Generator = _special(_abc('Generator'), 'Generator', 3)
AsyncGenerator = _special(_abc('AsyncGenerator'), 'AsyncGenerator', 2)
AsyncIterable = _special(_abc('AsyncIterable'), 'AsyncIterable', 1)
AsyncIterator = _special(_abc('AsyncIterator'), 'AsyncIterator', 1)
Awaitable = _special(_abc('Awaitable'), 'Awaitable', 1)
Coroutine = _special(_abc('Coroutine'), 'Coroutine', 3)
Sequence = _special(_abc('Sequence'), 'Sequence', 1)
MutableSequence = _special(_abc('MutableSequence'), 'MutableSequence', 1)
Mapping = _special(_abc('Mapping'), 'Mapping', 2)
MutableMapping = _special(_abc('MutableMapping'), 'MutableMapping', 2)
AbstractSet = _special(_abc('Set'), 'AbstractSet', 1)
MutableSet = _special(_abc('MutableSet'), 'MutableSet', 1)
Collection = _special(_abc('Collection'), 'Collection', 1)
Container = _special(_abc('Container'), 'Container', 1)
Hashable = _special(_abc('Hashable'), 'Hashable', 0)
Sized = _special(_abc('Sized'), 'Sized', 0)
KeysView = _special(_abc('KeysView'), 'KeysView', 1)
ItemsView = _special(_abc('ItemsView'), 'ItemsView', 2)
ValuesView = _special(_abc('ValuesView'), 'ValuesView', 1)
ContextManager = _special(_LazyOrigin('contextlib', 'AbstractContextManager'), 'ContextManager', 1)
AsyncContextManager = _special(_LazyOrigin('contextlib', 'AbstractAsyncContextManager'), 'AsyncContextManager', 1)
Pattern = _special(_LazyOrigin('re', 'Pattern'), 'Pattern', 1)
Match = _special(_LazyOrigin('re', 'Match'), 'Match', 1)
Text = str


class TypeVar(_Final):
    def __init__(self, name, *constraints, bound=None, covariant=False, contravariant=False, infer_variance=False):
        self.__name__ = name
        if covariant and contravariant:
            raise ValueError('Bivariant types are not supported.')
        if len(constraints) == 1:
            raise TypeError('A single constraint is not allowed')
        self.__constraints__ = tuple([_type_check(c) for c in constraints])
        self.__bound__ = _type_check(bound) if bound is not None else None
        self.__covariant__ = covariant
        self.__contravariant__ = contravariant

    def __repr__(self):
        if self.__covariant__:
            prefix = '+'
        elif self.__contravariant__:
            prefix = '-'
        else:
            prefix = '~'
        return prefix + self.__name__

    def __or__(self, other):
        return Union[self, other]

    def __ror__(self, other):
        return Union[other, self]


class ParamSpec(_Final):
    def __init__(self, name, *, bound=None, covariant=False, contravariant=False):
        self.__name__ = name
        self.args = _ParamSpecPart(self, 'args')
        self.kwargs = _ParamSpecPart(self, 'kwargs')

    def __repr__(self):
        return '~' + self.__name__


class _ParamSpecPart:
    def __init__(self, origin, kind):
        self.__origin__ = origin
        self._kind = kind

    def __repr__(self):
        return f'{self.__origin__.__name__}.{self._kind}'


class TypeVarTuple(_Final):
    def __init__(self, name):
        self.__name__ = name

    def __repr__(self):
        return self.__name__


AnyStr = TypeVar('AnyStr', bytes, str)


class Generic:
    __slots__ = ()
    _is_protocol = False

    def __class_getitem__(cls, params):
        return cls


class Protocol(Generic):
    __slots__ = ()
    _is_protocol = True

    def __init_subclass__(cls, *args, **kwargs):
        if '_is_protocol' not in cls.__dict__:
            cls._is_protocol = Protocol in cls.__bases__


def runtime_checkable(cls):
    return cls


class _NamedTupleMeta:
    pass


def _make_nt_getter(i):
    return property(lambda self: self[i])


def _nt_setup(cls, names, types, defaults):
    cls._fields = tuple(names)
    cls.__annotations__ = dict(zip(names, types))
    cls._field_defaults = dict(defaults)
    cls.__match_args__ = tuple(names)
    for i, n in enumerate(names):
        setattr(cls, n, _make_nt_getter(i))


class NamedTuple(tuple):
    _fields = ()
    _field_defaults = {}

    def __init_subclass__(cls, *args, **kwargs):
        ann = cls.__dict__.get('__annotations__', {})
        names = list(ann)
        defaults = {}
        seen_default = False
        for n in names:
            if n in cls.__dict__:
                defaults[n] = cls.__dict__[n]
                seen_default = True
            elif seen_default:
                raise TypeError(f'Non-default namedtuple field {n} cannot follow default field{"s" if len(defaults) > 1 else ""} {", ".join(defaults)}')
            if n.startswith('_'):
                raise ValueError(f'Field names cannot start with an underscore: {n!r}')
        _nt_setup(cls, names, [ann[n] for n in names], defaults)

    def __new__(cls, *args, **kwargs):
        if cls is NamedTuple:
            typename = args[0]
            fields = args[1] if len(args) > 1 else list(kwargs.items())
            ns = {'__annotations__': dict(fields)}
            return type(typename, (NamedTuple,), ns)
        fields = cls._fields
        qual = cls.__name__ + '.__new__'
        if len(args) > len(fields):
            raise TypeError(f'{qual}() takes {len(fields) + 1} positional arguments but {len(args) + 1} were given')
        values = list(args)
        for n in fields[len(args):]:
            if n in kwargs:
                values.append(kwargs.pop(n))
            elif n in cls._field_defaults:
                values.append(cls._field_defaults[n])
            else:
                missing = [m for m in fields[len(values):] if m not in kwargs and m not in cls._field_defaults]
                word = 'argument' if len(missing) == 1 else 'arguments'
                names = ' and '.join([repr(m) for m in missing]) if len(missing) <= 2 else ', '.join([repr(m) for m in missing[:-1]]) + ', and ' + repr(missing[-1])
                raise TypeError(f'{qual}() missing {len(missing)} required positional {word}: {names}')
        for k in kwargs:
            if k in fields:
                raise TypeError(f'{qual}() got multiple values for argument {k!r}')
            raise TypeError(f'{qual}() got an unexpected keyword argument {k!r}')
        return tuple.__new__(cls, values)

    def __repr__(self):
        return self.__class__.__name__ + '(' + ', '.join([f'{n}={v!r}' for n, v in zip(self._fields, self)]) + ')'

    def _asdict(self):
        return dict(zip(self._fields, self))

    def _replace(self, **kwargs):
        values = [kwargs.pop(n, v) for n, v in zip(self._fields, self)]
        if kwargs:
            raise ValueError(f'Got unexpected field names: {list(kwargs)!r}')
        return tuple.__new__(type(self), values)

    @classmethod
    def _make(cls, iterable):
        values = list(iterable)
        if len(values) != len(cls._fields):
            raise TypeError(f'Expected {len(cls._fields)} arguments, got {len(values)}')
        return tuple.__new__(cls, values)

    def __getnewargs__(self):
        return tuple(self)


class TypedDict(dict):
    # As CPython's _TypedDictMeta: a class's keys are its bases' required
    # and optional keys, then its own annotations, each required or not by
    # Required[...] / NotRequired[...] (also inside Annotated[...]), else
    # by the class's total.
    def __init_subclass__(cls, *args, total=True, **kwargs):
        own = cls.__dict__.get('__annotations__', {})
        ann = {}
        required = set()
        optional = set()
        for base in cls.__bases__:
            ann.update(base.__dict__.get('__annotations__', {}))
            required.update(base.__dict__.get('__required_keys__', ()))
            optional.update(base.__dict__.get('__optional_keys__', ()))
        ann.update(own)
        for key, tp in own.items():
            origin = get_origin(tp)
            if origin is Annotated:
                inner = get_args(tp)
                if inner:
                    origin = get_origin(inner[0])
            if origin is Required:
                required.add(key)
            elif origin is NotRequired:
                optional.add(key)
            elif total:
                required.add(key)
            else:
                optional.add(key)
        cls.__annotations__ = ann
        cls.__total__ = total
        cls.__required_keys__ = frozenset(required)
        cls.__optional_keys__ = frozenset(optional)

    def __new__(cls, *args, total=True, **kwargs):
        if cls is TypedDict:
            typename = args[0]
            fields = args[1] if len(args) > 1 else kwargs
            return type(typename, (TypedDict,), {'__annotations__': dict(fields)}, total=total)
        return dict(*args, **kwargs)


def NewType(name, tp):
    return _NewType(name, tp)


class _NewType:
    def __init__(self, name, tp):
        self.__name__ = name
        self.__qualname__ = name
        self.__supertype__ = tp
        self.__module__ = '__main__'

    def __repr__(self):
        return f'{self.__module__}.{self.__qualname__}'

    def __call__(self, x):
        return x


def cast(typ, val):
    return val


def assert_type(val, typ):
    return val


def reveal_type(obj):
    return obj


def assert_never(arg):
    raise AssertionError('Expected code to be unreachable')


def overload(func):
    return func


def final(f):
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    return arg


def override(method):
    return method


def get_origin(tp):
    if isinstance(tp, _GenericAlias):
        if tp._name == 'Annotated':
            return Annotated
        if tp._name in ('Union', 'Literal', 'ClassVar', 'Final') or tp.__origin__ is Union:
            return tp.__origin__
        origin = tp.__origin__
        return origin
    if tp is Generic:
        return Generic
    origin = getattr(tp, '__origin__', None)
    return origin


def get_args(tp):
    if isinstance(tp, _GenericAlias):
        if tp._special:
            return ()
        args = tp.__args__
        if tp._name == 'Callable' and len(args) == 2 and isinstance(args[0], tuple):
            return (list(args[0]), args[1])
        return args
    args = getattr(tp, '__args__', None)
    if isinstance(args, tuple):
        return args
    return ()


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    if isinstance(obj, type):
        hints = {}
        for base in obj.__mro__[::-1]:
            ann = base.__dict__.get('__annotations__', {})
            for name, value in ann.items():
                hints[name] = _type_check(value) if value is not None else _NoneType
        return hints
    ann = getattr(obj, '__annotations__', None)
    if ann is None:
        return {}
    return {k: (_type_check(v) if v is not None else _NoneType) for k, v in ann.items()}


def dataclass_transform(**kwargs):
    return lambda f: f


class SupportsInt(Protocol):
    pass


class SupportsFloat(Protocol):
    pass


class SupportsIndex(Protocol):
    pass


class SupportsAbs(Protocol):
    pass


class SupportsRound(Protocol):
    pass


class IO(Generic):
    pass


class TextIO(IO):
    pass


class BinaryIO(IO):
    pass
