package vm

import (
	"math/rand"
	"testing"
)

// TestSplitScans checks the eight-bytes-at-a-time scans of split against
// a byte-by-byte reading of isStrASCIISpace, over strings dense in the
// bytes around the whitespace classes' edges, at every alignment.
func TestSplitScans(t *testing.T) {
	alphabet := []byte{0x00, 0x08, 0x09, 0x0a, 0x0d, 0x0e, 0x1b, 0x1c, 0x1f, 0x20, 0x21, 'a', 'z', 0x7f}
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 20000; round++ {
		b := make([]byte, rng.Intn(40))
		for i := range b {
			if rng.Intn(3) == 0 {
				b[i] = alphabet[rng.Intn(len(alphabet))]
			} else {
				b[i] = byte('a' + rng.Intn(3))
			}
		}
		s := string(b)
		want := 0
		for i := 0; i < len(s); i++ {
			if !isStrASCIISpace(s[i]) && (i == 0 || isStrASCIISpace(s[i-1])) {
				want++
			}
		}
		if got := countWords(s); got != want {
			t.Fatalf("countWords(%q) = %d, want %d", s, got, want)
		}
		for i := 0; i <= len(s); i++ {
			end := i
			for end < len(s) && !isStrASCIISpace(s[end]) {
				end++
			}
			if got := wordEnd(s, i); got != end {
				t.Fatalf("wordEnd(%q, %d) = %d, want %d", s, i, got, end)
			}
		}
	}
	for c := 0; c < 256; c++ {
		x := uint64(c) << 32
		got := spaceBytes(x|0x6161610061616161) != 0
		if want := c < 0x80 && isStrASCIISpace(byte(c)); got != want {
			t.Fatalf("spaceBytes with byte %#x: %v, want %v", c, got, want)
		}
	}
}
