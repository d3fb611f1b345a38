# A fixed program over the standard library's behaviour: its output is
# the fingerprint a session computes; a fresh process must compute the same.
import json, re, collections, dataclasses, datetime, math, functools, string, enum, abc, itertools, operator, copy, types
out = []
def p(*exprs):
    for e in exprs:
        try:
            r = repr(eval(e))
        except Exception as x:
            r = type(x).__name__ + ': ' + str(x)
        out.append(e + ' -> ' + r)

p("json.dumps([1, 2, {'a': (1, 2.5, None, True)}])", "json.dumps({'b': 1, 'a': [2]}, sort_keys=True, indent=2)")
p("json.dumps('[1, 2]')", 'json.loads(\'{"a": [1, 2, {"b": null}]}\')', "json.dumps({'x': 'é\\n'}, ensure_ascii=False)")
p('json.JSONEncoder().item_separator', 'json.JSONEncoder().key_separator', 'json.JSONEncoder(indent=1).encode([1])')
p('json._default_encoder.indent', 'json._default_encoder.item_separator', "json.JSONDecoder().decode('[1]')")
p("sorted(k for k in vars(json) if not k.startswith('__'))", 'json.__name__', 'json.dumps.__name__', 'json.dumps.__defaults__', 'json.dumps.__kwdefaults__')
try:
    json.loads('{bad')
except json.JSONDecodeError as e:
    out.append('JSONDecodeError %s %r' % (e, e.pos))
p("re.sub(r'(\\w+) (\\w+)', r'\\2 \\1', 'hello world')", "re.findall(r'\\d+', 'a1b22c333')", "re.split(',', 'a,b,,c')")
p("re.match('(a)(b)?', 'ac').groups()", "re.compile('x+', re.I).pattern", "re.escape('a.b')", "bool(re.fullmatch('[a-z]+', 'abc'))")
c = collections.Counter('abracadabra'); p('c.most_common(3)', 'sorted(c.elements())[:5]')
od = collections.OrderedDict([('b', 1), ('a', 2)]); od.move_to_end('b'); p('list(od)', 'repr(od)')
P = collections.namedtuple('P', 'x y'); p('P(1, 2)', 'P._fields', 'P(1, 2)._asdict()')
d = collections.deque([1, 2, 3], maxlen=3); d.append(4); p('d', 'list(reversed(d))')
dd = collections.defaultdict(list); dd['k'].append(1); p('dict(dd)', 'repr(dd)')
p('sorted(collections.abc.Mapping.__abstractmethods__)', 'isinstance({}, collections.abc.Mapping)', 'issubclass(list, collections.abc.Sequence)')
@dataclasses.dataclass(order=True)
class D:
    x: int
    y: str = 'y'
    z: list = dataclasses.field(default_factory=list)
p('D(1)', 'D(1) < D(2)', "dataclasses.asdict(D(3, 'q', [1]))", '[f.name for f in dataclasses.fields(D)]', 'dataclasses.astuple(D(1))')
dt = datetime.datetime(2024, 2, 29, 13, 5, 7, 123, tzinfo=datetime.timezone.utc)
p('dt.isoformat()', 'dt + datetime.timedelta(days=1, hours=25)', "dt.strftime('%Y-%m-%d %H:%M:%S %Z %a %j')", 'dt.weekday()')
p('datetime.date(2000, 1, 1).toordinal()', 'datetime.timedelta(seconds=-1)', 'repr(datetime.timezone.utc)', "datetime.date.fromisoformat('2021-03-04')")
p('math.sqrt(2)', 'math.pi', 'math.factorial(20)', 'math.gcd(12, 18)', 'math.isclose(0.1 + 0.2, 0.3)', 'math.floor(-2.5)', 'math.log(8, 2)', 'math.comb(10, 3)')
p("'Hello'.upper()", "'a,b'.split(',')", "' x '.strip()", "'abc'.replace('b', 'B')", "'x'.center(5, '*')", "'ß'.casefold()", "'%s-%d' % ('a', 3)", "'{:>4}'.format(7)")
p("b'abc'.hex()", "bytes.fromhex('ff00')", "b'a b'.split()", "bytearray(b'xy').upper()", "b'%d' % 5", "str(b'\\x00')", "'é'.encode('utf-8')")
p("int('ff', 16)", "(255).to_bytes(2, 'big')", "int.from_bytes(b'\\x01\\x00', 'little')", '(3.5).as_integer_ratio()', "float('1e3')", 'divmod(-7, 2)', '2 ** 100', 'round(2.675, 2)')
p("list(itertools.permutations('abc', 2))[:4]", 'functools.reduce(operator.add, [1, 2, 3])', "copy.deepcopy({'a': [1]})", "string.Template('$x!').substitute(x=1)", "string.capwords('a b')")
class Color(enum.Enum):
    RED = 1
    GREEN = 2
p('Color.RED', 'list(Color)', 'Color(2).name', 'repr(Color.GREEN)')
p('repr(int)', "repr(ValueError('x'))", "str(KeyError('k'))", 'len', 'sorted', 'type.mro(bool)', 'len(dir(int))', 'len(dir(object))', 'len(dir(dict))')
p('sorted(k for k in vars(int))[:10]', "'append' in vars(list)", "hasattr(int, 'injected')", "hasattr(json, 'injected')", "hasattr(json.JSONEncoder, 'injected')")
p('repr(print)', 'abs(-3)', 'sorted([3, 1, 2])', 'list(map(str, [1, 2]))', 'isinstance(True, int)', "hash('a') == hash('a')", 'str(1.0)', 'repr(1e100)')
p('types.SimpleNamespace(a=1)', "functools.partial(int, base=2)('101')", 'abc.ABC.__name__', 'string.ascii_letters', 'string.digits')
for line in out:
    print(line)
