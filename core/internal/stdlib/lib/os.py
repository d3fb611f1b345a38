
# The sandbox has no file system, environment or processes: os offers the
# pure path functions, an empty environ, and raises PermissionError from
# every operation that would touch the host.
import posixpath as path
import posixpath as _pp
import sys as _sys

from posixpath import sep, altsep, curdir, pardir, pathsep, extsep, devnull

name = 'posix'
linesep = '\n'
defpath = '/bin:/usr/bin'
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
F_OK = 0
R_OK = 4
W_OK = 2
X_OK = 1

error = OSError
environ = {}

class PathLike:
    def __fspath__(self):
        raise NotImplementedError

def fspath(p):
    return _pp._fspath(p)

def getenv(key, default=None):
    return environ.get(key, default)

def putenv(key, value):
    environ[key] = value

def unsetenv(key):
    environ.pop(key, None)

def getcwd():
    return '/'

def getcwdb():
    return b'/'

def getpid():
    return 1

def getppid():
    return 0

def cpu_count():
    return 1

def get_terminal_size(fd=1):
    return terminal_size((80, 24))

class terminal_size(tuple):
    @property
    def columns(self):
        return self[0]

    @property
    def lines(self):
        return self[1]

def urandom(n):
    # No host entropy: bytes come from the sandbox's deterministic generator.
    import random
    return bytes(random.getrandbits(8) for _ in range(n))

def fsencode(filename):
    return filename.encode() if isinstance(filename, str) else filename

def fsdecode(filename):
    return filename.decode() if isinstance(filename, bytes) else filename

def _denied(*args, **kwargs):
    if args:
        _pp._nofs(args[0])
    e = PermissionError('[Errno 1] Operation not permitted')
    e.errno = 1
    e.strerror = 'Operation not permitted'
    e.filename = None
    raise e

chdir = chmod = chown = open = renames = removedirs = _denied
link = symlink = readlink = utime = truncate = access = system = popen = _denied
startfile = kill = execv = execl = execvp = spawnl = fork = _denied

# The file system: mounts, or OS calls the host answers (see _amberfs).

_STAT_FIELDS = ('st_mode', 'st_ino', 'st_dev', 'st_nlink', 'st_uid', 'st_gid',
                'st_size', 'st_atime', 'st_mtime', 'st_ctime')


class stat_result(tuple):
    n_sequence_fields = 10

    def __new__(cls, seq):
        return tuple.__new__(cls, seq)

    def __repr__(self):
        return 'os.stat_result(' + ', '.join('%s=%r' % (n, int(v)) for n, v in zip(_STAT_FIELDS, self)) + ')'


# Each field names its item of the tuple.
for _i, _name in enumerate(_STAT_FIELDS):
    setattr(stat_result, _name, property(lambda self, i=_i: self[i]))
del _i, _name


def stat(path, *, dir_fd=None, follow_symlinks=True):
    import _amberfs
    is_dir, size, mtime = _amberfs.stat(path)
    mode = 0o40755 if is_dir else 0o100644
    return stat_result((mode, 0, 0, 1, 0, 0, size, mtime, mtime, mtime))

lstat = stat


def listdir(path='.'):
    import _amberfs
    return _amberfs.listdir(path)


class DirEntry:
    __slots__ = ('name', 'path')

    def __init__(self, top, name):
        self.name = name
        self.path = path.join(top, name)

    def is_dir(self, *, follow_symlinks=True):
        import _amberfs
        return _amberfs.isdir(self.path)

    def is_file(self, *, follow_symlinks=True):
        import _amberfs
        return _amberfs.isfile(self.path)

    def is_symlink(self):
        return False

    def stat(self, *, follow_symlinks=True):
        return stat(self.path)

    def inode(self):
        return 0

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return '<DirEntry %r>' % (self.name,)


class _ScandirIterator:
    def __init__(self, entries):
        self._it = iter(entries)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass

    def close(self):
        pass


def scandir(path='.'):
    import _amberfs
    top = fspath(path)
    return _ScandirIterator([DirEntry(top, n) for n in _amberfs.listdir(top)])


def remove(path, *, dir_fd=None):
    import _amberfs
    _amberfs.remove(path)

unlink = remove


def rmdir(path, *, dir_fd=None):
    import _amberfs
    _amberfs.rmdir(path)


def mkdir(path, mode=0o777, *, dir_fd=None):
    import _amberfs
    _amberfs.mkdir(path)


def makedirs(name, mode=0o777, exist_ok=False):
    import _amberfs
    _amberfs.makedirs(name, exist_ok)


def rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
    import _amberfs
    _amberfs.rename(src, dst)

replace = rename


def walk(top, topdown=True, onerror=None, followlinks=False):
    import _amberfs
    top = fspath(top)
    try:
        names = _amberfs.listdir(top)
    except OSError as e:
        if onerror is not None:
            onerror(e)
        return
    dirs, files = [], []
    for n in names:
        (dirs if _amberfs.isdir(path.join(top, n)) else files).append(n)
    if topdown:
        yield top, dirs, files
    for d in dirs:
        yield from walk(path.join(top, d), topdown, onerror, followlinks)
    if not topdown:
        yield top, dirs, files

def get_exec_path(env=None):
    return []

def _exit(n):
    raise SystemExit(n)
