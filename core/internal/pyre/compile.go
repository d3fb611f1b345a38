package pyre

type opcode uint8

const (
	opMatch       opcode = iota
	opChar               // r
	opCharFold           // rs: any of the case forms
	opNotChar            // r
	opNotCharFold        // rs
	opAny                // any but \n
	opAnyAll             // any
	opClass              // cls
	opAt                 // at, flags
	opSave               // x: slot
	opSplit              // continue at x, alternative y
	opJmp                // x
	opStar               // single-char repeat of item: min, max, mode
	opRepStart           // x: loop id; continue at y (the check)
	opRepCheck           // x: loop id, min, max, mode; body at pc+2, exit z
	opRepIter            // x: loop id; body follows
	opBackref            // x: group; fold
	opLook               // neg, behind, width; z: pc after the LookEnd
	opLookEnd            //
	opAtomic             //
	opAtomicEnd          //
	opCond               // x: group; y: pc of the "no" branch
)

type inst struct {
	op       opcode
	mode     uint8
	neg      bool
	behind   bool
	fold     bool
	ascii    bool
	at       atKind
	r        rune
	x, y, z  int
	min, max int
	rs       []rune
	cls      *class
	item     *inst
}

type compiler struct {
	prog  []inst
	loops int
	// check and err: as the parser's check, every few thousand nodes.
	check func() error
	nodes int
	err   error
}

func (c *compiler) emit(in inst) int {
	c.prog = append(c.prog, in)
	return len(c.prog) - 1
}

// single compiles a one-character node to an instruction, or reports false.
func single(n *node) (inst, bool) {
	fold := n.flags&IGNORECASE != 0
	ascii := n.flags&ASCII != 0
	switch n.kind {
	case nLit, nNotLit:
		if fold {
			if rs := folds(n.r, ascii); len(rs) > 1 {
				op := opCharFold
				if n.kind == nNotLit {
					op = opNotCharFold
				}
				return inst{op: op, rs: rs}, true
			}
		}
		if n.kind == nNotLit {
			return inst{op: opNotChar, r: n.r}, true
		}
		return inst{op: opChar, r: n.r}, true
	case nAny:
		if n.flags&DOTALL != 0 {
			return inst{op: opAnyAll}, true
		}
		return inst{op: opAny}, true
	case nClass:
		cl := &class{items: n.cls.items, neg: n.cls.neg}
		cl.init(n.flags)
		return inst{op: opClass, cls: cl}, true
	}
	return inst{}, false
}

func (c *compiler) compile(n *node) {
	if n == nil || c.err != nil {
		return
	}
	if c.nodes++; c.nodes&4095 == 0 && c.check != nil {
		if c.err = c.check(); c.err != nil {
			return
		}
	}
	if in, ok := single(n); ok {
		c.emit(in)
		return
	}
	switch n.kind {
	case nCat:
		for _, s := range n.subs {
			c.compile(s)
		}
	case nAlt:
		var jumps []int
		for i, s := range n.subs {
			if i < len(n.subs)-1 {
				split := c.emit(inst{op: opSplit})
				c.prog[split].x = split + 1
				c.compile(s)
				jumps = append(jumps, c.emit(inst{op: opJmp}))
				c.prog[split].y = len(c.prog)
			} else {
				c.compile(s)
			}
		}
		for _, j := range jumps {
			c.prog[j].x = len(c.prog)
		}
	case nGroup:
		c.emit(inst{op: opSave, x: 2 * n.group})
		c.compile(n.subs[0])
		c.emit(inst{op: opSave, x: 2*n.group + 1})
	case nAtomic:
		c.emit(inst{op: opAtomic})
		c.compile(n.subs[0])
		c.emit(inst{op: opAtomicEnd})
	case nLook:
		pc := c.emit(inst{op: opLook, neg: n.neg, behind: n.behind})
		if n.behind {
			c.prog[pc].x = n.min
		}
		c.compile(n.subs[0])
		c.emit(inst{op: opLookEnd})
		c.prog[pc].z = len(c.prog)
	case nBackref:
		c.emit(inst{op: opBackref, x: n.group, fold: n.flags&IGNORECASE != 0, ascii: n.flags&ASCII != 0})
	case nCond:
		pc := c.emit(inst{op: opCond, x: n.group})
		c.compile(n.subs[0])
		j := c.emit(inst{op: opJmp})
		c.prog[pc].y = len(c.prog)
		c.compile(n.subs[1])
		c.prog[j].x = len(c.prog)
	case nAt:
		c.emit(inst{op: opAt, at: n.at, ascii: n.flags&ASCII != 0, fold: n.flags&MULTILINE != 0})
	case nRepeat:
		c.repeat(n)
	}
}

