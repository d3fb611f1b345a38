package stdlib

// _base64: the Go primitives under base64.py and binascii.py.

import (
	"encoding/base32"
	"encoding/base64"

	"github.com/amber-sandbox/amber/core/internal/heap"
	py "github.com/amber-sandbox/amber/core/internal/vm"
)

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
			return nil, "Invalid base64-encoded string: number of data characters (" + py.ItoaStr(count) + ") cannot be 1 more than a multiple of 4"
		}
		return nil, "Incorrect padding"
	}
	return out, ""
}

func initBase64Prim(vm *py.VM, m py.Value) error {
	vm.ModuleFunc(m, "_base64.b64encode", bytesFunc(func(vm *py.VM, b []byte) (py.Value, error) {
		return encodedBytes(vm, base64.StdEncoding.EncodedLen(len(b)), func(out []byte) { base64.StdEncoding.Encode(out, b) })
	}))
	vm.ModuleFunc(m, "_base64.b64decode", bytesFunc(func(vm *py.VM, b []byte) (py.Value, error) {
		out, msg := a2bBase64(b)
		return b64Result(vm, out, msg), nil
	}))
	// tr(data, from, to) maps each byte of from to the byte of to.
	vm.ModuleFunc(m, "_base64.tr", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if len(a.Pos) != 3 {
			return heap.Undef, vm.TypeError("tr() takes 3 arguments")
		}
		var bs [3][]byte
		for i, v := range a.Pos {
			b, ok := vm.BufferBytes(v)
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
	vm.ModuleFunc(m, "_base64.b32encode", bytesFunc(func(vm *py.VM, b []byte) (py.Value, error) {
		return encodedBytes(vm, base32.StdEncoding.EncodedLen(len(b)), func(out []byte) { base32.StdEncoding.Encode(out, b) })
	}))
	vm.ModuleFunc(m, "_base64.b32decode", bytesFunc(func(vm *py.VM, b []byte) (py.Value, error) {
		if len(b)%8 != 0 {
			return b64Result(vm, nil, "Incorrect padding"), nil
		}
		out, err := base32.StdEncoding.DecodeString(string(b))
		if err != nil {
			return b64Result(vm, nil, "Non-base32 digit found"), nil
		}
		return b64Result(vm, out, ""), nil
	}))
	return nil
}

// bytesFunc is a _base64 function of a bytes-like argument, which f is
// given as bytes.
func bytesFunc(f func(vm *py.VM, b []byte) (py.Value, error)) py.BuiltinFn {
	return func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		b, err := b64Arg(vm, a)
		if err != nil {
			return heap.Undef, err
		}
		return f(vm, b)
	}
}

// encodedBytes is the bytes of size n that encode writes, accounted
// before they are allocated.
func encodedBytes(vm *py.VM, n int, encode func(out []byte)) (py.Value, error) {
	if err := vm.Reserve(int64(n)); err != nil {
		return heap.Undef, err
	}
	out := make([]byte, n)
	encode(out)
	return vm.NewBytes(out, false), nil
}

// b64Arg is the bytes-like first argument of a _base64 function.
func b64Arg(vm *py.VM, a py.Args) ([]byte, error) {
	if len(a.Pos) < 1 {
		return nil, vm.TypeError("missing argument")
	}
	b, ok := vm.BufferBytes(a.Pos[0])
	if !ok {
		return nil, vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(a.Pos[0]))
	}
	return b, nil
}

// b64Result is the (bytes, None) or (None, message) a decoder returns.
func b64Result(vm *py.VM, b []byte, msg string) py.Value {
	if msg != "" {
		return vm.NewTuple([]py.Value{heap.None, vm.NewStr(msg)})
	}
	return vm.NewTuple([]py.Value{vm.NewBytes(b, false), heap.None})
}
