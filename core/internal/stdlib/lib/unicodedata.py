
# Only the general category (from Go's Unicode tables) and a few derived
# helpers are available; names and normalization tables are not.
import _amber_extra

unidata_version = '14.0.0'

def category(chr):
    return _amber_extra.category(chr)

def _lacking(default, msg):
    # What a numeric property of a character without one is.
    if default is None:
        raise ValueError(msg)
    return default

def decimal(chr, default=None):
    if isinstance(chr, str) and len(chr) == 1 and category(chr) == 'Nd':
        return int(chr)
    return _lacking(default, 'not a decimal')

def digit(chr, default=None):
    if isinstance(chr, str) and len(chr) == 1 and chr.isdigit():
        return int(chr)
    return _lacking(default, 'not a digit')

def numeric(chr, default=None):
    if isinstance(chr, str) and len(chr) == 1 and chr.isdigit():
        return float(int(chr))
    return _lacking(default, 'not a numeric character')

def mirrored(chr):
    return 1 if chr in '()<>[]{}' else 0

def combining(chr):
    return 0

def normalize(form, unistr):
    if form not in ('NFC', 'NFD', 'NFKC', 'NFKD'):
        raise ValueError('invalid normalization form')
    if unistr.isascii():
        return unistr
    raise NotImplementedError('unicodedata.normalize of non-ASCII text is not available in this sandbox')

def is_normalized(form, unistr):
    return normalize(form, unistr) == unistr
