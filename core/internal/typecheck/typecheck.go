// Package typecheck checks a feed statically, before any of it runs, for
// mistakes that are certain: undefined names, calls that do not match a
// known signature, literals that contradict an annotation, attribute
// access on None, awaiting what cannot be awaited and calling what cannot
// be called.
//
// It reports only what would fail for sure (or, for annotations, what
// contradicts them for sure): anything it cannot know — a name the host
// may supply, a function rebound, a decorated class — it lets pass. The
// Python conformance corpus runs with it on and must see no finding.
//
// Dependencies: syntax only.
package typecheck

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

// Finding is one problem, at a line and a 1-based column.
type Finding struct {
	Line, Col int
	Kind      string // "undefined-name", "call-arity", "annotation", "none-attribute", "not-awaitable", "not-callable"
	Message   string
}

func (f Finding) String() string { return fmt.Sprintf("%d:%d: %s", f.Line, f.Col, f.Message) }

// Env is what the feed can see besides its own definitions.
type Env struct {
	// Known reports names defined before the feed: builtins, the
	// session's globals from earlier feeds, inputs, host functions.
	Known func(name string) bool
	// AnyName: undefined names may be supplied by the host (a lookup
	// hook), so they are not findings.
	AnyName bool
	// Signature returns the signature of a function defined before the
	// feed, or nil when it is not a plain function.
	Signature func(name string) *Signature
	// IsBuiltin reports that name is the builtin of that name (no earlier
	// feed rebound it), so calls of common builtins are checked too.
	IsBuiltin func(name string) bool
}

// Signature is a function's parameters, as calls are checked against.
type Signature struct {
	Params     []string // positional parameters (positional-only first)
	PosOnly    int
	Required   int // how many of Params have no default
	KwOnly     []string
	KwRequired map[string]bool
	VarArgs    bool
	VarKw      bool
}

// Check checks mod and returns its findings in source order.
func Check(mod *syntax.Module, env Env) []Finding {
	c := &checker{env: env, defs: map[string]int{}, funcs: map[string]*syntax.FunctionDef{}, classes: map[string]*syntax.ClassDef{}, consts: map[string]syntax.Expr{}}
	c.global = c.newScope(nil, scopeModule)
	c.bindBlock(c.global, mod.Body)
	for _, s := range mod.Body {
		c.collectTop(s)
	}
	c.forgetPatchedClasses(mod.Body)
	c.stmts(c.global, mod.Body)
	if c.dynamic {
		// exec() or globals() can bind any global: names are not certain.
		kept := c.out[:0]
		for _, f := range c.out {
			if f.Kind != "undefined-name" {
				kept = append(kept, f)
			}
		}
		c.out = kept
	}
	sort.SliceStable(c.out, func(i, j int) bool {
		if c.out[i].Line != c.out[j].Line {
			return c.out[i].Line < c.out[j].Line
		}
		return c.out[i].Col < c.out[j].Col
	})
	return c.out
}

type scopeKind int

const (
	scopeModule scopeKind = iota
	scopeFunction
	scopeClass
	scopeComprehension
)

type scope struct {
	parent *scope
	kind   scopeKind
	names  map[string]bool
	// bind and check hand the parts of the statements both passes treat
	// alike to the binding pass and the checking pass, in this scope.
	bind, check syntax.Parts
}

type checker struct {
	env    Env
	global *scope
	out    []Finding
	// Module-level facts, for the checks that need certainty: how often
	// each global name is bound, and the one def, class or constant that
	// binds a name bound exactly once.
	defs    map[string]int
	funcs   map[string]*syntax.FunctionDef
	classes map[string]*syntax.ClassDef
	consts  map[string]syntax.Expr
	// Code whose errors are expected is not reported: lambda bodies
	// (thunks probing an error) and try bodies whose handlers catch the
	// error's exception.
	inLambda int
	handled  []map[string]bool
	dynamic  bool // the feed uses exec, globals or vars
}

// raises is the exception a finding's kind raises at run time ("" for
// the annotation checks, which raise nothing).
var raises = map[string]string{
	"undefined-name": "NameError", "call-arity": "TypeError", "not-callable": "TypeError",
	"not-awaitable": "TypeError", "none-attribute": "AttributeError",
}

