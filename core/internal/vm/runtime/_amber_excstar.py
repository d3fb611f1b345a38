
def _group(msg, excs):
    if all(isinstance(e, Exception) for e in excs):
        return ExceptionGroup(msg, excs)
    return BaseExceptionGroup(msg, excs)

def _derive(eg, excs):
    d = getattr(type(eg), "derive", None)
    g = d(eg, excs) if d is not None else _group(eg.message, excs)
    g.__cause__ = eg.__cause__
    g.__context__ = eg.__context__
    if hasattr(eg, "__notes__"):
        g.__notes__ = list(eg.__notes__)
    return g

def split(eg, pred):
    if pred(eg):
        return eg, None
    m, r = [], []
    for e in eg.exceptions:
        if isinstance(e, BaseExceptionGroup):
            a, b = split(e, pred)
            if a is not None:
                m.append(a)
            if b is not None:
                r.append(b)
        elif pred(e):
            m.append(e)
        else:
            r.append(e)
    if not m:
        return None, eg
    if not r:
        return eg, None
    return _derive(eg, m), _derive(eg, r)

def _leaves(e, out):
    if isinstance(e, BaseExceptionGroup):
        for x in e.exceptions:
            _leaves(x, out)
    else:
        out.append(e)
    return out

def _cond(c):
    if isinstance(c, tuple) or (isinstance(c, type) and issubclass(c, BaseException)):
        return lambda e: isinstance(e, c)
    if callable(c):
        return c
    raise TypeError("expected a function, exception type or tuple of exception types")

def eg_split(eg, c):
    return split(eg, _cond(c))

def eg_subgroup(eg, c):
    return split(eg, _cond(c))[0]

def eg_derive(eg, excs):
    return _group(eg.message, excs)

class Star:
    def __init__(self, exc):
        self.orig = exc
        self.naked = not isinstance(exc, BaseExceptionGroup)
        self.rest = _group("", (exc,)) if self.naked else exc
        self.matched = []
        self.raised = []

    def match(self, typ):
        types = typ if isinstance(typ, tuple) else (typ,)
        for t in types:
            if not (isinstance(t, type) and issubclass(t, BaseException)):
                raise TypeError("catching classes that do not inherit from BaseException is not allowed")
            if issubclass(t, BaseExceptionGroup):
                raise TypeError("catching ExceptionGroup with except* is not allowed. Use except instead.")
        if self.rest is None:
            return None
        m, self.rest = split(self.rest, lambda e: isinstance(e, typ))
        if m is not None:
            self.matched.append(m)
        return m

    def add(self, exc):
        self.raised.append(exc)

    def finish(self):
        new, keep = [], []
        for e in self.raised:
            if any(e is m for m in self.matched):
                _leaves(e, keep)
            else:
                new.append(e)
        if self.rest is not None:
            _leaves(self.rest, keep)
        kept = None
        if keep:
            if self.naked:
                kept = self.orig
            else:
                ids = [id(x) for x in keep]
                kept = split(self.orig, lambda e: not isinstance(e, BaseExceptionGroup) and id(e) in ids)[0]
        if kept is not None:
            new.append(kept)
        if len(new) > 1:
            raise _group("", new) from None
        if new:
            raise new[0]
