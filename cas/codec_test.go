package cas

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

func testKey(b byte) Key {
	var k Key
	for i := range k {
		k[i] = b + byte(i)
	}
	return k
}

func mustCodec(t testing.TB, k Key, opts ...CodecOption) *Codec {
	t.Helper()
	c, err := NewCodec(k, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// page returns deterministic, moderately compressible bytes resembling a
// heap page: runs of small integers with some random words mixed in.
func page(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	b := make([]byte, n)
	for i := 0; i < n; i += 8 {
		if r.IntN(4) == 0 {
			for j := i; j < min(i+8, n); j++ {
				b[j] = byte(r.Uint32())
			}
		} else {
			b[i] = byte(r.IntN(16))
		}
	}
	return b
}

func TestCodecRoundTrip(t *testing.T) {
	rnd := make([]byte, 100_000)
	for i := range rnd {
		rnd[i] = byte(rand.Uint32())
	}
	dict := append(page(1, 2048), page(2, 2048)...)
	cases := []struct {
		name string
		data []byte
		opts []CodecOption
	}{
		{"empty", []byte{}, nil},
		{"tiny", []byte("x"), nil},
		{"page4k", page(7, 4096), nil},
		{"page1m", page(8, 1<<20), nil},
		{"random", rnd, nil},
		{"zeros", make([]byte, 70_000), nil},
		{"dict", page(9, 4096), []CodecOption{WithDictionary(dict)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := mustCodec(t, testKey(1), tc.opts...)
			addr, enc, err := c.Encode(tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if addr != c.Hash(tc.data) {
				t.Fatal("address is not the hash of the content")
			}
			if len(enc) > len(tc.data)+16 {
				t.Fatalf("encoded %d bytes from %d", len(enc), len(tc.data))
			}
			got, err := c.Decode(addr, enc)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tc.data) {
				t.Fatal("round trip changed the data")
			}
			if n, err := LogicalSize(enc); err != nil || n != int64(len(tc.data)) {
				t.Fatalf("LogicalSize = %d, %v", n, err)
			}
		})
	}
}

func TestKeysSeparateProjects(t *testing.T) {
	data := page(3, 4096)
	a := mustCodec(t, testKey(1)).Hash(data)
	b := mustCodec(t, testKey(2)).Hash(data)
	if a == b {
		t.Fatal("same content under two keys has one address")
	}
}

func TestCodecDetectsCorruption(t *testing.T) {
	c := mustCodec(t, testKey(1))
	data := page(4, 8192)
	addr, enc, _ := c.Encode(data)
	other := page(5, 8192)
	otherAddr, otherEnc, _ := c.Encode(other)
	_ = otherAddr
	raw := append([]byte{chunkMagic0, chunkMagic1, chunkVersion, methodRaw, 3}, 'a', 'b', 'c')
	rawAddr := c.Hash([]byte("abc"))
	flip := func(b []byte, i int) []byte {
		b = append([]byte(nil), b...)
		b[i] ^= 0x40
		return b
	}
	cases := []struct {
		name string
		addr Addr
		enc  []byte
	}{
		{"flipped payload byte", addr, flip(enc, len(enc)/2)},
		{"flipped last byte", addr, flip(enc, len(enc)-1)},
		{"flipped header", addr, flip(enc, 2)},
		{"flipped raw byte", rawAddr, flip(raw, 6)},
		{"truncated", addr, enc[:len(enc)-10]},
		{"truncated raw", rawAddr, raw[:len(raw)-1]},
		{"truncated to header", addr, enc[:5]},
		{"empty", addr, nil},
		{"wrong address", addr, otherEnc},
		{"extra bytes", rawAddr, append(append([]byte(nil), raw...), 'd')},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := c.Decode(tc.addr, tc.enc)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("err = %v, want ErrCorrupt", err)
			}
			if got != nil {
				t.Fatal("corrupt chunk returned data")
			}
		})
	}
	// A dictionary chunk read without the dictionary must be refused.
	dc := mustCodec(t, testKey(1), WithDictionary(page(6, 4096)))
	a, e, _ := dc.Encode(data)
	if _, err := c.Decode(a, e); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("dictionary chunk without dictionary: %v", err)
	}
}

func TestRepoDetectsCorruptStore(t *testing.T) {
	ctx := context.Background()
	m := NewMemory()
	r := NewRepo(m, mustCodec(t, testKey(1)))
	a, err := r.Put(ctx, page(1, 4096))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := r.Put(ctx, page(2, 4096))
	enc, _ := m.Get(ctx, b)
	m.Overwrite(a, enc) // chunk stored under the wrong address
	if _, err := r.Get(ctx, a); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("Get = %v, want ErrCorrupt", err)
	}
	if _, err := r.GetMany(ctx, []Addr{b, a}); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("GetMany = %v, want ErrCorrupt", err)
	}
	if _, err := r.Get(ctx, Addr{1}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing = %v, want ErrNotFound", err)
	}
}