func (c *checker) expected(kind string) bool {
	exc := raises[kind]
	if exc == "" {
		return false
	}
	if c.inLambda > 0 {
		return true
	}
	for _, h := range c.handled {
		if h["*"] || h[exc] || h["Exception"] || h["BaseException"] {
			return true
		}
	}
	return false
}

// catches lists the exception names a try's handlers catch ("*": all).
func catches(hs []*syntax.ExceptHandler) map[string]bool {
	out := map[string]bool{}
	var add func(e syntax.Expr)
	add = func(e syntax.Expr) {
		switch e := e.(type) {
		case nil:
			out["*"] = true
		case *syntax.Name:
			out[e.Id] = true
		case *syntax.Attribute:
			out[e.Attr] = true
		case *syntax.Tuple:
			for _, x := range e.Elts {
				add(x)
			}
		default:
			out["*"] = true // computed: assume it may catch anything
		}
	}
	for _, h := range hs {
		add(h.Type)
	}
	return out
}

func (c *checker) newScope(parent *scope, k scopeKind) *scope {
	sc := &scope{parent: parent, kind: k, names: map[string]bool{}}
	sc.bind = syntax.Parts{
		Expr:    func(e syntax.Expr) { c.bindWalrus(sc, e) },
		Target:  func(e syntax.Expr) { c.bindTarget(sc, e) },
		Block:   func(b []syntax.Stmt) { c.bindBlock(sc, b) },
		Pattern: func(p syntax.Pattern) { c.bindPattern(sc, p) },
		Bind:    func(name string, _ syntax.Node) { c.bindName(sc, name) },
	}
	sc.check = syntax.Parts{
		Expr:    func(e syntax.Expr) { c.expr(sc, e) },
		Target:  func(e syntax.Expr) { c.target(sc, e) },
		Block:   func(b []syntax.Stmt) { c.stmts(sc, b) },
		Pattern: func(p syntax.Pattern) { c.pattern(sc, p) },
	}
	return sc
}

func (c *checker) report(n syntax.Node, kind, format string, args ...any) {
	if c.expected(kind) {
		return
	}
	p := n.GetSpan().Pos
	c.out = append(c.out, Finding{Line: p.Line, Col: p.Col + 1, Kind: kind, Message: fmt.Sprintf(format, args...)})
}

// --- binding -----------------------------------------------------------------

// bindBlock records the names a block binds in sc (not those of nested
// functions and classes, which have their own scopes).
func (c *checker) bindBlock(sc *scope, body []syntax.Stmt) {
	for _, s := range body {
		c.bindStmt(sc, s)
	}
}

func (c *checker) bindTarget(sc *scope, t syntax.Expr) {
	switch t := t.(type) {
	case *syntax.Name:
		sc.names[t.Id] = true
		if sc == c.global {
			c.defs[t.Id]++
		}
	case *syntax.Tuple, *syntax.List, *syntax.Starred:
		syntax.Children(t, func(e syntax.Expr) { c.bindTarget(sc, e) })
	}
}

func (c *checker) bindName(sc *scope, name string) {
	sc.names[name] = true
	if sc == c.global {
		c.defs[name]++
	}
}

func (c *checker) bindStmt(sc *scope, s syntax.Stmt) {
	switch s := s.(type) {
	case *syntax.FunctionDef:
		c.bindName(sc, s.Name)
		c.bindGlobalDecls(s.Body)
	case *syntax.ClassDef:
		c.bindName(sc, s.Name)
		c.bindGlobalDecls(s.Body)
	case *syntax.Assign:
		for _, t := range s.Targets {
			c.bindTarget(sc, t)
		}
		c.bindWalrus(sc, s.Value)
	case *syntax.AugAssign:
		c.bindTarget(sc, s.Target)
		c.bindWalrus(sc, s.Value)
	case *syntax.AnnAssign:
		if s.Value != nil || sc.kind != scopeModule {
			c.bindTarget(sc, s.Target)
		} else if n, ok := s.Target.(*syntax.Name); ok {
			sc.names[n.Id] = true // declared: reading it is a NameError at run time, but not certain here
		}
		c.bindWalrus(sc, s.Value)
	case *syntax.Import:
		for _, a := range s.Names {
			name := a.Asname
			if name == "" {
				name = strings.SplitN(a.Name, ".", 2)[0]
			}
			c.bindName(sc, name)
		}
	case *syntax.ImportFrom:
		for _, a := range s.Names {
			if a.Name == "*" {
				c.bindName(sc, "*")
				continue
			}
			name := a.Asname
			if name == "" {
				name = a.Name
			}
			c.bindName(sc, name)
		}
	case *syntax.Global:
		for _, n := range s.Names {
			c.global.names[n] = true
			c.defs[n] += 2 // bound from elsewhere: never "bound exactly once"
		}
	case *syntax.Nonlocal:
		for _, n := range s.Names {
			sc.names[n] = true
		}
	case *syntax.Return:
		c.bindWalrus(sc, s.Value)
	case *syntax.Delete:
		for _, t := range s.Targets {
			if n, ok := t.(*syntax.Name); ok && sc == c.global {
				c.defs[n.Id] += 2
			}
		}
	default:
		sc.bind.Walk(s)
	}
}

