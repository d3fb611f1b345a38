package vm

import (
	"errors"
	"testing"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// TestLoadRefusesRetypedHoistedObject: the template's builtins module
// refers to the builtins dict, hoisted past the floor, without checks; a
// dump that puts something else at its handle (here: the VM swapped its
// builtins dict, collected the hoisted one and reused the slot for a str)
// is refused. (sys.modules reaches the builtins module, hence the old
// dict: it goes too.)
func TestLoadRefusesRetypedHoistedObject(t *testing.T) {
	m := New()
	b := templateVM().base
	if b == nil || len(b.hoisted) == 0 {
		t.Skip("the template hoisted nothing")
	}
	hd := m.Builtins.H()
	if hd != b.hoisted[0] || hd < m.H.Floor() {
		t.Fatalf("builtins dict at %d, hoisted %v, floor %d", hd, b.hoisted, m.H.Floor())
	}
	m.Builtins, m.Modules = m.NewDict(), m.NewDict()
	m.H.Collect(m.Roots)
	if m.H.At(hd) != nil {
		t.Fatal("the old builtins dict was not collected")
	}
	for m.H.At(hd) == nil {
		m.NewStr("not a dict")
	}
	if _, ok := m.H.At(hd).(*heap.Str); !ok {
		t.Fatalf("slot %d holds a %T", hd, m.H.At(hd))
	}
	d, err := m.Dump(KindSession)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Load(d); !errors.Is(err, ErrFormat) {
		t.Fatalf("load: %v, want ErrFormat", err)
	}
}

// TestSessionsShareNoHoistedObject: the hoisted dicts and the __main__
// module the template made are each VM's own.
func TestSessionsShareNoHoistedObject(t *testing.T) {
	a, b := New(), New()
	if a.Builtins != b.Builtins || a.Modules != b.Modules {
		t.Fatal("clones differ in their world roots")
	}
	ma, mb := a.MainModule(), b.MainModule()
	da, db := a.ModuleDict(ma), b.ModuleDict(mb)
	for _, v := range []Value{a.Builtins, a.Modules, ma, da} {
		if a.H.At(v.H()) == b.H.At(v.H()) || a.H.At(v.H()) == templateVM().H.At(v.H()) {
			t.Errorf("object %d (%T) is shared", v.H(), a.H.At(v.H()))
		}
	}
	a.ModuleSet(ma, "only_in_a", heap.Int(1))
	k := b.Intern("only_in_a")
	if _, ok, _ := b.H.Get(db).(*heap.Dict).Get(k, b.StrHash(k), b.StrEq); ok {
		t.Error("a's global is in b's __main__")
	}
	if _, ok, _ := templateVM().H.Get(da).(*heap.Dict).Get(k, b.StrHash(k), b.StrEq); ok {
		t.Error("a's global is in the template's __main__")
	}
}
