package engine

import (
	"encoding/binary"
	"encoding/hex"

	"github.com/amber-sandbox/amber/functions/protocol"
)

// Step log format 2 adds, after each step's fixed fields, optional
// fields: a uvarint count, then per field a tag byte, a uvarint length
// and that many bytes. A reader skips tags it does not know, so a field
// can be added without a new format. Format 1 logs (no optional fields)
// still read.
const (
	stepLogFormat1 = 1

	stepTagTraceID = 1 // the W3C trace id, 16 bytes
)

// appendStepExt appends s's optional fields.
func appendStepExt(out []byte, s protocol.StepStats) []byte {
	var fields [][2][]byte
	if id, err := hex.DecodeString(s.TraceID); err == nil && len(id) == 16 {
		fields = append(fields, [2][]byte{{stepTagTraceID}, id})
	}
	out = binary.AppendUvarint(out, uint64(len(fields)))
	for _, f := range fields {
		out = append(out, f[0][0])
		out = binary.AppendUvarint(out, uint64(len(f[1])))
		out = append(out, f[1]...)
	}
	return out
}

// readStepExt reads one step's optional fields into s and returns the
// rest of the log; ok is false when they are malformed.
func readStepExt(b []byte, s *protocol.StepStats) (rest []byte, ok bool) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)) {
		return nil, false
	}
	b = b[k:]
	for range n {
		if len(b) == 0 {
			return nil, false
		}
		tag := b[0]
		l, k := binary.Uvarint(b[1:])
		if k <= 0 || l > uint64(len(b)-1-k) {
			return nil, false
		}
		v := b[1+k : 1+k+int(l)]
		b = b[1+k+int(l):]
		if tag == stepTagTraceID && len(v) == 16 {
			s.TraceID = hex.EncodeToString(v)
		}
	}
	return b, true
}
