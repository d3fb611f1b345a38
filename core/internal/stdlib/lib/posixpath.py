
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
    import _amberfs
    return _amberfs.exists(path)

lexists = exists

def isfile(path):
    import _amberfs
    return _amberfs.isfile(path)

def isdir(path):
    import _amberfs
    return _amberfs.isdir(path)

def islink(path):
    return False

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
    import _amberfs
    return _amberfs.stat(path)[1]

def getmtime(path):
    import _amberfs
    return _amberfs.stat(path)[2]

getatime = getmtime
getctime = getmtime
