import traceback

# Ten levels of groups are shown; the eleventh is one line.
e = ValueError(1)
for i in range(12):
    e = ExceptionGroup('g%d' % i, [e, TypeError(i)])
try:
    raise e
except Exception as x:
    text = traceback.format_exception(x)
    print(''.join(text))

# A group nested a hundred thousand deep renders as quickly.
deep = KeyError('leaf')
for i in range(100000):
    deep = ExceptionGroup('d', [deep])
text = ''.join(traceback.format_exception(deep))
print(len(text.splitlines()), text.count('max_group_depth'))

# Fifteen members are shown, then a count of the rest; a nested group's
# members too; a member keeps its chain.
def fail(n):
    try:
        raise KeyError(n)
    except KeyError as k:
        raise ValueError(n) from k

members = []
for i in range(3):
    try:
        fail(i)
    except ValueError as v:
        members.append(v)
inner = ExceptionGroup('inner', [OSError(i) for i in range(16)])
raise ExceptionGroup('wide', members + [ValueError(i) for i in range(14)] + [inner])
