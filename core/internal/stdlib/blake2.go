package stdlib

// BLAKE2b and BLAKE2s (RFC 7693) with the whole parameter block CPython's
// hashlib.blake2b/blake2s take: digest size, key, salt, personalization
// and the tree parameters. golang.org/x/crypto's blake2 packages take
// only a size and a key (no salt, person or tree fields), so the two
// functions are written here; they are small. A hash marshals its whole
// running state, parameters included, so a blake2 object persists as
// bytes like every other hash of _hashlib.

import (
	"encoding/binary"
	"errors"
	"math/big"
	"math/bits"

	"github.com/amber-sandbox/amber/core/internal/heap"
	py "github.com/amber-sandbox/amber/core/internal/vm"
)

var blake2bIV = [8]uint64{
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
}

var blake2sIV = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// blake2Sigma is the message schedule: the word order of each round.
var blake2Sigma = [10][16]uint8{
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
	{11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
	{7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
	{9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
	{2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
	{12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
	{13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
	{6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
	{10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
}

// blake2Params is the parameter block of either function.
type blake2Params struct {
	digestSize, fanout, depth, nodeDepth, innerSize int
	leafSize                                        uint32
	nodeOffset                                      uint64
	key, salt, person                               []byte
	lastNode                                        bool
}

// blake2 is a running BLAKE2b (wide) or BLAKE2s hash. The words of the
// narrow function live in the low 32 bits of h.
type blake2 struct {
	wide     bool
	size     int // digest size in bytes
	lastNode bool
	h        [8]uint64
	t        [2]uint64 // bytes compressed so far (BLAKE2s: t[0] only)
	buf      [128]byte
	n        int // bytes in buf

	// What Reset starts again from: the parameter block's h and the key.
	h0     [8]uint64
	key    [64]byte
	keyLen int
}

func (d *blake2) BlockSize() int {
	if d.wide {
		return 128
	}
	return 64
}

func (d *blake2) Size() int { return d.size }

// newBlake2 starts a hash with the parameters p (checked by the caller).
func newBlake2(wide bool, p blake2Params) *blake2 {
	d := &blake2{wide: wide, size: p.digestSize, lastNode: p.lastNode}
	if wide {
		var pb [64]byte
		pb[0], pb[1], pb[2], pb[3] = byte(p.digestSize), byte(len(p.key)), byte(p.fanout), byte(p.depth)
		binary.LittleEndian.PutUint32(pb[4:], p.leafSize)
		binary.LittleEndian.PutUint64(pb[8:], p.nodeOffset)
		pb[16], pb[17] = byte(p.nodeDepth), byte(p.innerSize)
		copy(pb[32:48], p.salt)
		copy(pb[48:64], p.person)
		for i := range d.h {
			d.h[i] = blake2bIV[i] ^ binary.LittleEndian.Uint64(pb[8*i:])
		}
	} else {
		var pb [32]byte
		pb[0], pb[1], pb[2], pb[3] = byte(p.digestSize), byte(len(p.key)), byte(p.fanout), byte(p.depth)
		binary.LittleEndian.PutUint32(pb[4:], p.leafSize)
		var off [8]byte
		binary.LittleEndian.PutUint64(off[:], p.nodeOffset)
		copy(pb[8:14], off[:6])
		pb[14], pb[15] = byte(p.nodeDepth), byte(p.innerSize)
		copy(pb[16:24], p.salt)
		copy(pb[24:32], p.person)
		for i := range d.h {
			d.h[i] = uint64(blake2sIV[i] ^ binary.LittleEndian.Uint32(pb[4*i:]))
		}
	}
	d.h0 = d.h
	d.keyLen = copy(d.key[:], p.key)
	d.Reset()
	return d
}

// Reset starts the hash again with its parameters and key.
func (d *blake2) Reset() {
	d.h, d.t, d.n = d.h0, [2]uint64{}, 0
	clear(d.buf[:])
	if d.keyLen > 0 {
		copy(d.buf[:], d.key[:d.keyLen])
		d.n = d.BlockSize()
	}
}

func (d *blake2) Write(p []byte) (int, error) {
	n := len(p)
	bs := d.BlockSize()
	for len(p) > 0 {
		// The last block is compressed at Sum, with the final flag, so a
		// full buffer waits until more data comes.
		if d.n == bs {
			d.addCount(uint64(bs))
			d.compress(d.buf[:bs], false)
			d.n = 0
		}
		k := copy(d.buf[d.n:bs], p)
		d.n += k
		p = p[k:]
	}
	return n, nil
}

func (d *blake2) addCount(n uint64) {
	if d.wide {
		d.t[0] += n
		if d.t[0] < n {
			d.t[1]++
		}
		return
	}
	// BLAKE2s counts in 64 bits split into two 32-bit words.
	d.t[0] += n
}

func (d *blake2) Sum(in []byte) []byte {
	c := *d
	bs := c.BlockSize()
	c.addCount(uint64(c.n))
	clear(c.buf[c.n:bs])
	c.compress(c.buf[:bs], true)
	var out [64]byte
	for i := range c.h {
		if c.wide {
			binary.LittleEndian.PutUint64(out[8*i:], c.h[i])
		} else {
			binary.LittleEndian.PutUint32(out[4*i:], uint32(c.h[i]))
		}
	}
	return append(in, out[:c.size]...)
}

func (d *blake2) compress(block []byte, final bool) {
	if d.wide {
		d.compressB(block, final)
	} else {
		d.compressS(block, final)
	}
}

func (d *blake2) compressB(block []byte, final bool) {
	var m [16]uint64
	for i := range m {
		m[i] = binary.LittleEndian.Uint64(block[8*i:])
	}
	var v [16]uint64
	copy(v[:8], d.h[:])
	copy(v[8:], blake2bIV[:])
	v[12] ^= d.t[0]
	v[13] ^= d.t[1]
	if final {
		v[14] = ^v[14]
		if d.lastNode {
			v[15] = ^v[15]
		}
	}
	g := func(a, b, c, dd int, x, y uint64) {
		v[a] = v[a] + v[b] + x
		v[dd] = bits.RotateLeft64(v[dd]^v[a], -32)
		v[c] = v[c] + v[dd]
		v[b] = bits.RotateLeft64(v[b]^v[c], -24)
		v[a] = v[a] + v[b] + y
		v[dd] = bits.RotateLeft64(v[dd]^v[a], -16)
		v[c] = v[c] + v[dd]
		v[b] = bits.RotateLeft64(v[b]^v[c], -63)
	}
	for r := 0; r < 12; r++ {
		s := &blake2Sigma[r%10]
		g(0, 4, 8, 12, m[s[0]], m[s[1]])
		g(1, 5, 9, 13, m[s[2]], m[s[3]])
		g(2, 6, 10, 14, m[s[4]], m[s[5]])
		g(3, 7, 11, 15, m[s[6]], m[s[7]])
		g(0, 5, 10, 15, m[s[8]], m[s[9]])
		g(1, 6, 11, 12, m[s[10]], m[s[11]])
		g(2, 7, 8, 13, m[s[12]], m[s[13]])
		g(3, 4, 9, 14, m[s[14]], m[s[15]])
	}
	for i := range d.h {
		d.h[i] ^= v[i] ^ v[i+8]
	}
}

func (d *blake2) compressS(block []byte, final bool) {
	var m [16]uint32
	for i := range m {
		m[i] = binary.LittleEndian.Uint32(block[4*i:])
	}
	var v [16]uint32
	for i := 0; i < 8; i++ {
		v[i] = uint32(d.h[i])
		v[i+8] = blake2sIV[i]
	}
	v[12] ^= uint32(d.t[0])
	v[13] ^= uint32(d.t[0] >> 32)
	if final {
		v[14] = ^v[14]
		if d.lastNode {
			v[15] = ^v[15]
		}
	}
	g := func(a, b, c, dd int, x, y uint32) {
		v[a] = v[a] + v[b] + x
		v[dd] = bits.RotateLeft32(v[dd]^v[a], -16)
		v[c] = v[c] + v[dd]
		v[b] = bits.RotateLeft32(v[b]^v[c], -12)
		v[a] = v[a] + v[b] + y
		v[dd] = bits.RotateLeft32(v[dd]^v[a], -8)
		v[c] = v[c] + v[dd]
		v[b] = bits.RotateLeft32(v[b]^v[c], -7)
	}
	for r := 0; r < 10; r++ {
		s := &blake2Sigma[r]
		g(0, 4, 8, 12, m[s[0]], m[s[1]])
		g(1, 5, 9, 13, m[s[2]], m[s[3]])
		g(2, 6, 10, 14, m[s[4]], m[s[5]])
		g(3, 7, 11, 15, m[s[6]], m[s[7]])
		g(0, 5, 10, 15, m[s[8]], m[s[9]])
		g(1, 6, 11, 12, m[s[10]], m[s[11]])
		g(2, 7, 8, 13, m[s[12]], m[s[13]])
		g(3, 4, 9, 14, m[s[14]], m[s[15]])
	}
	for i := range d.h {
		d.h[i] = uint64(uint32(d.h[i]) ^ v[i] ^ v[i+8])
	}
}

// The marshalled state: a magic, the function, the digest size, the
// last-node flag, h, t, the buffered byte count, the buffer, and what
// Reset needs: the initial h, the key's length and the key.
const (
	blake2Magic      = "b2\x01"
	blake2StateBytes = len(blake2Magic) + 1 + 1 + 1 + 8*8 + 2*8 + 1 + 128 + 8*8 + 1 + 64
)

func (d *blake2) MarshalBinary() ([]byte, error) {
	out := make([]byte, 0, blake2StateBytes)
	out = append(out, blake2Magic...)
	wide, last := byte(0), byte(0)
	if d.wide {
		wide = 1
	}
	if d.lastNode {
		last = 1
	}
	out = append(out, wide, byte(d.size), last)
	for _, w := range d.h {
		out = binary.LittleEndian.AppendUint64(out, w)
	}
	out = binary.LittleEndian.AppendUint64(out, d.t[0])
	out = binary.LittleEndian.AppendUint64(out, d.t[1])
	out = append(out, byte(d.n))
	out = append(out, d.buf[:]...)
	for _, w := range d.h0 {
		out = binary.LittleEndian.AppendUint64(out, w)
	}
	out = append(out, byte(d.keyLen))
	return append(out, d.key[:]...), nil
}

var errBlake2State = errors.New("not a blake2 state")

// UnmarshalBinary restores a state MarshalBinary made of a hash of the
// same function; anything else is an error (the state is a Python value
// a program can replace).
func (d *blake2) UnmarshalBinary(b []byte) error {
	if len(b) != blake2StateBytes || string(b[:3]) != blake2Magic {
		return errBlake2State
	}
	wide, size, last := b[3] == 1, int(b[4]), b[5]
	max := 32
	if wide {
		max = 64
	}
	if b[3] > 1 || wide != d.wide || size < 1 || size > max || last > 1 {
		return errBlake2State
	}
	p := b[6:]
	words := func(p []byte) (h [8]uint64, ok bool) {
		for i := range h {
			h[i] = binary.LittleEndian.Uint64(p[8*i:])
			if !wide && h[i]>>32 != 0 {
				return h, false
			}
		}
		return h, true
	}
	h, ok := words(p)
	p = p[64:]
	t0, t1 := binary.LittleEndian.Uint64(p), binary.LittleEndian.Uint64(p[8:])
	n := int(p[16])
	buf := p[17 : 17+128]
	p = p[17+128:]
	h0, ok0 := words(p)
	keyLen := int(p[64])
	if !ok || !ok0 || n > d.BlockSize() || (!wide && t1 != 0) || keyLen > max {
		return errBlake2State
	}
	d.size, d.lastNode, d.h, d.t, d.n = size, last == 1, h, [2]uint64{t0, t1}, n
	copy(d.buf[:], buf)
	d.h0, d.keyLen = h0, keyLen
	copy(d.key[:], p[65:])
	return nil
}

// blake2New makes the unkeyed default hash of a function, for the
// hashAlgos table (hashlib.new('blake2b')).
func blake2New(wide bool) *blake2 {
	size := 32
	if wide {
		size = 64
	}
	return newBlake2(wide, blake2Params{digestSize: size, fanout: 1, depth: 1})
}

// blake2Init is _hashlib.blake2(name, digest_size, key, salt, person,
// fanout, depth, leaf_size, node_offset, node_depth, inner_size,
// last_node): the state of a new hash, after CPython's checks, in its
// order and with its messages.
func blake2Init(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
	if len(a.Pos) != 12 {
		return heap.Undef, vm.TypeError("blake2() takes 12 arguments")
	}
	name, _ := vm.StrOf(a.Pos[0])
	wide := name == "blake2b"
	if !wide && name != "blake2s" {
		return heap.Undef, vm.ValueError("unsupported hash type %s", name)
	}
	maxDigest, maxSalt, maxOffset := 32, 8, uint64(1)<<48-1
	if wide {
		maxDigest, maxSalt, maxOffset = 64, 16, ^uint64(0)
	}
	intArg := func(i int) (*big.Int, error) {
		n, ok := vm.BigOf(a.Pos[i])
		if !ok {
			return nil, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(a.Pos[i]))
		}
		return n, nil
	}
	// cInt is intArg for a C int parameter: OverflowError past 32 bits.
	cInt := func(i int) (*big.Int, error) {
		n, err := intArg(i)
		if err == nil && !n.IsInt64() || err == nil && (n.Int64() > 1<<31-1 || n.Int64() < -1<<31) {
			return nil, vm.Errorf(py.TOverflowError, "Python int too large to convert to C int")
		}
		return n, err
	}
	// within reports lo <= n <= hi.
	within := func(n *big.Int, lo, hi uint64) bool {
		return n.Sign() >= 0 && n.IsUint64() && n.Uint64() >= lo && n.Uint64() <= hi
	}
	bytesArg := func(i int) ([]byte, error) {
		b, ok := vm.BufferBytes(a.Pos[i])
		if !ok {
			return nil, vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(a.Pos[i]))
		}
		return b, nil
	}
	var p blake2Params
	ds, err := cInt(1)
	if err != nil {
		return heap.Undef, err
	}
	if !within(ds, 1, uint64(maxDigest)) {
		return heap.Undef, vm.ValueError("digest_size must be between 1 and %d bytes", maxDigest)
	}
	p.digestSize = int(ds.Int64())
	if p.salt, err = bytesArg(3); err != nil {
		return heap.Undef, err
	}
	if len(p.salt) > maxSalt {
		return heap.Undef, vm.ValueError("maximum salt length is %d bytes", maxSalt)
	}
	if p.person, err = bytesArg(4); err != nil {
		return heap.Undef, err
	}
	if len(p.person) > maxSalt {
		return heap.Undef, vm.ValueError("maximum person length is %d bytes", maxSalt)
	}
	byteField := func(i int, lo uint64, msg string) (int, error) {
		n, err := cInt(i)
		if err != nil {
			return 0, err
		}
		if !within(n, lo, 255) {
			return 0, vm.ValueError("%s", msg)
		}
		return int(n.Int64()), nil
	}
	if p.fanout, err = byteField(5, 0, "fanout must be between 0 and 255"); err != nil {
		return heap.Undef, err
	}
	if p.depth, err = byteField(6, 1, "depth must be between 1 and 255"); err != nil {
		return heap.Undef, err
	}
	leaf, err := intArg(7)
	if err != nil {
		return heap.Undef, err
	}
	if leaf.Sign() < 0 {
		return heap.Undef, vm.ValueError("value must be positive")
	}
	if !within(leaf, 0, 0xffffffff) {
		return heap.Undef, vm.Errorf(py.TOverflowError, "leaf_size is too large")
	}
	p.leafSize = uint32(leaf.Uint64())
	off, err := intArg(8)
	if err != nil {
		return heap.Undef, err
	}
	if off.Sign() < 0 {
		return heap.Undef, vm.ValueError("value must be positive")
	}
	if !off.IsUint64() {
		return heap.Undef, vm.Errorf(py.TOverflowError, "int too big to convert")
	}
	if off.Uint64() > maxOffset {
		return heap.Undef, vm.Errorf(py.TOverflowError, "node_offset is too large")
	}
	p.nodeOffset = off.Uint64()
	if p.nodeDepth, err = byteField(9, 0, "node_depth must be between 0 and 255"); err != nil {
		return heap.Undef, err
	}
	inner, err := cInt(10)
	if err != nil {
		return heap.Undef, err
	}
	if !within(inner, 0, uint64(maxDigest)) {
		return heap.Undef, vm.ValueError("inner_size must be between 0 and is %d", maxDigest)
	}
	p.innerSize = int(inner.Int64())
	if p.key, err = bytesArg(2); err != nil {
		return heap.Undef, err
	}
	if len(p.key) > maxDigest {
		return heap.Undef, vm.ValueError("maximum key length is %d bytes", maxDigest)
	}
	p.lastNode = base85Flag(vm, a, 11)
	return hashMarshal(vm, newBlake2(wide, p))
}
