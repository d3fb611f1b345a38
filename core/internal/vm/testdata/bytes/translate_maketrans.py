t = bytes.maketrans(b'el', b'ip')
print(len(t), b'hello'.translate(t, b'o'), bytearray(b'abc').translate(None, delete=b'b'))
try:
    b'a'.translate(b'x')
except ValueError as e:
    print(e)
