import difflib
a = ['one\n', 'two\n', 'three\n', 'four\n', 'five\n', 'six\n', 'seven\n', 'eight\n', 'nine\n', 'ten\n', 'eleven\n']
b = ['zero\n', 'one\n', 'three\n', 'FOUR\n', 'five\n', 'six\n', 'seven\n', 'eight\n', 'nine\n', 'ten\n', 'eleven\n', 'twelve\n']
for f in (difflib.unified_diff, difflib.context_diff):
    print(''.join(f(a, b, 'a.txt', 'b.txt', 'd1', 'd2')), end='')
    print(''.join(f(a, b, n=1)), end='')
    print(list(f(a, a)))
    print(''.join(f(a, a[:3] + a[5:], lineterm='\n')), end='')
    print(''.join(f(a[:2], a[:2] + ['x\n'])), end='')
print(list(difflib.unified_diff(['a'], ['b'], lineterm='')))
