package heap

// Unreachable returns, in handle order, the objects that roots do not
// reach and that keep selects, and whether keep selects any object at all
// (reachable or not). It only marks: nothing is freed. When keep selects
// no object, it does not mark either.
func (h *Heap) Unreachable(roots func(visit func(Value)), keep func(Object) bool) (out []Value, any bool) {
	for i := 1; i < h.Len(); i++ {
		if o := h.At(Handle(i)); o != nil && keep(o) {
			any = true
			break
		}
	}
	if !any {
		return nil, false
	}
	marks := h.mark(roots)
	for i := 1; i < h.Len(); i++ {
		if o := h.At(Handle(i)); o != nil && !marks[i] && keep(o) {
			out = append(out, Ref(Handle(i)))
		}
	}
	return out, true
}
