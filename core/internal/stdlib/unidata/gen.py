"""Writes unidata.bin, the Unicode character database tables behind
Amber's unicodedata module, from CPython 3.11's own unicodedata (Unicode
14.0.0), so Amber answers exactly as CPython does.

Run by `go generate ./core/internal/stdlib/unidata/` (see doc.go); the
package's test checks the committed file is what this writes.

The file is raw DEFLATE over UTF-8 lines, in code point order:
  P<hex>\t<category>\t<bidirectional>\t<east_asian_width>\t<combining>\t<mirrored>
      the properties of every code point from <hex> until the next P line
  N<hex>\t<name>
      a character's name
  R<hex>\t<hex>\t<prefix>
      the names of the range, each <prefix> followed by its code point in
      hex (CJK UNIFIED IDEOGRAPH-4E00, ...)
  D<hex>\t<decimal>\t<digit>\t<numeric>
      numeric values, '-' for none; numeric as Python's repr of the float
"""
import sys
import unicodedata
import zlib

if unicodedata.unidata_version != '14.0.0':
    sys.exit('gen.py: want the Unicode 14.0.0 tables of CPython 3.11, have ' + unicodedata.unidata_version)

out = []
prev = None
run = None  # (start, end, prefix) of algorithmic names


def flush():
    global run
    if run is not None:
        start, end, prefix = run
        if end - start >= 16:
            out.append('R%X\t%X\t%s' % (start, end, prefix))
        else:
            for c in range(start, end + 1):
                out.append('N%X\t%s%X' % (c, prefix, c))
        run = None


for cp in range(sys.maxunicode + 1):
    ch = chr(cp)
    props = (unicodedata.category(ch), unicodedata.bidirectional(ch), unicodedata.east_asian_width(ch),
             str(unicodedata.combining(ch)), str(unicodedata.mirrored(ch)))
    if props != prev:
        flush()
        out.append('P%X\t%s' % (cp, '\t'.join(props)))
        prev = props
    name = unicodedata.name(ch, None)
    hexs = '%04X' % cp
    if name is not None and name.endswith('-' + hexs):
        prefix = name[:-len(hexs)]
        if not (run is not None and run[2] == prefix and run[1] == cp - 1):
            flush()
            run = (cp, cp, prefix)
        else:
            run = (run[0], cp, prefix)
    else:
        flush()
        if name is not None:
            out.append('N%X\t%s' % (cp, name))
    dec = unicodedata.decimal(ch, None)
    dig = unicodedata.digit(ch, None)
    num = unicodedata.numeric(ch, None)
    if num is not None:
        out.append('D%X\t%s\t%s\t%r' % (cp, '-' if dec is None else dec, '-' if dig is None else dig, num))
flush()

text = ('\n'.join(out) + '\n').encode('utf-8')
c = zlib.compressobj(9, zlib.DEFLATED, -15)
data = c.compress(text) + c.flush()
with open(sys.argv[1] if len(sys.argv) > 1 else 'unidata.bin', 'wb') as f:
    f.write(data)
print('unidata.bin: %d lines, %d bytes of text, %d compressed' % (len(out), len(text), len(data)))
