package engine

import (
	"bytes"
	"fmt"
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
		p := makePayload(tc.data, tc.base, false)
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
	if p := makePayload(scatter(base), base, false); p[0] != payloadHunks || len(p) > 40 {
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

func TestEdits(t *testing.T) {
	base := []byte{}
	for i := 0; i < 600; i++ {
		base = append(base, []byte(fmt.Sprintf("%d,", 1000000+i))...)
	}
	replace := func(b []byte, old, new string, n int) []byte {
		return bytes.Replace(append([]byte(nil), b...), []byte(old), []byte(new), n)
	}
	cases := []struct {
		name string
		data []byte
		max  int // the payload's largest acceptable size
	}{
		{"a number shorter", replace(base, "1000100,", "-7,", 1), 16},
		{"three numbers shorter, far apart", replace(replace(replace(base, "1000100,", "-7,", 1), "1000300,", "-8,", 1), "1000500,", "-9,", 1), 40},
		{"a number longer", replace(base, "1000200,", "123456789012,", 1), 24},
		{"cut at the start", base[50:], 16},
		{"cut at the end", base[:len(base)-50], 16},
		{"grown at the end", append(append([]byte(nil), base...), "tail"...), 16},
		{"all different", bytes.Repeat([]byte{'z'}, 3000), 3001},
		{"empty", []byte{}, 16},
		{"repetitive", bytes.Repeat([]byte("ab"), 3000), 6001},
	}
	for _, tc := range cases {
		p := makePayload(tc.data, base, false)
		if len(p) > tc.max {
			t.Errorf("%s: %d bytes of payload (tag %d), want at most %d", tc.name, len(p), p[0], tc.max)
		}
		got, err := applyPayload(p, base)
		if err != nil || !bytes.Equal(got, tc.data) {
			t.Errorf("%s: round trip %v", tc.name, err)
		}
		e := edits(tc.data, base)
		if got, err := applyPayload(e, base); err != nil || !bytes.Equal(got, tc.data) {
			t.Errorf("%s: edits round trip %v", tc.name, err)
		}
		// WholePageFlush's payloads are ones engines built before patch
		// layers read: never edit scripts.
		legacy := makePayload(tc.data, base, true)
		if legacy[0] == payloadEdits {
			t.Errorf("%s: a legacy payload is an edit script", tc.name)
		}
		if got, err := applyPayload(legacy, base); err != nil || !bytes.Equal(got, tc.data) {
			t.Errorf("%s: legacy round trip %v", tc.name, err)
		}
	}
	for _, bad := range [][]byte{
		{payloadEdits, 1, 250, 250, 0},       // past the end
		{payloadEdits, 2, 0, 1, 1, 'a'},      // a missing edit
		{payloadEdits, 1, 0, 1, 1, 'a', 'x'}, // trailing bytes
		{payloadEdits, 1, 0, 0, 3, 'a'},      // short insertion
	} {
		if _, err := applyPayload(bad, base[:200]); err == nil {
			t.Errorf("bad edits %v applied", bad)
		}
	}
}
