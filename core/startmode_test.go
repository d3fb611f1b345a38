package core_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/amber-sandbox/amber/core"
)

// The seeds' first examples, as written: feed_start surfaces a call of an
// undeclared function and a read of an undeclared name.
func TestFeedStartSeedExamples(t *testing.T) {
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart(`greet(name) + "!"`, &core.FeedOptions{Inputs: map[string]any{"name": "Ada"}})
	if err != nil {
		t.Fatal(err)
	}
	fc, ok := p.(*core.FunctionCall)
	if !ok || fc.Name != "greet" || len(fc.Args) != 1 || fc.Args[0] != "Ada" || fc.OSCall != "" || fc.ObjectID != 0 {
		t.Fatalf("progress %#v, want a function call greet('Ada')", p)
	}
	done, err := fc.Resume("Hello Ada")
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := done.(*core.Complete); !ok || c.Output.Go != "Hello Ada!" {
		t.Fatalf("got %#v, want Complete 'Hello Ada!'", done)
	}

	p, err = s.FeedStart("missing + 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	nl, ok := p.(*core.NameLookup)
	if !ok || nl.Name != "missing" || nl.ObjectID != 0 {
		t.Fatalf("progress %#v, want a name lookup of missing", p)
	}
	done, err = nl.Resume(int64(41))
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := done.(*core.Complete); !ok || c.Output.Go != int64(42) {
		t.Fatalf("got %#v, want 42", done)
	}
}

// Which loads are calls: f(...) and @f call f; every other use reads it.
func TestFeedStartCallOrRead(t *testing.T) {
	for _, tc := range []struct {
		code string
		kind string // "call" or "lookup"
		name string
		args int
	}{
		{"f(1, 2)", "call", "f", 2},
		{"f(x=1)", "call", "f", 0},
		{"f()()", "call", "f", 0},
		{"f(g)", "lookup", "g", 0}, // f's stand-in waits for its argument
		{"x = f", "lookup", "f", 0},
		{"f.attr", "lookup", "f", 0},
		{"f.attr()", "lookup", "f", 0},
		{"f[0]()", "lookup", "f", 0},
		{"(f or len)()", "lookup", "f", 0},
		{"f(*[1, 2])", "call", "f", 2},
		{"@deco\ndef g(): pass", "call", "deco", 1},
		{"@deco.wraps\ndef g(): pass", "lookup", "deco", 0},
		{"@deco(3)\ndef g(): pass", "call", "deco", 1},
		{"def h():\n    return f(2)\nh()", "call", "f", 1},
		{"[f(i) for i in range(2)]", "call", "f", 1},
		{"len(f)", "lookup", "f", 0},
	} {
		s := core.NewSession(core.Config{})
		p, err := s.FeedStart(tc.code, nil)
		if err != nil {
			t.Errorf("%q: %v", tc.code, err)
			continue
		}
		switch p := p.(type) {
		case *core.FunctionCall:
			if tc.kind != "call" || p.Name != tc.name || len(p.Args) != tc.args {
				t.Errorf("%q: a call of %s with %v %v, want %s of %s (%d args)", tc.code, p.Name, p.Args, p.Kwargs, tc.kind, tc.name, tc.args)
			}
		case *core.NameLookup:
			if tc.kind != "lookup" || p.Name != tc.name {
				t.Errorf("%q: a lookup of %s, want %s of %s", tc.code, p.Name, tc.kind, tc.name)
			}
		default:
			t.Errorf("%q: %T, want %s of %s", tc.code, p, tc.kind, tc.name)
		}
	}
}

// not_handled raises CPython's NameError where the name was used.
func TestFeedStartNotHandled(t *testing.T) {
	s := core.NewSession(core.Config{})
	p, err := s.FeedStart("try:\n    greet(1)\nexcept NameError as e:\n    r = str(e)\nr", nil)
	if err != nil {
		t.Fatal(err)
	}
	done, err := p.(*core.FunctionCall).ResumeNotHandled()
	if err != nil {
		t.Fatal(err)
	}
	if c := done.(*core.Complete); c.Output.Go != "name 'greet' is not defined" {
		t.Fatalf("got %q", c.Output.Repr)
	}
	p, err = s.FeedStart("missing", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.(*core.NameLookup).ResumeUndefined()
	var pe *core.RuntimeError
	if !errors.As(err, &pe) || pe.Type != "NameError" || !strings.Contains(pe.Message, "'missing' is not defined") {
		t.Fatalf("got %v, want NameError", err)
	}
}

// FeedRun keeps raising NameError for names nobody provides; declared
// functions and the lookup keep working in both modes.
func TestFeedRunUndeclaredNameError(t *testing.T) {
	s := core.NewSession(core.Config{})
	for _, code := range []string{"greet(1)", "missing + 1", "x = f"} {
		_, err := s.FeedRun(code, nil)
		var pe *core.RuntimeError
		if !errors.As(err, &pe) || pe.Type != "NameError" {
			t.Errorf("FeedRun(%q): %v, want NameError", code, err)
		}
	}
	greet := func(args []any, _ map[string]any) (any, error) { return "Hello " + args[0].(string), nil }
	opts := &core.FeedOptions{
		Inputs:    map[string]any{"name": "Ada"},
		Functions: map[string]core.HostFunc{"greet": greet},
		Lookup: func(n string) (any, bool) {
			if n == "missing" {
				return int64(1), true
			}
			return nil, false
		},
	}
	if v := feed(t, s, `greet(name) + "!"`, opts); v.Go != "Hello Ada!" {
		t.Errorf("FeedRun with greet declared: %v", v.Repr)
	}
	if v := feed(t, s, "missing + 1", opts); v.Go != int64(2) {
		t.Errorf("FeedRun with a lookup: %v", v.Repr)
	}
	// ResumeAuto after FeedStart resolves with what the feed was given,
	// and NameError for what it was not.
	p, err := s.FeedStart(`greet(name) + "!" + str(missing)`, opts)
	if err != nil {
		t.Fatal(err)
	}
	for {
		if c, ok := p.(*core.Complete); ok {
			if c.Output.Go != "Hello Ada!1" {
				t.Fatalf("ResumeAuto: %v", c.Output.Repr)
			}
			break
		}
		if p, err = s.ResumeAuto(p); err != nil {
			t.Fatal(err)
		}
	}
	p, err = s.FeedStart("shout('x')", opts)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.ResumeAuto(p)
	var pe *core.RuntimeError
	if !errors.As(err, &pe) || pe.Type != "NameError" || pe.Message != "name 'shout' is not defined" {
		t.Fatalf("ResumeAuto of an undeclared call: %v", err)
	}
	// A FeedRun after a FeedStart is a FeedRun again.
	if _, err := s.FeedRun("shout('x')", nil); !errors.As(err, &pe) || pe.Type != "NameError" {
		t.Fatalf("FeedRun after FeedStart: %v", err)
	}
}

// The mode is part of a snapshot: a run loaded from one taken in a
// FeedStart run still surfaces undeclared names, and dumps are
// deterministic.
func TestFeedStartModeTravelsWithSnapshots(t *testing.T) {
	const code = "a = f(1)\nb = g + 1\na + b"
	var snaps [][]byte
	for range 2 {
		// Time used travels in the dump, so the clock must be the same too.
		s := core.NewSession(core.Config{Clock: func() time.Duration { return 0 }})
		p, err := s.FeedStart(code, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := p.Dump()
		if err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, b)
	}
	if !bytes.Equal(snaps[0], snaps[1]) {
		t.Fatal("two dumps of the same FeedStart pause differ")
	}
	for _, pages := range []bool{false, true} {
		var p core.Progress
		var err error
		r := core.NewSession(core.Config{})
		if pages {
			src := core.NewSession(core.Config{})
			if _, err := src.FeedStart(code, nil); err != nil {
				t.Fatal(err)
			}
			d, err := src.DumpPages(nil)
			if err != nil {
				t.Fatal(err)
			}
			p, err = r.LoadSnapshotPages(d, func(i int) ([]byte, error) { return d.Pages[i].Data, nil }, nil)
			if err != nil {
				t.Fatal(err)
			}
		} else if p, err = r.LoadSnapshot(snaps[0], nil); err != nil {
			t.Fatal(err)
		}
		fc, ok := p.(*core.FunctionCall)
		if !ok || fc.Name != "f" {
			t.Fatalf("pages=%v: loaded %#v, want the call of f", pages, p)
		}
		p, err = fc.Resume(int64(1))
		if err != nil {
			t.Fatal(err)
		}
		nl, ok := p.(*core.NameLookup)
		if !ok || nl.Name != "g" {
			t.Fatalf("pages=%v: after the load %#v, want the lookup of g (start mode kept)", pages, p)
		}
		p, err = nl.Resume(int64(2))
		if err != nil {
			t.Fatal(err)
		}
		if c, ok := p.(*core.Complete); !ok || c.Output.Go != int64(4) {
			t.Fatalf("pages=%v: got %#v, want 4", pages, p)
		}
	}
}

// BenchmarkFeedStartUndeclaredCall: a feed that calls an undeclared name,
// paused and resumed, against the same call declared.
func BenchmarkFeedStartUndeclaredCall(b *testing.B) {
	for _, declared := range []bool{false, true} {
		b.Run(map[bool]string{false: "undeclared", true: "declared"}[declared], func(b *testing.B) {
			s := core.NewSession(core.Config{})
			var opts *core.FeedOptions
			if declared {
				opts = &core.FeedOptions{Functions: map[string]core.HostFunc{"greet": nil}}
			}
			for b.Loop() {
				p, err := s.FeedStart("greet(1) + 1", opts)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := p.(*core.FunctionCall).Resume(int64(1)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
