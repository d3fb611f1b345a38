# fnmatch: shell patterns compiled to regular expressions.
import re as _re
import posixpath as _pp

__all__ = ['filter', 'fnmatch', 'fnmatchcase', 'translate']

_cache = {}


def _compile(pat):
    r = _cache.get(pat)
    if r is None:
        if isinstance(pat, bytes):
            r = _re.compile(translate(pat.decode('latin-1')).encode('latin-1'))
        else:
            r = _re.compile(translate(pat))
        if len(_cache) > 256:
            _cache.clear()
        _cache[pat] = r
    return r.match


def fnmatch(name, pat):
    name = _pp.normcase(name)
    pat = _pp.normcase(pat)
    return fnmatchcase(name, pat)


def fnmatchcase(name, pat):
    return _compile(pat)(name) is not None


def filter(names, pat):
    match = _compile(_pp.normcase(pat))
    return [n for n in names if match(_pp.normcase(n))]


def translate(pat):
    i, n = 0, len(pat)
    res = []
    while i < n:
        c = pat[i]
        i += 1
        if c == '*':
            if not res or res[-1] != '.*':
                res.append('.*')
        elif c == '?':
            res.append('.')
        elif c == '[':
            j = i
            if j < n and pat[j] == '!':
                j += 1
            if j < n and pat[j] == ']':
                j += 1
            while j < n and pat[j] != ']':
                j += 1
            if j >= n:
                res.append('\\[')
            else:
                stuff = pat[i:j].replace('\\', '\\\\')
                i = j + 1
                if not stuff:
                    res.append('(?!)')
                    continue
                if stuff[0] == '!':
                    stuff = '^' + stuff[1:]
                elif stuff[0] in ('^', '['):
                    stuff = '\\' + stuff
                res.append('[' + stuff + ']')
        else:
            res.append(_re.escape(c))
    return '(?s:' + ''.join(res) + ')\\Z'
