package core

import (
	"fmt"
	"strings"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/syntax"
	"github.com/amber-sandbox/amber/core/internal/typecheck"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

// TypeCheckError reports what the static check of a feed found (with
// Config.TypeCheck on). Nothing of the feed ran.
type TypeCheckError struct {
	Findings []TypeFinding
}

// TypeFinding is one finding of the type check. Col is 1-based.
type TypeFinding struct {
	Filename  string
	Line, Col int
	// Kind is one of "undefined-name", "call-arity", "annotation",
	// "none-attribute", "not-awaitable", "not-callable".
	Kind    string
	Message string
}

func (f TypeFinding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s [%s]", f.Filename, f.Line, f.Col, f.Message, f.Kind)
}

func (e *TypeCheckError) Error() string {
	lines := make([]string, len(e.Findings))
	for i, f := range e.Findings {
		lines[i] = f.String()
	}
	return fmt.Sprintf("type check: %d finding%s:\n%s", len(e.Findings), map[bool]string{true: "", false: "s"}[len(e.Findings) == 1], strings.Join(lines, "\n"))
}

// typeCheck checks code statically. known reports the names defined
// before it; anyName lets undefined names pass (the host may supply them).
func typeCheck(filename, code string, known func(string) bool, anyName bool, sig func(string) *typecheck.Signature, isBuiltin func(string) bool) error {
	mod, err := syntax.Parse(filename, []byte(code))
	if err != nil {
		return err
	}
	found := typecheck.Check(mod, typecheck.Env{Known: known, AnyName: anyName, Signature: sig, IsBuiltin: isBuiltin})
	if len(found) == 0 {
		return nil
	}
	e := &TypeCheckError{Findings: make([]TypeFinding, len(found))}
	for i, f := range found {
		e.Findings[i] = TypeFinding{Filename: filename, Line: f.Line, Col: f.Col, Kind: f.Kind, Message: f.Message}
	}
	return e
}

// dictHas reports whether the dict d has the str key name.
func dictHas(m *vm.VM, d vm.Value, name string) bool {
	dd, ok := m.DictOf(d)
	if !ok {
		return false
	}
	_, found, _ := m.DictGet(dd, m.NewStr(name))
	return found
}

// typeCheckFeed checks a feed against what the session defines: its
// globals, the builtins, the feed's inputs and host functions.
func (s *Session) typeCheckFeed(code string, opts *FeedOptions) error {
	// fed reports the names the feed's options define.
	fed := func(name string) bool {
		if opts == nil {
			return false
		}
		_, in := opts.Inputs[name]
		_, fn := opts.Functions[name]
		_, as := opts.Async[name]
		return in || fn || as
	}
	known := func(name string) bool {
		return dictHas(s.m, s.main, name) || dictHas(s.m, s.m.Builtins, name) || vm.IsLazyBuiltin(name) || fed(name)
	}
	sig := func(name string) *typecheck.Signature {
		d, ok := s.m.DictOf(s.main)
		if !ok {
			return nil
		}
		v, found, _ := s.m.DictGet(d, s.m.NewStr(name))
		if !found || v.K != heap.KRef {
			return nil
		}
		return functionSignature(s.m, v)
	}
	isBuiltin := func(name string) bool {
		return !dictHas(s.m, s.main, name) && !fed(name) && dictHas(s.m, s.m.Builtins, name)
	}
	return typeCheck(s.cfg.ScriptName, code, known, opts != nil && opts.Lookup != nil, sig, isBuiltin)
}

// functionSignature is the signature of the Python function v, or nil.
func functionSignature(m *vm.VM, v vm.Value) *typecheck.Signature {
	f, ok := m.H.Get(v).(*heap.Function)
	if !ok {
		return nil
	}
	co, ok := m.H.Get(f.Code).(*heap.CodeObj)
	if !ok {
		return nil
	}
	c := co.Code
	if c.ArgCount+c.KwOnlyCount > len(c.Varnames) {
		return nil
	}
	g := &typecheck.Signature{
		Params:     append([]string(nil), c.Varnames[:c.ArgCount]...),
		PosOnly:    c.PosOnlyCount,
		Required:   c.ArgCount - len(f.Defaults),
		KwOnly:     append([]string(nil), c.Varnames[c.ArgCount:c.ArgCount+c.KwOnlyCount]...),
		KwRequired: map[string]bool{},
		VarArgs:    c.Flags&compile.FlagVarArgs != 0,
		VarKw:      c.Flags&compile.FlagVarKw != 0,
	}
	if g.Required < 0 {
		return nil
	}
	for _, k := range g.KwOnly {
		if f.KwDefaults.K != heap.KRef {
			g.KwRequired[k] = true
			continue
		}
		kd, ok := m.DictOf(f.KwDefaults)
		if !ok {
			return nil
		}
		if _, has, _ := m.DictGet(kd, m.NewStr(k)); !has {
			g.KwRequired[k] = true
		}
	}
	return g
}
