print('ab\U0001f389'.encode('utf-16'), 'ab'.encode('utf-16-be'), 'a'.encode('utf-32'), 'a'.encode('utf-8-sig'))
print(b'\xef\xbb\xbfa'.decode('utf-8-sig'), 'x\u20ac\U0001f389'.encode('utf-16').decode('utf-16') == 'x\u20ac\U0001f389', b'\xfe\xff\x00a'.decode('utf-16'))
try:
    b'\xff\xfea\x00b'.decode('utf-16')
except UnicodeDecodeError as e:
    print(e)
print(repr(b'\x00\xd8a\x00'.decode('utf-16-le', 'replace')))
