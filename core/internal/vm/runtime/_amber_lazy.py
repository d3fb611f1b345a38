# Builtins written in Python, made on first use (see VM.lazyBuiltin).


class memoryview:
    # A read-only (for bytes) or writable (for bytearray) view of a bytes-like object's buffer.
    __slots__ = ('_obj', '_start', '_stop', 'readonly')

    def __init__(self, obj):
        if isinstance(obj, memoryview):
            self._obj, self._start, self._stop = obj._obj, obj._start, obj._stop
        elif isinstance(obj, (bytes, bytearray)):
            self._obj, self._start, self._stop = obj, 0, len(obj)
        else:
            raise TypeError("memoryview: a bytes-like object is required, not '%s'" % type(obj).__name__)
        self.readonly = not isinstance(self._obj, bytearray)

    @property
    def obj(self):
        return self._obj

    @property
    def nbytes(self):
        return self._stop - self._start

    itemsize = 1
    ndim = 1
    format = 'B'

    @property
    def shape(self):
        return (self._stop - self._start,)

    def __len__(self):
        return self._stop - self._start

    def __getitem__(self, i):
        n = self._stop - self._start
        if isinstance(i, slice):
            start, stop, step = i.indices(n)
            if step != 1:
                return memoryview(bytes(self)[i])
            m = memoryview(self)
            m._start, m._stop = self._start + start, self._start + max(start, stop)
            return m
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError('index out of bounds on dimension 1')
        return self._obj[self._start + i]

    def __setitem__(self, i, v):
        if self.readonly:
            raise TypeError('cannot modify read-only memory')
        n = self._stop - self._start
        if isinstance(i, slice):
            start, stop, step = i.indices(n)
            data = bytes(v)
            if len(range(start, stop, step)) != len(data):
                raise ValueError('memoryview assignment: lvalue and rvalue have different structures')
            for k, j in enumerate(range(start, stop, step)):
                self._obj[self._start + j] = data[k]
            return
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError('index out of bounds on dimension 1')
        self._obj[self._start + i] = v

    def __iter__(self):
        return iter(self.tobytes())

    def __bytes__(self):
        return self.tobytes()

    def tobytes(self, order=None):
        return bytes(self._obj[self._start:self._stop])

    def tolist(self):
        return list(self.tobytes())

    def hex(self, *args):
        return self.tobytes().hex(*args)

    def release(self):
        pass

    def cast(self, format, shape=None):
        if format != 'B':
            raise NotImplementedError("memoryview: only format 'B' is supported")
        return memoryview(self)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass

    def __eq__(self, other):
        if isinstance(other, (memoryview, bytes, bytearray)):
            return self.tobytes() == bytes(other)
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
