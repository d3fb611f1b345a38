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

	"github.com/amber-sandbox/amber/core/heap"
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
	RegisterPythonModule("hashlib", hashlibSrc)
	RegisterPythonModule("binascii", binasciiSrc)
	RegisterPythonModule("base64", base64Src)
	RegisterPythonModule("heapq", heapqSrc)
	RegisterPythonModule("bisect", bisectSrc)
	RegisterPythonModule("operator", operatorSrc)
	RegisterPythonModule("string", stringSrc)
	RegisterPythonModule("textwrap", textwrapSrc)
}

const hashlibSrc = `
import _hashlib

algorithms_guaranteed = frozenset(_hashlib.algorithms)
algorithms_available = frozenset(_hashlib.algorithms)
__all__ = ('new', 'algorithms_guaranteed', 'algorithms_available', 'pbkdf2_hmac', 'file_digest') + _hashlib.algorithms


class _Hash:
    __slots__ = ('name', '_state', 'digest_size', 'block_size')

    def __init__(self, name, data=b''):
        self.name = name
        self._state = _hashlib.new(name)
        self.digest_size, self.block_size = _hashlib.info(name)
        if data:
            self.update(data)

    def update(self, data):
        self._state = _hashlib.update(self.name, self._state, data)

    def digest(self):
        return _hashlib.digest(self.name, self._state)

    def hexdigest(self):
        return _hashlib.digest(self.name, self._state).hex()

    def copy(self):
        c = _Hash.__new__(_Hash)
        c.name = self.name
        c._state = self._state
        c.digest_size = self.digest_size
        c.block_size = self.block_size
        return c

    def __repr__(self):
        return f'<{self.name} _hashlib.HASH object @ {hex(id(self))}>'


def new(name, data=b'', **kwargs):
    if not isinstance(name, str):
        raise TypeError(f'new() argument \'name\' must be str, not {type(name).__name__}')
    key = name.lower().replace('-', '_')
    if key not in algorithms_available:
        raise ValueError(f'unsupported hash type {name}')
    return _Hash(key, data)


def _constructor(name):
    def ctor(data=b'', *, usedforsecurity=True, string=None):
        if string is not None:
            data = string
        return _Hash(name, data)
    ctor.__name__ = 'openssl_' + name
    return ctor


for _name in _hashlib.algorithms:
    globals()[_name] = _constructor(_name)
del _name


def pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None):
    if not isinstance(hash_name, str):
        raise TypeError(f"pbkdf2_hmac() argument 'hash_name' must be str, not {type(hash_name).__name__}")
    key = hash_name.lower().replace('-', '_')
    if key not in algorithms_available:
        raise ValueError(f'unsupported hash type {hash_name}')
    if dklen is None:
        dklen = _hashlib.info(key)[0]
    return _hashlib.pbkdf2(key, password, salt, iterations, dklen)


def file_digest(fileobj, digest, /, *, _bufsize=2**18):
    h = new(digest) if isinstance(digest, str) else digest()
    while True:
        chunk = fileobj.read(_bufsize)
        if not chunk:
            break
        h.update(chunk)
    return h
`

const binasciiSrc = `
class Error(ValueError):
    pass


class Incomplete(Exception):
    pass


def hexlify(data, sep=None, bytes_per_sep=1):
    if sep is None:
        return bytes(data).hex().encode()
    return bytes(data).hex(sep, bytes_per_sep).encode()


b2a_hex = hexlify


def unhexlify(hexstr):
    if isinstance(hexstr, str):
        hexstr = hexstr.encode('ascii')
    if len(hexstr) % 2:
        raise Error('Odd-length string')
    try:
        return bytes.fromhex(hexstr.decode('ascii'))
    except ValueError:
        raise Error('Non-hexadecimal digit found') from None


a2b_hex = unhexlify


def crc32(data, value=0):
    import zlib
    return zlib.crc32(data, value)
`

