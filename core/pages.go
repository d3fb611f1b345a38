package core

// Page-level dumps: a session's state as a small manifest plus fixed-size
// pages, so a store can keep each page once (content-addressed) and a
// step rewrites only the pages it changed. Dump and LoadSession/
// LoadSnapshot are the single-blob form of the same state.

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/amber-sandbox/amber/core/internal/vm"
)

// PageDump is a session's state as a manifest and its pages. DumpPages
// makes one; ReadPageDump decodes a stored manifest into one (with the
// page table but no page bytes) for LoadSessionPages or LoadSnapshotPages.
type PageDump struct {
	// Kind is "session" (an idle session) or "snapshot" (paused at a
	// progress).
	Kind string
	// Manifest is the encoded manifest: the config, the budgets spent,
	// the pending call, the frames and the page table, without page bytes.
	Manifest []byte
	// Pages are in page-table order.
	Pages []Page

	m *vm.Manifest
}

// PageKey names a page across the dumps of one session: heap page N
// (Seq 0), or segment N of the big list or tuple whose handle is Seq. A
// page's position in the table can move between dumps; its key does not.
type PageKey struct {
	Seq uint32
	N   int
}

// Page is one page of a PageDump.
type Page struct {
	Key PageKey
	// Data is the page's bytes: nil for a clean page that was not
	// re-encoded (its Ref names it) and for pages of a decoded manifest.
	// The bytes are read-only: a Base page's are the process's own copy
	// of the base image, which its sessions share.
	Data []byte
	// Dirty means the bytes differ from the previous dump's page at this
	// position, or there was no previous dump: store them.
	Dirty bool
	// Base pages are part of every session (the builtin world): they need
	// not be stored, and loading does not fetch them.
	Base bool
	// Ref is where the caller stored the page (see SetRef). Clean pages
	// carry the previous dump's Ref forward.
	Ref []byte
}

// SetRef records where page i is stored. A later DumpPages that finds the
// page clean hands the ref back instead of the bytes.
func (d *PageDump) SetRef(i int, ref []byte) {
	ref = append([]byte(nil), ref...)
	d.Pages[i].Ref = ref
	d.m.Pages[i].Ref = ref
}

// DirtyPages counts the pages to store: dirty and not Base.
func (d *PageDump) DirtyPages() int {
	n := 0
	for _, p := range d.Pages {
		if p.Dirty && !p.Base {
			n++
		}
	}
	return n
}

// DumpPages dumps the session's state: a session dump when it is idle, a
// snapshot of its live suspension when it is paused. prev is the session's
// last PageDump (from DumpPages, or the one it was loaded from); with it
// only pages changed since are encoded and reported dirty. Without it
// every page is dirty.
func (s *Session) DumpPages(prev *PageDump) (*PageDump, error) {
	snapshot := s.live != nil
	mb, restore, err := s.dumpMeta(snapshot)
	if err != nil {
		return nil, err
	}
	defer restore()
	s.m.SetSessionMeta(mb)
	var pm *vm.Manifest
	if prev != nil {
		pm = prev.m
	}
	man, pages, err := s.m.DumpPages(dumpKind(snapshot), pm)
	if err != nil {
		return nil, err
	}
	enc, err := man.MarshalBinary()
	if err != nil {
		return nil, err
	}
	d := &PageDump{Kind: "session", Manifest: enc, Pages: make([]Page, len(pages)), m: man}
	if snapshot {
		d.Kind = "snapshot"
	}
	for i, p := range pages {
		pi := man.Pages[p.Index]
		d.Pages[i] = Page{Key: PageKey{uint32(pi.Seq), pi.N}, Data: p.Data, Dirty: p.Dirty, Base: p.Base, Ref: p.Ref}
	}
	return d, nil
}

// dumpMeta encodes the session metadata a dump carries (the same as
// Session.dump's). For a snapshot it roots the pending call's arguments in
// the heap until restore is called.
func (s *Session) dumpMeta(snapshot bool) (mb []byte, restore func(), err error) {
	meta := sessionMeta{
		Version:    metaVersion,
		ScriptName: s.cfg.ScriptName,
		Limits:     s.cfg.Limits,
		TypeCheck:  s.cfg.TypeCheck,
		TimeUsed:   s.m.TimeUsed,
		LastCallID: s.m.LastCallID(),
		LastObject: s.hosts.nextID,
		Start:      snapshot && s.start, // an idle session has no run to be in
	}
	roots := s.m.ExtraRoots
	restore = func() { s.m.ExtraRoots = roots }
	if snapshot {
		sp := s.m.Pending()
		if sp == nil {
			return nil, restore, ErrStaleProgress
		}
		meta.Pending = &pendingMeta{Kind: pendingKinds[sp.Kind], Name: sp.Name, CallID: sp.CallID, CallIDs: sp.CallIDs, Line: sp.Line, NArgs: len(sp.Args), KwNames: sp.KwNames, Object: sp.ObjectID, OSCall: sp.OSCall}
		s.m.ExtraRoots = append(append([]vm.Value(nil), roots...), s.pendingArgs(sp))
	}
	mb, err = json.Marshal(meta)
	return mb, restore, err
}

