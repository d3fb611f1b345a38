package heap

// SealedState is what a sealed base heap (see Seal) keeps besides its
// objects: its length, floor and accounting, which its clones start
// from. A base built once at build time and embedded in the binary (the
// VM's base image) records it, so that a process can restore the base
// from its pages instead of building it.
type SealedState struct {
	Len, Floor                       int
	Bytes, LiveAfterGC, BytesAfterGC int64
	// Free are the free handles, ascending (none below the floor are
	// ever reused).
	Free []Handle
	// StrSizes are the charged sizes of the strs past the floor.
	StrSizes []int32
}

// Sealed returns h's sealed state.
func (h *Heap) Sealed() SealedState {
	return SealedState{
		Len: h.n, Floor: int(h.floor),
		Bytes: h.Bytes, LiveAfterGC: h.liveAfterGC, BytesAfterGC: h.bytesAfterGC,
		Free:     reversed(h.free),
		StrSizes: append([]int32(nil), h.strSizes...),
	}
}

// RestoreSealed makes h the sealed base whose objects are objs (as a
// Loader decoded them) and whose state is st, as Sealed returned it for
// the heap the objects were encoded from.
func (h *Heap) RestoreSealed(objs []Object, st SealedState) error {
	if st.Len != len(objs) || st.Floor < 0 || st.Floor > st.Len || st.Floor&(PageSize-1) != 0 {
		return corrupt("sealed heap of %d handles, floor %d, for %d objects", st.Len, st.Floor, len(objs))
	}
	for _, hd := range st.Free {
		if int(hd) >= st.Len || hd == 0 || objs[hd] != nil {
			return corrupt("free handle %d is in use", hd)
		}
	}
	h.Restore(objs)
	h.floor = Handle(st.Floor)
	h.free = reversed(st.Free)
	h.strSizes = append([]int32(nil), st.StrSizes...)
	h.Bytes, h.liveAfterGC, h.bytesAfterGC, h.sinceGC = st.Bytes, st.LiveAfterGC, st.BytesAfterGC, 0
	return nil
}

// reversed is a reversed copy of hs: the heap's free list is descending,
// a SealedState's ascending.
func reversed(hs []Handle) []Handle {
	r := make([]Handle, len(hs))
	for i, hd := range hs {
		r[len(hs)-1-i] = hd
	}
	return r
}
