import hashlib, base64
print(hashlib.md5(b'abc').hexdigest(), hashlib.sha1(b'').hexdigest())
h = hashlib.sha256(b'a'); h2 = h.copy(); h.update(b'b')
print(h.hexdigest()[:16], h2.hexdigest()[:16], h.digest_size, h.name, hashlib.new('sha512', b'x').hexdigest()[:8])
try:
    hashlib.sha256('text')
except TypeError as e:
    print(e)
print(base64.b64encode(b'hello'), base64.b64decode('aGVsbG8='), base64.urlsafe_b64encode(b'\xfb\xff'))
print(base64.b32encode(b'hi'), base64.b16encode(b'\x01\xff'), base64.b16decode('01FF'))
try:
    base64.b64decode('abc')
except ValueError as e:
    print(type(e).__name__, e)
