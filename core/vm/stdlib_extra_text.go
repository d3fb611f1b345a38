package vm

// Python-written text modules: shlex, html, urllib.parse, csv.

func init() {
	RegisterPythonModule("shlex", shlexSrc)
	RegisterPythonModule("html", htmlSrc)
	RegisterPythonModule("urllib", "")
	RegisterPythonModule("urllib.parse", urllibParseSrc)
	RegisterPythonModule("csv", csvSrc)
}

const shlexSrc = `
import re as _re

_find_unsafe = _re.compile(r'[^\w@%+=:,./-]', _re.ASCII).search

def quote(s):
    if not s:
        return "''"
    if _find_unsafe(s) is None:
        return s
    return "'" + s.replace("'", "'\"'\"'") + "'"

def join(split_command):
    return ' '.join(quote(arg) for arg in split_command)

def split(s, comments=False, posix=True):
    if s is None:
        raise ValueError('s argument must not be None')
    out = []
    cur = []
    have = False
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c in ' \t\r\n':
            if have:
                out.append(''.join(cur))
                cur = []
                have = False
            i += 1
        elif comments and c == '#':
            if have:
                out.append(''.join(cur))
                cur = []
                have = False
            while i < n and s[i] != '\n':
                i += 1
        elif c == "'":
            have = True
            j = s.find("'", i + 1)
            if j < 0:
                raise ValueError('No closing quotation')
            if posix:
                cur.append(s[i + 1:j])
            else:
                cur.append(s[i:j + 1])
            i = j + 1
        elif c == '"':
            have = True
            i += 1
            if not posix:
                cur.append('"')
            while True:
                if i >= n:
                    raise ValueError('No closing quotation')
                c = s[i]
                if c == '"':
                    i += 1
                    if not posix:
                        cur.append('"')
                    break
                if c == '\\' and posix and i + 1 < n and s[i + 1] in '"\\$\x60\n':
                    cur.append(s[i + 1])
                    i += 2
                    continue
                cur.append(c)
                i += 1
        elif c == '\\' and posix:
            have = True
            if i + 1 >= n:
                raise ValueError('No escaped character')
            cur.append(s[i + 1])
            i += 2
        else:
            have = True
            cur.append(c)
            i += 1
    if have:
        out.append(''.join(cur))
    return out

class shlex:
    def __init__(self, instream=None, infile=None, posix=False, punctuation_chars=False):
        if hasattr(instream, 'read'):
            instream = instream.read()
        self._tokens = split(instream or '', comments=True, posix=posix)
        self.whitespace_split = False
        self.commenters = '#'

    def __iter__(self):
        return iter(self._tokens)

    def get_token(self):
        if self._tokens:
            return self._tokens.pop(0)
        return None
`

