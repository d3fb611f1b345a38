# The json module: a thin Python layer (json, with JSONDecodeError and
# JSONEncoder) over _json, an encoder and decoder in Go that walk heap
# values directly and reproduce CPython 3.11's output and error messages.
import _json

__all__ = ['dump', 'dumps', 'load', 'loads', 'JSONDecoder', 'JSONDecodeError', 'JSONEncoder']


class JSONDecodeError(ValueError):
    def __init__(self, msg, doc, pos):
        lineno = doc.count('\n', 0, pos) + 1
        colno = pos - doc.rfind('\n', 0, pos)
        errmsg = '%s: line %d column %d (char %d)' % (msg, lineno, colno, pos)
        ValueError.__init__(self, errmsg)
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)

JSONDecodeError.__module__ = 'json.decoder'


class JSONEncoder:
    item_separator = ', '
    key_separator = ': '

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True,
                 allow_nan=True, sort_keys=False, indent=None, separators=None,
                 default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ','
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError(f'Object of type {o.__class__.__name__} '
                        f'is not JSON serializable')

    def encode(self, o):
        return _json.encode(o, self.indent, self.sort_keys, self.item_separator,
                            self.key_separator, self.ensure_ascii, self.default,
                            self.skipkeys, self.allow_nan, self.check_circular)

    def iterencode(self, o, _one_shot=False):
        return iter([self.encode(o)])


class JSONDecoder:
    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float
        self.parse_int = parse_int
        self.parse_constant = parse_constant
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def decode(self, s):
        return _json.decode(s, JSONDecodeError, self.object_hook, self.object_pairs_hook,
                            self.parse_float, self.parse_int, self.parse_constant, self.strict)

    def raw_decode(self, s, idx=0):
        return _json.decode(s, JSONDecodeError, self.object_hook, self.object_pairs_hook,
                            self.parse_float, self.parse_int, self.parse_constant, self.strict, idx)


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
          allow_nan=True, cls=None, indent=None, separators=None,
          default=None, sort_keys=False, **kw):
    if cls is not None:
        return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
                   check_circular=check_circular, allow_nan=allow_nan, indent=indent,
                   separators=separators, default=default, sort_keys=sort_keys,
                   **kw).encode(obj)
    if separators is not None:
        item_sep, key_sep = separators
    elif indent is not None:
        item_sep, key_sep = ',', ': '
    else:
        item_sep, key_sep = ', ', ': '
    return _json.encode(obj, indent, sort_keys, item_sep, key_sep, ensure_ascii,
                        default, skipkeys, allow_nan, check_circular)


def dump(obj, fp, **kw):
    fp.write(dumps(obj, **kw))


def _text(s):
    if isinstance(s, str):
        if s.startswith('\ufeff'):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
        return s
    if isinstance(s, (bytes, bytearray)):
        return s.decode('utf-8')
    raise TypeError(f'the JSON object must be str, bytes or bytearray, '
                    f'not {s.__class__.__name__}')


def loads(s, *, cls=None, object_hook=None, parse_float=None,
          parse_int=None, parse_constant=None, object_pairs_hook=None, strict=True, **kw):
    s = _text(s)
    if cls is not None:
        return cls(object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
                   parse_constant=parse_constant, object_pairs_hook=object_pairs_hook,
                   strict=strict, **kw).decode(s)
    return _json.decode(s, JSONDecodeError, object_hook, object_pairs_hook,
                        parse_float, parse_int, parse_constant, strict)


def load(fp, **kw):
    return loads(fp.read(), **kw)
