package heap

import "testing"

func TestWeakRefClearedWhenTargetCollected(t *testing.T) {
	h := New()
	kept := h.Alloc(&List{})
	dropped := h.Alloc(&List{})
	cb := h.Alloc(&Tuple{})
	wKept := h.Alloc(&WeakRef{Target: kept, Callback: cb})
	wDropped := h.Alloc(&WeakRef{Target: dropped, Callback: cb})
	wQuiet := h.Alloc(&WeakRef{Target: dropped, Callback: None})
	roots := func(visit func(Value)) {
		visit(kept)
		visit(wKept)
		visit(wDropped)
		visit(wQuiet)
	}
	h.Collect(roots)
	if got := h.Get(wKept).(*WeakRef).Target; got != kept {
		t.Errorf("reachable target: weakref holds %v, want %v", got, kept)
	}
	if h.Get(dropped) != nil {
		t.Errorf("an object only weakly referenced survived the collection")
	}
	for _, w := range []Value{wDropped, wQuiet} {
		if got := h.Get(w).(*WeakRef).Target; got != None {
			t.Errorf("weakref to a collected object holds %v, want None", got)
		}
	}
	if h.Get(cb) == nil {
		t.Errorf("the callback of a live weakref was collected")
	}
	dead := h.Dead()
	if len(dead) != 1 || dead[0] != wDropped {
		t.Errorf("Dead() = %v, want only the cleared weakref with a callback %v", dead, wDropped)
	}
	if again := h.Dead(); len(again) != 0 {
		t.Errorf("Dead() repeats %v", again)
	}
	// A handle freed and reused is never what a cleared weakref sees.
	h.Alloc(&List{})
	if got := h.Get(wDropped).(*WeakRef).Target; got != None {
		t.Errorf("after reuse the weakref holds %v", got)
	}
}

func TestWeakRefDiesWithoutCallbackWhenUnreachable(t *testing.T) {
	h := New()
	target := h.Alloc(&List{})
	w := h.Alloc(&WeakRef{Target: target, Callback: h.Alloc(&Tuple{})})
	h.Collect(func(visit func(Value)) {})
	if h.Get(w) != nil || h.Get(target) != nil {
		t.Errorf("unreachable weakref or target survived")
	}
	if dead := h.Dead(); len(dead) != 0 {
		t.Errorf("a collected weakref's callback is due: %v", dead)
	}
}