// bindGlobalDecls makes names declared global anywhere inside a function
// or class body globals.
func (c *checker) bindGlobalDecls(body []syntax.Stmt) {
	walkStmts(body, func(s syntax.Stmt) {
		switch s := s.(type) {
		case *syntax.Global:
			for _, n := range s.Names {
				c.global.names[n] = true
				c.defs[n] += 2
			}
		case *syntax.FunctionDef:
			c.bindGlobalDecls(s.Body)
		case *syntax.ClassDef:
			c.bindGlobalDecls(s.Body)
		}
	})
}

// bindWalrus binds the targets of := in e (comprehensions included: they
// bind in the enclosing scope).
func (c *checker) bindWalrus(sc *scope, e syntax.Expr) {
	if e == nil {
		return
	}
	walkExpr(e, func(x syntax.Expr) bool {
		switch x := x.(type) {
		case *syntax.NamedExpr:
			c.bindTarget(sc, x.Target)
		case *syntax.Lambda:
			return false
		}
		return true
	})
}

func (c *checker) bindPattern(sc *scope, p syntax.Pattern) { sc.bind.WalkPattern(p) }

// constructorDunders are the attributes that decide what calling a class
// takes.
var constructorDunders = map[string]bool{"__init__": true, "__new__": true, "__call__": true}

// forgetPatchedClasses drops the classes whose constructor is replaced
// after their definition (Cls.__init__ = f, setattr(Cls, ...) anywhere,
// also inside functions): their class body no longer says what a call
// takes.
func (c *checker) forgetPatchedClasses(body []syntax.Stmt) {
	if len(c.classes) == 0 {
		return
	}
	var visit func(s syntax.Stmt)
	visit = func(s syntax.Stmt) {
		switch s := s.(type) {
		case *syntax.FunctionDef:
			walkStmts(s.Body, visit)
		case *syntax.ClassDef:
			walkStmts(s.Body, visit)
		}
		stmtExprs(s, func(e syntax.Expr) {
			walkExpr(e, func(x syntax.Expr) bool {
				if call, ok := x.(*syntax.Call); ok && len(call.Args) > 0 {
					if f, ok := call.Func.(*syntax.Name); ok && (f.Id == "setattr" || f.Id == "delattr") {
						if n, ok := call.Args[0].(*syntax.Name); ok {
							delete(c.classes, n.Id)
						}
					}
				}
				return true
			})
		})
		targets := stmtTargets(s)
		if d, ok := s.(*syntax.Delete); ok {
			targets = d.Targets
		}
		for _, t := range targets {
			walkExpr(t, func(x syntax.Expr) bool {
				if a, ok := x.(*syntax.Attribute); ok && constructorDunders[a.Attr] {
					if n, ok := a.Value.(*syntax.Name); ok {
						delete(c.classes, n.Id)
					}
				}
				return true
			})
		}
	}
	walkStmts(body, visit)
}

// collectTop remembers the module-level defs, classes and constants.
func (c *checker) collectTop(s syntax.Stmt) {
	switch s := s.(type) {
	case *syntax.FunctionDef:
		if len(s.DecoratorList) == 0 {
			c.funcs[s.Name] = s
		}
	case *syntax.ClassDef:
		if len(s.DecoratorList) == 0 {
			c.classes[s.Name] = s
		}
	case *syntax.Assign:
		if len(s.Targets) == 1 {
			if n, ok := s.Targets[0].(*syntax.Name); ok {
				if _, isConst := s.Value.(*syntax.Constant); isConst {
					c.consts[n.Id] = s.Value
				}
			}
		}
	}
}

// --- resolution ----------------------------------------------------------------

