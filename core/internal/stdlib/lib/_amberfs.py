# The sandbox's file system, behind open, os, os.path and pathlib.
#
# Every operation works on an absolute, normalized path. A path under a
# mount is served there: "ro" and "rw" mounts by the host directory (the
# embedder's FS, which refuses paths escaping it), "overlay" mounts read
# the host directory through the writes of this session, which live in
# _overlay below -- in the heap, so they travel with dumps and forks. Any
# other path is asked of the host as an OS call (_n.oscall suspends the
# run); a host that does not handle it makes CPython's error appear.
import _amber_fs as _n
import posixpath as _pp
import io as _io

# overlay path -> bytes (a file), _DIR (a directory) or None (deleted)
_overlay = {}
_DIR = ('dir',)


def _abs(path):
    path = _pp._fspath(path)
    if isinstance(path, bytes):
        path = path.decode()
    if not isinstance(path, str):
        raise TypeError('expected str, bytes or os.PathLike object, not ' + type(path).__name__)
    if not path.startswith('/'):
        path = '/' + path
    return _pp.normpath(path)


def _err(errno, path):
    msg = {2: 'No such file or directory', 13: 'Permission denied', 17: 'File exists',
           20: 'Not a directory', 21: 'Is a directory', 30: 'Read-only file system',
           39: 'Directory not empty'}.get(errno, 'Operation not permitted')
    raise _n.oserror(errno, msg, path)


def _ov(p):
    """The overlay's entry for p: bytes, _DIR, None (deleted) or ... (none)."""
    if p in _overlay:
        return _overlay[p]
    d = _pp.dirname(p)
    while d != '/' and d:
        if _overlay.get(d, ...) is None:
            return None
        d = _pp.dirname(d)
    return ...


def _user_path(fn):
    # OS errors name the path as the program gave it, as CPython's do,
    # though the mounts and the host see it absolute.
    def wrapper(path, *args, **kwargs):
        try:
            return fn(path, *args, **kwargs)
        except OSError as e:
            if e.errno is None or e.filename is None:
                raise
            orig = _pp._fspath(path)
            if isinstance(orig, bytes):
                orig = orig.decode()
            if orig == e.filename or e.filename != _abs(path):
                raise
            err = _n.oserror(e.errno, e.strerror, orig)
        raise err from None
    wrapper.__name__ = fn.__name__
    return wrapper


def _route(path):
    p = _abs(path)
    return p, _n.mount(p)


def _route_write(path):
    # _route for a change: a read-only mount refuses it.
    p, mode = _route(path)
    if mode == 'ro':
        _err(30, path)
    return p, mode


def _look(path):
    # _route, and p's overlay entry when p is in an overlay mount: bytes,
    # _DIR or ... (none); FileNotFoundError where the overlay deleted it.
    p, mode = _route(path)
    if mode != 'overlay':
        return p, mode, ...
    v = _ov(p)
    if v is None:
        _err(2, path)
    return p, mode, v


def _pass_on(mode, op, p):
    # A change outside an overlay: the mount's host directory makes it, or
    # the host, asked as an OS call.
    if mode:
        _n.host(op, p)
    else:
        _n.oscall(op, p)


@_user_path
def read(path):
    p, mode, v = _look(path)
    if v is _DIR:
        _err(21, path)
    if v is not ...:
        return v
    if mode:
        return _n.host('read', p)
    r = _n.oscall('open', p, 'rb')
    if isinstance(r, str):
        r = r.encode()
    return bytes(r)


@_user_path
def write(path, data, append=False):
    p, mode = _route_write(path)
    if mode == 'overlay':
        if append:
            try:
                data = read(path) + data
            except FileNotFoundError:
                pass
        parent = _pp.dirname(p)
        if parent != p and not isdir(parent):
            _err(2, path)
        if isdir(p):
            _err(21, path)
        _overlay[p] = bytes(data)
        return
    if mode:
        _n.host('append' if append else 'write', p, bytes(data))
        return
    _n.oscall('append_file' if append else 'write_file', p, bytes(data))


@_user_path
def stat(path):
    """(is_dir, size, mtime) of path, or FileNotFoundError."""
    p, mode, v = _look(path)
    if v is _DIR:
        return (True, 4096, 0.0)
    if v is not ...:
        return (False, len(v), 0.0)
    if mode:
        return _n.host('stat', p)
    if p == '/':
        return (True, 4096, 0.0)
    r = _n.oscall('stat', p)
    if isinstance(r, dict):
        return (bool(r.get('is_dir', False)), int(r.get('size', 0)), float(r.get('mtime', 0.0)))
    if isinstance(r, (tuple, list)):
        return (bool(r[0]), int(r[1]), float(r[2]) if len(r) > 2 else 0.0)
    if isinstance(r, int) and not isinstance(r, bool):
        return (False, r, 0.0)
    return (False, 0, 0.0)


def exists(path):
    try:
        stat(path)
    except (OSError, ValueError):
        return False
    return True


def isdir(path):
    try:
        return stat(path)[0]
    except (OSError, ValueError):
        return False


def isfile(path):
    try:
        return not stat(path)[0]
    except (OSError, ValueError):
        return False


@_user_path
def listdir(path='.'):
    p, mode = _route(path)
    if mode == 'overlay':
        v = _ov(p)
        names = set()
        if v is ...:
            names.update(_n.host('listdir', p))
        elif v is None:
            _err(2, path)
        elif v is not _DIR:
            _err(20, path)
        prefix = p.rstrip('/') + '/'
        for k, x in _overlay.items():
            if k.startswith(prefix) and '/' not in k[len(prefix):]:
                if x is None:
                    names.discard(k[len(prefix):])
                else:
                    names.add(k[len(prefix):])
        return sorted(names)
    if mode:
        return _n.host('listdir', p)
    return list(_n.oscall('listdir', p))


