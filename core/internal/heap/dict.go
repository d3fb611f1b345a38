package heap

// EqFunc compares two keys for equality with Python semantics. The VM
// supplies it, since equality may run user code.
type EqFunc func(a, b Value) (bool, error)

// DictEntry is one key/value pair of a Dict, in insertion order.
// A deleted entry has an Undef key.
type DictEntry struct {
	Hash int64
	Key  Value
	Val  Value
}

// Dict is an insertion-ordered hash map with Python semantics. Entries is
// the persisted state; index is a derived open-addressing table over it.
type Dict struct {
	Entries []DictEntry
	Used    int
	// Ver changes with every mutation, so caches of lookups can tell
	// they are stale. Derived, not persisted.
	Ver uint32
	// Keys changes with every mutation but a value's replacement
	// (SetAt): while it holds, every key is at the entry it was at, so a
	// cache may keep an entry's index and read its value there (LOAD_GLOBAL
	// of a module whose loop assigns its globals: every store changed Ver
	// and missed every such cache). Derived, not persisted.
	Keys uint32
	// lead is a count of entries at the front all deleted (a lower
	// bound: 0 is always right), so that iterating from the start after
	// the oldest keys were deleted (next(iter(d)) of a FIFO or LRU
	// cache) skips them at once instead of scanning them every time.
	// Derived, not persisted.
	lead uint32
	// bloom has the bits BloomBits(h) set for the hash h of every key
	// added since the dict was last empty, when bloomOK: a clear one
	// proves a key of such a hash absent without a scan (LOAD_METHOD's
	// check that an instance does not shadow the method). Two bits a key
	// keep the false answers of an instance dict's handful of keys rare.
	// Deletions leave their bits.
	// Dicts made some other way (decoded, cloned) have bloomOK false
	// until they are empty again. Derived, not persisted.
	bloom   uint64
	bloomOK bool
	index   []int32 // -1 empty, -2 deleted, else entry index
	// shared marks Entries and index as borrowed from the dict this one
	// was cloned from (see cloneObject): every mutation copies them first.
	shared bool
	// sealed marks a dict of a base image (see SealDicts), shared by
	// every session of the process: with shared also set, every mutation
	// comes to own (or Clear, CopyFrom) first, which refuses it.
	sealed bool
}

// own gives d its own Entries and index before a mutation.
func (d *Dict) own() {
	if d.shared {
		d.refuseSealed()
		d.Entries = append([]DictEntry(nil), d.Entries...)
		d.index = append([]int32(nil), d.index...)
		d.shared = false
	}
}

// refuseSealed panics with a *BaseWriteError before a mutation of a
// base image's dict: a session must have been given its own copy.
func (d *Dict) refuseSealed() {
	if d.sealed {
		panic(&BaseWriteError{Type: "*heap.Dict"})
	}
}

const (
	slotEmpty   = -1
	slotDeleted = -2
)

func (d *Dict) Refs(visit func(Value)) {
	for i := range d.Entries {
		e := &d.Entries[i]
		if e.Key.K == KRef {
			visit(e.Key)
		}
		if e.Val.K == KRef {
			visit(e.Val)
		}
	}
}

// IndexLen is the length of the index over the entries.
func (d *Dict) IndexLen() int { return len(d.index) }

// Lead is the number of entries at the front of Entries known to be
// deleted: an iteration from the start may begin there.
func (d *Dict) Lead() int { return int(d.lead) }

func (d *Dict) Size() int { return 64 + 40*cap(d.Entries) + 4*len(d.index) }

// Len is the number of live entries.
func (d *Dict) Len() int { return d.Used }

func (d *Dict) rebuild() { d.reindex(d.Entries, false, 0) }

