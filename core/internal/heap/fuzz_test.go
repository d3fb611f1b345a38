package heap

import (
	"errors"
	"testing"
)

type fuzzBuiltins struct{}

func (fuzzBuiltins) BuiltinName(id int32) (string, bool) { return "len", id == 0 }
func (fuzzBuiltins) BuiltinID(name string) (int32, bool) { return 0, name == "len" }

// FuzzPage decodes one hostile page (and a segment) of a small heap: a
// typed error or a heap that passes Finish, never a panic.
func FuzzPage(f *testing.F) {
	for _, objs := range codecSamples() {
		e := &Encoder{Builtins: fuzzBuiltins{}}
		e.EncodePage(objs, 0)
		f.Add(e.B)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// Bounded work per input (see .ci/run).
		if len(b) > 1<<20 {
			return
		}
		l, err := NewLoader(PageSize, fuzzBuiltins{}, len(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Page(0, b); err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		for _, s := range l.SegmentedSeqs() {
			for i := 0; i < s[1]; i++ {
				if err := l.Segment(Handle(s[0]), i, b); err != nil {
					return
				}
			}
		}
		if err := l.Finish(); err != nil && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("untyped error %v", err)
		}
	})
}
