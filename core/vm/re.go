package vm

import (
	"errors"
	"sync"

	"github.com/amber-sandbox/amber/core/heap"
	"github.com/amber-sandbox/amber/core/pyre"
)

// The re module is Python code (reSrc) over a few primitives in _sre that
// run core/pyre, a Python-compatible backtracking engine. Compiled patterns
// and the code point form of the last subject string are cached on the Go
// side; both are pure functions of their keys, so nothing here is state
// that a snapshot must carry.

type reKey struct {
	pat   string
	flags int
}

var reCache = struct {
	sync.Mutex
	m     map[reKey]*pyre.Regexp
	lastS string
	lastR []rune
}{m: map[reKey]*pyre.Regexp{}}

const reCacheMax = 512

// reErr turns a pyre compile error into a Python exception. re.error is a
// class of the Python layer, so for it this returns a marker tuple
// ("error", msg, pos) that the Python side raises.
func (vm *VM) reCompile(pat string, flags int) (*pyre.Regexp, Value, error) {
	k := reKey{pat, flags}
	reCache.Lock()
	r, ok := reCache.m[k]
	reCache.Unlock()
	if ok {
		return r, heap.Undef, nil
	}
	r, err := pyre.Compile(pat, flags)
	if err != nil {
		var pe *pyre.Error
		var ve *pyre.ValueError
		var oe *pyre.OverflowError
		switch {
		case errors.As(err, &pe):
			pos := heap.None
			if pe.Pos >= 0 {
				pos = heap.Int(int64(pe.Pos))
			}
			return nil, vm.NewTuple([]Value{vm.NewStr("error"), vm.NewStr(pe.Msg), pos}), nil
		case errors.As(err, &ve):
			return nil, heap.Undef, vm.Errorf(TValueError, "%s", ve.Msg)
		case errors.As(err, &oe):
			return nil, heap.Undef, vm.Errorf(TOverflowError, "%s", oe.Msg)
		}
		return nil, heap.Undef, vm.Errorf(TValueError, "%s", err.Error())
	}
	reCache.Lock()
	if len(reCache.m) >= reCacheMax {
		reCache.m = map[reKey]*pyre.Regexp{}
	}
	reCache.m[k] = r
	reCache.Unlock()
	return r, heap.Undef, nil
}

func reRunes(s string) []rune {
	reCache.Lock()
	defer reCache.Unlock()
	if s == reCache.lastS && reCache.lastR != nil {
		return reCache.lastR
	}
	r := []rune(s)
	reCache.lastS, reCache.lastR = s, r
	return r
}

// reLimits makes the engine stop at the run's deadline.
func (vm *VM) reLimits() *pyre.Limits {
	return &pyre.Limits{Check: func() error {
		if vm.Limits.MaxDuration > 0 && vm.Clock != nil {
			if vm.Clock()-vm.runStart+vm.TimeUsed > vm.Limits.MaxDuration {
				return &Fatal{Kind: "duration", Msg: "time limit exceeded"}
			}
		}
		return nil
	}}
}

func (vm *VM) reMatchErr(err error) error {
	if errors.Is(err, pyre.ErrStepLimit) || errors.Is(err, pyre.ErrStackLimit) {
		return vm.Errorf(TRuntimeError, "%s", err.Error())
	}
	return err
}

// reArgs decodes (pattern, flags, string, pos, endpos).
type reCall struct {
	re         *pyre.Regexp
	s          string
	rs         []rune
	pos, end   int
	ascii      bool
	errMarker  Value
	failedComp bool
}

func (vm *VM) reArgs(a Args) (*reCall, error) {
	if len(a.Pos) < 5 {
		return nil, vm.Errorf(TTypeError, "_sre: bad call")
	}
	pat, ok1 := vm.StrOf(a.Pos[0])
	flags, ok2 := vm.IndexOf(a.Pos[1])
	s, ok3 := vm.StrOf(a.Pos[2])
	pos, ok4 := vm.IndexOf(a.Pos[3])
	end, ok5 := vm.IndexOf(a.Pos[4])
	if !ok1 || !ok2 || !ok4 || !ok5 {
		return nil, vm.Errorf(TTypeError, "_sre: bad arguments")
	}
	if !ok3 {
		return nil, vm.Errorf(TTypeError, "expected string or bytes-like object, got '%s'", vm.TypeName(a.Pos[2]))
	}
	r, marker, err := vm.reCompile(pat, int(flags))
	if err != nil {
		return nil, err
	}
	c := &reCall{re: r, s: s, errMarker: marker}
	if r == nil {
		c.failedComp = true
		return c, nil
	}
	c.rs = reRunes(s)
	c.ascii = len(c.rs) == len(s)
	n := int64(len(c.rs))
	if pos < 0 {
		pos = 0
	}
	if pos > n {
		pos = n
	}
	if end > n {
		end = n
	}
	if end < 0 {
		end = 0
	}
	c.pos, c.end = int(pos), int(end)
	return c, nil
}

