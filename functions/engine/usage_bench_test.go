package engine

import "testing"

// BenchmarkRunCPU is what measuring a step's CPU time adds to it: the
// thread lock and two reads of the thread clock, around an empty run.
func BenchmarkRunCPU(b *testing.B) {
	b.Run("measured", func(b *testing.B) {
		c := &commit{}
		for b.Loop() {
			c.measureCPU()()
		}
	})
	b.Run("plain", func(b *testing.B) {
		f := func() {}
		for b.Loop() {
			f()
		}
	})
}