// reindex makes d's entries the live entries of src, then builds the
// index. src is d's own Entries (compacted in place when they have room)
// or, when other is set, another dict's, which are never written. The
// index and the entries' capacity are sized for extra more entries.
//
// Entries gets room for every entry the new index can take before the
// next rebuild, so Append never grows the slice on its own: growing both
// together copies the entries once per doubling, where append-driven
// growslice copied them at every 1.25x step, and dropping deleted
// entries happens in the same pass as that copy.
func (d *Dict) reindex(src []DictEntry, other bool, extra int) {
	d.own()
	live := 0
	for i := range src {
		if src[i].Key.K != KUndef {
			live++
		}
	}
	n := 8
	for n*2 < (live+extra+1)*3 {
		n <<= 1
	}
	room := (2*n - 1) / 3
	switch {
	case other || cap(src) < room:
		fresh := make([]DictEntry, 0, room)
		if live != len(src) {
			d.Keys++ // the live entries move down, as below
		}
		if live == len(src) {
			// No deleted entries: one bulk copy.
			fresh = append(fresh, src...)
		} else {
			for _, e := range src {
				if e.Key.K != KUndef {
					fresh = append(fresh, e)
				}
			}
		}
		d.Entries = fresh
	case live != len(src):
		// The live entries move down: anything that remembered an
		// entry's index (the global sites) must look again.
		d.Keys++
		kept := src[:0]
		for _, e := range src {
			if e.Key.K != KUndef {
				kept = append(kept, e)
			}
		}
		clear(src[len(kept):])
		d.Entries = kept
	}
	if len(d.index) != n {
		d.index = make([]int32, n)
	}
	fillEmpty(d.index)
	d.lead = 0
	mask := uint64(n - 1)
	for i := range d.Entries {
		h := uint64(d.Entries[i].Hash)
		j, perturb := h&mask, h
		for d.index[j] != slotEmpty {
			j, perturb = nextSlot(j, perturb, mask)
		}
		d.index[j] = int32(i)
	}
}

// fillEmpty sets every slot of index to slotEmpty: a slot, then copies
// of twice as many each time, so that the bulk of a big index is filled
// by memmove's wide stores rather than one slot a step.
func fillEmpty(index []int32) {
	if len(index) == 0 {
		return
	}
	index[0] = slotEmpty
	for k := 1; k < len(index); k *= 2 {
		copy(index[k:], index[:k])
	}
}

// Lookup returns the index of key in Entries, or -1.
func (d *Dict) Lookup(key Value, hash int64, eq EqFunc) (int, error) {
	for {
		i, changed, err := d.lookupOnce(key, hash, eq)
		if !changed {
			return i, err
		}
		// eq ran code that changed d under the probe (the table it
		// walked may be gone): look again, as CPython does.
	}
}

// lookupOnce is one probe for key; changed reports that an eq call
// mutated d, which voids the probe.
func (d *Dict) lookupOnce(key Value, hash int64, eq EqFunc) (int, bool, error) {
	if d.Used == 0 {
		return -1, false, nil
	}
	if d.index == nil {
		if len(d.Entries) <= smallDict {
			return d.scan(key, hash, eq)
		}
		d.rebuild()
	}
	mask := uint64(len(d.index) - 1)
	j, perturb := uint64(hash)&mask, uint64(hash)
	for {
		s := d.index[j]
		if s == slotEmpty {
			return -1, false, nil
		}
		if s >= 0 {
			e := &d.Entries[s]
			if e.Hash == hash {
				if e.Key == key {
					return int(s), false, nil
				}
				ver := d.Ver
				ok, err := eq(e.Key, key)
				switch {
				case err != nil:
					return -1, false, err
				case d.Ver != ver:
					return -1, true, nil
				case ok:
					return int(s), false, nil
				}
			}
		}
		j, perturb = nextSlot(j, perturb, mask)
	}
}

// nextSlot is the index slot probed after j, in CPython's order: a key's
// first slot is its hash's low bits (so runs of consecutive ints fill
// consecutive slots), and the next ones bring in the higher bits through
// perturb, so keys alike in their low bits (multiples of a power of two)
// do not pile into one cluster that every probe walks. Once perturb is
// spent, j*5+1 visits every slot of the power-of-two table.
func nextSlot(j, perturb, mask uint64) (uint64, uint64) {
	perturb >>= 5
	return (j*5 + perturb + 1) & mask, perturb
}

