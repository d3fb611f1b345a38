package vm

import (
	"bytes"
	"strings"
)

// Long builtins meet the deadline by time.
//
// The run looks at the deadline every 256 steps (checkLimits). A step is
// usually short, but one builtin call over a large text (s.count('ab')
// over 20 MB, a translate, a join) can take tens of milliseconds, so a
// loop of them ran 256 such calls, many seconds, past the limit. Such a
// builtin calls meetDeadline with the size of the work it is about to do
// (bytes scanned, items visited) and, when the work is itself long, again
// every longWork units inside its loop. Below longWork nothing is checked:
// a clock read is about 20 ns, against microseconds of work, so short
// inputs pay nothing measurable.

// longWork is the size of the work, in bytes or items, past which a
// builtin looks at the deadline.
const longWork = 64 << 10

// meetDeadline is the deadline's error when work of n units is long and
// the run is past its time limit.
func (vm *VM) meetDeadline(n int) error {
	if n < longWork {
		return nil
	}
	return vm.DeadlineErr()
}

// MeetDeadline is meetDeadline for the native modules.
func (vm *VM) MeetDeadline(n int) error { return vm.meetDeadline(n) }

// longPiece is how far a long scan goes between two looks at the
// deadline: about a millisecond of work.
const longPiece = 1 << 20

// countLong counts the non-overlapping occurrences of a non-empty sub in
// s as strings.Count does (find one, skip past it), looking at the
// deadline every longPiece bytes: a count of ten million short matches is
// a tenth of a second of work in one call.
func countLong[T text](vm *VM, s, sub T, index func(s, sub T) int) (int, error) {
	n, done := 0, 0
	if len(sub) == 1 {
		// One byte: counted by the vectorized count, a piece at a time
		// (a byte never straddles two pieces).
		for len(s) > 0 {
			p := s[:min(len(s), longPiece)]
			n += countOne(p, sub[0])
			s = s[len(p):]
			if len(s) > 0 {
				if err := vm.DeadlineErr(); err != nil {
					return 0, err
				}
			}
		}
		return n, nil
	}
	for {
		i := index(s, sub)
		if i < 0 {
			return n, nil
		}
		n++
		s = s[i+len(sub):]
		if done += i + len(sub); done >= longPiece {
			done = 0
			if err := vm.DeadlineErr(); err != nil {
				return 0, err
			}
		}
	}
}

// countOne is strings.Count or bytes.Count of one byte.
func countOne[T text](s T, c byte) int {
	switch t := any(s).(type) {
	case string:
		return strings.Count(t, string([]byte{c}))
	case []byte:
		return bytes.Count(t, []byte{c})
	}
	return countByte(s, c)
}
