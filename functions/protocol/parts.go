package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// API Gateway's WebSocket limits, which every transport keeps so that a
// client written against amber serve works unchanged on AWS.
const (
	// MaxMessage is the largest message sent whole (API Gateway's 128 KB).
	// Larger messages are sent in parts; larger requests are refused.
	MaxMessage = 128 * 1024
	// MaxFrame is API Gateway's WebSocket frame size (32 KB): every part
	// SplitMessage makes is shorter than this.
	MaxFrame = 32 * 1024
	// MaxPartID is the longest message id for which parts are guaranteed
	// to stay under MaxFrame. Longer ids still split, with larger parts.
	MaxPartID = 1024
)

// Part is one slice of a message too large to send whole:
//
//	{"id": "r1", "part": 0, "parts": 5, "data": "{\"id\":\"r1\",\"ok\":true,..."}
//
// Part counts from 0 to Parts-1. Data is a slice of the message's JSON
// text, cut at a UTF-8 character boundary; the data of all parts in order
// is the message.
type Part struct {
	ID    string `json:"id"`
	Part  int    `json:"part"`
	Parts int    `json:"parts"`
	Data  string `json:"data"`
}

// SplitMessage returns msg as the list of messages to send: msg itself
// when it fits in MaxMessage, otherwise the JSON text of its parts, each
// shorter than MaxFrame (for ids up to MaxPartID bytes). id is the
// message's id (the request id it answers).
//
// msg must be UTF-8, as JSON text is: invalid bytes would reach the client
// as U+FFFD.
func SplitMessage(id string, msg []byte) [][]byte {
	if len(msg) <= MaxMessage {
		return [][]byte{msg}
	}
	idJSON, _ := json.Marshal(id) // a string always marshals
	// The count of parts is at most len(msg) (every part carries at least
	// one byte), so its digits bound both numbers in the header.
	digits := len(strconv.Itoa(len(msg)))
	overhead := len(`{"id":,"part":,"parts":,"data":""}`) + len(idJSON) + 2*digits
	budget := MaxFrame - 1 - overhead

	// Cut msg where the escaped size of a slice reaches the budget.
	var cuts []int // end offsets
	size := 0
	for i := 0; i < len(msg); {
		r, n := utf8.DecodeRune(msg[i:])
		c := escapedLen(r, n)
		if size > 0 && size+c > budget {
			cuts = append(cuts, i)
			size = 0
		}
		size += c
		i += n
	}
	cuts = append(cuts, len(msg))

	out := make([][]byte, 0, len(cuts))
	start := 0
	for i, end := range cuts {
		p, _ := json.Marshal(Part{ID: id, Part: i, Parts: len(cuts), Data: string(msg[start:end])})
		out = append(out, p)
		start = end
	}
	return out
}

// escapedLen is the length of rune r (n bytes in the source) inside a JSON
// string as encoding/json writes it (HTML-safe escaping, invalid bytes as
// \ufffd).
func escapedLen(r rune, n int) int {
	switch {
	case r == utf8.RuneError && n == 1:
		return len(`\ufffd`)
	case r == '"' || r == '\\' || r == '\n' || r == '\r' || r == '\t':
		return 2
	case r < 0x20 || r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029':
		return len(`\u0000`)
	}
	return n
}

// Errors of a Reassembler, matched with errors.Is.
var (
	ErrBadPart     = errors.New("protocol: bad message part")
	ErrPartsTooBig = errors.New("protocol: message in parts over the size limit")
)

// DefaultMaxAssembled bounds the size of one reassembled message (and of
// all messages being reassembled at once) for a Reassembler whose
// MaxBytes is zero.
const DefaultMaxAssembled = 64 << 20

// Reassembler joins the parts of messages split by SplitMessage. Feed it
// every message received, in order: whole messages come straight back,
// parts are held until their message is complete. Parts of several
// messages may interleave. The zero value is ready to use; it is not safe
// for concurrent use.
type Reassembler struct {
	// MaxBytes bounds the bytes held for incomplete messages (0:
	// DefaultMaxAssembled). A part past it fails with ErrPartsTooBig.
	MaxBytes int

	pending map[string]*partial
	held    int
}

type partial struct {
	n     int
	parts map[int]string
	bytes int
}

// probe tells a part from a whole message: only parts have "parts".
type probe struct {
	ID    string  `json:"id"`
	Part  *int    `json:"part"`
	Parts *int    `json:"parts"`
	Data  *string `json:"data"`
}

// Add takes one received message. It returns done with the complete
// message when msg is a whole message or the last missing part of one;
// otherwise it holds the part and returns done false. A malformed part
// fails with ErrBadPart and drops what was held for its id.
func (r *Reassembler) Add(msg []byte) (complete []byte, done bool, err error) {
	var p probe
	if err := json.Unmarshal(msg, &p); err != nil {
		return nil, false, fmt.Errorf("protocol: message is not a JSON object: %w", err)
	}
	if p.Parts == nil {
		return msg, true, nil
	}
	if p.Part == nil || p.Data == nil {
		r.drop(p.ID)
		return nil, false, fmt.Errorf("%w: %q lacks part or data", ErrBadPart, p.ID)
	}
	n, i := *p.Parts, *p.Part
	max := r.MaxBytes
	if max <= 0 {
		max = DefaultMaxAssembled
	}
	if n < 1 || n > max || i < 0 || i >= n {
		r.drop(p.ID)
		return nil, false, fmt.Errorf("%w: %q part %d of %d", ErrBadPart, p.ID, i, n)
	}
	if r.pending == nil {
		r.pending = make(map[string]*partial)
	}
	m := r.pending[p.ID]
	if m == nil {
		m = &partial{n: n, parts: make(map[int]string)}
		r.pending[p.ID] = m
	}
	switch {
	case m.n != n:
		r.drop(p.ID)
		return nil, false, fmt.Errorf("%w: %q says %d parts, earlier parts said %d", ErrBadPart, p.ID, n, m.n)
	case m.parts[i] != "" || (len(*p.Data) == 0 && n > 1):
		r.drop(p.ID)
		return nil, false, fmt.Errorf("%w: %q part %d repeated or empty", ErrBadPart, p.ID, i)
	case r.held+len(*p.Data) > max:
		r.drop(p.ID)
		return nil, false, fmt.Errorf("%w: %q passes %d bytes", ErrPartsTooBig, p.ID, max)
	}
	m.parts[i] = *p.Data
	m.bytes += len(*p.Data)
	r.held += len(*p.Data)
	if len(m.parts) < n {
		return nil, false, nil
	}
	out := make([]byte, 0, m.bytes)
	for k := range n {
		out = append(out, m.parts[k]...)
	}
	r.drop(p.ID)
	return out, true, nil
}

// Pending is the number of messages with parts still missing.
func (r *Reassembler) Pending() int { return len(r.pending) }

func (r *Reassembler) drop(id string) {
	if m := r.pending[id]; m != nil {
		r.held -= m.bytes
		delete(r.pending, id)
	}
}
