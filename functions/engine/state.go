package engine

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
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
	// MaxSuspensions, as core counts them; core's own count restarts with
	// every cold load, this one only with load_session/load_snapshot.
	Suspensions int `json:"suspensions,omitempty"`
	// Volumes are the hosted volumes the checkout mounts: sandbox path ->
	// volume name (see volumes.go).
	Volumes map[string]string `json:"volumes,omitempty"`
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

// state is a session's interpreter as of one committed version, with
// what the next commit needs: the last dump (for incremental dumps), the
// flushed root R it stands on and the overlay of pages that differ from R.
type state struct {
	sess  *core.Session
	prog  core.Progress  // the live suspension (or preemption), nil when idle
	dump  *core.PageDump // the last dump; page refs are R's cas refs or overlayMarker
	snap  *cas.Snapshot  // R, nil before the first flush
	rrefs map[core.PageKey]cas.PageRef
	// layer is R's patch layer (patchlayer.go): pages whose bytes are their
	// chunk in rrefs patched; nil or empty when R has none.
	layer map[core.PageKey]overlayEntry
	ov    *overlay // nil when the state is R itself
	size  int64    // logical bytes

	// loadedPages and loadedBytes are what loadRoot read (telemetry).
	loadedPages int
	loadedBytes int64
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

// flushedRoot is what readRoot reads of a flushed root.
type flushedRoot struct {
	snap  *cas.Snapshot
	dump  *core.PageDump
	refs  map[core.PageKey]cas.PageRef
	layer map[core.PageKey]overlayEntry
}

// readRoot reads a flushed root's cas snapshot, its core manifest, its
// pages by key and its patch layer. The cas page table lists the pages
// that are not Base, in manifest order, then the layer's chunk if the
// root's metadata says it has one.
func readRoot(ctx context.Context, repo *cas.Repo, root string) (*flushedRoot, error) {
	addr, err := cas.ParseAddr(root)
	if err != nil {
		return nil, fmt.Errorf("engine: bad root %q: %w", root, err)
	}
	snap, err := repo.GetSnapshot(ctx, addr)
	if err != nil {
		return nil, fmt.Errorf("engine: load %s: %w", root, err)
	}
	man, nlayer, err := splitRootMeta(snap.Meta)
	if err != nil {
		return nil, fmt.Errorf("engine: load %s: %w", root, err)
	}
	if nlayer > len(snap.Pages) {
		return nil, fmt.Errorf("engine: load %s: %w: %d layer chunks in a table of %d", root, ErrCorruptState, nlayer, len(snap.Pages))
	}
	d, err := core.ReadPageDump(man)
	if err != nil {
		return nil, fmt.Errorf("engine: load %s: %w", root, err)
	}
	pages := snap.Pages[:len(snap.Pages)-nlayer]
	refs, err := rootRefs(d, pages)
	if err != nil {
		return nil, fmt.Errorf("engine: load %s: %w", root, err)
	}
	fr := &flushedRoot{snap: snap, dump: d, refs: refs}
	if nlayer > 0 {
		raw, err := repo.GetPages(ctx, snap.Pages[len(pages):])
		if err != nil {
			return nil, fmt.Errorf("engine: load %s: patch layer: %w", root, err)
		}
		if fr.layer, err = decodeLayer(raw[0]); err != nil {
			return nil, fmt.Errorf("engine: load %s: %w", root, err)
		}
		for k := range fr.layer {
			if _, ok := refs[k]; !ok {
				return nil, fmt.Errorf("engine: load %s: %w: the patch layer patches page %v, which the root does not store", root, ErrCorruptState, k)
			}
		}
	}
	return fr, nil
}

// rootManifest returns core's manifest of a flushed root.
func rootManifest(snap *cas.Snapshot) ([]byte, error) {
	man, _, err := splitRootMeta(snap.Meta)
	return man, err
}

// rootRefs sets the refs of d's pages to a flushed root's, whose cas page
// table lists the pages that are not Base, in manifest order, and returns
// them by key.
func rootRefs(d *core.PageDump, stored []cas.PageRef) (map[core.PageKey]cas.PageRef, error) {
	refs := make(map[core.PageKey]cas.PageRef, len(stored))
	k := 0
	for i, p := range d.Pages {
		if p.Base {
			continue
		}
		if k == len(stored) {
			return nil, errors.New("the manifest lists more pages than were stored")
		}
		d.SetRef(i, encodeRef(stored[k]))
		refs[p.Key] = stored[k]
		k++
	}
	if k != len(stored) {
		return nil, fmt.Errorf("%d stored pages for %d in the manifest", len(stored), k)
	}
	return refs, nil
}

// loadRoot loads the state of a flushed root plus a head's overlay into a
// new session configured by cfg. No root and no overlay is a fresh session.
func loadRoot(ctx context.Context, repo *cas.Repo, root string, extra []byte, cfg sessionConfig) (*state, error) {
	sess := core.NewSession(cfg.core())
	st := &state{sess: sess, rrefs: map[core.PageKey]cas.PageRef{}}
	var d *core.PageDump
	if root != "" {
		fr, err := readRoot(ctx, repo, root)
		if err != nil {
			return nil, err
		}
		st.snap, d, st.rrefs, st.layer = fr.snap, fr.dump, fr.refs, fr.layer
	}
	if len(extra) > 0 {
		ov, err := decodeOverlay(extra)
		if err != nil {
			return nil, err
		}
		if d, err = core.ReadPageDump(ov.manifest); err != nil {
			return nil, fmt.Errorf("engine: load overlay: %w", err)
		}
		st.ov = ov
	}
	if d == nil {
		return st, nil
	}
	// Fetch R's pages that the state uses (directly or as patch bases).
	need := map[cas.Addr]int{}
	var want []cas.PageRef
	use := func(k core.PageKey) error {
		r, ok := st.rrefs[k]
		if !ok {
			return fmt.Errorf("engine: load: page %v is neither in the overlay nor in the root", k)
		}
		if _, ok := need[r.Addr]; !ok {
			need[r.Addr] = len(want)
			want = append(want, r)
		}
		return nil
	}
	for _, p := range d.Pages {
		if p.Base {
			continue
		}
		e, inOverlay := st.overlayEntry(p.Key)
		if inOverlay && !isPatch(e.payload) {
			continue
		}
		if err := use(p.Key); err != nil {
			return nil, err
		}
	}
	data, err := repo.GetPages(ctx, want)
	if err != nil {
		return nil, fmt.Errorf("engine: load %s: %w", root, err)
	}
	st.loadedPages = len(data)
	for _, b := range data {
		st.loadedBytes += int64(len(b))
	}
	// rpage is R's page k: its chunk, patched if R's layer patches it.
	rpage := func(k core.PageKey) ([]byte, error) {
		r, ok := st.rrefs[k]
		if !ok {
			return nil, nil
		}
		j, ok := need[r.Addr]
		if !ok {
			return nil, nil
		}
		if e, ok := st.layer[k]; ok {
			return applyLayerEntry(e, data[j])
		}
		return data[j], nil
	}
	pages := make([][]byte, len(d.Pages))
	for i, p := range d.Pages {
		if p.Base {
			continue
		}
		rp, err := rpage(p.Key)
		if err != nil {
			return nil, fmt.Errorf("engine: load %s: %w", root, err)
		}
		if e, ok := st.overlayEntry(p.Key); ok {
			if pages[i], err = applyPayload(e.payload, rp); err != nil {
				return nil, err
			}
			d.SetRef(i, overlayMarker)
			st.size += int64(len(pages[i]))
			continue
		}
		pages[i] = rp
		d.SetRef(i, encodeRef(st.rrefs[p.Key]))
		st.size += int64(len(rp))
	}
	st.size += int64(len(d.Manifest))
	fetch := func(i int) ([]byte, error) {
		if pages[i] == nil {
			return nil, fmt.Errorf("engine: page %d was not stored", i)
		}
		return pages[i], nil
	}
	st.dump = d
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

func (st *state) overlayEntry(k core.PageKey) (overlayEntry, bool) {
	if st.ov == nil {
		return overlayEntry{}, false
	}
	e, ok := st.ov.pages[k]
	return e, ok
}

// rootPage returns R's page k (nil if R has none): its chunk, patched if
// R's layer patches it.
func (st *state) rootPage(ctx context.Context, repo *cas.Repo, k core.PageKey) ([]byte, error) {
	b, err := st.rootChunk(ctx, repo, k)
	if err != nil || b == nil {
		return b, err
	}
	if e, ok := st.layer[k]; ok {
		return applyLayerEntry(e, b)
	}
	return b, nil
}

// rootChunk returns the chunk R's page table names for page k (nil if
// none), before R's layer.
func (st *state) rootChunk(ctx context.Context, repo *cas.Repo, k core.PageKey) ([]byte, error) {
	r, ok := st.rrefs[k]
	if !ok {
		return nil, nil
	}
	return repo.Get(ctx, r.Addr)
}

// rootSize is the length of R's page k, whose chunk is r.
func (st *state) rootSize(k core.PageKey, r cas.PageRef) int64 {
	if e, ok := st.layer[k]; ok && st.rrefs[k] == r {
		return e.size
	}
	return r.Size
}

// advance dumps the session and makes the dump the state's current one:
// changed pages go to a new overlay (patches of R's pages where smaller;
// with legacy, only in the payload formats engines built before patch
// layers read). It returns the logical size. Nothing is written.
func (st *state) advance(ctx context.Context, repo *cas.Repo, legacy bool) (int64, error) {
	d, err := st.sess.DumpPages(st.dump)
	if err != nil {
		return 0, err
	}
	ov := &overlay{manifest: d.Manifest, pages: map[core.PageKey]overlayEntry{}}
	size := int64(len(d.Manifest))
	for i, p := range d.Pages {
		switch {
		case p.Base:
			continue
		case p.Dirty || p.Ref == nil:
			if p.Data == nil {
				return 0, fmt.Errorf("engine: page %d is unchanged but has no stored address", i)
			}
			base, err := st.rootPage(ctx, repo, p.Key)
			if err != nil {
				return 0, fmt.Errorf("engine: read the root's page: %w", err)
			}
			size += int64(len(p.Data))
			if base != nil && samePage(base, p.Data) {
				d.SetRef(i, encodeRef(st.rrefs[p.Key]))
				continue
			}
			ov.pages[p.Key] = overlayEntry{payload: makePayload(p.Data, base, legacy), size: int64(len(p.Data))}
			d.SetRef(i, overlayMarker)
		case samePage(p.Ref, overlayMarker):
			e, ok := st.overlayEntry(p.Key)
			if !ok {
				return 0, fmt.Errorf("engine: page %v is marked as in the overlay but is not", p.Key)
			}
			ov.pages[p.Key] = e
			size += e.size
		default:
			r, ok := decodeRef(p.Ref)
			if !ok {
				return 0, fmt.Errorf("engine: page %d has a bad ref", i)
			}
			size += st.rootSize(p.Key, r)
		}
	}
	st.dump, st.ov, st.size = d, ov, size
	return size, nil
}

// saved is what flushing a state wrote.
type saved struct {
	root     cas.Addr
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

// flush makes the state a root R' with an empty overlay. A page the
// overlay changed is stored as a patch in R's patch layer when it has a
// chunk in R and its bytes are a small patch of that chunk (patchBudget);
// otherwise, and always with wholePages, it is stored whole as a new chunk.
// Pages the overlay did not change keep R's chunk and R's patch. When the
// layer outgrows layerBudget, its largest patches are folded into whole
// pages. Nothing is written but chunks: R' becomes the session's state
// only when the caller commits the head naming it.
func (st *state) flush(ctx context.Context, repo *cas.Repo, counter *countingStore, wholePages bool) (*saved, error) {
	if st.dump == nil {
		// A fresh session: dump it first.
		if _, err := st.advance(ctx, repo, wholePages); err != nil {
			return nil, err
		}
	}
	d := st.dump
	before, beforeBytes := counter.puts.Load(), counter.bytes.Load()
	pages := make([]cas.Page, 0, len(d.Pages)+maxLayerChunks)
	keyAt := make(map[core.PageKey]int) // the layer's pages: index in pages
	layer := map[core.PageKey]overlayEntry{}
	dirty := 0
	for i, p := range d.Pages {
		if p.Base {
			continue
		}
		if e, ok := st.overlayEntry(p.Key); ok && samePage(p.Ref, overlayMarker) {
			base, err := st.rootPage(ctx, repo, p.Key)
			if err != nil {
				return nil, fmt.Errorf("engine: read the root's page: %w", err)
			}
			data, err := applyPayload(e.payload, base)
			if err != nil {
				return nil, err
			}
			r, inRoot := st.rrefs[p.Key]
			if inRoot && !wholePages {
				chunk, err := st.rootChunk(ctx, repo, p.Key)
				if err != nil {
					return nil, fmt.Errorf("engine: read the root's page: %w", err)
				}
				if samePage(chunk, data) {
					pages = append(pages, cas.Page{Ref: r})
					continue
				}
				if pl := makePayload(data, chunk, false); isPatch(pl) && len(pl) <= patchBudget(len(data)) {
					keyAt[p.Key] = len(pages)
					layer[p.Key] = overlayEntry{payload: pl, size: int64(len(data))}
					pages = append(pages, cas.Page{Ref: r})
					continue
				}
			}
			pages = append(pages, cas.Page{Data: data})
			dirty++
			continue
		}
		r, ok := decodeRef(p.Ref)
		if !ok {
			return nil, fmt.Errorf("engine: page %d has no stored address", i)
		}
		if e, ok := st.layer[p.Key]; ok && st.rrefs[p.Key] == r {
			if wholePages {
				base, err := st.rootPage(ctx, repo, p.Key)
				if err != nil {
					return nil, fmt.Errorf("engine: read the root's page: %w", err)
				}
				pages = append(pages, cas.Page{Data: base})
				dirty++
				continue
			}
			keyAt[p.Key] = len(pages)
			layer[p.Key] = e
		}
		pages = append(pages, cas.Page{Ref: r})
	}
	// Keep the layer within its budget: fold the largest patches (ties in
	// key order, so the same state gives the same root) into whole pages.
	if enc := encodeLayer(layer); len(enc) > layerBudget(st.size) {
		keys := sortedKeys(layer)
		sort.SliceStable(keys, func(i, j int) bool { return len(layer[keys[i]].payload) > len(layer[keys[j]].payload) })
		n := len(enc)
		for _, k := range keys {
			if n <= layerBudget(st.size)*3/4 {
				break
			}
			chunk, err := st.rootChunk(ctx, repo, k)
			if err != nil {
				return nil, fmt.Errorf("engine: read the root's page: %w", err)
			}
			data, err := applyLayerEntry(layer[k], chunk)
			if err != nil {
				return nil, err
			}
			n -= layerEntryLen(k, layer[k])
			delete(layer, k)
			pages[keyAt[k]] = cas.Page{Data: data}
			dirty++
		}
	}
	nlayer := 0
	if len(layer) > 0 {
		pages = append(pages, cas.Page{Data: encodeLayer(layer)})
		nlayer = 1
	}
	snap, err := repo.PutSnapshot(ctx, rootMeta(d.Manifest, nlayer), pages, st.snap)
	if err != nil {
		return nil, fmt.Errorf("engine: store state: %w", err)
	}
	rrefs, err := rootRefs(d, snap.Pages[:len(snap.Pages)-nlayer])
	if err != nil {
		return nil, fmt.Errorf("engine: store state: %w", err)
	}
	st.snap, st.rrefs, st.layer, st.ov = snap, rrefs, layer, nil
	return &saved{
		root: snap.Root, dirty: dirty,
		requests: counter.puts.Load() - before, written: counter.bytes.Load() - beforeBytes,
	}, nil
}

// rootString names the state's flushed root ("" before the first flush).
func (st *state) rootString() string {
	if st.snap == nil {
		return ""
	}
	return st.snap.Root.String()
}

// extra is the head's overlay bytes (nil when the state is its root).
func (st *state) extra() []byte {
	if st.ov == nil {
		return nil
	}
	return st.ov.encode()
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
