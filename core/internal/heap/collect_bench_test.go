package heap

import (
	"runtime"
	"strconv"
	"testing"
)

// BenchmarkCollect measures a collection cycle of a heap shaped like an
// allocation-heavy program: a third of the objects live (a list of
// records and their strs), the rest garbage made since the last cycle.
func BenchmarkCollect(b *testing.B) {
	h := New()
	keys := make([]Value, 4)
	for i := range keys {
		keys[i] = h.Alloc(&Str{S: "k" + strconv.Itoa(i)})
	}
	build := func(n int) Value {
		items := make([]Value, n)
		for i := range items {
			d := NewDictSized(4)
			for k, kv := range keys {
				var v Value
				if k == 0 {
					v = h.Alloc(&Str{S: strconv.Itoa(i)})
				} else {
					v = Int(int64(i * k))
				}
				d.AppendFresh(kv, v, int64(k))
			}
			items[i] = h.Alloc(d)
		}
		return h.Alloc(&List{Items: items})
	}
	live := build(5000)
	roots := func(visit func(Value)) {
		visit(live)
		for _, k := range keys {
			visit(k)
		}
	}
	h.Collect(roots)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		build(10000)
		runtime.GC()
		b.StartTimer()
		h.Collect(roots)
	}
}
