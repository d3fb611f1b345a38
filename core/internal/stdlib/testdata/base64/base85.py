# base64's Base85 and Ascii85 codecs, round trips and errors.
import base64
import hashlib

samples = [b'', b'\0', b'\0\0\0\0', b'\0\0\0\0\0', b'    ', b'     x', b'abc', b'hello world',
           bytes(range(256)), b'\xff' * 7, b'y' * 9, b'z' * 4]
for s in samples[:8]:
    print(base64.b85encode(s), base64.b85encode(s, pad=True))
    print(base64.a85encode(s), base64.a85encode(s, pad=True), base64.a85encode(s, foldspaces=True),
          base64.a85encode(s, adobe=True))
for s in samples:
    for enc, dec in [(base64.b85encode, base64.b85decode), (base64.a85encode, base64.a85decode)]:
        assert dec(enc(s)) == s, (enc, s)
    assert base64.a85decode(base64.a85encode(s, foldspaces=True), foldspaces=True) == s
    assert base64.a85decode(base64.a85encode(s, adobe=True, wrapcol=7), adobe=True) == s
print(base64.a85encode(bytes(range(40)), wrapcol=10))
print(base64.a85encode(bytes(range(40)), wrapcol=10, adobe=True))
print(base64.a85encode(b'abcdefgh', wrapcol=1, adobe=True), base64.a85encode(b'abcd', wrapcol=-3))
print(base64.a85encode(bytearray(b'\0\0\0\0\0\0')), base64.b85encode(memoryview(b'xyz')))

# A deterministic stream of data: every length from 0 to 40.
x = 12345
digest = hashlib.sha256()
for n in range(41):
    data = bytearray()
    for _ in range(n):
        x = (x * 1103515245 + 12345) % 2**31
        data.append(x >> 23 if x % 5 else 0)
    data = bytes(data)
    for e in (base64.b85encode(data), base64.b85encode(data, pad=True), base64.a85encode(data),
              base64.a85encode(data, pad=True, foldspaces=True)):
        digest.update(e)
    assert base64.b85decode(base64.b85encode(data)) == data
    assert base64.a85decode(base64.a85encode(data)) == data
print(digest.hexdigest())

print(base64.b85decode('VPaz'), base64.b85decode(b'VPa'), base64.a85decode('@:E^'), base64.a85decode(b'<~@:E^~>', adobe=True))
print(base64.a85decode(b'@:E\n ^\t'), base64.a85decode(b'z'), base64.a85decode(b'y', foldspaces=True))
print(base64.a85decode(b'@:E^', ignorechars=b''), base64.a85decode(b'<~@:E^~>', adobe=True))
for bad in [lambda: base64.b85decode(b'abc"'), lambda: base64.b85decode(b'|NsC1~'), lambda: base64.b85decode(b'~~~~~'),
            lambda: base64.a85decode(b'@:zE^'), lambda: base64.a85decode(b'@:yE^', foldspaces=True),
            lambda: base64.a85decode(b's8W-"'), lambda: base64.a85decode(b'@:E^v'), lambda: base64.a85decode(b'@:E^', adobe=True),
            lambda: base64.a85decode(b'y'), lambda: base64.b85decode('caf\xe9'),
            lambda: base64.b85encode('text'), lambda: base64.a85encode(5), lambda: base64.b85decode(3),
            lambda: base64.a85encode(b'x', wrapcol='1')]:
    try:
        print(bad())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
