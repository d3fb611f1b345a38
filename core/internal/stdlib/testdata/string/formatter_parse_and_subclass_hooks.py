from string import Formatter
f = Formatter()
for s in ["a{0}b{name!r:>5}c", "{{x}}", "x{}y{:{w}}z", "{0[1]}.{a.b}", "}}{{", "", "plain", "{:%Y-%m}", "{x[a:b]}"]:
    print(repr(s), list(f.parse(s)))
print(f.format("{} and {:>{w}}|{k[0]}", 1, "r", w=5, k=[9]), f.vformat("{a}-{0}", (7,), {"a": 2}))
class Upper(Formatter):
    def format_field(self, value, spec):
        return super().format_field(value, spec).upper()
    def get_value(self, key, args, kwargs):
        if isinstance(key, str) and key not in kwargs:
            return "<" + key + ">"
        return super().get_value(key, args, kwargs)
print(Upper().format("{greet}, {name}! {0:x}", 255, greet="hi"))
fields = [name for _, name, _, _ in Formatter().parse("Dear {title} {last}, ref {id}") if name]
print(fields)
for bad in ["{", "}", "{0!x}", "{!}"]:
    try:
        print(f.format(bad, 1))
    except (ValueError, IndexError) as e:
        print(type(e).__name__, e)
for s in ['{!}', '{0!}', '{0!rr}', '{0', 'ab{', '{0:{}'] :
    try:
        print(list(Formatter().parse(s)))
    except ValueError as e:
        print(s, 'E', e)