// defined reports whether name resolves from sc.
func (c *checker) defined(sc *scope, name string) bool {
	for s := sc; s != nil; s = s.parent {
		if s.kind == scopeClass && s != sc {
			continue // class bodies are not visible from nested scopes
		}
		if s.names[name] {
			return true
		}
	}
	if c.global.names["*"] {
		return true // a star import may bind anything
	}
	switch name {
	case "__name__", "__file__", "__doc__", "__builtins__", "__spec__", "__loader__", "__package__", "__annotations__", "__dict__", "__module__", "__qualname__", "__class__", "__debug__":
		return true
	}
	return c.env.Known != nil && c.env.Known(name)
}

// local reports whether name is bound in a function or comprehension
// scope between sc and the module (so module facts do not apply).
func (c *checker) local(sc *scope, name string) bool {
	for s := sc; s != nil && s != c.global; s = s.parent {
		if s.kind == scopeClass && s != sc {
			continue
		}
		if s.names[name] {
			return true
		}
	}
	return false
}

// once returns the name's module-level binding when it is certain: bound
// exactly once in this feed, never before it, and not local in sc.
func (c *checker) once(sc *scope, name string) bool {
	if c.local(sc, name) || c.defs[name] != 1 {
		return false
	}
	return c.env.Known == nil || !c.env.Known(name)
}

// --- statements ------------------------------------------------------------------

func (c *checker) stmts(sc *scope, body []syntax.Stmt) {
	for _, s := range body {
		c.stmt(sc, s)
	}
}

func (c *checker) stmt(sc *scope, s syntax.Stmt) {
	switch s := s.(type) {
	case *syntax.FunctionDef:
		for _, d := range s.DecoratorList {
			c.expr(sc, d)
		}
		c.arguments(sc, s.Args)
		if s.Returns != nil {
			c.annotation(sc, s.Returns)
		}
		fs := c.newScope(sc, scopeFunction)
		c.bindArgs(fs, s.Args)
		c.bindBlock(fs, s.Body)
		c.stmts(fs, s.Body)
		c.checkReturns(fs, s)
	case *syntax.ClassDef:
		for _, d := range s.DecoratorList {
			c.expr(sc, d)
		}
		for _, b := range s.Bases {
			c.expr(sc, b)
		}
		for _, k := range s.Keywords {
			c.expr(sc, k.Value)
		}
		cs := c.newScope(sc, scopeClass)
		c.bindBlock(cs, s.Body)
		c.stmts(cs, s.Body)
	case *syntax.Return:
		c.expr(sc, s.Value)
	case *syntax.Delete:
		for _, t := range s.Targets {
			c.target(sc, t)
		}
	case *syntax.Assign:
		c.expr(sc, s.Value)
		for _, t := range s.Targets {
			c.target(sc, t)
		}
	case *syntax.AugAssign:
		c.expr(sc, s.Value)
		c.target(sc, s.Target)
		if n, ok := s.Target.(*syntax.Name); ok && !c.defined(sc, n.Id) && !c.env.AnyName {
			c.report(n, "undefined-name", "name '%s' is not defined", n.Id)
		}
	case *syntax.AnnAssign:
		c.annotation(sc, s.Annotation)
		c.expr(sc, s.Value)
		c.target(sc, s.Target)
		if s.Value != nil {
			c.checkAnnotated(sc, s.Annotation, s.Value, "assignment")
		}
	case *syntax.Try:
		c.handled = append(c.handled, catches(s.Handlers))
		c.stmts(sc, s.Body)
		c.handled = c.handled[:len(c.handled)-1]
		for _, h := range s.Handlers {
			c.expr(sc, h.Type)
			c.stmts(sc, h.Body)
		}
		c.stmts(sc, s.Orelse)
		c.stmts(sc, s.Finalbody)
	default:
		sc.check.Walk(s)
	}
}

func (c *checker) bindArgs(sc *scope, a *syntax.Arguments) {
	for _, l := range [][]*syntax.Arg{a.PosOnlyArgs, a.Args, a.KwOnlyArgs} {
		for _, x := range l {
			sc.names[x.Arg] = true
		}
	}
	if a.VarArg != nil {
		sc.names[a.VarArg.Arg] = true
	}
	if a.KwArg != nil {
		sc.names[a.KwArg.Arg] = true
	}
}

