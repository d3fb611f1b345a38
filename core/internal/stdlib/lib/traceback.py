
import sys as _sys
import _amber_extra

def _text(exc, chain=True, limit=None):
    return _amber_extra.format_exception(exc, None, None, chain, False, _limit(limit))

def _limit(limit):
    # CPython's: limit=None means sys.tracebacklimit, where a negative
    # value counts as 0.
    if limit is None:
        limit = getattr(_sys, 'tracebacklimit', None)
        if limit is not None and limit < 0:
            limit = 0
    return limit

def _lines(text):
    return text.splitlines(True)

def _pick(exc, value, tb):
    if value is not None and not isinstance(exc, BaseException):
        return value
    return exc

def format_exception(exc, /, value=None, tb=None, limit=None, chain=True):
    exc = _pick(exc, value, tb)
    if exc is None:
        return ['NoneType: None\n']
    return _lines(_text(exc, chain, limit))

def format_exception_only(exc, /, value=None):
    exc = _pick(exc, value, None)
    if exc is None:
        return ['NoneType: None\n']
    name = type(exc).__name__
    mod = type(exc).__module__
    if mod not in ('builtins', '__main__', None):
        name = mod + '.' + name
    msg = _some_str(exc)
    out = [name + (': ' + msg if msg else '') + '\n']
    notes = getattr(exc, '__notes__', None)
    if isinstance(notes, (list, tuple)):
        for note in notes:
            out.append(_some_str(note) + '\n')
    return out

def _some_str(value):
    try:
        return str(value)
    except:
        return '<exception str() failed>'


def format_exc(limit=None, chain=True):
    return ''.join(format_exception(_sys.exc_info()[1], limit=limit, chain=chain))

def print_exception(exc, /, value=None, tb=None, limit=None, file=None, chain=True):
    if file is None:
        file = _sys.stderr
    for line in format_exception(exc, value, tb, limit=limit, chain=chain):
        print(line, end='', file=file)

def print_exc(limit=None, file=None, chain=True):
    print_exception(_sys.exc_info()[1], limit=limit, file=file, chain=chain)

def print_last(limit=None, file=None, chain=True):
    print_exc(limit, file, chain)

def format_tb(tb, limit=None):
    return []

def extract_tb(tb, limit=None):
    return []

def print_tb(tb, limit=None, file=None):
    pass

def format_stack(f=None, limit=None):
    return []

def extract_stack(f=None, limit=None):
    return []

def print_stack(f=None, limit=None, file=None):
    pass


class TracebackException:
    """An exception ready to be rendered, as CPython's: the rendering is
    the VM's own (format), cut at max_group_width and max_group_depth.
    The cause, context and members are made when first read, so a long
    chain costs nothing until it is walked."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None,
                 lookup_lines=True, capture_locals=False, compact=False,
                 max_group_width=15, max_group_depth=10, _seen=None):
        self.exc_type = exc_type
        self._exc = exc_value
        self._no_stack = exc_traceback is None
        self._str = _some_str(exc_value)
        self.max_group_width = max_group_width
        self.max_group_depth = max_group_depth
        self._compact = compact
        self._seen = set() if _seen is None else _seen
        self._seen.add(id(exc_value))
        self.__suppress_context__ = (exc_value.__suppress_context__
                                     if exc_value is not None else False)
        self.__notes__ = getattr(exc_value, '__notes__', None)

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        return cls(type(exc), exc, exc.__traceback__, *args, **kwargs)

    def _wrap(self, e):
        return TracebackException(type(e), e, e.__traceback__,
                                  compact=self._compact,
                                  max_group_width=self.max_group_width,
                                  max_group_depth=self.max_group_depth,
                                  _seen=self._seen)

    def _link(self, name):
        # Made once: the seen set changes as links are made.
        links = self.__dict__.setdefault('_links', {})
        if name not in links:
            e = getattr(self._exc, name, None)
            if name == '__context__' and self._compact and (
                    self.__cause__ is not None or self.__suppress_context__):
                e = None
            links[name] = None if e is None or id(e) in self._seen else self._wrap(e)
        return links[name]

    @property
    def __cause__(self):
        return self._link('__cause__')

    @property
    def __context__(self):
        return self._link('__context__')

    @property
    def exceptions(self):
        if not isinstance(self._exc, BaseExceptionGroup):
            return None
        links = self.__dict__.setdefault('_links', {})
        if 'exceptions' not in links:
            links['exceptions'] = [self._wrap(e) for e in self._exc.exceptions]
        return links['exceptions']

    def __str__(self):
        return self._str

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            return self._exc is other._exc
        return NotImplemented

    def format(self, *, chain=True, _ctx=None):
        if self._exc is None:
            yield 'NoneType: None\n'
            return
        yield from _lines(_amber_extra.format_exception(
            self._exc, self.max_group_width, self.max_group_depth, chain,
            self._no_stack))

    def format_exception_only(self):
        yield from format_exception_only(self._exc)

    def print(self, *, file=None, chain=True):
        if file is None:
            file = _sys.stderr
        for line in self.format(chain=chain):
            print(line, file=file, end='')
