package cas

import (
	"encoding/binary"
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"
	"lukechampine.com/blake3"
)

// MaxChunkSize bounds a chunk's uncompressed size. Decoding refuses anything
// that claims more, so a hostile chunk cannot make a reader allocate without
// bound.
const MaxChunkSize = 64 << 20

// Encoded chunk layout (version 1):
//
//	magic   "Am"            2 bytes
//	version 1               1 byte
//	method  0 raw | 1 zstd | 2 zstd with the codec's dictionary
//	[dictID uint32 LE]      method 2 only
//	size    uvarint         uncompressed length
//	payload
const (
	chunkMagic0   = 'A'
	chunkMagic1   = 'm'
	chunkVersion  = 1
	methodRaw     = 0
	methodZstd    = 1
	methodZstdDic = 2
)

// minCompress is the size below which compressing is not attempted.
const minCompress = 64

// A Codec hashes and (de)compresses chunks under one project key. It is safe
// for concurrent use; its zstd encoder and decoder are shared.
type Codec struct {
	key    Key
	hashes sync.Pool
	enc    *zstd.Encoder
	dec    *zstd.Decoder
	dictID uint32
	dEnc   *zstd.Encoder // nil without a dictionary
}

// CodecOption configures a Codec.
type CodecOption func(*codecConfig)

type codecConfig struct {
	level zstd.EncoderLevel
	dict  []byte
}

// WithLevel sets the zstd level used for new chunks (default SpeedDefault).
func WithLevel(l zstd.EncoderLevel) CodecOption {
	return func(c *codecConfig) { c.level = l }
}

// WithDictionary gives the codec raw dictionary content (for example a few
// representative small pages) that helps compress small chunks. Chunks
// written with a dictionary can only be read by a codec that has the same
// dictionary; the header records the dictionary's id.
func WithDictionary(content []byte) CodecOption {
	return func(c *codecConfig) { c.dict = append([]byte(nil), content...) }
}

// NewCodec returns a codec for the project key.
func NewCodec(key Key, opts ...CodecOption) (*Codec, error) {
	cfg := codecConfig{level: zstd.SpeedDefault}
	for _, o := range opts {
		o(&cfg)
	}
	c := &Codec{key: key}
	c.hashes.New = func() any { return blake3.New(AddrSize, c.key[:]) }
	var err error
	c.enc, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(cfg.level), zstd.WithEncoderCRC(false))
	if err != nil {
		return nil, fmt.Errorf("cas: zstd encoder: %w", err)
	}
	dopts := []zstd.DOption{zstd.WithDecoderMaxMemory(MaxChunkSize), zstd.WithDecoderConcurrency(0)}
	if len(cfg.dict) > 0 {
		sum := blake3.Sum256(cfg.dict)
		// zstd reserves ids below 32768 and above 2^31; keep ours in range.
		c.dictID = 1<<15 + binary.LittleEndian.Uint32(sum[:4])%(1<<30)
		c.dEnc, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(cfg.level), zstd.WithEncoderCRC(false),
			zstd.WithEncoderDictRaw(c.dictID, cfg.dict))
		if err != nil {
			return nil, fmt.Errorf("cas: zstd dictionary encoder: %w", err)
		}
		dopts = append(dopts, zstd.WithDecoderDictRaw(c.dictID, cfg.dict))
	}
	c.dec, err = zstd.NewReader(nil, dopts...)
	if err != nil {
		return nil, fmt.Errorf("cas: zstd decoder: %w", err)
	}
	return c, nil
}

// Hash returns the address of data under the codec's key.
func (c *Codec) Hash(data []byte) Addr {
	h := c.hashes.Get().(*blake3.Hasher)
	h.Reset()
	h.Write(data)
	var a Addr
	h.Sum(a[:0])
	c.hashes.Put(h)
	return a
}

