package heap

// Clone returns a heap with the same objects at the same handles. The
// objects at the handles in private are copied; all others are shared with
// h, so the caller must guarantee that nothing changes them in place, must
// not mutate h afterwards, and must have filled the shared objects' caches
// (see PrepareShared), because clones read them from several goroutines.
func (h *Heap) Clone(private ...Handle) *Heap {
	h.cloned.Store(true)
	// The three per-page flag arrays share one allocation, each with its
	// own spare capacity so that appends for new pages never spill into
	// the next one (a full slice expression caps each).
	np, nd := len(h.pages), len(h.dirty)
	flags := make([]bool, 3*np+nd+8)
	c := &Heap{
		pages:        append(make([]*objPage, 0, np+4), h.pages...),
		shared:       flags[: np : np+4],
		pristine:     flags[np+4 : 2*np+4 : 2*np+4],
		dirty:        flags[2*np+4 : 2*np+4+nd : 2*np+nd+8],
		n:            h.n,
		free:         append([]Handle(nil), h.free...),
		Bytes:        h.Bytes,
		liveAfterGC:  h.liveAfterGC,
		bytesAfterGC: h.bytesAfterGC,
		floor:        h.floor,
		strSizes:     append([]int32(nil), h.strSizes...),
	}
	if h.floor > 0 {
		c.origin = h
	}
	// Pages are shared until the clone writes one of their slots (set
	// copies the page first), so a clone costs a page table, not a copy
	// of every object. Every page starts equal to h's; the private
	// objects' pages are marked changed, as code may change them without
	// a Touch (see Pristine).
	for i := range c.shared {
		c.shared[i] = true
		c.pristine[i] = true
	}
	for _, hd := range private {
		if o := h.At(hd); o != nil {
			c.set(hd, cloneObject(o))
			c.dirty[hd>>PageShift] = true
		}
	}
	return c
}

// PrepareShared fills every lazily computed cache of the objects Clone
// shares, so that no clone ever writes to them. strLen computes a str's
// code-point length and ASCII flag, strHash its hash.
func (h *Heap) PrepareShared(strLen func(*Str), strHash func(Value)) {
	for i := 0; i < h.n; i++ {
		switch o := h.At(Handle(i)).(type) {
		case *Str:
			// Clones must not append into a shared str's buffer.
			o.Room = 0
			strLen(o)
			strHash(Ref(Handle(i)))
		case *Dict:
			if o.Used > 0 && o.index == nil {
				o.rebuild()
			}
		}
	}
}

func cloneObject(o Object) Object {
	switch o := o.(type) {
	case *Str, *Tuple, *BigInt, *Complex, *Range, *Slice, *Builtin, *Property,
		*ClassMethod, *StaticMethod, *BoundMethod, *HostObject:
		return o
	case *Cell:
		return shallow(o)
	case *Module:
		return shallow(o)
	case *Super:
		return shallow(o)
	case *WeakRef:
		return shallow(o)
	case *DictView:
		return shallow(o)
	case *Bytes:
		if !o.Mutable {
			return o
		}
		return &Bytes{B: append([]byte(nil), o.B...), Mutable: true}
	case *List:
		return &List{Items: append([]Value(nil), o.Items...)}
	case *Dict:
		// The arrays are borrowed until the first mutation (Dict.own).
		return &Dict{Entries: o.Entries, index: o.index, Used: o.Used, shared: true}
	case *Set:
		s := *o
		s.Table = append([]SetEntry(nil), o.Table...)
		return &s
	case *CodeObj:
		return &CodeObj{Code: o.Code, Consts: o.Consts}
	case *Function:
		f := *o
		f.C = nil // the clone's CodeObj may be a private copy (Privatize)
		f.Defaults = append([]Value(nil), o.Defaults...)
		f.Closure = append([]Value(nil), o.Closure...)
		return &f
	case *Class:
		c := *o
		c.Bases = append([]Value(nil), o.Bases...)
		c.MRO = append([]Value(nil), o.MRO...)
		return &c
	case *Instance:
		in := *o
		in.D = nil // the dict may be copied too (and the room is o's)
		if o.Exc != nil {
			e := *o.Exc
			e.Traceback = append([]TraceEntry(nil), o.Exc.Traceback...)
			in.Exc = &e
		}
		return &in
	case *Iter:
		it := *o
		it.Vals = append([]Value(nil), o.Vals...)
		return &it
	case *Generator:
		g := *o
		if o.Frame != nil {
			g.Frame = cloneFrame(o.Frame)
		}
		return &g
	case *Opaque:
		return &Opaque{Kind: o.Kind, Vals: append([]Value(nil), o.Vals...), Data: append([]byte(nil), o.Data...)}
	}
	panic("heap: Clone does not know this object type")
}

// shallow copies the object o points to; its slices are shared.
func shallow[T any](o *T) *T {
	c := *o
	return &c
}

func cloneFrame(f *Frame) *Frame {
	c := *f
	c.Slots = append([]Value(nil), f.Slots...)
	c.Blocks = append([]Block(nil), f.Blocks...)
	return &c
}