const base64Src = `
import _base64
import binascii

__all__ = ['encode', 'decode', 'encodebytes', 'decodebytes', 'b64encode',
           'b64decode', 'b32encode', 'b32decode', 'b16encode', 'b16decode',
           'standard_b64encode', 'standard_b64decode', 'urlsafe_b64encode',
           'urlsafe_b64decode']

_B64CHARS = frozenset(b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')


def _bytes_from_decode_data(s):
    if isinstance(s, str):
        try:
            return s.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters')
    if isinstance(s, (bytes, bytearray)):
        return bytes(s)
    raise TypeError('argument should be a bytes-like object or ASCII '
                    f'string, not {s.__class__.__name__!r}')


def _check(r):
    data, err = r
    if err is not None:
        raise binascii.Error(err)
    return data


def b64encode(s, altchars=None):
    encoded = _base64.b64encode(s)
    if altchars is not None:
        assert len(altchars) == 2, repr(altchars)
        return _base64.tr(encoded, b'+/', altchars)
    return encoded


def b64decode(s, altchars=None, validate=False):
    s = _bytes_from_decode_data(s)
    if altchars is not None:
        altchars = _bytes_from_decode_data(altchars)
        assert len(altchars) == 2, repr(altchars)
        s = _base64.tr(s, altchars, b'+/')
    if validate:
        body = s.rstrip(b'=')
        if len(s) - len(body) > 2 or any(c not in _B64CHARS for c in body):
            raise binascii.Error('Non-base64 digit found')
    return _check(_base64.b64decode(s))


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


def urlsafe_b64encode(s):
    return _base64.tr(b64encode(s), b'+/', b'-_')


def urlsafe_b64decode(s):
    s = _bytes_from_decode_data(s)
    s = _base64.tr(s, b'-_', b'+/')
    return b64decode(s)


def b32encode(s):
    return _base64.b32encode(s)


def b32decode(s, casefold=False, map01=None):
    s = _bytes_from_decode_data(s)
    if map01 is not None:
        map01 = _bytes_from_decode_data(map01)
        s = _base64.tr(s, b'01', b'O' + map01)
    if casefold:
        s = s.upper()
    return _check(_base64.b32decode(s))


def b16encode(s):
    return bytes(s).hex().upper().encode('ascii')


def b16decode(s, casefold=False):
    s = _bytes_from_decode_data(s)
    if casefold:
        s = s.upper()
    if len(s) % 2:
        raise binascii.Error('Odd-length string')
    if any(c not in b'0123456789ABCDEF' for c in s):
        raise binascii.Error('Non-base16 digit found')
    return bytes.fromhex(s.decode('ascii'))


def encodebytes(s):
    pieces = []
    for i in range(0, len(s), 57):
        pieces.append(_base64.b64encode(s[i:i + 57]) + b'\n')
    return b''.join(pieces)


def decodebytes(s):
    return _check(_base64.b64decode(s))


def encode(input, output):
    output.write(encodebytes(input.read()))


def decode(input, output):
    output.write(decodebytes(input.read()))
`

