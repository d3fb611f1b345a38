package stdlib

// _base85: the Go primitives under base64.b85encode/b85decode and
// a85encode/a85decode. The Python wrappers in base64.py coerce their
// arguments; these take bytes and return bytes, or raise ValueError with
// CPython's messages.

import (
	"github.com/amber-sandbox/amber/core/internal/heap"
	py "github.com/amber-sandbox/amber/core/internal/vm"
)

const b85Alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"

var b85Digits = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(b85Alphabet); i++ {
		t[b85Alphabet[i]] = int8(i)
	}
	return
}()

// base85Chunk is how many input bytes a primitive handles between
// deadline checks.
const base85Chunk = 1 << 20

// b85Words encodes b, zero-padded to whole 4-byte words, as 5 digits a
// word in alphabet (the 85 digits, most significant first), with the
// special words of Ascii85 folded (z for zeros, y for four spaces) when
// asked. It returns the encoding and the padding length.
func b85Words(vm *py.VM, b []byte, digit func(int) byte, foldNuls, foldSpaces bool) ([]byte, int, error) {
	padding := (4 - len(b)%4) % 4
	words := (len(b) + padding) / 4
	if err := vm.ReserveMul(5, int64(words)); err != nil {
		return nil, 0, err
	}
	out := make([]byte, 0, words*5)
	for i := 0; i < words; i++ {
		if i%(base85Chunk/4) == base85Chunk/4-1 {
			if err := vm.DeadlineErr(); err != nil {
				return nil, 0, err
			}
		}
		var w uint32
		for j := 0; j < 4; j++ {
			w <<= 8
			if k := 4*i + j; k < len(b) {
				w |= uint32(b[k])
			}
		}
		switch {
		case foldNuls && w == 0:
			out = append(out, 'z')
		case foldSpaces && w == 0x20202020:
			out = append(out, 'y')
		default:
			var d [5]byte
			for j := 4; j >= 0; j-- {
				d[j] = digit(int(w % 85))
				w /= 85
			}
			out = append(out, d[:]...)
		}
	}
	return out, padding, nil
}

// unpadded drops the padding's digits from the last word, spelling a
// last word folded to z out first (as CPython does; only Ascii85 folds).
func unpadded(out []byte, padding int, zero byte, folds bool) []byte {
	if padding == 0 {
		return out
	}
	if n := len(out); folds && n > 0 && out[n-1] == 'z' {
		out = append(out[:n-1], zero, zero, zero, zero, zero)
	}
	return out[:len(out)-padding]
}

func b85Encode(vm *py.VM, b []byte, pad bool) (py.Value, error) {
	out, padding, err := b85Words(vm, b, func(d int) byte { return b85Alphabet[d] }, false, false)
	if err != nil {
		return heap.Undef, err
	}
	if !pad {
		out = unpadded(out, padding, '0', false)
	}
	return vm.NewBytes(out, false), nil
}

func b85Decode(vm *py.VM, b []byte) (py.Value, error) {
	padding := (5 - len(b)%5) % 5
	n := len(b) + padding
	if err := vm.Reserve(int64(n / 5 * 4)); err != nil {
		return heap.Undef, err
	}
	out := make([]byte, 0, n/5*4)
	for i := 0; i < n; i += 5 {
		if i%base85Chunk == 0 && i > 0 {
			if err := vm.DeadlineErr(); err != nil {
				return heap.Undef, err
			}
		}
		var acc uint64
		for j := i; j < i+5; j++ {
			c := byte('~')
			if j < len(b) {
				c = b[j]
			}
			d := b85Digits[c]
			if d < 0 {
				return heap.Undef, vm.ValueError("bad base85 character at position %d", j)
			}
			acc = acc*85 + uint64(d)
		}
		if acc > 0xffffffff {
			return heap.Undef, vm.ValueError("base85 overflow in hunk starting at byte %d", i)
		}
		out = append(out, byte(acc>>24), byte(acc>>16), byte(acc>>8), byte(acc))
	}
	return vm.NewBytes(out[:len(out)-padding], false), nil
}

func a85Encode(vm *py.VM, b []byte, foldSpaces bool, wrapcol int64, pad, adobe bool) (py.Value, error) {
	out, padding, err := b85Words(vm, b, func(d int) byte { return byte('!' + d) }, true, foldSpaces)
	if err != nil {
		return heap.Undef, err
	}
	if !pad {
		out = unpadded(out, padding, '!', true)
	}
	if adobe {
		out = append([]byte("<~"), out...)
	}
	if wrapcol != 0 {
		floor := int64(1)
		if adobe {
			floor = 2
		}
		wrapcol = max(wrapcol, floor)
		lines := (int64(len(out)) + wrapcol - 1) / wrapcol
		if err := vm.Reserve(int64(len(out)) + lines + 1); err != nil {
			return heap.Undef, err
		}
		wrapped := make([]byte, 0, int64(len(out))+lines+1)
		last := 0
		for i := 0; i < len(out); i += int(wrapcol) {
			if i > 0 {
				wrapped = append(wrapped, '\n')
			}
			end := min(len(out), i+int(wrapcol))
			wrapped = append(wrapped, out[i:end]...)
			last = end - i
		}
		if adobe && int64(last)+2 > wrapcol {
			wrapped = append(wrapped, '\n')
		}
		out = wrapped
	}
	if adobe {
		out = append(out, '~', '>')
	}
	return vm.NewBytes(out, false), nil
}

