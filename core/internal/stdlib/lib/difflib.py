# difflib: sequence matching and line diffs.
#
# The matcher looks for the longest run that two sequences share, keeps it,
# and does the same on either side of it. Elements the caller calls junk,
# and, for long second sequences, elements so common that they say little
# ("popular" ones), never start a run; runs may still grow across them at
# their ends. Results (blocks, opcodes, ratios, diff text) are CPython's.
from collections import namedtuple as _namedtuple

Match = _namedtuple('Match', 'a b size')

_POPULAR_MIN_LEN = 200


def _where(seq, isjunk, autojunk):
    """Map each element of seq to the ascending positions it occurs at,
    leaving out junk and popular elements; return the map and both sets."""
    where = {}
    for pos, item in enumerate(seq):
        if item in where:
            where[item].append(pos)
        else:
            where[item] = [pos]
    junk = set()
    if isjunk:
        junk = {item for item in where if isjunk(item)}
        for item in junk:
            del where[item]
    popular = set()
    if autojunk and len(seq) >= _POPULAR_MIN_LEN:
        limit = len(seq) // 100 + 1
        popular = {item for item, spots in where.items() if len(spots) > limit}
        for item in popular:
            del where[item]
    return where, junk, popular


class SequenceMatcher:
    def __init__(self, isjunk=None, a='', b='', autojunk=True):
        self.isjunk = isjunk
        self.autojunk = autojunk
        self.a = None
        self.b = None
        self.set_seqs(a, b)

    def set_seqs(self, a, b):
        self.set_seq1(a)
        self.set_seq2(b)

    def set_seq1(self, a):
        if a is not self.a:
            self.a = a
            self._forget()

    def set_seq2(self, b):
        if b is self.b:
            return
        self.b = b
        self._forget()
        self.fullbcount = None
        self.b2j, self.bjunk, self.bpopular = _where(b, self.isjunk, self.autojunk)

    def _forget(self):
        self.matching_blocks = None
        self.opcodes = None

    def find_longest_match(self, alo=0, ahi=None, blo=0, bhi=None):
        a, b = self.a, self.b
        if ahi is None:
            ahi = len(a)
        if bhi is None:
            bhi = len(b)
        # ending[j] is the length of the shared run that ends at a[i], b[j]
        # for the current i; only indexed (non-junk, non-popular) elements
        # take part.
        best = (alo, blo, 0)
        ending = {}
        for i in range(alo, ahi):
            now = {}
            for j in self.b2j.get(a[i], ()):
                if j >= bhi:
                    break
                if j < blo:
                    continue
                size = ending.get(j - 1, 0) + 1
                now[j] = size
                if size > best[2]:
                    best = (i + 1 - size, j + 1 - size, size)
            ending = now
        i, j, size = best
        junk = self.bjunk
        # Grow the run over equal elements that are not junk, then over
        # equal junk, on both ends.
        for wanted in (False, True):
            while i > alo and j > blo and (b[j - 1] in junk) == wanted and a[i - 1] == b[j - 1]:
                i, j, size = i - 1, j - 1, size + 1
            while i + size < ahi and j + size < bhi and (b[j + size] in junk) == wanted and a[i + size] == b[j + size]:
                size += 1
        return Match(i, j, size)

    def get_matching_blocks(self):
        if self.matching_blocks is not None:
            return self.matching_blocks
        found = []
        pending = [(0, len(self.a), 0, len(self.b))]
        while pending:
            alo, ahi, blo, bhi = pending.pop()
            m = self.find_longest_match(alo, ahi, blo, bhi)
            if not m.size:
                continue
            found.append(m)
            if alo < m.a and blo < m.b:
                pending.append((alo, m.a, blo, m.b))
            if m.a + m.size < ahi and m.b + m.size < bhi:
                pending.append((m.a + m.size, ahi, m.b + m.size, bhi))
        found.sort()
        merged = []
        for m in found:
            if merged:
                last = merged[-1]
                if last[0] + last[2] == m.a and last[1] + last[2] == m.b:
                    merged[-1] = (last[0], last[1], last[2] + m.size)
                    continue
            merged.append(tuple(m))
        merged.append((len(self.a), len(self.b), 0))
        self.matching_blocks = [Match(*m) for m in merged]
        return self.matching_blocks

    def get_opcodes(self):
        if self.opcodes is not None:
            return self.opcodes
        codes = []
        ia = ib = 0
        for ma, mb, size in self.get_matching_blocks():
            if ia < ma or ib < mb:
                if ia < ma and ib < mb:
                    kind = 'replace'
                elif ia < ma:
                    kind = 'delete'
                else:
                    kind = 'insert'
                codes.append((kind, ia, ma, ib, mb))
            ia, ib = ma + size, mb + size
            if size:
                codes.append(('equal', ma, ia, mb, ib))
        self.opcodes = codes
        return codes

    def get_grouped_opcodes(self, n=3):
        # Like CPython, trim the cached opcodes in place.
        codes = self.get_opcodes() or [('equal', 0, 1, 0, 1)]
        # Trim unchanged context at both ends to n elements.
        kind, a1, a2, b1, b2 = codes[0]
        if kind == 'equal':
            codes[0] = (kind, max(a1, a2 - n), a2, max(b1, b2 - n), b2)
        kind, a1, a2, b1, b2 = codes[-1]
        if kind == 'equal':
            codes[-1] = (kind, a1, min(a2, a1 + n), b1, min(b2, b1 + n))
        hunk = []
        for kind, a1, a2, b1, b2 in codes:
            # A long unchanged stretch ends one hunk and starts the next.
            if kind == 'equal' and a2 - a1 > 2 * n:
                hunk.append((kind, a1, min(a2, a1 + n), b1, min(b2, b1 + n)))
                yield hunk
                hunk = []
                a1, b1 = max(a1, a2 - n), max(b1, b2 - n)
            hunk.append((kind, a1, a2, b1, b2))
        if hunk and (len(hunk) > 1 or hunk[0][0] != 'equal'):
            yield hunk

    def ratio(self):
        shared = 0
        for m in self.get_matching_blocks():
            shared += m.size
        return _ratio(shared, len(self.a) + len(self.b))

    def quick_ratio(self):
        # An upper bound on ratio(): elements in common, ignoring order.
        if self.fullbcount is None:
            counts = {}
            for item in self.b:
                counts[item] = counts.get(item, 0) + 1
            self.fullbcount = counts
        left = dict(self.fullbcount)
        shared = 0
        for item in self.a:
            if left.get(item, 0) > 0:
                left[item] -= 1
                shared += 1
        return _ratio(shared, len(self.a) + len(self.b))

    def real_quick_ratio(self):
        la, lb = len(self.a), len(self.b)
        return _ratio(min(la, lb), la + lb)


