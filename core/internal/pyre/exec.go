package pyre

import (
	"errors"
	"sync"
)

// Match modes.
const (
	ModeSearch = iota
	ModeMatch
	ModeFullMatch
)

// NotEmptyAt, or'd into a mode, rejects an empty match at pos itself (the
// rule finditer, sub and split use after an empty match).
const NotEmptyAt = 4

// DefaultMaxSteps bounds one Match call when Limits gives no budget.
const DefaultMaxSteps = 100_000_000

// DefaultMaxStack bounds the backtracking stack (entries of 16 bytes).
const DefaultMaxStack = 4 << 20

// ErrStepLimit is returned when a match runs out of its step budget.
var ErrStepLimit = errors.New("regular expression step limit exceeded")

// ErrStackLimit is returned when backtracking state would grow too large.
var ErrStackLimit = errors.New("regular expression backtracking stack limit exceeded")

// Limits bound the work of one Match call.
type Limits struct {
	// MaxSteps is the step budget; 0 means DefaultMaxSteps.
	MaxSteps int64
	// MaxStack bounds the backtracking stack; 0 means DefaultMaxStack.
	MaxStack int
	// Check, when set, is called every few thousand steps; a non-nil
	// error stops the match and is returned (a deadline, say).
	Check func() error
	// Steps, when set, accumulates the steps used.
	Steps *int64
}

// Regexp is a compiled pattern. It is safe for concurrent use.
type Regexp struct {
	pattern   string
	flags     int
	prog      []inst
	ngroups   int
	loops     int
	names     map[string]int
	nameOrder []string
	first     *firstSet // nil when any position may start a match
	anchored  bool      // starts with \A (or ^ without MULTILINE)
	pool      sync.Pool
}

// Compile parses pattern with flags (Python's values) into a Regexp.
// Errors are *Error (re.error), *ValueError, *OverflowError or
// *RecursionError.
func Compile(pattern string, flags int) (*Regexp, error) {
	return CompileChecked(pattern, flags, nil)
}

// CompileChecked is Compile that calls check every few thousand items of
// the pattern and stops with its error: a long pattern meets a deadline.
func CompileChecked(pattern string, flags int, check func() error) (*Regexp, error) {
	root, st, err := parse(pattern, flags, check)
	if err != nil {
		return nil, err
	}
	// About one instruction per character of the pattern: growing the
	// program by appends copied it at each doubling.
	c := &compiler{check: check, prog: make([]inst, 0, min(len(pattern), 1<<16)+1)}
	c.compile(root)
	if c.err != nil {
		return nil, c.err
	}
	c.emit(inst{op: opMatch})
	re := &Regexp{pattern: pattern, flags: st.flags, prog: c.prog, ngroups: st.groups() - 1, loops: c.loops, names: st.groupNames, nameOrder: st.names}
	f := &firstSet{}
	if !first(root, f) && !f.all {
		re.first = f
	}
	re.anchored = anchoredStart(root)
	return re, nil
}

func anchoredStart(n *node) bool {
	for n != nil {
		switch n.kind {
		case nAt:
			return n.at == atBeginningString || n.at == atBeginning && n.flags&MULTILINE == 0
		case nCat:
			if len(n.subs) == 0 {
				return false
			}
			n = n.subs[0]
		case nGroup, nAtomic:
			n = n.subs[0]
		default:
			return false
		}
	}
	return false
}

// Pattern returns the source pattern.
func (re *Regexp) Pattern() string { return re.pattern }

// Flags returns the effective flags, like Pattern.flags in Python.
func (re *Regexp) Flags() int { return re.flags }

// NumGroups returns the number of capturing groups.
func (re *Regexp) NumGroups() int { return re.ngroups }

// GroupIndex maps group names to numbers.
func (re *Regexp) GroupIndex() map[string]int {
	m := make(map[string]int, len(re.names))
	for k, v := range re.names {
		m[k] = v
	}
	return m
}

// GroupNames returns the group names in the order they were defined.
func (re *Regexp) GroupNames() []string { return append([]string(nil), re.nameOrder...) }

type btKind uint8

const (
	btChoice btKind = iota // resume at pc, pos
	btSlot                 // restore slots[a] = pos
	btRep                  // restore counts[pc] = a, lasts[pc] = pos
	btStar                 // greedy single-char repeat: pos is the lowest end, a the current end
	btLazy                 // lazy single-char repeat: pos is the current end, a the highest
	btLook                 // lookaround mark: pc of opLook, pos the position it started at
	btAtomic               // atomic group mark
)

