# pickle: CPython's serialization format, protocols 0 to 5, for the data
# a session holds: None, bools, ints, floats, str, bytes, bytearray,
# tuples, lists, dicts, sets, frozensets, classes and functions by
# reference (module and qualified name), exceptions, and instances of
# classes (by reference to their class, with their state), through
# __reduce_ex__/__reduce__, __getnewargs(_ex)__, __getstate__ and
# __setstate__ as CPython uses them. The bytes dumps writes are CPython's
# for the same objects.
#
# loads reads untrusted data: every length is checked against the data
# left before anything is made, the stacks grow only with the input, and
# a malformed pickle is an UnpicklingError (or EOFError when it is
# empty), as in CPython. A global is resolved as CPython's find_class
# does (import the module inside the sandbox, then look the name up), so
# a pickle can call only what a program here could call itself.

import sys
import io
import copyreg
from copyreg import _extension_registry, _inverted_registry, _extension_cache
import struct as _struct
import _codecs

__all__ = ['PickleError', 'PicklingError', 'UnpicklingError', 'Pickler', 'Unpickler', 'dump', 'dumps', 'load',
           'loads', 'PickleBuffer', 'ADDITEMS', 'APPEND', 'APPENDS', 'BINBYTES', 'BINBYTES8', 'BINFLOAT', 'BINGET',
           'BININT', 'BININT1', 'BININT2', 'BINPERSID', 'BINPUT', 'BINSTRING', 'BINUNICODE', 'BINUNICODE8',
           'BUILD', 'BYTEARRAY8', 'DEFAULT_PROTOCOL', 'DICT', 'DUP', 'EMPTY_DICT', 'EMPTY_LIST', 'EMPTY_SET',
           'EMPTY_TUPLE', 'EXT1', 'EXT2', 'EXT4', 'FALSE', 'FLOAT', 'FRAME', 'FROZENSET', 'GET', 'GLOBAL',
           'HIGHEST_PROTOCOL', 'INST', 'INT', 'LIST', 'LONG', 'LONG1', 'LONG4', 'LONG_BINGET', 'LONG_BINPUT',
           'MARK', 'MEMOIZE', 'NEWFALSE', 'NEWOBJ', 'NEWOBJ_EX', 'NEWTRUE', 'NEXT_BUFFER', 'NONE', 'OBJ',
           'PERSID', 'POP', 'POP_MARK', 'PROTO', 'PUT', 'READONLY_BUFFER', 'REDUCE', 'SETITEM', 'SETITEMS',
           'SHORT_BINBYTES', 'SHORT_BINSTRING', 'SHORT_BINUNICODE', 'STACK_GLOBAL', 'STOP', 'STRING', 'TRUE',
           'TUPLE', 'TUPLE1', 'TUPLE2', 'TUPLE3', 'UNICODE']

HIGHEST_PROTOCOL = 5
DEFAULT_PROTOCOL = 4
format_version = '4.0'
compatible_formats = ['1.0', '1.1', '1.2', '1.3', '2.0', '3.0', '4.0', '5.0']


class PickleError(Exception):
    pass


class PicklingError(PickleError):
    pass


class UnpicklingError(PickleError):
    pass


for _c in (PickleError, PicklingError, UnpicklingError):
    _c.__module__ = '_pickle'


class _Stop(Exception):
    def __init__(self, value):
        self.value = value


class PickleBuffer:
    def __init__(self, buffer):
        self._b = buffer

    def raw(self):
        return memoryview(self._b)

    def release(self):
        pass


MARK = b'('
STOP = b'.'
POP = b'0'
POP_MARK = b'1'
DUP = b'2'
FLOAT = b'F'
INT = b'I'
BININT = b'J'
BININT1 = b'K'
LONG = b'L'
BININT2 = b'M'
NONE = b'N'
PERSID = b'P'
BINPERSID = b'Q'
REDUCE = b'R'
STRING = b'S'
BINSTRING = b'T'
SHORT_BINSTRING = b'U'
UNICODE = b'V'
BINUNICODE = b'X'
APPEND = b'a'
BUILD = b'b'
GLOBAL = b'c'
DICT = b'd'
EMPTY_DICT = b'}'
APPENDS = b'e'
GET = b'g'
BINGET = b'h'
INST = b'i'
LONG_BINGET = b'j'
LIST = b'l'
EMPTY_LIST = b']'
OBJ = b'o'
PUT = b'p'
BINPUT = b'q'
LONG_BINPUT = b'r'
SETITEM = b's'
TUPLE = b't'
EMPTY_TUPLE = b')'
SETITEMS = b'u'
BINFLOAT = b'G'
TRUE = b'I01\n'
FALSE = b'I00\n'
PROTO = b'\x80'
NEWOBJ = b'\x81'
EXT1 = b'\x82'
EXT2 = b'\x83'
EXT4 = b'\x84'
TUPLE1 = b'\x85'
TUPLE2 = b'\x86'
TUPLE3 = b'\x87'
NEWTRUE = b'\x88'
NEWFALSE = b'\x89'
LONG1 = b'\x8a'
LONG4 = b'\x8b'
BINBYTES = b'B'
SHORT_BINBYTES = b'C'
SHORT_BINUNICODE = b'\x8c'
BINUNICODE8 = b'\x8d'
BINBYTES8 = b'\x8e'
EMPTY_SET = b'\x8f'
ADDITEMS = b'\x90'
FROZENSET = b'\x91'
NEWOBJ_EX = b'\x92'
STACK_GLOBAL = b'\x93'
MEMOIZE = b'\x94'
FRAME = b'\x95'
BYTEARRAY8 = b'\x96'
NEXT_BUFFER = b'\x97'
READONLY_BUFFER = b'\x98'

_BATCHSIZE = 1000
_FRAME_SIZE_MIN = 4
_FRAME_SIZE_TARGET = 64 * 1024

# Python 2 names that protocols 0-2 write and read (fix_imports), as
# CPython's _compat_pickle maps them.
_PY2_EXCEPTIONS = (
    'ArithmeticError', 'AssertionError', 'AttributeError', 'BaseException', 'BufferError', 'BytesWarning',
    'DeprecationWarning', 'EOFError', 'EnvironmentError', 'Exception', 'FloatingPointError', 'FutureWarning',
    'GeneratorExit', 'IOError', 'ImportError', 'ImportWarning', 'IndentationError', 'IndexError', 'KeyError',
    'KeyboardInterrupt', 'LookupError', 'MemoryError', 'NameError', 'NotImplementedError', 'OSError',
    'OverflowError', 'PendingDeprecationWarning', 'ReferenceError', 'RuntimeError', 'RuntimeWarning',
    'StopIteration', 'SyntaxError', 'SyntaxWarning', 'SystemError', 'SystemExit', 'TabError', 'TypeError',
    'UnboundLocalError', 'UnicodeDecodeError', 'UnicodeEncodeError', 'UnicodeError', 'UnicodeTranslateError',
    'UnicodeWarning', 'UserWarning', 'ValueError', 'Warning', 'ZeroDivisionError')
