print("ü€“x”—".encode("cp1252"), b"\xfc\x80\x93\x94".decode("cp1252"), "café".encode("windows-1252"), bytes(range(0x80, 0xa0)).decode("cp1252", "replace"))
for f in (lambda: "\u0100".encode("cp1252"), lambda: "\u0100\u0101".encode("cp1252"), lambda: b"a\x81".decode("cp1252"), lambda: "é".encode("ascii")):
    try:
        f()
    except UnicodeError as e:
        print(type(e).__name__, e)
print("\u0100a".encode("cp1252", "replace"), "\u0100".encode("cp1252", "xmlcharrefreplace"), b"\x81\x8d".decode("cp1252", "ignore"))
