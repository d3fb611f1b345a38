package core

import (
	"errors"
	"fmt"
	"log/slog"
	"path"
	"runtime/debug"
	"time"

	"github.com/amber-sandbox/amber/core/internal/compile"
	"github.com/amber-sandbox/amber/core/internal/syntax"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

// Options configure a one-shot run.
type Options struct {
	ScriptName string
	Limits     Limits
	Stdout     func(stream, text string)
	// Mounts map host directories into the sandbox; the program's other
	// OS calls are not handled (CPython's FileNotFoundError or
	// PermissionError).
	Mounts []Mount
	// TypeCheck checks the program statically before it runs.
	TypeCheck bool
	// SysPath is put at the front of sys.path: modules are imported from
	// the mounted directories it lists.
	SysPath []string
	// Logger receives the Go stack of a panic inside the interpreter (see
	// Config.Logger; nil: slog.Default()).
	Logger *slog.Logger
}

// Run parses, compiles and runs src as a complete program.
// A panic of the interpreter outside a run (converting its outcome) is
// logged with its stack and returned as ErrInternal.
func Run(src []byte, opts Options) (err error) {
	defer func() {
		if r := recover(); r != nil {
			logPanic(opts.Logger, "the run's boundary", r, debug.Stack())
			err = ErrInternal
		}
	}()
	name := opts.ScriptName
	if name == "" {
		name = "main.py"
	}
	mod, err := syntax.Parse(name, src)
	if err != nil {
		return err
	}
	code, err := compile.Compile(mod, name, src, compile.Options{})
	if err != nil {
		return err
	}
	m := vm.New()
	if opts.TypeCheck {
		known := func(n string) bool { return dictHas(m, m.Builtins, n) || vm.IsLazyBuiltin(n) }
		isBuiltin := func(n string) bool { return dictHas(m, m.Builtins, n) }
		if err := typeCheck(name, string(src), known, false, nil, isBuiltin); err != nil {
			return err
		}
	}
	m.Filename = name
	m.Limits = mergeLimits(m.Limits, opts.Limits.vm())
	start := time.Now()
	m.Clock = func() int64 { return int64(time.Since(start)) }
	m.Output = opts.Stdout
	m.PanicLog = panicLogger(opts.Logger)
	main := m.MainModule()
	m.ModuleSet(main, "__file__", m.NewStr(name))
	fs, err := newMountFS(opts.Mounts)
	if err != nil {
		return err
	}
	if fs != nil {
		m.FS = fs
		defer fs.close()
		paths := make([]vm.Value, len(opts.SysPath))
		for i, p := range opts.SysPath {
			paths[i] = m.NewStr(path.Clean(p))
		}
		if sys, err := m.Import("sys"); err == nil {
			if l, err := m.GetAttr(sys, "path"); err == nil {
				if lst, ok := m.ListOf(l); ok {
					lst.Items = append(paths, lst.Items...)
				}
			}
		}
	}
	if err := m.StartModule(code, m.ModuleDict(main)); err != nil {
		return convertErr(m, err)
	}
	// Nobody answers OS calls here: each raises what CPython would.
	_, err = m.DeclineOSCalls(m.Resume())
	if _, isExc := vm.ExcValue(err); err == nil || isExc {
		m.CloseUnreachableGenerators()
	}
	return convertErr(m, err)
}

func mergeLimits(base, l vm.Limits) vm.Limits {
	if l.MaxRecursion == 0 {
		l.MaxRecursion = base.MaxRecursion
	}
	return l
}

func convertErr(m *vm.VM, err error) error {
	if err == nil {
		return nil
	}
	if exc, ok := vm.ExcValue(err); ok {
		if m.IsInstance(exc, vm.TSystemExit) {
			return exitError(m, exc)
		}
		msg, serr := m.StrString(exc)
		if serr != nil {
			msg = "<exception str() failed>"
		}
		return &RuntimeError{Type: m.TypeName(exc), Message: msg, Traceback: m.FormatTraceback(exc)}
	}
	var f *vm.Fatal
	if errors.As(err, &f) {
		if f.Kind == "internal" {
			return fmt.Errorf("%w: %s", ErrInternal, f.Msg)
		}
		return &LimitError{Kind: f.Kind, Msg: f.Msg}
	}
	var s *vm.Suspended
	if errors.As(err, &s) {
		return fmt.Errorf("NameError: name '%s' is not defined", s.S.Name)
	}
	return err
}

// exitError maps SystemExit's argument to an exit status the way CPython
// does: None is 0, an int is itself, anything else is printed and gives 1.
func exitError(m *vm.VM, exc vm.Value) *ExitError {
	code, _ := m.GetAttr(exc, "code")
	switch {
	case code.IsNone():
		return &ExitError{Code: 0}
	case m.IsInt(code):
		n, _ := m.IndexOf(code)
		return &ExitError{Code: int(n & 0xff)}
	}
	s, err := m.StrString(code)
	if err != nil {
		s = m.TypeName(code)
	}
	return &ExitError{Code: 1, Message: s}
}
