package core_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// A feed with a type error fails before any of it runs: the host function
// it calls first is never called, and nothing it assigns is bound.
func TestTypeCheckBeforeAnySideEffect(t *testing.T) {
	s := core.NewSession(core.Config{TypeCheck: true})
	calls := 0
	opts := &core.FeedOptions{
		Inputs:    map[string]any{"limit": 3},
		Functions: map[string]core.HostFunc{"log": func([]any, map[string]any) (any, error) { calls++; return nil, nil }},
	}
	feed(t, s, "def area(w, h):\n    return w * h\nbase = 10", opts)
	_, err := s.FeedRun("log('start')\nseen = True\nn: int = 'three'\narea(1)\nmissing + limit + base\nv = None\nv.x\nasync def f():\n    await 5\n", opts)
	var te *core.TypeCheckError
	if !errors.As(err, &te) {
		t.Fatalf("got %v, want a TypeCheckError", err)
	}
	var got []string
	for _, f := range te.Findings {
		got = append(got, f.String())
	}
	want := []string{
		"main.py:3:10: assignment of type 'str' to a value annotated 'int' [annotation]",
		"main.py:4:1: area() missing 1 required positional argument: 'h' [call-arity]",
		"main.py:5:1: name 'missing' is not defined [undefined-name]",
		"main.py:7:1: 'None' has no attribute 'x' [none-attribute]",
		"main.py:9:5: object int can't be used in 'await' expression [not-awaitable]",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if calls != 0 {
		t.Errorf("the host function ran %d times before the check", calls)
	}
	if out := feed(t, s, "'seen' in globals()", opts); out.Repr != "False" {
		t.Errorf("the rejected feed bound names: %s", out.Repr)
	}
	// Arity of a function from the same feed; a clean feed runs.
	_, err = s.FeedRun("def g(a):\n    return a\ng(1, 2)", opts)
	if !errors.As(err, &te) || te.Findings[0].Kind != "call-arity" || te.Findings[0].Line != 3 {
		t.Errorf("arity: %v", err)
	}
	if out := feed(t, s, "log(area(limit, base))\nlimit", opts); out.Repr != "3" || calls != 1 {
		t.Errorf("clean feed: %s, %d calls", out.Repr, calls)
	}
	// With a lookup hook, undefined names may come from the host.
	if _, err := s.FeedRun("later", &core.FeedOptions{Lookup: func(string) (any, bool) { return 1, true }}); err != nil {
		t.Errorf("lookup: %v", err)
	}
	// The setting travels with dumps.
	r := restored(t, s, core.Config{})
	if _, err := r.FeedRun("nope", nil); !errors.As(err, &te) {
		t.Errorf("after a load: %v", err)
	}
}
