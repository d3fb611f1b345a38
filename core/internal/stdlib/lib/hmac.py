# hmac: RFC 2104 over the hashlib objects, in Python.
import hashlib as _hashlib

__all__ = ['new', 'compare_digest', 'digest', 'HMAC']

trans_5C = bytes((x ^ 0x5C) for x in range(256))
trans_36 = bytes((x ^ 0x36) for x in range(256))
digest_size = None


def _constructor(digestmod):
    if callable(digestmod):
        return digestmod
    if isinstance(digestmod, str):
        return lambda d=b'': _hashlib.new(digestmod, d)
    return lambda d=b'': digestmod.new(d)


class HMAC:
    blocksize = 64

    def __init__(self, key, msg=None, digestmod=''):
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError('key: expected bytes or bytearray, but got %r' % type(key).__name__)
        if not digestmod:
            raise TypeError("Missing required parameter 'digestmod'.")
        self._digest_cons = _constructor(digestmod)
        self._outer = self._digest_cons()
        self._inner = self._digest_cons()
        self.digest_size = self._inner.digest_size
        blocksize = getattr(self._inner, 'block_size', 64)
        if len(key) > blocksize:
            key = self._digest_cons(key).digest()
        key = bytes(key).ljust(blocksize, b'\0')
        self._outer.update(key.translate(trans_5C))
        self._inner.update(key.translate(trans_36))
        self.block_size = blocksize
        if msg is not None:
            self.update(msg)

    @property
    def name(self):
        return 'hmac-' + self._inner.name

    def update(self, msg):
        self._inner.update(msg)

    def copy(self):
        other = self.__class__.__new__(self.__class__)
        other._digest_cons = self._digest_cons
        other.digest_size = self.digest_size
        other.block_size = self.block_size
        other._inner = self._inner.copy()
        other._outer = self._outer.copy()
        return other

    def _current(self):
        h = self._outer.copy()
        h.update(self._inner.digest())
        return h

    def digest(self):
        return self._current().digest()

    def hexdigest(self):
        return self._current().hexdigest()


def new(key, msg=None, digestmod=''):
    return HMAC(key, msg, digestmod)


def digest(key, msg, digest):
    return HMAC(key, msg, digest).digest()


def compare_digest(a, b, /):
    if isinstance(a, str) and isinstance(b, str):
        if not (a.isascii() and b.isascii()):
            raise TypeError('comparing strings with non-ASCII characters is not supported')
        a, b = a.encode(), b.encode()
    else:
        buf = (bytes, bytearray)
        if not isinstance(a, buf) and not isinstance(b, buf):
            raise TypeError("unsupported operand types(s) or combination of types: '%s' and '%s'"
                            % (type(a).__name__, type(b).__name__))
        for v in (a, b):
            if not isinstance(v, buf):
                raise TypeError("a bytes-like object is required, not '%s'" % type(v).__name__)
        a, b = bytes(a), bytes(b)
    result = len(a) ^ len(b)
    if len(a) != len(b):
        b = a
    for x, y in zip(a, b):
        result |= x ^ y
    return result == 0
