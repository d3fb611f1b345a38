import inspect, unicodedata
def f(a, b: int = 1, *c, d, **e) -> str: pass
def g(a, b: int = 1, *c, d, **e) -> str: pass
def h(a, b: int = 2, *c, d, **e): pass
sf, sg, sh = inspect.signature(f), inspect.signature(g), inspect.signature(h)
print(sf == sg, sf == sh, sf == 1, sf.parameters['b'] == sg.parameters['b'], sf.parameters['b'] == sh.parameters['b'], sf.parameters['a'] == 'a')
print(unicodedata.decimal('7'), unicodedata.digit('3'), unicodedata.numeric('5'), unicodedata.decimal('x', -1), unicodedata.digit('x', 0), unicodedata.numeric('y', 1.5))
for fn in (unicodedata.decimal, unicodedata.digit, unicodedata.numeric):
    try:
        fn('q')
    except ValueError as e:
        print(e)
