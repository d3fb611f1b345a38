import hashlib, os
print(hashlib.pbkdf2_hmac('sha256', b'password', b'salt', 1000).hex(), hashlib.pbkdf2_hmac('sha1', b'pw', b'salt', 2, dklen=10))
print(hashlib.pbkdf2_hmac('SHA512', b'secret', bytes(16), 100_000)[:8].hex(), len(hashlib.pbkdf2_hmac('md5', b'', b'', 1)))
try:
    hashlib.pbkdf2_hmac('sha256', 'p', b's', 1)
except TypeError as e:
    print(type(e).__name__, e)
try:
    hashlib.pbkdf2_hmac('sha256', b'p', b's', 0)
except ValueError as e:
    print(type(e).__name__, e)
