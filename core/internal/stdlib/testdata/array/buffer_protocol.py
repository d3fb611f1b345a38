from array import array
import io

# bytes and bytearray of an array are its items' bytes, little-endian.
print(bytes(array('h', [1, 2])), bytearray(array('I', [1, 0x01020304])))
print(bytes(array('q', [-1])), bytes(array('d', [1.5])))
print(b"12" + array('h', [0x3031]), b"" + array('b'))
print(array('b', [1, 2]) in b'\x00\x01\x02', array('B', [9]) in b'\x01')
print(int(memoryview(b"123")), str(array('B', b'hi'), 'ascii'))
print(eval(memoryview(b'2 + 3')), eval(array('B', b'4 * 5')))

# memoryview over an array: items, format, size, writes reach the array.
a = array('h', [10, -20, 30, 40])
m = memoryview(a)
print(m.format, m.itemsize, m.nbytes, m.shape, m.strides, len(m), m.readonly)
print(m[1], m[-1], list(m), m[1:3].tolist(), m[1:3].tobytes())
m[0] = 99
m[2:4] = memoryview(array('h', [7, 8]))
print(a, m.obj is a)
for bad in (memoryview(b'ab'), memoryview(array('i', [1, 2]))):
    try:
        m[0:2] = bad
    except ValueError as e:
        print('ValueError', e)
try:
    m.itemsize = 4
except AttributeError:
    print('AttributeError')

# overlapping assignment copies first
a = array('I', range(6))
mv = memoryview(a)
mv[1:] = mv[:-1]
print(a)

# comparisons
print(array('b', [1, 2]) == array('h', [1, 2]), array('B', [1, 2]) < array('B', [1, 3]))
print(array('B', [1]) <= array('B', [1]), array('B', [2]) > array('B', [1]), array('B', [1]) >= array('B', [2]))
print(array('b', [97]) == b'a', memoryview(array('b', [97])) == b'a')
print(array('H', array('b', [1, 2])))

# BytesIO.readinto fills bytearrays and arrays
f = io.BytesIO(b'abcdef')
buf = bytearray(4)
print(f.readinto(buf), buf, f.readinto(buf), buf)
f = io.BytesIO(b'\x01\x00\x02\x00')
arr = array('h', [0, 0, 0])
print(f.readinto(arr), arr)
try:
    io.BytesIO(b'x').readinto(b'y')
except TypeError as e:
    print('TypeError', e)
