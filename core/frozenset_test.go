package core_test

import (
	"reflect"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// Sets and frozensets cross the boundary as distinct Go types, both ways.
func TestSetAndFrozenSetCrossTheBoundary(t *testing.T) {
	cases := []struct {
		name  string
		input any
		want  string // repr of (type(x).__name__, sorted(x))
		back  any
	}{
		{"set", core.Set{int64(2), int64(1)}, "('set', [1, 2])", core.Set{int64(1), int64(2)}},
		{"frozenset", core.FrozenSet{int64(2), int64(1)}, "('frozenset', [1, 2])", core.FrozenSet{int64(1), int64(2)}},
		{"empty frozenset", core.FrozenSet{}, "('frozenset', [])", core.FrozenSet{}},
		{"nested", core.Set{core.FrozenSet{"a"}}, "('set', [frozenset({'a'})])", core.Set{core.FrozenSet{"a"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := core.NewSession(core.Config{})
			opts := &core.FeedOptions{Inputs: map[string]any{"x": c.input}}
			if o := feed(t, s, "(type(x).__name__, sorted(x, key=repr))", opts); o.Repr != c.want {
				t.Errorf("in Python: %s, want %s", o.Repr, c.want)
			}
			if o := feed(t, s, "x", opts); !reflect.DeepEqual(o.Go, c.back) {
				t.Errorf("back in Go: %#v, want %#v", o.Go, c.back)
			}
		})
	}
}
