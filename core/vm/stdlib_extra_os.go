package vm

// Python-written modules: os and os.path (pure functions only: the sandbox
// has no file system, no environment and no processes), struct, zlib,
// unicodedata (category only).

func init() {
	RegisterPythonModule("posixpath", posixpathSrc)
	RegisterPythonModule("os.path", "from posixpath import *\nfrom posixpath import __all__\n")
	RegisterPythonModule("os", osSrc)
	RegisterPythonModule("struct", structSrc)
	RegisterPythonModule("zlib", zlibSrc)
	RegisterPythonModule("unicodedata", unicodedataSrc)
}

const posixpathSrc = `
__all__ = ['join', 'split', 'splitext', 'basename', 'dirname', 'normpath',
           'isabs', 'relpath', 'abspath', 'realpath', 'commonprefix', 'commonpath',
           'splitdrive', 'exists', 'lexists', 'isfile', 'isdir', 'islink', 'ismount',
           'expanduser', 'expandvars', 'normcase', 'getsize', 'getmtime',
           'sep', 'altsep', 'curdir', 'pardir', 'pathsep', 'extsep', 'devnull',
           'supports_unicode_filenames']

sep = '/'
altsep = None
curdir = '.'
pardir = '..'
pathsep = ':'
extsep = '.'
devnull = '/dev/null'
supports_unicode_filenames = False

def _fspath(p):
    if isinstance(p, (str, bytes)):
        return p
    f = getattr(type(p), '__fspath__', None)
    if f is None:
        raise TypeError('expected str, bytes or os.PathLike object, not ' + type(p).__name__)
    return f(p)

def normcase(s):
    return _fspath(s)

def isabs(s):
    s = _fspath(s)
    return s.startswith('/')

def join(a, *p):
    a = _fspath(a)
    path = a
    for b in map(_fspath, p):
        if not isinstance(b, str):
            raise TypeError("join() argument must be str, bytes, or os.PathLike object, not '%s'" % type(b).__name__)
        if b.startswith('/'):
            path = b
        elif not path or path.endswith('/'):
            path += b
        else:
            path += '/' + b
    return path

def split(p):
    p = _fspath(p)
    i = p.rfind('/') + 1
    head, tail = p[:i], p[i:]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head, tail

def splitext(p):
    p = _fspath(p)
    sep_index = p.rfind('/')
    dot_index = p.rfind('.')
    if dot_index > sep_index:
        filename_index = sep_index + 1
        while filename_index < dot_index:
            if p[filename_index] != '.':
                return p[:dot_index], p[dot_index:]
            filename_index += 1
    return p, p[:0]

def splitdrive(p):
    p = _fspath(p)
    return p[:0], p

def basename(p):
    p = _fspath(p)
    return p[p.rfind('/') + 1:]

def dirname(p):
    p = _fspath(p)
    i = p.rfind('/') + 1
    head = p[:i]
    if head and head != '/' * len(head):
        head = head.rstrip('/')
    return head

def normpath(path):
    path = _fspath(path)
    if path == '':
        return '.'
    initial = 1 if path.startswith('/') else 0
    if initial and path.startswith('//') and not path.startswith('///'):
        initial = 2
    comps = path.split('/')
    new = []
    for comp in comps:
        if comp in ('', '.'):
            continue
        if comp != '..' or (not initial and not new) or (new and new[-1] == '..'):
            new.append(comp)
        elif new:
            new.pop()
    path = '/'.join(new)
    if initial:
        path = '/' * initial + path
    return path or '.'

def abspath(path):
    path = _fspath(path)
    if not isabs(path):
        path = join('/', path)
    return normpath(path)

def realpath(path, *, strict=False):
    return abspath(path)

def relpath(path, start=None):
    path = _fspath(path)
    if not path:
        raise ValueError('no path specified')
    if start is None:
        start = '.'
    start = _fspath(start)
    start_list = [x for x in abspath(start).split('/') if x]
    path_list = [x for x in abspath(path).split('/') if x]
    i = len(commonprefix([start_list, path_list]))
    rel_list = ['..'] * (len(start_list) - i) + path_list[i:]
    if not rel_list:
        return '.'
    return join(*rel_list)

def commonprefix(m):
    if not m:
        return ''
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1

def commonpath(paths):
    paths = [_fspath(p) for p in paths]
    if not paths:
        raise ValueError('commonpath() arg is an empty sequence')
    try:
        isabs_ = {p.startswith('/') for p in paths}
    except TypeError:
        raise
    if len(isabs_) != 1:
        raise ValueError("Can't mix absolute and relative paths")
    split_paths = [[c for c in p.split('/') if c and c != '.'] for p in paths]
    s1 = min(split_paths)
    s2 = max(split_paths)
    common = s1
    for i, c in enumerate(s1):
        if c != s2[i]:
            common = s1[:i]
            break
    prefix = '/' if paths[0].startswith('/') else ''
    return prefix + '/'.join(common)

def exists(path):
    return False

lexists = exists
isfile = exists
isdir = exists
islink = exists

def ismount(path):
    return _fspath(path) == '/'

def expanduser(path):
    return _fspath(path)

def expandvars(path):
    return _fspath(path)

def _nofs(path):
    e = PermissionError("[Errno 1] Operation not permitted: %r" % (path,))
    e.errno = 1
    e.strerror = 'Operation not permitted'
    e.filename = path
    raise e

def getsize(path):
    _nofs(path)

def getmtime(path):
    _nofs(path)

getatime = getmtime
getctime = getmtime
`

