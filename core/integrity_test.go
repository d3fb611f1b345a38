package core_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/amber-sandbox/amber/core"
)

// integrityDumps returns real dumps: an idle session, a session paused in a
// host call, and one holding well over 100 objects.
func integrityDumps(t *testing.T, key []byte) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	idle := core.NewSession(core.Config{DumpKey: key})
	feed(t, idle, "x = [1, 'two', 3.0]\ndef f(a):\n    return a + 1\n", nil)
	b, err := idle.Dump()
	if err != nil {
		t.Fatal(err)
	}
	out["idle"] = b

	paused := core.NewSession(core.Config{DumpKey: key})
	p, err := paused.FeedStart("y = {'k': (1, 2)}\nz = tool(y, n=3)\n", &core.FeedOptions{Functions: map[string]core.HostFunc{"tool": nil}})
	if err != nil {
		t.Fatal(err)
	}
	if b, err = p.Dump(); err != nil {
		t.Fatal(err)
	}
	out["suspended"] = b

	many := core.NewSession(core.Config{DumpKey: key})
	feed(t, many, "class P:\n    def __init__(self, i): self.i = i\nobjs = [P(i) for i in range(150)]\nd = {str(i): [i, (i,)] for i in range(150)}\n", nil)
	if b, err = many.Dump(); err != nil {
		t.Fatal(err)
	}
	out["150 objects"] = b
	return out
}

// loadAny loads b as the kind its name says (a "suspended" dump is a
// snapshot).
func loadAny(b []byte, key []byte, snapshot ...bool) error {
	s := core.NewSession(core.Config{DumpKey: key})
	if len(snapshot) > 0 && snapshot[0] {
		_, err := s.LoadSnapshot(b, nil)
		return err
	}
	return s.LoadSession(b)
}

// Every single-byte change and every truncation of a real dump is refused
// with a DumpError: nothing damaged is ever loaded.
func TestDumpIntegrityRefusesEveryFlipAndTruncation(t *testing.T) {
	for _, key := range [][]byte{nil, []byte("deployment secret")} {
		for name, good := range integrityDumps(t, key) {
			t.Run(fmt.Sprintf("%s/keyed=%v", name, key != nil), func(t *testing.T) {
				snap := name == "suspended"
				if err := loadAny(good, key, snap); err != nil {
					t.Fatalf("intact dump: %v", err)
				}
				// A refused load leaves the session fresh, so one session
				// takes every attempt (a load that succeeded would make
				// the next attempt fail with ErrSessionUsed, not a
				// DumpError).
				fresh := core.NewSession(core.Config{DumpKey: key})
				refused := func(what string, b []byte) {
					var err error
					if snap {
						_, err = fresh.LoadSnapshot(b, nil)
					} else {
						err = fresh.LoadSession(b)
					}
					var de *core.DumpError
					if !errors.As(err, &de) {
						t.Fatalf("%s: err = %v, want a DumpError", what, err)
					}
				}
				for i := range good {
					for _, mask := range []byte{0x01, 0x80, 0xff} {
						b := append([]byte(nil), good...)
						b[i] ^= mask
						refused(fmt.Sprintf("byte %d ^ %#x", i, mask), b)
					}
				}
				for n := 0; n < len(good); n++ {
					refused(fmt.Sprintf("truncated to %d", n), good[:n])
				}
				refused("a byte appended", append(append([]byte(nil), good...), 0))
			})
		}
	}
}

// A keyed dump loads only with its key; unkeyed dumps are refused where a
// key is required, and keyed ones where none is given.
func TestDumpKeyAuthenticates(t *testing.T) {
	key := []byte("deployment secret")
	keyed := integrityDumps(t, key)["idle"]
	plain := integrityDumps(t, nil)["idle"]
	tests := []struct {
		name string
		b    []byte
		key  []byte
		ok   bool
	}{
		{"keyed with its key", keyed, key, true},
		{"keyed with another key", keyed, []byte("another secret"), false},
		{"keyed without a key", keyed, nil, false},
		{"unkeyed where a key is required", plain, key, false},
		{"unkeyed without a key", plain, nil, true},
	}
	for _, tt := range tests {
		err := loadAny(tt.b, tt.key)
		var de *core.DumpError
		if tt.ok && err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		if !tt.ok && !errors.As(err, &de) {
			t.Errorf("%s: err = %v, want a DumpError", tt.name, err)
		}
	}
}

// A page-level manifest carries its own checksum too.
func TestPageManifestIntegrity(t *testing.T) {
	s := core.NewSession(core.Config{})
	feed(t, s, "x = list(range(100))\n", nil)
	d, err := s.DumpPages(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := core.ReadPageDump(d.Manifest); err != nil {
		t.Fatalf("intact manifest: %v", err)
	}
	for i := range d.Manifest {
		b := append([]byte(nil), d.Manifest...)
		b[i] ^= 0x01
		var de *core.DumpError
		if _, err := core.ReadPageDump(b); !errors.As(err, &de) {
			t.Fatalf("manifest byte %d flipped: err = %v, want a DumpError", i, err)
		}
	}
}
