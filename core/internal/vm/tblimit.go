package vm

import (
	"strings"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// sys.tracebacklimit, as CPython honours it. An uncaught exception's
// traceback (the interpreter's printer) shows only the last
// sys.tracebacklimit entries of each exception, and none at all, nor the
// "Traceback (most recent call last):" line, when it is 0 or less; a
// value that is not an int is ignored. The traceback module reads it when
// its limit= is None (traceback.py), where a positive limit keeps the
// first entries instead.

// uncaughtTracebackOptions are the options of an uncaught exception's
// traceback: the limit sys.tracebacklimit sets, if any.
func (vm *VM) uncaughtTracebackOptions() TracebackOptions {
	v, ok := vm.sysAttr("tracebacklimit")
	if !ok {
		return TracebackOptions{}
	}
	b, ok := vm.BigOf(v)
	if !ok {
		return TracebackOptions{}
	}
	switch {
	case b.Sign() <= 0:
		return TracebackOptions{Limited: true, Limit: 0}
	case !b.IsInt64() || b.Int64() > tracebackMaxEntries:
		return TracebackOptions{}
	}
	return TracebackOptions{Limited: true, Limit: -int(b.Int64())}
}

// tracebackMaxEntries is past any traceback's length: a limit above it
// keeps everything.
const tracebackMaxEntries = 1 << 30

// sysAttr reads name from the sys module's namespace without running
// any code (no import, no __getattr__).
func (vm *VM) sysAttr(name string) (Value, bool) {
	md, ok := vm.H.Get(vm.Modules).(*heap.Dict)
	if !ok {
		return heap.Undef, false
	}
	k := vm.Intern("sys")
	sys, ok, _ := md.Get(k, vm.StrHash(k), vm.StrEq)
	if !ok {
		return heap.Undef, false
	}
	mo, ok := vm.refObj(sys).(*heap.Module)
	if !ok {
		return heap.Undef, false
	}
	d, ok := vm.H.Get(mo.Dict).(*heap.Dict)
	if !ok {
		return heap.Undef, false
	}
	nk, ok := vm.internedStr(name)
	if !ok {
		return heap.Undef, false // never interned: no such key
	}
	v, ok, _ := d.Get(nk, vm.StrHash(nk), vm.StrEq)
	return v, ok
}

// limitEntries returns the traceback entries a user sees (not those of
// the runtime's _amber helpers, builtins to the user), innermost first,
// cut to opt's limit.
func (vm *VM) limitEntries(tb []heap.TraceEntry, opt TracebackOptions) []heap.TraceEntry {
	var keep []heap.TraceEntry
	for _, t := range tb {
		co, ok := vm.H.Get(t.Code).(*heap.CodeObj)
		if !ok || strings.HasPrefix(co.Code.Filename, "_amber") {
			continue
		}
		keep = append(keep, t)
	}
	if !opt.Limited {
		return keep
	}
	if opt.Limit >= 0 {
		// The outermost entries are the last stored.
		return keep[len(keep)-min(opt.Limit, len(keep)):]
	}
	return keep[:min(-opt.Limit, len(keep))]
}
