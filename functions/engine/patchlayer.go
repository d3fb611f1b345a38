package engine

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"sort"

	"github.com/amber-sandbox/amber/core"
)

// A flushed root can carry a patch layer: one chunk holding, for pages
// whose changes since their chunk was written are small, a patch of that
// chunk (payloadPatch or payloadHunks, as in the overlay). The page table
// keeps naming the page's old chunk, so a flush that patches a page
// rewrites neither the page's chunk nor its page-table leaf; it writes the
// layer (one chunk), the last leaf (where the layer's ref sits) and the
// manifest. The layer is cumulative — each page's patch is against the
// chunk the page table names, never against an earlier layer — so a load
// reads one layer however many flushes came before, and a root's chain is
// at most one patch long.
//
// The root's metadata then says that the page table's last entry is the
// layer: rootMetaMagic, a version, the count of layer chunks (0 or 1) and
// core's manifest. A root without a layer keeps the old metadata, core's
// manifest alone, so roots written before layers existed load as they
// are, and a layerless root is byte for byte what the old writer wrote.

// ErrCorruptState is matched (errors.Is) by errors that report stored
// session state — a root's metadata or patch layer — that does not decode.
var ErrCorruptState = errors.New("engine: corrupt stored session state")

var (
	rootMetaMagic = []byte("AMBERROOT")
	layerMagic    = []byte("AMBERPL")
)

const (
	rootMetaVersion = 1
	layerVersion    = 1
	// maxLayerChunks is how many trailing page-table entries can be layers.
	maxLayerChunks = 1
)

// Flush policy: a page's patch is kept in the layer while it is at most
// patchFraction of the page (or patchFloor bytes, for small pages);
// beyond that, rewriting the page costs less than carrying the patch in
// every later layer. The whole layer is kept under layerBudget(size): when
// it would pass it, the pages with the largest patches are rewritten until
// it is under three quarters of it, so a cold load reads at most that much
// more than the pages themselves.
const (
	patchFraction = 8 // a patch up to 1/8 of its page
	patchFloor    = 128
	layerFloor    = 16 << 10
	layerDivisor  = 16 // the layer up to 1/16 of the state's logical bytes
	layerCeiling  = 4 << 20
)

func patchBudget(pageLen int) int { return max(pageLen/patchFraction, patchFloor) }

func layerBudget(size int64) int {
	return int(min(max(size/layerDivisor, layerFloor), layerCeiling))
}

// rootMeta wraps core's manifest for a root with n layer chunks.
func rootMeta(manifest []byte, n int) []byte {
	if n == 0 {
		return manifest
	}
	b := append([]byte(nil), rootMetaMagic...)
	b = append(b, rootMetaVersion)
	b = binary.AppendUvarint(b, uint64(n))
	return append(b, manifest...)
}

// splitRootMeta returns core's manifest and the count of layer chunks.
func splitRootMeta(m []byte) ([]byte, int, error) {
	if !bytes.HasPrefix(m, rootMetaMagic) {
		// The old format (and a root without a layer): core's manifest.
		return m, 0, nil
	}
	b := m[len(rootMetaMagic):]
	if len(b) == 0 || b[0] != rootMetaVersion {
		return nil, 0, fmt.Errorf("%w: root metadata version", ErrCorruptState)
	}
	n, k := canonicalUvarint(b[1:])
	if k <= 0 || n == 0 || n > maxLayerChunks {
		return nil, 0, fmt.Errorf("%w: root metadata names %d layer chunks", ErrCorruptState, n)
	}
	return b[1+k:], int(n), nil
}

// canonicalUvarint is binary.Uvarint that also refuses (k <= 0) an
// encoding longer than the shortest, one that ends in a zero group: what
// the decoders accept must re-encode to the same bytes (a root's and a
// layer's chunks are named by their contents).
func canonicalUvarint(b []byte) (uint64, int) {
	n, k := binary.Uvarint(b)
	if k > 1 && b[k-1] == 0 {
		return 0, -1
	}
	return n, k
}

