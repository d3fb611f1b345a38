
import _hashlib

algorithms_guaranteed = frozenset(_hashlib.algorithms)
algorithms_available = frozenset(_hashlib.algorithms)
__all__ = ('new', 'algorithms_guaranteed', 'algorithms_available', 'pbkdf2_hmac', 'file_digest') + _hashlib.algorithms


class _Hash:
    __slots__ = ('name', '_state', 'digest_size', 'block_size')

    def __init__(self, name, data=b''):
        self.name = name
        self._state = _hashlib.new(name)
        self.digest_size, self.block_size = _hashlib.info(name)
        if data:
            self.update(data)

    def update(self, data):
        self._state = _hashlib.update(self.name, self._state, data)

    def digest(self):
        return _hashlib.digest(self.name, self._state)

    def hexdigest(self):
        return _hashlib.digest(self.name, self._state).hex()

    def copy(self):
        c = _Hash.__new__(_Hash)
        c.name = self.name
        c._state = self._state
        c.digest_size = self.digest_size
        c.block_size = self.block_size
        return c

    def __repr__(self):
        return f'<{self.name} _hashlib.HASH object @ {hex(id(self))}>'


def new(name, data=b'', **kwargs):
    if not isinstance(name, str):
        raise TypeError(f'new() argument \'name\' must be str, not {type(name).__name__}')
    key = name.lower().replace('-', '_')
    if key not in algorithms_available:
        raise ValueError(f'unsupported hash type {name}')
    return _Hash(key, data)


def _constructor(name):
    def ctor(data=b'', *, usedforsecurity=True, string=None):
        if string is not None:
            data = string
        return _Hash(name, data)
    ctor.__name__ = 'openssl_' + name
    return ctor


for _name in _hashlib.algorithms:
    globals()[_name] = _constructor(_name)
del _name


def pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None):
    if not isinstance(hash_name, str):
        raise TypeError(f"pbkdf2_hmac() argument 'hash_name' must be str, not {type(hash_name).__name__}")
    key = hash_name.lower().replace('-', '_')
    if key not in algorithms_available:
        raise ValueError(f'unsupported hash type {hash_name}')
    if dklen is None:
        dklen = _hashlib.info(key)[0]
    return _hashlib.pbkdf2(key, password, salt, iterations, dklen)


def file_digest(fileobj, digest, /, *, _bufsize=2**18):
    h = new(digest) if isinstance(digest, str) else digest()
    while True:
        chunk = fileobj.read(_bufsize)
        if not chunk:
            break
        h.update(chunk)
    return h
