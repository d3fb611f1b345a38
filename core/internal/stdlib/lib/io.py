
import sys as _sys

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2

class UnsupportedOperation(OSError, ValueError):
    pass

class _Stream:
    # What the file objects here share (StringIO, BytesIO, TextIOWrapper
    # and open()'s files). _ok raises on a closed file where that matters.
    def _ok(self):
        pass

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def readable(self):
        self._ok()
        return True

    writable = seekable = readable

    def isatty(self):
        self._ok()
        return False

    def __iter__(self):
        self._ok()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __enter__(self):
        self._ok()
        return self

    def __exit__(self, *exc):
        self.close()


class _MemIO(_Stream):
    _empty = ''

    def __init__(self, initial=None):
        self._buf = self._empty if initial is None else self._check(initial)
        self._pos = 0
        self.closed = False

    def _check(self, s):
        return s

    def _ok(self):
        if self.closed:
            raise ValueError('I/O operation on closed file')

    def write(self, s):
        self._ok()
        s = self._check(s)
        n = len(s)
        buf = self._buf
        pos = self._pos
        if pos == len(buf):
            self._buf = buf + s
        else:
            if pos > len(buf):
                buf = buf + self._pad * (pos - len(buf))
            self._buf = buf[:pos] + s + buf[pos + n:]
        self._pos = pos + n
        return n

    def getvalue(self):
        self._ok()
        return self._buf

    def read(self, size=-1):
        self._ok()
        buf = self._buf
        if size is None or size < 0:
            end = len(buf)
        else:
            end = min(len(buf), self._pos + size)
        start = min(self._pos, len(buf))
        self._pos = max(self._pos, end)
        return buf[start:end]

    def readline(self, size=-1):
        self._ok()
        buf = self._buf
        start = min(self._pos, len(buf))
        i = buf.find(self._nl, start)
        end = len(buf) if i < 0 else i + 1
        if size is not None and size >= 0:
            end = min(end, start + size)
        self._pos = max(self._pos, end)
        return buf[start:end]

    def readlines(self, hint=-1):
        lines = []
        total = 0
        while True:
            line = self.readline()
            if not line:
                break
            lines.append(line)
            total += len(line)
            if hint is not None and 0 < hint <= total:
                break
        return lines

    def seek(self, pos, whence=0):
        self._ok()
        if whence == 0:
            if pos < 0:
                raise ValueError('negative seek value %d' % pos)
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, len(self._buf) + pos)
        else:
            raise ValueError('invalid whence (%r, should be 0, 1 or 2)' % whence)
        return self._pos

    def tell(self):
        self._ok()
        return self._pos

    def truncate(self, size=None):
        self._ok()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError('negative size value %d' % size)
        self._buf = self._buf[:size]
        return size

    def close(self):
        self.closed = True

    def flush(self):
        self._ok()


class StringIO(_MemIO):
    _empty = ''
    _pad = '\0'
    _nl = '\n'

    def __init__(self, initial_value='', newline='\n'):
        _MemIO.__init__(self, initial_value)

    def _check(self, s):
        if not isinstance(s, str):
            raise TypeError('string argument expected, got %r' % type(s).__name__)
        return s

    def __repr__(self):
        return '<_io.StringIO object>'


class BytesIO(_MemIO):
    _empty = b''
    _pad = b'\0'
    _nl = b'\n'

    def __init__(self, initial_bytes=b''):
        _MemIO.__init__(self, initial_bytes)

    def _check(self, s):
        if isinstance(s, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        return bytes(s)

    def getbuffer(self):
        return bytearray(self._buf)

    def read1(self, size=-1):
        return self.read(size)

    def readinto(self, b):
        # Reads up to len(b) bytes into the writable buffer b.
        m = memoryview(b)
        if m.readonly:
            raise TypeError('readinto() argument must be read-write bytes-like object, not %s' % type(b).__name__)
        data = self.read(m.nbytes)
        n = len(data)
        if m.format == 'B':
            m[:n] = data
        else:
            from array import array
            raw = bytearray(m.tobytes())
            raw[:n] = data
            m[:] = memoryview(array(m.format, raw))
        return n

    readinto1 = readinto

    def __repr__(self):
        return '<_io.BytesIO object>'


class IOBase:
    pass

class TextIOBase(IOBase):
    pass

class BufferedIOBase(IOBase):
    pass

class RawIOBase(IOBase):
    pass

_StdStream = type(_sys.stdout)


class _TextIOMeta(type):
    def __instancecheck__(cls, obj):
        return type.__instancecheck__(cls, obj) or (cls is TextIOWrapper and isinstance(obj, _StdStream))


class TextIOWrapper(TextIOBase, _Stream, metaclass=_TextIOMeta):
    # Text over a binary buffer: reads decode the rest of the buffer once,
    # writes encode straight into it.
    def __init__(self, buffer, encoding=None, errors=None, newline=None, line_buffering=False,
                 write_through=False):
        self.buffer = buffer
        self.encoding = encoding or 'UTF-8'
        self.errors = errors or 'strict'
        self._newline = newline
        self.line_buffering = line_buffering
        self._r = None

    def _reader(self):
        if self.buffer is None:
            raise ValueError('underlying buffer has been detached')
        if self._r is None:
            text = self.buffer.read().decode(self.encoding, self.errors)
            if self._newline is None:
                text = text.replace('\r\n', '\n').replace('\r', '\n')
            self._r = StringIO(text)
        return self._r

    def read(self, size=-1):
        return self._reader().read(size)

    def readline(self, size=-1):
        return self._reader().readline(size)

    def readlines(self, hint=-1):
        return list(self)

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError('write() argument must be str, not %s' % type(s).__name__)
        if self.buffer is None:
            raise ValueError('underlying buffer has been detached')
        data = s
        if self._newline not in (None, '', '\n'):
            data = data.replace('\n', self._newline)
        self.buffer.write(data.encode(self.encoding, self.errors))
        return len(s)

    def flush(self):
        f = getattr(self.buffer, 'flush', None)
        if f is not None:
            f()

    def detach(self):
        b = self.buffer
        self.buffer = None
        return b

    def seek(self, pos, whence=0):
        self._r = None
        return self.buffer.seek(pos, whence)

    def tell(self):
        return self.buffer.tell()

    @property
    def closed(self):
        return self.buffer is not None and getattr(self.buffer, 'closed', False)

    def close(self):
        if self.buffer is not None:
            self.buffer.close()


def open(*args, **kwargs):
    import _amberfs
    return _amberfs.open(*args, **kwargs)
