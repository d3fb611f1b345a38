
import sys as _sys
import _amber_extra

def _text(exc):
    return _amber_extra.format_exception(exc)

def _lines(text):
    return text.splitlines(True)

def _pick(exc, value, tb):
    if value is not None and not isinstance(exc, BaseException):
        return value
    return exc

def format_exception(exc, /, value=None, tb=None, limit=None, chain=True):
    exc = _pick(exc, value, tb)
    if exc is None:
        return ['NoneType: None\n']
    return _lines(_text(exc))

def format_exception_only(exc, /, value=None):
    exc = _pick(exc, value, None)
    if exc is None:
        return ['NoneType: None\n']
    name = type(exc).__name__
    mod = type(exc).__module__
    if mod not in ('builtins', '__main__', None):
        name = mod + '.' + name
    msg = str(exc)
    return [name + (': ' + msg if msg else '') + '\n']

def format_exc(limit=None, chain=True):
    return ''.join(format_exception(_sys.exc_info()[1]))

def print_exception(exc, /, value=None, tb=None, limit=None, file=None, chain=True):
    if file is None:
        file = _sys.stderr
    for line in format_exception(exc, value, tb):
        print(line, end='', file=file)

def print_exc(limit=None, file=None, chain=True):
    print_exception(_sys.exc_info()[1], file=file)

def print_last(limit=None, file=None, chain=True):
    print_exc(limit, file, chain)

def format_tb(tb, limit=None):
    return []

def extract_tb(tb, limit=None):
    return []

def print_tb(tb, limit=None, file=None):
    pass

def format_stack(f=None, limit=None):
    return []

def extract_stack(f=None, limit=None):
    return []

def print_stack(f=None, limit=None, file=None):
    pass
