# Mutates everything a session can reach, by every write path it has.
# Each attempt may succeed (in the session's own copy) or raise; the
# program counts neither: isolation is what the second session checks.
try:
    import builtins
except ImportError:  # an earlier feed emptied sys.modules
    builtins = __builtins__
import sys, json, re, collections, collections.abc
import dataclasses, datetime, math, functools, string, types, copy, enum, itertools, abc, operator

n_ok = 0
_JE = json.JSONEncoder
def t(f):
    global n_ok
    try:
        f()
        n_ok += 1
    except BaseException:
        pass

def evil(*a, **k):
    return 'evil'

class Evil:
    def __repr__(self):
        return 'evil'

mods = [json, re, collections, collections.abc, dataclasses,
        datetime, math, functools, string, types, copy, enum, itertools, abc, operator, sys]
classes = [int, str, bytes, bytearray, list, tuple, dict, set, frozenset, object, type, float,
           complex, bool, range, slice, BaseException, Exception, ValueError, KeyError,
           StopIteration, json.JSONEncoder, json.JSONDecoder, json.JSONDecodeError, re.Pattern,
           collections.OrderedDict, collections.Counter, collections.defaultdict, collections.deque,
           datetime.datetime, datetime.date, datetime.timedelta, datetime.timezone,
           enum.Enum, abc.ABC, collections.abc.Mapping, collections.abc.Sequence, functools.partial,
           string.Template, types.SimpleNamespace]
funcs = [json.dumps, json.loads, json.dump, json.load,
         re.compile, re.sub, re.match, re.escape, dataclasses.dataclass, dataclasses.field,
         dataclasses.asdict, collections.namedtuple, functools.reduce, functools.wraps,
         copy.deepcopy, datetime.date.isoformat, json.JSONEncoder.encode, json.JSONEncoder.__init__,
         json.JSONEncoder.iterencode, json.JSONDecoder.decode, json.JSONDecoder.__init__,
         string.capwords, len, print, sorted, repr, isinstance]

insts = [getattr(json, '_default_encoder', None), json.JSONEncoder(), datetime.timezone.utc, datetime.date.min,
         datetime.datetime.max, re.compile('a'), string.Formatter(), collections.Counter('ab')]
held = [(name, v) for m in mods for name, v in sorted(vars(m).items(), key=lambda kv: str(kv[0]))[:400]]

# 1. Attribute stores, deletes and setattr on modules.
for m in mods:
    for name in sorted(vars(m))[:400]:
        if name in ('t', '__name__'):
            continue
        t(lambda: setattr(m, name, evil))
    t(lambda: setattr(m, 'injected', evil))
    t(lambda: vars(m).update({'dumps': evil, 'loads': evil, 'compile': evil, 'sqrt': evil}))
    t(lambda: vars(m).__setitem__('__name__', 'evil'))
    t(lambda: m.__dict__.pop('__doc__'))
    t(lambda: setattr(m, '__class__', types.ModuleType))
for m in mods:
    for name in list(vars(m))[:50]:
        t(lambda: delattr(m, name))

# 2. Functions: __globals__, __defaults__, __kwdefaults__, __code__, __dict__, names.
for f in funcs:
    t(lambda: f.__globals__.update({'JSONEncoder': Evil, '_default_encoder': Evil(), 'scanstring': evil}))
    t(lambda: f.__globals__.clear())
    t(lambda: setattr(f, '__defaults__', (1, 2, 3, 4, 5, 6, 7, 8, 9)))
    t(lambda: setattr(f, '__defaults__', None))
    t(lambda: setattr(f, '__kwdefaults__', {'indent': 7, 'sort_keys': True, 'separators': ('X', 'Y')}))
    t(lambda: setattr(f, '__code__', evil.__code__))
    t(lambda: setattr(f, '__name__', 'evil'))
    t(lambda: setattr(f, '__qualname__', 'evil'))
    t(lambda: setattr(f, '__doc__', 'evil'))
    t(lambda: setattr(f, '__module__', 'evil'))
    t(lambda: setattr(f, '__dict__', {'x': 1}))
    t(lambda: setattr(f, 'attr', 1))
    t(lambda: f.__dict__.update(x=1))
    t(lambda: functools.update_wrapper(f, evil))
    t(lambda: functools.update_wrapper(evil, f))

# 3. Classes: attributes, dunders, __bases__, __dict__, descriptors.
for c in classes:
    for name in list(vars(c))[:80]:
        t(lambda: setattr(c, name, evil))
        t(lambda: type.__setattr__(c, name, evil))
        t(lambda: object.__setattr__(c, name, evil))
        t(lambda: delattr(c, name))
        t(lambda: type.__delattr__(c, name))
        t(lambda: c.__dict__.__setitem__(name, evil))
        t(lambda: vars(c).pop(name))
    for name in ('__repr__', '__str__', '__eq__', '__hash__', '__init__', '__new__', '__call__',
                 '__getattribute__', '__setattr__', '__iter__', '__len__', 'encode', 'default',
                 'item_separator', 'key_separator', 'injected'):
        t(lambda: setattr(c, name, evil))
    t(lambda: setattr(c, '__bases__', (Evil,)))
    t(lambda: setattr(c, '__bases__', (object,)))
    t(lambda: setattr(c, '__name__', 'evil'))
    t(lambda: setattr(c, '__qualname__', 'evil'))
    t(lambda: setattr(c, '__module__', 'evil'))
    t(lambda: setattr(c, '__doc__', 'evil'))
    t(lambda: setattr(c, '__class__', Evil))
    t(lambda: setattr(c, '__dict__', {}))
    t(lambda: vars(c).clear())
    t(lambda: c.__dict__.update(x=1))
    t(lambda: dataclasses.dataclass(c))
    t(lambda: abc.ABCMeta.register(c, Evil))
    t(lambda: c.register(Evil))
    t(lambda: c.__init_subclass__())
    t(lambda: setattr(c, '__abstractmethods__', frozenset(['x'])))
    t(lambda: c.__subclasses__().append(Evil))
    t(lambda: c.__mro__.__class__)

