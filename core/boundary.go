package core

// The host boundary: Go values entering the sandbox and exceptions
// crossing back, progresses resumed through their own session, and
// sessions restored over their memory limit.
//
// Conversions never panic. A value nested deeper than the recursion limit
// (or cyclic), larger than the memory limit allows, or that the reflection
// walk cannot handle gives a *ConversionError; a conversion stopped that
// way leaves nothing behind but unreachable heap objects.
//
// Panics: a Go panic inside the interpreter (a bug of ours in a builtin)
// reaches sandboxed code as a SystemError naming the builtin, and the
// host's log (Config.Logger) as an error record with the Go stack; a panic
// in the session's own work at the boundary (converting a result or an
// exception) is an error of the call, logged the same way. Neither the
// error nor anything the sandbox sees carries Go frames, paths or
// addresses.
//
// Strings: Go strings may hold any bytes, Python str only text. Every host
// string that enters the sandbox (inputs and their names, results, dict
// keys, exception messages) follows one rule: each byte that is not part
// of a valid UTF-8 sequence becomes U+FFFD, as Go's own decoding reads it
// (for range over the string). Valid text is unchanged.

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/amber-sandbox/amber/core/internal/heap"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

// ConversionError reports a Go value that cannot enter the sandbox.
type ConversionError struct {
	Type   string // the Go type of the value that failed
	Reason string
}

func (e *ConversionError) Error() string {
	return "amber: cannot convert " + e.Type + " to Python: " + e.Reason
}

var (
	// ErrForeignProgress: a progress can only be resumed through the
	// session that produced it.
	ErrForeignProgress = errors.New("amber: this progress belongs to another session")
	// ErrUnknownCallID: Futures.Resume was given a call id the progress
	// does not wait for.
	ErrUnknownCallID = errors.New("amber: unknown call id")
)

// maxConvItems bounds the values one conversion builds when the session
// has no memory limit (with one, the limit bounds it first).
const maxConvItems = 1 << 24

// maxConvDepth caps the nesting of a converted value whatever the
// recursion limit, since the walk recurses on the Go stack.
const maxConvDepth = 8000

// convState is one conversion in progress: its depth, the containers on
// the current path (a container met again there is a cycle) and the
// values built so far.
type convState struct {
	depth int
	items int64
	path  map[convKey]bool
}

type convKey struct {
	p    uintptr
	kind reflect.Kind
	n    int
}

// toPy converts Go data to a Python value (see toPyValue), guarded: depth,
// cycles, size and panics of the walk become a *ConversionError.
func (s *Session) toPy(x any) (v vm.Value, err error) {
	c := s.conv
	if c == nil {
		c = &convState{path: map[convKey]bool{}}
		s.conv = c
		defer func() {
			s.conv = nil
			if r := recover(); r != nil {
				v, err = convFail(x, fmt.Sprint(r))
			}
		}()
	}
	limit := s.cfg.Limits.MaxRecursion
	if limit <= 0 {
		limit = 1000
	}
	c.depth++
	defer func() { c.depth-- }()
	if c.depth > min(limit, maxConvDepth) {
		return convFail(x, fmt.Sprintf("nested deeper than %d levels", min(limit, maxConvDepth)))
	}
	c.items++
	if c.items > maxConvItems {
		return convFail(x, "too large")
	}
	if err := s.m.Reserve(16); err != nil {
		return convFail(x, "over the memory limit")
	}
	switch t := x.(type) {
	case nil, bool, int, int64, float64:
		return s.toPyValue(x)
	case string:
		if err := s.m.Reserve(int64(len(t))); err != nil {
			return convFail(x, "over the memory limit")
		}
		return s.m.NewStr(hostString(t)), nil
	case []byte:
		if err := s.m.Reserve(int64(len(t))); err != nil {
			return heap.Undef, &ConversionError{Type: "[]byte", Reason: "over the memory limit"}
		}
	case *Exception:
		return s.excFromHost(t)
	}
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.Slice, reflect.Map, reflect.Pointer:
		if rv.IsNil() {
			break
		}
		if rv.Kind() != reflect.Pointer {
			if err := s.m.ReserveMul(16, int64(rv.Len())); err != nil {
				return convFail(x, "over the memory limit")
			}
		}
		k := convKey{rv.Pointer(), rv.Kind(), 0}
		if rv.Kind() == reflect.Slice {
			k.n = rv.Len()
		}
		if c.path[k] {
			return convFail(x, "the value contains itself")
		}
		c.path[k] = true
		defer delete(c.path, k)
	}
	return s.toPyValue(x)
}

// convFail is the *ConversionError for x.
func convFail(x any, reason string) (vm.Value, error) {
	return heap.Undef, &ConversionError{Type: fmt.Sprintf("%T", x), Reason: reason}
}