const heapqSrc = `
__all__ = ['heappush', 'heappop', 'heapify', 'heapreplace', 'merge',
           'nlargest', 'nsmallest', 'heappushpop']


def _check_list(heap, name):
    if not isinstance(heap, list):
        raise TypeError(f'{name}() argument 1 must be list, not {type(heap).__name__}')


def heappush(heap, item):
    _check_list(heap, 'heappush')
    heap.append(item)
    _siftdown(heap, 0, len(heap) - 1)


def heappop(heap):
    _check_list(heap, 'heappop')
    if not heap:
        raise IndexError('index out of range')
    lastelt = heap.pop()
    if heap:
        returnitem = heap[0]
        heap[0] = lastelt
        _siftup(heap, 0)
        return returnitem
    return lastelt


def heapreplace(heap, item):
    _check_list(heap, 'heapreplace')
    if not heap:
        raise IndexError('index out of range')
    returnitem = heap[0]
    heap[0] = item
    _siftup(heap, 0)
    return returnitem


def heappushpop(heap, item):
    _check_list(heap, 'heappushpop')
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _siftup(heap, 0)
    return item


def heapify(x):
    _check_list(x, 'heapify')
    n = len(x)
    for i in reversed(range(n // 2)):
        _siftup(x, i)


def _heappop_max(heap):
    lastelt = heap.pop()
    if heap:
        returnitem = heap[0]
        heap[0] = lastelt
        _siftup_max(heap, 0)
        return returnitem
    return lastelt


def _heapify_max(x):
    n = len(x)
    for i in reversed(range(n // 2)):
        _siftup_max(x, i)


def _siftdown(heap, startpos, pos):
    newitem = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if newitem < parent:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = newitem


def _siftup(heap, pos):
    endpos = len(heap)
    startpos = pos
    newitem = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[childpos] < heap[rightpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = newitem
    _siftdown(heap, startpos, pos)


def _siftdown_max(heap, startpos, pos):
    newitem = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if parent < newitem:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = newitem


def _siftup_max(heap, pos):
    endpos = len(heap)
    startpos = pos
    newitem = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[rightpos] < heap[childpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = newitem
    _siftdown_max(heap, startpos, pos)


def merge(*iterables, key=None, reverse=False):
    entries = []
    for order, it in enumerate(map(iter, iterables)):
        for value in it:
            entries.append((value if key is None else key(value), order, value, it))
            break
    direction = -1 if reverse else 1
    while entries:
        best = 0
        for i in range(1, len(entries)):
            a, b = entries[i], entries[best]
            if (b[0] < a[0]) if reverse else (a[0] < b[0]):
                best = i
            elif not (a[0] < b[0]) and not (b[0] < a[0]) and a[1] < b[1]:
                best = i
        k, order, value, it = entries[best]
        yield value
        for nxt in it:
            entries[best] = (nxt if key is None else key(nxt), order, nxt, it)
            break
        else:
            del entries[best]


def nsmallest(n, iterable, key=None):
    return sorted(iterable, key=key)[:max(n, 0)]


def nlargest(n, iterable, key=None):
    return sorted(iterable, key=key, reverse=True)[:max(n, 0)]
`

const bisectSrc = `
def bisect_right(a, x, lo=0, hi=None, *, key=None):
    if lo < 0:
        raise ValueError('lo must be non-negative')
    if hi is None:
        hi = len(a)
    if key is None:
        while lo < hi:
            mid = (lo + hi) // 2
            if x < a[mid]:
                hi = mid
            else:
                lo = mid + 1
    else:
        while lo < hi:
            mid = (lo + hi) // 2
            if x < key(a[mid]):
                hi = mid
            else:
                lo = mid + 1
    return lo


def bisect_left(a, x, lo=0, hi=None, *, key=None):
    if lo < 0:
        raise ValueError('lo must be non-negative')
    if hi is None:
        hi = len(a)
    if key is None:
        while lo < hi:
            mid = (lo + hi) // 2
            if a[mid] < x:
                lo = mid + 1
            else:
                hi = mid
    else:
        while lo < hi:
            mid = (lo + hi) // 2
            if key(a[mid]) < x:
                lo = mid + 1
            else:
                hi = mid
    return lo


def insort_right(a, x, lo=0, hi=None, *, key=None):
    if key is None:
        lo = bisect_right(a, x, lo, hi)
    else:
        lo = bisect_right(a, key(x), lo, hi, key=key)
    a.insert(lo, x)


def insort_left(a, x, lo=0, hi=None, *, key=None):
    if key is None:
        lo = bisect_left(a, x, lo, hi)
    else:
        lo = bisect_left(a, key(x), lo, hi, key=key)
    a.insert(lo, x)


bisect = bisect_right
insort = insort_right
`