func (c *checker) arguments(sc *scope, a *syntax.Arguments) {
	for _, d := range a.Defaults {
		c.expr(sc, d)
	}
	for _, d := range a.KwDefaults {
		c.expr(sc, d)
	}
	for _, l := range [][]*syntax.Arg{a.PosOnlyArgs, a.Args, a.KwOnlyArgs, {a.VarArg, a.KwArg}} {
		for _, x := range l {
			if x != nil && x.Annotation != nil {
				c.annotation(sc, x.Annotation)
			}
		}
	}
}

// annotation checks the names of an annotation, unless it is a string
// (a forward reference).
func (c *checker) annotation(sc *scope, e syntax.Expr) {
	c.expr(sc, e)
}

func (c *checker) target(sc *scope, t syntax.Expr) {
	switch t := t.(type) {
	case *syntax.Attribute:
		c.expr(sc, t.Value)
	case *syntax.Subscript:
		c.expr(sc, t.Value)
		c.expr(sc, t.Slice)
	case *syntax.Tuple, *syntax.List, *syntax.Starred:
		syntax.Children(t, func(e syntax.Expr) { c.target(sc, e) })
	}
}

func (c *checker) pattern(sc *scope, p syntax.Pattern) { sc.check.WalkPattern(p) }

// --- expressions -----------------------------------------------------------------

func (c *checker) expr(sc *scope, e syntax.Expr) {
	if e == nil {
		return
	}
	switch e := e.(type) {
	case *syntax.Name:
		switch e.Id {
		case "exec", "globals", "vars", "__import__":
			c.dynamic = true
		}
		if e.Ctx == syntax.Load && !c.env.AnyName && !c.defined(sc, e.Id) {
			c.report(e, "undefined-name", "name '%s' is not defined", e.Id)
		}
	case *syntax.Lambda:
		c.arguments(sc, e.Args)
		ls := c.newScope(sc, scopeFunction)
		c.bindArgs(ls, e.Args)
		c.bindWalrus(ls, e.Body)
		c.inLambda++
		c.expr(ls, e.Body)
		c.inLambda--
	case *syntax.ListComp:
		c.comprehension(sc, e.Generators, e.Elt)
	case *syntax.SetComp:
		c.comprehension(sc, e.Generators, e.Elt)
	case *syntax.GeneratorExp:
		c.comprehension(sc, e.Generators, e.Elt)
	case *syntax.DictComp:
		c.comprehension(sc, e.Generators, e.Key, e.Value)
	case *syntax.Attribute:
		c.expr(sc, e.Value)
		if c.certainlyNone(sc, e.Value) {
			c.report(e, "none-attribute", "'None' has no attribute '%s'", e.Attr)
		}
	case *syntax.Await:
		c.expr(sc, e.Value)
		if what := c.notAwaitable(sc, e.Value); what != "" {
			c.report(e, "not-awaitable", "%s can't be used in 'await' expression", what)
		}
	case *syntax.Call:
		c.expr(sc, e.Func)
		for _, a := range e.Args {
			c.expr(sc, a)
		}
		for _, k := range e.Keywords {
			c.expr(sc, k.Value)
		}
		c.checkCall(sc, e)
	default:
		syntax.Children(e, func(x syntax.Expr) { c.expr(sc, x) })
	}
}

func (c *checker) comprehension(sc *scope, gens []*syntax.Comprehension, elts ...syntax.Expr) {
	cs := c.newScope(sc, scopeComprehension)
	for i, g := range gens {
		if i == 0 {
			c.expr(sc, g.Iter) // the first iterable is evaluated outside
		} else {
			c.expr(cs, g.Iter)
		}
		c.bindTarget(cs, g.Target)
		for _, x := range g.Ifs {
			c.expr(cs, x)
		}
	}
	for _, x := range elts {
		c.expr(cs, x)
	}
}

// --- the certain-type checks ---------------------------------------------------

// litType is the builtin type of a literal expression, or "".
func litType(e syntax.Expr) string {
	switch e := e.(type) {
	case *syntax.Constant:
		switch e.Value.(type) {
		case nil:
			return "None"
		case bool:
			return "bool"
		case *big.Int, int64, int:
			return "int"
		case float64:
			return "float"
		case complex128:
			return "complex"
		case string:
			return "str"
		case []byte:
			return "bytes"
		case syntax.Ellipsis:
			return "ellipsis"
		}
	case *syntax.JoinedStr:
		return "str"
	case *syntax.List, *syntax.ListComp:
		return "list"
	case *syntax.Dict, *syntax.DictComp:
		return "dict"
	case *syntax.Set, *syntax.SetComp:
		return "set"
	case *syntax.Tuple:
		return "tuple"
	case *syntax.Lambda:
		return "function"
	}
	return ""
}

