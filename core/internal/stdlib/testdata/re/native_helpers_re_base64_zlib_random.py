import re, base64, zlib, random, binascii
print(re.findall(r'(a)(b)?', 'ab a ab'), re.findall(r'\d', 'a1b22'), re.findall(r'(\w)=', 'x= y='), [m.span() for m in re.finditer('o', 'foo boo')])
print(re.split(r'(,)\s*', 'a, b,c', maxsplit=1), re.sub(r'(\w+)@', r'<\1>', 'me@ you@'), re.subn('x', '-', 'axbxc', count=1))
try:
    re.findall('(', 'x')
except re.error as e:
    print('re.error', e)
print(base64.b64encode(b'hi there'), base64.b64decode(b'aGkgdGhlcmU='), base64.b32encode(b'abc'), base64.b32decode(b'MFRGG==='))
for bad in (b'abc', b'aGk'):
    try:
        base64.b64decode(bad)
    except binascii.Error as e:
        print(e)
try:
    base64.b32decode(b'MFRGG')
except binascii.Error as e:
    print(e)
c = zlib.compress(b'x' * 100, 9)
print(len(zlib.decompress(c)), zlib.crc32(b'abc'), zlib.adler32(b'abc'), zlib.crc32(b'def', 5), zlib.adler32(b'def', 7))
r = random.Random(3)
print(r.random(), r.getrandbits(70), r.getrandbits(0), len(r.getstate()[1]))
r2 = random.Random()
r2.setstate(r.getstate())
print(r2.random() == r.random())
for bad in ('x', -1):
    try:
        r.getrandbits(bad)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
