package core

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"reflect"
	"runtime/debug"
	"slices"
	"sort"
	"time"

	"github.com/amber-sandbox/amber/core/internal/heap"
	// The standard library's modules register themselves with the VM.
	_ "github.com/amber-sandbox/amber/core/internal/stdlib"
	"github.com/amber-sandbox/amber/core/internal/vm"
)

// Limits bound what a session may use. Zero means unlimited, except
// MaxRecursion whose zero means the default depth of 1000. Limits travel
// with dumps; a limit given when loading can only lower them.
type Limits struct {
	MaxDuration    time.Duration // run time, summed over every feed and resume
	MaxMemory      int64         // heap bytes
	MaxAllocations int64
	MaxRecursion   int
	MaxOutput      int64 // bytes printed
	// MaxSuspensions bounds the pauses (host calls, name lookups, futures
	// waits) of a session; the count restarts when a dump is loaded.
	MaxSuspensions int
}

// Config configures a session.
type Config struct {
	// ScriptName is the file name in tracebacks (default "main.py").
	ScriptName string
	Limits     Limits
	// TypeCheck checks each feed statically before any of it runs: a feed
	// with findings fails with a *TypeCheckError (see the typecheck
	// package for what is checked). It travels with dumps.
	TypeCheck bool
	// Clock returns monotonic run time; the default reads the host's
	// monotonic clock. Sandboxed code never sees it.
	Clock func() time.Duration
	// DumpKey, when set, authenticates dumps: Dump and Progress.Dump seal
	// them with a keyed BLAKE3 MAC, and LoadSession and LoadSnapshot
	// refuse any dump not sealed with the same key. Without it dumps carry
	// a checksum, so damaged bytes are refused all the same. Keep the key
	// secret: it is what makes a dump from elsewhere unloadable.
	DumpKey []byte
	// Logger receives what the host must know and sandboxed code must
	// not see: the Go stack of a panic inside the interpreter, which the
	// sandbox sees as a SystemError without it (nil: slog.Default()).
	Logger *slog.Logger
}

// HostFunc implements a host function. A returned error is raised in the
// sandbox: an *Exception with its type, any other error as RuntimeError.
type HostFunc func(args []any, kwargs map[string]any) (any, error)

// FeedOptions are the per-feed inputs and host hooks.
type FeedOptions struct {
	// Inputs are bound as globals before the feed runs.
	Inputs map[string]any
	// Functions are the host functions the sandbox can call by name. One
	// that returns a *Future (see Go) is asynchronous.
	Functions map[string]HostFunc
	// Async are host functions that run in their own goroutine: under
	// FeedRun and ResumeAuto their calls resume with a future at once, so
	// calls gathered with asyncio.gather run concurrently.
	Async map[string]HostFunc
	// Lookup supplies names the sandbox reads but never defined; ok=false
	// raises NameError. When nil, undefined names raise NameError at once.
	Lookup func(name string) (v any, ok bool)
	// Print receives the program's output; stream is "stdout" or "stderr".
	Print func(stream, text string)
	// OS answers the sandbox's operating-system calls outside its mounts
	// under ResumeAuto, as Functions answers host functions. When nil,
	// they are not handled (see FunctionCall.ResumeNotHandled).
	OS OSFunc
	// Mounts map host directories into the sandbox for this feed (and,
	// given to LoadSnapshot, for the rest of the run). They do not travel
	// with dumps; an overlay's writes do.
	Mounts []Mount
	// ClientMounts are sandbox paths whose files the embedder serves
	// itself, answering OS calls (see ClientMount). Like Mounts, they are
	// given again with every feed, resume and load.
	ClientMounts []ClientMount
}

// Session is a Python namespace that runs feeds one after another, like a
// REPL, and can be dumped and loaded at any pause. It is not safe for
// concurrent use.
type Session struct {
	cfg  Config
	m    *vm.VM
	main vm.Value // __main__'s dict

	opts        FeedOptions
	used        bool
	live        *progress // the one live suspension, if any
	suspensions int
	hostObjs    []any // Go values handed in, by HostObject index
	hosts       hostRegistry
	futures     hostFutures
	fs          *mountFS // the mounts of the current feed
	// start: the running feed was started by FeedStart, so calls and
	// reads of undefined names pause for the host (see StartHost). It is
	// saved in dumps, so a snapshot taken in the run keeps it.
	start bool

	// The host boundary (boundary.go): the conversion in progress, the
	// pending call's arguments rooted for snapshots, and a restore over
	// its memory limit.
	conv           *convState
	goItems        int
	goDepth        int
	argsFor        *vm.Suspension
	argsTuple      vm.Value
	overMemory     int64
	overMemoryTold bool
}

// NewSession creates a session.
func NewSession(cfg Config) *Session {
	if cfg.ScriptName == "" {
		cfg.ScriptName = "main.py"
	}
	s := &Session{cfg: cfg}
	s.attach(newVM())
	s.m.TimeUsed = 0
	return s
}

// newVM builds the interpreter a session starts from.
func newVM() *vm.VM { return vm.New() }

// attach makes m the session's interpreter under the session's config.
func (s *Session) attach(m *vm.VM) {
	s.m = m
	m.Filename = s.cfg.ScriptName
	m.Limits = s.cfg.Limits.vm()
	m.Host = sessionHost{s}
	m.Output = s.print
	m.PanicLog = panicLogger(s.cfg.Logger)
	if clock := s.cfg.Clock; clock != nil {
		m.Clock = func() int64 { return int64(clock()) }
	} else {
		start := time.Now()
		m.Clock = func() int64 { return int64(time.Since(start)) }
	}
	s.main = m.ModuleDict(m.MainModule())
}

