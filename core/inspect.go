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

// inspectMore adds to info what InspectDump reports beyond the pages:
// the bytes of the base pages (shared by every session: stores keep them
// once, and the loader rebuilds them) apart from the file's own, and the
// pending suspension of a snapshot. It runs after the pages are encoded.
func inspectMore(info *DumpInfo, m *vm.VM, snap bool, meta *sessionMeta) {
	if _, pages, err := m.DumpPages(dumpKind(snap), nil); err == nil && len(pages) == len(info.Pages) {
		for _, p := range pages {
			if p.Base {
				info.BasePages++
				info.BaseBytes += len(p.Data)
			}
		}
	}
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
	for _, a := range sp.Args {
		pi.Args = append(pi.Args, s.goValue(a))
	}
	if len(sp.KwNames) > 0 {
		pi.Kwargs = map[string]any{}
		for i, k := range sp.KwNames {
			pi.Kwargs[k] = s.goValue(sp.KwVals[i])
		}
	}
	info.Pending = pi
}