_PY2_OSERRORS = (
    'BrokenPipeError', 'ChildProcessError', 'ConnectionAbortedError', 'ConnectionError', 'ConnectionRefusedError',
    'ConnectionResetError', 'FileExistsError', 'FileNotFoundError', 'InterruptedError', 'IsADirectoryError',
    'NotADirectoryError', 'PermissionError', 'ProcessLookupError', 'TimeoutError')
_NAME_TO_PY2 = {('builtins', 'range'): ('__builtin__', 'xrange'), ('builtins', 'chr'): ('__builtin__', 'unichr'),
                ('builtins', 'str'): ('__builtin__', 'unicode'), ('builtins', 'int'): ('__builtin__', 'long'),
                ('builtins', 'zip'): ('itertools', 'izip'), ('builtins', 'map'): ('itertools', 'imap'),
                ('builtins', 'filter'): ('itertools', 'ifilter'),
                ('builtins', 'ModuleNotFoundError'): ('exceptions', 'ImportError')}
for _e in _PY2_EXCEPTIONS:
    _NAME_TO_PY2[('builtins', _e)] = ('exceptions', _e)
for _e in _PY2_OSERRORS:
    _NAME_TO_PY2[('builtins', _e)] = ('exceptions', 'OSError')
_MODULE_TO_PY2 = {'builtins': '__builtin__', 'copyreg': 'copy_reg', 'queue': 'Queue', 'socketserver': 'SocketServer',
                  'configparser': 'ConfigParser', 'reprlib': 'repr'}
_NAME_FROM_PY2 = {('__builtin__', 'xrange'): ('builtins', 'range'), ('__builtin__', 'unichr'): ('builtins', 'chr'),
                  ('__builtin__', 'unicode'): ('builtins', 'str'), ('__builtin__', 'long'): ('builtins', 'int'),
                  ('itertools', 'izip'): ('builtins', 'zip'), ('itertools', 'imap'): ('builtins', 'map'),
                  ('itertools', 'ifilter'): ('builtins', 'filter'), ('__builtin__', 'basestring'): ('builtins', 'str'),
                  ('__builtin__', 'intern'): ('sys', 'intern'), ('__builtin__', 'reduce'): ('functools', 'reduce'),
                  ('UserDict', 'UserDict'): ('collections', 'UserDict'),
                  ('UserList', 'UserList'): ('collections', 'UserList'),
                  ('UserString', 'UserString'): ('collections', 'UserString')}
for _e in _PY2_EXCEPTIONS:
    _NAME_FROM_PY2[('exceptions', _e)] = ('builtins', _e)
del _e
_MODULE_FROM_PY2 = {v: k for k, v in _MODULE_TO_PY2.items()}
_MODULE_FROM_PY2.update({'cPickle': 'pickle', 'exceptions': 'builtins', 'StringIO': 'io', 'cStringIO': 'io'})


def _long_bytes(x):
    # encode_long: the shortest little-endian two's complement bytes.
    if x == 0:
        return b''
    nbytes = (x.bit_length() >> 3) + 1
    result = x.to_bytes(nbytes, byteorder='little', signed=True)
    if x < 0 and nbytes > 1:
        if result[-1] == 0xff and (result[-2] & 0x80) != 0:
            result = result[:-1]
    return result


def _getattribute(obj, name):
    for subpath in name.split('.'):
        if subpath == '<locals>':
            raise AttributeError("Can't get local attribute {!r} on {!r}".format(name, obj))
        parent = obj
        obj = getattr(obj, subpath)
    return obj, parent


def whichmodule(obj, name):
    module_name = getattr(obj, '__module__', None)
    if module_name is not None:
        return module_name
    for module_name, module in sys.modules.copy().items():
        if module_name == '__main__' or module_name == '__mp_main__' or module is None:
            continue
        try:
            if _getattribute(module, name)[0] is obj:
                return module_name
        except AttributeError:
            pass
    return '__main__'


class _Framer:
    # Groups the opcodes into frames of about 64 KB (protocol 4 on). A
    # frame is a list of chunks, joined once when it is written.
    def __init__(self, file_write):
        self.file_write = file_write
        self.current_frame = None
        self.size = 0

    def start_framing(self):
        self.current_frame = []
        self.size = 0

    def end_framing(self):
        if self.current_frame is not None and self.size > 0:
            self.commit_frame(force=True)
        self.current_frame = None

    def commit_frame(self, force=False):
        if self.current_frame is not None:
            if self.size >= _FRAME_SIZE_TARGET or force:
                data = b''.join(self.current_frame)
                write = self.file_write
                if len(data) >= _FRAME_SIZE_MIN:
                    write(FRAME + len(data).to_bytes(8, 'little'))
                write(data)
                self.current_frame = []
                self.size = 0

    def write(self, data):
        if self.current_frame is not None:
            self.current_frame.append(data)
            self.size += len(data)
            return len(data)
        return self.file_write(data)

    def write_large_bytes(self, header, payload):
        write = self.file_write
        if self.current_frame is not None:
            self.commit_frame(force=True)
        write(header)
        write(payload)


class _Chunks:
    # What dumps writes into: the chunks, joined at the end.
    def __init__(self):
        self.chunks = []

    def write(self, data):
        self.chunks.append(data)
        return len(data)

    def getvalue(self):
        return b''.join(self.chunks)


class _Reader:
    # What loads reads from: the bytes and a position.
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def read(self, n=-1):
        start = self.pos
        if n < 0:
            self.pos = len(self.data)
        else:
            self.pos = min(len(self.data), start + n)
        return self.data[start:self.pos]

    def readline(self):
        start = self.pos
        i = self.data.find(b'\n', start)
        self.pos = len(self.data) if i < 0 else i + 1
        return self.data[start:self.pos]


