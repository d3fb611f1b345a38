from decimal import Decimal as D, InvalidOperation, DivisionByZero, getcontext
nan, inf = D('NaN'), D('Infinity')
for a, b in [(D('1.5'), D('2.25')), (D('-3'), 7), (5, D('0.1')), (inf, D(2)), (nan, D(1)), (D(1), nan), (-inf, inf)]:
    row = []
    for name, f in [('+', lambda: a + b), ('-', lambda: a - b), ('*', lambda: a * b), ('/', lambda: a / b)]:
        try:
            row.append(str(f()))
        except (InvalidOperation, DivisionByZero) as e:
            row.append(type(e).__name__)
    print(a, b, row)
for a, b in [(D(1), D(2)), (D(2), 2), (D('2.0'), 2.0), (D(3), D('NaN'))]:
    try:
        print(a < b, a <= b, a > b, a >= b, a == b)
    except InvalidOperation as e:
        print('InvalidOperation')
print(D(1).__lt__('x'), D.__lt__.__name__, D.__add__.__name__, D(1).__add__('x'))
print(D(1) / 0 if False else sorted([D(3), D('1.1'), D(-2)]))
try:
    D(1) / D(0)
except DivisionByZero as e:
    print('DivisionByZero')
