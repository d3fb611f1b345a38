
# secrets draws from the sandbox's deterministic random generator: the
# sandbox has no host entropy. A host that needs unpredictable tokens must
# seed the sandbox's random module with entropy it hands in.
import random as _random

_URLSAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

DEFAULT_ENTROPY = 32

class SystemRandom(_random.Random):
    pass

_sysrand = _random

def randbelow(exclusive_upper_bound):
    if exclusive_upper_bound <= 0:
        raise ValueError('Upper bound must be positive.')
    return _random.randrange(exclusive_upper_bound)

def randbits(k):
    return _random.getrandbits(k)

def choice(seq):
    return _random.choice(seq)

def token_bytes(nbytes=None):
    if nbytes is None:
        nbytes = DEFAULT_ENTROPY
    return bytes(_random.getrandbits(8) for _ in range(nbytes))

def token_hex(nbytes=None):
    return token_bytes(nbytes).hex()

def token_urlsafe(nbytes=None):
    tok = token_bytes(nbytes)
    out = []
    for i in range(0, len(tok), 3):
        chunk = tok[i:i + 3]
        n = int.from_bytes(chunk + bytes(3 - len(chunk)), 'big')
        for j in range(len(chunk) + 1):
            out.append(_URLSAFE[(n >> (18 - 6 * j)) & 63])
    return ''.join(out)

def compare_digest(a, b):
    return a == b
