package compile

import (
	"sort"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// pctx tracks the state of one pattern compilation: onTop is the number of
// values above the case's base that must be popped when the match fails;
// fails[n] is the label that pops n values and then jumps to the failure.
type pctx struct {
	onTop int
	fails []int
	names []string
}

func (c *compiler) jumpFail(pc *pctx, op Opcode) {
	for len(pc.fails) <= pc.onTop {
		pc.fails = append(pc.fails, c.newLabel())
	}
	c.emit(op, pc.fails[pc.onTop])
}

// emitFailChain binds the failure labels; control arrives at the end with
// all pattern values popped.
func (c *compiler) emitFailChain(pc *pctx) {
	if len(pc.fails) == 0 {
		pc.fails = append(pc.fails, c.newLabel())
	}
	for i := len(pc.fails) - 1; i > 0; i-- {
		c.bind(pc.fails[i])
		c.emit(POP_TOP, 0)
	}
	c.bind(pc.fails[0])
}

func irrefutable(p syntax.Pattern) bool {
	switch p := p.(type) {
	case *syntax.MatchAs:
		return p.Pattern == nil || irrefutable(p.Pattern)
	case *syntax.MatchOr:
		for _, q := range p.Patterns {
			if irrefutable(q) {
				return true
			}
		}
	}
	return false
}

func isWildcard(p syntax.Pattern) bool {
	if a, ok := p.(*syntax.MatchAs); ok {
		return a.Pattern == nil && a.Name == ""
	}
	if s, ok := p.(*syntax.MatchStar); ok {
		return s.Name == ""
	}
	return false
}

func (c *compiler) unreachableError(p syntax.Pattern) {
	if a, ok := p.(*syntax.MatchAs); ok && a.Pattern == nil && a.Name != "" {
		c.errorAt(p, "name capture '"+a.Name+"' makes remaining patterns unreachable")
	}
	c.errorAt(p, "wildcard makes remaining patterns unreachable")
}

func (c *compiler) match(s *syntax.Match) {
	c.expr(s.Subject)
	end := c.newLabel()
	for i, mc := range s.Cases {
		c.u.line = mc.Pos.Line
		if i < len(s.Cases)-1 && mc.Guard == nil && irrefutable(mc.Pattern) {
			c.unreachableError(mc.Pattern)
		}
		pc := &pctx{}
		c.emit(COPY, 1)
		pc.onTop = 1
		c.pattern(mc.Pattern, pc)
		if mc.Guard != nil {
			c.jumpIf(mc.Guard, false, c.failLabel(pc))
		}
		c.u.line = mc.Pos.Line
		c.emit(POP_TOP, 0) // the subject
		c.stmts(mc.Body)
		c.emit(JUMP, end)
		c.emitFailChain(pc)
	}
	c.emit(POP_TOP, 0)
	c.bind(end)
}

// failLabel returns the failure label for the current onTop.
func (c *compiler) failLabel(pc *pctx) int {
	for len(pc.fails) <= pc.onTop {
		pc.fails = append(pc.fails, c.newLabel())
	}
	return pc.fails[pc.onTop]
}

func (c *compiler) captureName(name string, p syntax.Node, pc *pctx) {
	for _, n := range pc.names {
		if n == name {
			c.errorAt(p, "multiple assignments to name '"+name+"' in pattern")
		}
	}
	pc.names = append(pc.names, name)
	c.nameOp(name, syntax.Store)
}

// pattern matches the value on TOS, consuming it on success.
func (c *compiler) pattern(p syntax.Pattern, pc *pctx) {
	old := c.u.line
	c.u.line = p.GetSpan().Pos.Line
	defer func() { c.u.line = old }()
	switch p := p.(type) {
	case *syntax.MatchValue:
		c.expr(p.Value)
		c.emit(COMPARE_OP, CmpEq)
		pc.onTop--
		c.jumpFail(pc, POP_JUMP_IF_FALSE)
	case *syntax.MatchSingleton:
		c.loadConst(p.Value)
		c.emit(IS_OP, 0)
		pc.onTop--
		c.jumpFail(pc, POP_JUMP_IF_FALSE)
	case *syntax.MatchAs:
		if p.Pattern == nil {
			c.captureOrPop(p.Name, p, pc)
			return
		}
		c.emit(COPY, 1)
		pc.onTop++
		c.pattern(p.Pattern, pc)
		c.captureName(p.Name, p, pc)
		pc.onTop--
	case *syntax.MatchStar:
		c.errorAt(p, "can't use starred name here")
	case *syntax.MatchOr:
		c.matchOr(p, pc)
	case *syntax.MatchSequence:
		c.matchSequence(p, pc)
	case *syntax.MatchMapping:
		c.matchMapping(p, pc)
	case *syntax.MatchClass:
		c.matchClass(p, pc)
	default:
		c.errorAt(p, "unsupported pattern")
	}
}

func (c *compiler) matchOr(p *syntax.MatchOr, pc *pctx) {
	end := c.newLabel()
	var first []string
	for i, alt := range p.Patterns {
		if i < len(p.Patterns)-1 && irrefutable(alt) {
			c.unreachableError(alt)
		}
		inner := &pctx{names: append([]string(nil), pc.names...)}
		c.emit(COPY, 1)
		inner.onTop = 1
		c.pattern(alt, inner)
		bound := append([]string(nil), inner.names[len(pc.names):]...)
		sort.Strings(bound)
		if i == 0 {
			first = bound
		} else if strings.Join(bound, ",") != strings.Join(first, ",") {
			c.errorAt(alt, "alternative patterns bind different names")
		}
		c.emit(POP_TOP, 0)
		c.emit(JUMP, end)
		c.emitFailChain(inner)
	}
	c.jumpFail(pc, JUMP)
	c.bind(end)
	pc.names = append(pc.names, first...)
	pc.onTop--
}

func (c *compiler) matchSequence(p *syntax.MatchSequence, pc *pctx) {
	star := -1
	for i, q := range p.Patterns {
		if _, ok := q.(*syntax.MatchStar); ok {
			if star >= 0 {
				c.errorAt(q, "multiple starred names in sequence pattern")
			}
			star = i
		}
	}
	n := len(p.Patterns)
	c.emit(MATCH_SEQUENCE, 0)
	c.jumpFail(pc, POP_JUMP_IF_FALSE)
	if star < 0 {
		c.emit(GET_LEN, 0)
		c.loadConst(int64(n))
		c.emit(COMPARE_OP, CmpEq)
		c.jumpFail(pc, POP_JUMP_IF_FALSE)
	} else if n > 1 {
		c.emit(GET_LEN, 0)
		c.loadConst(int64(n - 1))
		c.emit(COMPARE_OP, CmpGe)
		c.jumpFail(pc, POP_JUMP_IF_FALSE)
	}
	if c.popIfAllWild(p.Patterns, pc) {
		return
	}
	if star < 0 {
		c.emit(UNPACK_SEQUENCE, n)
	} else {
		c.emit(UNPACK_EX, star|(n-star-1)<<8)
	}
	pc.onTop += n - 1
	for _, q := range p.Patterns {
		if s, ok := q.(*syntax.MatchStar); ok {
			c.captureOrPop(s.Name, s, pc)
			continue
		}
		c.pattern(q, pc)
	}
}

func (c *compiler) matchMapping(p *syntax.MatchMapping, pc *pctx) {
	c.emit(MATCH_MAPPING, 0)
	c.jumpFail(pc, POP_JUMP_IF_FALSE)
	n := len(p.Keys)
	if n == 0 && p.Rest == "" {
		c.emit(POP_TOP, 0)
		pc.onTop--
		return
	}
	if n > 0 {
		c.emit(GET_LEN, 0)
		c.loadConst(int64(n))
		c.emit(COMPARE_OP, CmpGe)
		c.jumpFail(pc, POP_JUMP_IF_FALSE)
	}
	seen := map[string]bool{}
	for _, k := range p.Keys {
		if v, ok := constValue(k); ok {
			key := constKey(v)
			if seen[key] {
				c.errorAt(k, "mapping pattern checks duplicate key ("+reprConst(v)+")")
			}
			seen[key] = true
		} else if _, ok := k.(*syntax.Attribute); !ok {
			c.errorAt(k, "mapping pattern keys may only match literals and attribute lookups")
		}
	}
	c.exprTuple(p.Keys)
	pc.onTop++ // keys
	if n > 0 {
		c.emit(MATCH_KEYS, 0) // [subject, keys, values]
		pc.onTop++
		c.emit(COPY, 1)
		c.loadConst(nil)
		c.emit(IS_OP, 1)
		c.jumpFail(pc, POP_JUMP_IF_FALSE)
		c.emit(UNPACK_SEQUENCE, n)
		pc.onTop += n - 1
		for _, q := range p.Patterns {
			c.pattern(q, pc)
		}
	}
	// [subject, keys]
	if p.Rest != "" {
		c.emit(COPY_DICT_WITHOUT_KEYS, 0) // [subject, rest]
		c.captureName(p.Rest, p, pc)
		pc.onTop--
	} else {
		c.emit(POP_TOP, 0)
		pc.onTop--
	}
	c.emit(POP_TOP, 0)
	pc.onTop--
}

func reprConst(v any) string {
	switch v := v.(type) {
	case string:
		return "'" + v + "'"
	case nil:
		return "None"
	case bool:
		if v {
			return "True"
		}
		return "False"
	}
	return constKey(v)[1:]
}

func (c *compiler) matchClass(p *syntax.MatchClass, pc *pctx) {
	seen := map[string]bool{}
	for i, a := range p.KwdAttrs {
		if seen[a] {
			c.errorAt(p.KwdPatterns[i], "attribute name repeated in class pattern: "+a)
		}
		seen[a] = true
	}
	c.expr(p.Cls)
	names := make(Tuple, len(p.KwdAttrs))
	for i, a := range p.KwdAttrs {
		names[i] = a
	}
	c.loadConst(names)
	c.emit(MATCH_CLASS, len(p.Patterns)) // [attrs or None]
	c.emit(COPY, 1)
	c.loadConst(nil)
	c.emit(IS_OP, 1)
	c.jumpFail(pc, POP_JUMP_IF_FALSE)
	subs := append(append([]syntax.Pattern(nil), p.Patterns...), p.KwdPatterns...)
	if c.popIfAllWild(subs, pc) {
		return
	}
	c.emit(UNPACK_SEQUENCE, len(subs))
	pc.onTop += len(subs) - 1
	for _, q := range subs {
		c.pattern(q, pc)
	}
}

// popIfAllWild pops the subject of subpatterns ps when every one of them
// is a wildcard (nothing is left to match), and reports whether it did.
func (c *compiler) popIfAllWild(ps []syntax.Pattern, pc *pctx) bool {
	for _, q := range ps {
		if !isWildcard(q) {
			return false
		}
	}
	c.emit(POP_TOP, 0)
	pc.onTop--
	return true
}

// captureOrPop binds the subject on top to name, or drops it when there
// is no name (a wildcard).
func (c *compiler) captureOrPop(name string, n syntax.Node, pc *pctx) {
	if name == "" {
		c.emit(POP_TOP, 0)
	} else {
		c.captureName(name, n, pc)
	}
	pc.onTop--
}
