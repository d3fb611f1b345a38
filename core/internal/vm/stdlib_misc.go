package vm

// Small standard modules. hashlib and base64 are Python fronts over Go
// primitives (_hashlib keeps a hash's running state as bytes, so hash
// objects persist like any other value); heapq, bisect, operator, string
// and textwrap are plain Python.

import (
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding"
	"encoding/base32"
	"encoding/base64"
	"hash"

	"github.com/amber-sandbox/amber/core/internal/heap"
)

// hashAlgos are the hashlib algorithms, in a fixed order.
var hashAlgos = []struct {
	name string
	new  func() hash.Hash
}{
	{"md5", md5.New},
	{"sha1", sha1.New},
	{"sha224", sha256.New224},
	{"sha256", sha256.New},
	{"sha384", sha512.New384},
	{"sha512", sha512.New},
	{"sha512_224", sha512.New512_224},
	{"sha512_256", sha512.New512_256},
	{"sha3_224", func() hash.Hash { return sha3.New224() }},
	{"sha3_256", func() hash.Hash { return sha3.New256() }},
	{"sha3_384", func() hash.Hash { return sha3.New384() }},
	{"sha3_512", func() hash.Hash { return sha3.New512() }},
}

func hashAlgo(name string) func() hash.Hash {
	for _, a := range hashAlgos {
		if a.name == name {
			return a.new
		}
	}
	return nil
}

// hashState restores a running hash from its marshalled state.
func (vm *VM) hashState(a Args) (hash.Hash, error) {
	name, _ := vm.StrOf(a.Pos[0])
	newFn := hashAlgo(name)
	if newFn == nil {
		return nil, vm.ValueError("unsupported hash type %s", name)
	}
	h := newFn()
	if len(a.Pos) > 1 {
		st, ok := vm.bufferBytes(a.Pos[1])
		if !ok {
			return nil, vm.TypeError("bad hash state")
		}
		if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
			return nil, vm.ValueError("bad hash state")
		}
	}
	return h, nil
}

func (vm *VM) hashMarshal(h hash.Hash) (Value, error) {
	st, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return heap.Undef, vm.ValueError("hash state: %v", err)
	}
	return vm.NewBytes(st, false), nil
}

func initHashlibPrim(vm *VM, m Value) error {
	names := make([]Value, len(hashAlgos))
	for i, a := range hashAlgos {
		names[i] = vm.NewStr(a.name)
	}
	vm.ModuleSet(m, "algorithms", vm.NewTuple(names))
	// info(name) -> (digest_size, block_size)
	vm.ModuleFunc(m, "_hashlib.info", func(vm *VM, _ Value, a Args) (Value, error) {
		h, err := vm.hashState(Args{Pos: a.Pos[:1]})
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewTuple([]Value{heap.Int(int64(h.Size())), heap.Int(int64(h.BlockSize()))}), nil
	})
	vm.ModuleFunc(m, "_hashlib.new", func(vm *VM, _ Value, a Args) (Value, error) {
		h, err := vm.hashState(Args{Pos: a.Pos[:1]})
		if err != nil {
			return heap.Undef, err
		}
		return vm.hashMarshal(h)
	})
	// update(name, state, data) -> new state
	vm.ModuleFunc(m, "_hashlib.update", func(vm *VM, _ Value, a Args) (Value, error) {
		data, ok := vm.bufferBytes(a.Pos[2])
		if !ok {
			if _, isStr := vm.StrOf(a.Pos[2]); isStr {
				return heap.Undef, vm.TypeError("Strings must be encoded before hashing")
			}
			return heap.Undef, vm.TypeError("object supporting the buffer API required")
		}
		h, err := vm.hashState(a)
		if err != nil {
			return heap.Undef, err
		}
		h.Write(data)
		return vm.hashMarshal(h)
	})
	vm.ModuleFunc(m, "_hashlib.digest", func(vm *VM, _ Value, a Args) (Value, error) {
		h, err := vm.hashState(a)
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewBytes(h.Sum(nil), false), nil
	})
	// pbkdf2(name, password, salt, iterations, dklen) -> bytes
	vm.ModuleFunc(m, "_hashlib.pbkdf2", func(vm *VM, _ Value, a Args) (Value, error) {
		name, _ := vm.StrOf(a.Pos[0])
		newFn := hashAlgo(name)
		if newFn == nil {
			return heap.Undef, vm.ValueError("unsupported hash type %s", name)
		}
		pw, ok1 := vm.bufferBytes(a.Pos[1])
		salt, ok2 := vm.bufferBytes(a.Pos[2])
		if !ok1 || !ok2 {
			bad := a.Pos[1]
			if ok1 {
				bad = a.Pos[2]
			}
			return heap.Undef, vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(bad))
		}
		iter, ok3 := vm.IndexOf(a.Pos[3])
		dklen, ok4 := vm.IndexOf(a.Pos[4])
		if !ok3 || !ok4 {
			return heap.Undef, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(a.Pos[3]))
		}
		if iter < 1 {
			return heap.Undef, vm.ValueError("iteration value must be greater than 0.")
		}
		if dklen < 1 {
			return heap.Undef, vm.ValueError("key length must be greater than 0.")
		}
		// The work runs in one Go call that preemption cannot interrupt.
		if iter > pbkdf2MaxIter || dklen > 1<<16 {
			return heap.Undef, vm.Errorf(TOverflowError, "pbkdf2_hmac: iteration count or key length too large for the sandbox")
		}
		key, err := pbkdf2.Key(newFn, string(pw), salt, int(iter), int(dklen))
		if err != nil {
			return heap.Undef, vm.ValueError("%s", err.Error())
		}
		return vm.NewBytes(key, false), nil
	})
	return nil
}

