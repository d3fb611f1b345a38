package compile

import (
	"sort"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/syntax"
)

type scopeKind int

const (
	scModule scopeKind = iota
	scFunction
	scClass
	scComp
)

// symFlag records how a name is used in one scope.
type symFlag uint16

const (
	defLocal symFlag = 1 << iota
	defParam
	defGlobal
	defNonlocal
	symUse
	defAnnot
	defCompIter
)

// resolution is the final classification of a name in a scope.
type resolution int

const (
	resGlobalImplicit resolution = iota
	resGlobalExplicit
	resLocal
	resFree
	resCell
)

type scope struct {
	kind     scopeKind
	name     string
	node     syntax.Node
	parent   *scope
	children []*scope
	flags    map[string]symFlag
	order    []string
	params   []string
	declPos  map[string]syntax.Span // position of global/nonlocal declarations

	isAsync        bool // async def or async comprehension
	isGenerator    bool
	hasReturnValue syntax.Span
	compKind       string // "list comprehension", ... for comprehension scopes
	private        string // class name used for name mangling
	// compIterExpr counts the comprehension iterables being visited in
	// this scope: CPython rejects an assignment expression there.
	compIterExpr int

	res            map[string]resolution
	freeClass      map[string]bool
	needsClassCell bool
	cellvars       []string
	freevars       []string
	varnames       []string
}

func (s *scope) functionLike() bool { return s.kind == scFunction || s.kind == scComp }

func (s *scope) add(name string, f symFlag) {
	if _, ok := s.flags[name]; !ok {
		s.order = append(s.order, name)
	}
	s.flags[name] |= f
}

func (s *scope) resolve(name string) resolution {
	if r, ok := s.res[name]; ok {
		return r
	}
	return resGlobalImplicit
}

// symtable walks a module and builds the scope tree.
type symtable struct {
	c      *compiler
	top    *scope
	cur    *scope
	scopes map[syntax.Node]*scope
	parts  syntax.Parts // the statements and patterns it walks alike
}

func newSymtable(c *compiler) *symtable {
	st := &symtable{c: c, scopes: map[syntax.Node]*scope{}}
	st.parts = syntax.Parts{
		Expr:    st.expr,
		Target:  st.expr,
		Block:   st.stmts,
		Pattern: st.pattern,
		Bind:    func(name string, n syntax.Node) { st.addDef(name, defLocal, n) },
	}
	return st
}

// mangle applies private name mangling for names used inside a class.
func mangle(private, name string) string {
	if private == "" || !strings.HasPrefix(name, "__") || strings.HasSuffix(name, "__") || strings.Contains(name, ".") {
		return name
	}
	p := strings.TrimLeft(private, "_")
	if p == "" {
		return name
	}
	return "_" + p + name
}

func (st *symtable) newScope(kind scopeKind, name string, node syntax.Node) *scope {
	s := &scope{kind: kind, name: name, node: node, parent: st.cur, flags: map[string]symFlag{}, declPos: map[string]syntax.Span{}}
	if st.cur != nil {
		st.cur.children = append(st.cur.children, s)
		s.private = st.cur.private
		s.compIterExpr = st.cur.compIterExpr // CPython: nested scopes too
	}
	st.scopes[node] = s
	return s
}

func (st *symtable) enter(s *scope) *scope {
	prev := st.cur
	st.cur = s
	return prev
}

// within walks (with walk) with s as the current scope.
func (st *symtable) within(s *scope, walk func()) {
	prev := st.enter(s)
	walk()
	st.cur = prev
}

func (st *symtable) addDef(name string, f symFlag, n syntax.Node) {
	name = mangle(st.cur.private, name)
	if f&defParam != 0 && st.cur.flags[name]&defParam != 0 {
		st.c.errorAt(n, "duplicate argument '"+name+"' in function definition")
	}
	st.cur.add(name, f)
}

func (st *symtable) module(m *syntax.Module) {
	st.top = st.newScope(scModule, "<module>", m)
	st.cur = st.top
	st.stmts(m.Body)
}

func (st *symtable) stmts(body []syntax.Stmt) {
	for _, s := range body {
		st.stmt(s)
	}
}

func (st *symtable) exprs(es []syntax.Expr) {
	for _, e := range es {
		if e != nil {
			st.expr(e)
		}
	}
}

func (st *symtable) argDefaults(a *syntax.Arguments) {
	st.exprs(a.Defaults)
	st.exprs(a.KwDefaults)
}

func (st *symtable) argAnnotations(a *syntax.Arguments) {
	for _, p := range allArgs(a) {
		if p.Annotation != nil {
			st.expr(p.Annotation)
		}
	}
}