# 4. Instances held by modules (json's default encoder and decoder, timezone.utc, ...).
for o in insts:
    for name in list(dir(o))[:120]:
        t(lambda: setattr(o, name, evil))
        t(lambda: delattr(o, name))
    t(lambda: o.__dict__.update({'indent': 9, 'sort_keys': True, 'item_separator': 'X', 'key_separator': 'Y', 'skipkeys': True}))
    t(lambda: o.__dict__.clear())
    t(lambda: setattr(o, '__class__', Evil))
    t(lambda: setattr(o, '__dict__', {'indent': 9}))

# 5. Containers held by modules: mutation methods and item stores.
if True:
    for name, v in held:
        if isinstance(v, list):
            t(lambda: v.append(evil)); t(lambda: v.insert(0, 'evil')); t(lambda: v.reverse())
            t(lambda: v.sort(key=str)); t(lambda: v.__setitem__(0, 'evil')); t(lambda: v.__delitem__(0))
            t(lambda: v.extend(['x'] * 3)); t(lambda: v.__iadd__(['y'])); t(lambda: v.__imul__(2))
            t(lambda: v.pop()); t(lambda: v.remove(v[0])); t(lambda: v.clear())
        elif isinstance(v, dict):
            t(lambda: v.update({'evil': evil})); t(lambda: v.__setitem__('x', 1)); t(lambda: v.popitem())
            t(lambda: v.setdefault('y', 2)); t(lambda: v.__ior__({'z': 3})); t(lambda: v.clear())
        elif isinstance(v, set):
            t(lambda: v.add('evil')); t(lambda: v.update({'a'})); t(lambda: v.clear())
            t(lambda: v.__ior__({'b'})); t(lambda: v.pop())
        elif isinstance(v, bytearray):
            t(lambda: v.extend(b'evil')); t(lambda: v.clear())
t(lambda: sys.path.append('/evil'))
t(lambda: sys.argv.append('evil'))
t(lambda: __builtins__.__dict__.update(repr=evil) if hasattr(__builtins__, '__dict__') else __builtins__.update(repr=evil))
t(lambda: re.purge())
t(lambda: re.compile('(a)(b)?'))

# 6. Descriptors and cells: properties of module classes, closures.
for c in classes:
    for name, d in list(vars(c).items())[:80]:
        if hasattr(type(d), '__set__'):
            t(lambda: d.__set__(c, evil))
            t(lambda: d.__set__(None, evil))
        if hasattr(type(d), '__delete__'):
            t(lambda: d.__delete__(c))
for f in funcs:
    for cell in (getattr(f, '__closure__', None) or ()):
        t(lambda: setattr(cell, 'cell_contents', evil))

# 7. Ints where objects are expected: every handle a base object could have.
apis = [lambda n: type.mro(n), lambda n: type.__subclasses__(n), lambda n: object.__setattr__(n, 'x', 1),
        lambda n: type.__setattr__(n, 'x', 1), lambda n: object.__delattr__(n, '__doc__'),
        lambda n: dict.__setitem__(n, 'k', 1), lambda n: dict.update(n, {'k': 1}), lambda n: dict.clear(n),
        lambda n: list.append(n, 1), lambda n: list.clear(n), lambda n: list.__setitem__(n, 0, 1),
        lambda n: set.add(n, 1), lambda n: set.clear(n), lambda n: BaseException.__str__(n),
        lambda n: BaseException.with_traceback(n, None), lambda n: list.__repr__(n),
        lambda n: object.__eq__(n, n), lambda n: vars(n), lambda n: setattr(n, 'x', 1),
        lambda n: object.__getattribute__(n, '__dict__').clear(), lambda n: object.__reduce_ex__(n, 2),
        lambda n: bytearray.extend(n, b'x'), lambda n: dict.__delitem__(n, 'dumps'),
        lambda n: types.MethodType(list.clear, n)(), lambda n: super(type, n).__setattr__('x', 1)]
top = (id(object()) - 0x7f0000000000) // 0x30 + 64
step = max(1, top // 1500)
for n in list(range(0, top, step)) + [-1, 2**31, 2**32 + 5, 2**63 - 1, -2**63]:
    for api in apis:
        t(lambda: api(n))
        t(lambda: api(float(n)))
        t(lambda: api(True))

json.probe = _JE.probe = re.probe = 'probe'
print('changed here:', json.probe == 'probe', _JE.probe == 'probe', vars(re)['probe'] == 'probe')

# 8. Last, the builtins module itself (the loops above need its names).
_print, _n = print, n_ok > 0
for name in sorted(vars(builtins)):
    t(lambda: setattr(builtins, name, evil))
t(lambda: vars(builtins).clear())
t(lambda: builtins.__dict__.clear())
_print('mutator done', _n)
