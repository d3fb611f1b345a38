# Ints where objects are expected, at the builtins that take an object:
# a handle computed from id() (of a module class, a module, a list, a
# dict) or an int at the edges is only ever that int, never the object.
import json
forged = [(id(x) - 0x7f0000000000) // 0x30 for x in (json.JSONEncoder, json, [1], {'a': 1})]
ints = forged + [0, 1, 7, 255, 256, -1, 2**32 + 1, 2**63 - 1]
calls = {
    'type.mro': lambda n: type.mro(n),
    'type.__subclasses__': lambda n: type.__subclasses__(n),
    'object.__setattr__': lambda n: object.__setattr__(n, 'x', 1),
    'object.__delattr__': lambda n: object.__delattr__(n, 'x'),
    'object.__getattribute__': lambda n: object.__getattribute__(n, 'item_separator'),
    'object.__eq__(n)': lambda n: object.__eq__(n),
    'object.__repr__': lambda n: object.__repr__(n)[:5],
    'BaseException.__str__': lambda n: BaseException.__str__(n),
    'BaseException.with_traceback': lambda n: BaseException.with_traceback(n, None),
    'list.__repr__': lambda n: list.__repr__(n),
    'list.append': lambda n: list.append(n, 1),
    'list.__len__': lambda n: list.__len__(n),
    'dict.__setitem__': lambda n: dict.__setitem__(n, 'k', 1),
    'dict.keys': lambda n: dict.keys(n),
    'dict.get': lambda n: dict.get(n, 'dumps'),
    'set.add': lambda n: set.add(n, 1),
    'str.join': lambda n: str.join(n, []),
    'tuple.count': lambda n: tuple.count(n, 1),
    'bytearray.extend': lambda n: bytearray.extend(n, b'x'),
    'setattr': lambda n: setattr(n, 'x', 1),
    'getattr': lambda n: getattr(n, 'item_separator'),
    'delattr': lambda n: delattr(n, 'x'),
    'vars': lambda n: vars(n),
    'len': lambda n: len(n),
    'iter': lambda n: iter(n),
    'next': lambda n: next(n),
    'isinstance': lambda n: isinstance(1, n),
    'issubclass': lambda n: issubclass(n, object),
    'super': lambda n: super(n, 1),
    'sorted': lambda n: sorted(n),
    'list': lambda n: list(n),
    'dict': lambda n: dict(n),
    'json.dumps': lambda n: json.dumps(n),
    'json.JSONEncoder.encode': lambda n: json.JSONEncoder.encode(n, [1]),
    'json.JSONEncoder.__init__': lambda n: json.JSONEncoder.__init__(n),
    'hash': lambda n: hash(n) == hash(n),
    'repr': lambda n: repr(n) == str(n),
}
for name, f in calls.items():
    outcomes = set()
    for n in ints:
        try:
            r = f(n)
            outcomes.add('returned ' + type(r).__name__)
        except Exception as e:
            outcomes.add(type(e).__name__)
    print(name, sorted(outcomes))
