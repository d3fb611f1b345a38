import io

s = io.StringIO('a\nb\n')
print(s.readable(), s.writable(), s.seekable(), s.isatty(), list(s), s.readlines())
s.seek(0)
with s as same:
    print(same is s, [line for line in s])
    s.writelines(['x', 'y'])
    print(repr(s.getvalue()))
print(s.closed)
for name in ('readable', 'writable', 'seekable'):
    try:
        getattr(s, name)()
    except ValueError as e:
        print(name, e)
b = io.BytesIO(b'1\n2')
print(b.readable(), next(b), next(b))
try:
    next(b)
except StopIteration:
    print('stop')
w = io.TextIOWrapper(io.BytesIO(b'p\r\nq\n'))
print(w.readable(), w.writable(), w.seekable(), list(w))
with w:
    w.writelines(['m'])
print(w.buffer.getvalue() if not w.buffer.closed else 'closed')
