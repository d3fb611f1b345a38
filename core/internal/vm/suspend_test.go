package vm_test

// Tests that a run can pause at a host call or a name lookup from any
// depth of Python code, and that resuming finishes the program correctly.
// The pause state must be the VM's frame stack, not the Go stack.

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/casefile"

	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/progtest"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

// suspTestHost treats the listed names as host functions and the listed
// names as suspending name lookups.
type suspTestHost struct {
	funcs map[string]bool
	names map[string]bool
}

func (h suspTestHost) IsHostFunction(name string) bool { return h.funcs[name] }
func (h suspTestHost) LookupName(name string) bool     { return h.names[name] }

// suspTestRun is the outcome of driving a program to its end.
type suspTestRun struct {
	out    string
	err    error    // the final error (nil on success)
	pauses []string // one "kind name(args)" per suspension
	depths []int    // m.Frames() at each suspension
	m      *vm.VM
}

// suspTestStart compiles src as main.py and returns a VM ready to Resume.
func suspTestStart(t *testing.T, src string, host vm.Host) (*vm.VM, *strings.Builder) {
	t.Helper()
	code := progtest.MustCompile(t, src)
	m := vm.New()
	m.Host = host
	out := &strings.Builder{}
	m.Output = func(stream, text string) { out.WriteString(text) }
	main := m.MainModule()
	if err := m.StartModule(code, m.ModuleDict(main)); err != nil {
		t.Fatalf("start: %v", err)
	}
	return m, out
}

// suspTestDrive runs src to completion. answer is called at each pause and
// returns either a value to resume with or an exception to raise there.
func suspTestDrive(t *testing.T, src string, host vm.Host, answer func(m *vm.VM, s *vm.Suspension) (heap.Value, heap.Value)) suspTestRun {
	t.Helper()
	m, out := suspTestStart(t, src, host)
	_, err := m.Resume()
	r := suspTestRun{m: m}
	for i := 0; ; i++ {
		var s *vm.Suspended
		if !errors.As(err, &s) {
			break
		}
		if i > 1000 {
			t.Fatalf("too many suspensions")
		}
		args := make([]string, len(s.S.Args))
		for j, a := range s.S.Args {
			args[j], _ = m.Repr(a)
		}
		r.pauses = append(r.pauses, fmt.Sprintf("%s %s(%s)", s.S.Kind, s.S.Name, strings.Join(args, ", ")))
		r.depths = append(r.depths, m.Frames())
		val, exc := answer(m, s.S)
		if exc.K == heap.KRef {
			_, err = m.ResumeRaise(exc)
		} else {
			_, err = m.ResumeWith(val)
		}
	}
	r.out, r.err = out.String(), err
	return r
}

// suspTestErr renders a final error as "Type: message" (or Go text).
func suspTestErr(m *vm.VM, err error) string {
	if err == nil {
		return ""
	}
	if exc, ok := vm.ExcValue(err); ok {
		return m.ExcString(exc) // already "Type: message"
	}
	return fmt.Sprintf("%T: %v", err, err)
}

// suspTestTimesTen answers tool(x) with x*10, secret with 41, and raises
// ValueError('bad') for fail().
func suspTestTimesTen(m *vm.VM, s *vm.Suspension) (heap.Value, heap.Value) {
	switch {
	case s.Kind == vm.SuspendNameLookup:
		return heap.Int(41), heap.Undef
	case s.Name == "fail":
		return heap.Undef, m.NewException(m.Types[vm.TValueError], []heap.Value{m.NewStr("bad")})
	case len(s.Args) == 1 && s.Args[0].K == heap.KInt:
		return heap.Int(s.Args[0].I() * 10), heap.Undef
	}
	return heap.None, heap.Undef
}

// suspTestCase is one program of testdata/suspend.json, run under
// suspTestTimesTen's answers.
type suspTestCase struct {
	Name     string
	Note     string   // why the expectation is what it is, when not plain
	Src      []string // the program's lines
	Out      string
	Err      string   // final error, "" for none
	Pauses   []string // expected suspensions, in order
	MinDepth int      `json:"min_depth"` // m.Frames() at the first pause must be >= this
}

// Source is the program text.
func (c suspTestCase) Source() string { return strings.Join(c.Src, "\n") + "\n" }

func TestSuspendResume(t *testing.T) {
	host := suspTestHost{
		funcs: map[string]bool{"tool": true, "fail": true},
		names: map[string]bool{"secret": true},
	}
	for _, tt := range casefile.Load[suspTestCase](t, "testdata/suspend.json") {
		t.Run(tt.Name, func(t *testing.T) {
			r := suspTestDrive(t, tt.Source(), host, suspTestTimesTen)
			if got := suspTestErr(r.m, r.err); got != tt.Err {
				t.Errorf("error = %q, want %q", got, tt.Err)
			}
			if r.out != tt.Out {
				t.Errorf("output = %q, want %q", r.out, tt.Out)
			}
			for i := range r.pauses {
				// Name lookups carry no args; drop the empty parens.
				r.pauses[i] = strings.TrimSuffix(r.pauses[i], "()")
				if strings.HasPrefix(r.pauses[i], "function call") && !strings.Contains(r.pauses[i], "(") {
					r.pauses[i] += "()"
				}
			}
			if strings.Join(r.pauses, "|") != strings.Join(tt.Pauses, "|") {
				t.Errorf("pauses = %q, want %q", r.pauses, tt.Pauses)
			}
			if len(r.depths) > 0 && r.depths[0] < tt.MinDepth {
				t.Errorf("frames at first pause = %d, want >= %d", r.depths[0], tt.MinDepth)
			}
			if n := r.m.Frames(); n != 0 {
				t.Errorf("frames after the run = %d, want 0", n)
			}
		})
	}
}