func (c *compiler) repeat(n *node) {
	sub := n.subs[0]
	for sub.kind == nCat && len(sub.subs) == 1 {
		sub = sub.subs[0]
	}
	if n.max == 0 {
		return
	}
	if in, ok := single(sub); ok {
		item := in
		c.emit(inst{op: opStar, min: n.min, max: n.max, mode: uint8(n.mode), item: &item})
		return
	}
	if n.min == 1 && n.max == 1 {
		if n.mode == possessive {
			c.emit(inst{op: opAtomic})
			c.compile(sub)
			c.emit(inst{op: opAtomicEnd})
			return
		}
		c.compile(sub)
		return
	}
	if n.mode == possessive {
		c.emit(inst{op: opAtomic})
	}
	id := c.loops
	c.loops++
	start := c.emit(inst{op: opRepStart, x: id})
	check := c.emit(inst{op: opRepCheck, x: id, min: n.min, max: n.max, mode: uint8(n.mode)})
	c.emit(inst{op: opRepIter, x: id})
	c.prog[start].y = check
	c.compile(sub)
	c.emit(inst{op: opJmp, x: check})
	c.prog[check].z = len(c.prog)
	if n.mode == possessive {
		c.emit(inst{op: opAtomicEnd})
	}
}

// firstSet computes the set of characters that can start a match of n.
// It returns nullable=true when n can match the empty string (then the
// set is incomplete and must not be used to skip positions alone).
type firstSet struct {
	bits  [2]uint64
	other bool // some non-ASCII character may start a match
	all   bool // unknown: anything may start a match
}

func (f *firstSet) addRune(r rune) {
	if r < 128 {
		f.bits[r>>6] |= 1 << (r & 63)
	} else {
		f.other = true
	}
}

func (f *firstSet) has(r rune) bool {
	if r < 128 {
		return f.bits[r>>6]&(1<<(r&63)) != 0
	}
	return f.other
}

func first(n *node, f *firstSet) (nullable bool) {
	if n == nil {
		return true
	}
	switch n.kind {
	case nLit:
		if n.flags&IGNORECASE != 0 {
			for _, r := range folds(n.r, n.flags&ASCII != 0) {
				f.addRune(r)
			}
		} else {
			f.addRune(n.r)
		}
		return false
	case nNotLit, nAny:
		f.all = true
		return false
	case nClass:
		in, _ := single(n)
		f.bits[0] |= in.cls.bits[0]
		f.bits[1] |= in.cls.bits[1]
		f.other = true
		return false
	case nCat:
		for _, s := range n.subs {
			if !first(s, f) {
				return false
			}
		}
		return true
	case nAlt:
		null := false
		for _, s := range n.subs {
			if first(s, f) {
				null = true
			}
		}
		return null
	case nRepeat:
		if n.max == 0 {
			return true
		}
		null := first(n.subs[0], f)
		return null || n.min == 0
	case nGroup, nAtomic:
		return first(n.subs[0], f)
	case nLook, nAt:
		return true
	case nCond:
		a := first(n.subs[0], f)
		b := first(n.subs[1], f)
		return a || b
	}
	f.all = true
	return false
}
