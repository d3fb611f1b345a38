# The dataclasses module, written in Python and run in the sandbox.
#
# CPython generates __init__, __repr__ and friends as source text and runs
# exec on it. Amber has no exec, so the generated methods here are
# closures over the field list that bind their arguments themselves and
# raise CPython's messages.
__all__ = ['dataclass', 'field', 'Field', 'FrozenInstanceError', 'InitVar', 'KW_ONLY',
           'MISSING', 'fields', 'asdict', 'astuple', 'make_dataclass', 'replace', 'is_dataclass']


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    def __repr__(self):
        return '<dataclasses._MISSING_TYPE object>'


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    def __repr__(self):
        return '<dataclasses._KW_ONLY_TYPE object>'


KW_ONLY = _KW_ONLY_TYPE()


class _FieldKind:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FieldKind('_FIELD')
_FIELD_CLASSVAR = _FieldKind('_FIELD_CLASSVAR')
_FIELD_INITVAR = _FieldKind('_FIELD_INITVAR')


class InitVar:
    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            name = self.type.__name__
        else:
            name = repr(self.type)
        return f'dataclasses.InitVar[{name}]'

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ('Field(' + f'name={self.name!r},' + f'type={self.type!r},' +
                f'default={self.default!r},' + f'default_factory={self.default_factory!r},' +
                f'init={self.init!r},' + f'repr={self.repr!r},' + f'hash={self.hash!r},' +
                f'compare={self.compare!r},' + f'metadata={self.metadata!r},' +
                f'kw_only={self.kw_only!r},' + f'_field_type={self._field_type})')

    def __set_name__(self, owner, name):
        pass


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True,
          hash=None, compare=True, metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError('cannot specify both default and default_factory')
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _is_classvar(tp):
    if isinstance(tp, str):
        return tp.startswith('ClassVar') or tp.startswith('typing.ClassVar')
    r = getattr(tp, '_amber_classvar', False)
    return r is True


def _is_initvar(tp):
    if isinstance(tp, str):
        return tp.startswith('InitVar') or tp.startswith('dataclasses.InitVar')
    return tp is InitVar or isinstance(tp, InitVar)


def _is_kw_only(tp):
    return tp is KW_ONLY or (isinstance(tp, str) and tp in ('KW_ONLY', 'dataclasses.KW_ONLY'))