// pbkdf2MaxIter bounds pbkdf2_hmac's iterations, which run uninterrupted.
const pbkdf2MaxIter = 10_000_000

var b64Table = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	const alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alpha); i++ {
		t[alpha[i]] = int8(i)
	}
	return
}()

// a2bBase64 decodes like binascii.a2b_base64 in its default (non-strict)
// mode: characters outside the alphabet are skipped. It returns the data,
// or an error message.
func a2bBase64(in []byte) ([]byte, string) {
	out := make([]byte, 0, len(in)*3/4)
	quad, pads, count := 0, 0, 0
	var acc uint32
	for _, c := range in {
		if c == '=' {
			if quad >= 2 {
				pads++
				if quad+pads >= 4 {
					return out, ""
				}
			}
			continue
		}
		v := b64Table[c]
		if v < 0 {
			continue
		}
		pads = 0
		count++
		acc = acc<<6 | uint32(v)
		quad++
		switch quad {
		case 2:
			out = append(out, byte(acc>>4))
			acc &= 0xf
		case 3:
			out = append(out, byte(acc>>2))
			acc &= 0x3
		case 4:
			out = append(out, byte(acc))
			acc = 0
			quad = 0
		}
	}
	if quad != 0 {
		if quad == 1 {
			return nil, "Invalid base64-encoded string: number of data characters (" + itoaStr(count) + ") cannot be 1 more than a multiple of 4"
		}
		return nil, "Incorrect padding"
	}
	return out, ""
}

func initBase64Prim(vm *VM, m Value) error {
	vm.ModuleFunc(m, "_base64.b64encode", func(vm *VM, _ Value, a Args) (Value, error) {
		b, err := b64Arg(vm, a)
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewBytes([]byte(base64.StdEncoding.EncodeToString(b)), false), nil
	})
	vm.ModuleFunc(m, "_base64.b64decode", func(vm *VM, _ Value, a Args) (Value, error) {
		b, err := b64Arg(vm, a)
		if err != nil {
			return heap.Undef, err
		}
		out, msg := a2bBase64(b)
		return b64Result(vm, out, msg), nil
	})
	// tr(data, from, to) maps each byte of from to the byte of to.
	vm.ModuleFunc(m, "_base64.tr", func(vm *VM, _ Value, a Args) (Value, error) {
		if len(a.Pos) != 3 {
			return heap.Undef, vm.TypeError("tr() takes 3 arguments")
		}
		var bs [3][]byte
		for i, v := range a.Pos {
			b, ok := vm.bufferBytes(v)
			if !ok {
				return heap.Undef, vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(v))
			}
			bs[i] = b
		}
		var table [256]byte
		for i := range table {
			table[i] = byte(i)
		}
		for i := 0; i < len(bs[1]) && i < len(bs[2]); i++ {
			table[bs[1][i]] = bs[2][i]
		}
		out := make([]byte, len(bs[0]))
		for i, c := range bs[0] {
			out[i] = table[c]
		}
		return vm.NewBytes(out, false), nil
	})
	vm.ModuleFunc(m, "_base64.b32encode", func(vm *VM, _ Value, a Args) (Value, error) {
		b, err := b64Arg(vm, a)
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewBytes([]byte(base32.StdEncoding.EncodeToString(b)), false), nil
	})
	vm.ModuleFunc(m, "_base64.b32decode", func(vm *VM, _ Value, a Args) (Value, error) {
		b, err := b64Arg(vm, a)
		if err != nil {
			return heap.Undef, err
		}
		if len(b)%8 != 0 {
			return b64Result(vm, nil, "Incorrect padding"), nil
		}
		out, derr := base32.StdEncoding.DecodeString(string(b))
		if derr != nil {
			return b64Result(vm, nil, "Non-base32 digit found"), nil
		}
		return b64Result(vm, out, ""), nil
	})
	return nil
}

func init() {
	RegisterModule("_hashlib", initHashlibPrim)
	RegisterModule("_base64", initBase64Prim)

}

// b64Arg is the bytes-like first argument of a _base64 function.
func b64Arg(vm *VM, a Args) ([]byte, error) {
	if len(a.Pos) < 1 {
		return nil, vm.TypeError("missing argument")
	}
	b, ok := vm.bufferBytes(a.Pos[0])
	if !ok {
		return nil, vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(a.Pos[0]))
	}
	return b, nil
}

// b64Result is the (bytes, None) or (None, message) a decoder returns.
func b64Result(vm *VM, b []byte, msg string) Value {
	if msg != "" {
		return vm.NewTuple([]Value{heap.None, vm.NewStr(msg)})
	}
	return vm.NewTuple([]Value{vm.NewBytes(b, false), heap.None})
}
