import keyword, numbers, weakref, secrets
print(keyword.iskeyword("for"), keyword.iskeyword("match"), keyword.issoftkeyword("match"), len(keyword.kwlist))
print(isinstance(3, numbers.Integral), isinstance(3.0, numbers.Real), isinstance(3.0, numbers.Integral), isinstance(1j, numbers.Complex), isinstance(3, numbers.Number), isinstance("x", numbers.Number))
print(isinstance(True, numbers.Number))
class A: pass
a = A()
r = weakref.ref(a)
print(r() is a)
d = weakref.WeakValueDictionary(); d['k'] = a; print(d['k'] is a, len(d))
print(len(secrets.token_hex(16)), len(secrets.token_urlsafe(16)), secrets.choice([1,2,3]) in (1,2,3), 0 <= secrets.randbelow(10) < 10)
print(len(secrets.token_bytes(8)))