@_user_path
def mkdir(path, exist_ok=False):
    p, mode = _route_write(path)
    if mode == 'overlay':
        if exists(p):
            if exist_ok and isdir(p):
                return
            _err(17, path)
        if not isdir(_pp.dirname(p)):
            _err(2, path)
        _overlay[p] = _DIR
        return
    try:
        _pass_on(mode, 'mkdir', p)
    except FileExistsError:
        if not (mode and exist_ok and isdir(p)):
            raise


@_user_path
def makedirs(path, exist_ok=False):
    p = _abs(path)
    parent = _pp.dirname(p)
    if parent != p and parent != '/' and not exists(parent):
        makedirs(parent, True)
    mkdir(p, exist_ok)


@_user_path
def remove(path):
    p, mode = _route_write(path)
    if mode == 'overlay':
        if stat(p)[0]:
            _err(21, path)
        _overlay[p] = None
    else:
        _pass_on(mode, 'remove', p)


@_user_path
def rmdir(path):
    p, mode = _route_write(path)
    if mode == 'overlay':
        if not stat(p)[0]:
            _err(20, path)
        if listdir(p):
            _err(39, path)
        _overlay[p] = None
    else:
        _pass_on(mode, 'rmdir', p)


@_user_path
def rename(src, dst):
    s, smode = _route(src)
    d, dmode = _route(dst)
    if 'ro' in (smode, dmode):
        _err(30, src)
    if smode == 'overlay' or dmode == 'overlay':
        if isdir(s):
            _err(1, src)
        data = read(s)
        write(d, data)
        remove(s)
        return
    if smode and smode == dmode:
        _n.host('rename', s, None, d)
        return
    if smode or dmode:
        data = read(s)
        write(d, data)
        remove(s)
        return
    _n.oscall('rename', s, d)


class _File(_io._Stream):
    """What open() returns: the file's content in memory. Writes go
    through at once, as with an unbuffered file: appended (w, a, x), or
    the whole content rewritten ('+' modes)."""

    def __init__(self, path, mode, binary, buf, writes, append, encoding):
        self.name = path
        self.mode = mode
        self._path = path
        self._binary = binary
        self._f = buf
        self._writes = writes
        self._append = append
        self._encoding = encoding or 'utf-8'
        self.closed = False

    def _ok(self):
        if self.closed:
            raise ValueError('I/O operation on closed file.')

    def read(self, size=-1):
        self._ok()
        if self._writes and '+' not in self.mode:
            raise _io.UnsupportedOperation('not readable')
        return self._f.read(size)

    def readline(self, size=-1):
        self._ok()
        return self._f.readline(size)

    def readlines(self, hint=-1):
        self._ok()
        return self._f.readlines()

    def write(self, s):
        self._ok()
        if not self._writes:
            raise _io.UnsupportedOperation('not writable')
        if self._binary:
            if isinstance(s, str):
                raise TypeError("a bytes-like object is required, not 'str'")
        elif not isinstance(s, str):
            raise TypeError('write() argument must be str, not %s' % type(s).__name__)
        n = self._f.write(s)
        if '+' in self.mode:
            write(self._path, self._bytes(self._f.getvalue()))
        elif s:
            write(self._path, self._bytes(s), True)
        return n

    def _bytes(self, data):
        if self._binary:
            return bytes(data)
        return data.encode(self._encoding)

    def seek(self, pos, whence=0):
        self._ok()
        return self._f.seek(pos, whence)

    def tell(self):
        self._ok()
        return self._f.tell()

    def readable(self):
        return not self._writes or '+' in self.mode

    def writable(self):
        return self._writes

    def flush(self):
        self._ok()

    def fileno(self):
        raise _io.UnsupportedOperation('fileno')

    def close(self):
        self.closed = True

    def __repr__(self):
        if self._binary:
            return "<_io.BufferedReader name=%r>" % (self.name,) if not self._writes else "<_io.BufferedWriter name=%r>" % (self.name,)
        return "<_io.TextIOWrapper name=%r mode=%r encoding=%r>" % (self.name, self.mode, self._encoding)


@_user_path
def open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None):
    if isinstance(file, int):
        raise OSError(9, 'Bad file descriptor')
    path = _pp._fspath(file)
    if not isinstance(mode, str):
        raise TypeError('open() argument \'mode\' must be str, not %s' % type(mode).__name__)
    modes = set(mode)
    if not mode or modes - set('rwxabt+') or len(mode) > len(modes) or \
            sum(c in modes for c in 'rwxa') != 1 or ('b' in modes and 't' in modes):
        raise ValueError('invalid mode: %r' % (mode,))
    binary = 'b' in modes
    if binary and encoding is not None:
        raise ValueError("binary mode doesn't take an encoding argument")
    writes = bool(modes & set('wxa+'))
    append = 'a' in modes
    data = b''
    if 'r' in modes:
        data = read(path)
    elif 'x' in modes:
        if exists(path):
            _err(17, path)
        write(path, b'')
    elif 'w' in modes:
        write(path, b'')
    elif append:
        if not exists(path):
            write(path, b'')
        if '+' in modes:
            data = read(path)
            append = False
    if binary:
        buf = _io.BytesIO(data)
    else:
        text = data.decode(encoding or 'utf-8', errors or 'strict')
        if newline is None:
            text = text.replace('\r\n', '\n').replace('\r', '\n')
        buf = _io.StringIO(text)
    if append and '+' not in modes:
        pass
    elif 'a' in modes:
        buf.seek(0, 2)
    return _File(file if isinstance(file, str) else path, mode, binary, buf, writes, append, encoding)