// smallDict is the most entries a dict keeps without an index: instance
// dicts and keyword dicts are mostly this small, and a scan of their
// hashes costs less than building and probing a table.
const smallDict = 8

// smallFirst is the capacity of a dict's first entries.
const smallFirst = 4

// scan is Lookup for a dict without an index.
func (d *Dict) scan(key Value, hash int64, eq EqFunc) (int, bool, error) {
	// The entries in a local: d.Entries would be loaded again at every
	// step, as eq may change d (which it does only with a new Ver, and
	// then the scan ends).
	es := d.Entries
	for i := range es {
		e := &es[i]
		if e.Hash != hash || e.Key.K == KUndef {
			continue
		}
		if e.Key == key {
			return i, false, nil
		}
		ver := d.Ver
		ok, err := eq(e.Key, key)
		switch {
		case err != nil:
			return -1, false, err
		case d.Ver != ver:
			return -1, true, nil
		case ok:
			return i, false, nil
		}
	}
	return -1, false, nil
}

// Get returns the value for key.
func (d *Dict) Get(key Value, hash int64, eq EqFunc) (Value, bool, error) {
	i, err := d.Lookup(key, hash, eq)
	if err != nil || i < 0 {
		return Undef, false, err
	}
	if i >= len(d.Entries) {
		// eq ran code that shrank d after the match: report it absent
		// rather than read past the entries.
		return Undef, false, nil
	}
	return d.Entries[i].Val, true, nil
}

// Set inserts or replaces key.
func (d *Dict) Set(key, val Value, hash int64, eq EqFunc) error {
	i, err := d.Lookup(key, hash, eq)
	if err != nil {
		return err
	}
	if i >= 0 {
		d.SetAt(i, val)
		return nil
	}
	d.Append(key, val, hash)
	return nil
}

// SetAt replaces the value of the live entry i.
func (d *Dict) SetAt(i int, val Value) {
	d.own()
	d.Entries[i].Val = val
	d.Ver++
}

// MayHaveHash reports whether d may hold a key of hash h: false is
// certain, true may be wrong (see bloom). Only h's low 12 bits count, so
// a caller may keep just the low 16.
func (d *Dict) MayHaveHash(h uint64) bool {
	return d.MayHaveBits(BloomBits(h))
}

// MayHaveBits is MayHaveHash given BloomBits(h), which a cache may keep.
func (d *Dict) MayHaveBits(b uint64) bool {
	return !d.bloomOK || d.bloom&b == b
}

// BloomBits is the bloom filter's two bits for a key of hash h, from its
// low 12 bits.
func BloomBits(h uint64) uint64 {
	return 1<<(h&63) | 1<<(h>>6&63)
}

// noteKeyHash records a key of hash h about to be appended.
func (d *Dict) noteKeyHash(h int64) {
	if len(d.Entries) == 0 {
		d.bloom, d.bloomOK = 0, true
	}
	d.bloom |= BloomBits(uint64(h))
}

// Append adds a key known to be absent.
func (d *Dict) Append(key, val Value, hash int64) {
	d.own()
	d.noteKeyHash(hash)
	d.Used++
	d.Ver++
	d.Keys++
	if d.index == nil && len(d.Entries) < smallDict {
		if cap(d.Entries) == 0 {
			// Room for a few keys at once: instance and keyword dicts
			// mostly hold a handful, which grew 1, 2, 4 before.
			d.Entries = make([]DictEntry, 0, smallFirst)
		}
		d.Entries = append(d.Entries, DictEntry{Hash: hash, Key: key, Val: val})
		return
	}
	if d.index == nil || (len(d.Entries)+1)*3 >= len(d.index)*2 {
		d.reindex(d.Entries, false, 1)
	}
	d.Entries = append(d.Entries, DictEntry{Hash: hash, Key: key, Val: val})
	mask := uint64(len(d.index) - 1)
	j, perturb := uint64(hash)&mask, uint64(hash)
	for d.index[j] >= 0 {
		j, perturb = nextSlot(j, perturb, mask)
	}
	d.index[j] = int32(len(d.Entries) - 1)
}

