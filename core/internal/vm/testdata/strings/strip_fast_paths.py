# strip/lstrip/rstrip: ASCII and unicode whitespace, ASCII and non-ASCII
# chars, empty sets and strs of only strippable characters.
samples = ["  ab c  ", "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f x \x1f", "\xa0\x85é\u3000", "\u2028a\u2029", "", "   ", "x", "é é", "123abc456", "abc", "ü123ü", "\u3000\u3000"]
sets = [None, "", " ", "0123456789", "ü", "éü ", "abc", "\u3000", "1ü"]
for s in samples:
    for c in sets:
        print(repr(s), repr(c), repr(s.strip(c)), repr(s.lstrip(c)), repr(s.rstrip(c)))
print(b"  x  ".strip(), b"\x1cx\x1c".strip(), b"xyx".strip(b"x"), bytearray(b" q ").rstrip())
