package vm

import (
	"testing"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// TestPlainCtorMatchesCallClass checks the premise of the direct
// constructor call (plainCtor): every builtin type it takes has type as
// its metaclass, no Python __new__ and no Python __init__, so callClass
// would run the constructor alone too.
func TestPlainCtorMatchesCallClass(t *testing.T) {
	v := New()
	checked := 0
	for id := range ctorTable {
		tid := TypeID(id)
		if ctorTable[id].fn == nil || int(tid) >= len(v.Types) || v.Types[tid].K == heap.KUndef {
			continue
		}
		clsv := v.Types[tid]
		c := v.ClassOf(clsv)
		ctor := v.plainCtor(clsv, c)
		if ctor == nil {
			continue
		}
		checked++
		name := ctorTable[id].name
		if v.metaSpecial(clsv, "__call__").K != heap.KUndef {
			t.Errorf("%s: metaclass __call__", name)
		}
		if v.IsSubclass(clsv, v.Types[TType]) {
			t.Errorf("%s: a metaclass", name)
		}
		if _, userNew := v.userNew(clsv); userNew {
			t.Errorf("%s: Python __new__", name)
		}
		if v.plainInit(clsv, c).K != heap.KUndef {
			t.Errorf("%s: Python __init__", name)
		}
	}
	if checked < 10 {
		t.Errorf("only %d builtin types take the direct constructor call", checked)
	}
}