def _get_field(cls, name, tp, default_kw_only):
    default = cls.__dict__.get(name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = name
    f.type = tp
    f._field_type = _FIELD
    if _is_classvar(tp):
        f._field_type = _FIELD_CLASSVAR
    elif _is_initvar(tp):
        f._field_type = _FIELD_INITVAR
    if f._field_type is not _FIELD:
        if f.default_factory is not MISSING:
            raise TypeError(f'field {name} cannot have a default factory')
    if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR:
        if f.kw_only is MISSING:
            f.kw_only = default_kw_only
    else:
        f.kw_only = False
    if f._field_type is _FIELD and type(f.default) in (list, dict, set):
        raise ValueError(f'mutable default {type(f.default)} for field {name} is not allowed: use default_factory')
    return f


def _fields_in_init_order(fields):
    std = [f for f in fields if f.init and not f.kw_only]
    kw = [f for f in fields if f.init and f.kw_only]
    return std, kw


def _plural(n, word):
    return f'{n} {word}' if n == 1 else f'{n} {word}s'


def _names_list(names):
    quoted = [repr(n) for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + ' and ' + quoted[1]
    return ', '.join(quoted[:-1]) + ', and ' + quoted[-1]


def _make_init(cls, all_fields, frozen, has_post_init):
    std, kw = _fields_in_init_order(all_fields)
    seen_default = None
    for f in std:
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = f
        elif seen_default is not None:
            raise TypeError(f'non-default argument {f.name!r} follows default argument')
    initvars = [f for f in all_fields if f._field_type is _FIELD_INITVAR]
    qual = cls.__qualname__ + '.__init__'
    nstd = len(std)
    nreq = 0
    for f in std:
        if f.default is MISSING and f.default_factory is MISSING:
            nreq += 1
    std_names = [f.name for f in std]
    init_names = std_names + [f.name for f in kw]

    def __init__(self, *args, **kwargs):
        if len(args) > nstd:
            if nreq == nstd:
                raise TypeError(f'{qual}() takes {nstd + 1} positional argument{"" if nstd == 0 else "s"} but {len(args) + 1} were given')
            raise TypeError(f'{qual}() takes from {nreq + 1} to {nstd + 1} positional arguments but {len(args) + 1} were given')
        values = {}
        for i in range(len(args)):
            values[std_names[i]] = args[i]
        for k in kwargs:
            if k not in init_names:
                raise TypeError(f'{qual}() got an unexpected keyword argument {k!r}')
            if k in values:
                raise TypeError(f'{qual}() got multiple values for argument {k!r}')
            values[k] = kwargs[k]
        missing = [f.name for f in std if f.name not in values and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise TypeError(f'{qual}() missing {len(missing)} required positional argument{"" if len(missing) == 1 else "s"}: {_names_list(missing)}')
        missing = [f.name for f in kw if f.name not in values and f.default is MISSING and f.default_factory is MISSING]
        if missing:
            raise TypeError(f'{qual}() missing {len(missing)} required keyword-only argument{"" if len(missing) == 1 else "s"}: {_names_list(missing)}')
        for f in all_fields:
            if f._field_type is not _FIELD:
                continue
            if f.init and f.name in values:
                v = values[f.name]
            elif f.default_factory is not MISSING:
                v = f.default_factory()
            elif f.init and f.default is not MISSING:
                v = f.default
            else:
                continue
            if frozen:
                object.__setattr__(self, f.name, v)
            else:
                setattr(self, f.name, v)
        if has_post_init:
            args2 = []
            for f in initvars:
                if f.name in values:
                    args2.append(values[f.name])
                else:
                    args2.append(f.default)
            self.__post_init__(*args2)

    __init__.__qualname__ = qual
    return __init__


def _make_repr(cls, rfields):
    active = set()

    def __repr__(self):
        key = id(self)
        if key in active:
            return '...'
        active.add(key)
        try:
            parts = [f'{f.name}={getattr(self, f.name)!r}' for f in rfields]
        finally:
            active.discard(key)
        return self.__class__.__qualname__ + '(' + ', '.join(parts) + ')'

    __repr__.__qualname__ = cls.__qualname__ + '.__repr__'
    return __repr__


def _tuple_of(self, cfields):
    return tuple([getattr(self, f.name) for f in cfields])


def _make_eq(cls, cfields):
    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, cfields) == _tuple_of(other, cfields)
        return NotImplemented
    __eq__.__qualname__ = cls.__qualname__ + '.__eq__'
    return __eq__


def _make_order(cls, cfields):
    def __lt__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, cfields) < _tuple_of(other, cfields)
        return NotImplemented

    def __le__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, cfields) <= _tuple_of(other, cfields)
        return NotImplemented

    def __gt__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, cfields) > _tuple_of(other, cfields)
        return NotImplemented

    def __ge__(self, other):
        if other.__class__ is self.__class__:
            return _tuple_of(self, cfields) >= _tuple_of(other, cfields)
        return NotImplemented
    return [('__lt__', __lt__), ('__le__', __le__), ('__gt__', __gt__), ('__ge__', __ge__)]


def _make_hash(cls, hfields):
    def __hash__(self):
        return hash(_tuple_of(self, hfields))
    __hash__.__qualname__ = cls.__qualname__ + '.__hash__'
    return __hash__


def _make_frozen(cls, names):
    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f'cannot assign to field {name!r}')
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f'cannot delete field {name!r}')
        super(cls, self).__delattr__(name)
    return __setattr__, __delattr__