// ReadPageDump decodes a manifest made by DumpPages. The result lists the
// pages (Base ones need no fetching) with no bytes; set their Refs with
// SetRef before loading if the next DumpPages should report clean pages
// by ref.
func ReadPageDump(manifest []byte) (*PageDump, error) {
	man, err := vm.DecodeManifest(manifest)
	if err != nil {
		return nil, &DumpError{Reason: "cannot decode the manifest", Err: err}
	}
	d := &PageDump{Kind: man.Kind.String(), Manifest: append([]byte(nil), manifest...), Pages: make([]Page, len(man.Pages)), m: man}
	for i, p := range man.Pages {
		d.Pages[i] = Page{Key: PageKey{uint32(p.Seq), p.N}, Base: p.Base, Ref: p.Ref}
	}
	return d, nil
}

// LoadSessionPages replaces this fresh session's state with the session
// dump d, whose pages fetch(i) returns (it is called for every page that
// is not Base). Like LoadSession, limits in this session's config can
// only lower the dump's. The session's next DumpPages(d) is incremental.
func (s *Session) LoadSessionPages(d *PageDump, fetch func(i int) ([]byte, error)) error {
	_, err := s.loadPages(d, false, fetch, nil)
	return err
}

// LoadSnapshotPages is LoadSnapshot for a page-level snapshot d: it
// replaces this fresh session's state and returns the progress to resume.
func (s *Session) LoadSnapshotPages(d *PageDump, fetch func(i int) ([]byte, error), opts *FeedOptions) (Progress, error) {
	return s.loadPages(d, true, fetch, opts)
}

func (s *Session) loadPages(d *PageDump, snapshot bool, fetch func(i int) ([]byte, error), opts *FeedOptions) (Progress, error) {
	if s.used || s.live != nil {
		return nil, ErrSessionUsed
	}
	if d == nil || d.m == nil {
		return nil, &DumpError{Reason: "no manifest"}
	}
	isSnap := d.m.Kind == vm.KindSnapshot
	kind := map[bool]string{false: "session", true: "snapshot"}
	if isSnap != snapshot {
		return nil, wrongKind(kind[isSnap], kind[snapshot])
	}
	m, err := vm.LoadPages(d.m, fetch)
	if err != nil {
		var ve *vm.VersionError
		switch {
		case errors.As(err, &ve):
			return nil, &DumpError{Reason: "unsupported format version", Err: err}
		case errors.Is(err, vm.ErrBuild):
			return nil, &DumpError{Reason: "made by another build", Err: err}
		case errors.Is(err, vm.ErrFormat):
			return nil, &DumpError{Reason: "corrupt or truncated", Err: err}
		}
		return nil, err // the fetch's own error
	}
	return s.restore(m, m.SessionMeta(), snapshot, opts)
}

// restore makes the loaded VM m this session's state, with the session
// metadata mb it was dumped with: the same steps as Session.load after it
// decodes a blob.
func (s *Session) restore(m *vm.VM, mb []byte, snapshot bool, opts *FeedOptions) (Progress, error) {
	var meta sessionMeta
	if err := json.Unmarshal(mb, &meta); err != nil {
		return nil, &DumpError{Reason: "bad session metadata", Err: err}
	}
	if meta.Version != metaVersion {
		return nil, &DumpError{Reason: fmt.Sprintf("session metadata version %d, want %d", meta.Version, metaVersion)}
	}
	if (meta.Pending != nil) != snapshot {
		return nil, &DumpError{Reason: "session metadata does not match the dump kind"}
	}
	var sp *vm.Suspension
	if p := meta.Pending; p != nil {
		var err error
		if sp, err = pendingSuspension(m, p); err != nil {
			return nil, err
		}
	}
	cfg := s.cfg
	cfg.ScriptName = meta.ScriptName
	if cfg.ScriptName == "" {
		cfg.ScriptName = "main.py"
	}
	cfg.TypeCheck = meta.TypeCheck
	cfg.Limits = meta.Limits.lower(s.cfg.Limits)
	s.cfg = cfg
	s.attach(m)
	m.TimeUsed = meta.TimeUsed
	m.SetLastCallID(meta.LastCallID)
	s.used = true
	s.suspensions = 0
	s.hostObjs = nil
	s.hosts = hostRegistry{nextID: meta.LastObject}
	s.start = meta.Start
	if err := s.setOptions(opts); err != nil {
		return nil, err
	}
	if sp == nil {
		s.checkRestoredMemory()
		return nil, nil
	}
	m.SetPending(sp)
	s.checkRestoredMemory()
	return s.progressFor(sp), nil
}

// SetFeedOptions replaces the host hooks of the running feed: the host
// functions the sandbox may call, the name lookup and the output. A host
// that loads a session in a new process (or serves each step in its own
// request) sets them before resuming. Inputs are ignored.
func (s *Session) SetFeedOptions(opts *FeedOptions) { s.setOptions(opts) }

// SetStepBudget makes the session's runs pause once d of wall time has
// passed from now, at the next instruction boundary the interpreter can
// pause at, with a *Preempted progress; d <= 0 removes the budget. Limits
// (the duration limit included) keep counting across such pauses. The
// budget belongs to the current interpreter: set it again after a load.
func (s *Session) SetStepBudget(d time.Duration) {
	if d <= 0 || s.m.Clock == nil {
		s.m.PreemptAt = 0
		return
	}
	s.m.PreemptAt = s.m.Clock() + int64(d)
}

// Preempted: the run reached its step budget (SetStepBudget) and paused
// between two instructions. Resume runs on; it is not a suspension for
// MaxSuspensions, and it can be dumped like any other progress.
type Preempted struct {
	progress
}

// Resume continues the run.
func (p *Preempted) Resume() (Progress, error) {
	if err := p.claim(); err != nil {
		return nil, err
	}
	return p.s.step(p.s.m.ResumeContinue())
}
