package heap

// Weak references.
//
// A WeakRef's Target does not keep its object alive: the collector's
// mark skips it (while every other walk of Refs, the loader's checks
// among them, sees it). When a collection frees the target, the WeakRef
// is cleared (Target becomes None) in the same collection, before the
// target's handle can be reused, and the WeakRef joins the list Dead
// returns, for the VM to call its callback.

// WeakRef is a weak reference: Target is a reference, or None once the
// object has been collected; Callback (strong) is None or what the VM
// hands to Python code when the target dies.
type WeakRef struct{ Target, Callback Value }

func (w *WeakRef) Refs(visit func(Value)) { visit(w.Target); visit(w.Callback) }
func (*WeakRef) Size() int                { return 32 }

func (x *WeakRef) fields(c coder)              { c.value(&x.Target, &x.Callback) }
func (x *WeakRef) encode(e *Encoder, _ Handle) { e.Byte(tagWeakRef); x.fields(coder{e: e}) }

// clearWeak clears the WeakRefs among weak (the live ones mark met)
// whose targets marks does not reach, and queues for Dead those with a
// callback. The base's objects (below the floor) live forever.
func (h *Heap) clearWeak(weak []Handle, marks []bool) {
	for _, hd := range weak {
		w, ok := h.At(hd).(*WeakRef)
		if !ok || w.Target.K != KRef {
			continue
		}
		t := w.Target.H()
		if t < h.floor || (int(t) < len(marks) && marks[t]) {
			continue
		}
		// A copy: the object may be shared with the base or a clone.
		h.set(hd, &WeakRef{Target: None, Callback: w.Callback})
		h.Touch(Ref(hd))
		if w.Callback.K != KNone {
			h.dead = append(h.dead, Ref(hd))
		}
	}
}

// Dead returns the WeakRefs with a callback that collections have
// cleared since the last call, in no particular order, and forgets
// them. Until the VM roots them, a collection may free them.
func (h *Heap) Dead() []Value {
	d := h.dead
	h.dead = nil
	return d
}