const htmlSrc = `
_escapes = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;'}

def escape(s, quote=True):
    s = s.replace('&', '&amp;')
    s = s.replace('<', '&lt;')
    s = s.replace('>', '&gt;')
    if quote:
        s = s.replace('"', '&quot;')
        s = s.replace("'", '&#x27;')
    return s

_named = {
    'amp': '&', 'lt': '<', 'gt': '>', 'quot': '"', 'apos': "'", 'nbsp': '\xa0',
    'copy': '\xa9', 'reg': '\xae', 'trade': '\u2122', 'hellip': '\u2026',
    'mdash': '\u2014', 'ndash': '\u2013', 'lsquo': '\u2018', 'rsquo': '\u2019',
    'ldquo': '\u201c', 'rdquo': '\u201d', 'euro': '\u20ac', 'pound': '\xa3',
    'yen': '\xa5', 'cent': '\xa2', 'sect': '\xa7', 'deg': '\xb0', 'plusmn': '\xb1',
    'times': '\xd7', 'divide': '\xf7', 'middot': '\xb7', 'laquo': '\xab',
    'raquo': '\xbb', 'bull': '\u2022', 'larr': '\u2190', 'rarr': '\u2192',
    'uarr': '\u2191', 'darr': '\u2193', 'hearts': '\u2665', 'eacute': '\xe9',
    'egrave': '\xe8', 'agrave': '\xe0', 'aacute': '\xe1', 'ccedil': '\xe7',
    'ouml': '\xf6', 'uuml': '\xfc', 'auml': '\xe4', 'szlig': '\xdf', 'ntilde': '\xf1',
}

_invalid_charrefs = {
    0x00: '\ufffd', 0x0d: '\r', 0x80: '\u20ac', 0x81: '\x81', 0x82: '\u201a',
    0x83: '\u0192', 0x84: '\u201e', 0x85: '\u2026', 0x86: '\u2020', 0x87: '\u2021',
    0x88: '\u02c6', 0x89: '\u2030', 0x8a: '\u0160', 0x8b: '\u2039', 0x8c: '\u0152',
    0x8d: '\x8d', 0x8e: '\u017d', 0x8f: '\x8f', 0x90: '\x90', 0x91: '\u2018',
    0x92: '\u2019', 0x93: '\u201c', 0x94: '\u201d', 0x95: '\u2022', 0x96: '\u2013',
    0x97: '\u2014', 0x98: '\u02dc', 0x99: '\u2122', 0x9a: '\u0161', 0x9b: '\u203a',
    0x9c: '\u0153', 0x9d: '\x9d', 0x9e: '\u017e', 0x9f: '\u0178',
}

def _charref(s, i):
    # s[i] == '&'; returns (replacement, next index) or None
    n = len(s)
    j = i + 1
    if j < n and s[j] == '#':
        j += 1
        hexa = j < n and s[j] in 'xX'
        if hexa:
            j += 1
        k = j
        digits = '0123456789abcdefABCDEF' if hexa else '0123456789'
        while k < n and s[k] in digits:
            k += 1
        if k == j:
            return None
        num = int(s[j:k], 16 if hexa else 10)
        if k < n and s[k] == ';':
            k += 1
        if num in _invalid_charrefs:
            return _invalid_charrefs[num], k
        if 0xD800 <= num <= 0xDFFF or num > 0x10FFFF:
            return '\ufffd', k
        return chr(num), k
    k = j
    while k < n and (s[k].isalnum()):
        k += 1
    name = s[j:k]
    if k < n and s[k] == ';' and name in _named:
        return _named[name], k + 1
    # longest known prefix without semicolon (only for the legacy names)
    for m in range(len(name), 0, -1):
        if name[:m] in ('amp', 'lt', 'gt', 'quot', 'nbsp', 'copy', 'reg') and name[:m] in _named:
            return _named[name[:m]], j + m
    return None

def unescape(s):
    if '&' not in s:
        return s
    out = []
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c == '&':
            r = _charref(s, i)
            if r is not None:
                out.append(r[0])
                i = r[1]
                continue
        out.append(c)
        i += 1
    return ''.join(out)
`

