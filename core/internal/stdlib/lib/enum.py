# The enum module, written in Python and run in the sandbox.
#
# CPython builds members in EnumType.__new__ and answers iter(Color),
# len(Color), Color(1) and `x in Color` through the metaclass. Amber's
# __build_class__ creates a class with a user metaclass without calling
# the metaclass's __new__, so members are built in Enum.__init_subclass__
# instead, and Color(1) is answered by Enum.__new__. The metaclass,
# EnumType, still carries __iter__, __len__, __contains__, __getitem__,
# __repr__ and __bool__, so those work as soon as the VM looks special
# methods of a class up on its metaclass; until then use Color.__members__
# or Color._member_names_ for iteration. Color['RED'] works today through
# __class_getitem__.
__all__ = ['EnumType', 'EnumMeta', 'Enum', 'IntEnum', 'StrEnum', 'Flag', 'IntFlag', 'ReprEnum',
           'auto', 'unique', 'property', 'verify', 'member', 'nonmember', 'FlagBoundary',
           'STRICT', 'CONFORM', 'EJECT', 'KEEP', 'global_enum', 'EnumCheck', 'CONTINUOUS',
           'NAMED_FLAGS', 'UNIQUE']

_builtin_property = property


class auto:
    _counter = 0

    def __init__(self, value=None):
        self.value = value
        auto._counter += 1
        self._order = auto._counter

    def __repr__(self):
        return 'auto(%r)' % (self.value,)


class nonmember:
    def __init__(self, value):
        self.value = value


class member:
    def __init__(self, value):
        self.value = value


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == '__' and name[2] != '_' and name[-3] != '_'


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == '_' and name[1:2] != '_' and name[-2:-1] != '_'


def _is_private(cls_name, name):
    pattern = '_%s__' % (cls_name.lstrip('_'),)
    return len(name) > len(pattern) and name.startswith(pattern) and not name.endswith('__')


def _is_descriptor(obj):
    return (isinstance(obj, (classmethod, staticmethod, _builtin_property)) or callable(obj)
            or hasattr(obj, '__get__') or hasattr(obj, '__set__') or hasattr(obj, '__delete__'))


def _raw_lookup(cls, name):
    for klass in cls.__mro__:
        if name in klass.__dict__:
            v = klass.__dict__[name]
            if isinstance(v, (staticmethod, classmethod)):
                v = v.__func__
            return v, klass
    return None, None


def _high_bit(value):
    return value.bit_length() - 1


class EnumType(type):
    """Metaclass of Enum; see the module comment."""

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __contains__(cls, value):
        if isinstance(value, cls):
            return True
        return value in cls._value2member_map_ or any(m._value_ == value for m in cls._member_map_.values())

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __bool__(cls):
        return True

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % cls.__name__
        return "<enum %r>" % cls.__name__



EnumMeta = EnumType
Flag = None


class Enum(metaclass=EnumType):
    _member_names_ = []
    _member_map_ = {}
    _value2member_map_ = {}

    def __init_subclass__(cls, *_vm_args, boundary=None, **kwds):
        # _vm_args: see the note to the lead; the VM passes (name, bases, ns)
        # here when the class has a user metaclass.
        _build_members(cls, boundary)

    def __class_getitem__(cls, name):
        try:
            return cls._member_map_[name]
        except KeyError:
            raise KeyError(name) from None

    def __new__(cls, value):
        m = _known_member(cls, value)
        if m is not None:
            return m
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is not None:
            raise TypeError('error in %s._missing_: returned %r instead of None or a valid member' % (cls.__name__, result))
        if not cls._member_names_ and cls._member_map_ == {}:
            raise TypeError(f'{cls.__name__}() takes no arguments') if False else ValueError(f'{value!r} is not a valid {cls.__qualname__}')
        raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')

    def __init__(self, *args, **kwds):
        pass

    @classmethod
    def _missing_(cls, value):
        return None

    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        try:
            last = sorted(last_values)[-1] if all(isinstance(v, int) for v in last_values) else last_values[-1]
            return last + 1
        except TypeError:
            raise TypeError('unable to sort non-numeric values') from None

    def __repr__(self):
        v_repr = type(self)._value_repr_ or repr
        return '<%s.%s: %s>' % (self.__class__.__name__, self._name_, v_repr(self._value_))

    _value_repr_ = None

    def __str__(self):
        return '%s.%s' % (self.__class__.__name__, self._name_)

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __dir__(self):
        return ['__class__', '__doc__', '__eq__', '__hash__', '__module__', 'name', 'value']

    @_builtin_property
    def name(self):
        return self._name_

    @_builtin_property
    def value(self):
        return self._value_


def _known_member(cls, value):
    """The member of cls that value is or is the value of, or None; Enum's
    caller goes on to compare unhashable values one by one."""
    if type(value) is cls:
        return value
    try:
        return cls._value2member_map_[value]
    except (KeyError, TypeError):
        return None


