# ord() of a one-byte exact str answers directly; everything else (wider
# characters, subclasses, bytes, errors, keywords) goes the general way.
print([ord(c) for c in "\x00 azAZ~\x7f"], ord("é"), ord("\U0001f600"), ord("\uffff"))
class S(str):
    pass
print(ord(S("a")), ord(b"a"), ord(bytearray(b"\xff")))
for bad in ["", "ab", "éé", b"", b"ab", 1, None]:
    try:
        print(ord(bad))
    except TypeError as e:
        print("TypeError", e)
try:
    ord(c="a")
except TypeError as e:
    print("TypeError", e)
try:
    ord("a", "b")
except TypeError as e:
    print("TypeError", e)
o = ord
print(o("q"), list(map(ord, "xyz")), sum(ord(c) for c in "hello"))