// maxPageSize bounds a page a layer entry can describe.
const maxPageSize = 1 << 31

// encodeLayer encodes a patch layer: magic, version, the count, then per
// page, in key order, its key, its length and its patch.
func encodeLayer(l map[core.PageKey]overlayEntry) []byte {
	b := append([]byte(nil), layerMagic...)
	b = append(b, layerVersion)
	return appendPageEntries(b, l)
}

// layerEntryLen is the encoded length of one layer entry.
func layerEntryLen(k core.PageKey, e overlayEntry) int {
	uvlen := func(v uint64) int { return len(binary.AppendUvarint(nil, v)) }
	return uvlen(uint64(k.Seq)) + uvlen(uint64(k.N)) + uvlen(uint64(e.size)) + uvlen(uint64(len(e.payload))) + len(e.payload)
}

func keyLess(a, b core.PageKey) bool {
	if a.Seq != b.Seq {
		return a.Seq < b.Seq
	}
	return a.N < b.N
}

func sortedKeys(m map[core.PageKey]overlayEntry) []core.PageKey {
	keys := make([]core.PageKey, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keyLess(keys[i], keys[j]) })
	return keys
}

// decodeLayer decodes a patch layer. It accepts only the canonical
// encoding: keys strictly increasing, every payload a patch, nothing
// trailing; so what it accepts re-encodes to the same bytes.
func decodeLayer(b []byte) (map[core.PageKey]overlayEntry, error) {
	bad := func(what string) error { return fmt.Errorf("%w: patch layer: %s", ErrCorruptState, what) }
	if !bytes.HasPrefix(b, layerMagic) {
		return nil, bad("not a patch layer")
	}
	b = b[len(layerMagic):]
	if len(b) == 0 || b[0] != layerVersion {
		return nil, bad("unknown version")
	}
	b = b[1:]
	uv := func(what string, limit uint64) (uint64, error) {
		n, k := canonicalUvarint(b)
		if k <= 0 {
			return 0, bad("bad " + what)
		}
		if n > limit {
			return 0, bad(what + " out of range")
		}
		b = b[k:]
		return n, nil
	}
	// An entry takes at least five bytes: four varints and a patch's tag.
	count, err := uv("count", uint64(len(b))/5)
	if err != nil {
		return nil, err
	}
	l := make(map[core.PageKey]overlayEntry, min(count, 1024))
	var prev core.PageKey
	for i := uint64(0); i < count; i++ {
		seq, err := uv("page seq", 1<<32-1)
		if err != nil {
			return nil, err
		}
		n, err := uv("page number", 1<<31)
		if err != nil {
			return nil, err
		}
		size, err := uv("page size", maxPageSize)
		if err != nil {
			return nil, err
		}
		plen, err := uv("patch length", maxPageSize)
		if err != nil {
			return nil, err
		}
		if plen > uint64(len(b)) {
			return nil, bad("short patch")
		}
		p := b[:plen:plen]
		b = b[plen:]
		k := core.PageKey{Seq: uint32(seq), N: int(n)}
		if i > 0 && !keyLess(prev, k) {
			return nil, bad("keys out of order")
		}
		if !isPatch(p) {
			return nil, bad("an entry is not a patch")
		}
		prev = k
		l[k] = overlayEntry{payload: p, size: int64(size)}
	}
	if len(b) != 0 {
		return nil, bad("trailing bytes")
	}
	return l, nil
}

// applyLayerEntry rebuilds a page from its chunk and its layer entry,
// checking the length the layer recorded.
func applyLayerEntry(e overlayEntry, base []byte) ([]byte, error) {
	out, err := applyPayload(e.payload, base)
	if err != nil {
		return nil, fmt.Errorf("%w: patch layer: %v", ErrCorruptState, err)
	}
	if int64(len(out)) != e.size {
		return nil, fmt.Errorf("%w: patch layer: a page patches to %d bytes, the layer says %d", ErrCorruptState, len(out), e.size)
	}
	return out, nil
}
