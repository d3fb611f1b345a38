
import _amber_extra

MAX_WBITS = 15
DEFLATED = 8
DEF_MEM_LEVEL = 8
DEF_BUF_SIZE = 16384
Z_DEFAULT_COMPRESSION = -1
Z_NO_COMPRESSION = 0
Z_BEST_SPEED = 1
Z_BEST_COMPRESSION = 9
ZLIB_VERSION = '1.2.13'
ZLIB_RUNTIME_VERSION = '1.2.13'

class error(Exception):
    pass

def compress(data, /, level=-1, wbits=15):
    return _amber_extra.zlib_compress(bytes(data), level)

def decompress(data, /, wbits=15, bufsize=16384):
    out = _amber_extra.zlib_decompress(bytes(data), 0)
    if out is None:
        raise error('Error -3 while decompressing data: incorrect header check')
    return out

def crc32(data, value=0):
    return _amber_extra.crc32(bytes(data), value)

def adler32(data, value=1):
    return _amber_extra.adler32(bytes(data), value)
