print(bytearray(b'abc').center(8, b'-'), b'a'.center(4), b'-12'.zfill(6), b'abc'.ljust(5, b'.'), b'abc'.rjust(2))
try:
    b'a'.center(5, b'xy')
except TypeError as e:
    print(e)