class Pickler:
    def __init__(self, file, protocol=None, *, fix_imports=True, buffer_callback=None):
        if protocol is None:
            protocol = DEFAULT_PROTOCOL
        if protocol < 0:
            protocol = HIGHEST_PROTOCOL
        elif not 0 <= protocol <= HIGHEST_PROTOCOL:
            raise ValueError('pickle protocol must be <= %d' % HIGHEST_PROTOCOL)
        if buffer_callback is not None and protocol < 5:
            raise ValueError('buffer_callback needs protocol >= 5')
        try:
            self._file_write = file.write
        except AttributeError:
            raise TypeError("file must have a 'write' attribute")
        self._buffer_callback = buffer_callback
        self.framer = _Framer(self._file_write)
        self.write = self.framer.write
        self._write_large_bytes = self.framer.write_large_bytes
        self.memo = {}
        self.proto = int(protocol)
        self.bin = protocol >= 1
        self.fast = 0
        self.fix_imports = fix_imports and protocol < 3

    def clear_memo(self):
        self.memo.clear()

    def dump(self, obj):
        if not hasattr(self, '_file_write'):
            raise PicklingError('Pickler.__init__() was not called by %s.__init__()' % (self.__class__.__name__,))
        if self.proto >= 2:
            self.write(PROTO + bytes([self.proto]))
        if self.proto >= 4:
            self.framer.start_framing()
        self.save(obj)
        self.write(STOP)
        self.framer.end_framing()

    def memoize(self, obj):
        if self.fast:
            return
        idx = len(self.memo)
        self.write(self.put(idx))
        self.memo[id(obj)] = idx, obj

    def put(self, idx):
        if self.proto >= 4:
            return MEMOIZE
        elif self.bin:
            if idx < 256:
                return BINPUT + bytes([idx])
            return LONG_BINPUT + idx.to_bytes(4, 'little')
        return PUT + repr(idx).encode('ascii') + b'\n'

    def get(self, i):
        if self.bin:
            if i < 256:
                return BINGET + bytes([i])
            return LONG_BINGET + i.to_bytes(4, 'little')
        return GET + repr(i).encode('ascii') + b'\n'

    def save(self, obj, save_persistent_id=True):
        self.framer.commit_frame()
        pid = self.persistent_id(obj)
        if pid is not None and save_persistent_id:
            self.save_pers(pid)
            return
        x = self.memo.get(id(obj))
        if x is not None:
            self.write(self.get(x[0]))
            return
        t = type(obj)
        if obj is ... or obj is NotImplemented:
            self.save_global(obj, 'Ellipsis' if obj is ... else 'NotImplemented')
            return
        f = _dispatch.get(t)
        if f is not None:
            f(self, obj)
            return
        reduce = getattr(self, 'dispatch_table', copyreg.dispatch_table).get(t)
        if reduce is not None:
            rv = reduce(obj)
        elif isinstance(obj, type) or _is_function(obj):
            self.save_global(obj)
            return
        else:
            rv = _reduce_ex(obj, self.proto)
        if isinstance(rv, str):
            self.save_global(obj, rv)
            return
        if not isinstance(rv, tuple):
            raise PicklingError('%s must return string or tuple' % '__reduce__')
        if not 2 <= len(rv) <= 6:
            raise PicklingError('Tuple returned by %s must have two to six elements' % '__reduce__')
        self.save_reduce(obj=obj, *rv)

    def persistent_id(self, obj):
        return None

    def save_pers(self, pid):
        if self.bin:
            self.save(pid, save_persistent_id=False)
            self.write(BINPERSID)
        else:
            try:
                self.write(PERSID + str(pid).encode('ascii') + b'\n')
            except UnicodeEncodeError:
                raise PicklingError('persistent IDs in protocol 0 must be ASCII strings')

    def save_reduce(self, func, args, state=None, listitems=None, dictitems=None, state_setter=None, *, obj=None):
        if not isinstance(args, tuple):
            raise PicklingError('args from save_reduce() must be a tuple')
        if not callable(func):
            raise PicklingError('func from save_reduce() must be callable')
        save = self.save
        write = self.write
        func_name = getattr(func, '__name__', '')
        if self.proto >= 2 and func_name == '__newobj_ex__':
            cls, args, kwargs = args
            if not hasattr(cls, '__new__'):
                raise PicklingError('args[0] from __newobj_ex__ args has no __new__')
            if obj is not None and cls is not obj.__class__:
                raise PicklingError('args[0] from __newobj_ex__ args has the wrong class')
            if self.proto >= 4:
                save(cls)
                save(args)
                save(kwargs)
                write(NEWOBJ_EX)
            else:
                save(_partial_new(cls, args, kwargs))
                save(())
                write(REDUCE)
        elif self.proto >= 2 and func_name == '__newobj__':
            cls = args[0]
            if not hasattr(cls, '__new__'):
                raise PicklingError('args[0] from __newobj__ args has no __new__')
            if obj is not None and cls is not obj.__class__:
                raise PicklingError('args[0] from __newobj__ args has the wrong class')
            args = args[1:]
            save(cls)
            save(args)
            write(NEWOBJ)
        else:
            save(func)
            save(args)
            write(REDUCE)
        if obj is not None:
            if id(obj) in self.memo:
                write(POP + self.get(self.memo[id(obj)][0]))
            else:
                self.memoize(obj)
        if listitems is not None:
            self._batch_appends(listitems)
        if dictitems is not None:
            self._batch_setitems(dictitems)
        if state is not None:
            if state_setter is None:
                save(state)
                write(BUILD)
            else:
                save(state_setter)
                save(obj)
                save(state)
                write(TUPLE2)
                write(REDUCE)
                write(POP)

    def save_none(self, obj):
        self.write(NONE)

    def save_bool(self, obj):
        if self.proto >= 2:
            self.write(NEWTRUE if obj else NEWFALSE)
        else:
            self.write(TRUE if obj else FALSE)

    def save_long(self, obj):
        if self.bin:
            if obj >= 0:
                if obj <= 0xff:
                    self.write(BININT1 + bytes([obj]))
                    return
                if obj <= 0xffff:
                    self.write(BININT2 + obj.to_bytes(2, 'little'))
                    return
            if -0x80000000 <= obj <= 0x7fffffff:
                self.write(BININT + obj.to_bytes(4, 'little', signed=True))
                return
        if self.proto >= 2:
            encoded = _long_bytes(obj)
            n = len(encoded)
            if n < 256:
                self.write(LONG1 + bytes([n]) + encoded)
            else:
                self.write(LONG4 + n.to_bytes(4, 'little', signed=True) + encoded)
            return
        if -0x80000000 <= obj <= 0x7fffffff:
            self.write(INT + repr(obj).encode('ascii') + b'\n')
        else:
            self.write(LONG + repr(obj).encode('ascii') + b'L\n')

    def save_float(self, obj):
        if self.bin:
            self.write(BINFLOAT + _struct.pack('>d', obj))
        else:
            self.write(FLOAT + repr(obj).encode('ascii') + b'\n')

    def save_bytes(self, obj):
        if self.proto < 3:
            if not obj:
                self.save_reduce(bytes, (), obj=obj)
            else:
                self.save_reduce(_codecs.encode, (str(obj, 'latin1'), 'latin1'), obj=obj)
            return
        n = len(obj)
        if n <= 0xff:
            self.write(SHORT_BINBYTES + bytes([n]) + obj)
        elif n > 0xffffffff and self.proto >= 4:
            self._write_large_bytes(BINBYTES8 + n.to_bytes(8, 'little'), obj)
        elif n >= _FRAME_SIZE_TARGET:
            self._write_large_bytes(BINBYTES + n.to_bytes(4, 'little'), obj)
        else:
            self.write(BINBYTES + n.to_bytes(4, 'little') + obj)
        self.memoize(obj)

    def save_bytearray(self, obj):
        if self.proto < 5:
            if not obj:
                self.save_reduce(bytearray, (), obj=obj)
            else:
                self.save_reduce(bytearray, (bytes(obj),), obj=obj)
            return
        n = len(obj)
        if n >= _FRAME_SIZE_TARGET:
            self._write_large_bytes(BYTEARRAY8 + n.to_bytes(8, 'little'), bytes(obj))
        else:
            self.write(BYTEARRAY8 + n.to_bytes(8, 'little') + bytes(obj))
        self.memoize(obj)

    def save_str(self, obj):
        if self.bin:
            encoded = obj.encode('utf-8', 'surrogatepass')
            n = len(encoded)
            if n <= 0xff and self.proto >= 4:
                self.write(SHORT_BINUNICODE + bytes([n]) + encoded)
            elif n > 0xffffffff and self.proto >= 4:
                self._write_large_bytes(BINUNICODE8 + n.to_bytes(8, 'little'), encoded)
            elif n >= _FRAME_SIZE_TARGET:
                self._write_large_bytes(BINUNICODE + n.to_bytes(4, 'little'), encoded)
            else:
                self.write(BINUNICODE + n.to_bytes(4, 'little') + encoded)
        else:
            self.write(UNICODE + _raw_unicode_escape(obj) + b'\n')
        self.memoize(obj)

    def save_tuple(self, obj):
        if not obj:
            if self.bin:
                self.write(EMPTY_TUPLE)
            else:
                self.write(MARK + TUPLE)
            return
        n = len(obj)
        save = self.save
        memo = self.memo
        if n <= 3 and self.proto >= 2:
            for element in obj:
                save(element)
            if id(obj) in memo:
                get = self.get(memo[id(obj)][0])
                self.write(POP * n + get)
            else:
                self.write(_tuplesize2code[n])
                self.memoize(obj)
            return
        write = self.write
        write(MARK)
        for element in obj:
            save(element)
        if id(obj) in memo:
            get = self.get(memo[id(obj)][0])
            if self.bin:
                write(POP_MARK + get)
            else:
                write(POP * (n + 1) + get)
            return
        write(TUPLE)
        self.memoize(obj)

    def save_list(self, obj):
        if self.bin:
            self.write(EMPTY_LIST)
        else:
            self.write(MARK + LIST)
        self.memoize(obj)
        if type(obj) is list and self.bin and obj:
            self._batch_list_exact(obj)
        else:
            self._batch_appends(obj)

    def _batch_list_exact(self, obj):
        # CPython's batches of an exact list: one item alone is APPEND;
        # otherwise MARK ... APPENDS per 1000 items, a short last batch
        # (even of one) included.
        save = self.save
        write = self.write
        if len(obj) == 1:
            save(obj[0])
            write(APPEND)
            return
        total = 0
        while True:
            write(MARK)
            n = 0
            while total < len(obj):
                save(obj[total])
                total += 1
                n += 1
                if n == _BATCHSIZE:
                    break
            write(APPENDS)
            if total >= len(obj):
                return

    def _batch_appends(self, items):
        save = self.save
        write = self.write
        if not self.bin:
            for x in items:
                save(x)
                write(APPEND)
            return
        it = iter(items)
        while True:
            tmp = []
            for x in it:
                tmp.append(x)
                if len(tmp) == _BATCHSIZE:
                    break
            n = len(tmp)
            if n > 1:
                write(MARK)
                for x in tmp:
                    save(x)
                write(APPENDS)
            elif n:
                save(tmp[0])
                write(APPEND)
            if n < _BATCHSIZE:
                return

    def save_dict(self, obj):
        if self.bin:
            self.write(EMPTY_DICT)
        else:
            self.write(MARK + DICT)
        self.memoize(obj)
        if type(obj) is dict and self.bin and obj:
            self._batch_dict_exact(obj)
        else:
            self._batch_setitems(obj.items())

    def _batch_dict_exact(self, obj):
        # CPython's batches of an exact dict: one item alone is SETITEM;
        # otherwise MARK ... SETITEMS per 1000 items, and a last, empty
        # batch after a full one.
        save = self.save
        write = self.write
        if len(obj) == 1:
            for k, v in obj.items():
                save(k)
                save(v)
            write(SETITEM)
            return
        items = list(obj.items())
        i = 0
        while True:
            write(MARK)
            batch = items[i:i + _BATCHSIZE]
            for k, v in batch:
                save(k)
                save(v)
            write(SETITEMS)
            i += len(batch)
            if len(batch) < _BATCHSIZE:
                return

    def _batch_setitems(self, items):
        save = self.save
        write = self.write
        if not self.bin:
            for k, v in items:
                save(k)
                save(v)
                write(SETITEM)
            return
        it = iter(items)
        while True:
            tmp = []
            for x in it:
                tmp.append(x)
                if len(tmp) == _BATCHSIZE:
                    break
            n = len(tmp)
            if n > 1:
                write(MARK)
                for k, v in tmp:
                    save(k)
                    save(v)
                write(SETITEMS)
            elif n:
                k, v = tmp[0]
                save(k)
                save(v)
                write(SETITEM)
            if n < _BATCHSIZE:
                return

    def save_set(self, obj):
        save = self.save
        write = self.write
        if self.proto < 4:
            self.save_reduce(set, (list(obj),), obj=obj)
            return
        write(EMPTY_SET)
        self.memoize(obj)
        if not obj:
            return
        # As CPython's: a last, empty batch after a full one.
        items = list(obj)
        i = 0
        while True:
            batch = items[i:i + _BATCHSIZE]
            write(MARK)
            for item in batch:
                save(item)
            write(ADDITEMS)
            i += len(batch)
            if len(batch) < _BATCHSIZE:
                return

    def save_frozenset(self, obj):
        save = self.save
        write = self.write
        if self.proto < 4:
            self.save_reduce(frozenset, (list(obj),), obj=obj)
            return
        write(MARK)
        for item in obj:
            save(item)
        if id(obj) in self.memo:
            write(POP_MARK + self.get(self.memo[id(obj)][0]))
            return
        write(FROZENSET)
        self.memoize(obj)

    def save_global(self, obj, name=None):
        write = self.write
        if name is None:
            name = getattr(obj, '__qualname__', None)
        if name is None:
            name = obj.__name__
        module_name = whichmodule(obj, name)
        if '<locals>' in name.split('.'):
            raise AttributeError("Can't pickle local object %r" % name)
        try:
            __import__(module_name, level=0)
            module = sys.modules[module_name]
            obj2, parent = _getattribute(module, name)
        except (ImportError, KeyError, AttributeError):
            raise PicklingError("Can't pickle %r: it's not found as %s.%s" % (obj, module_name, name)) from None
        if obj2 is not obj:
            raise PicklingError("Can't pickle %r: it's not the same object as %s.%s" % (obj, module_name, name))
        if self.proto >= 2:
            code = _extension_registry.get((module_name, name))
            if code:
                if code <= 0xff:
                    write(EXT1 + bytes([code]))
                elif code <= 0xffff:
                    write(EXT2 + code.to_bytes(2, 'little'))
                else:
                    write(EXT4 + code.to_bytes(4, 'little'))
                return
        lastname = name.rpartition('.')[2]
        if parent is module:
            name = lastname
        if self.proto >= 4:
            self.save(module_name)
            self.save(name)
            write(STACK_GLOBAL)
        elif parent is not module:
            self.save_reduce(getattr, (parent, lastname))
        elif self.proto >= 3:
            write(GLOBAL + bytes(module_name, 'utf-8') + b'\n' + bytes(name, 'utf-8') + b'\n')
        else:
            if self.fix_imports:
                if (module_name, name) in _NAME_TO_PY2:
                    module_name, name = _NAME_TO_PY2[(module_name, name)]
                elif module_name in _MODULE_TO_PY2:
                    module_name = _MODULE_TO_PY2[module_name]
            try:
                write(GLOBAL + bytes(module_name, 'ascii') + b'\n' + bytes(name, 'ascii') + b'\n')
            except UnicodeEncodeError:
                raise PicklingError("can't pickle global identifier '%s.%s' using pickle protocol %i" %
                                    (module, name, self.proto)) from None
        self.memoize(obj)

    def save_type(self, obj):
        if obj is type(None):
            return self.save_reduce(type, (None,), obj=obj)
        elif obj is type(NotImplemented):
            return self.save_reduce(type, (NotImplemented,), obj=obj)
        elif obj is type(...):
            return self.save_reduce(type, (...,), obj=obj)
        return self.save_global(obj)


