# unicodedata's names and properties: the whole of Unicode 14.0.0 checked
# against CPython's answers by digest, and some characters shown.
import hashlib
import unicodedata as u
import sys

print(u.unidata_version)
for ch in 'aZ5 \t\u00e9\u00bd\u0663\u2167\u4e00\uac00\u05d0\u0644\u200f\u0301\u3000\uff21\U0001f600\u0378\ue000':
    print('%04X' % ord(ch), u.name(ch, None), u.category(ch), u.bidirectional(ch), u.east_asian_width(ch),
          u.combining(ch), u.mirrored(ch), u.decimal(ch, None), u.digit(ch, None), u.numeric(ch, None))
print(u.lookup('LATIN SMALL LETTER A'), u.lookup('latin small letter a'), u.lookup('CJK UNIFIED IDEOGRAPH-4E00'),
      u.lookup('HANGUL SYLLABLE GAG'), u.lookup(b'GRINNING FACE'), u.lookup('CJK UNIFIED IDEOGRAPH-20000'))

# A sample of code points (the first 2048, then every 53rd): the digest of
# each property over them. (unidata's test checks the whole table against
# CPython's.)
digests = {k: hashlib.sha256() for k in ('name', 'category', 'bidirectional', 'east_asian_width', 'combining',
                                          'mirrored', 'decimal', 'digit', 'numeric', 'lookup')}
for cp in list(range(0x800)) + list(range(0x800, sys.maxunicode + 1, 53)):
    if 0xD800 <= cp <= 0xDFFF:
        continue
    ch = chr(cp)
    n = u.name(ch, '')
    digests['name'].update(n.encode() + b'\n')
    digests['category'].update(u.category(ch).encode())
    digests['bidirectional'].update(u.bidirectional(ch).encode() + b',')
    digests['east_asian_width'].update(u.east_asian_width(ch).encode() + b',')
    digests['combining'].update(b'%d,' % u.combining(ch))
    digests['mirrored'].update(b'%d' % u.mirrored(ch))
    digests['decimal'].update(b'%r,' % u.decimal(ch, None))
    digests['digit'].update(b'%r,' % u.digit(ch, None))
    digests['numeric'].update(repr(u.numeric(ch, None)).encode() + b',')
    if n:
        digests['lookup'].update(b'%d' % (u.lookup(n) == ch))
for k, d in digests.items():
    print(k, d.hexdigest()[:16])