// AppendInRoom is Append for a key known to be absent when that
// allocates nothing: d owns its entries, which have room for one more,
// and an index (if any) that takes it without a rebuild. It reports
// false, changing nothing, otherwise. d's Size is the same after, so a
// caller has no growth to account.
func (d *Dict) AppendInRoom(key, val Value, hash int64) bool {
	n := len(d.Entries)
	if d.shared || n == cap(d.Entries) {
		return false
	}
	if d.index == nil {
		if n >= smallDict {
			return false
		}
	} else if (n+1)*3 >= len(d.index)*2 {
		return false
	}
	d.noteKeyHash(hash)
	d.Used++
	d.Ver++
	d.Keys++
	d.Entries = d.Entries[:n+1]
	d.Entries[n] = DictEntry{Hash: hash, Key: key, Val: val}
	if d.index != nil {
		mask := uint64(len(d.index) - 1)
		j, perturb := uint64(hash)&mask, uint64(hash)
		for d.index[j] >= 0 {
			j, perturb = nextSlot(j, perturb, mask)
		}
		d.index[j] = int32(n)
	}
	return true
}

// CopyFrom makes the empty dict d hold the live entries of src, in order,
// in one pass: dict(d), d.copy() and {**d} need no per-key work, as src's
// keys are already distinct and hashed.
func (d *Dict) CopyFrom(src *Dict) {
	d.refuseSealed()
	d.shared = false
	d.lead = 0
	d.bloom, d.bloomOK = src.bloom, src.bloomOK
	d.Ver++
	d.Keys++
	d.index = nil
	d.Used = src.Used
	if src.Used == 0 {
		d.Entries = nil
		return
	}
	if src.Used <= smallDict {
		// Room for one more key: a copy is often added to ({**base,
		// "k": v}, dict(base, k=v)), which would otherwise grow the
		// entries at once.
		n := src.Used
		if n < smallDict {
			n++
		}
		es := make([]DictEntry, src.Used, n)
		if src.Used == len(src.Entries) {
			copy(es, src.Entries)
		} else {
			j := 0
			for i := range src.Entries {
				if e := &src.Entries[i]; e.Key.K != KUndef {
					es[j] = *e
					j++
				}
			}
		}
		d.Entries = es
		return
	}
	if n := len(src.index); n > 0 && src.Used == len(src.Entries) {
		// No deleted entries: the entries keep their positions, so
		// src's index serves as is, copied rather than rebuilt.
		d.Entries = append(make([]DictEntry, 0, (2*n-1)/3), src.Entries...)
		d.index = append([]int32(nil), src.index...)
		return
	}
	d.Entries = nil
	d.reindex(src.Entries, true, 0)
}

// Delete removes key and returns its value.
func (d *Dict) Delete(key Value, hash int64, eq EqFunc) (Value, bool, error) {
	i, err := d.Lookup(key, hash, eq)
	if err != nil || i < 0 {
		return Undef, false, err
	}
	val := d.Entries[i].Val
	d.DeleteAt(i)
	return val, true, nil
}

// DeleteAt removes the entry at index i. Entries may be compacted, so
// indices taken before the call are stale after it.
func (d *Dict) DeleteAt(i int) {
	d.own()
	e := &d.Entries[i]
	if d.index != nil {
		mask := uint64(len(d.index) - 1)
		j, perturb := uint64(e.Hash)&mask, uint64(e.Hash)
		for d.index[j] != int32(i) {
			j, perturb = nextSlot(j, perturb, mask)
		}
		d.index[j] = slotDeleted
	}
	*e = DictEntry{}
	d.Used--
	d.Ver++
	d.Keys++
	switch {
	case d.Used == 0:
		d.Entries = d.Entries[:0]
		d.index = nil
		d.lead = 0
		d.bloom, d.bloomOK = 0, true
	case len(d.Entries) > 16 && d.Used*2 < len(d.Entries):
		d.rebuild()
	case i == int(d.lead):
		// The first live entry went: move lead past the deleted run.
		n := len(d.Entries)
		for i < n && d.Entries[i].Key.K == KUndef {
			i++
		}
		d.lead = uint32(i)
	}
}

