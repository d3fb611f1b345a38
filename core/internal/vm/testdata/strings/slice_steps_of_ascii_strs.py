# Slices with a step of an ASCII str, backwards and forwards, every bound.
s = 'abcdefghij' * 30
for sl in [slice(None, None, -1), slice(None, None, -2), slice(5, None, -1), slice(None, 5, -1), slice(250, 3, -1), slice(-1, -300, -1), slice(3, 250, 2), slice(None, None, 3), slice(100, 0, -7), slice(0, 0, -1), slice(2, 1, -1)]:
    r = s[sl]
    print(sl, len(r), r[:12], r[-5:], r == ''.join(list(s)[sl]))
u = 'éa' * 10
print(u[::-1], u[::-3], len(u[::-1]))