func a85Decode(vm *py.VM, b []byte, foldSpaces, adobe bool, ignore []byte) (py.Value, error) {
	if adobe {
		if len(b) < 2 || string(b[len(b)-2:]) != "~>" {
			return heap.Undef, vm.ValueError("Ascii85 encoded byte sequences must end with b'~>'")
		}
		if len(b) >= 4 && string(b[:2]) == "<~" {
			b = b[2 : len(b)-2]
		} else {
			b = b[:len(b)-2]
		}
	}
	var skip [256]bool
	for _, c := range ignore {
		skip[c] = true
	}
	// At most 4 bytes for each input byte (a z or y).
	if err := vm.ReserveMul(4, int64(len(b)+4)); err != nil {
		return heap.Undef, err
	}
	var out []byte
	var curr [5]byte
	n := 0
	for i := 0; i < len(b)+4; i++ {
		if i%base85Chunk == base85Chunk-1 {
			if err := vm.DeadlineErr(); err != nil {
				return heap.Undef, err
			}
		}
		c := byte('u')
		if i < len(b) {
			c = b[i]
		}
		switch {
		case c >= '!' && c <= 'u':
			curr[n] = c
			n++
			if n == 5 {
				var acc uint64
				for _, d := range curr {
					acc = acc*85 + uint64(d-'!')
				}
				if acc > 0xffffffff {
					return heap.Undef, vm.ValueError("Ascii85 overflow")
				}
				out = append(out, byte(acc>>24), byte(acc>>16), byte(acc>>8), byte(acc))
				n = 0
			}
		case c == 'z':
			if n > 0 {
				return heap.Undef, vm.ValueError("z inside Ascii85 5-tuple")
			}
			out = append(out, 0, 0, 0, 0)
		case foldSpaces && c == 'y':
			if n > 0 {
				return heap.Undef, vm.ValueError("y inside Ascii85 5-tuple")
			}
			out = append(out, ' ', ' ', ' ', ' ')
		case skip[c]:
		default:
			return heap.Undef, vm.ValueError("Non-Ascii85 digit found: %c", rune(c))
		}
	}
	if padding := 4 - n; padding > 0 {
		out = out[:max(0, len(out)-padding)]
	}
	return vm.NewBytes(out, false), nil
}

func initBase85(vm *py.VM, m py.Value) error {
	// b85encode(data, pad)
	vm.ModuleFunc(m, "_base85.b85encode", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if len(a.Pos) != 2 {
			return heap.Undef, vm.TypeError("b85encode() takes 2 arguments")
		}
		b, err := base85Arg(vm, a, 0)
		if err != nil {
			return heap.Undef, err
		}
		return b85Encode(vm, b, base85Flag(vm, a, 1))
	})
	// b85decode(data)
	vm.ModuleFunc(m, "_base85.b85decode", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if len(a.Pos) != 1 {
			return heap.Undef, vm.TypeError("b85decode() takes 1 argument")
		}
		b, err := base85Arg(vm, a, 0)
		if err != nil {
			return heap.Undef, err
		}
		return b85Decode(vm, b)
	})
	// a85encode(data, foldspaces, wrapcol, pad, adobe)
	vm.ModuleFunc(m, "_base85.a85encode", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if len(a.Pos) != 5 {
			return heap.Undef, vm.TypeError("a85encode() takes 5 arguments")
		}
		b, err := base85Arg(vm, a, 0)
		if err != nil {
			return heap.Undef, err
		}
		wrapcol, ok := vm.IndexOf(a.Pos[2])
		if !ok {
			return heap.Undef, vm.TypeError("'%s' object cannot be interpreted as an integer", vm.TypeName(a.Pos[2]))
		}
		return a85Encode(vm, b, base85Flag(vm, a, 1), wrapcol, base85Flag(vm, a, 3), base85Flag(vm, a, 4))
	})
	// a85decode(data, foldspaces, adobe, ignorechars)
	vm.ModuleFunc(m, "_base85.a85decode", func(vm *py.VM, _ py.Value, a py.Args) (py.Value, error) {
		if len(a.Pos) != 4 {
			return heap.Undef, vm.TypeError("a85decode() takes 4 arguments")
		}
		b, err := base85Arg(vm, a, 0)
		if err != nil {
			return heap.Undef, err
		}
		ignore, err := base85Arg(vm, a, 3)
		if err != nil {
			return heap.Undef, err
		}
		return a85Decode(vm, b, base85Flag(vm, a, 1), base85Flag(vm, a, 2), ignore)
	})
	return nil
}

// base85Arg is the bytes-like argument i.
func base85Arg(vm *py.VM, a py.Args, i int) ([]byte, error) {
	b, ok := vm.BufferBytes(a.Pos[i])
	if !ok {
		return nil, vm.TypeError("a bytes-like object is required, not '%s'", vm.TypeName(a.Pos[i]))
	}
	return b, nil
}

// base85Flag is the truth of argument i, a bool the wrappers pass, whose
// truth cannot fail.
func base85Flag(vm *py.VM, a py.Args, i int) bool {
	t, _ := vm.Truth(a.Pos[i])
	return t
}
