package gateway

import (
	"encoding/binary"
	"testing"
)

// frame builds a WebSocket frame header (and payload) by RFC 6455.
func frame(opcode byte, n int, masked bool) []byte {
	b := []byte{0x80 | opcode}
	mask := byte(0)
	if masked {
		mask = 0x80
	}
	switch {
	case n < 126:
		b = append(b, mask|byte(n))
	case n <= 0xffff:
		b = append(b, mask|126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, mask|127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	if masked {
		b = append(b, 1, 2, 3, 4)
	}
	return append(b, make([]byte, n)...)
}

func TestFrameInspector(t *testing.T) {
	const max = 32 * 1024
	tests := []struct {
		name   string
		frames [][]byte
		tooBig bool
	}{
		{"small", [][]byte{frame(1, 10, true)}, false},
		{"16-bit length at the limit", [][]byte{frame(1, max, true)}, false},
		{"16-bit length over the limit", [][]byte{frame(2, max+1, true)}, true},
		{"64-bit length", [][]byte{frame(1, 70000, false)}, true},
		{"fragments under the limit", [][]byte{frame(1, 30000, true), frame(0, 30000, true), frame(0, 30000, true)}, false},
		{"a big continuation frame", [][]byte{frame(1, 100, true), frame(0, max+5, true)}, true},
		{"pings between frames", [][]byte{frame(9, 125, true), frame(1, 200, true), frame(10, 0, true)}, false},
		{"a length of 2^63", [][]byte{{0x81, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4}}, true},
		{"a length of 2^64-1", [][]byte{{0x82, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 2, 3, 4}}, true},
	}
	for _, tt := range tests {
		for _, step := range []int{1, 7, 1 << 20} {
			f := newFrameInspector(max)
			var stream []byte
			for _, fr := range tt.frames {
				stream = append(stream, fr...)
			}
			for i := 0; i < len(stream); i += step {
				f.feed(stream[i:min(i+step, len(stream))])
			}
			if got := f.tooBig.Load(); got != tt.tooBig {
				t.Errorf("%s (fed %d bytes at a time): tooBig = %v", tt.name, step, got)
			}
			if !tt.tooBig && (f.remaining != 0 || len(f.hdr) != 0) {
				t.Errorf("%s: inspector mid-frame at the end of the stream", tt.name)
			}
		}
	}
}

// FuzzFrameInspector: any byte stream, fed whole or in pieces, gives the
// same verdict and the same parser state, without panicking.
func FuzzFrameInspector(f *testing.F) {
	f.Add(frame(1, 40000, true), 3)
	f.Add(append(frame(1, 10, true), frame(0, 70000, false)...), 1)
	f.Add([]byte{0x81, 0xff, 0, 0, 0, 0, 0, 0, 0x80, 0}, 2)
	f.Fuzz(func(t *testing.T, stream []byte, step int) {
		if step <= 0 {
			step = 1
		}
		whole, pieces := newFrameInspector(32*1024), newFrameInspector(32*1024)
		whole.feed(stream)
		for i := 0; i < len(stream); i += step {
			pieces.feed(stream[i:min(i+step, len(stream))])
		}
		if whole.tooBig.Load() != pieces.tooBig.Load() || whole.remaining != pieces.remaining ||
			string(whole.hdr) != string(pieces.hdr) || whole.need != pieces.need {
			t.Fatalf("whole and in pieces of %d differ", step)
		}
	})
}