// Clear removes everything.
func (d *Dict) Clear() {
	d.refuseSealed()
	d.shared = false
	d.lead = 0
	d.bloom, d.bloomOK = 0, true
	d.Ver++
	d.Keys++
	d.Entries = nil
	d.Used = 0
	d.index = nil
}

// Reindex drops the derived index (after Entries was set directly).
func (d *Dict) Reindex() {
	d.own()
	d.lead = 0
	d.Ver++
	d.Keys++
	d.Used = 0
	d.bloom, d.bloomOK = 0, true
	for _, e := range d.Entries {
		if e.Key.K != KUndef {
			d.Used++
			d.bloom |= BloomBits(uint64(e.Hash))
		}
	}
	d.index = nil
	if d.Used > 0 {
		d.rebuild()
	}
}

// AppendCost is at most the bytes the next Append allocates, so a caller
// can check a memory limit before it.
func (d *Dict) AppendCost() int {
	n := len(d.Entries)
	if d.index == nil && n < smallDict {
		if n == cap(d.Entries) {
			return 40 * max(2*n, smallFirst)
		}
		return 0
	}
	if d.index != nil && (n+1)*3 < len(d.index)*2 {
		return 0
	}
	// A rebuild sized for Used+1 entries; Used <= n.
	size := 8
	for size*2 < (d.Used+2)*3 {
		size <<= 1
	}
	return 40*((2*size-1)/3) + 4*size
}

// NewDictSized returns an empty dict with room for n entries. Up to
// smallDict entries, the dict and its entries are one allocation: the
// dicts a literal builds ({"id": i, "name": s}) are mostly that small.
func NewDictSized(n int) *Dict {
	switch {
	case n <= 0:
		return &Dict{}
	case n == 1:
		b := &dictBox1{}
		b.d.Entries = b.e[:0]
		return &b.d
	case n == 2:
		b := &dictBox2{}
		b.d.Entries = b.e[:0]
		return &b.d
	case n <= 4:
		b := &dictBox4{}
		b.d.Entries = b.e[:0]
		return &b.d
	case n <= smallDict:
		b := &dictBox8{}
		b.d.Entries = b.e[:0]
		return &b.d
	}
	return &Dict{Entries: make([]DictEntry, 0, n)}
}

// dictBoxN is a dict allocated with room for N entries.
type (
	dictBox1 struct {
		d Dict
		e [1]DictEntry
	}
	dictBox2 struct {
		d Dict
		e [2]DictEntry
	}
	dictBox4 struct {
		d Dict
		e [4]DictEntry
	}
	dictBox8 struct {
		d Dict
		e [smallDict]DictEntry
	}
)

// AppendFresh appends key when that needs neither a comparison nor a
// new allocation: d has no index, room in its entries, and no entry
// with key's hash, so key cannot already be in it (equal keys have
// equal hashes). It reports false, changing nothing, otherwise.
func (d *Dict) AppendFresh(key, val Value, hash int64) bool {
	if d.index != nil || d.shared || len(d.Entries) == cap(d.Entries) {
		return false
	}
	for i := range d.Entries {
		if d.Entries[i].Hash == hash {
			return false
		}
	}
	d.noteKeyHash(hash)
	d.Entries = append(d.Entries, DictEntry{Hash: hash, Key: key, Val: val})
	d.Used++
	d.Ver++
	d.Keys++
	return true
}

// Room returns the n entries past d's last, within the capacity of its
// entries, for a caller to fill and then add with AdoptDistinct: a dict
// literal's pairs are written there once, rather than gathered and
// copied. It is nil when d has an index, shares its entries or lacks the
// room.
func (d *Dict) Room(n int) []DictEntry {
	l := len(d.Entries)
	if d.index != nil || d.shared || cap(d.Entries)-l < n {
		return nil
	}
	return d.Entries[l : l+n]
}

