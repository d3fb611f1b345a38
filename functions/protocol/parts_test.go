package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// bigReply is the JSON text of a reply whose repr is text repeated to at
// least n bytes.
func bigReply(t testing.TB, id, text string, n int) []byte {
	t.Helper()
	r := strings.Repeat(text, n/len(text)+1)
	b, err := json.Marshal(&Reply{ID: id, OK: true, Progress: ProgressComplete, Repr: r})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// roundTrip splits msg, checks every part's size and shape, and joins them
// again in the given order.
func roundTrip(t testing.TB, id string, msg []byte, order func([][]byte)) []byte {
	t.Helper()
	msgs := SplitMessage(id, msg)
	if len(msg) <= MaxMessage {
		if len(msgs) != 1 || !bytes.Equal(msgs[0], msg) {
			t.Fatalf("a %d-byte message was not sent whole", len(msg))
		}
	} else {
		for i, m := range msgs {
			if len(m) >= MaxFrame && len(id) <= MaxPartID {
				t.Fatalf("part %d is %d bytes, not under %d", i, len(m), MaxFrame)
			}
			var p Part
			if err := json.Unmarshal(m, &p); err != nil {
				t.Fatalf("part %d: %v", i, err)
			}
			if p.ID != id || p.Part != i || p.Parts != len(msgs) {
				t.Fatalf("part %d says id %q part %d of %d", i, p.ID, p.Part, p.Parts)
			}
		}
	}
	if order != nil {
		order(msgs)
	}
	var r Reassembler
	for i, m := range msgs {
		out, done, err := r.Add(m)
		if err != nil {
			t.Fatalf("add %d: %v", i, err)
		}
		if done != (i == len(msgs)-1) {
			t.Fatalf("add %d of %d: done=%v", i, len(msgs), done)
		}
		if done {
			if r.Pending() != 0 {
				t.Fatalf("%d messages still pending", r.Pending())
			}
			return out
		}
	}
	t.Fatal("never complete")
	return nil
}

func TestSplitMessageRoundTrip(t *testing.T) {
	shuffle := func(m [][]byte) {
		rand.New(rand.NewPCG(1, 2)).Shuffle(len(m), func(i, j int) { m[i], m[j] = m[j], m[i] })
	}
	tests := []struct {
		name  string
		id    string
		text  string
		size  int
		order func([][]byte)
		parts int // expected number of messages, 0: do not check
	}{
		{"small", "r1", "x", 100, nil, 1},
		{"just under the limit", "r1", "x", MaxMessage - 200, nil, 1},
		{"just over the limit", "r1", "x", MaxMessage + 10, nil, 5},
		{"one megabyte", "r2", "abcdefgh", 1 << 20, nil, 0},
		{"all quotes", "q", `"`, 300 << 10, nil, 0},
		{"all backslashes", "q", `\`, 300 << 10, nil, 0},
		{"html characters", "h", "<&>", 300 << 10, nil, 0},
		{"control characters", "c", "\x01\x02\n\t", 300 << 10, nil, 0},
		{"two-byte runes", "u", "é", 300 << 10, nil, 0},
		{"four-byte runes", "u", "😀x", 300 << 10, nil, 0},
		{"line separators", "u", "\u2028\u2029", 300 << 10, nil, 0},
		{"out of order", "o", "hello, world ", 500 << 10, shuffle, 0},
		{"long id", strings.Repeat("i", MaxPartID), "y", 200 << 10, nil, 0},
		{"id with quotes", `a"b\c<d>`, "z", 200 << 10, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := bigReply(t, tt.id, tt.text, tt.size)
			got := roundTrip(t, tt.id, msg, tt.order)
			if !bytes.Equal(got, msg) {
				t.Fatalf("reassembled %d bytes differ from the %d sent", len(got), len(msg))
			}
			if n := len(SplitMessage(tt.id, msg)); tt.parts != 0 && n != tt.parts {
				t.Fatalf("%d messages, want %d", n, tt.parts)
			}
			var rep Reply
			if err := json.Unmarshal(got, &rep); err != nil || rep.ID != tt.id {
				t.Fatalf("reassembled reply: id %q, %v", rep.ID, err)
			}
		})
	}
}

func TestSplitMessageUsesFrames(t *testing.T) {
	// Plain ASCII packs parts nearly full: no more parts than needed.
	msg := bigReply(t, "r", "a", 1<<20)
	parts := SplitMessage("r", msg)
	if min := len(msg)/MaxFrame + 1; len(parts) > min+1 {
		t.Fatalf("%d parts for %d bytes; %d would do", len(parts), len(msg), min)
	}
}