func (l Limits) vm() vm.Limits {
	return vm.Limits{
		MaxDuration:    int64(l.MaxDuration),
		MaxMemory:      l.MaxMemory,
		MaxAllocations: l.MaxAllocations,
		MaxRecursion:   l.MaxRecursion,
		MaxOutput:      l.MaxOutput,
	}
}

// lower returns l with every limit that o sets lower (or l leaves unset)
// taken from o.
func (l Limits) lower(o Limits) Limits {
	min64 := func(a, b int64) int64 {
		if b > 0 && (a == 0 || b < a) {
			return b
		}
		return a
	}
	l.MaxDuration = time.Duration(min64(int64(l.MaxDuration), int64(o.MaxDuration)))
	l.MaxMemory = min64(l.MaxMemory, o.MaxMemory)
	l.MaxAllocations = min64(l.MaxAllocations, o.MaxAllocations)
	l.MaxRecursion = int(min64(int64(l.MaxRecursion), int64(o.MaxRecursion)))
	l.MaxOutput = min64(l.MaxOutput, o.MaxOutput)
	l.MaxSuspensions = int(min64(int64(l.MaxSuspensions), int64(o.MaxSuspensions)))
	return l
}

// Config returns the session's configuration (after a load: the dump's).
func (s *Session) Config() Config { return s.cfg }

// TimeUsed is the run time spent so far, including before any dump.
func (s *Session) TimeUsed() time.Duration { return time.Duration(s.m.TimeUsed) }

func (s *Session) print(stream, text string) {
	if s.opts.Print != nil {
		s.opts.Print(stream, text)
	}
}

type sessionHost struct{ s *Session }

func (h sessionHost) IsHostFunction(name string) bool {
	if _, ok := h.s.opts.Functions[name]; ok {
		return true
	}
	_, ok := h.s.opts.Async[name]
	return ok
}

func (h sessionHost) LookupName(name string) bool { return h.s.opts.Lookup != nil || h.s.start }

// CallsUndeclared makes the session a vm.StartHost: in a FeedStart run,
// a call of an undefined name is a host call.
func (h sessionHost) CallsUndeclared() bool { return h.s.start }

// FeedRun runs code to completion in the session's namespace and returns
// the value of its trailing expression (None if it has none). Host calls
// and name lookups are answered by opts; a name that neither the inputs,
// opts.Functions, opts.Async nor opts.Lookup provide raises NameError.
func (s *Session) FeedRun(code string, opts *FeedOptions) (Object, error) {
	p, err := s.feed(code, opts, false)
	for err == nil {
		if c, ok := p.(*Complete); ok {
			return c.Output, nil
		}
		p, err = s.ResumeAuto(p)
	}
	return Object{}, err
}

// FeedStart runs code until it completes or pauses for the host, and
// returns the progress: a *FunctionCall, *NameLookup, *Futures or
// *Complete. For the whole run (its resumes, and a snapshot dumped in it
// and loaded elsewhere), a call of a name nothing defines pauses as a
// *FunctionCall and a read of one as a *NameLookup, without the name being
// declared in opts: FeedStart("greet(name) + '!'", inputs name) pauses at
// greet("Ada"). ResumeNotHandled (or ResumeUndefined) then raises
// NameError there, as does ResumeAuto when opts has no such function or
// lookup.
func (s *Session) FeedStart(code string, opts *FeedOptions) (Progress, error) {
	return s.feed(code, opts, true)
}

// FeedStep is FeedStart with FeedRun's rule for names: it returns the
// first pause, but only the names opts declares pause; other undefined
// names raise NameError. It is a feed_run driven one step at a time (the
// step engine's feeds without start).
func (s *Session) FeedStep(code string, opts *FeedOptions) (Progress, error) {
	return s.feed(code, opts, false)
}

func (s *Session) feed(code string, opts *FeedOptions, start bool) (Progress, error) {
	if s.live != nil {
		return nil, ErrSuspended
	}
	if err := s.memoryGrace(); err != nil {
		return nil, err
	}
	if lim := s.m.Limits.MaxMemory; lim > 0 && s.m.H.Bytes > lim {
		// Garbage of an earlier feed (or of a failed conversion) counts
		// until collected; nothing runs, so everything live is rooted.
		s.m.Collect()
	}
	if err := s.m.ReserveMul(vm.CompileBytesPerSourceByte, int64(len(code))); err != nil {
		return nil, &LimitError{Kind: "memory", Msg: fmt.Sprintf("memory limit exceeded: compiling %d bytes of source", len(code))}
	}
	name := s.cfg.ScriptName
	c, err := compileCached(name, code, true)
	if err != nil {
		return nil, err
	}
	if s.cfg.TypeCheck {
		if err := s.typeCheckFeed(code, opts); err != nil {
			return nil, err
		}
	}
	s.used = true
	if err := s.setOptions(opts); err != nil {
		return nil, err
	}
	s.start = start
	if opts != nil && len(opts.Inputs) > 0 {
		names := make([]string, 0, len(opts.Inputs))
		for k := range opts.Inputs {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			v, err := s.toPy(opts.Inputs[k])
			if err != nil {
				return nil, fmt.Errorf("amber: input %q: %w", k, err)
			}
			if err := s.m.SetItem(s.main, s.m.NewStr(hostString(k)), v); err != nil {
				return nil, s.convert(err)
			}
		}
	}
	if err := s.m.StartModule(c, s.main); err != nil {
		s.m.Abandon()
		return nil, s.convert(err)
	}
	v, err := s.m.Resume()
	return s.step(v, err)
}

