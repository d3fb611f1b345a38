package engine

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/amber-sandbox/amber/cas"
	"github.com/amber-sandbox/amber/core"
	"github.com/amber-sandbox/amber/functions/meta"
	"github.com/amber-sandbox/amber/functions/protocol"
)

// sessionConfig is what the engine keeps in meta.Session.Config: the
// checkout's settings and the running feed's host hooks, which a cold
// load must restore.
type sessionConfig struct {
	ScriptName string          `json:"script,omitempty"`
	Limits     protocol.Limits `json:"limits"`
	TypeCheck  bool            `json:"type_check,omitempty"`
	Functions  []string        `json:"functions,omitempty"`
	Lookup     bool            `json:"lookup,omitempty"`
	// Suspensions counts the pauses since checkout or load, for
	// MaxSuspensions (core's own count restarts with every load).
	Suspensions int `json:"suspensions,omitempty"`
}

func decodeConfig(b []byte) (sessionConfig, error) {
	var c sessionConfig
	if len(b) == 0 {
		return c, nil
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return c, fmt.Errorf("engine: bad session config: %w", err)
	}
	return c, nil
}

func (c sessionConfig) encode() []byte {
	b, _ := json.Marshal(c) // plain data: cannot fail
	return b
}

func (c sessionConfig) core() core.Config {
	l := c.Limits
	return core.Config{
		ScriptName: c.ScriptName,
		TypeCheck:  c.TypeCheck,
		Limits: core.Limits{
			MaxDuration:    time.Duration(l.MaxDurationMs) * time.Millisecond,
			MaxMemory:      l.MaxMemory,
			MaxAllocations: l.MaxAllocations,
			MaxRecursion:   l.MaxRecursion,
			MaxOutput:      l.MaxOutput,
			MaxSuspensions: l.MaxSuspensions,
		},
	}
}

// state is a session's interpreter as of one committed version.
type state struct {
	sess *core.Session
	prog core.Progress  // the live suspension (or preemption), nil when idle
	dump *core.PageDump // the last dump, for incremental dumps
	snap *cas.Snapshot  // where dump is stored, for page-table reuse
	size int64          // logical bytes, for the warm cache's bound
}

const refSize = cas.AddrSize + 8

func encodeRef(r cas.PageRef) []byte {
	b := make([]byte, refSize)
	copy(b, r.Addr[:])
	binary.BigEndian.PutUint64(b[cas.AddrSize:], uint64(r.Size))
	return b
}

func decodeRef(b []byte) (cas.PageRef, bool) {
	if len(b) != refSize {
		return cas.PageRef{}, false
	}
	var r cas.PageRef
	copy(r.Addr[:], b)
	r.Size = int64(binary.BigEndian.Uint64(b[cas.AddrSize:]))
	return r, true
}

// loadRoot loads the state stored at root into a new session configured
// by cfg. An empty root is a fresh session.
func loadRoot(ctx context.Context, repo *cas.Repo, root string, cfg sessionConfig) (*state, error) {
	sess := core.NewSession(cfg.core())
	if root == "" {
		return &state{sess: sess}, nil
	}
	addr, err := cas.ParseAddr(root)
	if err != nil {
		return nil, fmt.Errorf("engine: bad root %q: %w", root, err)
	}
	snap, err := repo.GetSnapshot(ctx, addr)
	if err != nil {
		return nil, fmt.Errorf("engine: load %s: %w", root, err)
	}
	d, err := core.ReadPageDump(snap.Meta)
	if err != nil {
		return nil, fmt.Errorf("engine: load %s: %w", root, err)
	}
	// The cas page table lists the pages that are not Base, in order.
	var want []cas.PageRef
	idx := make(map[int]int)
	for i, p := range d.Pages {
		if p.Base {
			continue
		}
		if len(want) == len(snap.Pages) {
			return nil, fmt.Errorf("engine: load %s: the manifest lists more pages than were stored", root)
		}
		d.SetRef(i, encodeRef(snap.Pages[len(want)]))
		idx[i] = len(want)
		want = append(want, snap.Pages[len(want)])
	}
	if len(want) != len(snap.Pages) {
		return nil, fmt.Errorf("engine: load %s: %d stored pages for %d in the manifest", root, len(snap.Pages), len(want))
	}
	data, err := repo.GetPages(ctx, want)
	if err != nil {
		return nil, fmt.Errorf("engine: load %s: %w", root, err)
	}
	fetch := func(i int) ([]byte, error) {
		k, ok := idx[i]
		if !ok {
			return nil, fmt.Errorf("engine: page %d was not stored", i)
		}
		return data[k], nil
	}
	st := &state{sess: sess, dump: d, snap: snap, size: snap.LogicalSize()}
	if d.Kind == "session" {
		err = sess.LoadSessionPages(d, fetch)
	} else {
		st.prog, err = sess.LoadSnapshotPages(d, fetch, nil)
	}
	if err != nil {
		return nil, fmt.Errorf("engine: load %s: %w", root, err)
	}
	return st, nil
}

