package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// The seeds' feed_start examples through the engine: start mode surfaces
// undeclared calls and reads; without it they stay NameErrors.
func TestFeedStartMode(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		s := h.checkout(false)
		rep := h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Start: true, Code: `greet(name) + "!"`, Inputs: map[string]json.RawMessage{"name": raw("Ada")}})
		if rep.Progress != protocol.ProgressFunctionCall || rep.Function != "greet" || len(rep.Args) != 1 || string(rep.Args[0]) != `"Ada"` || rep.OSCall != "" || rep.ObjectID != 0 {
			t.Fatalf("feed start: %+v", rep)
		}
		rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), ReturnValue: raw("Hello Ada")})
		if rep.Progress != protocol.ProgressComplete || rep.Repr != "'Hello Ada!'" {
			t.Fatalf("resume: %+v", rep)
		}
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Start: true, Code: "missing + 1"})
		if rep.Progress != protocol.ProgressNameLookup || rep.Name != "missing" {
			t.Fatalf("lookup: %+v", rep)
		}
		h.fail(protocol.Request{Op: protocol.OpResume, Session: s, NotHandled: true}, protocol.KindPython, "name 'missing' is not defined")
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Start: true, Code: "greet(1)"})
		h.fail(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), NotHandled: true}, protocol.KindPython, "name 'greet' is not defined")

		// Without start: NameError, unless declared.
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "greet(1)"}, protocol.KindPython, "name 'greet' is not defined")
		h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "missing"}, protocol.KindPython, "name 'missing' is not defined")
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "greet(1)", Functions: []string{"greet"}})
		if rep.Function != "greet" {
			t.Fatalf("declared: %+v", rep)
		}
		h.ok(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), ReturnValue: raw(1)})
	})
}

// Start mode is part of the session's state: cold steps on other engines
// and a snapshot loaded into a fresh session keep it.
func TestFeedStartModeSurvivesLoads(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		other := h.engine(nil)
		s := h.checkout(false)
		rep := h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Start: true, Code: "a = f(1)\nb = g + 1\na + b"})
		if rep.Function != "f" {
			t.Fatalf("feed: %+v", rep)
		}
		snap := h.ok(protocol.Request{Op: protocol.OpDump, Session: s}).Snapshot
		for _, target := range []string{s, "fork"} {
			sess := s
			if target == "fork" {
				sess = h.checkout(false)
				rep = h.on(other, protocol.Request{Op: protocol.OpLoadSnapshot, Session: sess, Snapshot: snap})
				if rep.Error != nil || rep.Function != "f" {
					t.Fatalf("load_snapshot: %+v %v", rep, rep.Error)
				}
			}
			rep = h.on(other, protocol.Request{Op: protocol.OpResume, Session: sess, CallID: i64(rep.CallID), ReturnValue: raw(1)})
			if rep.Error != nil || rep.Progress != protocol.ProgressNameLookup || rep.Name != "g" {
				t.Fatalf("%s: after the cold resume %+v %v, want the lookup of g", target, rep, rep.Error)
			}
			rep = h.on(nil, protocol.Request{Op: protocol.OpResume, Session: sess, ReturnValue: raw(2)})
			if rep.Repr != "4" {
				t.Fatalf("%s: %+v %v", target, rep, rep.Error)
			}
		}
	})
}

// b64 is a $bytes value.
func b64(s string) json.RawMessage { return raw([]byte(s)) }