func (s *Session) setOptions(opts *FeedOptions) error {
	s.fs.close()
	s.fs = nil
	s.m.FS = nil
	if opts == nil {
		s.opts = FeedOptions{}
		return nil
	}
	s.opts = *opts
	fs, err := newMountFS(opts.Mounts)
	if err != nil {
		return err
	}
	if fs != nil {
		s.fs, s.m.FS = fs, fs
	}
	return s.setClientMounts(opts.ClientMounts)
}

// Abandon drops the live suspension, if any, so the session can take new
// feeds. Names the paused feed bound stay bound.
func (s *Session) Abandon() {
	if s.live != nil {
		s.live.done = true
		s.live = nil
	}
	s.m.Abandon()
}

// step turns the outcome of a run into a progress.
//
// A panic here (in converting the result or the exception to Go) is
// logged with its stack and reported as ErrInternal, never re-panicked
// into the host.
func (s *Session) step(v vm.Value, err error) (p Progress, rerr error) {
	defer func() {
		if r := recover(); r != nil {
			logPanic(s.cfg.Logger, "the session boundary", r, debug.Stack())
			s.m.Abandon()
			p, rerr = nil, ErrInternal
		}
	}()
	if s.live != nil {
		s.live.done = true
		s.live = nil
	}
	if err == nil {
		out := s.object(v)
		s.m.CloseUnreachableGenerators()
		return &Complete{progress: progress{s: s}, Output: out}, nil
	}
	var susp *vm.Suspended
	if !errors.As(err, &susp) {
		if _, isExc := vm.ExcValue(err); isExc {
			s.m.CloseUnreachableGenerators()
		}
		return nil, s.convert(err)
	}
	if susp.S.Kind == vm.SuspendPreempt {
		return s.progressFor(susp.S), nil // a step budget's pause is not a suspension
	}
	s.suspensions++
	if lim := s.cfg.Limits.MaxSuspensions; lim > 0 && s.suspensions > lim {
		s.m.Abandon()
		return nil, &LimitError{Kind: "suspensions", Msg: fmt.Sprintf("suspension limit exceeded (%d)", lim)}
	}
	return s.progressFor(susp.S), nil
}

// progressFor builds the progress value of the VM's pending suspension
// and makes it the live one.
func (s *Session) progressFor(sp *vm.Suspension) Progress {
	base := progress{s: s}
	var p Progress
	switch sp.Kind {
	case vm.SuspendFunctionCall:
		fc := &FunctionCall{
			progress: base,
			Name:     sp.Name,
			CallID:   sp.CallID,
			Awaited:  s.m.PendingCallAwaited(),
			ObjectID: sp.ObjectID,
			OSCall:   sp.OSCall,
			Pos:      Position{Filename: s.cfg.ScriptName, Line: sp.Line},
		}
		fc.Args, fc.Kwargs = s.callArgs(sp)
		p = fc
	case vm.SuspendNameLookup:
		p = &NameLookup{progress: base, Name: sp.Name, ObjectID: sp.ObjectID}
	case vm.SuspendPreempt:
		p = &Preempted{progress: base}
	default:
		p = &Futures{progress: base, CallIDs: append([]int64(nil), sp.CallIDs...)}
	}
	s.live = p.base()
	return p
}

// callArgs converts a pending call's arguments to Go data.
func (s *Session) callArgs(sp *vm.Suspension) ([]any, map[string]any) {
	args := make([]any, len(sp.Args))
	for i, a := range sp.Args {
		args[i] = s.goValue(a)
	}
	if len(sp.KwNames) == 0 {
		return args, nil
	}
	kwargs := make(map[string]any, len(sp.KwNames))
	for i, k := range sp.KwNames {
		kwargs[k] = s.goValue(sp.KwVals[i])
	}
	return args, kwargs
}

// convert maps VM errors to the package's error types.
func (s *Session) convert(err error) error { return convertErr(s.m, err) }

// Position is a place in the session's source.
type Position struct {
	Filename string
	Line     int
}

// Progress is the state of a feed: *FunctionCall, *NameLookup, *Futures
// or *Complete. Every progress but Complete is a suspension that can be
// resumed once, or dumped as a snapshot.
type Progress interface {
	// Dump encodes the session paused at this progress as a snapshot.
	Dump() ([]byte, error)
	base() *progress
}

type progress struct {
	s    *Session
	done bool
}

func (p *progress) base() *progress { return p }

// Dump snapshots the session paused at this progress.
func (p *progress) Dump() ([]byte, error) {
	if p.done {
		return nil, ErrAlreadyResumed
	}
	if p.s.live != p {
		return nil, ErrStaleProgress
	}
	return p.s.dump(true)
}

// claim checks that p is the live, unresumed suspension and retires it.
func (p *progress) claim() error {
	if p.done {
		return ErrAlreadyResumed
	}
	if p.s.live != p {
		return ErrStaleProgress
	}
	p.done = true
	return nil
}

// FunctionCall: the sandbox called a host function.
type FunctionCall struct {
	progress
	Name   string
	Args   []any
	Kwargs map[string]any
	CallID int64
	// Awaited reports that the sandbox awaits the call's result at once
	// (await fn(...)): Resume(v) then makes the await evaluate to v, and
	// ResumeFuture lets the host settle it later in a Futures progress.
	Awaited bool
	// ObjectID is set for a method call on a host object: Name is the
	// method ("__call__" for a call of the object itself, a construction
	// for a host class). See HostObject.
	ObjectID int64
	// OSCall is the operation's name (Name is the same) for calls the
	// sandbox makes to the operating system on the program's behalf
	// (files outside mounts) rather than to a host function the embedder
	// declared.
	OSCall string
	Pos    Position
}

