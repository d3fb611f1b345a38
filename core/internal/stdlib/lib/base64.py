
import _base64
import _base85
import binascii

__all__ = ['encode', 'decode', 'encodebytes', 'decodebytes', 'b64encode',
           'b64decode', 'b32encode', 'b32decode', 'b16encode', 'b16decode',
           'standard_b64encode', 'standard_b64decode', 'urlsafe_b64encode',
           'urlsafe_b64decode', 'b85encode', 'b85decode', 'a85encode',
           'a85decode']

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


def _85bytes(b):
    # What CPython's memoryview(b).tobytes() accepts.
    if isinstance(b, (bytes, bytearray, memoryview)):
        return bytes(b)
    raise TypeError("memoryview: a bytes-like object is required, not '%s'" % type(b).__name__)


def b85encode(b, pad=False):
    return _base85.b85encode(_85bytes(b), bool(pad))


def b85decode(b):
    return _base85.b85decode(_bytes_from_decode_data(b))


def a85encode(b, *, foldspaces=False, wrapcol=0, pad=False, adobe=False):
    b = _85bytes(b)
    if wrapcol:
        wrapcol = max(2 if adobe else 1, wrapcol)
    return _base85.a85encode(b, bool(foldspaces), wrapcol, bool(pad), bool(adobe))


def a85decode(b, *, foldspaces=False, adobe=False, ignorechars=b' \t\n\r\v'):
    return _base85.a85decode(_bytes_from_decode_data(b), bool(foldspaces), bool(adobe), _85bytes(ignorechars))