const operatorSrc = `
_abs = abs


def lt(a, b): return a < b
def le(a, b): return a <= b
def eq(a, b): return a == b
def ne(a, b): return a != b
def ge(a, b): return a >= b
def gt(a, b): return a > b
def not_(a): return not a
def truth(a): return True if a else False
def is_(a, b): return a is b
def is_not(a, b): return a is not b
def abs(a): return _abs(a)
def add(a, b): return a + b
def and_(a, b): return a & b
def floordiv(a, b): return a // b
def index(a): return a.__index__()
def inv(a): return ~a
invert = inv
def lshift(a, b): return a << b
def mod(a, b): return a % b
def mul(a, b): return a * b
def matmul(a, b): return a @ b
def neg(a): return -a
def or_(a, b): return a | b
def pos(a): return +a
def pow(a, b): return a ** b
def rshift(a, b): return a >> b
def sub(a, b): return a - b
def truediv(a, b): return a / b
def xor(a, b): return a ^ b


def concat(a, b):
    if not hasattr(a, '__getitem__'):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    return a + b


def contains(a, b): return b in a


def countOf(a, b):
    return sum(1 for x in a if x is b or x == b)


def delitem(a, b):
    del a[b]


def getitem(a, b): return a[b]


def indexOf(a, b):
    for i, j in enumerate(a):
        if j is b or j == b:
            return i
    raise ValueError('sequence.index(x): x not in sequence')


def setitem(a, b, c):
    a[b] = c


def length_hint(obj, default=0):
    try:
        return len(obj)
    except TypeError:
        return default


def iadd(a, b):
    a += b
    return a


def iand(a, b):
    a &= b
    return a


def iconcat(a, b):
    a += b
    return a


def ifloordiv(a, b):
    a //= b
    return a


def ilshift(a, b):
    a <<= b
    return a


def imod(a, b):
    a %= b
    return a


def imul(a, b):
    a *= b
    return a


def ior(a, b):
    a |= b
    return a


def ipow(a, b):
    a **= b
    return a


def irshift(a, b):
    a >>= b
    return a


def isub(a, b):
    a -= b
    return a


def itruediv(a, b):
    a /= b
    return a


def ixor(a, b):
    a ^= b
    return a


def call(obj, /, *args, **kwargs):
    return obj(*args, **kwargs)


class attrgetter:
    __slots__ = ('_attrs', '_call')

    def __init__(self, attr, *attrs):
        if not attrs:
            if not isinstance(attr, str):
                raise TypeError('attribute name must be a string')
            self._attrs = (attr,)
            names = attr.split('.')

            def func(obj):
                for name in names:
                    obj = getattr(obj, name)
                return obj
            self._call = func
        else:
            self._attrs = (attr,) + attrs
            getters = tuple(map(attrgetter, self._attrs))

            def func(obj):
                return tuple(getter(obj) for getter in getters)
            self._call = func

    def __call__(self, obj):
        return self._call(obj)

    def __repr__(self):
        return 'operator.attrgetter(%s)' % ', '.join(map(repr, self._attrs))


class itemgetter:
    __slots__ = ('_items', '_call')

    def __init__(self, item, *items):
        if not items:
            self._items = (item,)

            def func(obj):
                return obj[item]
            self._call = func
        else:
            self._items = items = (item,) + items

            def func(obj):
                return tuple(obj[i] for i in items)
            self._call = func

    def __call__(self, obj):
        return self._call(obj)

    def __repr__(self):
        return 'operator.itemgetter(%s)' % ', '.join(map(repr, self._items))


class methodcaller:
    __slots__ = ('_name', '_args', '_kwargs')

    def __init__(self, name, /, *args, **kwargs):
        if not isinstance(name, str):
            raise TypeError('method name must be a string')
        self._name = name
        self._args = args
        self._kwargs = kwargs

    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        args = [repr(self._name)]
        args.extend(map(repr, self._args))
        args.extend('%s=%r' % (k, v) for k, v in self._kwargs.items())
        return 'operator.methodcaller(%s)' % ', '.join(args)


__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__not__ = not_
__add__ = add
__and__ = and_
__floordiv__ = floordiv
__index__ = index
__inv__ = inv
__invert__ = invert
__lshift__ = lshift
__mod__ = mod
__mul__ = mul
__matmul__ = matmul
__neg__ = neg
__or__ = or_
__pos__ = pos
__pow__ = pow
__rshift__ = rshift
__sub__ = sub
__truediv__ = truediv
__xor__ = xor
__concat__ = concat
__contains__ = contains
__delitem__ = delitem
__getitem__ = getitem
__setitem__ = setitem
`

