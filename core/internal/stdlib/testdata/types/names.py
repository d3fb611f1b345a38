# The types module's names for the interpreter's own types.
import types
import sys


async def agen():
    yield 1


def gen():
    yield 1


async def coro():
    return 1


a = agen()
print(isinstance(a, types.AsyncGeneratorType), types.AsyncGeneratorType.__name__)
print(isinstance(gen(), types.GeneratorType), isinstance(a, types.GeneratorType))
c = coro()
print(isinstance(c, types.CoroutineType))
c.close()


def outer():
    x = 1

    def inner():
        return x
    return inner


print(isinstance(outer().__closure__[0], types.CellType), types.CellType.__name__)
try:
    1 / 0
except ZeroDivisionError as e:
    tb = e.__traceback__
    print(isinstance(tb, types.TracebackType), types.TracebackType.__name__)
    print(isinstance(tb.tb_frame, types.FrameType), types.FrameType.__name__)
print(isinstance(int | str, types.UnionType))
print(isinstance(len, types.BuiltinFunctionType))
print(isinstance(str.join, types.MethodDescriptorType))
print(isinstance(object.__init__, types.WrapperDescriptorType))
print(isinstance(object().__init__, types.MethodWrapperType))
print(isinstance(types, types.ModuleType), type(None) is types.NoneType)
print(all(isinstance(getattr(types, n), type) for n in [
    'AsyncGeneratorType', 'CellType', 'FrameType', 'TracebackType', 'UnionType',
    'MethodDescriptorType', 'WrapperDescriptorType', 'MethodWrapperType',
    'ClassMethodDescriptorType', 'GetSetDescriptorType', 'MemberDescriptorType']))


class Meta(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        return {'prepared': True}


def body(ns):
    ns['x'] = 5


C = types.new_class('C', (), {'metaclass': Meta}, body)
print(C.__name__, type(C).__name__, C.x, C.prepared)
meta, ns, kw = types.prepare_class('D', (C,), {'flag': 1})
print(meta.__name__, ns, kw)
print(types.resolve_bases((int, str)))


class Entry:
    def __mro_entries__(self, bases):
        return (dict,)


print(types.resolve_bases((Entry(), int)))
E = types.new_class('E', (Entry(),))
print(E.__mro__[1].__name__, E.__orig_bases__[0].__class__.__name__)
