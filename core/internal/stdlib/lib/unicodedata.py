# The Unicode character database of Unicode 14.0.0, CPython 3.11's: names,
# categories, bidirectional classes, East Asian widths, combining classes,
# mirroring and numeric values come from _unicodedata (package unidata,
# generated from CPython's own tables). Normalization tables are not
# here: normalize() handles ASCII text only.
import _unicodedata
from _unicodedata import (bidirectional, category, combining, decimal, digit, east_asian_width, lookup,
                          mirrored, name, numeric)

unidata_version = _unicodedata.unidata_version


def normalize(form, unistr):
    if form not in ('NFC', 'NFD', 'NFKC', 'NFKD'):
        raise ValueError('invalid normalization form')
    if unistr.isascii():
        return unistr
    raise NotImplementedError('unicodedata.normalize of non-ASCII text is not available in this sandbox')


def is_normalized(form, unistr):
    return normalize(form, unistr) == unistr