// allArgs lists the parameters in Varnames order.
func allArgs(a *syntax.Arguments) []*syntax.Arg {
	var out []*syntax.Arg
	out = append(out, a.PosOnlyArgs...)
	out = append(out, a.Args...)
	out = append(out, a.KwOnlyArgs...)
	if a.VarArg != nil {
		out = append(out, a.VarArg)
	}
	if a.KwArg != nil {
		out = append(out, a.KwArg)
	}
	return out
}

func (st *symtable) params(a *syntax.Arguments) {
	for _, p := range allArgs(a) {
		st.addDef(p.Arg, defParam, p)
		st.cur.params = append(st.cur.params, mangle(st.cur.private, p.Arg))
	}
}

func (st *symtable) stmt(s syntax.Stmt) {
	switch s := s.(type) {
	case *syntax.FunctionDef:
		st.addDef(s.Name, defLocal, s)
		st.argDefaults(s.Args)
		st.argAnnotations(s.Args)
		if s.Returns != nil {
			st.expr(s.Returns)
		}
		st.exprs(s.DecoratorList)
		fs := st.newScope(scFunction, s.Name, s)
		fs.isAsync = s.IsAsync
		st.within(fs, func() {
			st.params(s.Args)
			st.stmts(s.Body)
		})
	case *syntax.ClassDef:
		st.addDef(s.Name, defLocal, s)
		st.exprs(s.Bases)
		for _, k := range s.Keywords {
			st.expr(k.Value)
		}
		st.exprs(s.DecoratorList)
		cs := st.newScope(scClass, s.Name, s)
		cs.private = s.Name
		st.within(cs, func() { st.stmts(s.Body) })
	case *syntax.Return:
		if s.Value != nil {
			st.expr(s.Value)
			if st.cur.hasReturnValue == (syntax.Span{}) {
				st.cur.hasReturnValue = s.Span
			}
		}
	case *syntax.Delete:
		st.exprs(s.Targets)
	case *syntax.Assign:
		st.expr(s.Value)
		st.exprs(s.Targets)
	case *syntax.AugAssign:
		st.expr(s.Target)
		st.expr(s.Value)
	case *syntax.AnnAssign:
		if n, ok := s.Target.(*syntax.Name); ok {
			name := mangle(st.cur.private, n.Id)
			cur := st.cur.flags[name]
			if cur&(defGlobal|defNonlocal) != 0 && s.Simple {
				kind := "global"
				if cur&defNonlocal != 0 {
					kind = "nonlocal"
				}
				st.c.errorAt(s, "annotated name '"+name+"' can't be "+kind)
			}
			if s.Simple {
				st.addDef(n.Id, defLocal|defAnnot, n)
			} else if s.Value != nil {
				st.addDef(n.Id, defLocal, n)
			}
		} else {
			st.expr(s.Target)
		}
		st.expr(s.Annotation)
		if s.Value != nil {
			st.expr(s.Value)
		}
	case *syntax.Import:
		for _, a := range s.Names {
			st.importAlias(a, s)
		}
	case *syntax.ImportFrom:
		for _, a := range s.Names {
			if a.Name == "*" {
				if st.cur.kind != scModule {
					st.c.errorAt(a, "import * only allowed at module level")
				}
				continue
			}
			st.importAlias(a, s)
		}
	case *syntax.Global:
		for _, name := range s.Names {
			st.declare(name, defGlobal, s)
		}
	case *syntax.Nonlocal:
		if st.cur.kind == scModule {
			st.c.errorAt(s, "nonlocal declaration not allowed at module level")
		}
		for _, name := range s.Names {
			st.declare(name, defNonlocal, s)
		}
	default:
		st.parts.Walk(s)
	}
}

func (st *symtable) importAlias(a *syntax.Alias, n syntax.Node) {
	name := a.Asname
	if name == "" {
		name = a.Name
		if i := strings.IndexByte(name, '.'); i >= 0 {
			name = name[:i]
		}
	}
	st.addDef(name, defLocal, n)
}

func (st *symtable) declare(name string, f symFlag, s syntax.Stmt) {
	name = mangle(st.cur.private, name)
	cur := st.cur.flags[name]
	kind := "global"
	if f == defNonlocal {
		kind = "nonlocal"
	}
	if cur&(defParam|defLocal|symUse|defAnnot) != 0 {
		var msg string
		switch {
		case cur&defParam != 0:
			msg = "name '" + name + "' is parameter and " + kind
		case cur&symUse != 0:
			msg = "name '" + name + "' is used prior to " + kind + " declaration"
		case cur&defAnnot != 0:
			msg = "annotated name '" + name + "' can't be " + kind
		default:
			msg = "name '" + name + "' is assigned to before " + kind + " declaration"
		}
		st.c.errorAt(s, msg)
	}
	if f == defGlobal && cur&defNonlocal != 0 || f == defNonlocal && cur&defGlobal != 0 {
		st.c.errorSpan(st.cur.declPos[name], "name '"+name+"' is nonlocal and global")
	}
	st.cur.add(name, f)
	if _, ok := st.cur.declPos[name]; !ok {
		st.cur.declPos[name] = s.GetSpan()
	}
}