// certainlyNone reports whether e is None for sure.
func (c *checker) certainlyNone(sc *scope, e syntax.Expr) bool {
	if litType(e) == "None" {
		return true
	}
	if n, ok := e.(*syntax.Name); ok && c.once(sc, n.Id) {
		if v, isConst := c.consts[n.Id]; isConst && litType(v) == "None" {
			return true
		}
	}
	return false
}

// valueType is the type of e when it is certain: a literal, or a name
// bound once to a literal at module level.
func (c *checker) valueType(sc *scope, e syntax.Expr) string {
	if t := litType(e); t != "" {
		return t
	}
	if n, ok := e.(*syntax.Name); ok && c.once(sc, n.Id) {
		if v, isConst := c.consts[n.Id]; isConst {
			return litType(v)
		}
	}
	return ""
}

func (c *checker) notAwaitable(sc *scope, e syntax.Expr) string {
	if t := c.valueType(sc, e); t != "" && t != "function" {
		return fmt.Sprintf("object %s", t)
	}
	// await f() of a plain def whose every return is a literal (or none).
	if call, ok := e.(*syntax.Call); ok {
		if n, ok := call.Func.(*syntax.Name); ok && c.once(sc, n.Id) {
			if f := c.funcs[n.Id]; f != nil && !f.IsAsync && !hasYield(f.Body) {
				t := ""
				ok := true
				walkStmts(f.Body, func(s syntax.Stmt) {
					if r, isRet := s.(*syntax.Return); isRet {
						rt := "None"
						if r.Value != nil {
							rt = litType(r.Value)
						}
						if rt == "" || rt == "function" || (t != "" && t != rt) {
							ok = false
						}
						t = rt
					}
				})
				if ok {
					if t == "" {
						t = "None"
					}
					return "object " + t
				}
			}
		}
	}
	return ""
}

// annotated returns the builtin types an annotation allows, or nil when it
// allows anything (or is not understood).
func (c *checker) annotated(sc *scope, a syntax.Expr) []string {
	switch a := a.(type) {
	case *syntax.Constant:
		if a.Value == nil {
			return []string{"None"}
		}
	case *syntax.Name:
		switch a.Id {
		case "int", "float", "complex", "str", "bytes", "bool", "list", "dict", "set", "tuple":
			if c.defined(sc, a.Id) && (c.local(sc, a.Id) || c.global.names[a.Id]) {
				return nil // shadowed
			}
			return []string{a.Id}
		}
	case *syntax.Subscript:
		if n, ok := a.Value.(*syntax.Name); ok {
			switch n.Id {
			case "list", "dict", "set", "tuple":
				return c.annotated(sc, n)
			}
		}
	case *syntax.BinOp:
		if a.Op == syntax.BitOr {
			l, r := c.annotated(sc, a.Left), c.annotated(sc, a.Right)
			if l == nil || r == nil {
				return nil
			}
			return append(l, r...)
		}
	}
	return nil
}

// allows reports whether a value of builtin type t fits the types.
func allows(types []string, t string) bool {
	for _, a := range types {
		switch {
		case a == t:
			return true
		case a == "int" && t == "bool":
			return true
		case a == "float" && (t == "int" || t == "bool"):
			return true
		case a == "complex" && (t == "int" || t == "float" || t == "bool"):
			return true
		}
	}
	return false
}

func (c *checker) checkAnnotated(sc *scope, ann, value syntax.Expr, what string) {
	types := c.annotated(sc, ann)
	if types == nil {
		return
	}
	t := c.valueType(sc, value)
	if t == "" || t == "function" || allows(types, t) {
		return
	}
	c.report(value, "annotation", "%s of type '%s' to a value annotated '%s'", what, t, strings.Join(types, " | "))
}

func (c *checker) checkReturns(fs *scope, f *syntax.FunctionDef) {
	if f.Returns == nil || hasYield(f.Body) {
		return
	}
	walkStmts(f.Body, func(s syntax.Stmt) {
		if r, ok := s.(*syntax.Return); ok && r.Value != nil {
			c.checkAnnotated(fs, f.Returns, r.Value, "return")
		}
	})
}

// --- calls ---------------------------------------------------------------------------

