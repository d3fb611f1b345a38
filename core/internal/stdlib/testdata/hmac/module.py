import hmac, hashlib
print(hmac.new(b"key", b"msg", hashlib.sha256).hexdigest(), hmac.new(b"k", digestmod="md5").hexdigest())
h = hmac.new(b"x" * 100, digestmod=hashlib.sha1); h.update(b"part1"); c = h.copy(); h.update(b"part2")
print(h.hexdigest(), c.hexdigest(), h.name, h.digest_size, h.block_size, hmac.digest(b"k", b"m", "sha512")[:6])
sig = hmac.new(b"secret", b"payload", hashlib.sha256).hexdigest()
print(hmac.compare_digest(sig, sig), hmac.compare_digest(b"a", b"ab"), hmac.compare_digest(bytearray(b"z"), b"z"))
for bad in (lambda: hmac.new("str", b"m", "sha256"), lambda: hmac.new(b"k", b"m"), lambda: hmac.compare_digest("a", b"a")):
    try:
        bad()
    except TypeError as e:
        print(e)
