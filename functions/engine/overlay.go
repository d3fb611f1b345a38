package engine

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/amber-sandbox/amber/core"
)

// A session's state is a flushed root R — a cas snapshot, self-contained —
// plus an overlay kept in the session's head (meta.Session.Extra): the
// current core manifest and the pages that differ from R's page of the same
// key, each raw or as a small patch of R's page. A typical step changes a
// few bytes of a page or two, so it writes one small item, the head, and
// nothing else; when the overlay outgrows Config.InlineBytes, the step
// flushes it: the changed pages become chunks, a new manifest names them,
// and the head's overlay empties. Snapshots (dump) always name a flushed
// root, so they never depend on a head.

// overlayFormat is the first byte of an encoded overlay.
const overlayFormat = 1

// Payload tags.
const (
	payloadRaw   = 0 // the page's bytes
	payloadPatch = 1 // prefix and suffix lengths kept from R's page, then the middle
	payloadHunks = 2 // same length as R's page: runs of changed bytes
	payloadEdits = 3 // any length: runs of R's bytes replaced by new ones
)

// overlayMarker is the core page ref of a page whose bytes are in the
// overlay (a cas ref is refSize bytes).
var overlayMarker = []byte{'o'}

type overlayEntry struct {
	payload []byte
	size    int64 // the page's length
}

type overlay struct {
	manifest []byte // the current core manifest
	pages    map[core.PageKey]overlayEntry
}

func (o *overlay) encode() []byte {
	b := []byte{overlayFormat}
	b = binary.AppendUvarint(b, uint64(len(o.manifest)))
	b = append(b, o.manifest...)
	return appendPageEntries(b, o.pages)
}

// appendPageEntries appends the count of pages, then per page in key
// order its key, its length and its payload: the body of an overlay and
// of a patch layer.
func appendPageEntries(b []byte, pages map[core.PageKey]overlayEntry) []byte {
	keys := sortedKeys(pages)
	b = binary.AppendUvarint(b, uint64(len(keys)))
	for _, k := range keys {
		e := pages[k]
		b = binary.AppendUvarint(b, uint64(k.Seq))
		b = binary.AppendUvarint(b, uint64(k.N))
		b = binary.AppendUvarint(b, uint64(e.size))
		b = binary.AppendUvarint(b, uint64(len(e.payload)))
		b = append(b, e.payload...)
	}
	return b
}

var errOverlay = errors.New("engine: corrupt overlay in the session head")

func decodeOverlay(b []byte) (*overlay, error) {
	if len(b) == 0 || b[0] != overlayFormat {
		return nil, errOverlay
	}
	b = b[1:]
	uv := func() (uint64, error) {
		n, k := binary.Uvarint(b)
		if k <= 0 {
			return 0, errOverlay
		}
		b = b[k:]
		return n, nil
	}
	take := func() ([]byte, error) {
		n, err := uv()
		if err != nil || n > uint64(len(b)) {
			return nil, errOverlay
		}
		out := b[:n:n]
		b = b[n:]
		return out, nil
	}
	o := &overlay{pages: map[core.PageKey]overlayEntry{}}
	var err error
	if o.manifest, err = take(); err != nil {
		return nil, err
	}
	count, err := uv()
	if err != nil || count > uint64(len(b)) {
		return nil, errOverlay
	}
	for i := uint64(0); i < count; i++ {
		var v [3]uint64
		for j := range v {
			if v[j], err = uv(); err != nil {
				return nil, err
			}
		}
		p, err := take()
		if err != nil || v[0] > 1<<32-1 || v[1] > 1<<31 || v[2] > 1<<31 {
			return nil, errOverlay
		}
		o.pages[core.PageKey{Seq: uint32(v[0]), N: int(v[1])}] = overlayEntry{payload: p, size: int64(v[2])}
	}
	if len(b) != 0 {
		return nil, errOverlay
	}
	return o, nil
}

