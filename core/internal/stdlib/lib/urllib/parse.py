
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
