def e(f):
    try: print(repr(f()))
    except Exception as x: print(type(x).__name__, x)
e(lambda: "é".encode()); e(lambda: "é".encode("latin-1")); e(lambda: "é".encode("ascii")); e(lambda: "é".encode("ascii", "ignore")); e(lambda: "é".encode("nope")); e(lambda: "é".encode(errors=3))
e(lambda: b"\xc3\xa9".decode()); e(lambda: b"\xff".decode()); e(lambda: b"\xff".decode("utf-8", "replace")); e(lambda: bytearray(b"ab").decode("ascii"))
e(lambda: str(b"\xc3\xa9", "utf-8")); e(lambda: str(b"\xff", "ascii", "ignore")); e(lambda: str(b"x", encoding=1))
e(lambda: bytes("é", "utf-8")); e(lambda: bytearray("é", "latin-1")); e(lambda: bytes("é", "ascii")); e(lambda: bytes("é")); e(lambda: bytes("é", 5))
