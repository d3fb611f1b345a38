package core

import "github.com/amber-sandbox/amber/core/internal/vm"

// PendingInfo describes what a snapshot is paused at.
type PendingInfo struct {
	Kind     string // "function_call", "name_lookup", "futures" or "preempted"
	Name     string // the function (or method, or OS operation), or the name looked up
	CallID   int64
	Args     []any
	Kwargs   map[string]any
	ObjectID int64
	OSCall   string
	CallIDs  []int64 // the unsettled futures
}

// inspectPending adds to info the pending suspension of a snapshot.
func inspectPending(info *DumpInfo, m *vm.VM, snap bool, meta *sessionMeta) {
	p := meta.Pending
	if !snap || p == nil {
		return
	}
	sp, err := pendingSuspension(m, p)
	if err != nil {
		return
	}
	s := &Session{m: m}
	pi := &PendingInfo{Kind: p.Kind, Name: sp.Name, CallID: sp.CallID, ObjectID: sp.ObjectID, OSCall: sp.OSCall, CallIDs: sp.CallIDs}
	pi.Args, pi.Kwargs = s.callArgs(sp)
	info.Pending = pi
}
