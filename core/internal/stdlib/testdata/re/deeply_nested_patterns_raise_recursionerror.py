import re

# CPython's parser spends two frames a level: at the default recursion
# limit, 495 levels of groups compile and deeper ones do not.
print(re.compile('(' * 495 + 'a' + ')' * 495).match('a').span())
print(re.compile('(?:' * 495 + 'b' + ')' * 495).groups)
for n in (496, 40000):
    try:
        re.compile('(' * n + ')' * n)
    except RecursionError as e:
        print(n, 'RecursionError:', e)
try:
    re.compile('(?=' * 1000 + ')' * 1000)
except RecursionError as e:
    print('lookahead RecursionError:', e)
