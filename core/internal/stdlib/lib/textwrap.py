
__all__ = ['TextWrapper', 'wrap', 'fill', 'dedent', 'indent', 'shorten']

_whitespace = '\t\n\x0b\x0c\r '


class TextWrapper:
    def __init__(self, width=70, initial_indent='', subsequent_indent='',
                 expand_tabs=True, replace_whitespace=True,
                 fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8,
                 *, max_lines=None, placeholder=' [...]'):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            for c in _whitespace:
                text = text.replace(c, ' ')
        return text

    def _split(self, text):
        # Words and runs of whitespace; with break_on_hyphens, words split
        # after hyphens that follow a letter and precede a letter.
        chunks = []
        i = 0
        n = len(text)
        while i < n:
            if text[i] in _whitespace:
                j = i
                while j < n and text[j] in _whitespace:
                    j += 1
                chunks.append(text[i:j])
                i = j
                continue
            j = i
            while j < n and text[j] not in _whitespace:
                j += 1
            word = text[i:j]
            if self.break_on_hyphens:
                chunks.extend(self._split_hyphens(word))
            else:
                chunks.append(word)
            i = j
        return chunks

    def _split_hyphens(self, word):
        parts = []
        start = 0
        k = 1
        while k < len(word) - 1:
            if (word[k] == '-' and word[k - 1].isalnum() and word[k + 1].isalpha()
                    and any(c.isalpha() for c in word[start:k])):
                parts.append(word[start:k + 1])
                start = k + 1
            k += 1
        parts.append(word[start:])
        return parts

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            c = chunks[i]
            if (chunks[i + 1] == ' ' and len(c) >= 2 and c[-1] in '.!?'
                    and c[-2].islower()) or (chunks[i + 1] == ' ' and len(c) >= 3
                    and c[-1] in '"\'' and c[-2] in '.!?' and c[-3].islower()):
                chunks[i + 1] = '  '
                i += 2
            else:
                i += 1

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        if width < 1:
            space_left = 1
        else:
            space_left = width - cur_len
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                hyphen = chunk.rfind('-', 0, space_left)
                if hyphen > 0 and any(c != '-' for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        if self.width <= 0:
            raise ValueError('invalid width %r (must be > 0)' % self.width)
        limited = self.max_lines is not None
        if limited:
            first = self.subsequent_indent if self.max_lines > 1 else self.initial_indent
            if len(first) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError('placeholder too large for max width')
        # The next chunk is at the end of pending.
        pending = chunks[::-1]
        lines = []
        while pending:
            indent = self.subsequent_indent if lines else self.initial_indent
            room = self.width - len(indent)
            if self.drop_whitespace and lines and not pending[-1].strip():
                pending.pop()
            line, used = self._fill_line(pending, room)
            if not line:
                continue
            last_line = not limited or len(lines) + 1 < self.max_lines
            rest_blank = not pending or (self.drop_whitespace and len(pending) == 1
                                         and not pending[0].strip())
            if last_line or (rest_blank and used <= room):
                lines.append(indent + ''.join(line))
                continue
            # The line limit cuts the text here: end with the placeholder.
            self._end_with_placeholder(lines, line, used, room, indent)
            break
        return lines

    def _fill_line(self, pending, room):
        # Take whole chunks while they fit, then part of a long word, and
        # drop trailing whitespace; return the chunks and their length.
        line, used = [], 0
        while pending and used + len(pending[-1]) <= room:
            used += len(pending[-1])
            line.append(pending.pop())
        if pending and len(pending[-1]) > room:
            self._handle_long_word(pending, line, used, room)
            used = sum(len(c) for c in line)
        if self.drop_whitespace and line and not line[-1].strip():
            used -= len(line.pop())
        return line, used

    def _end_with_placeholder(self, lines, line, used, room, indent):
        while line:
            if line[-1].strip() and used + len(self.placeholder) <= room:
                lines.append(indent + ''.join(line) + self.placeholder)
                return
            used -= len(line.pop())
        if lines:
            previous = lines[-1].rstrip()
            if len(previous) + len(self.placeholder) <= self.width:
                lines[-1] = previous + self.placeholder
                return
        lines.append(indent + self.placeholder.lstrip())

    def _split_chunks(self, text):
        text = self._munge_whitespace(text)
        return self._split(text)

    def wrap(self, text):
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        return '\n'.join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(' '.join(text.strip().split()))


def dedent(text):
    lines = text.split('\n')
    margin = None
    for line in lines:
        stripped = line.lstrip(' \t')
        if not stripped:
            continue
        indent = line[:len(line) - len(stripped)]
        if margin is None:
            margin = indent
        elif indent.startswith(margin):
            pass
        elif margin.startswith(indent):
            margin = indent
        else:
            k = 0
            while k < len(margin) and k < len(indent) and margin[k] == indent[k]:
                k += 1
            margin = margin[:k]
    out = []
    for line in lines:
        if not line.strip(' \t'):
            out.append('')
        elif margin:
            out.append(line[len(margin):])
        else:
            out.append(line)
    return '\n'.join(out)


def indent(text, prefix, predicate=None):
    if predicate is None:
        def predicate(line):
            return line.strip()
    return ''.join(prefix + line if predicate(line) else line
                   for line in text.splitlines(True))
