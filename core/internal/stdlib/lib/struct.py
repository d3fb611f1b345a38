
import _amber_extra

class error(Exception):
    pass

_sizes_std = {'x': 1, 'c': 1, 'b': 1, 'B': 1, '?': 1, 'h': 2, 'H': 2, 'i': 4, 'I': 4,
              'l': 4, 'L': 4, 'q': 8, 'Q': 8, 'n': 8, 'N': 8, 'e': 2, 'f': 4, 'd': 8,
              's': 1, 'p': 1, 'P': 8}
_sizes_native = dict(_sizes_std, l=8, L=8)
_signed = 'bhilqn'

def _parse(fmt):
    if isinstance(fmt, bytes):
        fmt = fmt.decode('ascii')
    order = '@'
    i = 0
    if fmt and fmt[0] in '@=<>!':
        order = fmt[0]
        i = 1
    native = order == '@'
    little = order in '<@='
    sizes = _sizes_native if native else _sizes_std
    items = []
    offset = 0
    n = len(fmt)
    while i < n:
        c = fmt[i]
        if c.isspace():
            i += 1
            continue
        count = None
        if c.isdigit():
            j = i
            while j < n and fmt[j].isdigit():
                j += 1
            count = int(fmt[i:j])
            i = j
            if i >= n:
                raise error('repeat count given without format specifier')
            c = fmt[i]
        if c not in sizes or (not native and c in 'nNP'):
            raise error('bad char in struct format')
        size = sizes[c]
        if native and c not in 'xcbB?sp' and offset % size:
            offset += size - offset % size
        if c in 'sp':
            items.append((c, offset, 1 if count is None else count))
            offset += 1 if count is None else count
        else:
            reps = 1 if count is None else count
            for _ in range(reps):
                if c != 'x':
                    items.append((c, offset, size))
                offset += size
        i += 1
    return items, offset, little

def calcsize(fmt):
    return _parse(fmt)[1]

def _pack_into(buf, items, little, args):
    nargs = len([it for it in items])
    if len(args) != nargs:
        raise error('pack expected %d items for packing (got %d)' % (nargs, len(args)))
    for (c, off, size), v in zip(items, args):
        if c in 'sp':
            if not isinstance(v, (bytes, bytearray)):
                raise error("argument for 's' must be a bytes object")
            data = bytes(v[:size])
            buf[off:off + len(data)] = data
        elif c == 'c':
            if not isinstance(v, (bytes, bytearray)) or len(v) != 1:
                raise error('char format requires a bytes object of length 1')
            buf[off] = v[0]
        elif c == '?':
            buf[off] = 1 if v else 0
        elif c in 'efd':
            if not isinstance(v, (int, float)):
                raise error('required argument is not a float')
            if c == 'e':
                raise error('half-float packing is not supported')
            buf[off:off + size] = _amber_extra.float_pack(float(v), size, little)
        else:
            if not isinstance(v, int):
                if hasattr(v, '__index__'):
                    v = v.__index__()
                else:
                    raise error('required argument is not an integer')
            bits = size * 8
            if c in _signed:
                lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
            else:
                lo, hi = 0, (1 << bits) - 1
            if not lo <= v <= hi:
                if c in 'bB':
                    if c == 'b':
                        raise error('byte format requires -128 <= number <= 127')
                    raise error('ubyte format requires 0 <= number <= 255')
                if c == 'h':
                    raise error('short format requires -32768 <= number <= 32767')
                if c == 'H':
                    raise error('ushort format requires 0 <= number <= 65535')
                if c in 'qQnN':
                    raise error('argument out of range')
                raise error("'%s' format requires %d <= number <= %d" % (c, lo, hi))
            buf[off:off + size] = v.to_bytes(size, 'little' if little else 'big', signed=c in _signed)

def pack(fmt, *args):
    items, size, little = _parse(fmt)
    buf = bytearray(size)
    _pack_into(buf, items, little, args)
    return bytes(buf)

def _offset(offset, size, n, packing):
    # CPython's checks of a pack_into/unpack_from offset: a negative one
    # counts from the end of the buffer and must stay inside it.
    if not isinstance(offset, int):
        if not hasattr(type(offset), '__index__'):
            raise TypeError("'%s' object cannot be interpreted as an integer" % type(offset).__name__)
        offset = type(offset).__index__(offset)
    if offset < 0:
        if offset + n < 0:
            raise error('offset %d out of range for %d-byte buffer' % (offset, n))
        if -offset < size:
            if packing:
                raise error('no space to pack %d bytes at offset %d' % (size, offset))
            raise error('not enough data to unpack %d bytes at offset %d' % (size, offset))
        return offset + n
    if n - offset < size:
        if packing:
            raise error('pack_into requires a buffer of at least %d bytes for packing %d bytes at offset %d (actual buffer size is %d)' % (size + offset, size, offset, n))
        raise error('unpack_from requires a buffer of at least %d bytes for unpacking %d bytes at offset %d (actual buffer size is %d)' % (size + offset, size, offset, n))
    return offset

def pack_into(fmt, buffer, offset, *args):
    data = pack(fmt, *args)
    offset = _offset(offset, len(data), len(buffer), True)
    buffer[offset:offset + len(data)] = data

def _unpack(items, little, data):
    out = []
    for c, off, size in items:
        chunk = data[off:off + size]
        if c == 's':
            out.append(bytes(chunk))
        elif c == 'p':
            out.append(bytes(chunk[1:1 + chunk[0]]) if chunk else b'')
        elif c == 'c':
            out.append(bytes(chunk))
        elif c == '?':
            out.append(chunk[0] != 0)
        elif c in 'fd':
            out.append(_amber_extra.float_unpack(bytes(chunk), little))
        else:
            out.append(int.from_bytes(chunk, 'little' if little else 'big', signed=c in _signed))
    return tuple(out)

def unpack(fmt, buffer):
    items, size, little = _parse(fmt)
    if len(buffer) != size:
        raise error('unpack requires a buffer of %d bytes' % size)
    return _unpack(items, little, bytes(buffer))

def unpack_from(fmt, buffer, offset=0):
    items, size, little = _parse(fmt)
    offset = _offset(offset, size, len(buffer), False)
    return _unpack(items, little, bytes(buffer[offset:offset + size]))

def iter_unpack(fmt, buffer):
    items, size, little = _parse(fmt)
    if size == 0:
        raise error('cannot iteratively unpack with a struct of length 0')
    if len(buffer) % size:
        raise error('iterative unpacking requires a buffer of a multiple of %d bytes' % size)
    for i in range(0, len(buffer), size):
        yield _unpack(items, little, bytes(buffer[i:i + size]))

class Struct:
    def __init__(self, format):
        self.format = format
        self.size = calcsize(format)

    def pack(self, *args):
        return pack(self.format, *args)

    def pack_into(self, buffer, offset, *args):
        return pack_into(self.format, buffer, offset, *args)

    def unpack(self, buffer):
        return unpack(self.format, buffer)

    def unpack_from(self, buffer, offset=0):
        return unpack_from(self.format, buffer, offset)

    def iter_unpack(self, buffer):
        return iter_unpack(self.format, buffer)