func (c *reCall) sub(a, b int) string {
	if c.ascii {
		return c.s[a:b]
	}
	return string(c.rs[a:b])
}

func (vm *VM) reSpans(spans []int) Value {
	out := make([]Value, len(spans))
	for i, v := range spans {
		out[i] = heap.Int(int64(v))
	}
	return vm.NewTuple(out)
}

// reEach runs a search repeatedly, with CPython's rules for empty matches,
// calling fn for each match until it returns false or max matches ran.
func (vm *VM) reEach(c *reCall, max int, fn func(spans []int) bool) error {
	pos := c.pos
	mode := pyre.ModeSearch
	lim := vm.reLimits()
	for n := 0; max <= 0 || n < max; n++ {
		if pos > c.end {
			break
		}
		sp, err := c.re.Match(c.rs, pos, c.end, mode, lim)
		if err != nil {
			return vm.reMatchErr(err)
		}
		if sp == nil {
			break
		}
		if !fn(sp) {
			break
		}
		mode = pyre.ModeSearch
		if sp[0] == sp[1] {
			mode |= pyre.NotEmptyAt
		}
		pos = sp[1]
	}
	return nil
}

func (vm *VM) groupStr(c *reCall, sp []int, g int, unset Value) Value {
	if sp[2*g] < 0 {
		return unset
	}
	return vm.NewStr(c.sub(sp[2*g], sp[2*g+1]))
}

