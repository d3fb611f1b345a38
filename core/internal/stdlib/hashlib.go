package stdlib

// _hashlib: the Go primitives under hashlib.py. A hash keeps its running
// state as bytes, so hash objects persist like any other value.

import (
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding"
	py "github.com/amber-sandbox/amber/core/internal/vm"
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
	{"blake2b", func() hash.Hash { return blake2New(true) }},  // blake2.go
	{"blake2s", func() hash.Hash { return blake2New(false) }}, // blake2.go
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
func hashState(vm *py.VM, a py.Args) (hash.Hash, error) {
	name, _ := vm.StrOf(a.Pos[0])
	newFn := hashAlgo(name)
	if newFn == nil {
		return nil, vm.ValueError("unsupported hash type %s", name)
	}
	h := newFn()
	if len(a.Pos) > 1 {
		st, ok := vm.BufferBytes(a.Pos[1])
		if !ok {
			return nil, vm.TypeError("bad hash state")
		}
		if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(st); err != nil {
			return nil, vm.ValueError("bad hash state")
		}
	}
	return h, nil
}

func hashMarshal(vm *py.VM, h hash.Hash) (py.Value, error) {
	st, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return heap.Undef, vm.ValueError("hash state: %v", err)
	}
	return vm.NewBytes(st, false), nil
}

func initHashlibPrim(vm *py.VM, m py.Value) error {
	names := make([]py.Value, len(hashAlgos))
	for i, a := range hashAlgos {
		names[i] = vm.NewStr(a.name)
	}
	vm.ModuleSet(m, "algorithms", vm.NewTuple(names))
	// info(name) -> (digest_size, block_size)
	vm.ModuleFunc(m, "_hashlib.info", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		h, err := hashState(vm, py.Args{Pos: a.Pos[:1]})
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewTuple([]py.Value{heap.Int(int64(h.Size())), heap.Int(int64(h.BlockSize()))}), nil
	})
	vm.ModuleFunc(m, "_hashlib.new", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		h, err := hashState(vm, py.Args{Pos: a.Pos[:1]})
		if err != nil {
			return heap.Undef, err
		}
		return hashMarshal(vm, h)
	})
	// update(name, state, data) -> new state
	vm.ModuleFunc(m, "_hashlib.update", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		data, ok := vm.BufferBytes(a.Pos[2])
		if !ok {
			if _, isStr := vm.StrOf(a.Pos[2]); isStr {
				return heap.Undef, vm.TypeError("Strings must be encoded before hashing")
			}
			return heap.Undef, vm.TypeError("object supporting the buffer API required")
		}
		h, err := hashState(vm, a)
		if err != nil {
			return heap.Undef, err
		}
		// Large data is hashed in pieces so the deadline holds.
		for len(data) > 0 {
			n := min(len(data), 1<<20)
			h.Write(data[:n])
			data = data[n:]
			if len(data) > 0 {
				if err := vm.DeadlineErr(); err != nil {
					return heap.Undef, err
				}
			}
		}
		return hashMarshal(vm, h)
	})
	vm.ModuleFunc(m, "_hashlib.digest", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		h, err := hashState(vm, a)
		if err != nil {
			return heap.Undef, err
		}
		return vm.NewBytes(h.Sum(nil), false), nil
	})
	vm.ModuleFunc(m, "_hashlib.blake2", blake2Init) // blake2.go
	// pbkdf2(name, password, salt, iterations, dklen) -> bytes
	vm.ModuleFunc(m, "_hashlib.pbkdf2", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		name, _ := vm.StrOf(a.Pos[0])
		newFn := hashAlgo(name)
		if newFn == nil {
			return heap.Undef, vm.ValueError("unsupported hash type %s", name)
		}
		pw, ok1 := vm.BufferBytes(a.Pos[1])
		salt, ok2 := vm.BufferBytes(a.Pos[2])
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
			return heap.Undef, vm.Errorf(py.TOverflowError, "pbkdf2_hmac: iteration count or key length too large for the sandbox")
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