// resume claims p and continues the sandbox with v as the value it waits
// for (awaited: the result of an awaited host call), or raises TypeError
// there when v has no Python form.
func (p *progress) resume(v any, awaited bool) (Progress, error) {
	if err := p.claim(); err != nil {
		return nil, err
	}
	pv, err := p.s.toPy(v)
	switch {
	case err != nil:
		return p.s.step(p.s.m.ResumeRaise(p.s.m.NewExceptionNamed("TypeError", err.Error())))
	case awaited:
		return p.s.step(p.s.m.ResumeAwaited(pv))
	}
	return p.s.step(p.s.m.ResumeWith(pv))
}

// Resume returns v as the call's result. For an OS call, v is in the
// protocol's form (see ClientMount): open's content as []byte (or a
// string), stat's as a map of is_dir, size and mtime.
func (p *FunctionCall) Resume(v any) (Progress, error) {
	if p.OSCall != "" {
		v = osAnswer(p.OSCall, v)
	}
	return p.resume(v, p.Awaited)
}

// ResumeError raises err at the call: an *Exception with its type, any
// other error as RuntimeError. At an OS call, an OSError subclass named
// by type gets CPython's errno and the path (FileNotFoundError ENOENT,
// FileExistsError EEXIST, IsADirectoryError EISDIR, NotADirectoryError
// ENOTDIR, PermissionError EACCES, OSError EIO).
func (p *FunctionCall) ResumeError(err error) (Progress, error) {
	if err2 := p.claim(); err2 != nil {
		return nil, err2
	}
	if v, ok := p.osExcValue(err); ok {
		return p.s.step(p.s.m.ResumeRaise(v))
	}
	return p.s.step(p.s.m.ResumeRaise(p.s.excValue(err)))
}

// ResumeException raises an exception of the builtin type typ (such as
// "ValueError") with msg at the call.
func (p *FunctionCall) ResumeException(typ, msg string) (Progress, error) {
	return p.ResumeError(&Exception{Type: typ, Message: msg})
}

// ResumeFuture returns a future for the call: the sandbox can await it,
// and a later Futures progress settles it by this call's id.
func (p *FunctionCall) ResumeFuture() (Progress, error) {
	if err := p.claim(); err != nil {
		return nil, err
	}
	return p.s.step(p.s.m.ResumeFuture())
}

// NameLookup: the sandbox read a name nobody defined, or (ObjectID set)
// a lazy attribute of a host object (see HostAttrs).
type NameLookup struct {
	progress
	Name     string
	ObjectID int64
}

// Resume supplies the name's value.
func (p *NameLookup) Resume(v any) (Progress, error) { return p.resume(v, false) }

// ResumeUndefined raises NameError for the name, or AttributeError for a
// host object's lazy attribute.
func (p *NameLookup) ResumeUndefined() (Progress, error) {
	if err := p.claim(); err != nil {
		return nil, err
	}
	typ, msg := "NameError", fmt.Sprintf("name '%s' is not defined", p.Name)
	if p.ObjectID != 0 {
		typ, msg = "AttributeError", fmt.Sprintf("'%s' object has no attribute '%s'", p.s.hostTypeName(p.ObjectID), p.Name)
	}
	return p.s.step(p.s.m.ResumeRaise(p.s.m.NewExceptionNamed(typ, msg)))
}

// Futures: every sandbox task waits on host futures; CallIDs are the
// calls whose futures are still unsettled.
type Futures struct {
	progress
	CallIDs []int64
}

// Resume settles futures by call id. A result that is an error is raised
// at the await (an *Exception with its type); any other value is the
// future's result. Ids left out stay pending.
func (p *Futures) Resume(results map[int64]any) (Progress, error) {
	if err := p.checkLive(); err != nil {
		return nil, err
	}
	for id := range results {
		if !slices.Contains(p.CallIDs, id) {
			return nil, fmt.Errorf("%w %d: the futures pending are %v", ErrUnknownCallID, id, p.CallIDs)
		}
	}
	if err := p.claim(); err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(results))
	for id := range results {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	out := make([]vm.FutureResult, 0, len(ids))
	for _, id := range ids {
		r := vm.FutureResult{CallID: id, Value: heap.None}
		if e, ok := results[id].(error); ok {
			r.Exc = p.s.excValue(e)
		} else if v, err := p.s.toPy(results[id]); err != nil {
			r.Exc = p.s.m.NewExceptionNamed("TypeError", err.Error())
		} else {
			r.Value = v
		}
		out = append(out, r)
	}
	return p.s.step(p.s.m.ResumeFutures(out))
}

// Complete: the feed finished; Output is its trailing expression's value.
type Complete struct {
	progress
	Output Object
}

// Dump of a Complete progress is a session dump.
func (p *Complete) Dump() ([]byte, error) { return p.s.Dump() }

