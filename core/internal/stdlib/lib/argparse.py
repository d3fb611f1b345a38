# argparse: the common subset (positionals, options, store/append/count/
# const actions, nargs, choices, subparsers, groups) with CPython's help
# and error layout for ordinary parsers.
import sys as _sys

SUPPRESS = '==SUPPRESS=='
OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
REMAINDER = '...'
PARSER = 'A...'


class ArgumentError(Exception):
    def __init__(self, argument, message):
        self.argument_name = None if argument is None else '/'.join(argument.option_strings) or argument.metavar or argument.dest
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return 'argument %s: %s' % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    pass


class Namespace:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        return 'Namespace(' + ', '.join('%s=%r' % kv for kv in self.__dict__.items()) + ')'

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


class HelpFormatter:
    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        self.prog = prog
        self.max_help_position = max_help_position
        self.width = (width or 80) - 2


class RawDescriptionHelpFormatter(HelpFormatter):
    pass


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    pass


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    pass


class FileType:
    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self.mode = mode

    def __call__(self, string):
        return open(string, self.mode)


class Action:
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None, action='store', version=None):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar
        self.action = action
        self.version = version
        self.parser = None

    def __repr__(self):
        return '%s(option_strings=%r, dest=%r, nargs=%r, const=%r, default=%r, type=%r, choices=%r, required=%r, help=%r, metavar=%r)' % (
            type(self).__name__, self.option_strings, self.dest, self.nargs, self.const, self.default,
            self.type, self.choices, self.required, self.help, self.metavar)


_ZERO_ARG = ('store_true', 'store_false', 'store_const', 'append_const', 'count', 'help', 'version')


class _Group:
    def __init__(self, parser, title=None, description=None):
        self._parser = parser
        self.title = title
        self.description = description
        self._actions = []

    def add_argument(self, *args, **kwargs):
        a = self._parser.add_argument(*args, **kwargs)
        self._parser._move(a, self)
        return a

    def add_mutually_exclusive_group(self, required=False):
        return self._parser.add_mutually_exclusive_group(required)

    def add_argument_group(self, *args, **kwargs):
        return self._parser.add_argument_group(*args, **kwargs)


class _Subparsers:
    def __init__(self, parser, dest, title, description, required, help, metavar):
        self._parent = parser
        self.choices = {}
        self.action = Action([], dest or SUPPRESS, nargs=PARSER, required=required, help=help,
                             metavar=metavar, action='parsers')
        self.action.choices = self.choices
        self.action.default = None

    def add_parser(self, name, **kwargs):
        kwargs.setdefault('prog', '%s %s' % (self._parent._usage_prog(), name))
        aliases = kwargs.pop('aliases', ())
        kwargs.pop('help', None)
        p = ArgumentParser(**kwargs)
        self.choices[name] = p
        for a in aliases:
            self.choices[a] = p
        return p


