
whitespace = ' \t\n\r\x0b\x0c'
ascii_lowercase = 'abcdefghijklmnopqrstuvwxyz'
ascii_uppercase = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
ascii_letters = ascii_lowercase + ascii_uppercase
digits = '0123456789'
hexdigits = digits + 'abcdef' + 'ABCDEF'
octdigits = '01234567'
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    return (sep or ' ').join(map(str.capitalize, s.split(sep)))


def _is_ident_start(c):
    return c == '_' or c.isascii() and c.isalpha()


def _is_ident_char(c):
    return c == '_' or c.isascii() and c.isalnum()


def _merged(mapping, kws):
    # Template.substitute's mapping and keywords; the keywords win.
    if mapping is None:
        return kws
    if kws:
        return {**mapping, **kws}
    return mapping


class Template:
    delimiter = '$'
    braceidpattern = None

    def __init__(self, template):
        self.template = template

    def _invalid(self, i):
        lines = self.template[:i].splitlines(keepends=True)
        if not lines:
            colno = 1
            lineno = 1
        else:
            colno = i - len(''.join(lines[:-1]))
            lineno = len(lines)
        raise ValueError('Invalid placeholder in string: line %d, col %d' % (lineno, colno))

    def _scan(self, convert, safe):
        t = self.template
        d = self.delimiter
        out = []
        i = 0
        n = len(t)
        while i < n:
            j = t.find(d, i)
            if j < 0:
                out.append(t[i:])
                break
            out.append(t[i:j])
            k = j + len(d)
            if t.startswith(d, k):
                out.append(d)
                i = k + len(d)
                continue
            if k < n and t[k] == '{':
                e = k + 1
                while e < n and (_is_ident_char(t[e]) if e > k + 1 else _is_ident_start(t[e])):
                    e += 1
                if e > k + 1 and e < n and t[e] == '}':
                    out.append(convert(t[k + 1:e], t[j:e + 1]))
                    i = e + 1
                    continue
            elif k < n and _is_ident_start(t[k]):
                e = k + 1
                while e < n and _is_ident_char(t[e]):
                    e += 1
                out.append(convert(t[k:e], t[j:e]))
                i = e
                continue
            if safe:
                out.append(d)
                i = k
                continue
            self._invalid(j)
        return ''.join(out)

    def substitute(self, mapping=None, /, **kws):
        mapping = _merged(mapping, kws)
        return self._scan(lambda name, raw: str(mapping[name]), False)

    def safe_substitute(self, mapping=None, /, **kws):
        mapping = _merged(mapping, kws)

        def convert(name, raw):
            try:
                return str(mapping[name])
            except KeyError:
                return raw
        return self._scan(convert, True)

    def get_identifiers(self):
        ids = []

        def convert(name, raw):
            if name not in ids:
                ids.append(name)
            return ''
        self._scan(convert, True)
        return ids

    def is_valid(self):
        try:
            self._scan(lambda name, raw: '', False)
        except ValueError:
            return False
        return True


def _parse_format(s):
    # Yields (literal, field_name, format_spec, conversion) as str.format
    # reads them; a literal '{{' or '}}' ends a chunk with no field.
    i, n = 0, len(s)
    lit = []
    while i < n:
        c = s[i]
        if c in '{}' and i + 1 < n and s[i + 1] == c:
            # A doubled brace is one literal brace and ends the chunk.
            lit.append(c)
            yield ''.join(lit), None, None, None
            lit = []
            i += 2
            continue
        if c == '}':
            raise ValueError("Single '}' encountered in format string")
        if c != '{':
            lit.append(c)
            i += 1
            continue
        if i + 1 == n:
            raise ValueError("Single '{' encountered in format string")
        j = i + 1
        depth = 1
        nested = False
        bracket = False
        name_end = None  # the first '!' or ':' outside brackets
        while j < n:
            d = s[j]
            if bracket:
                if d == ']':
                    bracket = False
            elif d == '[':
                bracket = True
            elif d == '{':
                depth += 1
                nested = True
            elif d == '}':
                depth -= 1
                if depth == 0:
                    break
            elif d in '!:' and name_end is None:
                name_end = j
            j += 1
        if j >= n:
            if nested:
                raise ValueError("unmatched '{' in format spec")
            raise ValueError("expected '}' before end of string")
        if name_end is None:
            name_end = j
        name = s[i + 1:name_end]
        conversion = None
        spec = ''
        rest = s[name_end:j]
        if rest.startswith('!'):
            if len(rest) < 2:
                raise ValueError("unmatched '{' in format spec")
            conversion = rest[1]
            rest = rest[2:]
            if rest and rest[0] != ':':
                raise ValueError("expected ':' after conversion specifier")
        if rest.startswith(':'):
            spec = rest[1:]
        yield ''.join(lit), name, spec, conversion
        lit = []
        i = j + 1
    if lit:
        yield ''.join(lit), None, None, None


