package core

import (
	"fmt"
	"strings"

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
func typeCheck(filename, code string, known func(string) bool, anyName bool) error {
	mod, err := syntax.Parse(filename, []byte(code))
	if err != nil {
		return err
	}
	found := typecheck.Check(mod, typecheck.Env{Known: known, AnyName: anyName})
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
	known := func(name string) bool {
		if dictHas(s.m, s.main, name) || dictHas(s.m, s.m.Builtins, name) || vm.IsLazyBuiltin(name) {
			return true
		}
		if opts == nil {
			return false
		}
		_, in := opts.Inputs[name]
		_, fn := opts.Functions[name]
		_, as := opts.Async[name]
		return in || fn || as
	}
	return typeCheck(s.cfg.ScriptName, code, known, opts != nil && opts.Lookup != nil)
}
