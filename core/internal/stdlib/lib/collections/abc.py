
import _collections_helpers as _h


class ABCMeta(type):
    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, sub):
        if cls in getattr(sub, '__mro__', ()):
            return True
        if cls._abc_methods == ('__hash__',):
            for k in getattr(sub, '__mro__', ()):
                if '__hash__' in vars(k):
                    return vars(k)['__hash__'] is not None
                if k in _unhashable:
                    return False
            return True
        for b in cls._abc_builtins:
            if b in getattr(sub, '__mro__', ()):
                return True
        for r in cls._abc_registry:
            if issubclass(sub, r):
                return True
        need = cls._abc_methods
        if need and cls._abc_structural:
            for name in need:
                if not any(name in vars(k) for k in getattr(sub, '__mro__', ())):
                    return False
            return True
        return False

    def register(cls, subclass):
        for k in cls.__mro__:
            if hasattr(k, '_abc_registry'):
                k._abc_registry.append(subclass)
        return subclass


def _abc(name, bases, builtins=(), methods=(), structural=True):
    ns = {'_abc_builtins': tuple(builtins), '_abc_methods': tuple(methods),
          '_abc_registry': [], '_abc_structural': structural, '__slots__': ()}
    cls = ABCMeta(name, bases, ns)
    cls.__module__ = 'collections.abc'
    return cls


_unhashable = (list, dict, set, bytearray, _h.dict_keys, _h.dict_items)
_seqs = (list, tuple, str, range, bytes, bytearray)
_sets = (set, frozenset, _h.dict_keys, _h.dict_items)
_maps = (dict,)
_iters = (_h.list_iterator, _h.generator, _h.dict_keyiterator)

Hashable = _abc('Hashable', (), (int, float, complex, str, bytes, tuple, frozenset, bool, type(None)), ('__hash__',))
Awaitable = _abc('Awaitable', (), (), ('__await__',))
Coroutine = _abc('Coroutine', (Awaitable,), (), ('send', 'throw', 'close', '__await__'))
AsyncIterable = _abc('AsyncIterable', (), (), ('__aiter__',))
AsyncIterator = _abc('AsyncIterator', (AsyncIterable,), (), ('__aiter__', '__anext__'))
AsyncGenerator = _abc('AsyncGenerator', (AsyncIterator,), (), ('__aiter__', '__anext__', 'asend'))
Iterable = _abc('Iterable', (), _seqs + _sets + _maps + _iters + (_h.dict_values,), ('__iter__',))
Iterator = _abc('Iterator', (Iterable,), _iters, ('__iter__', '__next__'))
Reversible = _abc('Reversible', (Iterable,), _seqs + _maps, ('__reversed__', '__iter__'))
Generator = _abc('Generator', (Iterator,), (_h.generator,), ('send', 'throw', 'close', '__iter__', '__next__'))
Sized = _abc('Sized', (), _seqs + _sets + _maps + (_h.dict_values,), ('__len__',))
Container = _abc('Container', (), _seqs + _sets + _maps, ('__contains__',))
Collection = _abc('Collection', (Sized, Iterable, Container), _seqs + _sets + _maps + (_h.dict_values,), ('__len__', '__iter__', '__contains__'))
Callable = _abc('Callable', (), (_h.function, _h.builtin_function, type), ('__call__',))
Set = _abc('Set', (Collection,), _sets, (), False)
MutableSet = _abc('MutableSet', (Set,), (set,), (), False)
Mapping = _abc('Mapping', (Collection,), _maps, (), False)
MutableMapping = _abc('MutableMapping', (Mapping,), _maps, (), False)
MappingView = _abc('MappingView', (Sized,), (_h.dict_keys, _h.dict_items, _h.dict_values), (), False)
KeysView = _abc('KeysView', (MappingView, Set), (_h.dict_keys,), (), False)
ItemsView = _abc('ItemsView', (MappingView, Set), (_h.dict_items,), (), False)
ValuesView = _abc('ValuesView', (MappingView, Collection), (_h.dict_values,), (), False)
Sequence = _abc('Sequence', (Reversible, Collection), _seqs, (), False)
MutableSequence = _abc('MutableSequence', (Sequence,), (list, bytearray), (), False)
ByteString = _abc('ByteString', (Sequence,), (bytes, bytearray), (), False)
Buffer = _abc('Buffer', (), (bytes, bytearray), ('__buffer__',))