def _set_new_attribute(cls, name, value):
    if name in cls.__dict__:
        return True
    setattr(cls, name, value)
    return False


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots):
    all_fields = {}
    any_frozen_base = False
    has_dataclass_bases = False
    for b in cls.__mro__[-1:0:-1]:
        base_fields = b.__dict__.get('__dataclass_fields__')
        if base_fields is not None:
            has_dataclass_bases = True
            for f in base_fields.values():
                all_fields[f.name] = f
            if b.__dict__['__dataclass_params__'].frozen:
                any_frozen_base = True

    ann = cls.__dict__.get('__annotations__', {})
    own = []
    kw_default = kw_only
    for name, tp in ann.items():
        if _is_kw_only(tp):
            kw_default = True
            continue
        own.append(_get_field(cls, name, tp, kw_default))
    for f in own:
        all_fields[f.name] = f
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in list(cls.__dict__.items()):
        if isinstance(value, Field) and name not in ann:
            raise TypeError(f'{name!r} is a field but has no type annotation')

    if has_dataclass_bases:
        if any_frozen_base and not frozen:
            raise TypeError('cannot inherit non-frozen dataclass from a frozen one')
        if not any_frozen_base and frozen:
            raise TypeError('cannot inherit frozen dataclass from a non-frozen one')

    cls.__dataclass_fields__ = all_fields
    cls.__dataclass_params__ = _DataclassParams(init, repr, eq, order, unsafe_hash, frozen)

    field_list = [f for f in all_fields.values() if f._field_type is _FIELD]
    init_list = [f for f in all_fields.values() if f._field_type is _FIELD or f._field_type is _FIELD_INITVAR]

    class_hash = cls.__dict__.get('__hash__', MISSING)
    has_explicit_hash = not (class_hash is MISSING or (class_hash is None and '__eq__' in cls.__dict__))

    if init:
        has_post_init = hasattr(cls, '__post_init__')
        setattr(cls, '__init__', _make_init(cls, init_list, frozen, has_post_init))
    if repr:
        _set_new_attribute(cls, '__repr__', _make_repr(cls, [f for f in field_list if f.repr]))
    cmp_fields = [f for f in field_list if f.compare]
    if eq:
        _set_new_attribute(cls, '__eq__', _make_eq(cls, cmp_fields))
    if order:
        if not eq:
            raise ValueError('eq must be true if order is true')
        for name, fn in _make_order(cls, cmp_fields):
            fn.__qualname__ = cls.__qualname__ + '.' + name
            if _set_new_attribute(cls, name, fn):
                raise TypeError(f'Cannot overwrite attribute {name} in class {cls.__name__}. Consider using functools.total_ordering')
    if frozen:
        setter, deleter = _make_frozen(cls, [f.name for f in field_list])
        if _set_new_attribute(cls, '__setattr__', setter):
            raise TypeError(f'Cannot overwrite attribute __setattr__ in class {cls.__name__}')
        if _set_new_attribute(cls, '__delattr__', deleter):
            raise TypeError(f'Cannot overwrite attribute __delattr__ in class {cls.__name__}')

    hash_fields = [f for f in field_list if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash:
        if has_explicit_hash:
            raise TypeError(f'Cannot overwrite attribute __hash__ in class {cls.__name__}')
        cls.__hash__ = _make_hash(cls, hash_fields)
    elif not has_explicit_hash:
        if eq and frozen:
            cls.__hash__ = _make_hash(cls, hash_fields)
        elif eq:
            cls.__hash__ = None

    if match_args:
        _set_new_attribute(cls, '__match_args__', tuple([f.name for f in init_list if f.init and not f.kw_only]))
    if '__doc__' not in cls.__dict__ or cls.__dict__['__doc__'] is None:
        try:
            cls.__doc__ = cls.__name__ + _doc_signature([f for f in init_list if f.init])
        except Exception:
            pass
    if slots:
        cls = _add_slots(cls)
    return cls


def _format_annotation(a):
    if isinstance(a, type):
        if a.__module__ == 'builtins':
            return a.__qualname__
        return a.__module__ + '.' + a.__qualname__
    if getattr(a, '__module__', None) == 'typing':
        return repr(a).replace('typing.', '')
    return repr(a)


def _doc_signature(fields):
    # str(inspect.signature(cls)) without the return annotation.
    parts = []
    star = False
    for f in fields:
        if f.kw_only and not star:
            parts.append('*')
            star = True
        p = f.name
        if f.type is not MISSING:
            p += ': ' + _format_annotation(f.type)
        if f.default is not MISSING:
            p += (' = ' if f.type is not MISSING else '=') + repr(f.default)
        elif f.default_factory is not MISSING:
            p += (' = ' if f.type is not MISSING else '=') + '<factory>'
        parts.append(p)
    return '(' + ', '.join(parts) + ')'


def _add_slots(cls):
    if '__slots__' in cls.__dict__:
        raise TypeError(f'{cls.__name__} already specifies __slots__')
    names = tuple([f.name for f in cls.__dataclass_fields__.values() if f._field_type is _FIELD])
    ns = dict(cls.__dict__)
    for n in names:
        ns.pop(n, None)
    ns.pop('__dict__', None)
    ns.pop('__weakref__', None)
    ns['__slots__'] = names
    qualname = getattr(cls, '__qualname__', None)
    new = type(cls)(cls.__name__, cls.__bases__, ns)
    if qualname is not None:
        new.__qualname__ = qualname
    return new


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return (f'_DataclassParams(init={self.init!r},repr={self.repr!r},eq={self.eq!r},'
                f'order={self.order!r},unsafe_hash={self.unsafe_hash!r},frozen={self.frozen!r})')


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False,
              unsafe_hash=False, frozen=False, match_args=True,
              kw_only=False, slots=False, weakref_slot=False):
    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only, slots)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    try:
        fs = class_or_instance.__dataclass_fields__
    except AttributeError:
        raise TypeError('must be called with a dataclass type or instance') from None
    return tuple([f for f in fs.values() if f._field_type is _FIELD])