def _ratio(shared, total):
    return 2.0 * shared / total if total else 1.0


def get_close_matches(word, possibilities, n=3, cutoff=0.6):
    if n <= 0:
        raise ValueError('n must be > 0: %r' % (n,))
    if not (0.0 <= cutoff <= 1.0):
        raise ValueError('cutoff must be in [0.0, 1.0]: %r' % (cutoff,))
    matcher = SequenceMatcher()
    matcher.set_seq2(word)
    scored = []
    for candidate in possibilities:
        matcher.set_seq1(candidate)
        # The cheap bounds first: each is at least ratio().
        if (matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff
                and matcher.ratio() >= cutoff):
            scored.append((matcher.ratio(), candidate))
    scored.sort(reverse=True)
    return [candidate for _, candidate in scored[:n]]


def _header(mark, name, date, lineterm):
    return '%s %s%s%s' % (mark, name, '\t%s' % date if date else '', lineterm)


def _unified_range(start, stop):
    # "first,count", 1-based; an empty range names the line before it.
    count = stop - start
    if count == 1:
        return str(start + 1)
    return '%d,%d' % (start + 1 if count else start, count)


def _context_range(start, stop):
    # "first,last", 1-based; a single line or an empty range is one number.
    count = stop - start
    first = start + 1 if count else start
    if count <= 1:
        return str(first)
    return '%d,%d' % (first, first + count - 1)


def _marked(a, b, code, same, gone, added):
    # The lines of one opcode, each behind the mark of what happened to it.
    kind, a1, a2, b1, b2 = code
    if kind == 'equal':
        for line in a[a1:a2]:
            yield same + line
        return
    if kind != 'insert':
        for line in a[a1:a2]:
            yield gone + line
    if kind != 'delete':
        for line in b[b1:b2]:
            yield added + line


def _file_diff(a, b, n, lineterm, heads, hunk_lines):
    # unified_diff and context_diff: the two file headers (heads: each
    # file's (mark, name, date)) before the first hunk, then each hunk's
    # lines as hunk_lines(a, b, hunk, lineterm) writes them.
    for i, hunk in enumerate(SequenceMatcher(None, a, b).get_grouped_opcodes(n)):
        if i == 0:
            for mark, name, date in heads:
                yield _header(mark, name, date, lineterm)
        yield from hunk_lines(a, b, hunk, lineterm)


def _unified_hunk(a, b, hunk, lineterm):
    yield '@@ -%s +%s @@%s' % (_unified_range(hunk[0][1], hunk[-1][2]),
                               _unified_range(hunk[0][3], hunk[-1][4]), lineterm)
    for code in hunk:
        yield from _marked(a, b, code, ' ', '-', '+')


def unified_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    yield from _file_diff(a, b, n, lineterm, (('---', fromfile, fromfiledate), ('+++', tofile, tofiledate)),
                          _unified_hunk)


_CONTEXT_MARK = {'insert': '+ ', 'delete': '- ', 'replace': '! ', 'equal': '  '}


def _context_side(lines, hunk, side, skip):
    # One file's half of a context diff hunk: the lines of each opcode but
    # those of kind skip, behind the mark of the opcode's kind. A side with
    # no lines of its own is left out.
    if all(code[0] in (skip, 'equal') for code in hunk):
        return
    for code in hunk:
        if code[0] != skip:
            for line in lines[code[side]:code[side + 1]]:
                yield _CONTEXT_MARK[code[0]] + line


def _context_hunk(a, b, hunk, lineterm):
    yield '***************' + lineterm
    yield '*** %s ****%s' % (_context_range(hunk[0][1], hunk[-1][2]), lineterm)
    yield from _context_side(a, hunk, 1, 'insert')
    yield '--- %s ----%s' % (_context_range(hunk[0][3], hunk[-1][4]), lineterm)
    yield from _context_side(b, hunk, 3, 'delete')


def context_diff(a, b, fromfile='', tofile='', fromfiledate='', tofiledate='', n=3, lineterm='\n'):
    yield from _file_diff(a, b, n, lineterm, (('***', fromfile, fromfiledate), ('---', tofile, tofiledate)),
                          _context_hunk)


class Differ:
    def __init__(self, linejunk=None, charjunk=None):
        self.linejunk = linejunk
        self.charjunk = charjunk

    def compare(self, a, b):
        for code in SequenceMatcher(self.linejunk, a, b).get_opcodes():
            yield from _marked(a, b, code, '  ', '- ', '+ ')


def ndiff(a, b, linejunk=None, charjunk=None):
    return Differ(linejunk, charjunk).compare(a, b)


def IS_LINE_JUNK(line, pat=None):
    return line.strip() in ('', '#')


def IS_CHARACTER_JUNK(ch, ws=' \t'):
    return ch in ws
