package engine

import "testing"

func TestWarmCache(t *testing.T) {
	c := newWarmCache(250)
	st := func(size int64) *state { return &state{size: size} }
	c.put("p", "a", 1, st(100))
	c.put("p", "b", 1, st(100))
	if got := c.take("p", "a", 2); got != nil {
		t.Error("a state of another version was returned")
	}
	if got := c.take("p", "a", 1); got != nil {
		t.Error("a mismatched take must drop the stale state")
	}
	c.put("p", "a", 2, st(100))
	c.put("p", "c", 1, st(100)) // 300 bytes: the least recent (b) goes
	if c.len() != 2 || c.take("p", "b", 1) != nil {
		t.Errorf("b survived the bound (%d states)", c.len())
	}
	if c.take("p", "a", 2) == nil || c.take("p", "c", 1) == nil {
		t.Error("recent states were evicted")
	}
	if c.len() != 0 || c.bytes != 0 {
		t.Errorf("taken states still counted: %d states, %d bytes", c.len(), c.bytes)
	}
	c.put("p", "huge", 1, st(1000)) // one state over the bound still stays
	if c.take("p", "huge", 1) == nil {
		t.Error("a single large state was not kept")
	}
	c.put("p", "x", 1, st(10))
	c.drop("p", "x")
	if c.take("p", "x", 1) != nil {
		t.Error("dropped state returned")
	}
}
