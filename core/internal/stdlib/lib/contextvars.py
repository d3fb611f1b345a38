# contextvars: context variables, their tokens, and contexts to run in.
#
# A Context maps ContextVars to values. The current context is the one
# whose run() is active, or the session's own. ContextVar.set changes the
# current context only; copy_context() copies it, so a later set in one
# is not seen in the other.

__all__ = ('Context', 'ContextVar', 'Token', 'copy_context')

_MISSING = object()


class _MissingType:
    __slots__ = ()

    def __repr__(self):
        return '<Token.MISSING>'


class Context:
    __slots__ = ('_data', '_entered', '__weakref__')

    def __init__(self):
        self._data = {}
        self._entered = False

    def run(self, callable, /, *args, **kwargs):
        if self._entered:
            raise RuntimeError('cannot enter context: %r is already entered' % (self,))
        self._entered = True
        _stack.append(self)
        try:
            return callable(*args, **kwargs)
        finally:
            _stack.pop()
            self._entered = False

    def copy(self):
        c = Context()
        c._data = dict(self._data)
        return c

    def __getitem__(self, var):
        if not isinstance(var, ContextVar):
            raise TypeError('a ContextVar key was expected, got %r' % (var,))
        return self._data[var]

    def __contains__(self, var):
        if not isinstance(var, ContextVar):
            raise TypeError('a ContextVar key was expected, got %r' % (var,))
        return var in self._data

    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return iter(self._data)

    def get(self, var, default=None):
        if not isinstance(var, ContextVar):
            raise TypeError('a ContextVar key was expected, got %r' % (var,))
        return self._data.get(var, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def __eq__(self, other):
        if not isinstance(other, Context):
            return NotImplemented
        return self._data == other._data

    __hash__ = None

    def __repr__(self):
        return '<Context object at 0x%x>' % id(self)


Context.__module__ = '_contextvars'

# The session's own context is the bottom of the stack.
_stack = [Context()]


def copy_context():
    return _stack[-1].copy()


class ContextVar:
    __slots__ = ('_name', '_default', '__weakref__')

    def __init__(self, name, *, default=_MISSING):
        if not isinstance(name, str):
            raise TypeError('context variable name must be a str')
        self._name = name
        self._default = default

    @property
    def name(self):
        return self._name

    def get(self, *args):
        if len(args) > 1:
            raise TypeError('get expected at most 1 argument, got %d' % len(args))
        data = _stack[-1]._data
        if self in data:
            return data[self]
        if args:
            return args[0]
        if self._default is not _MISSING:
            return self._default
        raise LookupError(self)

    def set(self, value):
        ctx = _stack[-1]
        old = ctx._data.get(self, Token.MISSING)
        ctx._data[self] = value
        return Token(_private, ctx, self, old)

    def reset(self, token):
        if not isinstance(token, Token):
            raise TypeError('expected an instance of Token, got %r' % (token,))
        if token._used:
            raise RuntimeError('%r has already been used once' % (token,))
        if token._var is not self:
            raise ValueError('%r was created by a different ContextVar' % (token,))
        ctx = _stack[-1]
        if token._ctx is not ctx:
            raise ValueError('%r was created in a different Context' % (token,))
        token._used = True
        if token._old is Token.MISSING:
            ctx._data.pop(self, None)
        else:
            ctx._data[self] = token._old

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)

    def __hash__(self):
        return object.__hash__(self)

    def __repr__(self):
        r = '<ContextVar name=%r' % (self._name,)
        if self._default is not _MISSING:
            r += ' default=%r' % (self._default,)
        return r + ' at 0x%x>' % id(self)


ContextVar.__module__ = '_contextvars'

_private = object()


class Token:
    __slots__ = ('_ctx', '_var', '_old', '_used')

    MISSING = _MissingType()

    def __init__(self, *args):
        if len(args) != 4 or args[0] is not _private:
            raise RuntimeError('Tokens can only be created by ContextVars')
        self._ctx, self._var, self._old = args[1:]
        self._used = False

    @property
    def var(self):
        return self._var

    @property
    def old_value(self):
        return self._old

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)

    def __repr__(self):
        used = ' used' if self._used else ''
        return '<Token%s var=%r at 0x%x>' % (used, self._var, id(self))


Token.__module__ = '_contextvars'
