# re: the module in Python over the matcher primitives of _sre (Go).
import _sre



class RegexFlag(int):
    """An int whose repr names the flags it holds, like CPython's IntFlag."""

    _members = (("ASCII", 256), ("IGNORECASE", 2), ("LOCALE", 4), ("UNICODE", 32),
                ("MULTILINE", 8), ("DOTALL", 16), ("VERBOSE", 64), ("TEMPLATE", 1), ("DEBUG", 128))

    def __new__(cls, value=0):
        return int.__new__(cls, value)

    def _names(self):
        v = int(self)
        names = []
        for name, bit in RegexFlag._members:
            if v & bit:
                names.append(name)
                v &= ~bit
        return names, v

    @property
    def name(self):
        if int(self) == 0:
            return "NOFLAG"
        names, rest = self._names()
        return "|".join(names) if names and not rest else None

    @property
    def value(self):
        return int(self)

    def __repr__(self):
        if int(self) == 0:
            return "re.NOFLAG"
        names, rest = self._names()
        out = ["re." + n for n in names]
        if rest:
            out.append(hex(rest))
        return "|".join(out)

    __str__ = __repr__

    def __format__(self, spec):
        if not spec:
            return repr(self)
        return int.__format__(int(self), spec)

    def __or__(self, other):
        if isinstance(other, int):
            return RegexFlag(int(self) | int(other))
        return NotImplemented

    def __and__(self, other):
        if isinstance(other, int):
            return RegexFlag(int(self) & int(other))
        return NotImplemented

    def __xor__(self, other):
        if isinstance(other, int):
            return RegexFlag(int(self) ^ int(other))
        return NotImplemented

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __invert__(self):
        return RegexFlag(~int(self) & 511)

    def __contains__(self, other):
        return int(other) & int(self) == int(other)

    def __iter__(self):
        v = int(self)
        bit = 1
        while bit <= v:
            if v & bit:
                yield RegexFlag(bit)
            bit <<= 1

    def __reduce__(self):
        return RegexFlag, (int(self),)


TEMPLATE = T = RegexFlag(1)
IGNORECASE = I = RegexFlag(2)
LOCALE = L = RegexFlag(4)
MULTILINE = M = RegexFlag(8)
DOTALL = S = RegexFlag(16)
UNICODE = U = RegexFlag(32)
VERBOSE = X = RegexFlag(64)
DEBUG = RegexFlag(128)
ASCII = A = RegexFlag(256)
NOFLAG = RegexFlag(0)

_MAXSIZE = 9223372036854775807
_FLAG_NAMES = (("TEMPLATE", 1), ("IGNORECASE", 2), ("LOCALE", 4), ("MULTILINE", 8),
               ("DOTALL", 16), ("UNICODE", 32), ("VERBOSE", 64), ("DEBUG", 128), ("ASCII", 256))


class error(Exception):
    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
            self.lineno = pattern.count("\n", 0, pos) + 1
            self.colno = pos - pattern.rfind("\n", 0, pos)
            if "\n" in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        else:
            self.lineno = self.colno = None
        super().__init__(msg)


class Match:
    def __init__(self, pattern, string, spans, pos, endpos):
        self.re = pattern
        self.string = string
        self._spans = spans
        self.pos = pos
        self.endpos = endpos

    @property
    def lastindex(self):
        i = self._spans[-1]
        return None if i < 0 else i

    @property
    def lastgroup(self):
        i = self._spans[-1]
        if i < 0:
            return None
        for name, j in self.re.groupindex.items():
            if j == i:
                return name
        return None

    @property
    def regs(self):
        sp = self._spans
        return tuple((sp[2 * i], sp[2 * i + 1]) for i in range(self.re.groups + 1))

    def _index(self, g):
        if isinstance(g, str):
            i = self.re.groupindex.get(g)
            if i is not None:
                return i
        elif isinstance(g, int):
            if 0 <= g <= self.re.groups:
                return g
        elif hasattr(g, "__index__"):
            g = g.__index__()
            if 0 <= g <= self.re.groups:
                return g
        raise IndexError("no such group")

    def span(self, group=0):
        g = self._index(group)
        return (self._spans[2 * g], self._spans[2 * g + 1])

    def start(self, group=0):
        return self._spans[2 * self._index(group)]

    def end(self, group=0):
        return self._spans[2 * self._index(group) + 1]

    def _group(self, g, default=None):
        g = self._index(g)
        s = self._spans[2 * g]
        if s < 0:
            return default
        return self.string[s:self._spans[2 * g + 1]]

    def group(self, *groups):
        if not groups:
            return self.string[self._spans[0]:self._spans[1]]
        if len(groups) == 1:
            return self._group(groups[0])
        return tuple([self._group(g) for g in groups])

    def __getitem__(self, g):
        return self._group(g)

    def groups(self, default=None):
        return tuple([self._group(i, default) for i in range(1, self.re.groups + 1)])

    def groupdict(self, default=None):
        return {name: self._group(i, default) for name, i in self.re.groupindex.items()}

    def expand(self, template):
        return _expand(self, self.re._template(template))

    def __bool__(self):
        return True

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self):
        return "<re.Match object; span=%r, match=%r>" % (self.span(), self.group())


def _expand(m, items):
    out = []
    for it in items:
        if type(it) is int:
            s = m._group(it)
            if s is not None:
                out.append(s)
        else:
            out.append(it)
    return "".join(out)


