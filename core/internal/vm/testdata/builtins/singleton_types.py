# The types of None, NotImplemented and Ellipsis: calling one gives the
# singleton; the messages name NoneType where CPython does.
for t in [type(None), type(NotImplemented), type(...)]:
    print(repr(t()), t() is t())
    for args, kw in [((1,), {}), ((), {'a': 1})]:
        try:
            t(*args, **kw)
        except TypeError as e:
            print(e)
for expr in ['None + 1', 'len(None)', 'iter(None)', 'None.x', '-None', 'None < 1', 'int(None)', "'a' + None",
             '[1] + None', 'abs(None)', 'float(None)', 'sum([None])', 'None in 3', '1 in None', 'max(None)',
             'divmod(None, 1)', 'list(None)', 'type(None).x', 'None ** 2', 'round(None)', 'bytes(None)']:
    try:
        eval(expr)
    except (TypeError, AttributeError) as e:
        print(expr, '->', type(e).__name__, e)
