package heap

import (
	"fmt"
	"slices"
)

// A base is a heap that other heaps start from and share: the VM's
// template, holding the builtin world and the pre-built standard library
// modules. Seal makes a heap a base: its handles (below its floor) are
// never freed or reused by the heaps cloned from it, so an object that a
// clone has not touched stays the base's own object at the same handle,
// and a page no clone has written still equals the base's page.
//
// Sharing objects is only safe while nobody changes them in place, so a
// clone must Privatize a base object (give itself a copy at the same
// handle) before sandboxed code can reach it; IsBaseObject tells the two
// apart by identity.

// Seal makes h a base: every handle in use is below the floor and kept
// forever by h's clones, and free slots below it are never reused. bytes
// and live are the size and object count a clone starts its accounting
// with (the part of the base a fresh clone is charged for).
//
// The floor is rounded up to a whole page, so that the clones' own
// objects start on a page of their own, which a dump encodes without
// re-encoding any of the base's objects.
func (h *Heap) Seal(bytes, live int64) {
	h.n = (h.n + PageSize - 1) &^ (PageSize - 1)
	h.floor = Handle(h.n)
	h.free = nil
	h.strSizes = nil
	h.Bytes, h.bytesAfterGC, h.liveAfterGC, h.sinceGC = bytes, bytes, live, 0
}

// Hoist moves the objects at hs, below the floor, to fresh handles at and
// past it, on the first page past the floor, and rewrites every reference
// to them. It is for the few objects every clone privatizes at once (the
// builtins and sys.modules dicts): a clone copies that first page at its
// first allocation anyway, so with them there it copies no other page (a
// page is 4 KB however few of its objects change), and the page they
// left stays its base page in the clone's dumps. It returns the new
// handles, or nil, moving nothing, when an object other than a module
// (its dict) or a dict (a value) refers to one of them. Call it right
// after Seal; the old slots become free slots of the base.
func (h *Heap) Hoist(hs ...Handle) []Handle {
	if h.n != int(h.floor) {
		return nil
	}
	hoisted := func(v Value) bool { return v.K == KRef && slices.Contains(hs, v.H()) }
	for _, hd := range hs {
		if hd == 0 || hd >= h.floor || h.At(hd) == nil {
			return nil
		}
	}
	for i := 1; i < h.n; i++ {
		ok := true
		switch o := h.At(Handle(i)).(type) {
		case nil:
		case *Module:
			ok = !hoisted(o.Name)
		case *Dict:
			for _, e := range o.Entries {
				ok = ok && !hoisted(e.Key)
			}
		default:
			o.Refs(func(v Value) { ok = ok && !hoisted(v) })
		}
		if !ok {
			return nil
		}
	}
	moved := make([]Handle, len(hs))
	for j, hd := range hs {
		nh := Handle(h.n)
		if p := int(nh >> PageShift); p >= len(h.pages) {
			h.pages = append(h.pages, new(objPage))
			h.shared = append(h.shared, false)
		}
		if p := int(nh >> PageShift); p >= len(h.dirty) {
			h.dirty = append(h.dirty, true)
		}
		h.n++
		h.set(nh, h.At(hd))
		h.set(hd, nil)
		h.dirty[hd>>PageShift] = true
		h.dirty[nh>>PageShift] = true
		moved[j] = nh
	}
	to := func(v Value) Value {
		if i := slices.Index(hs, v.H()); v.K == KRef && i >= 0 {
			return Ref(moved[i])
		}
		return v
	}
	for i := 1; i < h.n; i++ {
		switch o := h.At(Handle(i)).(type) {
		case *Module:
			o.Dict = to(o.Dict)
		case *Dict:
			for k := range o.Entries {
				o.Entries[k].Val = to(o.Entries[k].Val)
			}
		}
	}
	return moved
}

// BaseWriteError is the panic value of a write to an object of the base
// image that the heap was not given a copy of first (see checkWrite and
// SealDicts; Handle is 0 when a sealed dict refused the write). It
// means the VM let sandboxed code reach a shared object unprivatized: a
// bug that could let one session change what every other session of the
// process sees, so it stops the session rather than carry on.
type BaseWriteError struct {
	Handle Handle
	Type   string
}

func (e *BaseWriteError) Error() string {
	return fmt.Sprintf("heap: write to the base image's %s at handle %d, which the session was not given a copy of", e.Type, e.Handle)
}

