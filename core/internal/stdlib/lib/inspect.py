
# Signatures come from the function's code object; source text is not kept
# with functions, so getsource() and friends raise OSError.
import types as _types
import _amber_extra

CO_VARARGS = 4
CO_VARKEYWORDS = 8
CO_COROUTINE = 128
CO_GENERATOR = 32


class _empty:
    pass


import enum as _enum

class _ParameterKind(_enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self._name_

    @property
    def description(self):
        return _kind_descr[self]

_kind_descr = {0: 'positional-only', 1: 'positional or keyword', 2: 'variadic positional',
               3: 'keyword-only', 4: 'variadic keyword'}


class Parameter:
    POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
    KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
    VAR_KEYWORD = _ParameterKind.VAR_KEYWORD
    empty = _empty

    _kind_names = ('POSITIONAL_ONLY', 'POSITIONAL_OR_KEYWORD', 'VAR_POSITIONAL', 'KEYWORD_ONLY', 'VAR_KEYWORD')

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        self.name = name
        self.kind = _ParameterKind(kind)
        self.default = default
        self.annotation = annotation

    def replace(self, **kw):
        d = dict(name=self.name, kind=self.kind, default=self.default, annotation=self.annotation)
        d.update(kw)
        return Parameter(d.pop('name'), d.pop('kind'), **d)

    def __str__(self):
        s = self.name
        if self.annotation is not _empty:
            s += ': ' + _annot(self.annotation)
        if self.default is not _empty:
            if self.annotation is not _empty:
                s += ' = ' + repr(self.default)
            else:
                s += '=' + repr(self.default)
        if self.kind == 2:
            s = '*' + s
        elif self.kind == 4:
            s = '**' + s
        return s

    def __repr__(self):
        return '<Parameter "%s">' % self

    def _key(self):
        return self.name, self.kind, self.default, self.annotation

    def __eq__(self, other):
        return self._key() == other._key() if isinstance(other, Parameter) else NotImplemented


def _annot(a):
    if isinstance(a, type):
        if a.__module__ == 'builtins':
            return a.__qualname__
        return a.__module__ + '.' + a.__qualname__
    return repr(a)


class BoundArguments:
    def __init__(self, signature, arguments):
        self.signature = signature
        self.arguments = arguments

    @property
    def args(self):
        out = []
        for p in self.signature.parameters.values():
            if p.kind in (3, 4):
                break
            if p.name in self.arguments:
                if p.kind == 2:
                    out.extend(self.arguments[p.name])
                else:
                    out.append(self.arguments[p.name])
        return tuple(out)

    @property
    def kwargs(self):
        out = {}
        for p in self.signature.parameters.values():
            if p.name not in self.arguments:
                continue
            if p.kind == 4:
                out.update(self.arguments[p.name])
            elif p.kind == 3:
                out[p.name] = self.arguments[p.name]
        return out

    def apply_defaults(self):
        new = {}
        for p in self.signature.parameters.values():
            if p.name in self.arguments:
                new[p.name] = self.arguments[p.name]
            elif p.default is not _empty:
                new[p.name] = p.default
            elif p.kind == 2:
                new[p.name] = ()
            elif p.kind == 4:
                new[p.name] = {}
        self.arguments = new

    def __repr__(self):
        return '<BoundArguments (%s)>' % ', '.join('%s=%r' % kv for kv in self.arguments.items())


class Signature:
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty):
        self._params = {}
        for p in parameters or ():
            self._params[p.name] = p
        self.return_annotation = return_annotation

    @property
    def parameters(self):
        return _types.MappingProxyType(self._params)

    def replace(self, *, parameters=None, return_annotation=_empty):
        if parameters is None:
            parameters = list(self._params.values())
        return Signature(parameters, return_annotation=return_annotation)

    def __str__(self):
        parts = []
        render_pos_only = False
        render_kw_only_sep = True
        for p in self._params.values():
            kind = p.kind
            if kind == 0:
                render_pos_only = True
            elif render_pos_only:
                parts.append('/')
                render_pos_only = False
            if kind == 2:
                render_kw_only_sep = False
            elif kind == 3 and render_kw_only_sep:
                parts.append('*')
                render_kw_only_sep = False
            parts.append(str(p))
        if render_pos_only:
            parts.append('/')
        s = '(%s)' % ', '.join(parts)
        if self.return_annotation is not _empty:
            s += ' -> ' + _annot(self.return_annotation)
        return s

    def __repr__(self):
        return '<Signature %s>' % self

    def _key(self):
        return list(self._params.values()), self.return_annotation

    def __eq__(self, other):
        return self._key() == other._key() if isinstance(other, Signature) else NotImplemented

    def _bind(self, args, kwargs, partial):
        arguments = {}
        params = list(self._params.values())
        args = list(args)
        kwargs = dict(kwargs)
        i = 0
        for p in params:
            if p.kind in (0, 1):
                if i < len(args):
                    if p.kind == 1 and p.name in kwargs:
                        raise TypeError("multiple values for argument '%s'" % p.name)
                    arguments[p.name] = args[i]
                    i += 1
                elif p.kind == 1 and p.name in kwargs:
                    arguments[p.name] = kwargs.pop(p.name)
                elif p.default is _empty and not partial:
                    raise TypeError("missing a required argument: '%s'" % p.name)
            elif p.kind == 2:
                if i < len(args):
                    arguments[p.name] = tuple(args[i:])
                    i = len(args)
            elif p.kind == 3:
                if p.name in kwargs:
                    arguments[p.name] = kwargs.pop(p.name)
                elif p.default is _empty and not partial:
                    raise TypeError("missing a required argument: '%s'" % p.name)
            elif p.kind == 4:
                if kwargs:
                    arguments[p.name] = kwargs
                    kwargs = {}
        if i < len(args):
            raise TypeError('too many positional arguments')
        if kwargs:
            raise TypeError("got an unexpected keyword argument '%s'" % next(iter(kwargs)))
        return BoundArguments(self, arguments)

    def bind(self, *args, **kwargs):
        return self._bind(args, kwargs, False)

    def bind_partial(self, *args, **kwargs):
        return self._bind(args, kwargs, True)

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True):
        return signature(obj, follow_wrapped=follow_wrapped)