def _member_type(cls):
    for base in cls.__mro__:
        if base in (int, str, float, bytes):
            return base
    return object


def _build_members(cls, boundary):
    cls._member_names_ = []
    cls._member_map_ = {}
    cls._value2member_map_ = {}
    cls._boundary_ = boundary
    ns = cls.__dict__
    ignore = ns.get('_ignore_', [])
    if isinstance(ignore, str):
        ignore = ignore.replace(',', ' ').split()
    for base in cls.__mro__[1:]:
        if base.__dict__.get('_member_names_'):
            raise TypeError(f'{cls.__name__} cannot extend {base!r}')
    mtype = _member_type(cls)
    if mtype is not object:
        # A data-type mixin (class S(str, Enum)) must not lend the enum its
        # str/repr/format: the enum's own methods win, as in CPython.
        first_enum = None
        for base in cls.__mro__[1:]:
            if issubclass(base, Enum):
                first_enum = base
                break
        for meth in ('__repr__', '__str__', '__format__'):
            if meth in ns or first_enum is None:
                continue
            found = getattr(cls, meth)
            if found == getattr(mtype, meth) or found == getattr(object, meth):
                setattr(cls, meth, getattr(first_enum, meth))
    gen, _ = _raw_lookup(cls, '_generate_next_value_')
    custom_new = None
    for klass in cls.__mro__:
        if klass is Enum or klass in _ENUM_BASES:
            break
        if '__new__' in klass.__dict__:
            custom_new = klass.__dict__['__new__']
            if isinstance(custom_new, staticmethod):
                custom_new = custom_new.__func__
            break
    custom_init = None
    for klass in cls.__mro__:
        if klass is Enum:
            break
        if '__init__' in klass.__dict__:
            custom_init = klass.__dict__['__init__']
            break
    last_values = []
    is_flag = Flag is not None and issubclass(cls, Flag)
    for name, value in list(ns.items()):
        if _is_dunder(name) or _is_sunder(name) or _is_private(cls.__name__, name) or name in ignore:
            continue
        if isinstance(value, nonmember):
            setattr(cls, name, value.value)
            continue
        if isinstance(value, member):
            value = value.value
        elif not isinstance(value, auto) and _is_descriptor(value):
            continue
        if isinstance(value, auto):
            if value.value is None or value.value is _auto_null:
                if is_flag:
                    v = _flag_next_value(name, 1, len(cls._member_names_), last_values[:])
                    if gen is not None and gen is not Enum.__dict__['_generate_next_value_'] and gen is not _FLAG_GEN:
                        v = gen(name, 1, len(cls._member_names_), last_values[:])
                else:
                    v = gen(name, 1, len(cls._member_names_), last_values[:])
                value = v
            else:
                value = value.value
        elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
            value = tuple(gen(name, 1, len(cls._member_names_), last_values[:]) if isinstance(v, auto) else v for v in value)
        args = value if isinstance(value, tuple) else (value,)
        if custom_new is not None:
            m = custom_new(cls, *args)
            if not hasattr(m, '_value_'):
                m._value_ = value if mtype is object else mtype(*args)
        elif mtype is object:
            m = object.__new__(cls)
            m._value_ = value
        else:
            m = mtype.__new__(cls, *args)
            m._value_ = mtype(*args)
        real_value = m._value_
        alias = None
        for other in cls._member_map_.values():
            if other._value_ == real_value:
                alias = other
                break
        if alias is not None and not is_flag:
            cls._member_map_[name] = alias
            setattr(cls, name, alias)
            last_values.append(value)
            continue
        m._name_ = name
        m.__objclass__ = cls
        m._sort_order_ = len(cls._member_names_)
        if custom_init is not None:
            custom_init(m, *args)
        if alias is not None:
            cls._member_map_[name] = alias
            setattr(cls, name, alias)
            continue
        cls._member_names_.append(name)
        cls._member_map_[name] = m
        try:
            cls._value2member_map_[real_value] = m
        except TypeError:
            pass
        setattr(cls, name, m)
        last_values.append(value)
    cls.__members__ = dict(cls._member_map_)
    if is_flag:
        all_bits = 0
        for m in cls._member_map_.values():
            all_bits |= m._value_
        cls._flag_mask_ = all_bits
        cls._all_bits_ = 2 ** all_bits.bit_length() - 1 if all_bits else 0
        cls._singles_mask_ = all_bits


_auto_null = object()
_ENUM_BASES = []


def unique(enumeration):
    duplicates = []
    for name, m in enumeration._member_map_.items():
        if name != m._name_:
            duplicates.append((name, m._name_))
    if duplicates:
        alias_details = ', '.join(['%s -> %s' % (alias, name) for (alias, name) in duplicates])
        raise ValueError('duplicate values found in <enum %r>: %s' % (enumeration.__name__, alias_details))
    return enumeration


