
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

listdir = scandir = stat = lstat = remove = unlink = rmdir = mkdir = makedirs = _denied
rename = replace = renames = removedirs = chdir = chmod = chown = open = _denied
link = symlink = readlink = utime = truncate = access = system = popen = _denied
startfile = kill = execv = execl = execvp = spawnl = fork = _denied

def walk(top, topdown=True, onerror=None, followlinks=False):
    return iter(())

def get_exec_path(env=None):
    return []

def _exit(n):
    raise SystemExit(n)
