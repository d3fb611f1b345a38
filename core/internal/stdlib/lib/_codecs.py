# _codecs: encode and decode by codec name, over str.encode and
# bytes.decode (the codecs the sandbox has). Pickles of bytes made with
# protocols 0 to 2 name _codecs.encode.


def encode(obj, encoding='utf-8', errors='strict'):
    if not isinstance(obj, str):
        raise TypeError("utf_8_encode() argument 1 must be str, not %s" % type(obj).__name__)
    return obj.encode(encoding, errors)


def decode(obj, encoding='utf-8', errors='strict'):
    return bytes(obj).decode(encoding, errors)
