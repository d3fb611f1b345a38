import traceback

# A __context__ chain a few hundred long renders oldest first.
e = None
for i in range(300):
    n = ValueError(i)
    n.__context__ = e
    e = n
lines = ''.join(traceback.format_exception(e)).splitlines()
print(len(lines), lines[0], lines[-1])

# A chain that loops ends where it meets an exception already shown.
a = ValueError('a')
b = TypeError('b')
a.__context__ = b
b.__context__ = a
print(''.join(traceback.format_exception(a)))

# A cause hides the context; suppressed context is not shown.
try:
    try:
        1 / 0
    except ZeroDivisionError as z:
        raise KeyError('k') from None
except KeyError as k:
    print(''.join(traceback.format_exception(k)))
try:
    try:
        1 / 0
    except ZeroDivisionError as z:
        raise KeyError('k') from z
except KeyError as k:
    k.__notes__ = ['a note', 'another']
    print(''.join(traceback.format_exception(k)))
