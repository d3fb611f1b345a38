# ASCII text and bytes through every codec that maps them to themselves,
# and the codec names Python accepts, spelled in its different ways.
s = "plain ascii text " * 20
for enc in ["utf-8", "UTF-8", " utf_8 ", "utf8", "ascii", "US-ASCII", "latin-1", "Latin 1", "iso8859_1", "cp1252", "windows-1252"]:
    b = s.encode(enc)
    t = b.decode(enc)
    print(repr(enc), type(b).__name__, len(b), b[:6], t == s, len(t), t[-5:])
print(s.encode("utf-16")[:6], len(s.encode("utf-32-le")))

# Non-ASCII text: still checked, still encoded.
u = "héllo wörld " * 3
print(u.encode(), u.encode("latin-1"), len(u.encode("cp1252")))
for enc in ["ascii", "latin-1"]:
    try:
        ("x" * 40 + "€").encode(enc)
    except UnicodeEncodeError as e:
        print(enc, e)
print(("x" * 40 + "é").encode("ascii", "replace")[-3:], ("x" * 40 + "é").encode("ascii", "ignore")[-3:])

# Non-ASCII bytes: decoded, or the error.
b = bytes(range(120, 140)) * 2
print(b.decode("latin-1")[:12], len(b.decode("latin-1")))
for enc in ["ascii", "utf-8"]:
    try:
        b.decode(enc)
    except UnicodeDecodeError as e:
        print(enc, e)
print(b.decode("utf-8", "replace")[:10], b.decode("ascii", "ignore"))
print(("ab" * 30).encode().decode("utf-8-sig")[:4], b"\xef\xbb\xbfabc".decode("utf-8-sig"))

# A decoded ASCII str indexes, slices and hashes like any other.
d = (b"key-" * 30).decode("ascii")
print(len(d), d[3], d[-4:], d == "key-" * 30, hash(d) == hash("key-" * 30))
print(str(b"abc" * 40, "latin-1")[-3:], str(bytearray(b"xyz" * 10), encoding="ascii")[:6])

# Bad arguments and unknown codecs.
for args in [(1,), ("utf-8", 2), ("no-such-codec",)]:
    try:
        "abc".encode(*args)
    except (TypeError, LookupError) as e:
        print(type(e).__name__, e)
try:
    b"abc".decode(encoding=3)
except TypeError as e:
    print(e)