def _is_dataclass_instance(obj):
    return hasattr(type(obj), '__dataclass_fields__')


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, '__dataclass_fields__')


def _deepcopy(obj):
    try:
        import copy
    except ImportError:
        return obj
    return copy.deepcopy(obj)


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError('asdict() should be called on dataclass instances')
    return _convert(obj, dict_factory, True)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError('astuple() should be called on dataclass instances')
    return _convert(obj, tuple_factory, False)


def _convert(obj, factory, named):
    # asdict() (named: a dataclass instance becomes factory of (name, value)
    # pairs) and astuple() (factory of the values), recursively; containers
    # are rebuilt and anything else is deep-copied.
    if _is_dataclass_instance(obj):
        if named:
            return factory([(f.name, _convert(getattr(obj, f.name), factory, True)) for f in fields(obj)])
        return factory([_convert(getattr(obj, f.name), factory, False) for f in fields(obj)])
    if isinstance(obj, tuple) and hasattr(obj, '_fields'):
        return type(obj)(*[_convert(v, factory, named) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)([_convert(v, factory, named) for v in obj])
    if isinstance(obj, dict):
        return type(obj)([(_convert(k, factory, named), _convert(v, factory, named)) for k, v in obj.items()])
    if isinstance(obj, (int, float, str, bool, bytes, type(None), complex)):
        return obj
    return _deepcopy(obj)


def replace(obj, /, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError('replace() should be called on dataclass instances')
    for f in obj.__dataclass_fields__.values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError(f'field {f.name} is declared with init=False, it cannot be specified with replace()')
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError(f"InitVar {f.name!r} must be specified with replace()")
            if f._field_type is _FIELD:
                changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True,
                   eq=True, order=False, unsafe_hash=False, frozen=False, match_args=True,
                   kw_only=False, slots=False):
    ns = dict(namespace or {})
    ann = {}
    for item in fields:
        if isinstance(item, str):
            name, tp = item, 'typing.Any'
        elif len(item) == 2:
            name, tp = item
        else:
            name, tp, spec = item
            ns[name] = spec
        ann[name] = tp
    ns['__annotations__'] = ann
    cls = type(cls_name, bases, ns)
    return dataclass(cls, init=init, repr=repr, eq=eq, order=order, unsafe_hash=unsafe_hash,
                     frozen=frozen, match_args=match_args, kw_only=kw_only, slots=slots)
