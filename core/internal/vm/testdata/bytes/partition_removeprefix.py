print(bytearray(b'k=v=w').partition(b'='), b'k=v=w'.rpartition(b'='), b'k'.rpartition(b'='))
print(b'prefix_x'.removeprefix(b'prefix_'), bytearray(b'x.txt').removesuffix(b'.txt'))
try:
    b'a'.partition(b'')
except ValueError as e:
    print(e)
