package vm

// Dump integrity.
//
// Every dump (the single-blob form and a page-level manifest) ends with a
// seal: one byte saying how it was made, then 32 bytes of BLAKE3 over
// everything before it. Unkeyed, the seal is a checksum: a damaged byte
// anywhere, a truncation or an appended byte is refused before anything
// is decoded. Keyed (the host's secret), it is a MAC: bytes that did not
// come from a holder of the key are refused. The loader still validates
// the structure of what it decodes: a checksum protects against damage,
// and a MAC only while the key stays secret.

import (
	"crypto/subtle"
	"errors"
	"fmt"

	"lukechampine.com/blake3"
)

const (
	sealChecksum = 1 // BLAKE3-256 of the content
	sealMAC      = 2 // keyed BLAKE3-256 of the content
	sealLen      = 1 + 32
)

// ErrIntegrity is wrapped by the errors of dumps whose seal does not
// match: damaged, truncated, or (keyed) not made with this key. It also
// wraps ErrFormat.
var ErrIntegrity = fmt.Errorf("%w: integrity check failed", ErrFormat)

// ErrKeyMismatch is wrapped when a dump's seal is keyed and no key was
// given, or unkeyed and a key was required.
var ErrKeyMismatch = errors.New("dump key mismatch")

// sealKey turns a host key of any length into a 32-byte BLAKE3 key.
func sealKey(key []byte) []byte {
	if len(key) == 32 {
		return key
	}
	out := make([]byte, 32)
	blake3.DeriveKey(out, "amber 2026 dump seal key", key)
	return out
}

func sealSum(b, key []byte) [32]byte {
	if key == nil {
		return blake3.Sum256(b)
	}
	h := blake3.New(32, sealKey(key))
	h.Write(b)
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// appendSeal appends the seal of b (keyed when key is not nil).
func appendSeal(b, key []byte) []byte {
	sum := sealSum(b, key)
	kind := byte(sealChecksum)
	if key != nil {
		kind = sealMAC
	}
	b = append(b, kind)
	return append(b, sum[:]...)
}

// openSeal checks b's seal and returns the content before it. With a key,
// only a MAC made with that key is accepted; without one, only a checksum.
func openSeal(b, key []byte) ([]byte, error) {
	if len(b) < sealLen {
		return nil, fmt.Errorf("%w: %d bytes is too short to be a dump", ErrIntegrity, len(b))
	}
	body, kind, sum := b[:len(b)-sealLen], b[len(b)-sealLen], b[len(b)-32:]
	switch {
	case kind == sealMAC && key == nil:
		return nil, fmt.Errorf("%w: %w: the dump is authenticated with a key and none was given", ErrIntegrity, ErrKeyMismatch)
	case kind == sealChecksum && key != nil:
		return nil, fmt.Errorf("%w: %w: the dump is not authenticated with the key", ErrIntegrity, ErrKeyMismatch)
	case kind != sealMAC && kind != sealChecksum:
		return nil, fmt.Errorf("%w: unknown seal", ErrIntegrity)
	}
	want := sealSum(body, key)
	if subtle.ConstantTimeCompare(want[:], sum) != 1 {
		if key != nil {
			return nil, fmt.Errorf("%w: the dump is damaged or was not made with this key", ErrIntegrity)
		}
		return nil, fmt.Errorf("%w: the dump is damaged (checksum mismatch)", ErrIntegrity)
	}
	return body, nil
}

// Reseal replaces a dump's seal by the checksum of its content as it now
// is. Fuzz targets use it so mutated bytes reach the structure checks.
func Reseal(b []byte) []byte {
	if len(b) < sealLen {
		return b
	}
	return appendSeal(append([]byte(nil), b[:len(b)-sealLen]...), nil)
}
