import zlib
d = b"hello hello hello hello" * 10
c = zlib.compress(d)
print(zlib.decompress(c) == d, len(c) < len(d))
print(zlib.crc32(b"hello"), zlib.adler32(b"hello"), zlib.crc32(b"world", zlib.crc32(b"hello ")), zlib.crc32(b"hello world"))
print(zlib.adler32(b"world", zlib.adler32(b"hello ")), zlib.adler32(b"hello world"))
try:
    zlib.decompress(b"garbage")
except zlib.error as e:
    print("error", e)
import unicodedata
print([unicodedata.category(c) for c in "aA1 ,$\n€é"])
print(unicodedata.normalize("NFC", "abc"))