// sig is a known signature.
type sig struct {
	name       string
	pos        []string // positional-or-keyword parameters, in order
	posOnly    int      // how many of pos are positional-only
	required   int      // how many of pos have no default
	kwOnly     []string
	kwRequired map[string]bool
	varArgs    bool
	varKw      bool
	annots     map[string]syntax.Expr
	what       string // "", "init", "noinit" or "builtin"
	// For builtins: how many positional arguments (max -1: any); kwOnly
	// lists the keywords they take.
	builtinMin, builtinMax int
}

func funcSig(name string, a *syntax.Arguments, skipSelf bool) *sig {
	s := &sig{name: name, kwRequired: map[string]bool{}, annots: map[string]syntax.Expr{}}
	all := append(append([]*syntax.Arg(nil), a.PosOnlyArgs...), a.Args...)
	s.posOnly = len(a.PosOnlyArgs)
	s.required = len(all) - len(a.Defaults)
	if skipSelf {
		if len(all) == 0 {
			if a.VarArg == nil {
				return nil // no self: calling it fails differently
			}
		} else {
			all = all[1:]
			s.required--
			if s.posOnly > 0 {
				s.posOnly--
			}
		}
	}
	for _, x := range all {
		s.pos = append(s.pos, x.Arg)
		if x.Annotation != nil {
			s.annots[x.Arg] = x.Annotation
		}
	}
	for i, x := range a.KwOnlyArgs {
		s.kwOnly = append(s.kwOnly, x.Arg)
		if a.KwDefaults[i] == nil {
			s.kwRequired[x.Arg] = true
		}
		if x.Annotation != nil {
			s.annots[x.Arg] = x.Annotation
		}
	}
	s.varArgs, s.varKw = a.VarArg != nil, a.KwArg != nil
	return s
}

// signatureOf returns the signature a call of e certainly has.
func (c *checker) signatureOf(sc *scope, e syntax.Expr) *sig {
	n, ok := e.(*syntax.Name)
	if !ok {
		return nil
	}
	if s := c.builtinSig(sc, n.Id); s != nil {
		return s
	}
	if c.defs[n.Id] == 0 && !c.local(sc, n.Id) && !c.dynamic && c.env.Signature != nil {
		if g := c.env.Signature(n.Id); g != nil {
			s := &sig{name: n.Id, pos: g.Params, posOnly: g.PosOnly, required: g.Required, kwOnly: g.KwOnly,
				kwRequired: g.KwRequired, varArgs: g.VarArgs, varKw: g.VarKw, annots: map[string]syntax.Expr{}}
			if s.kwRequired == nil {
				s.kwRequired = map[string]bool{}
			}
			return s
		}
		return nil
	}
	if !c.once(sc, n.Id) {
		return nil
	}
	if f := c.funcs[n.Id]; f != nil {
		return funcSig(n.Id, f.Args, false)
	}
	cl := c.classes[n.Id]
	if cl == nil || len(cl.Bases) > 0 || len(cl.Keywords) > 0 {
		return nil
	}
	var init *syntax.FunctionDef
	for _, s := range cl.Body {
		switch s := s.(type) {
		case *syntax.FunctionDef:
			switch s.Name {
			case "__init__":
				if init != nil || len(s.DecoratorList) > 0 {
					return nil
				}
				init = s
			case "__new__", "__call__", "__init_subclass__", "__class_getitem__":
				return nil
			}
		case *syntax.Assign, *syntax.AnnAssign, *syntax.AugAssign:
			for _, name := range []string{"__init__", "__new__", "__slots__"} {
				if assigns(s, name) && name != "__slots__" {
					return nil
				}
			}
		case *syntax.Pass, *syntax.ExprStmt:
		default:
			return nil // conditional definitions and the like
		}
	}
	if init == nil {
		return &sig{name: n.Id, kwRequired: map[string]bool{}, annots: map[string]syntax.Expr{}, what: "noinit"}
	}
	s := funcSig(n.Id, init.Args, true)
	if s != nil {
		s.what = "init"
	}
	return s
}

// stmtTargets is what an assignment statement (plain, annotated or
// augmented) assigns to; nil for any other statement.
func stmtTargets(s syntax.Stmt) []syntax.Expr {
	switch s := s.(type) {
	case *syntax.Assign:
		return s.Targets
	case *syntax.AnnAssign:
		return []syntax.Expr{s.Target}
	case *syntax.AugAssign:
		return []syntax.Expr{s.Target}
	}
	return nil
}