const stringSrc = `
whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_` + "`" + `{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    return (sep or ' ').join(map(str.capitalize, s.split(sep)))


def _is_ident_start(c):
    return c == '_' or c.isascii() and c.isalpha()


def _is_ident_char(c):
    return c == '_' or c.isascii() and c.isalnum()


class Template:
    delimiter = '$'
    braceidpattern = None

    def __init__(self, template):
        self.template = template

    def _invalid(self, i):
        lines = self.template[:i].splitlines(keepends=True)
        if not lines:
            colno = 1
            lineno = 1
        else:
            colno = i - len(''.join(lines[:-1]))
            lineno = len(lines)
        raise ValueError('Invalid placeholder in string: line %d, col %d' % (lineno, colno))

    def _scan(self, convert, safe):
        t = self.template
        d = self.delimiter
        out = []
        i = 0
        n = len(t)
        while i < n:
            j = t.find(d, i)
            if j < 0:
                out.append(t[i:])
                break
            out.append(t[i:j])
            k = j + len(d)
            if t.startswith(d, k):
                out.append(d)
                i = k + len(d)
                continue
            if k < n and t[k] == '{':
                e = k + 1
                while e < n and (_is_ident_char(t[e]) if e > k + 1 else _is_ident_start(t[e])):
                    e += 1
                if e > k + 1 and e < n and t[e] == '}':
                    out.append(convert(t[k + 1:e], t[j:e + 1]))
                    i = e + 1
                    continue
            elif k < n and _is_ident_start(t[k]):
                e = k + 1
                while e < n and _is_ident_char(t[e]):
                    e += 1
                out.append(convert(t[k:e], t[j:e]))
                i = e
                continue
            if safe:
                out.append(d)
                i = k
                continue
            self._invalid(j)
        return ''.join(out)

    def substitute(self, mapping=None, /, **kws):
        if mapping is None:
            mapping = kws
        elif kws:
            mapping = {**mapping, **kws}
        return self._scan(lambda name, raw: str(mapping[name]), False)

    def safe_substitute(self, mapping=None, /, **kws):
        if mapping is None:
            mapping = kws
        elif kws:
            mapping = {**mapping, **kws}

        def convert(name, raw):
            try:
                return str(mapping[name])
            except KeyError:
                return raw
        return self._scan(convert, True)

    def get_identifiers(self):
        ids = []

        def convert(name, raw):
            if name not in ids:
                ids.append(name)
            return ''
        self._scan(convert, True)
        return ids

    def is_valid(self):
        try:
            self._scan(lambda name, raw: '', False)
        except ValueError:
            return False
        return True


def _parse_format(s):
    # Yields (literal, field_name, format_spec, conversion) as str.format
    # reads them; a literal '{{' or '}}' ends a chunk with no field.
    i, n = 0, len(s)
    lit = []
    while i < n:
        c = s[i]
        if c == '}':
            if i + 1 < n and s[i + 1] == '}':
                lit.append('}')
                yield ''.join(lit), None, None, None
                lit = []
                i += 2
                continue
            raise ValueError("Single '}' encountered in format string")
        if c != '{':
            lit.append(c)
            i += 1
            continue
        if i + 1 < n and s[i + 1] == '{':
            lit.append('{')
            yield ''.join(lit), None, None, None
            lit = []
            i += 2
            continue
        if i + 1 == n:
            raise ValueError("Single '{' encountered in format string")
        j = i + 1
        depth = 1
        nested = False
        bracket = False
        while j < n:
            d = s[j]
            if bracket:
                if d == ']':
                    bracket = False
            elif d == '[':
                bracket = True
            elif d == '{':
                depth += 1
                nested = True
            elif d == '}':
                depth -= 1
                if depth == 0:
                    break
            j += 1
        if j >= n:
            if nested:
                raise ValueError("unmatched '{' in format spec")
            raise ValueError("expected '}' before end of string")
        field = s[i + 1:j]
        k = 0
        bracket = False
        while k < len(field):
            d = field[k]
            if bracket:
                if d == ']':
                    bracket = False
            elif d == '[':
                bracket = True
            elif d in '!:':
                break
            k += 1
        name = field[:k]
        conversion = None
        spec = ''
        rest = field[k:]
        if rest.startswith('!'):
            if len(rest) < 2:
                raise ValueError("unmatched '{' in format spec")
            conversion = rest[1]
            rest = rest[2:]
            if rest and rest[0] != ':':
                raise ValueError("expected ':' after conversion specifier")
        if rest.startswith(':'):
            spec = rest[1:]
        yield ''.join(lit), name, spec, conversion
        lit = []
        i = j + 1
    if lit:
        yield ''.join(lit), None, None, None


def _split_field_name(name):
    i = 0
    while i < len(name) and name[i] not in '.[':
        i += 1
    first = name[:i]
    if first.isdigit():
        first = int(first)
    rest = []
    while i < len(name):
        if name[i] == '.':
            j = i + 1
            while j < len(name) and name[j] not in '.[':
                j += 1
            attr = name[i + 1:j]
            if not attr:
                raise ValueError('Empty attribute in format string')
            rest.append((True, attr))
            i = j
        elif name[i] == '[':
            j = name.find(']', i)
            if j < 0:
                raise ValueError("Missing ']' in format string")
            key = name[i + 1:j]
            if not key:
                raise ValueError('Empty attribute in format string')
            rest.append((False, int(key) if key.isdigit() else key))
            i = j + 1
        else:
            raise ValueError("Only '.' or '[' may follow ']' in format field specifier")
    return first, rest


class Formatter:
    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth, auto_arg_index=0):
        if recursion_depth < 0:
            raise ValueError('Max string recursion exceeded')
        result = []
        for literal_text, field_name, format_spec, conversion in self.parse(format_string):
            if literal_text:
                result.append(literal_text)
            if field_name is None:
                continue
            if field_name == '':
                if auto_arg_index is False:
                    raise ValueError('cannot switch from manual field specification to automatic field numbering')
                field_name = str(auto_arg_index)
                auto_arg_index += 1
            elif field_name.isdigit():
                if auto_arg_index:
                    raise ValueError('cannot switch from manual field specification to automatic field numbering')
                auto_arg_index = False
            obj, arg_used = self.get_field(field_name, args, kwargs)
            used_args.add(arg_used)
            obj = self.convert_field(obj, conversion)
            format_spec, auto_arg_index = self._vformat(format_spec, args, kwargs, used_args,
                                                        recursion_depth - 1, auto_arg_index=auto_arg_index)
            result.append(self.format_field(obj, format_spec))
        return ''.join(result), auto_arg_index

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        if conversion == 's':
            return str(value)
        if conversion == 'r':
            return repr(value)
        if conversion == 'a':
            return ascii(value)
        raise ValueError('Unknown conversion specifier {0!s}'.format(conversion))

    def parse(self, format_string):
        return _parse_format(format_string)

    def get_field(self, field_name, args, kwargs):
        first, rest = _split_field_name(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, i in rest:
            if is_attr:
                obj = getattr(obj, i)
            else:
                obj = obj[i]
        return obj, first
`