def _func_signature(f, skip_first=False):
    code = f.__code__
    names = code.co_varnames
    npos = code.co_argcount
    flags, nposonly, nkw = _amber_extra.code_info(code)
    defaults = f.__defaults__ or ()
    kwdefaults = f.__kwdefaults__ or {}
    annotations = getattr(f, '__annotations__', None) or {}
    params = []
    first_default = npos - len(defaults)
    for i in range(npos):
        name = names[i]
        kind = 0 if i < nposonly else 1
        d = defaults[i - first_default] if i >= first_default else _empty
        params.append(Parameter(name, kind, default=d, annotation=annotations.get(name, _empty)))
    idx = npos + nkw
    if flags & CO_VARARGS:
        name = names[idx]
        params.append(Parameter(name, 2, annotation=annotations.get(name, _empty)))
        idx += 1
    for i in range(npos, npos + nkw):
        name = names[i]
        params.append(Parameter(name, 3, default=kwdefaults.get(name, _empty), annotation=annotations.get(name, _empty)))
    if flags & CO_VARKEYWORDS:
        name = names[idx]
        params.append(Parameter(name, 4, annotation=annotations.get(name, _empty)))
    if skip_first and params and params[0].kind in (0, 1):
        params = params[1:]
    return Signature(params, return_annotation=annotations.get('return', _empty))


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    if not callable(obj):
        raise TypeError('%r is not a callable object' % (obj,))
    if follow_wrapped:
        while hasattr(obj, '__wrapped__'):
            obj = obj.__wrapped__
    if isinstance(obj, _types.MethodType):
        return _func_signature(obj.__func__, True)
    if isinstance(obj, _types.FunctionType):
        return _func_signature(obj)
    if hasattr(obj, 'func') and hasattr(obj, 'args') and hasattr(obj, 'keywords'):
        sig = signature(obj.func)
        params = list(sig.parameters.values())[len(obj.args):]
        params = [p for p in params if p.name not in obj.keywords]
        return Signature(params, return_annotation=sig.return_annotation)
    if isinstance(obj, type):
        init = getattr(obj, '__init__', None)
        if isinstance(init, _types.FunctionType):
            return _func_signature(init, True)
        return Signature([])
    call = getattr(type(obj), '__call__', None)
    if isinstance(call, _types.FunctionType):
        return _func_signature(call, True)
    raise ValueError('no signature found for %r' % (obj,))


