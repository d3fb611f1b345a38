package vm

import (
	"github.com/amber-sandbox/amber/core/internal/heap"
)

// SuspensionKind says why a run paused.
type SuspensionKind int

const (
	SuspendFunctionCall SuspensionKind = iota
	SuspendNameLookup
	SuspendFutures
	// SuspendPreempt: the run reached its step budget (VM.PreemptAt) and
	// paused between two instructions; ResumeContinue runs on.
	SuspendPreempt
)

func (k SuspensionKind) String() string {
	switch k {
	case SuspendFunctionCall:
		return "function call"
	case SuspendNameLookup:
		return "name lookup"
	case SuspendPreempt:
		return "preempted"
	}
	return "futures"
}

// Suspension describes a pause: the host function being called (with its
// arguments) or the name being looked up.
type Suspension struct {
	Kind    SuspensionKind
	Name    string
	Args    []Value
	KwNames []string
	KwVals  []Value
	CallID  int64
	// CallIDs lists the pending host futures of a Futures suspension.
	CallIDs []int64
	Line    int
	// ObjectID is set for a method call on a host object (Name is the
	// method) and for a read of its lazy attribute (Name is the attribute).
	ObjectID int64
	// OSCall names the operating-system operation of a call the sandbox
	// makes on the program's behalf (Name is the same).
	OSCall string
}

// hostFunction returns the callable stand-in for host function name.
func (vm *VM) hostFunction(name string) Value {
	return vm.H.Alloc(&heap.Opaque{Kind: "hostfn", Data: []byte(name)})
}

func (vm *VM) suspendHostCall(name string, args []Value, kwnames []string) error {
	if vm.nested > 0 {
		return vm.Errorf(TRuntimeError, "cannot call host function '%s' here: it was reached from inside a builtin that cannot pause (call it from plain Python code instead)", name)
	}
	pos := args[:len(args)-len(kwnames)]
	vm.nextCallID++
	s := &Suspension{Kind: SuspendFunctionCall, Name: name, Args: append([]Value(nil), pos...), KwNames: kwnames, KwVals: append([]Value(nil), args[len(pos):]...), CallID: vm.nextCallID}
	return vm.suspend(s)
}

// suspend pauses the run for the host with s, which happens at the
// instruction the top frame is executing.
func (vm *VM) suspend(s *Suspension) error {
	if n := len(vm.frames); n > 0 {
		f := vm.frames[n-1]
		s.Line = f.C.Code.LineAt(int(f.PC) - 1)
	}
	vm.pending = s
	return &Suspended{S: s}
}

func (vm *VM) suspendNameLookup(name string) error {
	if vm.nested > 0 {
		return vm.Errorf(TNameError, "name '%s' is not defined", name)
	}
	s := &Suspension{Kind: SuspendNameLookup, Name: name}
	vm.pending = s
	// Re-run the load instruction when resumed without a value.
	return &Suspended{S: s}
}

func (vm *VM) opaqueClass(o *heap.Opaque) Value {
	if o.Kind == "hostfn" || o.Kind == hostMethodKind {
		return vm.Types[TBuiltinFunction]
	}
	return vm.Types[TOpaque]
}

// DeadlineErr is the error that stops a run past its time limit, or nil.
// Long-running native code (the regex engine) polls it.
func (vm *VM) DeadlineErr() error {
	if vm.Limits.MaxDuration > 0 && vm.Clock != nil {
		if vm.Clock()-vm.runStart+vm.TimeUsed > vm.Limits.MaxDuration {
			return &Fatal{Kind: "duration", Msg: "time limit exceeded"}
		}
	}
	return nil
}

// quietCheckpoint reports whether the checkpoint of a backward jump, its
// step counted, has nothing to do: no limit due a look, no collection
// due. The dispatch loop calls Checkpoint only when it returns false
// (Checkpoint calling checkLimits at every turn of every loop cost about
// 40 instructions a turn; Go does not inline into a function as big as
// the loop, so this is one small call instead of two nested ones).
//
// Whether a collection is due changes only as the heap allocates or
// grows, which moves its Churn. A quiet checkpoint without a memory
// limit records the Churn it saw in quietChurn, and the loop skips even
// this call while the step is not a 256th one and the Churn has not
// moved: a loop that allocates nothing (most generator and comprehension
// loops between their allocations) pays a counter and two compares a
// turn. The limits are looked at on the same steps as before:
// enforceLimits forgets quietChurn, so the churn bound it sets is
// tested again at the next backward jump.
func (vm *VM) quietCheckpoint() bool {
	if vm.limitsDue() {
		return false
	}
	if vm.nested > 0 {
		return true
	}
	if vm.Limits.MaxMemory != 0 {
		return false
	}
	if c := vm.H.Churn; c != vm.quietChurn {
		if vm.H.ShouldCollect() {
			return false
		}
		vm.quietChurn = c
	}
	return true
}