// Encode returns data's address and its stored form: header plus payload,
// compressed when that makes it smaller.
func (c *Codec) Encode(data []byte) (Addr, []byte, error) {
	if len(data) > MaxChunkSize {
		return Addr{}, nil, fmt.Errorf("%w: %d bytes > %d", ErrTooLarge, len(data), MaxChunkSize)
	}
	addr := c.Hash(data)
	hdr := make([]byte, 0, 8+binary.MaxVarintLen64+len(data)/2)
	method := byte(methodRaw)
	enc := c.enc
	if len(data) >= minCompress {
		method = methodZstd
		if c.dEnc != nil && len(data) <= 64<<10 {
			method, enc = methodZstdDic, c.dEnc
		}
	}
	hdr = append(hdr, chunkMagic0, chunkMagic1, chunkVersion, method)
	if method == methodZstdDic {
		hdr = binary.LittleEndian.AppendUint32(hdr, c.dictID)
	}
	hdr = binary.AppendUvarint(hdr, uint64(len(data)))
	if method == methodRaw {
		return addr, append(hdr, data...), nil
	}
	out := enc.EncodeAll(data, hdr)
	if len(out)-len(hdr) >= len(data) {
		// Incompressible: store raw.
		out = append(out[:0], chunkMagic0, chunkMagic1, chunkVersion, methodRaw)
		out = binary.AppendUvarint(out, uint64(len(data)))
		out = append(out, data...)
	}
	return addr, out, nil
}

// Decode checks the header, decompresses stored and verifies that the result
// hashes to addr. Any mismatch is a *CorruptError (errors.Is ErrCorrupt) and
// no data is returned.
func (c *Codec) Decode(addr Addr, stored []byte) ([]byte, error) {
	corrupt := func(format string, args ...any) ([]byte, error) {
		return nil, &CorruptError{Addr: addr, Reason: fmt.Sprintf(format, args...)}
	}
	if len(stored) < 5 || stored[0] != chunkMagic0 || stored[1] != chunkMagic1 {
		return corrupt("bad header")
	}
	if stored[2] != chunkVersion {
		return corrupt("unknown chunk version %d", stored[2])
	}
	method := stored[3]
	p := stored[4:]
	if method == methodZstdDic {
		if len(p) < 4 {
			return corrupt("short header")
		}
		if id := binary.LittleEndian.Uint32(p); c.dEnc == nil || id != c.dictID {
			return corrupt("written with unknown dictionary %d", id)
		}
		p = p[4:]
	}
	size, n := binary.Uvarint(p)
	if n <= 0 || size > MaxChunkSize {
		return corrupt("bad size field")
	}
	p = p[n:]
	var data []byte
	switch method {
	case methodRaw:
		if uint64(len(p)) != size {
			return corrupt("raw payload is %d bytes, header says %d", len(p), size)
		}
		data = append([]byte(nil), p...)
	case methodZstd, methodZstdDic:
		var err error
		data, err = c.dec.DecodeAll(p, make([]byte, 0, size))
		if err != nil {
			return corrupt("zstd: %v", err)
		}
		if uint64(len(data)) != size {
			return corrupt("decoded %d bytes, header says %d", len(data), size)
		}
	default:
		return corrupt("unknown method %d", method)
	}
	if got := c.Hash(data); got != addr {
		return corrupt("content hashes to %s", got)
	}
	return data, nil
}

// Verify reports whether stored decodes to content with address addr.
func (c *Codec) Verify(addr Addr, stored []byte) error {
	_, err := c.Decode(addr, stored)
	return err
}

// LogicalSize returns the uncompressed size recorded in an encoded chunk's
// header, without decompressing it.
func LogicalSize(stored []byte) (int64, error) {
	if len(stored) < 5 || stored[0] != chunkMagic0 || stored[1] != chunkMagic1 || stored[2] != chunkVersion {
		return 0, fmt.Errorf("%w: bad chunk header", ErrCorrupt)
	}
	p := stored[4:]
	if stored[3] == methodZstdDic {
		if len(p) < 4 {
			return 0, fmt.Errorf("%w: short chunk header", ErrCorrupt)
		}
		p = p[4:]
	}
	size, n := binary.Uvarint(p)
	if n <= 0 || size > MaxChunkSize {
		return 0, fmt.Errorf("%w: bad size field", ErrCorrupt)
	}
	return int64(size), nil
}