// makePayload encodes page data: a patch of base when that is smaller.
// legacy keeps to the formats engines built before patch layers read (no
// payloadEdits), for Config.WholePageFlush.
func makePayload(data, base []byte, legacy bool) []byte {
	raw := append([]byte{payloadRaw}, data...)
	if base == nil {
		return raw
	}
	pre := 0
	for pre < len(data) && pre < len(base) && data[pre] == base[pre] {
		pre++
	}
	suf := 0
	for suf < len(data)-pre && suf < len(base)-pre && data[len(data)-1-suf] == base[len(base)-1-suf] {
		suf++
	}
	p := []byte{payloadPatch}
	p = binary.AppendUvarint(p, uint64(pre))
	p = binary.AppendUvarint(p, uint64(suf))
	p = append(p, data[pre:len(data)-suf]...)
	if len(data) == len(base) {
		if h := hunks(data, base); len(h) < len(p) {
			p = h
		}
	} else if e := edits(data, base); !legacy && len(e) < len(p) {
		p = e
	}
	if len(p) >= len(raw) {
		return raw
	}
	return p
}

// hunkGap is the longest run of equal bytes a hunk swallows rather than
// starting a new hunk (a hunk header costs about as much).
const hunkGap = 4

// hunks encodes data as the runs where it differs from base (same length):
// a count, then per run the equal bytes skipped since the last run, the
// run's length and its bytes.
func hunks(data, base []byte) []byte {
	type run struct{ at, end int }
	var runs []run
	for i := 0; i < len(data); i++ {
		if data[i] == base[i] {
			continue
		}
		if n := len(runs); n > 0 && i-runs[n-1].end <= hunkGap {
			runs[n-1].end = i + 1
			continue
		}
		runs = append(runs, run{i, i + 1})
	}
	h := []byte{payloadHunks}
	h = binary.AppendUvarint(h, uint64(len(runs)))
	last := 0
	for _, r := range runs {
		h = binary.AppendUvarint(h, uint64(r.at-last))
		h = binary.AppendUvarint(h, uint64(r.end-r.at))
		h = append(h, data[r.at:r.end]...)
		last = r.end
	}
	return h
}

// Edit scripts: resyncWindow is how far (in either page) edits looks for
// the bytes after a change to line up again, on anchorLen equal bytes.
// maxResyncs bounds the searches of one page (each costs up to about
// resyncWindow² anchor comparisons); past it, the rest is replaced.
const (
	resyncWindow = 32
	anchorLen    = 8
	maxResyncs   = 64
)

// edits encodes data as an edit script of base (any lengths): a count,
// then per edit the equal bytes kept since the last edit, the count of
// base's bytes it removes, the count of bytes it inserts and those bytes;
// base's bytes after the last edit are kept. It finds small substitutions,
// insertions and deletions (a number rewritten shorter, say); a change it
// cannot line up again within resyncWindow replaces the rest up to the
// common suffix.
func edits(data, base []byte) []byte {
	type edit struct{ skip, del, ins, at int } // at: the inserted bytes' offset in data
	var es []edit
	i, j, last := 0, 0, 0 // last: base offset after the previous edit
	searches := 0
	add := func(del, ins int) {
		skip := j - last
		if n := len(es); n > 0 && skip <= hunkGap {
			// Swallow the short equal run into the previous edit.
			es[n-1].del += skip + del
			es[n-1].ins += skip + ins
		} else {
			es = append(es, edit{skip, del, ins, i})
		}
		i += ins
		j += del
		last = j
	}
	lined := func(a, b int) bool {
		x, y := data[i+a:], base[j+b:]
		if len(x) < anchorLen || len(y) < anchorLen {
			return bytes.Equal(x, y)
		}
		return bytes.Equal(x[:anchorLen], y[:anchorLen])
	}
	for i < len(data) || j < len(base) {
		if i < len(data) && j < len(base) && data[i] == base[j] {
			i++
			j++
			continue
		}
		found := false
		searches++
	search:
		for d := 1; d <= 2*resyncWindow && searches <= maxResyncs; d++ {
			for a := max(0, d-resyncWindow); a <= min(d, resyncWindow); a++ {
				b := d - a
				if i+a <= len(data) && j+b <= len(base) && lined(a, b) {
					add(b, a)
					found = true
					break search
				}
			}
		}
		if !found {
			suf := 0
			for suf < len(data)-i && suf < len(base)-j && data[len(data)-1-suf] == base[len(base)-1-suf] {
				suf++
			}
			add(len(base)-j-suf, len(data)-i-suf)
			break
		}
	}
	e := []byte{payloadEdits}
	e = binary.AppendUvarint(e, uint64(len(es)))
	for _, x := range es {
		e = binary.AppendUvarint(e, uint64(x.skip))
		e = binary.AppendUvarint(e, uint64(x.del))
		e = binary.AppendUvarint(e, uint64(x.ins))
		e = append(e, data[x.at:x.at+x.ins]...)
	}
	return e
}

