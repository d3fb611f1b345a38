package engine

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

func TestPayloads(t *testing.T) {
	base := bytes.Repeat([]byte("abcdefgh"), 64)
	grow := append(append(append([]byte(nil), base[:100]...), "inserted"...), base[100:]...)
	cases := []struct {
		name       string
		data, base []byte
		patch      bool
	}{
		{"no base", base, nil, false},
		{"one byte changed", append(append(append([]byte(nil), base[:7]...), 'X'), base[8:]...), base, true},
		{"bytes inserted", grow, base, true},
		{"truncated", base[:300], base, true},
		{"all different", bytes.Repeat([]byte("z"), 512), base, false},
		{"empty", []byte{}, base, false},
		{"scattered bytes", scatter(base), base, true},
	}
	for _, tc := range cases {
		p := makePayload(tc.data, tc.base)
		if isPatch(p) != tc.patch {
			t.Errorf("%s: patch=%v (%d bytes)", tc.name, isPatch(p), len(p))
		}
		got, err := applyPayload(p, tc.base)
		if err != nil || !bytes.Equal(got, tc.data) {
			t.Errorf("%s: round trip %v", tc.name, err)
		}
	}
	if _, err := applyPayload([]byte{payloadPatch, 200, 1, 5}, base[:10]); err == nil {
		t.Error("a patch longer than its base applied")
	}
	if p := makePayload(scatter(base), base); p[0] != payloadHunks || len(p) > 40 {
		t.Errorf("scattered changes: tag %d, %d bytes", p[0], len(p))
	}
	for _, bad := range [][]byte{
		{payloadHunks, 1, 250, 3, 'a', 'b', 'c'}, // past the end
		{payloadHunks, 2, 0, 1, 'a'},             // a missing hunk
		{payloadHunks, 1, 0, 1, 'a', 'x'},        // trailing bytes
	} {
		if _, err := applyPayload(bad, base[:200]); err == nil {
			t.Errorf("bad hunks %v applied", bad)
		}
	}
}

// scatter changes a few bytes far apart.
func scatter(base []byte) []byte {
	out := append([]byte(nil), base...)
	for _, i := range []int{10, 200, 400} {
		out[i] = '#'
	}
	return out
}

func TestOverlayEncoding(t *testing.T) {
	o := &overlay{manifest: []byte("manifest"), pages: map[core.PageKey]overlayEntry{
		{Seq: 0, N: 3}:     {payload: []byte{payloadRaw, 1, 2, 3}, size: 3},
		{Seq: 4096, N: 17}: {payload: []byte{payloadPatch, 2, 2, 9}, size: 5},
	}}
	b := o.encode()
	got, err := decodeOverlay(b)
	if err != nil || !reflect.DeepEqual(got, o) {
		t.Fatalf("round trip: %v %+v", err, got)
	}
	for i := 0; i < len(b); i++ {
		if _, err := decodeOverlay(b[:i]); err == nil {
			t.Errorf("truncated at %d decoded", i)
		}
	}
}