func (st *symtable) pattern(p syntax.Pattern) { st.parts.WalkPattern(p) }

func (st *symtable) yieldCheck(n syntax.Node, what string) {
	switch st.cur.kind {
	case scModule, scClass:
		st.c.errorAt(n, "'"+what+"' outside function")
	case scComp:
		st.c.errorAt(n, "'"+what+"' inside "+st.cur.compKind)
	}
	st.cur.isGenerator = true
}

func (st *symtable) expr(e syntax.Expr) {
	switch e := e.(type) {
	case *syntax.NamedExpr:
		if st.cur.compIterExpr > 0 {
			st.c.errorAt(e, "assignment expression cannot be used in a comprehension iterable expression")
		}
		st.expr(e.Value)
		if n, ok := e.Target.(*syntax.Name); ok && st.cur.kind == scComp {
			st.namedExprInComp(n)
		} else {
			st.expr(e.Target)
		}
	case *syntax.Lambda:
		st.argDefaults(e.Args)
		st.within(st.newScope(scFunction, "<lambda>", e), func() {
			st.params(e.Args)
			st.expr(e.Body)
		})
	case *syntax.ListComp:
		st.comprehension(e, "listcomp", "list comprehension", e.Generators, e.Elt, nil)
	case *syntax.SetComp:
		st.comprehension(e, "setcomp", "set comprehension", e.Generators, e.Elt, nil)
	case *syntax.DictComp:
		st.comprehension(e, "dictcomp", "dict comprehension", e.Generators, e.Key, e.Value)
	case *syntax.GeneratorExp:
		st.comprehension(e, "genexpr", "generator expression", e.Generators, e.Elt, nil)
	case *syntax.Await:
		switch {
		case st.cur.kind == scModule || st.cur.kind == scClass:
			st.c.errorAt(e, "'await' outside function")
		case st.cur.kind == scFunction && !st.cur.isAsync:
			st.c.errorAt(e, "'await' outside async function")
		case st.cur.kind == scComp:
			st.cur.isAsync = true
		}
		st.expr(e.Value)
	case *syntax.Yield:
		st.yieldCheck(e, "yield")
		if e.Value != nil {
			st.expr(e.Value)
		}
	case *syntax.YieldFrom:
		st.yieldCheck(e, "yield")
		if st.cur.isAsync && st.cur.kind == scFunction {
			st.c.errorAt(e, "'yield from' inside async function")
		}
		st.expr(e.Value)
	case *syntax.Name:
		switch e.Ctx {
		case syntax.Load:
			st.addDef(e.Id, symUse, e)
			if e.Id == "super" && st.cur.kind == scFunction {
				st.cur.add("__class__", symUse)
			}
		default:
			st.addDef(e.Id, defLocal, e)
		}
	default:
		syntax.Children(e, st.expr)
	}
}

func (st *symtable) namedExprInComp(n *syntax.Name) {
	name := mangle(st.cur.private, n.Id)
	// Find the enclosing non-comprehension scope; the name may not be an
	// iteration variable of any comprehension on the way.
	target := st.cur
	for target.kind == scComp {
		if target.flags[name]&defCompIter != 0 {
			st.c.errorAt(n, "assignment expression cannot rebind comprehension iteration variable '"+name+"'")
		}
		target = target.parent
	}
	switch target.kind {
	case scClass:
		st.c.errorAt(n, "assignment expression within a comprehension cannot be used in a class body")
	case scModule:
		st.cur.add(name, defGlobal)
		target.add(name, defLocal)
	default:
		if target.flags[name]&defGlobal != 0 {
			st.cur.add(name, defGlobal)
		} else {
			st.cur.add(name, defNonlocal)
		}
		target.add(name, defLocal)
	}
}