// ResumeAuto advances p one step with the host functions and lookup given
// to the feed: it calls the host function or looks the name up and
// resumes with the outcome.
func (s *Session) ResumeAuto(p Progress) (Progress, error) {
	if p == nil || p.base().s != s {
		return nil, ErrForeignProgress
	}
	switch p := p.(type) {
	case *FunctionCall:
		if p.ObjectID != 0 {
			return s.autoObjectCall(p)
		}
		if p.OSCall != "" {
			return s.autoOSCall(p)
		}
		if fn := s.opts.Async[p.Name]; fn != nil {
			args, kwargs := p.Args, p.Kwargs
			return s.autoAsync(p, Go(func() (any, error) { return fn(args, kwargs) }))
		}
		fn := s.opts.Functions[p.Name]
		if _, declared := s.opts.Functions[p.Name]; !declared && s.start {
			return p.ResumeNotHandled() // an undeclared name of a FeedStart run
		}
		if fn == nil {
			return p.ResumeError(&Exception{Type: "NameError", Message: fmt.Sprintf("host function '%s' is not available", p.Name)})
		}
		if err := p.base().checkLive(); err != nil {
			return nil, err
		}
		v, err := fn(p.Args, p.Kwargs)
		if errors.Is(err, ErrNotHandled) {
			return p.ResumeNotHandled()
		}
		if fu, ok := v.(*Future); ok && err == nil {
			return s.autoAsync(p, fu)
		}
		if err != nil {
			return p.ResumeError(err)
		}
		return p.Resume(v)
	case *NameLookup:
		if p.ObjectID != 0 {
			return s.autoObjectAttr(p)
		}
		if s.opts.Lookup == nil {
			return p.ResumeUndefined()
		}
		if err := p.base().checkLive(); err != nil {
			return nil, err
		}
		v, ok := s.opts.Lookup(p.Name)
		if !ok {
			return p.ResumeUndefined()
		}
		return p.Resume(v)
	case *Preempted:
		return p.Resume()
	case *Futures:
		return s.autoFutures(p)
	case *Complete:
		return nil, fmt.Errorf("%w: the feed is complete", ErrNoAutoResume)
	}
	return nil, fmt.Errorf("%w: unknown progress %T", ErrNoAutoResume, p)
}

func (p *progress) checkLive() error {
	if p.done {
		return ErrAlreadyResumed
	}
	if p.s.live != p {
		return ErrStaleProgress
	}
	return nil
}

// excValue turns a host error into a Python exception instance.
func (s *Session) excValue(err error) vm.Value {
	var e *Exception
	if errors.As(err, &e) {
		if v, err := s.excFromHost(e); err == nil {
			return v
		}
		return s.m.NewExceptionNamed(hostString(e.Type), hostString(e.Message))
	}
	return s.m.NewExceptionNamed("RuntimeError", hostString(err.Error()))
}

// --- values crossing the boundary --------------------------------------------

// Object is a Python value handed to the host: its Go form and its repr.
type Object struct {
	// Go is the value as Go data: nil (None), bool, int64, *big.Int,
	// float64, complex128, string, []byte, []any (list), Tuple, Dict, Set,
	// FrozenSet, *Exception, a Go value the host handed in, HostStandIn, or Opaque
	// for anything else.
	Go   any
	Repr string
}

// IsNone reports whether the value is None.
func (o Object) IsNone() bool { return o.Go == nil && (o.Repr == "None" || o.Repr == "") }

// Tuple is a Python tuple.
type Tuple []any

// Set is a Python set, in iteration order.
type Set []any

// FrozenSet is a Python frozenset, in iteration order.
type FrozenSet []any

// Dict is a Python dict in insertion order.
type Dict []KV

// KV is one dict entry.
type KV struct{ Key, Value any }

// Opaque stands for a Python value with no Go form.
type Opaque struct{ Type, Repr string }

// HostStandIn stands for a Go value the host handed in before the session
// was dumped: the value itself did not travel.
type HostStandIn struct{ Name string }

func (s *Session) object(v vm.Value) Object {
	s.m.LimitWalk(maxGoItems)
	defer s.m.LimitWalk(0)
	r, err := s.m.Repr(v)
	if err != nil {
		r = "<" + s.m.TypeName(v) + " object>"
	}
	return Object{Go: s.goValue(v), Repr: r}
}

// goValue converts a Python value to Go data.
func (s *Session) goValue(v vm.Value) any {
	s.goItems, s.goDepth = 0, 0
	return s.goValueSeen(v, map[heap.Handle]bool{})
}

func (s *Session) goValueSeen(v vm.Value, seen map[heap.Handle]bool) any {
	switch v.K {
	case heap.KNone, heap.KUndef:
		return nil
	case heap.KBool:
		return v.B()
	case heap.KInt:
		return v.I()
	case heap.KFloat:
		return v.F()
	case heap.KRef:
	default:
		return s.opaque(v)
	}
	h := v.H()
	if seen[h] {
		return s.opaque(v)
	}
	if !s.goEnter() {
		return s.opaqueShallow(v)
	}
	defer s.goLeave()
	switch o := s.m.H.Get(v).(type) {
	case *heap.Str:
		return o.S
	case *heap.BigInt:
		return new(big.Int).Set(&o.V)
	case *heap.Complex:
		return complex(o.Re, o.Im)
	case *heap.Bytes:
		return append([]byte(nil), o.B...)
	case *heap.HostObject:
		return s.goHost(o)
	case *heap.List:
		seen[h] = true
		defer delete(seen, h)
		return s.goValues(o.Items, seen)
	case *heap.Tuple:
		seen[h] = true
		defer delete(seen, h)
		return Tuple(s.goValues(o.Items, seen))
	case *heap.Dict:
		seen[h] = true
		defer delete(seen, h)
		out := make(Dict, 0, o.Len())
		for _, e := range o.Entries {
			if e.Key.K == heap.KUndef {
				continue
			}
			out = append(out, KV{s.goValueSeen(e.Key, seen), s.goValueSeen(e.Val, seen)})
		}
		return out
	case *heap.Set:
		seen[h] = true
		defer delete(seen, h)
		out := Set{}
		for _, e := range o.Table {
			if e.Key.K == heap.KUndef || e.State != 0 {
				continue
			}
			out = append(out, s.goValueSeen(e.Key, seen))
		}
		if o.Frozen {
			return FrozenSet(out)
		}
		return out
	case *heap.Instance:
		if o.Exc != nil {
			msg, err := s.m.StrString(v)
			if err != nil {
				msg = ""
			}
			return &Exception{Type: s.m.TypeName(v), Message: msg, Args: s.excArgs(v)}
		}
	}
	return s.opaque(v)
}