def _partial_new(cls, args, kwargs):
    import functools
    return functools.partial(cls.__new__, cls, *args, **kwargs)


def _is_function(obj):
    t = type(obj)
    return t in (type(len), type(_is_function), type(Pickler.dump)) and hasattr(obj, '__qualname__')


def _raw_unicode_escape(s):
    s = s.replace('\\', '\\u005c').replace('\0', '\\u0000').replace('\n', '\\u000a').replace(
        '\r', '\\u000d').replace('\x1a', '\\u001a')
    out = bytearray()
    for ch in s:
        o = ord(ch)
        if o < 256:
            out.append(o)
        elif o < 0x10000:
            out += b'\\u%04x' % o
        else:
            out += b'\\U%08x' % o
    return bytes(out)


def _slot_names(cls):
    names = []
    for c in cls.__mro__:
        slots = c.__dict__.get('__slots__', ())
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name in ('__dict__', '__weakref__'):
                continue
            if name.startswith('__') and not name.endswith('__'):
                stripped = c.__name__.lstrip('_')
                if stripped:
                    name = '_%s%s' % (stripped, name)
            names.append(name)
    return names


def _own_method(cls, name):
    # The method a class (not object) defines for name, or None.
    for c in cls.__mro__:
        if c is object:
            return None
        if name in c.__dict__:
            return c.__dict__[name]
    return None


