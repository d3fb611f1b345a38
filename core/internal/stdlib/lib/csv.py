
QUOTE_MINIMAL = 0
QUOTE_ALL = 1
QUOTE_NONNUMERIC = 2
QUOTE_NONE = 3

class Error(Exception):
    pass

class Dialect:
    delimiter = ','
    quotechar = '"'
    escapechar = None
    doublequote = True
    skipinitialspace = False
    lineterminator = '\r\n'
    quoting = QUOTE_MINIMAL
    strict = False

class excel(Dialect):
    pass

class excel_tab(excel):
    delimiter = '\t'

class unix_dialect(Dialect):
    lineterminator = '\n'
    quoting = QUOTE_ALL

_dialects = {'excel': excel, 'excel-tab': excel_tab, 'unix': unix_dialect}

def register_dialect(name, dialect=None, **fmtparams):
    d = type('dialect', (dialect or Dialect,), dict(fmtparams))
    _dialects[name] = d

def unregister_dialect(name):
    if name not in _dialects:
        raise Error('unknown dialect')
    del _dialects[name]

def get_dialect(name):
    if name not in _dialects:
        raise Error('unknown dialect')
    return _dialects[name]

def list_dialects():
    return list(_dialects)

_limit = [131072]

def field_size_limit(new_limit=None):
    old = _limit[0]
    if new_limit is not None:
        _limit[0] = new_limit
    return old

class _Params:
    def __init__(self, dialect, kw):
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        for name in ('delimiter', 'quotechar', 'escapechar', 'doublequote',
                     'skipinitialspace', 'lineterminator', 'quoting', 'strict'):
            setattr(self, name, kw.pop(name, getattr(dialect, name, getattr(Dialect, name))))
        if kw:
            raise TypeError("'%s' is an invalid keyword argument for this function" % next(iter(kw)))
        if not isinstance(self.delimiter, str) or len(self.delimiter) != 1:
            raise TypeError('"delimiter" must be a 1-character string')
        if self.quoting == QUOTE_NONE and self.quotechar == '"':
            pass


class _Reader:
    def __init__(self, f, dialect, kw):
        self._it = iter(f)
        self.dialect = _Params(dialect, kw)
        self.line_num = 0

    def __iter__(self):
        return self

    def __next__(self):
        d = self.dialect
        fields = []
        field = []
        state = 'start'
        resume = None
        quoted = False
        while True:
            line = next(self._it)
            self.line_num += 1
            if not isinstance(line, str):
                raise Error('iterator should return strings, not %s (the file should be opened in text mode)' % type(line).__name__)
            i = 0
            n = len(line)
            while i < n:
                c = line[i]
                if state == 'start':
                    field = []
                    quoted = False
                    if c in '\r\n':
                        break
                    if c == d.quotechar and d.quoting != QUOTE_NONE:
                        state = 'quoted'
                        quoted = True
                    elif c == d.delimiter:
                        fields.append(self._conv('', False))
                    elif c == ' ' and d.skipinitialspace:
                        pass
                    elif c == d.escapechar:
                        state, resume = 'escape', 'field'
                    else:
                        field.append(c)
                        state = 'field'
                elif state == 'field':
                    if c in '\r\n':
                        break
                    if c == d.delimiter:
                        fields.append(self._conv(''.join(field), quoted))
                        state = 'start'
                    elif c == d.escapechar:
                        state, resume = 'escape', 'field'
                    else:
                        field.append(c)
                elif state == 'escape':
                    # The escaped character, whatever it is, and back to
                    # the state the escape came from.
                    field.append(c)
                    state = resume
                elif state == 'quoted':
                    if c == d.escapechar:
                        state, resume = 'escape', 'quoted'
                    elif c == d.quotechar:
                        state = 'quote_in_quoted'
                    else:
                        field.append(c)
                elif state == 'quote_in_quoted':
                    if c == d.quotechar and d.doublequote:
                        field.append(c)
                        state = 'quoted'
                    elif c == d.delimiter:
                        fields.append(self._conv(''.join(field), quoted))
                        state = 'start'
                    elif c in '\r\n':
                        break
                    elif d.strict:
                        raise Error("'%s' expected after '%s'" % (d.delimiter, d.quotechar))
                    else:
                        field.append(c)
                        state = 'field'
                i += 1
            if state == 'quoted' or state == 'escape' and resume == 'quoted':
                continue
            break
        if state == 'start':
            if fields:
                fields.append(self._conv('', False))
            return fields
        fields.append(self._conv(''.join(field), quoted))
        return fields

    def _conv(self, s, quoted):
        if self.dialect.quoting == QUOTE_NONNUMERIC and not quoted:
            if s == '':
                return s
            return float(s)
        return s


def reader(csvfile, dialect='excel', **fmtparams):
    return _Reader(csvfile, dialect, fmtparams)


class _Writer:
    def __init__(self, f, dialect, kw):
        self._f = f
        self.dialect = _Params(dialect, kw)

    def _field(self, v):
        d = self.dialect
        if v is None:
            s = ''
        elif isinstance(v, float):
            s = repr(v)
        else:
            s = str(v)
        if d.quoting == QUOTE_ALL:
            quote = True
        elif d.quoting == QUOTE_NONNUMERIC:
            quote = not isinstance(v, (int, float)) or isinstance(v, bool)
        elif d.quoting == QUOTE_NONE:
            quote = False
        else:
            quote = any(c in s for c in (d.delimiter, d.quotechar, '\r', '\n'))
        if d.quoting == QUOTE_NONE:
            if d.escapechar:
                for c in (d.escapechar, d.delimiter, d.quotechar):
                    if c:
                        s = s.replace(c, d.escapechar + c)
            elif d.delimiter in s:
                raise Error('need to escape, but no escapechar set')
            return s
        if d.doublequote:
            s = s.replace(d.quotechar, d.quotechar * 2)
        elif d.escapechar:
            s = s.replace(d.quotechar, d.escapechar + d.quotechar)
        if quote:
            s = d.quotechar + s + d.quotechar
        return s

    def writerow(self, row):
        try:
            items = list(row)
        except TypeError:
            raise Error('iterable expected, not %s' % type(row).__name__)
        d = self.dialect
        if len(items) == 1 and (items[0] is None or items[0] == '') and d.quoting != QUOTE_NONE:
            line = d.quotechar * 2
        else:
            line = d.delimiter.join(self._field(v) for v in items)
        return self._f.write(line + d.lineterminator)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def writer(csvfile, dialect='excel', **fmtparams):
    return _Writer(csvfile, dialect, fmtparams)


class DictReader:
    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect='excel', *args, **kwds):
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d


class DictWriter:
    def __init__(self, f, fieldnames, restval='', extrasaction='raise', dialect='excel', *args, **kwds):
        self.fieldnames = fieldnames
        self.restval = restval
        if extrasaction.lower() not in ('raise', 'ignore'):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == 'raise':
            wrong_fields = [k for k in rowdict if k not in self.fieldnames]
            if wrong_fields:
                raise ValueError('dict contains fields not in fieldnames: ' + ', '.join([repr(x) for x in wrong_fields]))
        return (rowdict.get(key, self.restval) for key in self.fieldnames)

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))


class Sniffer:
    def sniff(self, sample, delimiters=None):
        for c in (delimiters or ',\t;|:'):
            if c in sample:
                class d(Dialect):
                    pass
                d.delimiter = c
                return d
        raise Error('Could not determine delimiter')

    def has_header(self, sample):
        return True