// hostString applies the boundary's one rule for host strings: invalid
// UTF-8 bytes become U+FFFD, one per byte.
func hostString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		b.WriteRune(r)
	}
	return b.String()
}

// excFromHost builds the Python exception for e: its type, and its args
// when it came from the sandbox (else its message as the one argument).
func (s *Session) excFromHost(e *Exception) (vm.Value, error) {
	if e.Args == nil {
		return s.m.NewExceptionNamed(hostString(e.Type), hostString(e.Message)), nil
	}
	args := make([]vm.Value, len(e.Args))
	for i, a := range e.Args {
		v, err := s.toPy(a)
		if err != nil {
			return heap.Undef, err
		}
		args[i] = v
	}
	return s.m.NewExceptionArgs(hostString(e.Type), args), nil
}

// excArgs converts an exception's args for Exception.Args.
func (s *Session) excArgs(v vm.Value) []any {
	ed := s.m.ExcOf(v)
	if ed == nil {
		return nil
	}
	t, ok := s.m.TupleOf(ed.Args)
	if !ok {
		return nil
	}
	out := make([]any, len(t.Items))
	for i, a := range t.Items {
		out[i] = s.goValue(a)
	}
	return out
}

// pendingArgs returns the tuple that roots a snapshot's pending call
// arguments in the heap. It is built once per suspension, so dumping one
// progress again and again neither grows the heap nor changes the bytes.
func (s *Session) pendingArgs(sp *vm.Suspension) vm.Value {
	if s.argsFor == sp && s.argsTuple.K == heap.KRef {
		return s.argsTuple
	}
	args := append(append([]vm.Value(nil), sp.Args...), sp.KwVals...)
	s.argsFor, s.argsTuple = sp, s.m.NewTuple(args)
	return s.argsTuple
}

// checkRestoredMemory runs after a load: a session whose heap is over its
// memory limit (the limit was lowered, or the heap counted differently)
// is not refused, since then its memory could never be freed. It runs in
// grace: the next feed reports the overrun once, and until the heap is
// back under the limit it may run but not grow.
func (s *Session) checkRestoredMemory() {
	s.overMemory, s.overMemoryTold = 0, false
	lim := s.cfg.Limits.MaxMemory
	if lim <= 0 || s.m.H.Bytes <= lim {
		return
	}
	s.m.Collect()
	if s.m.H.Bytes > lim {
		s.overMemory = s.m.H.Bytes
		s.m.Limits.MaxMemory = s.m.H.Bytes
	}
}

// memoryGrace runs at the start of a feed: it reports an over-limit
// restore once, and narrows the grace as memory is freed.
func (s *Session) memoryGrace() error {
	if s.overMemory == 0 {
		return nil
	}
	lim := s.cfg.Limits.MaxMemory
	s.m.Collect()
	if s.m.H.Bytes <= lim {
		s.overMemory = 0
		s.m.Limits.MaxMemory = lim
		return nil
	}
	s.m.Limits.MaxMemory = min(s.m.Limits.MaxMemory, max(s.m.H.Bytes, lim))
	if !s.overMemoryTold {
		s.overMemoryTold = true
		return &LimitError{Kind: "memory", Msg: fmt.Sprintf("memory limit exceeded: the restored session holds %d bytes, over its limit of %d; free memory (del names) before it can grow", s.overMemory, lim)}
	}
	return nil
}

// maxGoItems bounds the values one Python-to-Go conversion builds: a value
// that shares itself (x = [x, x] sixty times over) is small in the heap
// and astronomically large as a tree.
const maxGoItems = 1 << 20

// goEnter counts one value of a Python-to-Go conversion; false means the
// value is too deep or the conversion too large, and it becomes an opaque
// stand-in.
func (s *Session) goEnter() bool {
	s.goItems++
	s.goDepth++
	if s.goDepth > maxConvDepth || s.goItems > maxGoItems {
		s.goDepth--
		return false
	}
	return true
}

func (s *Session) goLeave() { s.goDepth-- }

// opaqueShallow stands for a value too deep or too large to convert,
// without walking it again for its repr.
func (s *Session) opaqueShallow(v vm.Value) Opaque {
	t := s.m.TypeName(v)
	return Opaque{Type: t, Repr: "<" + t + " object: too deep or too large to convert>"}
}

// panicLogger is the VM's PanicLog writing to l (nil: slog.Default()).
func panicLogger(l *slog.Logger) vm.PanicLog {
	return func(site string, value any, stack []byte) {
		logPanic(l, site, value, stack)
	}
}

// logPanic records a recovered panic, with its Go stack, in the host's log.
func logPanic(l *slog.Logger, site string, value any, stack []byte) {
	if l == nil {
		l = slog.Default()
	}
	l.LogAttrs(context.Background(), slog.LevelError, "amber: Go panic inside the sandbox",
		slog.String("site", site), slog.String("panic", fmt.Sprint(value)), slog.String("stack", string(stack)))
}