func (st *symtable) comprehension(e syntax.Expr, name, kind string, gens []*syntax.Comprehension, elt, val syntax.Expr) {
	st.compIter(gens[0].Iter)
	cs := st.newScope(scComp, "<"+name+">", e)
	cs.compKind = kind
	_, isGen := e.(*syntax.GeneratorExp)
	if isGen {
		cs.isGenerator = true
	}
	prev := st.enter(cs)
	cs.add(".0", defParam)
	cs.params = append(cs.params, ".0")
	for i, g := range gens {
		if g.IsAsync {
			cs.isAsync = true
		}
		if i > 0 {
			st.compIter(g.Iter)
		}
		st.compTarget(g.Target)
		st.exprs(g.Ifs)
	}
	st.expr(elt)
	if val != nil {
		st.expr(val)
	}
	st.cur = prev
	if cs.isAsync && !isGen && !(prev.kind == scFunction && prev.isAsync) && prev.kind != scComp {
		st.c.errorAt(e, "asynchronous comprehension outside of an asynchronous function")
	}
	if cs.isAsync && !isGen && prev.kind == scComp {
		prev.isAsync = true
	}
}

// compIter visits a comprehension's iterable, where an assignment
// expression is a SyntaxError.
func (st *symtable) compIter(e syntax.Expr) {
	st.cur.compIterExpr++
	st.expr(e)
	st.cur.compIterExpr--
}

func (st *symtable) compTarget(t syntax.Expr) {
	st.expr(t)
	var mark func(syntax.Expr)
	mark = func(t syntax.Expr) {
		switch t := t.(type) {
		case *syntax.Name:
			st.cur.add(mangle(st.cur.private, t.Id), defCompIter)
		case *syntax.Tuple:
			for _, x := range t.Elts {
				mark(x)
			}
		case *syntax.List:
			for _, x := range t.Elts {
				mark(x)
			}
		case *syntax.Starred:
			mark(t.Value)
		}
	}
	mark(t)
}

func copySet(m map[string]bool) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// analyze resolves every name of s and its children, CPython-style. It
// returns the names free in s (needed from enclosing scopes).
func (st *symtable) analyze(s *scope, bound, global map[string]bool) map[string]bool {
	s.res = map[string]resolution{}
	s.freeClass = map[string]bool{}
	local := map[string]bool{}
	free := map[string]bool{}
	for _, name := range s.order {
		f := s.flags[name]
		switch {
		case f&defGlobal != 0:
			s.res[name] = resGlobalExplicit
			global[name] = true
			delete(bound, name)
		case f&defNonlocal != 0:
			if !bound[name] {
				sp := s.declPos[name]
				st.c.errorSpan(sp, "no binding for nonlocal '"+name+"' found")
			}
			s.res[name] = resFree
			free[name] = true
		case f&(defLocal|defParam) != 0:
			s.res[name] = resLocal
			local[name] = true
			delete(global, name)
		case bound[name]:
			s.res[name] = resFree
			free[name] = true
		default:
			s.res[name] = resGlobalImplicit
		}
	}
	newbound := map[string]bool{}
	newglobal := copySet(global)
	if s.functionLike() {
		for k := range local {
			newbound[k] = true
		}
	}
	for k := range bound {
		newbound[k] = true
	}
	if s.kind == scClass {
		newbound["__class__"] = true
	}
	newfree := map[string]bool{}
	for _, ch := range s.children {
		for k := range st.analyze(ch, copySet(newbound), copySet(newglobal)) {
			newfree[k] = true
		}
	}
	if s.functionLike() {
		for name := range newfree {
			if s.res[name] == resLocal && local[name] {
				s.res[name] = resCell
				delete(newfree, name)
			}
		}
	}
	if s.kind == scClass && newfree["__class__"] {
		s.needsClassCell = true
		delete(newfree, "__class__")
	}
	for name := range newfree {
		if r, ok := s.res[name]; ok {
			if s.kind == scClass && r == resLocal && bound[name] {
				s.freeClass[name] = true
			}
			continue
		}
		if !bound[name] {
			continue
		}
		s.res[name] = resFree
	}
	for k := range newfree {
		free[k] = true
	}
	st.finish(s)
	return free
}

// finish computes the variable lists of a scope.
func (st *symtable) finish(s *scope) {
	for name, r := range s.res {
		switch r {
		case resCell:
			s.cellvars = append(s.cellvars, name)
		case resFree:
			s.freevars = append(s.freevars, name)
		}
	}
	for name := range s.freeClass {
		s.freevars = append(s.freevars, name)
	}
	if s.needsClassCell {
		s.cellvars = append(s.cellvars, "__class__")
	}
	sort.Strings(s.cellvars)
	sort.Strings(s.freevars)
	if s.functionLike() {
		s.varnames = append(s.varnames, s.params...)
		seen := map[string]bool{}
		for _, p := range s.params {
			seen[p] = true
		}
		for _, name := range s.order {
			if !seen[name] && s.res[name] == resLocal {
				s.varnames = append(s.varnames, name)
				seen[name] = true
			}
		}
	}
}