_BUILTIN_BASES = (list, dict, set, frozenset, tuple, int, float, str, bytes, bytearray)


def _default_state(obj, cls):
    getstate = _own_method(cls, '__getstate__')
    if getstate is not None:
        return obj.__getstate__()
    d = getattr(obj, '__dict__', None)
    state = d if d else None
    slots = {}
    for name in _slot_names(cls):
        try:
            slots[name] = getattr(obj, name)
        except AttributeError:
            pass
    if slots:
        state = (state, slots)
    return state


def _reduce_ex(obj, proto):
    # What object.__reduce_ex__(proto) gives CPython, with the classes'
    # own __reduce_ex__ and __reduce__ first.
    cls = type(obj)
    own = _own_method(cls, '__reduce_ex__')
    if own is not None:
        return obj.__reduce_ex__(proto)
    own = _own_method(cls, '__reduce__')
    if own is not None:
        return obj.__reduce__()
    if isinstance(obj, BaseException):
        d = getattr(obj, '__dict__', None)
        if d:
            return (cls, obj.args, d)
        return (cls, obj.args)
    if isinstance(obj, (set, frozenset)):
        return (cls, (list(obj),), getattr(obj, '__dict__', None) or None)  # set.__reduce__
    if hasattr(cls, '_value2member_map_') and hasattr(obj, '_value_'):
        return (cls, (obj._value_,))  # enum members, by value as Enum.__reduce_ex__
    if proto < 2:
        base = object
        for c in cls.__mro__:
            if c in _BUILTIN_BASES:
                base = c
                break
        if base is object:
            state = None
        else:
            state = base(obj)
        args = (cls, base, state)
        d = _default_state(obj, cls)
        if isinstance(d, tuple):
            raise TypeError("a class that defines __slots__ without defining __getstate__ cannot be pickled "
                            "with protocol %d" % proto)
        if d is None:
            return (copyreg._reconstructor, args)
        return (copyreg._reconstructor, args, d)
    getnewargs_ex = _own_method(cls, '__getnewargs_ex__')
    if getnewargs_ex is not None:
        args, kwargs = obj.__getnewargs_ex__()
        if kwargs:
            return (copyreg.__newobj_ex__, (cls, args, kwargs), _default_state(obj, cls),
                    _items(obj)[0], _items(obj)[1])
        newargs = args
    elif _own_method(cls, '__getnewargs__') is not None:
        newargs = obj.__getnewargs__()
    elif isinstance(obj, (int, float, str, bytes, tuple)):
        # The __getnewargs__ of these builtin types: the plain value.
        base = next(c for c in cls.__mro__ if c in _BUILTIN_BASES)
        newargs = (base(obj),)
    else:
        newargs = ()
    listitems, dictitems = _items(obj)
    return (copyreg.__newobj__, (cls,) + tuple(newargs), _default_state(obj, cls), listitems, dictitems)


def _items(obj):
    listitems = iter(obj) if isinstance(obj, list) else None
    dictitems = iter(obj.items()) if isinstance(obj, dict) else None
    return listitems, dictitems


_tuplesize2code = [EMPTY_TUPLE, TUPLE1, TUPLE2, TUPLE3]

_dispatch = {
    type(None): Pickler.save_none,
    bool: Pickler.save_bool,
    int: Pickler.save_long,
    float: Pickler.save_float,
    bytes: Pickler.save_bytes,
    bytearray: Pickler.save_bytearray,
    str: Pickler.save_str,
    tuple: Pickler.save_tuple,
    list: Pickler.save_list,
    dict: Pickler.save_dict,
    set: Pickler.save_set,
    frozenset: Pickler.save_frozenset,
    type: Pickler.save_type,
}


def dump(obj, file, protocol=None, *, fix_imports=True, buffer_callback=None):
    Pickler(file, protocol, fix_imports=fix_imports, buffer_callback=buffer_callback).dump(obj)


