
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
        c = _Hash.__new__(type(self))
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
    if key in ('blake2b', 'blake2s'):
        return globals()[key](data, **kwargs)
    return _Hash(key, data)


def _constructor(name):
    def ctor(data=b'', *, usedforsecurity=True, string=None):
        if string is not None:
            data = string
        return _Hash(name, data)
    ctor.__name__ = 'openssl_' + name
    return ctor


for _name in _hashlib.algorithms:
    if not _name.startswith('blake2'):
        globals()[_name] = _constructor(_name)
del _name


class _Blake2(_Hash):
    __slots__ = ()

    def __init__(self, *args, digest_size=None, key=b'', salt=b'', person=b'', fanout=1, depth=1,
                 leaf_size=0, node_offset=0, node_depth=0, inner_size=0, last_node=False,
                 usedforsecurity=True, string=None, **unknown):
        cls = type(self).name
        if len(args) > 1:
            raise TypeError('%s() takes at most 1 positional argument (%d given)' % (cls, len(args)))
        if unknown:
            raise TypeError("'%s' is an invalid keyword argument for %s()" % (next(iter(unknown)), cls))
        data = args[0] if args else b''
        if args and string is not None:
            raise TypeError("'data' and 'string' are mutually exclusive and support for 'string' keyword parameter is slated for removal in a future version.")
        if string is not None:
            data = string
        name = type(self).name
        if digest_size is None:
            digest_size = self.MAX_DIGEST_SIZE
        self._state = _hashlib.blake2(name, digest_size, key, salt, person, fanout, depth, leaf_size,
                                      node_offset, node_depth, inner_size, bool(last_node))
        self.digest_size = digest_size
        self.block_size = 2 * self.MAX_KEY_SIZE
        if data is not b'':
            self.update(data)

    def __repr__(self):
        return '<_blake2.%s object at %s>' % (type(self).__name__, hex(id(self)))


class blake2b(_Blake2):
    __slots__ = ()
    name = 'blake2b'
    SALT_SIZE = 16
    PERSON_SIZE = 16
    MAX_KEY_SIZE = 64
    MAX_DIGEST_SIZE = 64


class blake2s(_Blake2):
    __slots__ = ()
    name = 'blake2s'
    SALT_SIZE = 8
    PERSON_SIZE = 8
    MAX_KEY_SIZE = 32
    MAX_DIGEST_SIZE = 32


blake2b.__module__ = blake2s.__module__ = '_blake2'


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
