# split() pieces: ASCII and not, maxsplit, unicode whitespace, bytes, and
# the pieces' lengths and indexing afterwards.
samples = ["a b  c\td\ne", "  lead and trail  ", "", "   ", "one", "é ü\u3000日本 語\u2028x\x1cy\x1fz", "a\xa0b\x85c", "x" * 40 + " y"]
for s in samples:
    for m in (-1, 0, 1, 2, 10):
        parts = s.split(None, m)
        print(repr(s), m, parts, [len(p) for p in parts], [p[-1] for p in parts if p], s.rsplit(None, m))
words = " ".join("w%dé" % i if i % 7 == 0 else "w%d" % i for i in range(200)).split()
print(len(words), words[:3], words[7], len(words[7]), words[7][-1], words[7][1:], sum(map(len, words)))
print(b"a b\x1c c\xff\xfe d".split(), b"  x  y ".split(None, 1), bytearray(b"p q r").split())
print("a,b,,c".split(","), "a,b,,c".split(",", 1), "a b c".split(" "), "日,本".split(","))
big = ("ab " * 1000).split()
print(len(big), big[0], big[-1], len(big[500]), big[500].upper(), big[500] == "ab", hash(big[1]) == hash("ab"))
