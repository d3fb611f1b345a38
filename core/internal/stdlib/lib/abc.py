# abc: abstract methods are enforced for subclasses of ABC, whose
# __init_subclass__ computes __abstractmethods__ and whose __new__ refuses
# abstract classes. The VM does not run a metaclass's __new__ or __call__,
# so a class that only says metaclass=ABCMeta is not checked.
def abstractmethod(funcobj):
    funcobj.__isabstractmethod__ = True
    return funcobj


class abstractclassmethod(classmethod):
    __isabstractmethod__ = True


class abstractstaticmethod(staticmethod):
    __isabstractmethod__ = True


class abstractproperty(property):
    __isabstractmethod__ = True


def _is_abstract(value):
    if getattr(value, '__isabstractmethod__', False) is True:
        return True
    for attr in ('__func__', 'fget', 'fset', 'fdel'):
        inner = getattr(value, attr, None)
        if inner is not None and getattr(inner, '__isabstractmethod__', False) is True:
            return True
    return False


def _compute_abstracts(cls):
    abstracts = set()
    for name, value in cls.__dict__.items():
        if _is_abstract(value):
            abstracts.add(name)
    for base in cls.__bases__:
        for name in getattr(base, '__abstractmethods__', ()):
            value = None
            for klass in cls.__mro__:
                if name in klass.__dict__:
                    value = klass.__dict__[name]
                    break
            if value is None or _is_abstract(value):
                abstracts.add(name)
    cls.__abstractmethods__ = frozenset(abstracts)


# Virtual subclasses registered with ABCMeta.register, by ABC.
_registry = {}


class ABCMeta(type):
    def __new__(mcls, name, bases, ns, **kwargs):
        cls = super().__new__(mcls, name, bases, ns, **kwargs)
        _compute_abstracts(cls)
        return cls

    def register(cls, subclass):
        if not isinstance(subclass, type):
            raise TypeError("Can only register classes")
        if issubclass(subclass, cls):
            return subclass
        if issubclass(cls, subclass):
            raise RuntimeError("Refusing to create an inheritance cycle")
        _registry.setdefault(cls, []).append(subclass)
        return subclass

    def __instancecheck__(cls, instance):
        return cls.__subclasscheck__(type(instance))

    def __subclasscheck__(cls, subclass):
        if type.__subclasscheck__(cls, subclass):
            return True
        hook = getattr(cls, '__subclasshook__', None)
        if hook is not None:
            ok = hook(subclass)
            if ok is not NotImplemented:
                return bool(ok)
        # A class registered with cls or with any subclass of it counts,
        # as do that class's own subclasses.
        for abc, registered in _registry.items():
            if type.__subclasscheck__(cls, abc):
                for r in registered:
                    if issubclass(subclass, r):
                        return True
        return False


class ABC(metaclass=ABCMeta):
    __slots__ = ()
    __abstractmethods__ = frozenset()

    def __init_subclass__(cls, *args, **kwargs):
        _compute_abstracts(cls)

    def __new__(cls, *args, **kwargs):
        abstracts = cls.__abstractmethods__
        if abstracts:
            names = sorted(abstracts)
            s = 's' if len(names) > 1 else ''
            raise TypeError(f"Can't instantiate abstract class {cls.__name__} with abstract method{s} {', '.join(names)}")
        return object.__new__(cls)



def get_cache_token():
    return 0


def update_abstractmethods(cls):
    if hasattr(cls, '__abstractmethods__'):
        _compute_abstracts(cls)
    return cls