type entry struct {
	kind btKind
	pc   int32
	pos  int32
	a    int32
}

type machine struct {
	re        *Regexp
	s         []rune
	end       int
	full      bool
	rejectAt  int
	slots     []int32 // 2 per group, then lastindex
	counts    []int32
	lasts     []int32
	stack     []entry
	steps     int64
	nextCheck int64
	limit     int64
	maxStk    int
	check     func() error
	err       error
}

// Match runs the pattern on s[:endpos] starting at pos, in mode
// (ModeSearch, ModeMatch or ModeFullMatch). It returns nil when there is no
// match, or 2*(NumGroups()+1)+1 ints: the start and end of each group
// (-1 when unset), then the lastindex (-1 when no group closed).
// lim may be nil.
func (re *Regexp) Match(s []rune, pos, endpos, mode int, lim *Limits) ([]int, error) {
	if endpos > len(s) {
		endpos = len(s)
	}
	if pos < 0 {
		pos = 0
	}
	if endpos < pos {
		return nil, nil
	}
	rejectAt := -1
	if mode&NotEmptyAt != 0 {
		rejectAt = pos
		mode &^= NotEmptyAt
	}
	m, _ := re.pool.Get().(*machine)
	if m == nil {
		m = &machine{re: re, slots: make([]int32, 2*(re.ngroups+1)+1), counts: make([]int32, re.loops), lasts: make([]int32, re.loops)}
	}
	defer func() {
		m.s = nil
		m.check = nil
		m.err = nil
		if cap(m.stack) > 1<<16 {
			m.stack = nil
		}
		re.pool.Put(m)
	}()
	m.s, m.end, m.full, m.rejectAt = s, endpos, mode == ModeFullMatch, rejectAt
	m.nextCheck = 4096
	m.steps, m.limit, m.maxStk, m.check = 0, DefaultMaxSteps, DefaultMaxStack, nil
	if lim != nil {
		if lim.MaxSteps > 0 {
			m.limit = lim.MaxSteps
		}
		if lim.MaxStack > 0 {
			m.maxStk = lim.MaxStack
		}
		m.check = lim.Check
		if lim.Steps != nil {
			defer func() { *lim.Steps += m.steps }()
		}
	}
	found := false
	if mode != ModeSearch || re.anchored {
		found = m.try(pos)
	} else {
		f := re.first
		for start := pos; start <= endpos; start++ {
			if f != nil {
				for start < endpos && !f.has(s[start]) {
					start++
				}
				if start >= endpos {
					break
				}
			}
			if m.try(start) {
				found = true
				break
			}
			if m.err != nil {
				break
			}
			m.steps++
		}
	}
	if m.err != nil {
		return nil, m.err
	}
	if !found {
		return nil, nil
	}
	out := make([]int, len(m.slots))
	for i, v := range m.slots {
		out[i] = int(v)
	}
	return out, nil
}

func (m *machine) try(start int) bool {
	for i := range m.slots {
		m.slots[i] = -1
	}
	m.stack = m.stack[:0]
	if m.run(start) {
		m.slots[0] = int32(start)
		return true
	}
	return false
}

func (m *machine) push(e entry) bool {
	if len(m.stack) >= m.maxStk {
		m.err = ErrStackLimit
		return false
	}
	m.stack = append(m.stack, e)
	return true
}

func (m *machine) setSlot(i int, v int) bool {
	if !m.push(entry{kind: btSlot, a: int32(i), pos: m.slots[i]}) {
		return false
	}
	m.slots[i] = int32(v)
	return true
}

func (m *machine) setRep(id int, count, last int32) bool {
	if !m.push(entry{kind: btRep, pc: int32(id), a: m.counts[id], pos: m.lasts[id]}) {
		return false
	}
	m.counts[id], m.lasts[id] = count, last
	return true
}

// one reports whether the single-character instruction in matches c.
func one(in *inst, c rune) bool {
	switch in.op {
	case opChar:
		return c == in.r
	case opNotChar:
		return c != in.r
	case opAny:
		return c != '\n'
	case opAnyAll:
		return true
	case opClass:
		return in.cls.matches(c)
	case opCharFold:
		for _, r := range in.rs {
			if c == r {
				return true
			}
		}
		return false
	case opNotCharFold:
		for _, r := range in.rs {
			if c == r {
				return false
			}
		}
		return true
	}
	return false
}