const textwrapSrc = `
__all__ = ['TextWrapper', 'wrap', 'fill', 'dedent', 'indent', 'shorten']

_whitespace = '\t\n\x0b\x0c\r '


class TextWrapper:
    def __init__(self, width=70, initial_indent='', subsequent_indent='',
                 expand_tabs=True, replace_whitespace=True,
                 fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8,
                 *, max_lines=None, placeholder=' [...]'):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            for c in _whitespace:
                text = text.replace(c, ' ')
        return text

    def _split(self, text):
        # Words and runs of whitespace; with break_on_hyphens, words split
        # after hyphens that follow a letter and precede a letter.
        chunks = []
        i = 0
        n = len(text)
        while i < n:
            if text[i] in _whitespace:
                j = i
                while j < n and text[j] in _whitespace:
                    j += 1
                chunks.append(text[i:j])
                i = j
                continue
            j = i
            while j < n and text[j] not in _whitespace:
                j += 1
            word = text[i:j]
            if self.break_on_hyphens:
                chunks.extend(self._split_hyphens(word))
            else:
                chunks.append(word)
            i = j
        return chunks

    def _split_hyphens(self, word):
        parts = []
        start = 0
        k = 1
        while k < len(word) - 1:
            if (word[k] == '-' and word[k - 1].isalnum() and word[k + 1].isalpha()
                    and any(c.isalpha() for c in word[start:k])):
                parts.append(word[start:k + 1])
                start = k + 1
            k += 1
        parts.append(word[start:])
        return parts

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            c = chunks[i]
            if (chunks[i + 1] == ' ' and len(c) >= 2 and c[-1] in '.!?'
                    and c[-2].islower()) or (chunks[i + 1] == ' ' and len(c) >= 3
                    and c[-1] in '"\'' and c[-2] in '.!?' and c[-3].islower()):
                chunks[i + 1] = '  '
                i += 2
            else:
                i += 1

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        if width < 1:
            space_left = 1
        else:
            space_left = width - cur_len
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0 and any(c != '-' for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        lines = []
        if self.width <= 0:
            raise ValueError('invalid width %r (must be > 0)' % self.width)
        if self.max_lines is not None:
            if self.max_lines > 1:
                indent = self.subsequent_indent
            else:
                indent = self.initial_indent
            if len(indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError('placeholder too large for max width')
        chunks.reverse()
        while chunks:
            cur_line = []
            cur_len = 0
            if lines:
                indent = self.subsequent_indent
            else:
                indent = self.initial_indent
            width = self.width - len(indent)
            if self.drop_whitespace and chunks[-1].strip() == '' and lines:
                del chunks[-1]
            while chunks:
                l = len(chunks[-1])
                if cur_len + l <= width:
                    cur_line.append(chunks.pop())
                    cur_len += l
                else:
                    break
            if chunks and len(chunks[-1]) > width:
                self._handle_long_word(chunks, cur_line, cur_len, width)
                cur_len = sum(map(len, cur_line))
            if self.drop_whitespace and cur_line and cur_line[-1].strip() == '':
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            if cur_line:
                if (self.max_lines is None or
                        len(lines) + 1 < self.max_lines or
                        (not chunks or
                         self.drop_whitespace and
                         len(chunks) == 1 and
                         not chunks[0].strip()) and cur_len <= width):
                    lines.append(indent + ''.join(cur_line))
                else:
                    while cur_line:
                        if (cur_line[-1].strip() and
                                cur_len + len(self.placeholder) <= width):
                            cur_line.append(self.placeholder)
                            lines.append(indent + ''.join(cur_line))
                            break
                        cur_len -= len(cur_line[-1])
                        del cur_line[-1]
                    else:
                        if lines:
                            prev_line = lines[-1].rstrip()
                            if (len(prev_line) + len(self.placeholder) <=
                                    self.width):
                                lines[-1] = prev_line + self.placeholder
                                break
                        lines.append(indent + self.placeholder.lstrip())
                    break
        return lines

    def _split_chunks(self, text):
        text = self._munge_whitespace(text)
        return self._split(text)

    def wrap(self, text):
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        return '\n'.join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(' '.join(text.strip().split()))


def dedent(text):
    lines = text.split('\n')
    margin = None
    for line in lines:
        stripped = line.lstrip(' \t')
        if not stripped:
            continue
        indent = line[:len(line) - len(stripped)]
        if margin is None:
            margin = indent
        elif indent.startswith(margin):
            pass
        elif margin.startswith(indent):
            margin = indent
        else:
            k = 0
            while k < len(margin) and k < len(indent) and margin[k] == indent[k]:
                k += 1
            margin = margin[:k]
    out = []
    for line in lines:
        if not line.strip(' \t'):
            out.append('')
        elif margin:
            out.append(line[len(margin):])
        else:
            out.append(line)
    return '\n'.join(out)


def indent(text, prefix, predicate=None):
    if predicate is None:
        def predicate(line):
            return line.strip()
    return ''.join(prefix + line if predicate(line) else line
                   for line in text.splitlines(True))
`

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