// checkWrite is the heap's guard of the base image, called by every mark
// of a change below the floor (Touch and TouchItem, where a page becomes
// dirty; TouchNonSeq says why it has none): the object at hd must be the
// session's own, not the base's shared one. The VM privatizes every base object
// sandboxed code can reach before it can reach it (vm.privatize), so this
// never fires; when it does, the write skipped privatization, and the
// heap refuses it by panicking with a *BaseWriteError.
func (h *Heap) checkWrite(hd Handle) {
	if h.origin == nil {
		return
	}
	if o := h.At(hd); o != nil && o == h.origin.At(hd) {
		panic(&BaseWriteError{Handle: hd, Type: fmt.Sprintf("%T", o)})
	}
}

// SealDicts makes every dict of h refuse mutation from now on, before
// it happens (see Dict.own): for a template whose objects every clone
// shares, where the clones' copies (cloneObject) are not sealed. The
// dicts a base holds are the builtin types' and the modules' namespaces,
// each of which a session privatizes before it can reach it; a dict a
// session reached without a copy, by a path that skipped that, is
// refused here rather than changed for every session. Call it last,
// once h is never to change again.
func (h *Heap) SealDicts() {
	for i := 0; i < h.n; i++ {
		if d, ok := h.At(Handle(i)).(*Dict); ok {
			d.shared, d.sealed = true, true
		}
	}
}

// Floor is the first handle past the base h was cloned from (0: none).
func (h *Heap) Floor() Handle { return h.floor }

// PageShared reports whether page p is still the base's page, unwritten.
func (h *Heap) PageShared(p int) bool { return p < len(h.shared) && h.shared[p] }

// Pristine reports whether page p still encodes as the base's page p: it
// held the base's objects, or unchanged copies of them, when h was cloned
// or loaded, and no write has marked it dirty since.
func (h *Heap) Pristine(p int) bool {
	return p < len(h.pristine) && h.pristine[p] && !h.dirty[p]
}

// IsBaseObject reports whether the object at hd is the base's own object
// (shared, so it must not be changed in place).
func (h *Heap) IsBaseObject(hd Handle) bool {
	if h.origin == nil || hd >= h.floor {
		return false
	}
	o := h.At(hd)
	return o != nil && o == h.origin.At(hd)
}

// Privatize gives h its own copy of the base object at hd, at the same
// handle, and reports whether it had to (immutable objects stay shared).
func (h *Heap) Privatize(hd Handle) bool {
	o := h.At(hd)
	if o == nil {
		return false
	}
	c := cloneObject(o)
	if c == o {
		return false
	}
	h.set(hd, c)
	return true
}

// Mutable reports whether Clone copies objects like o rather than share
// them: whether sandboxed code can change o in place.
func Mutable(o Object) bool { return cloneObject(o) != o }

// AdoptBase makes a heap restored from a dump (see Restore) a clone of
// base: handles below base's floor are kept forever, and pages for which
// shared(p) is true hold base's objects (the loader put them there).
func (h *Heap) AdoptBase(base *Heap, shared func(p int) bool) {
	h.origin, h.floor = base, base.floor
	h.strSizes = nil
	h.pristine = make([]bool, len(h.shared))
	for p := range h.shared {
		h.shared[p] = shared(p)
		h.pristine[p] = h.shared[p]
		if h.shared[p] {
			// Like a fresh clone, the heap is charged for the base's
			// objects only once it reaches them (see Grew).
			for _, o := range h.PageObjects(p) {
				if o != nil {
					h.Bytes -= int64(o.Size())
				}
			}
		}
	}
	h.bytesAfterGC = h.Bytes
	free := h.free[:0]
	for _, hd := range h.free {
		if hd >= h.floor {
			free = append(free, hd)
		}
	}
	h.free = free
}

// baseRoots visits the references of the objects below the floor that
// are not the base's: they live forever (Collect never frees below the
// floor), so whatever they refer to must live too.
func (h *Heap) baseRoots(visit func(Value)) {
	if h.floor == 0 {
		return
	}
	last := int(h.floor-1) >> PageShift
	for p := 0; p <= last && p < len(h.pages); p++ {
		if h.shared[p] {
			continue
		}
		lo := Handle(p << PageShift)
		for i, o := range h.pages[p] {
			hd := lo + Handle(i)
			if hd >= h.floor {
				break
			}
			if o != nil && (h.origin == nil || o != h.origin.At(hd)) {
				o.Refs(visit)
			}
		}
	}
}
