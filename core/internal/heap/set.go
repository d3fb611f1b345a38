package heap

// Set is set or frozenset. It uses CPython's table layout and probe
// sequence so that iteration order matches CPython's for ints and other
// keys whose hash is not randomised (sets of small ints print in the same
// order as in CPython).
type Set struct {
	Table  []SetEntry
	Used   int
	Fill   int
	Finger int
	Frozen bool
}

// SetEntry is a slot of a Set's table. An empty slot has an Undef key and
// State 0; a deleted slot has State 1.
type SetEntry struct {
	Hash  int64
	Key   Value
	State uint8
}

const (
	setLinearProbes = 9
	setPerturbShift = 5
	setMinSize      = 8
	slotDummy       = 1
)

func (s *Set) Refs(visit func(Value)) {
	for i := range s.Table {
		if k := s.Table[i].Key; k.K == KRef {
			visit(k)
		}
	}
}

func (s *Set) Size() int { return 64 + 32*len(s.Table) }

// setProbe walks CPython's set probe sequence over a table of a power
// of two size: from each start it tries a short linear run of slots
// (when they fit before the end), then jumps by the perturbed hash.
type setProbe struct {
	mask, i int
	perturb uint64
}

func newSetProbe(hash int64, size int) setProbe {
	mask := size - 1
	return setProbe{mask: mask, i: int(uint64(hash) & uint64(mask)), perturb: uint64(hash)}
}

// run is the inclusive range of slots to try from the current start.
func (p *setProbe) run() (lo, hi int) {
	if p.i+setLinearProbes <= p.mask {
		return p.i, p.i + setLinearProbes
	}
	return p.i, p.i
}

func (p *setProbe) next() {
	p.perturb >>= setPerturbShift
	p.i = int((uint64(p.i)*5 + 1 + p.perturb) & uint64(p.mask))
}

// Len is the number of elements.
func (s *Set) Len() int { return s.Used }

// setShape is what a mutation of a Set changes: comparing it before and
// after an eq call tells whether user code changed the set under a probe.
type setShape struct {
	table            *SetEntry
	size, used, fill int
}

func (s *Set) shape() setShape {
	sh := setShape{size: len(s.Table), used: s.Used, fill: s.Fill}
	if len(s.Table) > 0 {
		sh.table = &s.Table[0]
	}
	return sh
}

// Lookup returns the slot index of key, or -1.
func (s *Set) Lookup(key Value, hash int64, eq EqFunc) (int, error) {
	for {
		i, changed, err := s.lookupOnce(key, hash, eq)
		if !changed {
			return i, err
		}
		// eq changed the set under the probe (its table may be gone):
		// look again, as CPython does.
	}
}

func (s *Set) lookupOnce(key Value, hash int64, eq EqFunc) (int, bool, error) {
	if s.Used == 0 {
		return -1, false, nil
	}
	for p := newSetProbe(hash, len(s.Table)); ; p.next() {
		lo, hi := p.run()
		for j := lo; j <= hi; j++ {
			e := &s.Table[j]
			if e.Key.K == KUndef && e.State == 0 {
				return -1, false, nil
			}
			if e.State == 0 && e.Hash == hash {
				if e.Key == key {
					return j, false, nil
				}
				sh := s.shape()
				ok, err := eq(e.Key, key)
				switch {
				case err != nil:
					return -1, false, err
				case s.shape() != sh:
					return -1, true, nil
				case ok:
					return j, false, nil
				}
			}
		}
	}
}

// Contains reports whether key is in the set.
func (s *Set) Contains(key Value, hash int64, eq EqFunc) (bool, error) {
	i, err := s.Lookup(key, hash, eq)
	return i >= 0, err
}

// Add inserts key; it reports whether the key was new.
func (s *Set) Add(key Value, hash int64, eq EqFunc) (bool, error) {
	for {
		added, changed, err := s.addOnce(key, hash, eq)
		if !changed {
			return added, err
		}
		// eq changed the set under the probe: start over.
	}
}

func (s *Set) addOnce(key Value, hash int64, eq EqFunc) (bool, bool, error) {
	if s.Table == nil {
		s.Table = make([]SetEntry, setMinSize)
	}
	free := -1
	for p := newSetProbe(hash, len(s.Table)); ; p.next() {
		lo, hi := p.run()
		for j := lo; j <= hi; j++ {
			e := &s.Table[j]
			if e.Key.K == KUndef && e.State == 0 {
				if free >= 0 {
					s.Table[free] = SetEntry{Hash: hash, Key: key}
					s.Used++
					return true, false, nil
				}
				*e = SetEntry{Hash: hash, Key: key}
				s.Fill++
				s.Used++
				if s.Fill*5 >= p.mask*3 {
					n := s.Used * 4
					if s.Used > 50000 {
						n = s.Used * 2
					}
					s.resize(n)
				}
				return true, false, nil
			}
			if e.State == slotDummy {
				if free < 0 {
					free = j
				}
				continue
			}
			if e.Hash == hash {
				if e.Key == key {
					return false, false, nil
				}
				sh := s.shape()
				ok, err := eq(e.Key, key)
				if err != nil {
					return false, false, err
				}
				if s.shape() != sh {
					return false, true, nil
				}
				if ok {
					return false, false, nil
				}
			}
		}
	}
}

func (s *Set) resize(minUsed int) {
	n := setMinSize
	for n <= minUsed {
		n <<= 1
	}
	old := s.Table
	s.Table = make([]SetEntry, n)
	s.Fill = s.Used
	for _, e := range old {
		if e.State != 0 || e.Key.K == KUndef {
			continue
		}
	probe:
		for p := newSetProbe(e.Hash, n); ; p.next() {
			lo, hi := p.run()
			for j := lo; j <= hi; j++ {
				if s.Table[j].Key.K == KUndef {
					s.Table[j] = e
					break probe
				}
			}
		}
	}
}

// Discard removes key; it reports whether it was present.
func (s *Set) Discard(key Value, hash int64, eq EqFunc) (bool, error) {
	i, err := s.Lookup(key, hash, eq)
	if err != nil || i < 0 {
		return false, err
	}
	s.Table[i] = SetEntry{Hash: -1, State: slotDummy}
	s.Used--
	return true, nil
}

// Pop removes and returns an arbitrary element the way CPython does.
func (s *Set) Pop() (Value, bool) {
	if s.Used == 0 {
		return Undef, false
	}
	mask := len(s.Table) - 1
	i := s.Finger & mask
	for s.Table[i].State != 0 || s.Table[i].Key.K == KUndef {
		i++
		if i > mask {
			i = 0
		}
	}
	k := s.Table[i].Key
	s.Table[i] = SetEntry{Hash: -1, State: slotDummy}
	s.Used--
	s.Finger = i + 1
	return k, true
}

// Clear removes everything.
func (s *Set) Clear() {
	s.Table = nil
	s.Used, s.Fill, s.Finger = 0, 0, 0
}

// Each calls f for each element in iteration order; it stops early if f
// returns false.
func (s *Set) Each(f func(key Value, hash int64) bool) {
	for _, e := range s.Table {
		if e.State == 0 && e.Key.K != KUndef {
			if !f(e.Key, e.Hash) {
				return
			}
		}
	}
}

// Keys returns the elements in iteration order.
func (s *Set) Keys() []Value {
	out := make([]Value, 0, s.Used)
	s.Each(func(k Value, _ int64) bool { out = append(out, k); return true })
	return out
}
