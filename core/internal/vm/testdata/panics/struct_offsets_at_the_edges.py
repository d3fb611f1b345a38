# struct.unpack_from and pack_into check a negative offset against the
# buffer as CPython does; an empty slice whose stop lies before its start
# (b[6:2]) is empty, not a crash.
import struct

b = b'\x01\x00\x00\x00\x02\x00\x00\x00'
print(b[6:2], bytearray(b)[6:2], b[-2:2], b[5:1:1])
for off in [0, 4, 5, 8, 9, -1, -2, -4, -8, -9, -2**63, 2**63 - 1]:
    try:
        print(off, struct.unpack_from('<i', b, off))
    except struct.error as e:
        print(off, 'error:', e)
for off in [0, 4, 5, 8, 9, -1, -4, -8, -9, -2**63]:
    ba = bytearray(8)
    try:
        struct.pack_into('<i', ba, off, 7)
        print(off, ba)
    except struct.error as e:
        print(off, 'error:', e)
print(struct.Struct('<h').unpack_from(b, -2))
try:
    struct.unpack_from('<i', b, 1.5)
except TypeError as e:
    print('TypeError:', e)
