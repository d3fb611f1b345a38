# array, written in Python: a list of checked numbers with the common
# typecodes; tobytes/frombytes use struct.
import struct as _struct

typecodes = 'bBuhHiIlLqQfd'
_ranges = {'b': (-128, 127), 'B': (0, 255), 'h': (-32768, 32767), 'H': (0, 65535),
           'i': (-2**31, 2**31 - 1), 'I': (0, 2**32 - 1), 'l': (-2**63, 2**63 - 1),
           'L': (0, 2**64 - 1), 'q': (-2**63, 2**63 - 1), 'Q': (0, 2**64 - 1)}
_sizes = {'b': 1, 'B': 1, 'u': 4, 'h': 2, 'H': 2, 'i': 4, 'I': 4, 'l': 8, 'L': 8,
          'q': 8, 'Q': 8, 'f': 4, 'd': 8}


class array:
    def __init__(self, typecode, initializer=None):
        if not isinstance(typecode, str) or len(typecode) != 1 or typecode not in typecodes:
            raise ValueError('bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)')
        self.typecode = typecode
        self.itemsize = _sizes[typecode]
        self._a = []
        if initializer is not None:
            if isinstance(initializer, (bytes, bytearray)):
                self.frombytes(initializer)
            elif isinstance(initializer, str):
                if typecode != 'u':
                    raise TypeError("cannot use a str to initialize an array with typecode '%s'" % typecode)
                self._a = list(initializer)
            elif isinstance(initializer, array) and initializer.typecode != typecode:
                if (typecode == 'u') != (initializer.typecode == 'u'):
                    raise TypeError("cannot use a unicode array to initialize an array with typecode '%s'" % typecode)
                for v in initializer._a:
                    self.append(v)
            else:
                self.extend(initializer)

    def _check(self, v):
        t = self.typecode
        if t == 'u':
            if not isinstance(v, str) or len(v) != 1:
                raise TypeError('array item must be unicode character')
            return v
        if t in 'fd':
            if not isinstance(v, (int, float)):
                raise TypeError('must be real number, not %s' % type(v).__name__)
            v = float(v)
            if t == 'f':
                v = _struct.unpack('f', _struct.pack('f', v))[0]
            return v
        if not isinstance(v, int):
            raise TypeError("'%s' object cannot be interpreted as an integer" % type(v).__name__)
        lo, hi = _ranges[t]
        if not lo <= v <= hi:
            if t in 'bBhHiI' and t.isupper():
                raise OverflowError('unsigned %s is greater than maximum' % {'B': 'byte integer', 'H': 'short', 'I': 'int'}.get(t, 'int') if v > hi else 'unsigned %s is less than minimum' % {'B': 'byte integer', 'H': 'short', 'I': 'int'}.get(t, 'int'))
            if t == 'b':
                raise OverflowError('signed char is %s than %s' % (('greater', 'maximum') if v > hi else ('less', 'minimum')))
            raise OverflowError('%s int is %s than %s' % ('signed' if t.islower() else 'unsigned', 'greater' if v > hi else 'less', 'maximum' if v > hi else 'minimum'))
        return v

    def append(self, v):
        self._a.append(self._check(v))

    def extend(self, it):
        if isinstance(it, array) and it.typecode != self.typecode:
            raise TypeError('can only extend with array of same kind')
        for v in it:
            self.append(v)

    def insert(self, i, v):
        self._a.insert(i, self._check(v))

    def pop(self, i=-1):
        return self._a.pop(i)

    def remove(self, v):
        try:
            self._a.remove(v)
        except ValueError:
            raise ValueError('array.remove(x): x not in array') from None

    def index(self, v, start=0, stop=None):
        try:
            return self._a.index(v, start, len(self._a) if stop is None else stop)
        except ValueError:
            raise ValueError('array.index(x): x not in array') from None

    def count(self, v):
        return self._a.count(v)

    def reverse(self):
        self._a.reverse()

    def tolist(self):
        return list(self._a)

    def fromlist(self, l):
        self.extend(l)

    def tobytes(self):
        if self.typecode == 'u':
            return ''.join(self._a).encode('utf-32-le') if self._a else b''
        return _struct.pack('<%d%s' % (len(self._a), self._fmt()), *self._a)

    def _fmt(self):
        return {'l': 'q', 'L': 'Q'}.get(self.typecode, self.typecode)

    def frombytes(self, b):
        b = bytes(b)
        if len(b) % self.itemsize:
            raise ValueError('bytes length not a multiple of item size')
        n = len(b) // self.itemsize
        self._a.extend(_struct.unpack('<%d%s' % (n, self._fmt()), b))

    def tounicode(self):
        if self.typecode != 'u':
            raise ValueError('tounicode() may only be called on unicode type arrays')
        return ''.join(self._a)

    def fromunicode(self, s):
        if self.typecode != 'u':
            raise ValueError('fromunicode() may only be called on unicode type arrays')
        self._a.extend(s)

    def buffer_info(self):
        return (0, len(self._a))

    def byteswap(self):
        if self.typecode in 'bBu':
            return
        data = self.tobytes()
        n = self.itemsize
        swapped = b''.join(data[i:i + n][::-1] for i in range(0, len(data), n))
        self._a = []
        self.frombytes(swapped)

    def __len__(self):
        return len(self._a)

    def __iter__(self):
        return iter(self._a)

    def __contains__(self, v):
        return v in self._a

    def __getitem__(self, i):
        if isinstance(i, slice):
            r = array(self.typecode)
            r._a = self._a[i]
            return r
        try:
            return self._a[i]
        except IndexError:
            raise IndexError('array index out of range') from None

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            if not isinstance(v, array):
                raise TypeError('can only assign array (not "%s") to array slice' % type(v).__name__)
            self._a[i] = v._a
        else:
            try:
                self._a[i] = self._check(v)
            except IndexError:
                raise IndexError('array assignment index out of range') from None

    def __delitem__(self, i):
        del self._a[i]

    def __add__(self, other):
        if not isinstance(other, array):
            raise TypeError('can only append array (not "%s") to array' % type(other).__name__)
        if other.typecode != self.typecode:
            raise TypeError('bad argument type for built-in operation')
        r = array(self.typecode)
        r._a = self._a + other._a
        return r

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __mul__(self, n):
        r = array(self.typecode)
        r._a = self._a * n
        return r

    __rmul__ = __mul__

    def __eq__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._a == other._a

    def __ne__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._a != other._a

    def __lt__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._a < other._a

    def __le__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._a <= other._a

    def __gt__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._a > other._a

    def __ge__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._a >= other._a

    def __buffer__(self, flags):
        # The buffer protocol (see vm/buffer.go): a writable view of the
        # items, in the machine's (little-endian) layout.
        return memoryview._export(self, self.typecode, self.itemsize, False)

    def __repr__(self):
        if not self._a:
            return "array('%s')" % self.typecode
        if self.typecode == 'u':
            return "array('u', %r)" % ''.join(self._a)
        return "array('%s', %r)" % (self.typecode, self._a)

    def __copy__(self):
        return array(self.typecode, self._a)

    def __deepcopy__(self, memo):
        return array(self.typecode, self._a)

    def __reduce__(self):
        return (array, (self.typecode, self._a))


ArrayType = array