def _split_field_name(name):
    i = 0
    while i < len(name) and name[i] not in '.[':
        i += 1
    first = name[:i]
    if first.isdigit():
        first = int(first)
    rest = []
    while i < len(name):
        if name[i] == '.':
            j = i + 1
            while j < len(name) and name[j] not in '.[':
                j += 1
            attr = name[i + 1:j]
            if not attr:
                raise ValueError('Empty attribute in format string')
            rest.append((True, attr))
            i = j
        elif name[i] == '[':
            j = name.find(']', i)
            if j < 0:
                raise ValueError("Missing ']' in format string")
            key = name[i + 1:j]
            if not key:
                raise ValueError('Empty attribute in format string')
            rest.append((False, int(key) if key.isdigit() else key))
            i = j + 1
        else:
            raise ValueError("Only '.' or '[' may follow ']' in format field specifier")
    return first, rest


class Formatter:
    def format(self, format_string, /, *args, **kwargs):
        return self.vformat(format_string, args, kwargs)

    def vformat(self, format_string, args, kwargs):
        used_args = set()
        result, _ = self._vformat(format_string, args, kwargs, used_args, 2)
        self.check_unused_args(used_args, args, kwargs)
        return result

    def _vformat(self, format_string, args, kwargs, used_args, recursion_depth, auto_arg_index=0):
        if recursion_depth < 0:
            raise ValueError('Max string recursion exceeded')
        result = []
        for literal_text, field_name, format_spec, conversion in self.parse(format_string):
            if literal_text:
                result.append(literal_text)
            if field_name is None:
                continue
            if field_name == '':
                if auto_arg_index is False:
                    raise ValueError('cannot switch from manual field specification to automatic field numbering')
                field_name = str(auto_arg_index)
                auto_arg_index += 1
            elif field_name.isdigit():
                if auto_arg_index:
                    raise ValueError('cannot switch from manual field specification to automatic field numbering')
                auto_arg_index = False
            obj, arg_used = self.get_field(field_name, args, kwargs)
            used_args.add(arg_used)
            obj = self.convert_field(obj, conversion)
            format_spec, auto_arg_index = self._vformat(format_spec, args, kwargs, used_args,
                                                        recursion_depth - 1, auto_arg_index=auto_arg_index)
            result.append(self.format_field(obj, format_spec))
        return ''.join(result), auto_arg_index

    def get_value(self, key, args, kwargs):
        if isinstance(key, int):
            return args[key]
        return kwargs[key]

    def check_unused_args(self, used_args, args, kwargs):
        pass

    def format_field(self, value, format_spec):
        return format(value, format_spec)

    def convert_field(self, value, conversion):
        if conversion is None:
            return value
        if conversion == 's':
            return str(value)
        if conversion == 'r':
            return repr(value)
        if conversion == 'a':
            return ascii(value)
        raise ValueError('Unknown conversion specifier {0!s}'.format(conversion))

    def parse(self, format_string):
        return _parse_format(format_string)

    def get_field(self, field_name, args, kwargs):
        first, rest = _split_field_name(field_name)
        obj = self.get_value(first, args, kwargs)
        for is_attr, i in rest:
            if is_attr:
                obj = getattr(obj, i)
            else:
                obj = obj[i]
        return obj, first
