for s in ("hello world", b"hello world", bytearray(b"hello world")):
    o = s[:1]
    print(s.find(o), s.rfind(s[-1:]), s.count(s[2:3]), s.find(s[2:4], 3), s.find(s[2:4], -9, -2), s.startswith(s[:2]), s.endswith((s[-2:], s[:1])), s.startswith(s[1:3], 1, 5))
    for f in (lambda: s.index(s[:0] + s[3:4] * 5), lambda: s.rindex(s[:0] + s[3:4] * 5), lambda: s.startswith(5), lambda: s.startswith((s[:1], 5)), lambda: s.find(), lambda: s.count(s[:1], 1, 2, 3)):
        try:
            print(f())
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)
print(b"abc".find(98), bytearray(b"abc").count(99), b"abc".index(97))
