# unicodedata's argument errors and missing values, as CPython's.
import unicodedata as u

for f in [lambda: u.name('ab'), lambda: u.name(5), lambda: u.name(''), lambda: u.lookup(5),
          lambda: u.lookup('x' * 300), lambda: u.lookup('NO SUCH CHARACTER'), lambda: u.lookup('cjk unified ideograph-4e00'),
          lambda: u.lookup('CJK UNIFIED IDEOGRAPH-04E00'), lambda: u.lookup('CJK UNIFIED IDEOGRAPH-4E0'),
          lambda: u.lookup('hangul syllable ga'), lambda: u.category(''), lambda: u.category('ab'),
          lambda: u.bidirectional(1), lambda: u.east_asian_width('xy'), lambda: u.name('\u0378'),
          lambda: u.decimal('x'), lambda: u.numeric('x'), lambda: u.digit('x'), lambda: u.name(),
          lambda: u.name('a', 'b', 'c'), lambda: u.name('\u0378', 'default'), lambda: u.numeric('\u00bd', 0),
          lambda: u.decimal('\u00bd', 'none'), lambda: u.digit('\u00b2'), lambda: u.decimal('\u00b2', -1),
          lambda: u.combining(), lambda: u.mirrored('(', ')')]:
    try:
        print(repr(f()))
    except (TypeError, ValueError, KeyError) as e:
        print(type(e).__name__, e)
