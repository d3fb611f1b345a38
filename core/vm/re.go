package vm

import (
	"regexp"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/heap"
)

// The re module is Python code (reSrc) over one primitive, _sre.find, that
// runs Go's RE2 engine. Patterns RE2 cannot express (backreferences,
// lookaround) raise re.error.

var reCache = map[string]*regexp.Regexp{}

func (vm *VM) compileRe(pat string, flags int64) (*regexp.Regexp, error) {
	prefix := ""
	if flags&2 != 0 {
		prefix += "i"
	}
	if flags&8 != 0 {
		prefix += "m"
	}
	if flags&16 != 0 {
		prefix += "s"
	}
	src := pat
	if prefix != "" {
		src = "(?" + prefix + ")" + pat
	}
	if r, ok := reCache[src]; ok {
		return r, nil
	}
	r, err := regexp.Compile(src)
	if err != nil {
		return nil, vm.Errorf(TValueError, "re.error: %v", err)
	}
	reCache[src] = r
	return r, nil
}

func init() {
	RegisterModule("_sre", func(vm *VM, m Value) error {
		// find(pattern, flags, string, pos, mode) -> tuple of code-point
		// offsets (start, end per group; -1 when a group did not take part)
		// or None. mode: 0 search, 1 match, 2 fullmatch.
		vm.ModuleFunc(m, "_sre.find", func(vm *VM, _ Value, a Args) (Value, error) {
			pat, _ := vm.StrOf(a.Pos[0])
			flags, _ := vm.IndexOf(a.Pos[1])
			s, _ := vm.StrOf(a.Pos[2])
			pos, _ := vm.IndexOf(a.Pos[3])
			mode, _ := vm.IndexOf(a.Pos[4])
			switch mode {
			case 1:
				pat = `\A(?:` + pat + `)`
			case 2:
				pat = `\A(?:` + pat + `)\z`
			}
			r, err := vm.compileRe(pat, flags)
			if err != nil {
				return heap.Undef, err
			}
			// pos is in code points; convert to a byte offset.
			bpos := 0
			for i := int64(0); i < pos && bpos < len(s); i++ {
				_, n := utf8.DecodeRuneInString(s[bpos:])
				bpos += n
			}
			var loc []int
			if mode == 0 {
				loc = r.FindStringSubmatchIndex(s[bpos:])
			} else {
				loc = r.FindStringSubmatchIndex(s[bpos:])
			}
			if loc == nil {
				return heap.None, nil
			}
			out := make([]Value, len(loc))
			for i, b := range loc {
				if b < 0 {
					out[i] = heap.Int(-1)
					continue
				}
				out[i] = heap.Int(int64(utf8.RuneCountInString(s[:bpos+b])))
			}
			return vm.NewTuple(out), nil
		})
		vm.ModuleFunc(m, "_sre.groupindex", func(vm *VM, _ Value, a Args) (Value, error) {
			pat, _ := vm.StrOf(a.Pos[0])
			flags, _ := vm.IndexOf(a.Pos[1])
			r, err := vm.compileRe(pat, flags)
			if err != nil {
				return heap.Undef, err
			}
			d := vm.NewDict()
			dd := vm.H.Get(d).(*heap.Dict)
			for i, n := range r.SubexpNames() {
				if n != "" {
					vm.dictSet(dd, vm.NewStr(n), heap.Int(int64(i)))
				}
			}
			return vm.NewTuple([]Value{heap.Int(int64(r.NumSubexp())), d}), nil
		})
		return nil
	})
	RegisterPythonModule("re", reSrc)
}