class ArgumentParser:
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=(),
                 formatter_class=HelpFormatter, prefix_chars='-', fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler='error', add_help=True, allow_abbrev=True,
                 exit_on_error=True):
        if prog is None:
            argv0 = _sys.argv[0] if _sys.argv else ''
            prog = argv0.replace('\\', '/').rsplit('/', 1)[-1] or 'main.py'
        self.prog = prog
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.argument_default = argument_default
        self.exit_on_error = exit_on_error
        self._actions = []
        self._positionals = _Group(self, 'positional arguments')
        self._optionals = _Group(self, 'options')
        self._groups = [self._positionals, self._optionals]
        self._defaults = {}
        self._subparsers = None
        if add_help:
            self.add_argument('-h', '--help', action='help', default=SUPPRESS,
                              help='show this help message and exit')
        for p in parents:
            for a in p._actions:
                if a.action != 'help':
                    self._add_action(a)
            self._defaults.update(p._defaults)

    def _usage_prog(self):
        parts = [self.prog]
        for a in self._actions:
            if not a.option_strings and a.action != 'parsers':
                parts.append(self._format_args(a))
        return ' '.join(parts)

    def _move(self, action, group):
        for g in self._groups:
            if action in g._actions:
                g._actions.remove(action)
        group._actions.append(action)

    def add_argument_group(self, title=None, description=None):
        g = _Group(self, title, description)
        self._groups.append(g)
        return g

    def add_mutually_exclusive_group(self, required=False):
        return _Group(self)

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for a in self._actions:
            if a.dest in kwargs:
                a.default = kwargs[a.dest]

    def get_default(self, dest):
        for a in self._actions:
            if a.dest == dest and a.default is not None:
                return a.default
        return self._defaults.get(dest)

    def add_argument(self, *args, **kwargs):
        if not args or (len(args) == 1 and args[0][:1] not in '-'):
            if not args:
                raise TypeError('add_argument() missing required positional argument')
            if 'dest' in kwargs:
                raise ValueError('dest supplied twice for positional argument')
            dest = args[0]
            option_strings = []
            if kwargs.get('nargs') in ('?', '*') or kwargs.get('nargs') is None and False:
                pass
            kwargs.setdefault('required', kwargs.get('nargs') not in ('?', '*'))
        else:
            option_strings = list(args)
            dest = kwargs.pop('dest', None)
            if dest is None:
                longs = [o for o in option_strings if o.startswith('--')]
                dest = (longs[0] if longs else option_strings[0]).lstrip('-').replace('-', '_')
        action = kwargs.pop('action', 'store')
        if isinstance(action, type):
            a = action(option_strings, dest, **kwargs)
            a.action = 'custom'
            self._add_action(a)
            return a
        if action == 'store_true':
            kwargs.setdefault('default', False)
            kwargs['const'] = True
        elif action == 'store_false':
            kwargs.setdefault('default', True)
            kwargs['const'] = False
        elif action == 'count':
            kwargs.setdefault('default', None)
        if action in _ZERO_ARG:
            kwargs['nargs'] = 0
        if 'default' not in kwargs:
            kwargs['default'] = self._defaults.get(dest, self.argument_default)
        if kwargs.get('type') is not None and not callable(kwargs['type']):
            raise ValueError('%r is not callable' % (kwargs['type'],))
        a = Action(option_strings, dest, action=action, **kwargs)
        self._add_action(a)
        return a

    def _add_action(self, a):
        self._actions.append(a)
        (self._optionals if a.option_strings else self._positionals)._actions.append(a)

    def add_subparsers(self, title=None, description=None, dest=None, required=False, help=None,
                       metavar=None, **kwargs):
        if self._subparsers is not None:
            self.error('cannot have multiple subparser arguments')
        sp = _Subparsers(self, dest, title, description, required, help, metavar)
        self._subparsers = sp
        self._add_action(sp.action)
        return sp

    # --- formatting ---------------------------------------------------------------

    def _metavar(self, a):
        if a.metavar is not None:
            return a.metavar
        if a.choices is not None:
            return '{' + ','.join(map(str, a.choices)) + '}'
        return a.dest.upper() if a.option_strings else a.dest

    def _format_args(self, a):
        m = self._metavar(a)
        n = a.nargs
        if isinstance(m, tuple):
            ms = list(m)
        else:
            ms = None
        if n is None:
            return m if ms is None else ms[0]
        if n == '?':
            return '[%s]' % m
        if n == '*':
            return '[%s ...]' % m
        if n == '+':
            return '%s [%s ...]' % (m, m)
        if n == REMAINDER:
            return '...'
        if n == PARSER:
            return '%s ...' % m
        if n == 0:
            return ''
        return ' '.join(ms if ms is not None else [m] * n)

    def _usage_parts(self):
        opt, pos = [], []
        for a in self._actions:
            if a.help == SUPPRESS:
                continue
            if a.option_strings:
                part = a.option_strings[0]
                if a.nargs != 0:
                    part += ' ' + self._format_args(a)
                opt.append(part if a.required else '[%s]' % part)
            else:
                pos.append(self._format_args(a))
        return opt, pos

    def format_usage(self):
        return self._format_usage() + '\n'

    def _format_usage(self):
        prefix = 'usage: '
        if self.usage is not None:
            return prefix + self.usage.replace('%(prog)s', self.prog)
        opt, pos = self._usage_parts()
        text_width = self.formatter_class(self.prog).width
        usage = ' '.join([self.prog] + opt + pos)
        if len(prefix) + len(usage) <= text_width:
            return prefix + usage

        def get_lines(parts, indent, pfx=None):
            lines, line = [], []
            line_len = len(pfx) - 1 if pfx is not None else len(indent) - 1
            for part in parts:
                if line_len + 1 + len(part) > text_width and line:
                    lines.append(indent + ' '.join(line))
                    line = []
                    line_len = len(indent) - 1
                line.append(part)
                line_len += len(part) + 1
            if line:
                lines.append(indent + ' '.join(line))
            if pfx is not None:
                lines[0] = lines[0][len(indent):]
            return lines

        if len(prefix) + len(self.prog) <= 0.75 * text_width:
            indent = ' ' * (len(prefix) + len(self.prog) + 1)
            if opt:
                lines = get_lines([self.prog] + opt, indent, prefix)
                lines.extend(get_lines(pos, indent))
            elif pos:
                lines = get_lines([self.prog] + pos, indent, prefix)
            else:
                lines = [self.prog]
        else:
            indent = ' ' * len(prefix)
            lines = get_lines(opt + pos, indent)
            lines = [self.prog] + lines
        return prefix + '\n'.join(lines)

    def _invocation(self, a):
        if not a.option_strings:
            m = self._metavar(a)
            return m
        if a.nargs == 0:
            return ', '.join(a.option_strings)
        args = self._format_args(a)
        return ', '.join('%s %s' % (o, args) for o in a.option_strings)

    def _expand_help(self, a):
        params = dict(vars(a), prog=self.prog)
        for k in list(params):
            if params[k] is SUPPRESS:
                del params[k]
        if params.get('choices') is not None:
            params['choices'] = ', '.join(map(str, params['choices']))
        text = a.help
        if issubclass(self.formatter_class, ArgumentDefaultsHelpFormatter) and '%(default)' not in text:
            if a.default is not SUPPRESS and (a.option_strings or a.nargs in ('?', '*')):
                text += ' (default: %(default)s)'
        return text % params

    def format_help(self):
        fmt = self.formatter_class(self.prog)
        width = fmt.width
        raw = issubclass(self.formatter_class, RawDescriptionHelpFormatter)
        rawtext = issubclass(self.formatter_class, RawTextHelpFormatter)
        import textwrap as _tw
        inv_len = 0
        for a in self._actions:
            if a.help == SUPPRESS:
                continue
            inv_len = max(inv_len, len(self._invocation(a)) + 2)
            if a.action == 'parsers':
                for name in a.choices:
                    inv_len = max(inv_len, len(name) + 4)
        help_pos = min(inv_len + 2, fmt.max_help_position)
        help_width = max(width - help_pos, 11)
        out = [self._format_usage() + '\n']

        def text_block(t):
            if raw:
                return t
            return _tw.fill(' '.join(t.split()), width) + '\n'

        if self.description:
            out.append('\n' + text_block(self.description))
        for g in self._groups:
            acts = [a for a in g._actions if a.help != SUPPRESS]
            if not acts and not g.description:
                continue
            out.append('\n' + g.title + ':\n')
            if g.description:
                out.append('  ' + g.description + '\n\n' if False else _tw.indent(text_block(g.description), '  '))
            for a in acts:
                inv = self._invocation(a)
                if a.action == 'parsers':
                    inv = '{' + ','.join(a.choices) + '}' if a.metavar is None else a.metavar
                lines = []
                if a.help:
                    h = self._expand_help(a)
                    lines = h.splitlines() if rawtext else _tw.wrap(' '.join(h.split()), help_width)
                if not lines:
                    out.append('  ' + inv + '\n')
                elif len(inv) + 2 <= help_pos - 2:
                    out.append('  ' + inv.ljust(help_pos - 4) + '  ' + lines[0] + '\n')
                    lines = lines[1:]
                else:
                    out.append('  ' + inv + '\n')
                for line in lines:
                    out.append(' ' * help_pos + line + '\n')
        if self.epilog:
            out.append('\n' + text_block(self.epilog))
        return ''.join(out)

    def print_help(self, file=None):
        print(self.format_help(), end='', file=file if file is not None else _sys.stdout)

    def print_usage(self, file=None):
        print(self.format_usage(), end='', file=file if file is not None else _sys.stdout)

    def exit(self, status=0, message=None):
        if message:
            print(message, end='', file=_sys.stderr)
        raise SystemExit(status)

    def error(self, message):
        self.print_usage(_sys.stderr)
        self.exit(2, '%s: error: %s\n' % (self.prog, message))

    # --- parsing ------------------------------------------------------------------

    def parse_args(self, args=None, namespace=None):
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error('unrecognized arguments: %s' % ' '.join(extras))
        return ns

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = list(_sys.argv[1:])
        else:
            args = list(args)
        if namespace is None:
            namespace = Namespace()
        try:
            return self._parse(args, namespace)
        except ArgumentError as e:
            if not self.exit_on_error:
                raise
            self.error(str(e))

    def _find_option(self, s):
        for a in self._actions:
            if s in a.option_strings:
                return a
        if s.startswith('--'):
            hits = [a for a in self._actions for o in a.option_strings if o.startswith(s)]
            if len(hits) == 1:
                return hits[0]
            if len(hits) > 1:
                names = ', '.join(o for a in hits for o in a.option_strings if o.startswith(s))
                raise ArgumentError(None, 'ambiguous option: %s could match %s' % (s, names))
        return None

    def _is_option(self, s):
        if not s.startswith('-') or s == '-':
            return False
        try:
            float(s)
            return not any(o[1:2].isdigit() for a in self._actions for o in a.option_strings) and False
        except ValueError:
            return True

    def _convert(self, a, s):
        if a.type is None:
            v = s
        else:
            try:
                v = a.type(s)
            except ArgumentTypeError as e:
                raise ArgumentError(a, str(e))
            except (TypeError, ValueError):
                name = getattr(a.type, '__name__', repr(a.type))
                raise ArgumentError(a, 'invalid %s value: %r' % (name, s))
        if a.choices is not None and v not in a.choices:
            raise ArgumentError(a, 'invalid choice: %r (choose from %s)' % (v, ', '.join(map(repr, a.choices))))
        return v

    def _values(self, a, strings):
        if a.nargs is None:
            return self._convert(a, strings[0])
        if a.nargs == '?':
            if not strings:
                return a.const if a.option_strings else a.default
            return self._convert(a, strings[0])
        if a.nargs == REMAINDER:
            return list(strings)
        return [self._convert(a, s) for s in strings]

    def _take(self, a, strings, i):
        n = a.nargs
        j = i
        while j < len(strings) and not self._is_option(strings[j]) and strings[j] != '--':
            j += 1
        avail = j - i
        if n is None:
            if avail < 1:
                raise ArgumentError(a, 'expected one argument')
            return 1
        if n == '?':
            return min(avail, 1)
        if n == '*':
            return avail
        if n == '+':
            if avail < 1:
                raise ArgumentError(a, 'expected at least one argument')
            return avail
        if n == REMAINDER:
            return len(strings) - i
        if avail < n:
            raise ArgumentError(a, 'expected %d argument%s' % (n, '' if n == 1 else 's'))
        return n

    def _apply(self, a, ns, strings, seen):
        seen.add(a)
        act = a.action
        if act == 'help':
            self.print_help()
            self.exit()
        if act == 'version':
            print(a.version.replace('%(prog)s', self.prog) if a.version else '')
            self.exit()
        if act in ('store_true', 'store_false', 'store_const'):
            setattr(ns, a.dest, a.const)
        elif act == 'append_const':
            setattr(ns, a.dest, list(getattr(ns, a.dest, None) or []) + [a.const])
        elif act == 'count':
            setattr(ns, a.dest, (getattr(ns, a.dest, None) or 0) + 1)
        elif act == 'append':
            setattr(ns, a.dest, list(getattr(ns, a.dest, None) or []) + [self._values(a, strings)])
        elif act == 'extend':
            setattr(ns, a.dest, list(getattr(ns, a.dest, None) or []) + list(self._values(a, strings)))
        elif act == 'custom':
            a(self, ns, self._values(a, strings), a.option_strings[0] if a.option_strings else None)
        else:
            setattr(ns, a.dest, self._values(a, strings))

    def _parse(self, args, ns):
        for a in self._actions:
            if a.dest is not SUPPRESS and a.default is not SUPPRESS and not hasattr(ns, a.dest):
                setattr(ns, a.dest, a.default)
        for k, v in self._defaults.items():
            if not hasattr(ns, k):
                setattr(ns, k, v)
        seen = set()
        extras = []
        positionals = []
        i = 0
        sub_rest = None
        while i < len(args):
            s = args[i]
            if s == '--':
                positionals.extend(args[i + 1:])
                break
            if self._is_option(s):
                explicit = None
                a = self._find_option(s)
                if a is None and '=' in s:
                    head, explicit = s.split('=', 1)
                    a = self._find_option(head)
                if a is None and not s.startswith('--') and len(s) > 2:
                    a = self._find_option(s[:2])
                    if a is not None:
                        if a.nargs == 0:
                            self._apply(a, ns, [], seen)
                            rest = s[2:]
                            while rest:
                                b = self._find_option('-' + rest[0])
                                if b is None:
                                    raise ArgumentError(a, 'ignored explicit argument %r' % rest)
                                if b.nargs == 0:
                                    self._apply(b, ns, [], seen)
                                    rest = rest[1:]
                                else:
                                    self._apply(b, ns, [rest[1:]] if rest[1:] else args[i + 1:i + 2], seen)
                                    if not rest[1:]:
                                        i += 1
                                    rest = ''
                            i += 1
                            continue
                        explicit = s[2:]
                if a is None:
                    extras.append(s)
                    i += 1
                    while i < len(args) and not self._is_option(args[i]) and args[i] != '--':
                        extras.append(args[i])
                        i += 1
                    continue
                if explicit is not None:
                    if a.nargs == 0:
                        raise ArgumentError(a, 'ignored explicit argument %r' % explicit)
                    self._apply(a, ns, [explicit], seen)
                    i += 1
                    continue
                n = self._take(a, args, i + 1)
                self._apply(a, ns, args[i + 1:i + 1 + n], seen)
                i += 1 + n
                continue
            if self._subparsers is not None and self._subparsers_ready(positionals):
                sub_rest = args[i:]
                break
            positionals.append(s)
            i += 1
        extras = self._assign_positionals(positionals, ns, seen, sub_rest, extras)
        missing = [a for a in self._actions if a.required and a not in seen]
        if missing:
            names = ['/'.join(a.option_strings) if a.option_strings else
                     (self._metavar(a) if a.action != 'parsers' else '{' + ','.join(a.choices) + '}' if a.metavar is None else a.metavar)
                     for a in missing]
            raise ArgumentError(None, 'the following arguments are required: %s' % ', '.join(names))
        for a in self._actions:
            if isinstance(getattr(ns, a.dest, None), str) and a.dest is not SUPPRESS and a not in seen and a.type is not None \
                    and getattr(ns, a.dest) is a.default:
                setattr(ns, a.dest, self._convert(a, a.default))
        return ns, extras

    def _pos_actions(self):
        return [a for a in self._actions if not a.option_strings]

    def _subparsers_ready(self, positionals):
        need = 0
        for a in self._pos_actions():
            if a.action == 'parsers':
                return len(positionals) >= need
            n = a.nargs
            need += 1 if n is None else (0 if n in ('?', '*') else 1 if n == '+' else n)
        return False

    def _assign_positionals(self, strings, ns, seen, sub_rest, extras):
        acts = [a for a in self._pos_actions() if a.action != 'parsers']

        def min_need(n):
            return 1 if n is None else 0 if n in ('?', '*') else 1 if n == '+' else n

        i = 0
        for k, a in enumerate(acts):
            rest_need = sum(min_need(b.nargs) for b in acts[k + 1:])
            avail = len(strings) - i - rest_need
            n = a.nargs
            if n is None:
                cnt = 1 if avail >= 1 else 0
            elif n == '?':
                cnt = 1 if avail >= 1 else 0
            elif n in ('*', '+', REMAINDER):
                cnt = max(avail, 0)
            else:
                cnt = n if avail >= n else 0
            if cnt < min_need(n):
                continue
            if n == '*' and cnt == 0:
                seen.add(a)
                setattr(ns, a.dest, a.default if a.default is not None else [])
                continue
            if n == '?' and cnt == 0:
                seen.add(a)
                setattr(ns, a.dest, a.default)
                continue
            self._apply(a, ns, strings[i:i + cnt], seen)
            i += cnt
        extras = extras + strings[i:]
        if sub_rest is not None:
            sp = self._subparsers.action
            name = sub_rest[0]
            seen.add(sp)
            if sp.dest is not SUPPRESS:
                setattr(ns, sp.dest, name)
            if name not in sp.choices:
                raise ArgumentError(sp, 'invalid choice: %r (choose from %s)' % (name, ', '.join(map(repr, sp.choices))))
            sub_ns, sub_extras = sp.choices[name].parse_known_args(sub_rest[1:], ns)
            extras = extras + sub_extras
        return extras
