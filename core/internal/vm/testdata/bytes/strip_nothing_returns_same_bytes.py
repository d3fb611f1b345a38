# Stripping bytes that have nothing to strip gives back the same object;
# a bytearray, a bytes subclass, or a real strip gives a new one.
s = b"abc"
print(s.strip() is s, s.lstrip(b"x") is s, s.rstrip() is s, s.strip(b"a") is s, s.strip(b"a"))
ba = bytearray(b"abc")
print(ba.strip() is ba, ba.strip())


class B(bytes):
    pass


sb = B(b"abc")
r = sb.strip()
print(r is sb, type(r).__name__, r)