class ReprEnum(Enum):
    pass


_ENUM_BASES.append(ReprEnum)


class IntEnum(int, ReprEnum):
    # As in CPython, str() and format() are int's own: str(Pri.LOW) is '1'.
    __str__ = int.__repr__
    __format__ = int.__format__


_ENUM_BASES.append(IntEnum)


class StrEnum(str, ReprEnum):
    __str__ = str.__str__
    __format__ = str.__format__

    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


_ENUM_BASES.append(StrEnum)


class FlagBoundary:
    pass


STRICT = 'strict'
CONFORM = 'conform'
EJECT = 'eject'
KEEP = 'keep'


def _flag_next_value(name, start, count, last_values):
    if not count:
        return start if start is not None else 1
    last = max([v for v in last_values if isinstance(v, int)] or [0])
    try:
        high_bit = _high_bit(last)
    except Exception:
        raise TypeError('invalid flag value %r' % last) from None
    return 2 ** (high_bit + 1)


def _flag_operand(flag, other):
    """The int value other stands for in a binary operation with flag, or None."""
    if isinstance(other, flag.__class__):
        return other._value_
    if issubclass(flag.__class__, int) and isinstance(other, int):
        return other
    return None


class Flag(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return _flag_next_value(name, start, count, last_values)

    def __new__(cls, value):
        m = _known_member(cls, value)
        if m is not None:
            return m
        if not isinstance(value, int):
            raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')

    @classmethod
    def _missing_(cls, value):
        if value < 0:
            value = cls._all_bits_ + 1 + value
        if value & ~cls._flag_mask_:
            if cls._boundary_ in (None, STRICT, 'keep', KEEP) and not issubclass(cls, int):
                raise ValueError(f'{value!r} is not a valid {cls.__qualname__}')
        if issubclass(cls, int):
            pseudo = int.__new__(cls, value)
        else:
            pseudo = object.__new__(cls)
        pseudo._value_ = value
        names = [m._name_ for m in cls._iter_members(value)]
        if value & ~cls._flag_mask_:
            names.append(str(value & ~cls._flag_mask_))
        pseudo._name_ = '|'.join(names) if names else None
        if value and value & ~cls._flag_mask_ and issubclass(cls, int):
            pass
        try:
            cls._value2member_map_[value] = pseudo
        except TypeError:
            pass
        return pseudo

    @classmethod
    def _iter_members(cls, value):
        for name in cls._member_names_:
            m = cls._member_map_[name]
            v = m._value_
            if v and v & (v - 1) == 0 and value & v == v:
                yield m

    def __iter__(self):
        return iter(list(type(self)._iter_members(self._value_)))

    def __len__(self):
        return bin(self._value_).count('1')

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r" % (type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __bool__(self):
        return bool(self._value_)

    def __repr__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return '<%s: %r>' % (cls_name, self._value_)
        return '<%s.%s: %r>' % (cls_name, self._name_, self._value_)

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return '%s(%r)' % (cls_name, self._value_)
        return '%s.%s' % (cls_name, self._name_)

    def __or__(self, other):
        other = _flag_operand(self, other)
        return NotImplemented if other is None else self.__class__(self._value_ | other)

    def __and__(self, other):
        other = _flag_operand(self, other)
        return NotImplemented if other is None else self.__class__(self._value_ & other)

    def __xor__(self, other):
        other = _flag_operand(self, other)
        return NotImplemented if other is None else self.__class__(self._value_ ^ other)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __invert__(self):
        return self.__class__(self._flag_mask_ & ~self._value_)

    def __eq__(self, other):
        if isinstance(other, Flag):
            return type(self) is type(other) and self._value_ == other._value_
        return NotImplemented

    def __hash__(self):
        return hash(self._value_)


_ENUM_BASES.append(Flag)
_FLAG_GEN = Flag.__dict__['_generate_next_value_']


class IntFlag(int, Flag):
    # int comes first in the MRO, so Flag's methods are named again to win.
    __new__ = Flag.__new__
    __repr__ = Flag.__repr__
    __or__ = Flag.__or__
    __and__ = Flag.__and__
    __xor__ = Flag.__xor__
    __ror__ = Flag.__or__
    __rand__ = Flag.__and__
    __rxor__ = Flag.__xor__
    __invert__ = Flag.__invert__
    __iter__ = Flag.__iter__
    __len__ = Flag.__len__
    __contains__ = Flag.__contains__
    __bool__ = Flag.__bool__
    __str__ = int.__repr__
    __format__ = int.__format__


_ENUM_BASES.append(IntFlag)


def global_enum(cls):
    return cls


def verify(*checks):
    return lambda cls: cls


class EnumCheck:
    pass


CONTINUOUS = 'no skipped integer values'
NAMED_FLAGS = 'multi-flag aliases may not contain unnamed flags'
UNIQUE = 'one name per value'
property = _builtin_property