const osSrc = `
# The sandbox has no file system, environment or processes: os offers the
# pure path functions, an empty environ, and raises PermissionError from
# every operation that would touch the host.
import posixpath as path
import posixpath as _pp
import sys as _sys

name = 'posix'
sep = '/'
altsep = None
curdir = '.'
pardir = '..'
pathsep = ':'
extsep = '.'
linesep = '\n'
devnull = '/dev/null'
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
`

const structSrc = `
import _amber_extra

class error(Exception):
    pass

_sizes_std = {'x': 1, 'c': 1, 'b': 1, 'B': 1, '?': 1, 'h': 2, 'H': 2, 'i': 4, 'I': 4,
              'l': 4, 'L': 4, 'q': 8, 'Q': 8, 'n': 8, 'N': 8, 'e': 2, 'f': 4, 'd': 8,
              's': 1, 'p': 1, 'P': 8}
_sizes_native = dict(_sizes_std, l=8, L=8)
_signed = 'bhilqn'

def _parse(fmt):
    if isinstance(fmt, bytes):
        fmt = fmt.decode('ascii')
    order = '@'
    i = 0
    if fmt and fmt[0] in '@=<>!':
        order = fmt[0]
        i = 1
    native = order == '@'
    little = order in '<@='
    sizes = _sizes_native if native else _sizes_std
    items = []
    offset = 0
    n = len(fmt)
    while i < n:
        c = fmt[i]
        if c.isspace():
            i += 1
            continue
        count = None
        if c.isdigit():
            j = i
            while j < n and fmt[j].isdigit():
                j += 1
            count = int(fmt[i:j])
            i = j
            if i >= n:
                raise error('repeat count given without format specifier')
            c = fmt[i]
        if c not in sizes or (not native and c in 'nNP'):
            raise error('bad char in struct format')
        size = sizes[c]
        if native and c not in 'xcbB?sp' and offset % size:
            offset += size - offset % size
        if c in 'sp':
            items.append((c, offset, 1 if count is None else count))
            offset += 1 if count is None else count
        else:
            reps = 1 if count is None else count
            for _ in range(reps):
                if c != 'x':
                    items.append((c, offset, size))
                offset += size
        i += 1
    return items, offset, little

def calcsize(fmt):
    return _parse(fmt)[1]

def _pack_into(buf, items, little, args):
    nargs = len([it for it in items])
    if len(args) != nargs:
        raise error('pack expected %d items for packing (got %d)' % (nargs, len(args)))
    for (c, off, size), v in zip(items, args):
        if c in 'sp':
            if not isinstance(v, (bytes, bytearray)):
                raise error("argument for 's' must be a bytes object")
            data = bytes(v[:size])
            buf[off:off + len(data)] = data
        elif c == 'c':
            if not isinstance(v, (bytes, bytearray)) or len(v) != 1:
                raise error('char format requires a bytes object of length 1')
            buf[off] = v[0]
        elif c == '?':
            buf[off] = 1 if v else 0
        elif c in 'efd':
            if not isinstance(v, (int, float)):
                raise error('required argument is not a float')
            if c == 'e':
                raise error('half-float packing is not supported')
            buf[off:off + size] = _amber_extra.float_pack(float(v), size, little)
        else:
            if not isinstance(v, int):
                if hasattr(v, '__index__'):
                    v = v.__index__()
                else:
                    raise error('required argument is not an integer')
            bits = size * 8
            if c in _signed:
                lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
            else:
                lo, hi = 0, (1 << bits) - 1
            if not lo <= v <= hi:
                if c in 'bB':
                    if c == 'b':
                        raise error('byte format requires -128 <= number <= 127')
                    raise error('ubyte format requires 0 <= number <= 255')
                if c == 'h':
                    raise error('short format requires -32768 <= number <= 32767')
                if c == 'H':
                    raise error('ushort format requires 0 <= number <= 65535')
                if c in 'qQnN':
                    raise error('argument out of range')
                raise error("'%s' format requires %d <= number <= %d" % (c, lo, hi))
            buf[off:off + size] = v.to_bytes(size, 'little' if little else 'big', signed=c in _signed)

def pack(fmt, *args):
    items, size, little = _parse(fmt)
    buf = bytearray(size)
    _pack_into(buf, items, little, args)
    return bytes(buf)

def pack_into(fmt, buffer, offset, *args):
    buffer[offset:offset + calcsize(fmt)] = pack(fmt, *args)

def _unpack(items, little, data):
    out = []
    for c, off, size in items:
        chunk = data[off:off + size]
        if c == 's':
            out.append(bytes(chunk))
        elif c == 'p':
            out.append(bytes(chunk[1:1 + chunk[0]]) if chunk else b'')
        elif c == 'c':
            out.append(bytes(chunk))
        elif c == '?':
            out.append(chunk[0] != 0)
        elif c in 'fd':
            out.append(_amber_extra.float_unpack(bytes(chunk), little))
        else:
            out.append(int.from_bytes(chunk, 'little' if little else 'big', signed=c in _signed))
    return tuple(out)

def unpack(fmt, buffer):
    items, size, little = _parse(fmt)
    if len(buffer) != size:
        raise error('unpack requires a buffer of %d bytes' % size)
    return _unpack(items, little, bytes(buffer))

def unpack_from(fmt, buffer, offset=0):
    items, size, little = _parse(fmt)
    if len(buffer) - offset < size:
        raise error('unpack_from requires a buffer of at least %d bytes for unpacking %d bytes at offset %d (actual buffer size is %d)' % (size + offset, size, offset, len(buffer)))
    return _unpack(items, little, bytes(buffer[offset:offset + size]))

def iter_unpack(fmt, buffer):
    items, size, little = _parse(fmt)
    if size == 0:
        raise error('cannot iteratively unpack with a struct of length 0')
    if len(buffer) % size:
        raise error('iterative unpacking requires a buffer of a multiple of %d bytes' % size)
    for i in range(0, len(buffer), size):
        yield _unpack(items, little, bytes(buffer[i:i + size]))

class Struct:
    def __init__(self, format):
        self.format = format
        self.size = calcsize(format)

    def pack(self, *args):
        return pack(self.format, *args)

    def pack_into(self, buffer, offset, *args):
        return pack_into(self.format, buffer, offset, *args)

    def unpack(self, buffer):
        return unpack(self.format, buffer)

    def unpack_from(self, buffer, offset=0):
        return unpack_from(self.format, buffer, offset)

    def iter_unpack(self, buffer):
        return iter_unpack(self.format, buffer)
`

