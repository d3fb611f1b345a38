b = bytearray(b'abcdef')
b[::2] = b''
print(b)
b = bytearray(b'abcdef')
try:
    b[::2] = b'xy'
except ValueError as e:
    print('ValueError', e)
b[1::2] = b'XYZ'
print(b)
l = [1,2,3,4]
try:
    l[::2] = []
except ValueError as e:
    print('ValueError', e)
print(l)
b = bytearray(b'abcdefg')
b[::-3] = []
print(b)
b = bytearray(b'abc')
b[5:1:2] = b''
print(b)
