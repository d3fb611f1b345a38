# memoryview and the places that take any bytes-like object.
b = bytearray(b'hello')
m = memoryview(b)
m[0] = ord('j')
print(b, bytes(m[1:3]), m[1:3].tolist(), m.toreadonly().readonly)
print(int(memoryview(b'42')), eval(memoryview(b'1 + 1')), bytes(memoryview(b'xy')))
exec(bytearray(b'print("exec", 3)'))
print(b'ab' + memoryview(b'cd'), memoryview(b'c') in b'abc')
print(memoryview(b'abc') == b'abc', b'abc' == memoryview(b'abc'), memoryview(b'ab') == memoryview(b'ab'))
try:
    memoryview(b'ab')[0] = 1
except TypeError as e:
    print('TypeError', e)
try:
    memoryview(3)
except TypeError as e:
    print('TypeError', e)
try:
    memoryview(b'ab')['x']
except TypeError as e:
    print('TypeError', e)
try:
    memoryview(b'ab')[5]
except IndexError as e:
    print('IndexError', e)


# Not exporters: objects without a buffer are refused as before.
class Plain:
    pass

for f in (bytes, bytearray, memoryview):
    try:
        f(Plain())
    except TypeError as e:
        print('TypeError', e)
try:
    b'x' + Plain()
except TypeError as e:
    print('TypeError', e)