def dumps(obj, protocol=None, *, fix_imports=True, buffer_callback=None):
    f = _Chunks()
    Pickler(f, protocol, fix_imports=fix_imports, buffer_callback=buffer_callback).dump(obj)
    return f.getvalue()


def load(file, *, fix_imports=True, encoding='ASCII', errors='strict', buffers=None):
    return Unpickler(file, fix_imports=fix_imports, buffers=buffers, encoding=encoding, errors=errors).load()


def loads(data, /, *, fix_imports=True, encoding='ASCII', errors='strict', buffers=None):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError("a bytes-like object is required, not '%s'" % type(data).__name__)
    return Unpickler(_Reader(bytes(data)), fix_imports=fix_imports, buffers=buffers, encoding=encoding,
                     errors=errors).load()


class Unpickler:
    def __init__(self, file, *, fix_imports=True, encoding='ASCII', errors='strict', buffers=None):
        self._buffers = iter(buffers) if buffers is not None else None
        try:
            self._file_read = file.read
            self._file_readline = file.readline
        except AttributeError:
            raise TypeError("file must have 'read' and 'readline' attributes")
        self.memo = {}
        self.encoding = encoding
        self.errors = errors
        self.proto = 0
        self.fix_imports = fix_imports

    def read(self, n):
        data = self._file_read(n)
        if len(data) < n:
            raise UnpicklingError('pickle data was truncated')
        return data

    def readline(self):
        line = self._file_readline()
        if not line.endswith(b'\n'):
            raise UnpicklingError('pickle data was truncated')
        return line

    def load(self):
        if not hasattr(self, '_file_read'):
            raise UnpicklingError('Unpickler.__init__() was not called by %s.__init__()' % (self.__class__.__name__,))
        self.metastack = []
        self.stack = []
        self.append = self.stack.append
        self.proto = 0
        read = self._file_read
        dispatch = _load_dispatch
        try:
            while True:
                key = read(1)
                if not key:
                    raise EOFError('Ran out of input')
                f = dispatch.get(key[0])
                if f is None:
                    raise UnpicklingError('invalid load key, %r.' % chr(key[0]))
                f(self)
        except _Stop as stopinst:
            return stopinst.value

    def pop_mark(self):
        if not self.metastack:
            raise UnpicklingError('could not find MARK')
        items = self.stack
        self.stack = self.metastack.pop()
        self.append = self.stack.append
        return items

    def _underflow(self):
        if self.metastack:
            raise UnpicklingError('unexpected MARK found')
        raise UnpicklingError('unpickling stack underflow')

    def _pop(self):
        if not self.stack:
            self._underflow()
        return self.stack.pop()

    def _top(self):
        if not self.stack:
            self._underflow()
        return self.stack[-1]

    def persistent_load(self, pid):
        raise UnpicklingError('A load persistent id instruction was encountered,\nbut no persistent_load function was specified.')

    def find_class(self, module, name):
        if not isinstance(module, str) or not isinstance(name, str):
            raise UnpicklingError('STACK_GLOBAL requires str')
        if self.proto < 3 and self.fix_imports:
            if (module, name) in _NAME_FROM_PY2:
                module, name = _NAME_FROM_PY2[(module, name)]
            elif module in _MODULE_FROM_PY2:
                module = _MODULE_FROM_PY2[module]
        __import__(module, level=0)
        mod = sys.modules[module]
        try:
            if self.proto >= 4:
                return _getattribute(mod, name)[0]
            return getattr(mod, name)
        except AttributeError:
            raise AttributeError("Can't get attribute %r on %r" % (name, mod)) from None

    def _len(self, nbytes, signed=False, what='BINBYTES'):
        # The data must hold what a length announces: read() stops at
        # the data's end, so nothing that large is ever made.
        n = int.from_bytes(self.read(nbytes), 'little', signed=signed)
        if n < 0:
            raise UnpicklingError('negative byte count')
        if n > sys.maxsize:
            raise OverflowError("%s exceeds system's maximum size of %d bytes" % (what, sys.maxsize))
        return n

    def _memo_get(self, i):
        try:
            return self.memo[i]
        except KeyError:
            raise UnpicklingError('Memo value not found at index %d' % i) from None

    def _memo_put(self, i):
        if i < 0:
            raise ValueError('negative PUT argument')
        self.memo[i] = self._top()

    def _decode_string(self, value):
        if self.encoding == 'bytes':
            return value
        return value.decode(self.encoding, self.errors)

    def _line_int(self):
        line = self.readline()[:-1]
        try:
            return int(line)
        except ValueError:
            raise ValueError('could not convert string to int') from None

    # The opcodes.
    def load_proto(self):
        proto = self.read(1)[0]
        if not 0 <= proto <= HIGHEST_PROTOCOL:
            raise ValueError('unsupported pickle protocol: %d' % proto)
        self.proto = proto

    def load_frame(self):
        self._len(8)  # frames only group opcodes; the data is read as it comes

    def load_persid(self):
        try:
            pid = self.readline()[:-1].decode('ascii')
        except UnicodeDecodeError:
            raise UnpicklingError('persistent IDs in protocol 0 must be ASCII strings')
        self.append(self.persistent_load(pid))

    def load_binpersid(self):
        self.append(self.persistent_load(self._pop()))

    def load_none(self):
        self.append(None)

    def load_false(self):
        self.append(False)

    def load_true(self):
        self.append(True)

    def load_int(self):
        data = self.readline()
        if data == b'I00\n'[1:]:
            val = False
        elif data == b'I01\n'[1:]:
            val = True
        else:
            try:
                val = int(data[:-1])
            except ValueError:
                raise ValueError('could not convert string to int') from None
        self.append(val)

    def load_binint(self):
        self.append(int.from_bytes(self.read(4), 'little', signed=True))

    def load_binint1(self):
        self.append(self.read(1)[0])

    def load_binint2(self):
        self.append(int.from_bytes(self.read(2), 'little'))

    def load_long(self):
        val = self.readline()[:-1]
        if val and val[-1] == b'L'[0]:
            val = val[:-1]
        try:
            self.append(int(val))
        except ValueError:
            raise ValueError('could not convert string to int') from None

    def load_long1(self):
        n = self.read(1)[0]
        self.append(int.from_bytes(self.read(n), 'little', signed=True))

    def load_long4(self):
        n = int.from_bytes(self.read(4), 'little', signed=True)
        if n < 0:
            raise UnpicklingError('LONG pickle has negative byte count')
        self.append(int.from_bytes(self.read(n), 'little', signed=True))

    def load_float(self):
        line = self.readline()
        try:
            self.append(float(line[:-1]))
        except ValueError:
            raise ValueError("could not convert string to float: '%s'" % line.decode('latin-1')) from None

    def load_binfloat(self):
        self.append(_struct.unpack('>d', self.read(8))[0])

    def load_string(self):
        data = self.readline()[:-1]
        if len(data) >= 2 and data[0] == data[-1] and data[0] in b'"\'':
            data = data[1:-1]
        else:
            raise UnpicklingError('the STRING opcode argument must be quoted')
        self.append(self._decode_string(_escape_decode(data)))

    def load_binstring(self):
        n = self._len(4, signed=True)
        self.append(self._decode_string(self.read(n)))

    def load_short_binstring(self):
        n = self.read(1)[0]
        self.append(self._decode_string(self.read(n)))

    def load_binbytes(self):
        self.append(self.read(self._len(4)))

    def load_short_binbytes(self):
        self.append(self.read(self.read(1)[0]))

    def load_binbytes8(self):
        self.append(self.read(self._len(8)))

    def load_bytearray8(self):
        self.append(bytearray(self.read(self._len(8))))

    def load_next_buffer(self):
        if self._buffers is None:
            raise UnpicklingError('pickle stream refers to out-of-band data but no *buffers* argument was given')
        try:
            buf = next(self._buffers)
        except StopIteration:
            raise UnpicklingError('not enough out-of-band buffers') from None
        self.append(buf)

    def load_readonly_buffer(self):
        self._top()

    def load_unicode(self):
        self.append(_raw_unicode_unescape(self.readline()[:-1]))

    def _utf8(self, data):
        return str(data, 'utf-8')

    def load_binunicode(self):
        self.append(self._utf8(self.read(self._len(4))))

    def load_binunicode8(self):
        self.append(self._utf8(self.read(self._len(8, what='BINUNICODE'))))

    def load_short_binunicode(self):
        self.append(self._utf8(self.read(self.read(1)[0])))

    def load_tuple(self):
        items = self.pop_mark()
        self.append(tuple(items))

    def load_empty_tuple(self):
        self.append(())

    def _tuple_n(self, n):
        if len(self.stack) < n:
            raise UnpicklingError('unpickling stack underflow')
        items = tuple(self.stack[len(self.stack) - n:])
        del self.stack[len(self.stack) - n:]
        self.append(items)

    def load_tuple1(self):
        self._tuple_n(1)

    def load_tuple2(self):
        self._tuple_n(2)

    def load_tuple3(self):
        self._tuple_n(3)

    def load_empty_list(self):
        self.append([])

    def load_empty_dictionary(self):
        self.append({})

    def load_empty_set(self):
        self.append(set())

    def load_frozenset(self):
        items = self.pop_mark()
        self.append(frozenset(items))

    def load_list(self):
        items = self.pop_mark()
        self.append(items)

    def load_dict(self):
        items = self.pop_mark()
        if len(items) % 2:
            raise UnpicklingError('odd number of items for DICT')
        self.append({items[i]: items[i + 1] for i in range(0, len(items), 2)})

    def _instantiate(self, klass, args):
        if not isinstance(klass, type) or args or hasattr(klass, '__getinitargs__'):
            try:
                value = klass(*args)
            except TypeError as err:
                raise TypeError('in constructor for %s: %s' % (getattr(klass, '__name__', klass), str(err)),
                                err.__traceback__)
        else:
            value = klass.__new__(klass)
        self.append(value)

    def load_inst(self):
        module = self.readline()[:-1].decode('ascii')
        name = self.readline()[:-1].decode('ascii')
        klass = self.find_class(module, name)
        self._instantiate(klass, self.pop_mark())

    def load_obj(self):
        args = self.pop_mark()
        if not args:
            raise UnpicklingError('unpickling stack underflow')
        cls = args.pop(0)
        self._instantiate(cls, args)

    def load_newobj(self):
        args = self._pop()
        cls = self._pop()
        if not isinstance(cls, type):
            raise UnpicklingError('NEWOBJ class argument must be a type, not %s' % type(cls).__name__)
        if not isinstance(args, tuple):
            raise UnpicklingError('NEWOBJ args argument must be a tuple, not %s' % type(args).__name__)
        self.append(cls.__new__(cls, *args))

    def load_newobj_ex(self):
        kwargs = self._pop()
        args = self._pop()
        cls = self._pop()
        if not isinstance(cls, type):
            raise UnpicklingError('NEWOBJ_EX class argument must be a type, not %s' % type(cls).__name__)
        if not isinstance(args, tuple):
            raise UnpicklingError('NEWOBJ_EX args argument must be a tuple, not %s' % type(args).__name__)
        if not isinstance(kwargs, dict):
            raise UnpicklingError('NEWOBJ_EX kwargs argument must be a dict, not %s' % type(kwargs).__name__)
        self.append(cls.__new__(cls, *args, **kwargs))

    def load_global(self):
        module = self.readline()[:-1].decode('utf-8')
        name = self.readline()[:-1].decode('utf-8')
        self.append(self.find_class(module, name))

    def load_stack_global(self):
        name = self._pop()
        module = self._pop()
        if type(name) is not str or type(module) is not str:
            raise UnpicklingError('STACK_GLOBAL requires str')
        self.append(self.find_class(module, name))

    def _ext(self, code):
        obj = _extension_cache.get(code, _MISSING)
        if obj is not _MISSING:
            self.append(obj)
            return
        key = _inverted_registry.get(code)
        if not key:
            if code <= 0:
                raise UnpicklingError('EXT specifies code <= 0')
            raise ValueError('unregistered extension code %d' % code)
        obj = self.find_class(*key)
        _extension_cache[code] = obj
        self.append(obj)

    def load_ext1(self):
        self._ext(self.read(1)[0])

    def load_ext2(self):
        self._ext(int.from_bytes(self.read(2), 'little'))

    def load_ext4(self):
        self._ext(int.from_bytes(self.read(4), 'little', signed=True))

    def load_reduce(self):
        args = self._pop()
        func = self._pop()
        if not isinstance(args, tuple):
            raise UnpicklingError('argument list must be a tuple')
        self.append(func(*args))

    def load_pop(self):
        if self.stack:
            del self.stack[-1]
        elif self.metastack:
            self.pop_mark()
        else:
            raise UnpicklingError('unpickling stack underflow')

    def load_pop_mark(self):
        self.pop_mark()

    def load_dup(self):
        self.append(self._top())

    def load_get(self):
        self.append(self._memo_get(self._line_int()))

    def load_binget(self):
        self.append(self._memo_get(self.read(1)[0]))

    def load_long_binget(self):
        self.append(self._memo_get(int.from_bytes(self.read(4), 'little')))

    def load_put(self):
        self._memo_put(self._line_int())

    def load_binput(self):
        self._memo_put(self.read(1)[0])

    def load_long_binput(self):
        self._memo_put(int.from_bytes(self.read(4), 'little'))

    def load_memoize(self):
        self.memo[len(self.memo)] = self._top()

    def load_append(self):
        value = self._pop()
        lst = self._top()
        if isinstance(lst, list):
            lst.append(value)
        else:
            lst.append(value)

    def load_appends(self):
        items = self.pop_mark()
        list_obj = self._top()
        if isinstance(list_obj, list):
            list_obj.extend(items)
            return
        extend = getattr(list_obj, 'extend', None)
        if extend is not None:
            extend(items)
            return
        append = list_obj.append
        for item in items:
            append(item)

    def load_setitem(self):
        value = self._pop()
        key = self._pop()
        d = self._top()
        d[key] = value

    def load_setitems(self):
        items = self.pop_mark()
        if len(items) % 2:
            raise UnpicklingError('odd number of items for SETITEMS')
        d = self._top()
        for i in range(0, len(items), 2):
            d[items[i]] = items[i + 1]

    def load_additems(self):
        items = self.pop_mark()
        set_obj = self._top()
        if isinstance(set_obj, set):
            set_obj.update(items)
        else:
            add = set_obj.add
            for item in items:
                add(item)

    def load_build(self):
        state = self._pop()
        inst = self._top()
        setstate = getattr(inst, '__setstate__', None)
        if setstate is not None and _own_method(type(inst), '__setstate__') is not None:
            setstate(state)
            return
        slotstate = None
        if isinstance(state, tuple) and len(state) == 2:
            state, slotstate = state
        if state is not None:
            inst_dict = inst.__dict__
            if not isinstance(state, dict):
                raise UnpicklingError('state is not a dictionary')
            for k, v in state.items():
                if type(k) is str:
                    inst_dict[sys.intern(k)] = v
                else:
                    inst_dict[k] = v
        if slotstate:
            if not isinstance(slotstate, dict):
                raise UnpicklingError('slot state is not a dictionary')
            for k, v in slotstate.items():
                setattr(inst, k, v)

    def load_mark(self):
        self.metastack.append(self.stack)
        self.stack = []
        self.append = self.stack.append

    def load_stop(self):
        value = self._pop()
        raise _Stop(value)


