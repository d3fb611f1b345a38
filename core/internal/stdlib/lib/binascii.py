
class Error(ValueError):
    pass


class Incomplete(Exception):
    pass


def hexlify(data, sep=None, bytes_per_sep=1):
    if sep is None:
        return bytes(data).hex().encode()
    return bytes(data).hex(sep, bytes_per_sep).encode()


b2a_hex = hexlify


def unhexlify(hexstr):
    if isinstance(hexstr, str):
        hexstr = hexstr.encode('ascii')
    if len(hexstr) % 2:
        raise Error('Odd-length string')
    try:
        return bytes.fromhex(hexstr.decode('ascii'))
    except ValueError:
        raise Error('Non-hexadecimal digit found') from None


a2b_hex = unhexlify


def crc32(data, value=0):
    import zlib
    return zlib.crc32(data, value)