// applyPayload rebuilds a page from its payload (and R's page, for a patch).
func applyPayload(p, base []byte) ([]byte, error) {
	if len(p) == 0 {
		return nil, errOverlay
	}
	switch p[0] {
	case payloadRaw:
		return p[1:], nil
	case payloadPatch:
		b := p[1:]
		pre, k := binary.Uvarint(b)
		if k <= 0 {
			return nil, errOverlay
		}
		b = b[k:]
		suf, k := binary.Uvarint(b)
		if k <= 0 || base == nil || pre+suf > uint64(len(base)) {
			return nil, errOverlay
		}
		b = b[k:]
		out := make([]byte, 0, int(pre)+len(b)+int(suf))
		out = append(out, base[:pre]...)
		out = append(out, b...)
		return append(out, base[uint64(len(base))-suf:]...), nil
	case payloadHunks:
		b := p[1:]
		uv := func() (int, bool) {
			n, k := binary.Uvarint(b)
			if k <= 0 || n > uint64(len(base)) {
				return 0, false
			}
			b = b[k:]
			return int(n), true
		}
		if base == nil {
			return nil, errOverlay
		}
		out := append([]byte(nil), base...)
		count, ok := uv()
		if !ok {
			return nil, errOverlay
		}
		at := 0
		for i := 0; i < count; i++ {
			skip, ok1 := uv()
			n, ok2 := uv()
			if !ok1 || !ok2 || at+skip+n > len(out) || n > len(b) {
				return nil, errOverlay
			}
			at += skip
			copy(out[at:], b[:n])
			b = b[n:]
			at += n
		}
		if len(b) != 0 {
			return nil, errOverlay
		}
		return out, nil
	case payloadEdits:
		if base == nil {
			return nil, errOverlay
		}
		b := p[1:]
		uv := func() (int, bool) {
			n, k := binary.Uvarint(b)
			if k <= 0 || n > uint64(len(base)+len(p)) {
				return 0, false
			}
			b = b[k:]
			return int(n), true
		}
		count, ok := uv()
		if !ok {
			return nil, errOverlay
		}
		out := make([]byte, 0, len(base))
		at := 0 // in base
		for e := 0; e < count; e++ {
			skip, ok1 := uv()
			del, ok2 := uv()
			ins, ok3 := uv()
			if !ok1 || !ok2 || !ok3 || skip+del > len(base)-at || ins > len(b) {
				return nil, errOverlay
			}
			out = append(out, base[at:at+skip]...)
			out = append(out, b[:ins]...)
			b = b[ins:]
			at += skip + del
		}
		if len(b) != 0 {
			return nil, errOverlay
		}
		return append(out, base[at:]...), nil
	}
	return nil, fmt.Errorf("%w: payload tag %d", errOverlay, p[0])
}

// isPatch reports a payload that needs R's page (a patch, hunks or edits).
func isPatch(p []byte) bool {
	return len(p) > 0 && (p[0] == payloadPatch || p[0] == payloadHunks || p[0] == payloadEdits)
}

func samePage(a, b []byte) bool { return bytes.Equal(a, b) }
