import string, itertools
f = string.Formatter()
for s in ['a{0}b', '{{x}}', 'p}}q{{r', '{0!r:>5}', '{a[1]:x}', '{a[:]!s}', '{0:{1}}', 'x{a.b[c]!a}y', '{}', '{:}', 'end{{']:
    print(repr(s), list(f.parse(s)))
for bad in ['{', '}', 'a{0', '{0!}', '{0!rx}', '{0:{1}']:
    try:
        print(list(f.parse(bad)))
    except ValueError as e:
        print(repr(bad), e)
print(f.format('{0:>{1}}|{a[k]}', 'v', 4, a={'k': 1}))
t = string.Template('$who likes ${what}; $$ $missing')
print(t.safe_substitute({'who': 'tim'}, what='kung pao'), t.safe_substitute(who='x', what='y'))
try:
    t.substitute({'who': 1, 'what': 2})
except KeyError as e:
    print('KeyError', e)
print(string.Template('$a$b').substitute({'a': 1, 'b': 2}, b=3), string.Template('$a').substitute(a=0))
print(list(itertools.combinations('abcd', 2)), list(itertools.combinations('ab', 3)), list(itertools.combinations('abc', 0)))
print(list(itertools.combinations_with_replacement('abc', 2)), list(itertools.combinations_with_replacement('', 1)), list(itertools.combinations_with_replacement('', 0)))
print(len(list(itertools.permutations(range(4), 2))), list(itertools.permutations('ab')))
for fn in (itertools.combinations, itertools.combinations_with_replacement):
    for r in (-1, 'x'):
        try:
            fn('ab', r)
        except (ValueError, TypeError) as e:
            print(type(e).__name__, e)