func (m *machine) at(in *inst, pos int) bool {
	s, end := m.s, m.end
	switch in.at {
	case atBeginning:
		return pos == 0 || in.fold && s[pos-1] == '\n'
	case atEnd:
		if in.fold {
			return pos == end || s[pos] == '\n'
		}
		return pos == end || pos == end-1 && s[pos] == '\n'
	case atBeginningString:
		return pos == 0
	case atEndString:
		return pos == end
	case atBoundary, atNonBoundary:
		if end == 0 {
			return false
		}
		before := pos > 0 && isWord(s[pos-1], in.ascii)
		after := pos < end && isWord(s[pos], in.ascii)
		return (before != after) == (in.at == atBoundary)
	}
	return false
}

func equalFold(a, b rune, ascii bool) bool {
	if a == b {
		return true
	}
	eq := false
	foldEach(a, ascii, func(g rune) bool {
		eq = g == b
		return eq
	})
	return eq
}

// run matches from pos; on success slots[1] holds the end.
func (m *machine) run(pos int) bool {
	prog := m.re.prog
	s, end := m.s, m.end
	base := len(m.stack)
	pc := 0
	start := pos
	for {
		m.steps++
		if m.steps >= m.nextCheck && !m.budget() {
			return false
		}
		in := &prog[pc]
		ok := true
		switch in.op {
		case opChar:
			if pos < end && s[pos] == in.r {
				pos++
				pc++
				continue
			}
			ok = false
		case opClass:
			if pos < end && in.cls.matches(s[pos]) {
				pos++
				pc++
				continue
			}
			ok = false
		case opNotChar, opAny, opAnyAll, opCharFold, opNotCharFold:
			if pos < end && one(in, s[pos]) {
				pos++
				pc++
				continue
			}
			ok = false
		case opMatch:
			if m.full && pos != end || pos == start && start == m.rejectAt {
				ok = false
				break
			}
			m.slots[1] = int32(pos)
			return true
		case opAt:
			if m.at(in, pos) {
				pc++
				continue
			}
			ok = false
		case opSave:
			if !m.setSlot(in.x, pos) {
				return false
			}
			if in.x&1 == 1 {
				if !m.setSlot(len(m.slots)-1, in.x/2) {
					return false
				}
			}
			pc++
		case opSplit:
			if !m.push(entry{kind: btChoice, pc: int32(in.y), pos: int32(pos)}) {
				return false
			}
			pc = in.x
		case opJmp:
			pc = in.x
		case opStar:
			item := in.item
			n := 0
			max := in.max
			if in.mode == lazy {
				max = in.min
			}
			lim := end - pos
			if max < lim {
				lim = max
			}
			if item.op == opClass {
				// The common run of a class (\w+, [a-z]*, \d{4}): the
				// ASCII bitmap inline, no call per character.
				c := item.cls
				for n < lim {
					r := s[pos+n]
					if r < 128 {
						if c.bits[r>>6]&(1<<(r&63)) == 0 {
							break
						}
					} else if !c.slow(r) {
						break
					}
					n++
				}
			} else {
				for n < lim && one(item, s[pos+n]) {
					n++
				}
			}
			m.steps += int64(n >> 4)
			if n < in.min {
				ok = false
				break
			}
			switch in.mode {
			case greedy:
				if n > in.min {
					if !m.push(entry{kind: btStar, pc: int32(pc), pos: int32(pos + in.min), a: int32(pos + n)}) {
						return false
					}
				}
			case lazy:
				hi := pos + in.max
				if in.max >= maxRepeat || hi > end {
					hi = end
				}
				if pos+n < hi {
					if !m.push(entry{kind: btLazy, pc: int32(pc), pos: int32(pos + n), a: int32(hi)}) {
						return false
					}
				}
			}
			pos += n
			pc++
		case opRepStart:
			if !m.setRep(in.x, 0, -1) {
				return false
			}
			pc = in.y
		case opRepCheck:
			id := in.x
			c := int(m.counts[id])
			switch {
			case c < in.min:
				pc++
			case (c < in.max || in.max >= maxRepeat) && int32(pos) != m.lasts[id]:
				if in.mode == lazy {
					if !m.push(entry{kind: btChoice, pc: int32(pc + 1), pos: int32(pos)}) {
						return false
					}
					pc = in.z
				} else {
					if !m.push(entry{kind: btChoice, pc: int32(in.z), pos: int32(pos)}) {
						return false
					}
					pc++
				}
			default:
				pc = in.z
			}
		case opRepIter:
			if !m.setRep(in.x, m.counts[in.x]+1, int32(pos)) {
				return false
			}
			pc++
		case opBackref:
			g := in.x
			gs, ge := int(m.slots[2*g]), int(m.slots[2*g+1])
			if gs < 0 || ge < 0 {
				ok = false
				break
			}
			n := ge - gs
			if pos+n > end {
				ok = false
				break
			}
			for i := 0; i < n; i++ {
				a, b := s[gs+i], s[pos+i]
				if a != b && !(in.fold && equalFold(a, b, in.ascii)) {
					ok = false
					break
				}
			}
			// A long group compared many times is long work: counted
			// as opStar counts its run.
			m.steps += int64(n >> 4)
			if ok {
				pos += n
				pc++
			}
		case opLook:
			start := pos
			if in.behind {
				start = pos - in.x
				if start < 0 {
					if in.neg {
						pc = in.z
						continue
					}
					ok = false
					break
				}
			}
			if !m.push(entry{kind: btLook, pc: int32(pc), pos: int32(pos)}) {
				return false
			}
			pos = start
			pc++
		case opAtomic:
			if !m.push(entry{kind: btAtomic, pc: int32(pc), pos: int32(pos)}) {
				return false
			}
			pc++
		case opLookEnd, opAtomicEnd:
			mark := len(m.stack) - 1
			for m.stack[mark].kind != btLook && m.stack[mark].kind != btAtomic {
				mark--
			}
			me := m.stack[mark]
			if me.kind == btLook {
				look := &prog[me.pc]
				if look.behind && int32(pos) != me.pos {
					ok = false
					break
				}
				if look.neg {
					// The assertion failed: undo what the inner match did.
					m.unwind(mark)
					ok = false
					break
				}
				pos = int(me.pos)
				pc = look.z
			} else {
				pc++
			}
			m.cut(mark)
		case opCond:
			g := in.x
			if m.slots[2*g] >= 0 && m.slots[2*g+1] >= 0 {
				pc++
			} else {
				pc = in.y
			}
		}
		if ok {
			continue
		}
		// Backtrack.
		for {
			if m.err != nil {
				return false
			}
			top := len(m.stack) - 1
			if top < base {
				return false
			}
			e := &m.stack[top]
			m.steps++
			switch e.kind {
			case btChoice:
				pc, pos = int(e.pc), int(e.pos)
				m.stack = m.stack[:top]
			case btSlot:
				m.slots[e.a] = e.pos
				m.stack = m.stack[:top]
				continue
			case btRep:
				m.counts[e.pc], m.lasts[e.pc] = e.a, e.pos
				m.stack = m.stack[:top]
				continue
			case btStar:
				if e.a <= e.pos {
					m.stack = m.stack[:top]
					continue
				}
				e.a--
				pc, pos = int(e.pc)+1, int(e.a)
				if e.a == e.pos {
					m.stack = m.stack[:top]
				}
			case btLazy:
				cur := int(e.pos)
				if cur >= int(e.a) || !one(prog[e.pc].item, s[cur]) {
					m.stack = m.stack[:top]
					continue
				}
				e.pos++
				pc, pos = int(e.pc)+1, cur+1
			case btLook:
				m.stack = m.stack[:top]
				look := &prog[e.pc]
				if !look.neg {
					continue
				}
				pc, pos = look.z, int(e.pos)
			case btAtomic:
				m.stack = m.stack[:top]
				continue
			}
			break
		}
	}
}

// cut removes the choice points above and including the mark at index
// mark, keeping the restore entries so that later backtracking still
// undoes captures made inside.
func (m *machine) cut(mark int) {
	j := mark
	for i := mark + 1; i < len(m.stack); i++ {
		if k := m.stack[i].kind; k == btSlot || k == btRep {
			m.stack[j] = m.stack[i]
			j++
		}
	}
	m.stack = m.stack[:j]
}

// unwind pops entries down to and including mark, undoing restores.
func (m *machine) unwind(mark int) {
	for i := len(m.stack) - 1; i >= mark; i-- {
		e := &m.stack[i]
		switch e.kind {
		case btSlot:
			m.slots[e.a] = e.pos
		case btRep:
			m.counts[e.pc], m.lasts[e.pc] = e.a, e.pos
		}
	}
	m.stack = m.stack[:mark]
}

func (m *machine) budget() bool {
	m.nextCheck = m.steps + 4096
	if m.steps > m.limit {
		m.err = ErrStepLimit
		return false
	}
	if m.check != nil {
		if err := m.check(); err != nil {
			m.err = err
			return false
		}
	}
	return true
}
