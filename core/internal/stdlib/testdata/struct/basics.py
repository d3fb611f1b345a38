import struct
print(struct.pack("<I", 1), struct.pack(">I", 1), struct.pack("!h", -2), struct.pack("<q", -1))
print(struct.pack("<Q", 2**64 - 1), struct.unpack("<Q", b"\xff" * 8))
print(struct.calcsize("<iHb"), struct.calcsize("@iHb"), struct.calcsize("ib"), struct.calcsize("bi"), struct.calcsize("3s2x"))
print(struct.pack("<d", 1.5), struct.unpack("<d", struct.pack("<d", 1.5)), struct.unpack(">f", struct.pack(">f", 0.1)))
print(struct.pack("5s", b"ab"), struct.unpack("<3sB", b"xyz\x07"), struct.pack("?", 5), struct.unpack("??", b"\x00\x02"))
print(struct.pack("<2H", 1, 2), struct.unpack("<2H", b"\x01\x00\x02\x00"))
print(struct.pack("<bBhHiIlLqQ", -1, 255, -1, 65535, -1, 2**32-1, -1, 1, -1, 1))
s = struct.Struct("<ih")
print(s.size, s.pack(7, 8), s.unpack(s.pack(7, 8)))
for bad in [lambda: struct.pack("<B", 256), lambda: struct.pack("<h", 40000), lambda: struct.unpack("<I", b"ab"), lambda: struct.pack("<I", 1, 2), lambda: struct.pack("<i", 2**31)]:
    try:
        bad()
    except struct.error as e:
        print("error:", e)
print(list(struct.iter_unpack("<H", b"\x01\x00\x02\x00")), struct.unpack_from("<H", b"\x00\x01\x00", 1))
print(struct.pack("@i", 1), struct.pack("=i", 1), struct.pack("c", b"z"))
