package heap

// Unreachable returns, in handle order, the objects that roots do not
// reach and that keep selects, and whether keep selects any object at all
// (reachable or not). It only marks: nothing is freed. When keep selects
// no object, it does not mark either. Pages still shared with the base
// are skipped: their objects are the base's, which no clone may change.
func (h *Heap) Unreachable(roots func(visit func(Value)), keep func(Object) bool) (out []Value, any bool) {
	h.eachUnshared(func(_ int, o Object) bool {
		any = keep(o)
		return !any
	})
	if !any {
		return nil, false
	}
	marks, _, _ := h.mark(roots)
	h.eachUnshared(func(i int, o Object) bool {
		if !marks[i] && keep(o) {
			out = append(out, Ref(Handle(i)))
		}
		return true
	})
	return out, true
}

// eachUnshared calls f with the handle and object of every live object on
// a page not shared with the base, in handle order, while f returns true.
func (h *Heap) eachUnshared(f func(i int, o Object) bool) {
	for p := 0; p < h.Pages(); p++ {
		if h.shared[p] && h.origin != nil {
			continue
		}
		for j, o := range h.PageObjects(p) {
			if i := p<<PageShift + j; i > 0 && o != nil && !f(i, o) {
				return
			}
		}
	}
}
