# pprint: CPython's layout rules for dicts, lists, tuples and sets.
def _safe_key(x):
    try:
        x < x
        return (0, x)
    except TypeError:
        return (1, str(type(x)), id(x))


def _sorted_items(d):
    try:
        return sorted(d.items(), key=lambda kv: kv[0])
    except TypeError:
        return sorted(d.items(), key=lambda kv: _safe_key(kv[0]))


def _sorted(items):
    try:
        return sorted(items)
    except TypeError:
        return sorted(items, key=_safe_key)


class PrettyPrinter:
    def __init__(self, indent=1, width=80, depth=None, stream=None, *, compact=False, sort_dicts=True, underscore_numbers=False):
        if indent < 0:
            raise ValueError('indent must be >= 0')
        if width < 0:
            raise ValueError('width must be != 0')
        self._indent_per_level = indent
        self._width = width
        self._depth = depth
        self._stream = stream
        self._compact = compact
        self._sort_dicts = sort_dicts

    def pprint(self, object):
        s = self.pformat(object)
        if self._stream is not None:
            self._stream.write(s + '\n')
        else:
            print(s)

    def pformat(self, object):
        out = []
        self._format(object, out, 0, 0, set(), 0)
        return ''.join(out)

    def isreadable(self, object):
        return True

    def isrecursive(self, object):
        return False

    def _repr(self, obj, context, level):
        t = type(obj)
        if self._depth is not None and level > self._depth and t in (dict, list, tuple, set, frozenset) and obj:
            return {dict: '{...}', list: '[...]', tuple: '(...)'}.get(t, '...')
        if t is dict:
            if not obj:
                return '{}'
            if id(obj) in context:
                return '<Recursion on dict with id=%d>' % id(obj)
            context.add(id(obj))
            items = _sorted_items(obj) if self._sort_dicts else list(obj.items())
            s = '{' + ', '.join([self._repr(k, context, level + 1) + ': ' + self._repr(v, context, level + 1) for k, v in items]) + '}'
            context.discard(id(obj))
            return s
        if t is list or t is tuple:
            if not obj:
                return '[]' if t is list else '()'
            if id(obj) in context:
                return '<Recursion on %s with id=%d>' % (t.__name__, id(obj))
            context.add(id(obj))
            parts = [self._repr(x, context, level + 1) for x in obj]
            context.discard(id(obj))
            if t is list:
                return '[' + ', '.join(parts) + ']'
            if len(parts) == 1:
                return '(' + parts[0] + ',)'
            return '(' + ', '.join(parts) + ')'
        return repr(obj)

    def _format(self, obj, out, indent, allowance, context, level):
        rep = self._repr(obj, context, level)
        max_width = self._width - indent - allowance
        t = type(obj)
        if len(rep) > max_width and obj and id(obj) not in context:
            if t is dict:
                context.add(id(obj))
                out.append('{')
                if self._indent_per_level > 1:
                    out.append((self._indent_per_level - 1) * ' ')
                items = _sorted_items(obj) if self._sort_dicts else list(obj.items())
                self._format_dict_items(items, out, indent + self._indent_per_level, allowance + 1, context, level + 1)
                out.append('}')
                context.discard(id(obj))
                return
            if t is list or t is tuple:
                context.add(id(obj))
                out.append('[' if t is list else '(')
                endchar = ']' if t is list else ',)' if len(obj) == 1 else ')'
                self._format_items(obj, out, indent, allowance + len(endchar), context, level + 1)
                out.append(endchar)
                context.discard(id(obj))
                return
            if t is set or t is frozenset:
                if t is set:
                    out.append('{')
                    endchar = '}'
                else:
                    out.append('frozenset({')
                    endchar = '})'
                    indent += len('frozenset') + 1
                self._format_items(_sorted(obj), out, indent, allowance + len(endchar), context, level + 1)
                out.append(endchar)
                return
        out.append(rep)

    def _format_dict_items(self, items, out, indent, allowance, context, level):
        delimnl = ',\n' + ' ' * indent
        last_index = len(items) - 1
        for i, (key, ent) in enumerate(items):
            last = i == last_index
            rep = self._repr(key, context, level)
            out.append(rep)
            out.append(': ')
            self._format(ent, out, indent + len(rep) + 2, allowance if last else 1, context, level)
            if not last:
                out.append(delimnl)

    def _format_items(self, items, out, indent, allowance, context, level):
        indent += self._indent_per_level
        if self._indent_per_level > 1:
            out.append((self._indent_per_level - 1) * ' ')
        delimnl = ',\n' + ' ' * indent
        delim = ''
        width = max_width = self._width - indent + 1
        items = list(items)
        for i, ent in enumerate(items):
            last = i == len(items) - 1
            if last:
                max_width -= allowance
                width -= allowance
            if self._compact:
                rep = self._repr(ent, context, level)
                w = len(rep) + 2
                if width < w:
                    width = max_width
                    if delim:
                        delim = delimnl
                if width >= w:
                    width -= w
                    out.append(delim)
                    delim = ', '
                    out.append(rep)
                    continue
            out.append(delim)
            delim = delimnl
            self._format(ent, out, indent, allowance if last else 1, context, level)


def pformat(object, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True, underscore_numbers=False):
    return PrettyPrinter(indent=indent, width=width, depth=depth, compact=compact, sort_dicts=sort_dicts).pformat(object)


def pprint(object, stream=None, indent=1, width=80, depth=None, *, compact=False, sort_dicts=True, underscore_numbers=False):
    PrettyPrinter(stream=stream, indent=indent, width=width, depth=depth, compact=compact, sort_dicts=sort_dicts).pprint(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    pprint(object, *args, sort_dicts=sort_dicts, **kwargs)


def saferepr(object):
    return PrettyPrinter()._repr(object, set(), 0)


def isreadable(object):
    return True


def isrecursive(object):
    return False