_MISSING = object()


def _escape_decode(data):
    # The Python 2 string escapes of the STRING opcode.
    out = bytearray()
    i = 0
    n = len(data)
    simple = {ord('n'): 10, ord('t'): 9, ord('r'): 13, ord('\\'): 92, ord("'"): 39, ord('"'): 34,
              ord('a'): 7, ord('b'): 8, ord('f'): 12, ord('v'): 11, ord('\n'): None}
    while i < n:
        c = data[i]
        if c != 92:
            out.append(c)
            i += 1
            continue
        i += 1
        if i >= n:
            raise ValueError('Trailing \\ in string')
        c = data[i]
        if c in simple:
            if simple[c] is not None:
                out.append(simple[c])
            i += 1
        elif c == ord('x'):
            h = data[i + 1:i + 3]
            try:
                out.append(int(h, 16))
            except ValueError:
                raise ValueError('invalid \\x escape at position %d' % (i - 1)) from None
            if len(h) < 2:
                raise ValueError('invalid \\x escape at position %d' % (i - 1))
            i += 3
        elif 48 <= c <= 55:
            j = i
            while j < n and j < i + 3 and 48 <= data[j] <= 55:
                j += 1
            out.append(int(data[i:j], 8) & 0xff)
            i = j
        else:
            out.append(92)
            out.append(c)
            i += 1
    return bytes(out)


