package stdlib

import (
	"errors"
	py "github.com/amber-sandbox/amber/core/internal/vm"
	"strings"
	"sync"

	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/pyre"
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
	m map[reKey]*pyre.Regexp
	// The runes of the last two subjects: programs often alternate
	// between a text and one derived from it (sub, then findall).
	lastS, prevS string
	lastR, prevR []rune
}{m: map[reKey]*pyre.Regexp{}}

const reCacheMax = 512

// reErr turns a pyre compile error into a Python exception. re.error is a
// class of the Python layer, so for it this returns a marker tuple
// ("error", msg, pos) that the Python side raises.
func reCompile(vm *py.VM, pat string, flags int) (*pyre.Regexp, py.Value, error) {
	// Parsing and compiling take a few hundred bytes of Go memory per
	// character of the pattern (its tree and program), measured: held
	// against the memory limit first, and a long pattern meets the
	// deadline as it is compiled. Reserved whether or not the cache
	// (shared by every session) holds the pattern, so that what another
	// session compiled does not change what this one may do.
	if err := vm.ReserveMul(256, int64(len(pat))); err != nil {
		return nil, heap.Undef, err
	}
	k := reKey{pat, flags}
	reCache.Lock()
	r, ok := reCache.m[k]
	reCache.Unlock()
	if ok {
		return r, heap.Undef, nil
	}
	r, err := pyre.CompileChecked(pat, flags, vm.DeadlineErr)
	if err != nil {
		if f := (*py.Fatal)(nil); errors.As(err, &f) {
			return nil, heap.Undef, err
		}
		var pe *pyre.Error
		var ve *pyre.ValueError
		var oe *pyre.OverflowError
		var rec *pyre.RecursionError
		switch {
		case errors.As(err, &rec):
			return nil, heap.Undef, vm.Errorf(py.TRecursionError, "%s", rec.Error())
		case errors.As(err, &pe):
			pos := heap.None
			if pe.Pos >= 0 {
				pos = heap.Int(int64(pe.Pos))
			}
			return nil, vm.NewTuple([]py.Value{vm.NewStr("error"), vm.NewStr(pe.Msg), pos}), nil
		case errors.As(err, &ve):
			return nil, heap.Undef, vm.Errorf(py.TValueError, "%s", ve.Msg)
		case errors.As(err, &oe):
			return nil, heap.Undef, vm.Errorf(py.TOverflowError, "%s", oe.Msg)
		}
		return nil, heap.Undef, vm.Errorf(py.TValueError, "%s", err.Error())
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
	if s == reCache.prevS && reCache.prevR != nil {
		reCache.lastS, reCache.prevS = reCache.prevS, reCache.lastS
		reCache.lastR, reCache.prevR = reCache.prevR, reCache.lastR
		return reCache.lastR
	}
	r := []rune(s)
	reCache.prevS, reCache.prevR = reCache.lastS, reCache.lastR
	reCache.lastS, reCache.lastR = s, r
	return r
}

// reLimits makes the engine stop at the run's deadline.
func reLimits(vm *py.VM) *pyre.Limits {
	return &pyre.Limits{Check: vm.DeadlineErr}
}

func reMatchErr(vm *py.VM, err error) error {
	if errors.Is(err, pyre.ErrStepLimit) || errors.Is(err, pyre.ErrStackLimit) {
		return vm.Errorf(py.TRuntimeError, "%s", err.Error())
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
	errMarker  py.Value
	failedComp bool
}

func reArgs(vm *py.VM, a py.Args) (*reCall, error) {
	if len(a.Pos) < 5 {
		return nil, vm.Errorf(py.TTypeError, "_sre: bad call")
	}
	pat, ok1 := vm.StrOf(a.Pos[0])
	flags, ok2 := vm.IndexOf(a.Pos[1])
	s, ok3 := vm.StrOf(a.Pos[2])
	pos, ok4 := vm.IndexOf(a.Pos[3])
	end, ok5 := vm.IndexOf(a.Pos[4])
	if !ok1 || !ok2 || !ok4 || !ok5 {
		return nil, vm.Errorf(py.TTypeError, "_sre: bad arguments")
	}
	if !ok3 {
		return nil, vm.Errorf(py.TTypeError, "expected string or bytes-like object, got '%s'", vm.TypeName(a.Pos[2]))
	}
	r, marker, err := reCompile(vm, pat, int(flags))
	if err != nil {
		return nil, err
	}
	c := &reCall{re: r, s: s, errMarker: marker}
	if r == nil {
		c.failedComp = true
		return c, nil
	}
	// The engine reads code points: four bytes each, beside the str.
	// Accounted whether or not the cache holds them (what another
	// session left there must not change what this one may do).
	if err := vm.Reserve(4 * int64(len(s))); err != nil {
		return nil, err
	}
	if err := vm.MeetDeadline(len(s)); err != nil {
		return nil, err
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

func reSpans(vm *py.VM, spans []int) py.Value {
	out := make([]py.Value, len(spans))
	for i, v := range spans {
		out[i] = heap.Int(int64(v))
	}
	return vm.NewTuple(out)
}

// reEach runs a search repeatedly, with CPython's rules for empty matches,
// calling fn for each match until it returns false or max matches ran.
func reEach(vm *py.VM, c *reCall, max int, fn func(spans []int) bool) error {
	pos := c.pos
	mode := pyre.ModeSearch
	lim := reLimits(vm)
	for n := 0; max <= 0 || n < max; n++ {
		if pos > c.end {
			break
		}
		sp, err := c.re.Match(c.rs, pos, c.end, mode, lim)
		if err != nil {
			return reMatchErr(vm, err)
		}
		if sp == nil {
			break
		}
		if !fn(sp) {
			break
		}
		// Many short matches never reach the engine's own polling:
		// the deadline is checked between matches too, and what the
		// matches made so far is held against the memory limit.
		if n&255 == 255 {
			if err := vm.DeadlineErr(); err != nil {
				return err
			}
			if err := vm.Reserve(0); err != nil {
				return err
			}
		}
		mode = pyre.ModeSearch
		if sp[0] == sp[1] {
			mode |= pyre.NotEmptyAt
		}
		pos = sp[1]
	}
	return nil
}

func groupStr(vm *py.VM, c *reCall, sp []int, g int, unset py.Value) py.Value {
	if sp[2*g] < 0 {
		return unset
	}
	return vm.NewStr(c.sub(sp[2*g], sp[2*g+1]))
}

func initSre(vm *py.VM, m py.Value) error {
	// compile(pattern, flags) -> (flags, groups, groupindex) or the
	// error marker ("error", msg, pos).
	vm.ModuleFunc(m, "_sre.compile", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		pat, _ := vm.StrOf(a.Pos[0])
		flags, _ := vm.IndexOf(a.Pos[1])
		r, marker, err := reCompile(vm, pat, int(flags))
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
			vm.DictSet(dd, vm.NewStr(n), heap.Int(int64(idx[n])))
		}
		return vm.NewTuple([]py.Value{heap.Int(int64(r.Flags())), heap.Int(int64(r.NumGroups())), d}), nil
	})
	// find(pattern, flags, string, pos, endpos, mode) -> spans + (lastindex,) or None.
	vm.ModuleFunc(m, "_sre.find", reFunc(func(vm *py.VM, c *reCall, a py.Args) (py.Value, error) {
		mode, _ := vm.IndexOf(a.Pos[5])
		if c.pos > c.end {
			return heap.None, nil
		}
		sp, err := c.re.Match(c.rs, c.pos, c.end, int(mode), reLimits(vm))
		if err != nil {
			return heap.Undef, reMatchErr(vm, err)
		}
		if sp == nil {
			return heap.None, nil
		}
		return reSpans(vm, sp), nil
	}))
	// spans(pattern, flags, string, pos, endpos, max) -> list of span tuples.
	vm.ModuleFunc(m, "_sre.spans", reFunc(func(vm *py.VM, c *reCall, a py.Args) (py.Value, error) {
		max, _ := vm.IndexOf(a.Pos[5])
		return reList(vm, c, int(max), func(sp []int) py.Value { return reSpans(vm, sp) })
	}))
	// findall(pattern, flags, string, pos, endpos) -> list.
	vm.ModuleFunc(m, "_sre.findall", reFunc(func(vm *py.VM, c *reCall, a py.Args) (py.Value, error) {
		ng := c.re.NumGroups()
		empty := vm.NewStr("")
		return reList(vm, c, 0, func(sp []int) py.Value {
			switch ng {
			case 0:
				return vm.NewStr(c.sub(sp[0], sp[1]))
			case 1:
				return groupStr(vm, c, sp, 1, empty)
			}
			t := make([]py.Value, ng)
			for g := 1; g <= ng; g++ {
				t[g-1] = groupStr(vm, c, sp, g, empty)
			}
			return vm.NewTuple(t)
		})
	}))
	// split(pattern, flags, string, 0, len, maxsplit) -> list.
	vm.ModuleFunc(m, "_sre.split", reFunc(func(vm *py.VM, c *reCall, a py.Args) (py.Value, error) {
		max, _ := vm.IndexOf(a.Pos[5])
		ng := c.re.NumGroups()
		var out []py.Value
		var memErr error
		last := c.pos
		err := reEach(vm, c, int(max), func(sp []int) bool {
			if len(out)+ng+1 > cap(out) {
				if memErr = vm.ReserveMul(16, int64(2*cap(out)+ng+1)); memErr != nil {
					return false
				}
			}
			out = append(out, vm.NewStr(c.sub(last, sp[0])))
			for g := 1; g <= ng; g++ {
				out = append(out, groupStr(vm, c, sp, g, heap.None))
			}
			last = sp[1]
			return true
		})
		if err == nil {
			err = memErr
		}
		if err != nil {
			return heap.Undef, err
		}
		out = append(out, vm.NewStr(c.sub(last, len(c.rs))))
		return vm.NewList(out), nil
	}))
	// template(pattern, flags, repl) -> list of str and int, or a
	// marker ("error", msg, pos) / ("index", msg).
	vm.ModuleFunc(m, "_sre.template", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		pat, _ := vm.StrOf(a.Pos[0])
		flags, _ := vm.IndexOf(a.Pos[1])
		tmpl, ok := vm.StrOf(a.Pos[2])
		if !ok {
			return heap.Undef, vm.Errorf(py.TTypeError, "expected str instance, %s found", vm.TypeName(a.Pos[2]))
		}
		r, marker, err := reCompile(vm, pat, int(flags))
		if err != nil || r == nil {
			return marker, err
		}
		// Parsing takes the template as runes (four bytes a character) and
		// makes an item (24 bytes, grown by appending) and a list slot (16)
		// for each escape and each literal run between them.
		items := 2*int64(strings.Count(tmpl, "\\")) + 1
		if err := vm.Reserve(4*int64(len(tmpl)) + (27+16)*items); err != nil {
			return heap.Undef, err
		}
		parsed, err := r.ParseTemplate(tmpl)
		if err != nil {
			var pe *pyre.Error
			var ie *pyre.IndexError
			if errors.As(err, &pe) {
				return vm.NewTuple([]py.Value{vm.NewStr("error"), vm.NewStr(pe.Msg), heap.Int(int64(pe.Pos))}), nil
			}
			if errors.As(err, &ie) {
				return heap.Undef, vm.Errorf(py.TIndexError, "%s", ie.Msg)
			}
			return heap.Undef, err
		}
		out := make([]py.Value, len(parsed))
		for i, it := range parsed {
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
	vm.ModuleFunc(m, "_sre.subt", reFunc(func(vm *py.VM, c *reCall, a py.Args) (py.Value, error) {
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
		var memErr error
		// A long template repeated per match multiplies the size: each
		// piece is accounted as it is added.
		add := func(p string) bool {
			b, memErr = py.AppendAccounted(vm, b, p)
			return memErr == nil
		}
		err := reEach(vm, c, int(count), func(sp []int) bool {
			if !add(c.sub(last, sp[0])) {
				return false
			}
			for _, p := range pieces {
				if p.group < 0 {
					if !add(p.lit) {
						return false
					}
				} else if sp[2*p.group] >= 0 && !add(c.sub(sp[2*p.group], sp[2*p.group+1])) {
					return false
				}
			}
			last = sp[1]
			n++
			return true
		})
		if err == nil && memErr == nil && add(c.sub(last, len(c.rs))) {
			// string(b) copies b.
			memErr = vm.Reserve(int64(len(b)))
		}
		if err == nil {
			err = memErr
		}
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewTuple([]py.Value{vm.NewStr(string(b)), heap.Int(int64(n))}), nil
	}))
	return nil
}

// reFunc is a _sre function of a pattern and a string (see reArgs); a
// pattern that does not compile answers its error marker instead.
func reFunc(f func(vm *py.VM, c *reCall, a py.Args) (py.Value, error)) py.BuiltinFn {
	return func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		c, err := reArgs(vm, a)
		if err != nil || c.failedComp {
			return c.marker(), err
		}
		return f(vm, c, a)
	}
}

// reList lists item(spans) of each match, up to max (0: all).
func reList(vm *py.VM, c *reCall, max int, item func(spans []int) py.Value) (py.Value, error) {
	var out []py.Value
	var memErr error
	err := reEach(vm, c, max, func(sp []int) bool {
		// The list's slots are Go memory the heap does not count yet:
		// reserved as the slice grows (the items are counted as made).
		if len(out) == cap(out) {
			if memErr = vm.ReserveMul(16, int64(2*cap(out)+1)); memErr != nil {
				return false
			}
		}
		out = append(out, item(sp))
		return true
	})
	if err == nil {
		err = memErr
	}
	if err != nil {
		return heap.Undef, err
	}
	return vm.NewList(out), nil
}

func (c *reCall) marker() py.Value {
	if c == nil {
		return heap.Undef
	}
	return c.errMarker
}
