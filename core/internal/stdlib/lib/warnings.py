
import sys as _sys
import _amber_extra

try:
    PendingDeprecationWarning
except NameError:
    class PendingDeprecationWarning(Warning):
        pass
try:
    FutureWarning
except NameError:
    class FutureWarning(Warning):
        pass
try:
    SyntaxWarning
except NameError:
    class SyntaxWarning(Warning):
        pass
try:
    ImportWarning
except NameError:
    class ImportWarning(Warning):
        pass
try:
    UnicodeWarning
except NameError:
    class UnicodeWarning(Warning):
        pass
try:
    BytesWarning
except NameError:
    class BytesWarning(Warning):
        pass
try:
    ResourceWarning
except NameError:
    class ResourceWarning(Warning):
        pass
try:
    EncodingWarning
except NameError:
    class EncodingWarning(Warning):
        pass

filters = [
    ('default', None, DeprecationWarning, '__main__', 0),
    ('ignore', None, DeprecationWarning, None, 0),
    ('ignore', None, PendingDeprecationWarning, None, 0),
    ('ignore', None, ImportWarning, None, 0),
    ('ignore', None, ResourceWarning, None, 0),
]
defaultaction = 'default'
onceregistry = {}
_registry = {}
_version = [0]

_ACTIONS = ('error', 'ignore', 'always', 'default', 'module', 'once')


class WarningMessage:
    def __init__(self, message, category, filename, lineno, file=None, line=None, source=None):
        self.message = message
        self.category = category
        self.filename = filename
        self.lineno = lineno
        self.file = file
        self.line = line
        self.source = source
        self._category_name = category.__name__ if category else None

    def __str__(self):
        return ('{message : %r, category : %r, filename : %r, lineno : %s, line : %r}'
                % (self.message, self._category_name, self.filename, self.lineno, self.line))


def formatwarning(message, category, filename, lineno, line=None):
    s = '%s:%s: %s: %s\n' % (filename, lineno, category.__name__, message)
    if line:
        s += '  %s\n' % line.strip()
    return s


def _showwarning_orig(message, category, filename, lineno, file=None, line=None):
    if file is None:
        file = _sys.stderr
    file.write(formatwarning(message, category, filename, lineno, line))

showwarning = _showwarning_orig


def _add_filter(item, append):
    global filters
    if not append:
        try:
            filters.remove(item)
        except ValueError:
            pass
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    _version[0] += 1


def filterwarnings(action, message='', category=Warning, module='', lineno=0, append=False):
    if action not in _ACTIONS:
        raise ValueError('invalid action: %r' % (action,))
    import re
    msg = re.compile(message, re.I) if message else None
    mod = re.compile(module) if module else None
    _add_filter((action, msg, category, mod, lineno), append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    if action not in _ACTIONS:
        raise ValueError('invalid action: %r' % (action,))
    _add_filter((action, None, category, None, lineno), append)


def resetwarnings():
    filters[:] = []
    _version[0] += 1


def _match(pat, s):
    if pat is None:
        return True
    if isinstance(pat, str):
        return pat == s
    return pat.match(s) is not None


def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError("category must be a Warning subclass, not '%s'" % type(category).__name__)
    where = _amber_extra.caller(stacklevel)
    if where is None:
        filename, lineno, line = 'sys', 1, None
        module = 'sys'
    else:
        filename, lineno, _fn, line, module = where
    warn_explicit(message, category, filename, lineno, module, None, None, None, source, line)


def warn_explicit(message, category, filename, lineno, module=None, registry=None,
                  module_globals=None, source=None, _src=None, _line=None):
    if module is None:
        module = filename or '<unknown>'
        if module[-3:].lower() == '.py':
            module = module[:-3]
    if isinstance(message, Warning):
        text = str(message)
        category = message.__class__
    else:
        text = message
        message = category(message)
    key = (text, category, lineno)
    action = defaultaction
    for item in filters:
        act, msg, cat, mod, ln = item
        if ((msg is None or msg.match(text)) and issubclass(category, cat)
                and _match(mod, module) and (ln == 0 or lineno == ln)):
            action = act
            break
    if action == 'ignore':
        return
    if action == 'error':
        raise message
    if action == 'once':
        okey = (text, category)
        if onceregistry.get(okey):
            return
        onceregistry[okey] = 1
    elif action == 'module':
        mkey = (filename, text, category, 0)
        if _registry.get(mkey) == _version[0]:
            return
        _registry[mkey] = _version[0]
    elif action == 'default':
        dkey = (filename, text, category, lineno)
        if _registry.get(dkey) == _version[0]:
            return
        _registry[dkey] = _version[0]
    _showmsg(WarningMessage(message, category, filename, lineno, None, _line, _src))


def _showmsg(msg):
    sw = showwarning
    if sw is _showwarning_orig:
        _showwarning_orig(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)
    else:
        sw(msg.message, msg.category, msg.filename, msg.lineno, msg.file, msg.line)


class catch_warnings:
    def __init__(self, *, record=False, module=None, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._entered = False
        self._filter = None if action is None else (action, category, lineno, append)

    def __repr__(self):
        args = []
        if self._record:
            args.append('record=True')
        return '%s(%s)' % (type(self).__name__, ', '.join(args))

    def __enter__(self):
        global showwarning
        if self._entered:
            raise RuntimeError('Cannot enter %r twice' % self)
        self._entered = True
        self._filters = filters[:]
        self._showwarning = showwarning
        _version[0] += 1
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            log = []
            def _record(message, category, filename, lineno, file=None, line=None):
                log.append(WarningMessage(message, category, filename, lineno, file, line))
            showwarning = _record
            return log
        return None

    def __exit__(self, *exc_info):
        global showwarning
        filters[:] = self._filters
        showwarning = self._showwarning
        _version[0] += 1