def isfunction(obj):
    return isinstance(obj, _types.FunctionType)

def ismethod(obj):
    return isinstance(obj, _types.MethodType)

def isclass(obj):
    return isinstance(obj, type)

def ismodule(obj):
    return isinstance(obj, _types.ModuleType)

def isbuiltin(obj):
    return isinstance(obj, _types.BuiltinFunctionType)

def isroutine(obj):
    return isfunction(obj) or ismethod(obj) or isbuiltin(obj) or isinstance(obj, _types.BuiltinMethodType)

def _flags(obj):
    while ismethod(obj):
        obj = obj.__func__
    code = getattr(obj, '__code__', None)
    return _amber_extra.code_info(code)[0] if code is not None else 0

def isgeneratorfunction(obj):
    return (isfunction(obj) or ismethod(obj)) and bool(_flags(obj) & CO_GENERATOR)

def iscoroutinefunction(obj):
    return (isfunction(obj) or ismethod(obj)) and bool(_flags(obj) & CO_COROUTINE)

def isasyncgenfunction(obj):
    return (isfunction(obj) or ismethod(obj)) and bool(_flags(obj) & 512)

def isgenerator(obj):
    return isinstance(obj, _types.GeneratorType)

def iscoroutine(obj):
    return isinstance(obj, _types.CoroutineType)

def isawaitable(obj):
    return iscoroutine(obj) or hasattr(type(obj), '__await__')

def isabstract(obj):
    return bool(getattr(obj, '__abstractmethods__', False))

def isdatadescriptor(obj):
    t = type(obj)
    return hasattr(t, '__set__') or hasattr(t, '__delete__')

def ismethoddescriptor(obj):
    return False

def getmembers(obj, predicate=None):
    results = []
    for key in dir(obj):
        try:
            value = getattr(obj, key)
        except AttributeError:
            continue
        if not predicate or predicate(value):
            results.append((key, value))
    results.sort(key=lambda kv: kv[0])
    return results

def getmro(cls):
    return cls.__mro__

def getdoc(obj):
    doc = getattr(obj, '__doc__', None)
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)

def cleandoc(doc):
    lines = doc.expandtabs().split('\n')
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = indent if margin is None else min(margin, indent)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)

def getmodule(obj):
    import sys
    return sys.modules.get(getattr(obj, '__module__', None))

def unwrap(func, *, stop=None):
    while hasattr(func, '__wrapped__'):
        if stop is not None and stop(func):
            break
        func = func.__wrapped__
    return func

def getsource(obj):
    raise OSError('could not get source code')

getsourcelines = getsource
getsourcefile = getsource
getfile = getsource

def currentframe():
    return None

def stack(context=1):
    return []

def getfullargspec(func):
    sig = signature(func, follow_wrapped=False)
    args, varargs, varkw, defaults, kwonly, kwdefaults = [], None, None, [], [], {}
    annotations = dict(getattr(func, '__annotations__', None) or {})
    for p in sig.parameters.values():
        if p.kind in (0, 1):
            args.append(p.name)
            if p.default is not _empty:
                defaults.append(p.default)
        elif p.kind == 2:
            varargs = p.name
        elif p.kind == 3:
            kwonly.append(p.name)
            if p.default is not _empty:
                kwdefaults[p.name] = p.default
        else:
            varkw = p.name
    return FullArgSpec(args, varargs, varkw, tuple(defaults) or None, kwonly, kwdefaults or None, annotations)

from collections import namedtuple as _nt
FullArgSpec = _nt('FullArgSpec', 'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations')