func init() {
	RegisterModule("_sre", func(vm *VM, m Value) error {
		// compile(pattern, flags) -> (flags, groups, groupindex) or the
		// error marker ("error", msg, pos).
		vm.ModuleFunc(m, "_sre.compile", func(vm *VM, _ Value, a Args) (Value, error) {
			pat, _ := vm.StrOf(a.Pos[0])
			flags, _ := vm.IndexOf(a.Pos[1])
			r, marker, err := vm.reCompile(pat, int(flags))
			if err != nil {
				return heap.Undef, err
			}
			if r == nil {
				return marker, nil
			}
			d := vm.NewDict()
			dd := vm.H.Get(d).(*heap.Dict)
			idx := r.GroupIndex()
			for _, n := range r.GroupNames() {
				vm.dictSet(dd, vm.NewStr(n), heap.Int(int64(idx[n])))
			}
			return vm.NewTuple([]Value{heap.Int(int64(r.Flags())), heap.Int(int64(r.NumGroups())), d}), nil
		})
		// find(pattern, flags, string, pos, endpos, mode) -> spans + (lastindex,) or None.
		vm.ModuleFunc(m, "_sre.find", func(vm *VM, _ Value, a Args) (Value, error) {
			c, err := vm.reArgs(a)
			if err != nil || c.failedComp {
				return c.marker(), err
			}
			mode, _ := vm.IndexOf(a.Pos[5])
			if c.pos > c.end {
				return heap.None, nil
			}
			sp, err := c.re.Match(c.rs, c.pos, c.end, int(mode), vm.reLimits())
			if err != nil {
				return heap.Undef, vm.reMatchErr(err)
			}
			if sp == nil {
				return heap.None, nil
			}
			return vm.reSpans(sp), nil
		})
		// spans(pattern, flags, string, pos, endpos, max) -> list of span tuples.
		vm.ModuleFunc(m, "_sre.spans", func(vm *VM, _ Value, a Args) (Value, error) {
			c, err := vm.reArgs(a)
			if err != nil || c.failedComp {
				return c.marker(), err
			}
			max, _ := vm.IndexOf(a.Pos[5])
			var out []Value
			err = vm.reEach(c, int(max), func(sp []int) bool {
				out = append(out, vm.reSpans(sp))
				return true
			})
			if err != nil {
				return heap.Undef, err
			}
			return vm.NewList(out), nil
		})
		// findall(pattern, flags, string, pos, endpos) -> list.
		vm.ModuleFunc(m, "_sre.findall", func(vm *VM, _ Value, a Args) (Value, error) {
			c, err := vm.reArgs(a)
			if err != nil || c.failedComp {
				return c.marker(), err
			}
			ng := c.re.NumGroups()
			empty := vm.NewStr("")
			var out []Value
			err = vm.reEach(c, 0, func(sp []int) bool {
				switch ng {
				case 0:
					out = append(out, vm.NewStr(c.sub(sp[0], sp[1])))
				case 1:
					out = append(out, vm.groupStr(c, sp, 1, empty))
				default:
					t := make([]Value, ng)
					for g := 1; g <= ng; g++ {
						t[g-1] = vm.groupStr(c, sp, g, empty)
					}
					out = append(out, vm.NewTuple(t))
				}
				return true
			})
			if err != nil {
				return heap.Undef, err
			}
			return vm.NewList(out), nil
		})
		// split(pattern, flags, string, 0, len, maxsplit) -> list.
		vm.ModuleFunc(m, "_sre.split", func(vm *VM, _ Value, a Args) (Value, error) {
			c, err := vm.reArgs(a)
			if err != nil || c.failedComp {
				return c.marker(), err
			}
			max, _ := vm.IndexOf(a.Pos[5])
			ng := c.re.NumGroups()
			var out []Value
			last := c.pos
			err = vm.reEach(c, int(max), func(sp []int) bool {
				out = append(out, vm.NewStr(c.sub(last, sp[0])))
				for g := 1; g <= ng; g++ {
					out = append(out, vm.groupStr(c, sp, g, heap.None))
				}
				last = sp[1]
				return true
			})
			if err != nil {
				return heap.Undef, err
			}
			out = append(out, vm.NewStr(c.sub(last, len(c.rs))))
			return vm.NewList(out), nil
		})
		// template(pattern, flags, repl) -> list of str and int, or a
		// marker ("error", msg, pos) / ("index", msg).
		vm.ModuleFunc(m, "_sre.template", func(vm *VM, _ Value, a Args) (Value, error) {
			pat, _ := vm.StrOf(a.Pos[0])
			flags, _ := vm.IndexOf(a.Pos[1])
			tmpl, ok := vm.StrOf(a.Pos[2])
			if !ok {
				return heap.Undef, vm.Errorf(TTypeError, "expected str instance, %s found", vm.TypeName(a.Pos[2]))
			}
			r, marker, err := vm.reCompile(pat, int(flags))
			if err != nil || r == nil {
				return marker, err
			}
			items, err := r.ParseTemplate(tmpl)
			if err != nil {
				var pe *pyre.Error
				var ie *pyre.IndexError
				if errors.As(err, &pe) {
					return vm.NewTuple([]Value{vm.NewStr("error"), vm.NewStr(pe.Msg), heap.Int(int64(pe.Pos))}), nil
				}
				if errors.As(err, &ie) {
					return heap.Undef, vm.Errorf(TIndexError, "%s", ie.Msg)
				}
				return heap.Undef, err
			}
			out := make([]Value, len(items))
			for i, it := range items {
				if it.Group >= 0 {
					out[i] = heap.Int(int64(it.Group))
				} else {
					out[i] = vm.NewStr(it.Lit)
				}
			}
			return vm.NewList(out), nil
		})
		// subt(pattern, flags, string, 0, len, count, items) -> (str, n):
		// sub with a parsed template.
		vm.ModuleFunc(m, "_sre.subt", func(vm *VM, _ Value, a Args) (Value, error) {
			c, err := vm.reArgs(a)
			if err != nil || c.failedComp {
				return c.marker(), err
			}
			count, _ := vm.IndexOf(a.Pos[5])
			items, _ := vm.ListOf(a.Pos[6])
			type piece struct {
				lit   string
				group int
			}
			pieces := make([]piece, len(items.Items))
			for i, it := range items.Items {
				if s, ok := vm.StrOf(it); ok {
					pieces[i] = piece{lit: s, group: -1}
				} else {
					g, _ := vm.IndexOf(it)
					pieces[i] = piece{group: int(g)}
				}
			}
			var b []byte
			last, n := 0, 0
			err = vm.reEach(c, int(count), func(sp []int) bool {
				b = append(b, c.sub(last, sp[0])...)
				for _, p := range pieces {
					if p.group < 0 {
						b = append(b, p.lit...)
					} else if sp[2*p.group] >= 0 {
						b = append(b, c.sub(sp[2*p.group], sp[2*p.group+1])...)
					}
				}
				last = sp[1]
				n++
				return true
			})
			if err != nil {
				return heap.Undef, err
			}
			b = append(b, c.sub(last, len(c.rs))...)
			return vm.NewTuple([]Value{vm.NewStr(string(b)), heap.Int(int64(n))}), nil
		})
		return nil
	})
	RegisterPythonModule("re", reSrc)
}

func (c *reCall) marker() Value {
	if c == nil {
		return heap.Undef
	}
	return c.errMarker
}

// reSrc is the re module. It is Python source inside a Go raw string, so a
// backslash here is a backslash in Python: write "\\" for one.
const reSrc = `
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
`