const zlibSrc = `
import _amber_extra

MAX_WBITS = 15
DEFLATED = 8
DEF_MEM_LEVEL = 8
DEF_BUF_SIZE = 16384
Z_DEFAULT_COMPRESSION = -1
Z_NO_COMPRESSION = 0
Z_BEST_SPEED = 1
Z_BEST_COMPRESSION = 9
ZLIB_VERSION = '1.2.13'
ZLIB_RUNTIME_VERSION = '1.2.13'

class error(Exception):
    pass

def compress(data, /, level=-1, wbits=15):
    return _amber_extra.zlib_compress(bytes(data), level)

def decompress(data, /, wbits=15, bufsize=16384):
    out = _amber_extra.zlib_decompress(bytes(data), 0)
    if out is None:
        raise error('Error -3 while decompressing data: incorrect header check')
    return out

def crc32(data, value=0):
    return _amber_extra.crc32(bytes(data), value)

def adler32(data, value=1):
    return _amber_extra.adler32(bytes(data), value)
`

const unicodedataSrc = `
# Only the general category (from Go's Unicode tables) and a few derived
# helpers are available; names and normalization tables are not.
import _amber_extra

unidata_version = '14.0.0'

def category(chr):
    return _amber_extra.category(chr)

def decimal(chr, default=None):
    if isinstance(chr, str) and len(chr) == 1 and category(chr) == 'Nd':
        return int(chr)
    if default is None:
        raise ValueError('not a decimal')
    return default

def digit(chr, default=None):
    if isinstance(chr, str) and len(chr) == 1 and chr.isdigit():
        return int(chr)
    if default is None:
        raise ValueError('not a digit')
    return default

def numeric(chr, default=None):
    if isinstance(chr, str) and len(chr) == 1 and chr.isdigit():
        return float(int(chr))
    if default is None:
        raise ValueError('not a numeric character')
    return default

def mirrored(chr):
    return 1 if chr in '()<>[]{}' else 0

def combining(chr):
    return 0

def normalize(form, unistr):
    if form not in ('NFC', 'NFD', 'NFKC', 'NFKD'):
        raise ValueError('invalid normalization form')
    if unistr.isascii():
        return unistr
    raise NotImplementedError('unicodedata.normalize of non-ASCII text is not available in this sandbox')

def is_normalized(form, unistr):
    return normalize(form, unistr) == unistr
`
