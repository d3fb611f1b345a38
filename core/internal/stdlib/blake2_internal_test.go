package stdlib

import (
	"bytes"
	"testing"
)

// A blake2 state is a Python value a program can replace: any bytes
// either restore a state whose digest can be taken, or are refused.
func FuzzBlake2State(f *testing.F) {
	for _, wide := range []bool{true, false} {
		d := newBlake2(wide, blake2Params{digestSize: 20, fanout: 1, depth: 1, key: []byte("k")})
		_, _ = d.Write([]byte("some data"))
		st, _ := d.MarshalBinary()
		f.Add(wide, st)
		f.Add(wide, st[:len(st)-1])
	}
	f.Fuzz(func(t *testing.T, wide bool, st []byte) {
		d := blake2New(wide)
		if err := d.UnmarshalBinary(st); err != nil {
			return
		}
		_, _ = d.Write([]byte("more"))
		if got := d.Sum(nil); len(got) != d.Size() {
			t.Fatalf("digest of %d bytes, size %d", len(got), d.Size())
		}
		again, _ := d.MarshalBinary()
		if len(again) != blake2StateBytes {
			t.Fatalf("state of %d bytes", len(again))
		}
	})
}

// A state of one function is refused by the other, and a state survives
// a round trip unchanged.
func TestBlake2StateRoundTrip(t *testing.T) {
	b := newBlake2(true, blake2Params{digestSize: 33, fanout: 1, depth: 1, salt: []byte("salt")})
	_, _ = b.Write(bytes.Repeat([]byte("x"), 300))
	st, _ := b.MarshalBinary()
	if err := blake2New(false).UnmarshalBinary(st); err == nil {
		t.Error("a BLAKE2s hash took a BLAKE2b state")
	}
	c := blake2New(true)
	if err := c.UnmarshalBinary(st); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(c.Sum(nil), b.Sum(nil)) || c.Size() != 33 {
		t.Errorf("restored digest %x (size %d), want %x", c.Sum(nil), c.Size(), b.Sum(nil))
	}
}