const reSrc = `
import _sre

IGNORECASE = I = 2
MULTILINE = M = 8
DOTALL = S = 16
VERBOSE = X = 64
ASCII = A = 256

class error(Exception):
    pass

class Match:
    def __init__(self, pattern, string, spans, pos):
        self.re = pattern
        self.string = string
        self._spans = spans
        self.pos = pos

    def span(self, group=0):
        group = self._index(group)
        return (self._spans[2 * group], self._spans[2 * group + 1])

    def start(self, group=0):
        return self.span(group)[0]

    def end(self, group=0):
        return self.span(group)[1]

    def _index(self, g):
        if isinstance(g, str):
            if g not in self.re.groupindex:
                raise IndexError("no such group")
            return self.re.groupindex[g]
        if g < 0 or g > self.re.groups:
            raise IndexError("no such group")
        return g

    def _group(self, g, default=None):
        s, e = self.span(g)
        if s < 0:
            return default
        return self.string[s:e]

    def group(self, *groups):
        if not groups:
            return self._group(0)
        if len(groups) == 1:
            return self._group(groups[0])
        return tuple(self._group(g) for g in groups)

    def __getitem__(self, g):
        return self._group(g)

    def groups(self, default=None):
        return tuple(self._group(i, default) for i in range(1, self.re.groups + 1))

    def groupdict(self, default=None):
        return {name: self._group(i, default) for name, i in self.re.groupindex.items()}

    @property
    def lastindex(self):
        last = None
        for i in range(1, self.re.groups + 1):
            if self._spans[2 * i] >= 0:
                last = i
        return last

    def expand(self, template):
        return _expand(self, template)

    def __bool__(self):
        return True

    def __repr__(self):
        return f"<re.Match object; span={self.span()!r}, match={self.group()!r}>"

def _strip_verbose(p):
    out = []
    i = 0
    in_class = False
    while i < len(p):
        c = p[i]
        if c == "\\\\" and i + 1 < len(p):
            out.append(p[i:i+2])
            i += 2
            continue
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        if not in_class:
            if c in " \\t\\n\\r\\f\\v":
                i += 1
                continue
            if c == "#":
                while i < len(p) and p[i] != "\\n":
                    i += 1
                continue
        out.append(c)
        i += 1
    return "".join(out)

class Pattern:
    def __init__(self, pattern, flags):
        self.pattern = pattern
        self.flags = flags
        src = pattern
        if flags & VERBOSE:
            src = _strip_verbose(src)
        self._src = src
        self.groups, self.groupindex = _sre.groupindex(src, flags)

    def _find(self, string, pos, mode):
        spans = _sre.find(self._src, self.flags, string, pos, mode)
        if spans is None:
            return None
        return Match(self, string, spans, pos)

    def search(self, string, pos=0):
        return self._find(string, pos, 0)

    def match(self, string, pos=0):
        return self._find(string, pos, 1)

    def fullmatch(self, string, pos=0):
        return self._find(string, pos, 2)

    def finditer(self, string):
        pos = 0
        n = len(string)
        while pos <= n:
            m = self._find(string, pos, 0)
            if m is None:
                return
            yield m
            s, e = m.span()
            pos = e + 1 if e == s else e

    def findall(self, string):
        out = []
        for m in self.finditer(string):
            if self.groups == 0:
                out.append(m.group())
            elif self.groups == 1:
                out.append(m._group(1, ""))
            else:
                out.append(m.groups(""))
        return out

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]

    def subn(self, repl, string, count=0):
        out = []
        last = 0
        n = 0
        for m in self.finditer(string):
            if count and n >= count:
                break
            s, e = m.span()
            out.append(string[last:s])
            out.append(repl(m) if callable(repl) else _expand(m, repl))
            last = e
            n += 1
        out.append(string[last:])
        return "".join(out), n

    def split(self, string, maxsplit=0):
        out = []
        last = 0
        n = 0
        for m in self.finditer(string):
            if maxsplit and n >= maxsplit:
                break
            s, e = m.span()
            if s == e and s == 0 and False:
                continue
            out.append(string[last:s])
            out.extend(m.groups())
            last = e
            n += 1
        out.append(string[last:])
        return out

    def __repr__(self):
        return f"re.compile({self.pattern!r})"

def _expand(m, template):
    out = []
    i = 0
    while i < len(template):
        c = template[i]
        if c == "\\\\" and i + 1 < len(template):
            d = template[i + 1]
            if d.isdigit():
                j = i + 1
                while j < len(template) and template[j].isdigit() and j < i + 3:
                    j += 1
                out.append(m._group(int(template[i + 1:j]), ""))
                i = j
                continue
            if d == "g" and template[i + 2:i + 3] == "<":
                j = template.index(">", i)
                name = template[i + 3:j]
                out.append(m._group(int(name) if name.isdigit() else name, ""))
                i = j + 1
                continue
            out.append({"n": "\\n", "t": "\\t", "\\\\": "\\\\"}.get(d, "\\\\" + d))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)

_cache = {}

def compile(pattern, flags=0):
    if isinstance(pattern, Pattern):
        return pattern
    key = (pattern, flags)
    p = _cache.get(key)
    if p is None:
        p = Pattern(pattern, flags)
        _cache[key] = p
    return p

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

def escape(pattern):
    special = set("()[]{}?*+-|^$\\\\.&~# \\t\\n\\r\\v\\f")
    return "".join("\\\\" + c if c in special else c for c in pattern)
`