// saved is what storing a state wrote.
type saved struct {
	root     cas.Addr
	snap     *cas.Snapshot
	dump     *core.PageDump
	bytes    int64 // logical size of the state
	dirty    int   // pages stored
	requests int64 // store writes
	written  int64 // stored (encoded) bytes written
}

// countingStore counts the writes of one step.
type countingStore struct {
	cas.Store
	puts, bytes atomic.Int64
}

func (c *countingStore) Put(ctx context.Context, a cas.Addr, data []byte) error {
	c.puts.Add(1)
	c.bytes.Add(int64(len(data)))
	return c.Store.Put(ctx, a, data)
}

// dumpState dumps st's session (incrementally against its last dump) and
// returns the cas pages to store plus the logical size, without writing.
// Base pages (the builtin world, rebuilt by the loader) are not stored:
// the cas page table lists the other pages in order.
func dumpState(st *state) (*core.PageDump, []cas.Page, int64, error) {
	d, err := st.sess.DumpPages(st.dump)
	if err != nil {
		return nil, nil, 0, err
	}
	pages := make([]cas.Page, 0, len(d.Pages))
	size := int64(len(d.Manifest))
	for i, p := range d.Pages {
		switch {
		case p.Base:
			continue
		case p.Dirty || p.Ref == nil:
			if p.Data == nil {
				return nil, nil, 0, fmt.Errorf("engine: page %d is unchanged but has no stored address", i)
			}
			pages = append(pages, cas.Page{Data: p.Data})
			size += int64(len(p.Data))
		default:
			r, ok := decodeRef(p.Ref)
			if !ok {
				return nil, nil, 0, fmt.Errorf("engine: page %d has a bad ref", i)
			}
			pages = append(pages, cas.Page{Ref: r})
			size += r.Size
		}
	}
	return d, pages, size, nil
}

// putState writes the pages and manifest of a dump.
func putState(ctx context.Context, repo *cas.Repo, counter *countingStore, st *state, d *core.PageDump, pages []cas.Page, size int64) (*saved, error) {
	before, beforeBytes := counter.puts.Load(), counter.bytes.Load()
	dirty := 0
	for _, p := range pages {
		if p.Data != nil {
			dirty++
		}
	}
	snap, err := repo.PutSnapshot(ctx, d.Manifest, pages, st.snap)
	if err != nil {
		return nil, fmt.Errorf("engine: store state: %w", err)
	}
	k := 0
	for i, p := range d.Pages {
		if !p.Base {
			d.SetRef(i, encodeRef(snap.Pages[k]))
			k++
		}
	}
	return &saved{
		root: snap.Root, snap: snap, dump: d, bytes: size, dirty: dirty,
		requests: counter.puts.Load() - before, written: counter.bytes.Load() - beforeBytes,
	}, nil
}

// stateOf names a session's state for its head.
func stateOf(p core.Progress) string {
	switch p.(type) {
	case nil, *core.Complete:
		return meta.StateIdle
	case *core.Preempted:
		return meta.StateRunning
	}
	return meta.StateSuspended
}