func (s *Session) goValues(items []vm.Value, seen map[heap.Handle]bool) []any {
	out := make([]any, len(items))
	for i, x := range items {
		out[i] = s.goValueSeen(x, seen)
	}
	return out
}

func (s *Session) opaque(v vm.Value) Opaque {
	r, err := s.m.Repr(v)
	if err != nil {
		r = "<" + s.m.TypeName(v) + " object>"
	}
	return Opaque{Type: s.m.TypeName(v), Repr: r}
}

// toPyValue is toPy's conversion proper; reach it through toPy, which
// guards it and converts strings and *Exception itself. Values with no
// Python form enter as host objects: the sandbox can hold and pass them
// back, and after a dump they become stand-ins.
func (s *Session) toPyValue(x any) (vm.Value, error) {
	m := s.m
	switch v := x.(type) {
	case nil:
		return heap.None, nil
	case bool:
		return heap.Bool(v), nil
	case int, int8, int16, int32, int64:
		return heap.Int(reflect.ValueOf(v).Int()), nil
	case uint8, uint16, uint32:
		return heap.Int(int64(reflect.ValueOf(v).Uint())), nil
	case uint, uint64: // may not fit an int64
		return m.NewBigInt(new(big.Int).SetUint64(reflect.ValueOf(v).Uint())), nil
	case *big.Int:
		return m.NewBigInt(v), nil
	case float32:
		return heap.Float(float64(v)), nil
	case float64:
		return heap.Float(v), nil
	case complex128:
		return m.H.Alloc(&heap.Complex{Re: real(v), Im: imag(v)}), nil
	case []byte:
		return m.NewBytes(append([]byte(nil), v...), false), nil
	case Object:
		return s.toPy(v.Go)
	case []any:
		items, err := s.toPyAll(v)
		return m.NewList(items), err
	case Tuple:
		items, err := s.toPyAll(v)
		return m.NewTuple(items), err
	case []string:
		items := make([]vm.Value, len(v))
		for i, x := range v {
			items[i] = m.NewStr(hostString(x))
		}
		return m.NewList(items), nil
	case Set:
		return s.toPySet("set", v)
	case FrozenSet:
		return s.toPySet("frozenset", v)
	case Dict:
		d := m.NewDict()
		for _, kv := range v {
			k, err := s.toPy(kv.Key)
			if err != nil {
				return heap.Undef, err
			}
			val, err := s.toPy(kv.Value)
			if err != nil {
				return heap.Undef, err
			}
			if err := m.SetItem(d, k, val); err != nil {
				return heap.Undef, s.convert(err)
			}
		}
		return d, nil
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		d := m.NewDict()
		for _, k := range keys {
			val, err := s.toPy(v[k])
			if err != nil {
				return heap.Undef, err
			}
			if err := m.SetItem(d, m.NewStr(hostString(k)), val); err != nil {
				return heap.Undef, s.convert(err)
			}
		}
		return d, nil
	case HostStandIn, HostObject:
		return s.hostObject(v), nil
	}
	if pv, ok, err := s.toPyReflect(reflect.ValueOf(x)); ok {
		return pv, err
	}
	return s.hostObject(x), nil
}

// toPyReflect converts Go data of types toPy does not list by name:
// slices and arrays become lists, maps dicts (in sorted key order, so the
// heap is the same on every run), and named basic types their Python
// counterparts. ok=false leaves x to become a host object.
func (s *Session) toPyReflect(rv reflect.Value) (vm.Value, bool, error) {
	m := s.m
	switch rv.Kind() {
	case reflect.Bool:
		return heap.Bool(rv.Bool()), true, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return heap.Int(rv.Int()), true, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v, err := s.toPy(rv.Uint())
		return v, true, err
	case reflect.Float32, reflect.Float64:
		return heap.Float(rv.Float()), true, nil
	case reflect.String:
		return m.NewStr(hostString(rv.String())), true, nil
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() == reflect.Uint8 {
			return m.NewBytes(append([]byte(nil), rv.Bytes()...), false), true, nil
		}
		items := make([]vm.Value, rv.Len())
		for i := range items {
			v, err := s.toPy(rv.Index(i).Interface())
			if err != nil {
				return heap.Undef, true, err
			}
			items[i] = v
		}
		return m.NewList(items), true, nil
	case reflect.Map:
		// MapRange, not MapIndex: a NaN key cannot be looked up again.
		type entry struct{ k, v reflect.Value }
		entries := make([]entry, 0, rv.Len())
		for it := rv.MapRange(); it.Next(); {
			entries = append(entries, entry{it.Key(), it.Value()})
		}
		sort.SliceStable(entries, func(i, j int) bool { return goKeyLess(entries[i].k, entries[j].k) })
		d := m.NewDict()
		for _, e := range entries {
			pk, err := s.toPy(e.k.Interface())
			if err != nil {
				return heap.Undef, true, err
			}
			pv, err := s.toPy(e.v.Interface())
			if err != nil {
				return heap.Undef, true, err
			}
			if err := m.SetItem(d, pk, pv); err != nil {
				return heap.Undef, true, s.convert(err)
			}
		}
		return d, true, nil
	}
	return heap.Undef, false, nil
}

