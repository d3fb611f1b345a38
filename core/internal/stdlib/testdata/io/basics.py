import io
s = io.StringIO()
s.write("hello\n")
print("world", file=s)
print(repr(s.getvalue()), s.tell())
s.seek(0)
print(repr(s.readline()), repr(s.read()))
s = io.StringIO("a\nb\nc")
print(s.readlines())
s.seek(0)
for line in s:
    print(repr(line))
s.seek(2); s.write("X"); print(repr(s.getvalue()))
with io.StringIO("abc") as f:
    print(f.read(2), f.read(5), repr(f.read()))
print(f.closed)
try:
    f.read()
except ValueError as e:
    print(e)
b = io.BytesIO(b"xy\nz")
print(b.read(1), b.readline(), b.read(), b.getvalue())
b.seek(0, 2); b.write(b"!!"); print(b.getvalue(), b.tell())
try:
    io.StringIO().write(b"x")
except TypeError as e:
    print(e)
try:
    io.BytesIO().write("x")
except TypeError as e:
    print(e)
s = io.StringIO(); s.write("abcdef"); s.seek(2); s.truncate(); print(s.getvalue())
import sys
print(isinstance(sys.stdout, io.TextIOWrapper))