// Checkpoint runs at backward jumps, where every live value is in a
// frame, once quietCheckpoint has counted the step and found something
// due: limits, deadline and collection.
func (vm *VM) Checkpoint() error {
	if vm.limitsDue() {
		if err := vm.enforceLimits(); err != nil {
			return err
		}
	}
	if vm.nested > 0 {
		return nil
	}
	// Under a memory limit, collect as soon as collectDue says so rather
	// than on the next 256th step: a loop that makes big garbage each
	// time round would otherwise pile up many limits' worth of it in
	// between.
	// ShouldCollect is cheap, so it is asked at every checkpoint: gating
	// it on steps&255 starved loops whose body makes one call (the call
	// counts a step too, so the checkpoint saw only odd step counts and
	// never collected).
	lim := vm.Limits.MaxMemory
	due := lim > 0 && vm.collectDue(lim)
	if due || vm.H.ShouldCollect() {
		vm.Collect()
		if vm.Limits.MaxMemory > 0 && vm.H.Bytes > vm.Limits.MaxMemory {
			return errMemoryLimit()
		}
	}
	return nil
}

// churnPerCheck is how many bytes allocated make checkLimits look at the
// limits before its 256th step.
const churnPerCheck = 4 << 20

// checkLimits enforces the deadline and the allocation limit every 256
// steps, and ends a run whose heap is far past the memory limit (the heap
// size counts garbage too, so the exact check waits for a collection).
func (vm *VM) checkLimits() error {
	// Every 256 steps, or sooner after much allocation: a loop whose
	// every step makes megabytes (x.to_bytes(...) of a huge x) would
	// otherwise run 256 long steps past the deadline.
	vm.steps++
	if vm.limitsDue() {
		return vm.enforceLimits()
	}
	return nil
}

// limitsDue reports whether checkLimits, having counted a step, must look
// at the limits. (churnCheck is 0 outside Resume: the unsigned compare
// against churnCheck-1 reads 0 as no bound, in one comparison.)
func (vm *VM) limitsDue() bool {
	return vm.steps&255 == 0 || uint64(vm.H.Churn) > uint64(vm.churnCheck-1)
}

// enforceLimits is checkLimits' look at the limits, apart so that the
// step count and its test inline at every backward jump and call.
func (vm *VM) enforceLimits() error {
	vm.churnCheck = vm.H.Churn + churnPerCheck
	vm.quietChurn = -1
	if err := vm.DeadlineErr(); err != nil {
		return err
	}
	if vm.Limits.MaxAllocations > 0 && vm.H.Allocs > vm.Limits.MaxAllocations {
		return &Fatal{Kind: "allocations", Msg: "allocation limit exceeded"}
	}
	if vm.Limits.MaxMemory > 0 && vm.H.Bytes > 2*vm.Limits.MaxMemory {
		return errMemoryLimit()
	}
	if vm.PreemptAt != 0 && vm.Clock != nil && vm.Clock() >= vm.PreemptAt {
		vm.preemptDue = true
	}
	return nil
}

// preempt pauses the run at an instruction boundary for the step budget.
func (vm *VM) preempt() error {
	vm.preemptDue = false
	s := &Suspension{Kind: SuspendPreempt}
	if n := len(vm.frames); n > 0 {
		f := vm.frames[n-1]
		s.Line = f.C.Code.LineAt(int(f.PC))
	}
	vm.pending = s
	return &Suspended{S: s}
}

// Collect runs the garbage collector from the VM's roots.
func (vm *VM) Collect() int {
	vm.invalidateCaches()
	// A freed handle may be reused: nothing made before may count as
	// fresh after (see bigtemp.go).
	vm.bigTemps.fresh = Value{}
	n := vm.H.Collect(vm.Roots)
	vm.weakDead = append(vm.weakDead, vm.H.Dead()...)
	return n
}

// Roots visits every value the VM itself holds.
func (vm *VM) Roots(visit func(Value)) {
	vm.liveRoots(visit)
	if vm.base == nil {
		// With a base, the template's strs are below the heap's floor,
		// which the collector keeps anyway.
		for _, v := range vm.sharedInterned {
			visit(v)
		}
	}
	for _, v := range vm.interned {
		visit(v)
	}
	for _, v := range vm.codeCache {
		visit(v)
	}
}

// liveRoots visits the roots sandboxed code can reach objects from.
func (vm *VM) liveRoots(visit func(Value)) {
	for _, f := range vm.frames {
		f.Refs(visit)
	}
	visit(vm.Builtins)
	visit(vm.Modules)
	visit(vm.handled)
	visit(vm.emptyTuple)
	visit(vm.buildClassFn)
	visit(vm.genResult)
	for _, t := range vm.Types {
		visit(t)
	}
	for _, v := range vm.ExtraRoots {
		visit(v)
	}
	for _, v := range vm.weakDead {
		visit(v)
	}
	// The operands of the operation in progress and the arguments of the
	// builtin calls in progress (see collectForReserve).
	visit(vm.opRoots[0])
	visit(vm.opRoots[1])
	for _, v := range vm.argArena[:vm.argTop] {
		visit(v)
	}
	if s := vm.pending; s != nil {
		for _, v := range s.Args {
			visit(v)
		}
		for _, v := range s.KwVals {
			visit(v)
		}
	}
}

// LastCallID is the last host call id issued. Call ids grow across feeds
// and restores, so a restored session must continue from it.
func (vm *VM) LastCallID() int64 { return vm.nextCallID }

// SetLastCallID continues call ids after n (on restore).
func (vm *VM) SetLastCallID(n int64) {
	if n > vm.nextCallID {
		vm.nextCallID = n
	}
}

// SetPending re-arms the suspension a restored run is paused at, so that
// ResumeWith, ResumeRaise, ResumeFuture and ResumeFutures apply to it.
func (vm *VM) SetPending(s *Suspension) { vm.pending = s }