func assigns(s syntax.Stmt, name string) bool {
	for _, t := range stmtTargets(s) {
		if n, ok := t.(*syntax.Name); ok && n.Id == name {
			return true
		}
	}
	return false
}

func (c *checker) checkCall(sc *scope, call *syntax.Call) {
	if t := c.valueType(sc, call.Func); t != "" && t != "function" {
		c.report(call, "not-callable", "'%s' object is not callable", t)
		return
	}
	s := c.signatureOf(sc, call.Func)
	if s == nil {
		return
	}
	for _, a := range call.Args {
		if _, star := a.(*syntax.Starred); star {
			return
		}
	}
	for _, k := range call.Keywords {
		if k.Arg == "" {
			return
		}
	}
	fname := s.name + "()"
	if s.what == "builtin" {
		n := len(call.Args)
		switch {
		case n < s.builtinMin:
			c.report(call, "call-arity", "%s takes at least %d positional argument%s (%d given)", fname, s.builtinMin, plural(s.builtinMin), n)
			return
		case s.builtinMax >= 0 && n > s.builtinMax:
			if s.builtinMin == s.builtinMax {
				c.report(call, "call-arity", "%s takes exactly %d argument%s (%d given)", fname, s.builtinMax, plural(s.builtinMax), n)
			} else {
				c.report(call, "call-arity", "%s takes at most %d arguments (%d given)", fname, s.builtinMax, n)
			}
			return
		}
		for _, k := range call.Keywords {
			if slices.Index(s.kwOnly, k.Arg) < 0 {
				c.report(k, "call-arity", "%s got an unexpected keyword argument '%s'", fname, k.Arg)
				return
			}
		}
		return
	}
	if s.what == "init" {
		fname = s.name + ".__init__()"
	}
	if s.what == "noinit" {
		if len(call.Args) > 0 || len(call.Keywords) > 0 {
			c.report(call, "call-arity", "%s() takes no arguments", s.name)
		}
		return
	}
	npos := len(call.Args)
	if npos > len(s.pos) && !s.varArgs {
		c.report(call, "call-arity", "%s takes %s positional argument%s but %d %s given", fname, takes(s), plural(len(s.pos)), npos, wasWere(npos))
		return
	}
	bound := map[string]bool{}
	for i := 0; i < npos && i < len(s.pos); i++ {
		bound[s.pos[i]] = true
		if ann := s.annots[s.pos[i]]; ann != nil {
			c.checkAnnotated(sc, ann, call.Args[i], "argument '"+s.pos[i]+"'")
		}
	}
	for _, k := range call.Keywords {
		idx := slices.Index(s.pos, k.Arg)
		known := idx >= s.posOnly || slices.Index(s.kwOnly, k.Arg) >= 0
		if !known {
			if s.varKw {
				continue
			}
			c.report(k, "call-arity", "%s got an unexpected keyword argument '%s'", fname, k.Arg)
			return
		}
		if bound[k.Arg] {
			c.report(k, "call-arity", "%s got multiple values for argument '%s'", fname, k.Arg)
			return
		}
		bound[k.Arg] = true
		if ann := s.annots[k.Arg]; ann != nil {
			c.checkAnnotated(sc, ann, k.Value, "argument '"+k.Arg+"'")
		}
	}
	var missing []string
	for i := 0; i < s.required; i++ {
		if !bound[s.pos[i]] {
			missing = append(missing, s.pos[i])
		}
	}
	if len(missing) > 0 {
		c.report(call, "call-arity", "%s missing %d required positional argument%s: %s", fname, len(missing), plural(len(missing)), quoteList(missing))
		return
	}
	for _, k := range s.kwOnly {
		if s.kwRequired[k] && !bound[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		c.report(call, "call-arity", "%s missing %d required keyword-only argument%s: %s", fname, len(missing), plural(len(missing)), quoteList(missing))
	}
}

func takes(s *sig) string {
	if s.required < len(s.pos) {
		return fmt.Sprintf("from %d to %d", s.required, len(s.pos))
	}
	return fmt.Sprint(len(s.pos))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func wasWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	switch len(q) {
	case 1:
		return q[0]
	case 2:
		return q[0] + " and " + q[1]
	}
	return strings.Join(q[:len(q)-1], ", ") + ", and " + q[len(q)-1]
}
