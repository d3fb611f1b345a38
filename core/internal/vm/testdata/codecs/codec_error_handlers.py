print("\u20ac\xe9".encode("latin-1", errors="xmlcharrefreplace"), "\u20ac\U0001f389\xe9".encode("ascii", "backslashreplace"))
print(b"\xe2\x82".decode("utf-8", "backslashreplace"), b'a\x80'.decode('ascii', 'backslashreplace'))