// goKeyLess orders map keys: numbers by value, strings lexically, other
// kinds by their printed form.
func goKeyLess(a, b reflect.Value) bool {
	if a.Kind() == b.Kind() {
		switch a.Kind() {
		case reflect.String:
			return a.String() < b.String()
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return a.Int() < b.Int()
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return a.Uint() < b.Uint()
		case reflect.Float32, reflect.Float64:
			return a.Float() < b.Float()
		}
	}
	return fmt.Sprintf("%T:%v", a.Interface(), a.Interface()) < fmt.Sprintf("%T:%v", b.Interface(), b.Interface())
}

// toPySet builds a set or frozenset (builtin name) of xs.
func (s *Session) toPySet(name string, xs []any) (vm.Value, error) {
	items, err := s.toPyAll(xs)
	if err != nil {
		return heap.Undef, err
	}
	fn, err := s.m.GetItem(s.m.Builtins, s.m.NewStr(name))
	if err != nil {
		return heap.Undef, s.convert(err)
	}
	return s.m.Call(fn, s.m.NewList(items))
}

func (s *Session) toPyAll(xs []any) ([]vm.Value, error) {
	out := make([]vm.Value, len(xs))
	for i, x := range xs {
		v, err := s.toPy(x)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// --- dump and load -------------------------------------------------------------

// metaVersion is the version of the session metadata inside a dump.
const metaVersion = 1

// sessionMeta is what the session adds to the VM's dump: its config and
// budgets, and the suspension a snapshot is paused at.
type sessionMeta struct {
	Version    int          `json:"v"`
	ScriptName string       `json:"script"`
	Limits     Limits       `json:"limits"`
	TypeCheck  bool         `json:"type_check,omitempty"`
	TimeUsed   int64        `json:"time_used"`
	LastCallID int64        `json:"last_call_id"`
	LastObject int64        `json:"last_object_id,omitempty"`
	Pending    *pendingMeta `json:"pending,omitempty"`
	// Start: the run is a FeedStart's (absent in older dumps: false).
	Start bool `json:"start,omitempty"`
}

// pendingMeta describes a snapshot's suspension. The call's argument
// values travel in the heap: the last of the VM's ExtraRoots is a tuple of
// the positional then the keyword argument values.
type pendingMeta struct {
	Kind    string   `json:"kind"` // "function_call", "name_lookup", "futures"
	Name    string   `json:"name,omitempty"`
	CallID  int64    `json:"call_id,omitempty"`
	CallIDs []int64  `json:"call_ids,omitempty"`
	Line    int      `json:"line,omitempty"`
	NArgs   int      `json:"nargs,omitempty"`
	KwNames []string `json:"kwnames,omitempty"`
	Object  int64    `json:"object_id,omitempty"`
	OSCall  string   `json:"os_call,omitempty"`
}

var pendingKinds = map[vm.SuspensionKind]string{
	vm.SuspendFunctionCall: "function_call",
	vm.SuspendNameLookup:   "name_lookup",
	vm.SuspendFutures:      "futures",
	vm.SuspendPreempt:      "preempted",
}

// Dump encodes the idle session (its namespace, config and budgets) as a
// session dump. A session paused at a progress is dumped with
// Progress.Dump instead.
func (s *Session) Dump() ([]byte, error) {
	if s.live != nil {
		return nil, ErrSuspended
	}
	return s.dump(false)
}

func (s *Session) dump(snapshot bool) ([]byte, error) {
	mb, restore, err := s.dumpMeta(snapshot)
	defer restore()
	if err != nil {
		return nil, err
	}
	return codec.dump(s.m, snapshot, mb, s.cfg.DumpKey)
}

// LoadSession replaces this fresh session's state with a session dump.
// The dump's script name, limits, type-check setting and time used apply;
// limits in this session's config can only lower the dump's.
func (s *Session) LoadSession(b []byte) error {
	_, err := s.load(b, false, nil)
	return err
}

// LoadSnapshot replaces this fresh session's state with a snapshot and
// returns the progress to resume. opts supplies the host hooks and output
// for the rest of the run (nil: none).
func (s *Session) LoadSnapshot(b []byte, opts *FeedOptions) (Progress, error) {
	return s.load(b, true, opts)
}

func (s *Session) load(b []byte, snapshot bool, opts *FeedOptions) (Progress, error) {
	if s.used || s.live != nil {
		return nil, ErrSessionUsed
	}
	m, isSnap, mb, err := codec.load(b, s.cfg.DumpKey)
	if err != nil {
		var de *DumpError
		if errors.As(err, &de) {
			return nil, err
		}
		return nil, &DumpError{Reason: "cannot decode", Err: err}
	}
	kind := map[bool]string{false: "session", true: "snapshot"}
	if isSnap != snapshot {
		return nil, wrongKind(kind[isSnap], kind[snapshot])
	}
	return s.restore(m, mb, snapshot, opts)
}

// pendingSuspension rebuilds the suspension a snapshot is paused at,
// validating the metadata against the loaded VM.
func pendingSuspension(m *vm.VM, p *pendingMeta) (*vm.Suspension, error) {
	bad := func(why string) error { return &DumpError{Reason: "bad suspension: " + why} }
	n := len(m.ExtraRoots)
	if n == 0 {
		return nil, bad("its arguments are missing")
	}
	t, ok := m.TupleOf(m.ExtraRoots[n-1])
	if !ok || p.NArgs < 0 || p.NArgs+len(p.KwNames) != len(t.Items) {
		return nil, bad("its arguments do not match")
	}
	m.ExtraRoots = m.ExtraRoots[:n-1]
	if m.Frames() == 0 {
		return nil, bad("no frames to resume")
	}
	sp := &vm.Suspension{Name: p.Name, CallID: p.CallID, Line: p.Line, ObjectID: p.Object, OSCall: p.OSCall}
	switch p.Kind {
	case "function_call":
		sp.Kind = vm.SuspendFunctionCall
		sp.Args = append([]vm.Value(nil), t.Items[:p.NArgs]...)
		sp.KwNames = p.KwNames
		sp.KwVals = append([]vm.Value(nil), t.Items[p.NArgs:]...)
	case "name_lookup":
		sp.Kind = vm.SuspendNameLookup
	case "futures":
		sp.Kind = vm.SuspendFutures
		sp.CallIDs = p.CallIDs
	case "preempted":
		sp.Kind = vm.SuspendPreempt
	default:
		return nil, bad("unknown kind " + p.Kind)
	}
	return sp, nil
}

// dumpCodec is the seam to the heap and frame encoding in core/vm.
type dumpCodec interface {
	dump(m *vm.VM, snapshot bool, meta, key []byte) ([]byte, error)
	load(b, key []byte) (m *vm.VM, snapshot bool, meta []byte, err error)
	// pages re-encodes a loaded VM's state as its format version and pages.
	pages(m *vm.VM, snapshot bool) (version int, pages []vm.Page, err error)
}

// DumpInfo describes a dump, for operators.
type DumpInfo struct {
	Kind          string // "session" or "snapshot"
	FormatVersion int
	Config        Config
	TimeUsed      time.Duration
	Objects       int // live heap objects
	Size          int // bytes of the dump
	Pages         [][]byte
	// BasePages of the pages, BaseBytes bytes, are the shared base image's
	// (the builtin world): the rest is the session's own.
	BasePages, BaseBytes int
	// Pending is what a snapshot is paused at (nil for a session dump).
	Pending *PendingInfo
}

// InspectDump decodes and validates a dump and describes it.
func InspectDump(b []byte) (*DumpInfo, error) { return InspectDumpKeyed(b, nil) }

// InspectDumpKeyed is InspectDump of a dump sealed with key (see
// Config.DumpKey).
func InspectDumpKeyed(b, key []byte) (*DumpInfo, error) {
	m, snap, mb, err := codec.load(b, key)
	if err != nil {
		var de *DumpError
		if errors.As(err, &de) {
			return nil, err
		}
		return nil, &DumpError{Reason: "cannot decode", Err: err}
	}
	var meta sessionMeta
	if err := json.Unmarshal(mb, &meta); err != nil {
		return nil, &DumpError{Reason: "bad session metadata", Err: err}
	}
	version, pages, err := codec.pages(m, snap)
	if err != nil {
		return nil, err
	}
	info := &DumpInfo{
		Kind:          "session",
		FormatVersion: version,
		Config:        Config{ScriptName: meta.ScriptName, Limits: meta.Limits, TypeCheck: meta.TypeCheck},
		TimeUsed:      time.Duration(meta.TimeUsed),
		Objects:       m.H.Live(),
		Size:          len(b),
		Pages:         make([][]byte, len(pages)),
	}
	for i, p := range pages {
		info.Pages[i] = p.Data
		if p.Base {
			info.BasePages++
			info.BaseBytes += len(p.Data)
		}
	}
	if snap {
		info.Kind = "snapshot"
	}
	inspectPending(info, m, snap, &meta)
	return info, nil
}

// vmCodec is the VM's dump encoding (core/vm/snapshot.go); the session
// metadata travels as the VM's session meta.
type vmCodec struct{}

func dumpKind(snapshot bool) vm.DumpKind {
	if snapshot {
		return vm.KindSnapshot
	}
	return vm.KindSession
}

func (vmCodec) dump(m *vm.VM, snapshot bool, meta, key []byte) ([]byte, error) {
	m.SetSessionMeta(meta)
	return m.DumpKeyed(dumpKind(snapshot), key)
}

func (vmCodec) load(b, key []byte) (*vm.VM, bool, []byte, error) {
	m, kind, err := vm.LoadKeyed(b, key)
	if err != nil {
		var ve *vm.VersionError
		switch {
		case errors.As(err, &ve):
			return nil, false, nil, &DumpError{Reason: "unsupported format version", Err: err}
		case errors.Is(err, vm.ErrKeyMismatch):
			return nil, false, nil, &DumpError{Reason: "not sealed with this session's dump key", Err: err}
		case errors.Is(err, vm.ErrIntegrity):
			return nil, false, nil, &DumpError{Reason: "integrity check failed", Err: err}
		case errors.Is(err, vm.ErrBuild):
			return nil, false, nil, &DumpError{Reason: "made by another build", Err: err}
		case errors.Is(err, vm.ErrKind):
			return nil, false, nil, &DumpError{Reason: "wrong kind", Err: err}
		}
		return nil, false, nil, &DumpError{Reason: "corrupt or truncated", Err: err}
	}
	return m, kind == vm.KindSnapshot, m.SessionMeta(), nil
}

func (vmCodec) pages(m *vm.VM, snapshot bool) (int, []vm.Page, error) {
	_, pages, err := m.DumpPages(dumpKind(snapshot), nil)
	if err != nil {
		return 0, nil, err
	}
	return vm.SnapshotVersion, pages, nil
}

var codec dumpCodec = vmCodec{}