// AdoptDistinct adds to d the first m entries of its Room, filled by the
// caller with keys and their hashes, when that needs no comparison: no
// two of their hashes are alike, nor any of theirs like an earlier
// entry's, so no key can equal another (equal keys have equal hashes).
// Otherwise it clears them, changing nothing, and reports false.
func (d *Dict) AdoptDistinct(m int) bool {
	n := len(d.Entries)
	es := d.Entries[n : n+m]
	for i := range es {
		h := es[i].Hash
		for j := range es[:i] {
			if es[j].Hash == h {
				clear(es)
				return false
			}
		}
		for j := range d.Entries {
			if d.Entries[j].Hash == h {
				clear(es)
				return false
			}
		}
	}
	if n == 0 {
		d.bloom, d.bloomOK = 0, true
	}
	for i := range es {
		d.bloom |= BloomBits(uint64(es[i].Hash))
	}
	d.Entries = d.Entries[:n+m]
	d.Used += m
	d.Ver++
	d.Keys++
	return true
}

// FindPlain is Lookup for a key whose comparisons run no code: an int
// (ks nil) or an exact str (ks its Str), of the given hash. It returns
// the index of the entry equal to key, or -1 for none, with known true;
// known is false, and the caller must take the general Lookup, when an
// entry of key's hash holds a key that only the general == can compare
// with it (a float or bool equal to an int, an instance, a str
// subclass). It is one direct pass, with no comparison function called
// per entry, for the commonest lookups: d["name"], counts.get(w, 0).
func (d *Dict) FindPlain(h *Heap, key Value, ks *Str, hash int64) (i int, known bool) {
	// The same value (a const key, an interned str, an int) answers
	// inline; only an entry of key's hash that is another value goes to
	// plainMatch, whose str comparison is a call: out of the loops, it
	// costs the loops no spills.
	if d.index == nil {
		if len(d.Entries) <= smallDict {
			es := d.Entries
			for i := range es {
				if e := &es[i]; e.Hash == hash {
					if e.Key == key {
						return i, true
					}
					switch plainMatch(h, e.Key, key, ks) {
					case matchYes:
						return i, true
					case matchUnknown:
						return -1, false
					}
				}
			}
			return -1, true
		}
		d.rebuild()
	}
	index, es := d.index, d.Entries
	mask := uint64(len(index) - 1)
	j, perturb := uint64(hash)&mask, uint64(hash)
	for {
		s := index[j]
		if s == slotEmpty {
			return -1, true
		}
		if s >= 0 {
			if e := &es[s]; e.Hash == hash {
				if e.Key == key {
					return int(s), true
				}
				switch plainMatch(h, e.Key, key, ks) {
				case matchYes:
					return int(s), true
				case matchUnknown:
					return -1, false
				}
			}
		}
		j, perturb = nextSlot(j, perturb, mask)
	}
}

// plainMatch's answers.
const (
	matchNo = iota
	matchYes
	matchUnknown
)

// plainMatch compares entry key ek with FindPlain's key (an int when ks
// is nil, else the exact str ks): equal, unequal, or unknown without
// the general == (only an int, an exact str or a deleted entry is
// compared here). It stays out of line: FindPlain's loops, which answer
// the same value inline, then spill nothing around its str comparison.
//
//go:noinline
func plainMatch(h *Heap, ek, key Value, ks *Str) int {
	switch {
	case ek == key:
		return matchYes
	case ek.K == KInt || ek.K == KUndef:
		// Two ints that are not the same value, an int and a str, or a
		// deleted entry.
		return matchNo
	case ek.K == KRef:
		if es, ok := h.Get(ek).(*Str); ok {
			if ks != nil && es.S == ks.S {
				return matchYes
			}
			return matchNo
		}
	}
	return matchUnknown
}
