package cas

import (
	"encoding/hex"
	"errors"
	"fmt"
)

// AddrSize is the length of an address in bytes.
const AddrSize = 32

// Addr is a chunk's address: keyed BLAKE3-256 of its uncompressed bytes.
type Addr [AddrSize]byte

// String returns the address in lower-case hex.
func (a Addr) String() string { return hex.EncodeToString(a[:]) }

// IsZero reports whether a is the zero address, which names no chunk.
func (a Addr) IsZero() bool { return a == Addr{} }

// ParseAddr parses the hex form produced by Addr.String.
func ParseAddr(s string) (Addr, error) {
	var a Addr
	if len(s) != 2*AddrSize {
		return a, fmt.Errorf("cas: parse address %q: want %d hex digits", s, 2*AddrSize)
	}
	if _, err := hex.Decode(a[:], []byte(s)); err != nil {
		return a, fmt.Errorf("cas: parse address %q: %w", s, err)
	}
	return a, nil
}

// Key is a project's 32-byte hashing key. Chunks hashed under different keys
// have unrelated addresses, so content never deduplicates across projects.
type Key [32]byte

var (
	// ErrNotFound means no chunk is stored under the address.
	ErrNotFound = errors.New("cas: chunk not found")
	// ErrCorrupt means stored bytes do not decode to content with the
	// requested address: a flipped bit, a truncation or a misplaced chunk.
	ErrCorrupt = errors.New("cas: chunk corrupt")
	// ErrTooLarge means a chunk exceeds a store's or the codec's size limit.
	ErrTooLarge = errors.New("cas: chunk too large")
	// ErrFormat means a manifest or page-table node is malformed or of an
	// unknown version.
	ErrFormat = errors.New("cas: bad format")
)

// CorruptError describes a chunk that failed verification. It matches
// ErrCorrupt with errors.Is.
type CorruptError struct {
	Addr   Addr
	Reason string
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("cas: chunk %s corrupt: %s", e.Addr, e.Reason)
}

// Is makes errors.Is(err, ErrCorrupt) true.
func (e *CorruptError) Is(target error) bool { return target == ErrCorrupt }