def _raw_unicode_unescape(data):
    out = []
    i = 0
    n = len(data)
    while i < n:
        c = data[i]
        if c == 92 and i + 1 < n and data[i + 1] in (ord('u'), ord('U')):
            # A backslash escapes only when an odd number of them precede.
            k = i
            while k > 0 and data[k - 1] == 92:
                k -= 1
            if (i - k) % 2 == 0:
                width = 4 if data[i + 1] == ord('u') else 8
                h = data[i + 2:i + 2 + width]
                if len(h) < width or bytes(h).strip(b'0123456789abcdefABCDEF'):
                    raise UnicodeDecodeError('rawunicodeescape', bytes(data), i, i + 2 + len(h), 'truncated \\uXXXX escape' if width == 4 else 'truncated \\UXXXXXXXX escape')
                cp = int(h, 16)
                if cp > 0x10ffff:
                    raise UnicodeDecodeError('rawunicodeescape', bytes(data), i, i + 10, '\\Uxxxxxxxx out of range')
                out.append(chr(cp))
                i += 2 + width
                continue
        out.append(chr(c))
        i += 1
    return ''.join(out)


_load_dispatch = {}
_OPS = {
    MARK: 'mark', STOP: 'stop', POP: 'pop', POP_MARK: 'pop_mark', DUP: 'dup', FLOAT: 'float', INT: 'int',
    BININT: 'binint', BININT1: 'binint1', LONG: 'long', BININT2: 'binint2', NONE: 'none', PERSID: 'persid',
    BINPERSID: 'binpersid', REDUCE: 'reduce', STRING: 'string', BINSTRING: 'binstring',
    SHORT_BINSTRING: 'short_binstring', UNICODE: 'unicode', BINUNICODE: 'binunicode', APPEND: 'append',
    BUILD: 'build', GLOBAL: 'global', DICT: 'dict', EMPTY_DICT: 'empty_dictionary', APPENDS: 'appends',
    GET: 'get', BINGET: 'binget', INST: 'inst', LONG_BINGET: 'long_binget', LIST: 'list', EMPTY_LIST: 'empty_list',
    OBJ: 'obj', PUT: 'put', BINPUT: 'binput', LONG_BINPUT: 'long_binput', SETITEM: 'setitem', TUPLE: 'tuple',
    EMPTY_TUPLE: 'empty_tuple', SETITEMS: 'setitems', BINFLOAT: 'binfloat', PROTO: 'proto', NEWOBJ: 'newobj',
    EXT1: 'ext1', EXT2: 'ext2', EXT4: 'ext4', TUPLE1: 'tuple1', TUPLE2: 'tuple2', TUPLE3: 'tuple3',
    NEWTRUE: 'true', NEWFALSE: 'false', LONG1: 'long1', LONG4: 'long4', BINBYTES: 'binbytes',
    SHORT_BINBYTES: 'short_binbytes', SHORT_BINUNICODE: 'short_binunicode', BINUNICODE8: 'binunicode8',
    BINBYTES8: 'binbytes8', EMPTY_SET: 'empty_set', ADDITEMS: 'additems', FROZENSET: 'frozenset',
    NEWOBJ_EX: 'newobj_ex', STACK_GLOBAL: 'stack_global', MEMOIZE: 'memoize', FRAME: 'frame',
    BYTEARRAY8: 'bytearray8', NEXT_BUFFER: 'next_buffer', READONLY_BUFFER: 'readonly_buffer',
}
for _op, _name in _OPS.items():
    _load_dispatch[_op[0]] = getattr(Unpickler, 'load_' + _name)
del _op, _name
