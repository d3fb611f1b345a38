# Builtins written in Python, made on first use (see VM.lazyBuiltin).


class memoryview:
    # A view of a bytes-like object's buffer: read-only for bytes, writable
    # for bytearray and array.array. _obj is the exporting sequence, whose
    # items (ints for bytes, the array's items for an array) the view
    # indexes from _start to _stop; _fmt and _isz are the item format and
    # size. Other exporters hand over such a view from __buffer__.
    __slots__ = ('_obj', '_start', '_stop', '_ro', '_fmt', '_isz')

    def __init__(self, obj):
        if isinstance(obj, memoryview):
            src = obj
        elif isinstance(obj, (bytes, bytearray)):
            self._obj, self._start, self._stop = obj, 0, len(obj)
            self._ro = not isinstance(obj, bytearray)
            self._fmt, self._isz = 'B', 1
            return
        else:
            get = getattr(type(obj), '__buffer__', None)
            if get is None:
                raise TypeError("memoryview: a bytes-like object is required, not '%s'" % type(obj).__name__)
            src = get(obj, 0)
            if not isinstance(src, memoryview):
                raise TypeError('__buffer__ returned non-memoryview object')
        self._obj, self._start, self._stop = src._obj, src._start, src._stop
        self._ro, self._fmt, self._isz = src._ro, src._fmt, src._isz

    @classmethod
    def _export(cls, seq, format, itemsize, readonly):
        # The view an exporter's __buffer__ returns: all of seq's items.
        m = object.__new__(cls)
        m._obj, m._start, m._stop = seq, 0, len(seq)
        m._ro, m._fmt, m._isz = readonly, format, itemsize
        return m

    def _view(self, start, stop):
        m = object.__new__(memoryview)
        m._obj, m._start, m._stop = self._obj, start, stop
        m._ro, m._fmt, m._isz = self._ro, self._fmt, self._isz
        return m

    obj = property(lambda self: self._obj)
    readonly = property(lambda self: self._ro)
    format = property(lambda self: self._fmt)
    itemsize = property(lambda self: self._isz)
    nbytes = property(lambda self: (self._stop - self._start) * self._isz)
    shape = property(lambda self: (self._stop - self._start,))
    strides = property(lambda self: (self._isz,))
    ndim = property(lambda self: 1)
    c_contiguous = contiguous = f_contiguous = property(lambda self: True)

    def __len__(self):
        return self._stop - self._start

    def __getitem__(self, i):
        n = self._stop - self._start
        if isinstance(i, slice):
            start, stop, step = i.indices(n)
            if step != 1:
                return memoryview._export(self._obj[self._start:self._stop][i], self._fmt, self._isz, True)
            return self._view(self._start + start, self._start + max(start, stop))
        if not hasattr(type(i), '__index__'):
            raise TypeError('memoryview: invalid slice key')
        i = i.__index__()
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError('index out of bounds on dimension 1')
        return self._obj[self._start + i]

    def __setitem__(self, i, v):
        if self._ro:
            raise TypeError('cannot modify read-only memory')
        n = self._stop - self._start
        if isinstance(i, slice):
            start, stop, step = i.indices(n)
            src = memoryview(v)
            if src._fmt != self._fmt or src._isz != self._isz:
                raise ValueError('memoryview assignment: lvalue and rvalue have different structures')
            items = src.tolist()
            targets = range(start, stop, step)
            if len(targets) != len(items):
                raise ValueError('memoryview assignment: lvalue and rvalue have different structures')
            for k, j in enumerate(targets):
                self._obj[self._start + j] = items[k]
            return
        if not hasattr(type(i), '__index__'):
            raise TypeError('memoryview: invalid slice key')
        i = i.__index__()
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError('index out of bounds on dimension 1')
        self._obj[self._start + i] = v

    def __iter__(self):
        return iter(self.tolist())

    def __bytes__(self):
        return self.tobytes()

    def __buffer__(self, flags):
        return self

    def tobytes(self, order=None):
        part = self._obj[self._start:self._stop]
        if isinstance(part, (bytes, bytearray)):
            return bytes(part)
        return part.tobytes()

    def tolist(self):
        return list(self._obj[self._start:self._stop])

    def toreadonly(self):
        m = self._view(self._start, self._stop)
        m._ro = True
        return m

    def hex(self, *args):
        return self.tobytes().hex(*args)

    def release(self):
        pass

    def cast(self, format, shape=None):
        if format != 'B':
            raise NotImplementedError("memoryview: only format 'B' is supported")
        if self._fmt == 'B':
            return self._view(self._start, self._stop)
        return memoryview(self.tobytes())

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass

    def __eq__(self, other):
        if self is other:
            return True
        if isinstance(other, (memoryview, bytes, bytearray)) or hasattr(type(other), '__buffer__'):
            return self.tolist() == memoryview(other).tolist()
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        return '<memory at 0x%012x>' % (id(self) & 0xffffffffffff)


memoryview.__module__ = 'builtins'


class version_info(tuple):
    # sys.version_info: a named tuple of the version Amber follows.
    __slots__ = ()
    n_fields = n_sequence_fields = 5
    n_unnamed_fields = 0

    def __new__(cls, seq):
        return tuple.__new__(cls, seq)

    major = property(lambda self: self[0])
    minor = property(lambda self: self[1])
    micro = property(lambda self: self[2])
    releaselevel = property(lambda self: self[3])
    serial = property(lambda self: self[4])

    def __repr__(self):
        return 'sys.version_info(major=%r, minor=%r, micro=%r, releaselevel=%r, serial=%r)' % tuple(self)

    def __reduce__(self):
        return (tuple, (tuple(self),))


version_info.__module__ = 'sys'


class SimpleNamespace:
    def __init__(self, /, **kwargs):
        self.__dict__.update(kwargs)

    def __repr__(self):
        items = ('%s=%r' % (k, v) for k, v in self.__dict__.items())
        return 'namespace(%s)' % ', '.join(items)

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    __hash__ = None


SimpleNamespace.__module__ = 'types'


def implementation(version):
    # sys.implementation. Amber keeps no bytecode cache: cache_tag is None.
    return SimpleNamespace(name='amber', cache_tag=None, version=version,
                           hexversion=0x030b07f0)