const urllibParseSrc = `
from collections import namedtuple as _nt

__all__ = ['urlparse', 'urlunparse', 'urljoin', 'urlsplit', 'urlunsplit', 'urlencode',
           'parse_qs', 'parse_qsl', 'quote', 'quote_plus', 'unquote', 'unquote_plus',
           'urldefrag', 'quote_from_bytes', 'unquote_to_bytes']

uses_relative = ['', 'ftp', 'http', 'gopher', 'nntp', 'imap', 'wais', 'file', 'https',
                 'shttp', 'mms', 'prospero', 'rtsp', 'rtspu', 'sftp', 'svn', 'svn+ssh', 'ws', 'wss']
uses_netloc = ['', 'ftp', 'http', 'gopher', 'nntp', 'telnet', 'imap', 'wais', 'file', 'mms',
               'https', 'shttp', 'snews', 'prospero', 'rtsp', 'rtspu', 'rsync', 'svn',
               'svn+ssh', 'sftp', 'nfs', 'git', 'git+ssh', 'ws', 'wss']
uses_params = ['', 'ftp', 'hdl', 'prospero', 'http', 'imap', 'https', 'shttp', 'rtsp',
               'rtspu', 'sip', 'sips', 'mms', 'sftp', 'tel']

_scheme_chars = ('abcdefghijklmnopqrstuvwxyz'
                 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
                 '0123456789'
                 '+-.')


class _NetlocMixin:
    @property
    def username(self):
        netloc = self.netloc
        if '@' in netloc:
            userinfo = netloc.rpartition('@')[0]
            return userinfo.partition(':')[0]
        return None

    @property
    def password(self):
        netloc = self.netloc
        if '@' in netloc:
            userinfo = netloc.rpartition('@')[0]
            u, have, p = userinfo.partition(':')
            return p if have else None
        return None

    def _hostinfo(self):
        netloc = self.netloc.rpartition('@')[2]
        if netloc.startswith('['):
            host, _, rest = netloc[1:].partition(']')
            _, have, port = rest.partition(':')
        else:
            host, have, port = netloc.partition(':')
        return host, (port if have else None)

    @property
    def hostname(self):
        host = self._hostinfo()[0]
        if not host:
            return None
        return host.lower()

    @property
    def port(self):
        port = self._hostinfo()[1]
        if port is None or port == '':
            return None
        if not port.isdigit():
            raise ValueError("Port could not be cast to integer value as %r" % port)
        p = int(port)
        if not 0 <= p <= 65535:
            raise ValueError('Port out of range 0-65535')
        return p


class SplitResult(_nt('SplitResult', 'scheme netloc path query fragment'), _NetlocMixin):
    __slots__ = ()

    def geturl(self):
        return urlunsplit(self)


class ParseResult(_nt('ParseResult', 'scheme netloc path params query fragment'), _NetlocMixin):
    __slots__ = ()

    def geturl(self):
        return urlunparse(self)


class DefragResult(_nt('DefragResult', 'url fragment')):
    __slots__ = ()

    def geturl(self):
        if self.fragment:
            return self.url + '#' + self.fragment
        return self.url


def _splitnetloc(url, start=0):
    delim = len(url)
    for c in '/?#':
        wdelim = url.find(c, start)
        if wdelim >= 0:
            delim = min(delim, wdelim)
    return url[start:delim], url[delim:]


def urlsplit(url, scheme='', allow_fragments=True):
    url = url.lstrip(' \t\n\r\x00\x0b\x0c')
    for b in '\t\r\n':
        url = url.replace(b, '')
    netloc = query = fragment = ''
    i = url.find(':')
    if i > 0 and url[0].isascii() and url[0].isalpha():
        for c in url[:i]:
            if c not in _scheme_chars:
                break
        else:
            scheme, url = url[:i].lower(), url[i + 1:]
    if url[:2] == '//':
        netloc, url = _splitnetloc(url, 2)
        if (('[' in netloc and ']' not in netloc) or
                (']' in netloc and '[' not in netloc)):
            raise ValueError('Invalid IPv6 URL')
    if allow_fragments and '#' in url:
        url, fragment = url.split('#', 1)
    if '?' in url:
        url, query = url.split('?', 1)
    return SplitResult(scheme, netloc, url, query, fragment)


def _splitparams(url):
    if '/' in url:
        i = url.find(';', url.rfind('/'))
        if i < 0:
            return url, ''
    else:
        i = url.find(';')
    return url[:i], url[i + 1:]


def urlparse(url, scheme='', allow_fragments=True):
    scheme, netloc, url, query, fragment = urlsplit(url, scheme, allow_fragments)
    if scheme in uses_params and ';' in url:
        url, params = _splitparams(url)
    else:
        params = ''
    return ParseResult(scheme, netloc, url, params, query, fragment)


def urlunsplit(components):
    scheme, netloc, url, query, fragment = components
    if netloc or (scheme and scheme in uses_netloc and url[:2] != '//'):
        if url and url[:1] != '/':
            url = '/' + url
        url = '//' + (netloc or '') + url
    if scheme:
        url = scheme + ':' + url
    if query:
        url = url + '?' + query
    if fragment:
        url = url + '#' + fragment
    return url


def urlunparse(components):
    scheme, netloc, url, params, query, fragment = components
    if params:
        url = '%s;%s' % (url, params)
    return urlunsplit((scheme, netloc, url, query, fragment))


def urljoin(base, url, allow_fragments=True):
    if not base:
        return url
    if not url:
        return base
    bscheme, bnetloc, bpath, bparams, bquery, bfragment = urlparse(base, '', allow_fragments)
    scheme, netloc, path, params, query, fragment = urlparse(url, bscheme, allow_fragments)
    if not scheme:
        scheme = bscheme
    if scheme != bscheme or scheme not in uses_relative:
        return url
    if scheme in uses_netloc:
        if netloc:
            return urlunparse((scheme, netloc, path, params, query, fragment))
        netloc = bnetloc
    if not path and not params:
        path = bpath
        params = bparams
        if not query:
            query = bquery
        return urlunparse((scheme, netloc, path, params, query, fragment))
    base_parts = bpath.split('/')
    if base_parts[-1] != '':
        del base_parts[-1]
    if path[:1] == '/':
        segments = path.split('/')
    else:
        segments = base_parts + path.split('/')
        segments[1:-1] = filter(None, segments[1:-1])
    resolved_path = []
    for seg in segments:
        if seg == '..':
            try:
                resolved_path.pop()
            except IndexError:
                pass
        elif seg == '.':
            continue
        else:
            resolved_path.append(seg)
    if segments[-1] in ('.', '..'):
        resolved_path.append('')
    return urlunparse((scheme, netloc, '/'.join(resolved_path) or '/', params, query, fragment))


def urldefrag(url):
    if '#' in url:
        s, n, p, a, q, frag = urlparse(url)
        defrag = urlunparse((s, n, p, a, q, ''))
    else:
        frag = ''
        defrag = url
    return DefragResult(defrag, frag)


_ALWAYS_SAFE = frozenset(b'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
                         b'abcdefghijklmnopqrstuvwxyz'
                         b'0123456789'
                         b'_.-~')


def quote_from_bytes(bs, safe='/'):
    if isinstance(safe, str):
        safe = safe.encode('ascii', 'ignore')
    ok = _ALWAYS_SAFE | frozenset(safe)
    return ''.join(chr(b) if b in ok else '%%%02X' % b for b in bs)


def quote(string, safe='/', encoding=None, errors=None):
    if isinstance(string, str):
        if not string:
            return string
        string = string.encode(encoding or 'utf-8', errors or 'strict')
    return quote_from_bytes(string, safe)


def quote_plus(string, safe='', encoding=None, errors=None):
    if ((isinstance(string, str) and ' ' not in string) or
            (isinstance(string, bytes) and b' ' not in string)):
        return quote(string, safe, encoding, errors)
    if isinstance(safe, str):
        space = ' '
    else:
        space = b' '
    string = quote(string, safe + space, encoding, errors)
    return string.replace(' ', '+')


_hexdig = '0123456789ABCDEFabcdef'


def unquote_to_bytes(string):
    if isinstance(string, str):
        string = string.encode('utf-8')
    bits = string.split(b'%')
    if len(bits) == 1:
        return string
    res = [bits[0]]
    for item in bits[1:]:
        h = item[:2]
        if len(h) == 2 and all(chr(c) in _hexdig for c in h):
            res.append(bytes([int(h, 16)]))
            res.append(item[2:])
        else:
            res.append(b'%')
            res.append(item)
    return b''.join(res)


def unquote(string, encoding='utf-8', errors='replace'):
    if isinstance(string, bytes):
        return unquote_to_bytes(string).decode(encoding, errors)
    if '%' not in string:
        return string
    return unquote_to_bytes(string).decode(encoding or 'utf-8', errors or 'replace')


def unquote_plus(string, encoding='utf-8', errors='replace'):
    string = string.replace('+', ' ')
    return unquote(string, encoding, errors)


def parse_qsl(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8',
              errors='replace', max_num_fields=None, separator='&'):
    if not qs:
        return []
    r = []
    for name_value in qs.split(separator):
        if not name_value and not strict_parsing:
            continue
        nv = name_value.split('=', 1)
        if len(nv) != 2:
            if strict_parsing:
                raise ValueError('bad query field: %r' % (name_value,))
            if keep_blank_values:
                nv.append('')
            else:
                continue
        if len(nv[1]) or keep_blank_values:
            name = unquote(nv[0].replace('+', ' '), encoding, errors)
            value = unquote(nv[1].replace('+', ' '), encoding, errors)
            r.append((name, value))
    return r


def parse_qs(qs, keep_blank_values=False, strict_parsing=False, encoding='utf-8',
             errors='replace', max_num_fields=None, separator='&'):
    parsed_result = {}
    for name, value in parse_qsl(qs, keep_blank_values, strict_parsing, encoding, errors,
                                 max_num_fields, separator):
        if name in parsed_result:
            parsed_result[name].append(value)
        else:
            parsed_result[name] = [value]
    return parsed_result


def urlencode(query, doseq=False, safe='', encoding=None, errors=None, quote_via=quote_plus):
    if hasattr(query, 'items'):
        query = query.items()
    else:
        try:
            if len(query) and not isinstance(query[0], tuple):
                raise TypeError
        except TypeError:
            raise TypeError('not a valid non-string sequence or mapping object') from None
    l = []
    def q(v):
        if isinstance(v, (str, bytes)):
            return quote_via(v, safe, encoding, errors) if isinstance(v, str) else quote_via(v, safe)
        return quote_via(str(v), safe, encoding, errors)
    if not doseq:
        for k, v in query:
            l.append(q(k) + '=' + q(v))
    else:
        for k, v in query:
            k = q(k)
            if isinstance(v, (str, bytes)):
                l.append(k + '=' + q(v))
            else:
                try:
                    len(v)
                except TypeError:
                    l.append(k + '=' + q(v))
                else:
                    for elt in v:
                        l.append(k + '=' + q(elt))
    return '&'.join(l)
`

const csvSrc = `
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
                        state = 'escape'
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
                        state = 'escape'
                    else:
                        field.append(c)
                elif state == 'escape':
                    field.append(c)
                    state = 'field'
                elif state == 'quoted':
                    if c == d.escapechar:
                        state = 'qescape'
                    elif c == d.quotechar:
                        state = 'quote_in_quoted'
                    else:
                        field.append(c)
                elif state == 'qescape':
                    field.append(c)
                    state = 'quoted'
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
            if state in ('quoted', 'qescape'):
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
`
