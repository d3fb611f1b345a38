# hashlib.blake2b and blake2s: every parameter, incremental updates,
# copies, and CPython's argument errors.
import hashlib
import hmac

for ctor in (hashlib.blake2b, hashlib.blake2s):
    print(ctor.__name__, ctor.SALT_SIZE, ctor.PERSON_SIZE, ctor.MAX_KEY_SIZE, ctor.MAX_DIGEST_SIZE)
    h = ctor()
    print(h.name, h.digest_size, h.block_size, h.hexdigest())
    print(ctor(b'abc').hexdigest())
    print(ctor(b'abc', digest_size=16).hexdigest())
    print(ctor(b'abc', key=b'secret').hexdigest())
    print(ctor(key=b'k' * ctor.MAX_KEY_SIZE).hexdigest())
    print(ctor(b'abc', salt=b'salt', person=b'me').hexdigest())
    print(ctor(b'abc', salt=b's' * ctor.SALT_SIZE, person=b'p' * ctor.PERSON_SIZE).hexdigest())
    print(ctor(b'tree', fanout=2, depth=3, leaf_size=4096, node_offset=5, node_depth=1,
               inner_size=ctor.MAX_DIGEST_SIZE // 2, last_node=True).hexdigest())
    print(ctor(b'x', node_offset=2**48 - 1).hexdigest()[:16])
    # Every length around the block boundaries, fed whole and piecewise.
    acc = ctor(digest_size=24, key=b'acc')
    for n in list(range(0, 260)) + [1000, 4096, 10000]:
        data = bytes((i * 7 + n) % 256 for i in range(n))
        whole = ctor(data, key=b'key').digest()
        parts = ctor(key=b'key')
        for i in range(0, n, 37):
            parts.update(data[i:i + 37])
        assert parts.digest() == whole, n
        acc.update(whole)
    print(acc.hexdigest())
    c = acc.copy()
    c.update(b'more')
    print(type(c).__name__, c.hexdigest() != acc.hexdigest(), c.digest_size)
    print(hashlib.new(ctor.__name__, b'abc').hexdigest() == ctor(b'abc').hexdigest())
    print(hashlib.new(ctor.__name__, b'abc', digest_size=10).hexdigest())
    print(hmac.new(b'key', b'msg', ctor.__name__).hexdigest())
    print(hmac.new(b'key', b'msg', ctor).hexdigest())
    print(ctor(b'mv', digest_size=8).hexdigest(), ctor(bytearray(b'ba')).hexdigest()[:8])
    for kw in [dict(digest_size=0), dict(digest_size=ctor.MAX_DIGEST_SIZE + 1), dict(digest_size=2**70),
               dict(key=b'x' * (ctor.MAX_KEY_SIZE + 1)), dict(salt=b'x' * (ctor.SALT_SIZE + 1)),
               dict(person=b'x' * (ctor.PERSON_SIZE + 1)), dict(fanout=256), dict(fanout=-1),
               dict(depth=0), dict(depth=256), dict(leaf_size=-1), dict(leaf_size=2**32),
               dict(node_offset=-1), dict(node_offset=2**64), dict(node_offset=2**48),
               dict(node_depth=256), dict(inner_size=ctor.MAX_DIGEST_SIZE + 1), dict(inner_size=-1),
               dict(key='s'), dict(digest_size='a'), dict(salt=3), dict(digest_size=1.5)]:
        try:
            ctor(**kw)
            print(sorted(kw), 'ok')
        except (ValueError, TypeError, OverflowError) as e:
            print(sorted(kw), type(e).__name__, e)
    for bad in [lambda: ctor('str'), lambda: ctor(b'', 3), lambda: ctor().update('s'), lambda: ctor(bogus=1)]:
        try:
            bad()
        except TypeError as e:
            print('TypeError', e)
print(sorted(a for a in hashlib.algorithms_available if a.startswith('blake')))
print(hashlib.pbkdf2_hmac('blake2b', b'pw', b'salt', 3).hex(), hashlib.pbkdf2_hmac('blake2s', b'pw', b'salt', 2, 10).hex())
h = hashlib.blake2b(b'abc', key=b'k')
h2 = h.copy()
h2.update(b'def')
print(h.hexdigest() == hashlib.blake2b(b'abc', key=b'k').hexdigest(), h2.hexdigest() == hashlib.blake2b(b'abcdef', key=b'k').hexdigest())