class Pattern:
    def __init__(self, pattern, flags):
        if not isinstance(pattern, str):
            raise TypeError("first argument must be string or compiled pattern")
        r = _sre.compile(pattern, flags)
        if r[0] == "error":
            raise error(r[1], pattern, r[2])
        self.pattern = pattern
        self._f = flags
        self.flags, self.groups, self.groupindex = r
        self._templates = {}

    def _template(self, repl):
        items = self._templates.get(repl)
        if items is None:
            items = _sre.template(self.pattern, self._f, repl)
            if type(items) is tuple:
                raise error(items[1], repl, items[2])
            self._templates[repl] = items
        return items

    def _find(self, string, pos, endpos, mode):
        spans = _sre.find(self.pattern, self._f, string, pos, endpos, mode)
        if spans is None:
            return None
        return Match(self, string, spans, pos, endpos)

    def search(self, string, pos=0, endpos=_MAXSIZE):
        return self._find(string, pos, endpos, 0)

    def match(self, string, pos=0, endpos=_MAXSIZE):
        return self._find(string, pos, endpos, 1)

    def fullmatch(self, string, pos=0, endpos=_MAXSIZE):
        return self._find(string, pos, endpos, 2)

    def finditer(self, string, pos=0, endpos=_MAXSIZE):
        spans = _sre.spans(self.pattern, self._f, string, pos, endpos, 0)
        return iter([Match(self, string, sp, pos, endpos) for sp in spans])

    def findall(self, string, pos=0, endpos=_MAXSIZE):
        return _sre.findall(self.pattern, self._f, string, pos, endpos)

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def subn(self, repl, string, count=0):
        if not callable(repl):
            if isinstance(repl, Pattern) or not isinstance(repl, str):
                raise TypeError("expected str instance, %s found" % type(repl).__name__)
            return _sre.subt(self.pattern, self._f, string, 0, _MAXSIZE, count, self._template(repl))
        out = []
        last = 0
        n = 0
        for sp in _sre.spans(self.pattern, self._f, string, 0, _MAXSIZE, count):
            out.append(string[last:sp[0]])
            r = repl(Match(self, string, sp, 0, _MAXSIZE))
            if r is not None:
                out.append(r)
            last = sp[1]
            n += 1
        out.append(string[last:])
        return "".join(out), n

    def split(self, string, maxsplit=0):
        return _sre.split(self.pattern, self._f, string, 0, _MAXSIZE, maxsplit)

    def scanner(self, string, pos=0, endpos=_MAXSIZE):
        return _PatternScanner(self, string, pos, endpos)

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self):
        flags = self.flags
        if flags & (LOCALE | UNICODE | ASCII) == UNICODE:
            flags &= ~UNICODE
        names = []
        for name, v in _FLAG_NAMES:
            if flags & v:
                names.append("re." + name)
                flags &= ~v
        if flags:
            names.append(hex(flags))
        r = repr(self.pattern)[:200]
        if names:
            return "re.compile(%s, %s)" % (r, "|".join(names))
        return "re.compile(%s)" % r


class _PatternScanner:
    def __init__(self, pattern, string, pos, endpos):
        self.pattern = pattern
        self._string = string
        self._pos = pos
        self._endpos = endpos
        self._empty = False

    def _next(self, mode):
        if self._pos is None:
            return None
        if self._empty:
            mode |= 4
        spans = _sre.find(self.pattern.pattern, self.pattern._f, self._string, self._pos, self._endpos, mode)
        if spans is None:
            self._pos = None
            return None
        self._empty = spans[0] == spans[1]
        self._pos = spans[1]
        return Match(self.pattern, self._string, spans, self._pos, self._endpos)

    def match(self):
        return self._next(1)

    def search(self):
        return self._next(0)


class Scanner:
    def __init__(self, lexicon, flags=0):
        self.lexicon = lexicon
        self._parts = [compile(p, flags) for p, _ in lexicon]

    def scan(self, string):
        result = []
        i = 0
        n = len(string)
        while i < n:
            for p, (_, action) in zip(self._parts, self.lexicon):
                m = p.match(string, i)
                if m is not None and m.end() > i:
                    break
            else:
                break
            self.match = m
            if callable(action):
                action = action(self, m.group())
            if action is not None:
                result.append(action)
            i = m.end()
        return result, string[i:]


_cache = {}
_MAXCACHE = 512


def compile(pattern, flags=0):
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    key = (type(pattern), pattern, flags)
    p = _cache.get(key)
    if p is None:
        p = Pattern(pattern, flags)
        if len(_cache) >= _MAXCACHE:
            _cache.clear()
        _cache[key] = p
    return p


def purge():
    _cache.clear()


def search(pattern, string, flags=0):
    return compile(pattern, flags).search(string)


def match(pattern, string, flags=0):
    return compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return compile(pattern, flags).fullmatch(string)


def findall(pattern, string, flags=0):
    return compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return compile(pattern, flags).finditer(string)


def sub(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return compile(pattern, flags).split(string, maxsplit)


_SPECIAL = frozenset("()[]{}?*+-|^$\\.&~# \t\n\r\v\f")


def escape(pattern):
    if isinstance(pattern, str):
        return "".join(["\\" + c if c in _SPECIAL else c for c in pattern])
    raise TypeError("escape() argument must be str")