func TestReassemblerInterleaved(t *testing.T) {
	a := bigReply(t, "a", "alpha ", 200<<10)
	b := bigReply(t, "b", "beta ", 300<<10)
	pa, pb := SplitMessage("a", a), SplitMessage("b", b)
	small := []byte(`{"id":"c","event":"print","stream":"stdout","text":"hi\n"}`)
	var stream [][]byte
	for i := 0; i < len(pa) || i < len(pb); i++ {
		if i < len(pa) {
			stream = append(stream, pa[i])
		}
		if i == 2 {
			stream = append(stream, small)
		}
		if i < len(pb) {
			stream = append(stream, pb[i])
		}
	}
	var r Reassembler
	var got [][]byte
	for _, m := range stream {
		out, done, err := r.Add(m)
		if err != nil {
			t.Fatal(err)
		}
		if done {
			got = append(got, out)
		}
	}
	want := [][]byte{small, a, b}
	if len(got) != len(want) {
		t.Fatalf("got %d messages, want %d", len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(got[i], want[i]) {
			t.Fatalf("message %d differs", i)
		}
	}
}

func TestReassemblerRefuses(t *testing.T) {
	tests := []struct {
		name string
		msgs []string
		max  int
		want error
	}{
		{"not json", []string{`nope`}, 0, nil},
		{"part index past count", []string{`{"id":"x","part":3,"parts":3,"data":"a"}`}, 0, ErrBadPart},
		{"negative index", []string{`{"id":"x","part":-1,"parts":3,"data":"a"}`}, 0, ErrBadPart},
		{"zero parts", []string{`{"id":"x","part":0,"parts":0,"data":"a"}`}, 0, ErrBadPart},
		{"no data", []string{`{"id":"x","part":0,"parts":2}`}, 0, ErrBadPart},
		{"no index", []string{`{"id":"x","parts":2,"data":"a"}`}, 0, ErrBadPart},
		{"empty data", []string{`{"id":"x","part":0,"parts":2,"data":""}`}, 0, ErrBadPart},
		{"count changes", []string{
			`{"id":"x","part":0,"parts":3,"data":"a"}`,
			`{"id":"x","part":1,"parts":4,"data":"b"}`}, 0, ErrBadPart},
		{"repeated part", []string{
			`{"id":"x","part":0,"parts":3,"data":"a"}`,
			`{"id":"x","part":0,"parts":3,"data":"a"}`}, 0, ErrBadPart},
		{"over the size limit", []string{
			`{"id":"x","part":0,"parts":3,"data":"aaaa"}`,
			`{"id":"y","part":0,"parts":3,"data":"bbbb"}`}, 6, ErrPartsTooBig},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Reassembler{MaxBytes: tt.max}
			var err error
			for _, m := range tt.msgs {
				if _, _, err = r.Add([]byte(m)); err != nil {
					break
				}
			}
			if err == nil {
				t.Fatal("accepted")
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
			if r.held < 0 || (r.Pending() == 0 && r.held != 0) {
				t.Fatalf("held %d bytes for %d messages", r.held, r.Pending())
			}
		})
	}
}

// FuzzSplitMessage: any UTF-8 text, made large, splits into parts under the
// frame size that join back to the same bytes.
func FuzzSplitMessage(f *testing.F) {
	f.Add("r1", []byte(`{"id":"r1","ok":true,"repr":"'x'"}`), uint16(1))
	f.Add(`a"<>`, []byte("\"\\\x00\u2028😀é<>&"), uint16(300))
	f.Add("", []byte("a"), uint16(0))
	f.Fuzz(func(t *testing.T, id string, unit []byte, extra uint16) {
		if len(unit) == 0 || !utf8.Valid(unit) || !utf8.ValidString(id) || len(id) > MaxPartID {
			return
		}
		size := MaxMessage + int(extra)*37
		msg := bytes.Repeat(unit, size/len(unit)+1)
		if got := roundTrip(t, id, msg, nil); !bytes.Equal(got, msg) {
			t.Fatal("round trip changed the message")
		}
	})
}

// FuzzReassembler: arbitrary messages never panic, and what is held stays
// consistent.
func FuzzReassembler(f *testing.F) {
	f.Add([]byte(`{"id":"x","part":0,"parts":2,"data":"a"}`), []byte(`{"id":"x","part":1,"parts":2,"data":"b"}`))
	f.Add([]byte(`{"id":"x","ok":true}`), []byte(`{"id":"x","part":1,"parts":1,"data":"b"}`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		r := Reassembler{MaxBytes: 1 << 16}
		for _, m := range [][]byte{a, b, a} {
			_, _, _ = r.Add(m)
			if r.held < 0 || r.held > r.MaxBytes {
				t.Fatalf("held %d", r.held)
			}
		}
	})
}