func TestClientMountsThroughTheEngine(t *testing.T) {
	forEachBackend(t, func(t *testing.T, b backend) {
		h := newHarness(t, b, nil)
		other := h.engine(nil)
		mounts := []protocol.Mount{{Path: "/data"}, {Path: "/rw", Mode: protocol.MountReadWrite}, {Path: "/ov", Mode: protocol.MountOverlay}}
		s := h.checkout(false)

		// A read is an os_call to the client, answered with the file.
		rep := h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "open('/data/a.txt').read().upper()", Mounts: mounts})
		if rep.Progress != protocol.ProgressFunctionCall || rep.OSCall != "open" || rep.Function != "open" || string(rep.Args[0]) != `"/data/a.txt"` || string(rep.Args[1]) != `"rb"` {
			t.Fatalf("read: %+v", rep)
		}
		rep = h.on(other, protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), ReturnValue: b64("alpha"), Mounts: mounts})
		if rep.Repr != "'ALPHA'" {
			t.Fatalf("read answered: %+v %v", rep, rep.Error)
		}
		// stat's answer, and an error answer with CPython's errno.
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "import os\nst = os.stat('/data/a.txt')\n(st.st_size, st.st_mtime)", Mounts: mounts})
		if rep.OSCall != "stat" {
			t.Fatalf("stat: %+v", rep)
		}
		rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), ReturnValue: raw(map[string]any{"is_dir": false, "size": 5, "mtime": 2.5}), Mounts: mounts})
		if rep.Repr != "(5, 2.5)" {
			t.Fatalf("stat answered: %+v %v", rep, rep.Error)
		}
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "try:\n    open('/data/no')\nexcept FileNotFoundError as e:\n    r = (e.errno, e.filename)\nr", Mounts: mounts})
		rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), Exception: &protocol.Exception{Type: "FileNotFoundError", Message: "No such file or directory"}, Mounts: mounts})
		if rep.Repr != "(2, '/data/no')" {
			t.Fatalf("error answer: %+v %v", rep, rep.Error)
		}

		// read-only and '..': refused by the server, no os_call.
		for code, want := range map[string]string{
			"try:\n    open('/data/x', 'w')\nexcept OSError as e:\n    r = e.errno\nr":                "30",
			"try:\n    open('/data/../etc/passwd')\nexcept PermissionError as e:\n    r = e.errno\nr": "13",
		} {
			if got := h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: code, Mounts: mounts}); got.Repr != want {
				t.Errorf("%q: %+v, want %s", code, got, want)
			}
		}
		// read-write: the write goes to the client.
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "import pathlib\npathlib.Path('/rw/o.txt').write_bytes(b'out')", Mounts: mounts})
		var calls []string
		for rep.Progress == protocol.ProgressFunctionCall {
			calls = append(calls, fmt.Sprintf("%s %s %s", rep.OSCall, rep.Args[0], rep.Args[1]))
			rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), ReturnValue: raw(nil), Mounts: mounts})
		}
		// open('wb') truncates, then each write appends.
		if want := fmt.Sprintf(`[write_file "/rw/o.txt" %s append_file "/rw/o.txt" %s]`, b64(""), b64("out")); fmt.Sprint(calls) != want || rep.Repr != "3" {
			t.Fatalf("rw write: %v (%+v), want %s", calls, rep, want)
		}

		// overlay: the write stays in the session, and travels with a
		// dump into a fresh session on another engine.
		rep = h.ok(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "open('/ov/n.txt', 'w').write('kept')", Mounts: mounts})
		for rep.Progress == protocol.ProgressFunctionCall {
			if rep.OSCall != "stat" && rep.OSCall != "open" {
				t.Fatalf("overlay write asked the client %s %s", rep.OSCall, rep.Args)
			}
			// /ov exists, /ov/n.txt does not.
			if string(rep.Args[0]) == `"/ov"` {
				rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), ReturnValue: raw(map[string]any{"is_dir": true, "size": 0, "mtime": 0.0}), Mounts: mounts})
			} else {
				rep = h.ok(protocol.Request{Op: protocol.OpResume, Session: s, CallID: i64(rep.CallID), Exception: &protocol.Exception{Type: "FileNotFoundError"}, Mounts: mounts})
			}
		}
		if rep.Progress != protocol.ProgressComplete {
			t.Fatalf("overlay write: %+v", rep)
		}
		snap := h.ok(protocol.Request{Op: protocol.OpDump, Session: s}).Snapshot
		fresh := h.checkout(false)
		if rep := h.on(other, protocol.Request{Op: protocol.OpLoadSession, Session: fresh, Snapshot: snap}); rep.Error != nil {
			t.Fatal(rep.Error)
		}
		if got := h.on(other, protocol.Request{Op: protocol.OpFeed, Session: fresh, Code: "open('/ov/n.txt').read()", Mounts: mounts}); got.Repr != "'kept'" {
			t.Fatalf("overlay after load: %+v %v", got, got.Error)
		}
		// Without the mount table the path is the host's again.
		got := h.ok(protocol.Request{Op: protocol.OpFeed, Session: fresh, Code: "open('/ov/n.txt').read()"})
		if got.OSCall != "open" {
			t.Fatalf("without mounts: %+v", got)
		}
		h.fail(protocol.Request{Op: protocol.OpResume, Session: fresh, CallID: i64(got.CallID), NotHandled: true}, protocol.KindPython, "FileNotFoundError")
	})
}

func TestClientMountTableRefused(t *testing.T) {
	h := newHarness(t, backends[0], nil)
	s := h.checkout(false)
	h.feed(s, "x = 1")
	many := make([]protocol.Mount, protocol.MaxMounts+1)
	for i := range many {
		many[i].Path = fmt.Sprintf("/m%d", i)
	}
	for _, ms := range [][]protocol.Mount{
		{{Path: "data"}},
		{{Path: "/data/"}},
		{{Path: "/a/../b"}},
		{{Path: "/data"}, {Path: "/data", Mode: protocol.MountOverlay}},
		{{Path: "/data", Mode: "ro"}},
		many,
	} {
		rep := h.fail(protocol.Request{Op: protocol.OpFeed, Session: s, Code: "x = 2", Mounts: ms}, protocol.KindBadRequest, "")
		if !strings.Contains(rep.Error.Message, "mount") {
			t.Errorf("%v: %v", ms, rep.Error)
		}
	}
	if got := h.value(s, "x"); got != "1" {
		t.Errorf("x = %s after refused feeds", got)
	}
}
