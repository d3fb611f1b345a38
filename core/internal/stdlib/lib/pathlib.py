
import os as _os
import posixpath as _pp

__all__ = ['PurePath', 'PurePosixPath', 'Path', 'PosixPath']


def _split(arg):
    if isinstance(arg, PurePath):
        return arg._root, list(arg._parts)
    if not isinstance(arg, str):
        arg = _os.fspath(arg)
        if not isinstance(arg, str):
            raise TypeError('argument should be a str or an os.PathLike object where __fspath__ returns a str, not %r'
                            % type(arg).__name__)
    root = ''
    if arg.startswith('/'):
        root = '//' if arg.startswith('//') and not arg.startswith('///') else '/'
    parts = [p for p in arg.split('/') if p and p != '.']
    return root, parts


class _Parents:
    def __init__(self, path):
        self._path = path
        self._n = len(path._parts)

    def __len__(self):
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self[k] for k in range(*i.indices(self._n)))
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError(i)
        p = self._path
        return p._make(p._root, p._parts[:self._n - i - 1])

    def __iter__(self):
        for i in range(self._n):
            yield self[i]

    def __repr__(self):
        return '<%s.parents>' % type(self._path).__name__


class PurePath:
    __slots__ = ('_root', '_parts')

    def __new__(cls, *args):
        if cls is PurePath:
            cls = PurePosixPath
        if cls is Path:
            cls = PosixPath
        self = object.__new__(cls)
        root, parts = '', []
        for a in args:
            r, ps = _split(a)
            if r:
                root, parts = r, ps
            else:
                parts.extend(ps)
        self._root = root
        self._parts = parts
        return self

    def _make(self, root, parts):
        p = object.__new__(type(self))
        p._root = root
        p._parts = list(parts)
        return p

    def __str__(self):
        s = self._root + '/'.join(self._parts)
        return s or '.'

    def __fspath__(self):
        return str(self)

    def as_posix(self):
        return str(self)

    def __repr__(self):
        return '%s(%r)' % (type(self).__name__, self.as_posix())

    def __bytes__(self):
        return str(self).encode()

    def as_uri(self):
        if not self._root:
            raise ValueError("relative path can't be expressed as a file URI")
        import urllib.parse
        return 'file://' + urllib.parse.quote(str(self))

    def _key(self):
        return (self._root, self._parts)

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        return hash(str(self))

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return str(self) < str(other)

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return str(self) <= str(other)

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return str(self) > str(other)

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return str(self) >= str(other)

    @property
    def drive(self):
        return ''

    @property
    def root(self):
        return self._root

    # drive + root, and the drive is always empty here.
    anchor = root

    @property
    def parts(self):
        return ((self._root,) if self._root else ()) + tuple(self._parts)

    @property
    def name(self):
        return self._parts[-1] if self._parts else ''

    @property
    def suffix(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[i:]
        return ''

    @property
    def suffixes(self):
        name = self.name
        if name.endswith('.'):
            return []
        name = name.lstrip('.')
        return ['.' + s for s in name.split('.')[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind('.')
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        if not self._parts:
            return self
        return self._make(self._root, self._parts[:-1])

    @property
    def parents(self):
        return _Parents(self)

    def with_name(self, name):
        if not self.name:
            raise ValueError('%r has an empty name' % (self,))
        if not name or '/' in name or name == '.':
            raise ValueError('Invalid name %r' % (name,))
        return self._make(self._root, self._parts[:-1] + [name])

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if '/' in suffix or suffix and (not suffix.startswith('.') or suffix == '.'):
            raise ValueError('Invalid suffix %r' % (suffix,))
        name = self.name
        if not name:
            raise ValueError('%r has an empty name' % (self,))
        old = self.suffix
        name = (name[:-len(old)] if old else name) + suffix
        return self._make(self._root, self._parts[:-1] + [name])

    def joinpath(self, *args):
        return type(self)(self, *args)

    def __truediv__(self, key):
        try:
            return type(self)(self, key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return type(self)(key, self)
        except TypeError:
            return NotImplemented

    def is_absolute(self):
        return bool(self._root)

    def is_reserved(self):
        return False

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def relative_to(self, *other):
        if not other:
            raise TypeError('need at least one argument')
        o = type(self)(*other)
        n = len(o._parts)
        if o._root != self._root or self._parts[:n] != o._parts:
            raise ValueError('%r is not in the subpath of %r OR one path is relative and the other is absolute.'
                             % (str(self), str(o)))
        return self._make('', self._parts[n:])

    def match(self, path_pattern):
        import fnmatch
        pat = type(self)(path_pattern)
        if not pat._parts and not pat._root:
            raise ValueError('empty pattern')
        if pat._root:
            if pat._root != self._root or len(pat._parts) != len(self._parts):
                return False
        elif len(pat._parts) > len(self._parts):
            return False
        for part, p in zip(reversed(self._parts), reversed(pat._parts)):
            if not fnmatch.fnmatchcase(part, p):
                return False
        return True


class PurePosixPath(PurePath):
    __slots__ = ()


class Path(PurePath):
    __slots__ = ()

    @classmethod
    def cwd(cls):
        return cls(_os.getcwd())

    @classmethod
    def home(cls):
        return cls(_pp.expanduser('~'))

    def absolute(self):
        if self._root:
            return self
        return type(self)(_os.getcwd(), self)

    def resolve(self, strict=False):
        return type(self)(_pp.normpath(str(self.absolute())))

    def expanduser(self):
        return type(self)(_pp.expanduser(str(self)))

    def exists(self):
        return _pp.exists(str(self))

    def is_file(self):
        return _pp.isfile(str(self))

    def is_dir(self):
        return _pp.isdir(str(self))

    def is_symlink(self):
        return _pp.islink(str(self))

    def stat(self):
        return _os.stat(str(self))

    def open(self, mode='r', buffering=-1, encoding=None, errors=None, newline=None):
        return open(str(self), mode, buffering, encoding, errors, newline)

    def read_text(self, encoding=None, errors=None):
        with self.open('r', encoding=encoding, errors=errors) as f:
            return f.read()

    def read_bytes(self):
        with self.open('rb') as f:
            return f.read()

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError('data must be str, not %s' % type(data).__name__)
        with self.open('w', encoding=encoding, errors=errors, newline=newline) as f:
            return f.write(data)

    def write_bytes(self, data):
        with self.open('wb') as f:
            return f.write(bytes(data))

    def iterdir(self):
        for name in _os.listdir(str(self)):
            yield self / name

    def glob(self, pattern):
        import fnmatch
        for p in self.iterdir():
            if fnmatch.fnmatchcase(p.name, pattern):
                yield p

    def rglob(self, pattern):
        return self.glob(pattern)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        if parents:
            _os.makedirs(str(self), mode, exist_ok=exist_ok)
        else:
            _os.mkdir(str(self), mode)

    def touch(self, mode=0o666, exist_ok=True):
        with self.open('a'):
            pass

    def unlink(self, missing_ok=False):
        _os.unlink(str(self))

    def rmdir(self):
        _os.rmdir(str(self))

    def rename(self, target):
        _os.rename(str(self), str(target))
        return type(self)(target)

    def replace(self, target):
        _os.replace(str(self), str(target))
        return type(self)(target)


class PosixPath(Path, PurePosixPath):
    __slots__ = ()
