
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
